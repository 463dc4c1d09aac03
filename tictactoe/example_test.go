package tictactoe_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/tictactoe"
)

func ExampleGame_Play() {
	g := tictactoe.New()
	for _, m := range []string{"top-center", "top-left", "middle-center", "bottom-left", "bottom-center"} {
		g, _ = g.Play(m)
	}
	out, _ := json.Marshal(g)
	fmt.Println(string(out))

	// Any move after the end returns the game unchanged.
	same, err := g.Play("top-right")
	fmt.Println(errors.Is(err, inarow.ErrGameOver), same.State)
	// Output:
	// {"board":[["⭕","❌","  "],["  ","❌","  "],["⭕","❌","  "]],"state":"❌ Won"}
	// true ❌ Won
}

func ExampleParseGame() {
	// The document's draw test: ⭕ to move, although ❌-first play could
	// not have reached this board.
	g, err := tictactoe.ParseGame([]byte(`{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","  "]],"state":"⭕"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ = g.Play("bottom-right")
	fmt.Println(g.Board[2], g.State)
	// Output:
	// [❌ ⭕ ⭕] Draw
}

func ExamplePlayboard_Play() {
	b := tictactoe.NewPlayboard()
	for _, cell := range []int{0, 1, 3, 4, 6} {
		b, _ = b.Play(cell)
		fmt.Println(b.Text())
	}
	// Output:
	// O-- / --- / ---
	// OX- / --- / ---
	// OX- / O-- / ---
	// OX- / OX- / ---
	// Winner is Player1!
}

func ExamplePlayboard_InvalidMove() {
	b, _ := tictactoe.NewPlayboard().Play(0)
	if _, err := b.Play(0); errors.Is(err, inarow.ErrOccupied) {
		fmt.Println(b.InvalidMove())
	}
	// Output:
	// Hey! Player2!! Invalid Move!
}

func ExampleParseView() {
	b, _ := tictactoe.ParseView(`["X", "X", "-", "O", "O", "O", "-", "-", "-"]`)
	fmt.Println(b.Format())
	fmt.Println(b.Text())
	// Output:
	// XX- / OOO / ---
	// Winner is Player1!
}
