package connect4_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/connect4"
)

func ExampleGame_Play() {
	g := connect4.New()
	for _, col := range []string{"0", "0", "0", "1", "2", "1"} {
		g, _ = g.Play(col)
	}
	b, _ := json.Marshal(g)
	fmt.Println(string(b))
	// Output:
	// {"board":[["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["🟡","  ","  ","  ","  ","  ","  "],["🔴","🔴","  ","  ","  ","  ","  "],["🟡","🔴","🟡","  ","  ","  ","  "]],"state":"🟡"}
}

func ExampleGame_Play_refused() {
	g := connect4.New()
	for i := 0; i < 6; i++ {
		g, _ = g.Play("3")
	}
	same, err := g.Play("3")
	fmt.Println(errors.Is(err, inarow.ErrColumnFull), same.State == g.State)
	// Output: true true
}

func ExampleParseGame() {
	g, err := connect4.ParseGame([]byte(`{"board": [
		["  ","  ","  ","  ","  ","  ","  "],
		["  ","  ","  ","  ","  ","  ","  "],
		["🟡","  ","  ","  ","  ","  ","  "],
		["🟡","  ","  ","  ","  ","  ","  "],
		["🔴","🔴","🔴","  ","  ","  ","  "],
		["🟡","🔴","🟡","🟡","  ","  ","  "]], "state": "🔴"}`))
	if err != nil {
		panic(err)
	}
	g, _ = g.PlayColumn(3)
	fmt.Printf("%s %q\n", g.State, g.Board[4])
	// Output: 🔴 Won ["🔴" "🔴" "🔴" "🔴" "  " "  " "  "]
}

func ExampleReplay() {
	p, err := connect4.Replay(inarow.ConnectFour, "4453")
	g := connect4.FromPosition(p)
	fmt.Printf("%q\n%q\n%s %v\n", g.Board[4], g.Board[5], g.State, err)
	_, err = connect4.Replay(inarow.ConnectFour, "1111111")
	fmt.Println(err)
	// Output:
	// ["  " "  " "  " "🔴" "  " "  " "  "]
	// ["  " "  " "🔴" "🟡" "🟡" "  " "  "]
	// 🟡 <nil>
	// connect4: move string: index 6 ("1"): inarow: column is full
}

func ExampleParseMoves() {
	cols, _ := connect4.ParseMoves("4453")
	fmt.Println(cols, connect4.FormatMoves(cols))
	// Output: [3 3 4 2] 4453
}
