package inarow_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/inarow/inarow"
)

func ExamplePosition_Play() {
	r := inarow.ConnectFour
	p, _ := inarow.NewPosition(r)
	// First drops into d, c, b and a; Second answers on top of d.
	for _, col := range []int{3, 3, 2, 3, 1, 3} {
		m, _ := p.Drop(col)
		p, _ = p.Play(m)
	}
	m, _ := p.Drop(0)
	p, _ = p.Play(m)
	fmt.Print(p)
	o := p.Outcome()
	fmt.Println(o.Status, o.Winner, o.Reason)
	var line []string
	for _, c := range o.Line.Cells(r) {
		line = append(line, r.FormatMove(c))
	}
	fmt.Println(strings.Join(line, " "))
	// The old position is untouched; a refused move says why.
	if _, err := p.Play(m); errors.Is(err, inarow.ErrGameOver) {
		fmt.Println(err)
	}
	// Output:
	// .......
	// .......
	// ...O...
	// ...O...
	// ...O...
	// XXXX...
	// won first line
	// a1 b1 c1 d1
	// inarow: the game is over
}

func ExampleGame() {
	r := inarow.TicTacToe
	g, _ := inarow.NewGame(r)
	for _, s := range []string{"b2", "a1", "c3", "a3"} {
		m, _ := r.ParseMove(s)
		if err := g.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	_ = g.Undo() // take back a3
	text, _ := g.MarshalText()
	fmt.Print(string(text))

	var copy inarow.Game
	if err := copy.UnmarshalText(text); err != nil {
		fmt.Println(err)
	}
	fmt.Print(copy.Position())
	fmt.Println(copy.Position().ToMove(), "to move")
	// Output:
	// rules m=3,n=3,k=3
	// moves b2 a1 c3
	// ..X
	// .X.
	// O..
	// second to move
}

func ExampleParseRules() {
	r, err := inarow.ParseRules("connect4,m=8,n=7")
	fmt.Println(r.Cols, r.Rows, r.K, r.Gravity, err)
	fmt.Println(r)

	_, err = inarow.ParseRules("m=3,n=3,k=4")
	fmt.Println(errors.Is(err, inarow.ErrBadRules))
	// Output:
	// 8 7 4 true <nil>
	// m=8,n=7,k=4,gravity
	// true
}
