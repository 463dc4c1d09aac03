package inarow_test

import (
	"errors"
	"fmt"

	"github.com/inarow/inarow"
)

// The library example of README.md, kept here so that it cannot rot.
func Example_readme() {
	r := inarow.ConnectFour
	p, _ := inarow.NewPosition(r)
	for _, col := range []int{3, 3, 4, 4, 2, 2, 5} {
		m, _ := p.Drop(col)
		p, _ = p.Play(m)
	}
	o := p.Outcome()
	fmt.Println(o.Status, o.Winner, o.Line.Cells(r))
	_, err := p.Play(0)
	fmt.Println(errors.Is(err, inarow.ErrGameOver))
	// Output:
	// won first [37 38 39 40]
	// true
}
