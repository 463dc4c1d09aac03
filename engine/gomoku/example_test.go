package gomokuengine_test

import (
	"context"
	"fmt"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

func ExampleFindVCF() {
	r, _ := gomoku.Freestyle.Board(15)
	var black, white []inarow.Move
	for _, s := range []string{"c13", "d13", "e13", "g12", "g11", "g10"} {
		m, _ := r.ParseMove(s)
		black = append(black, m)
	}
	for _, s := range []string{"b13", "g7"} {
		m, _ := r.ParseMove(s)
		white = append(white, m)
	}
	p, _ := inarow.Setup(r, black, white, inarow.First)
	line, found, _ := gomokuengine.FindVCF(context.Background(), p, gomokuengine.DefaultVCFLimits)
	fmt.Print(found)
	for _, m := range line {
		fmt.Print(" ", r.FormatMove(m))
	}
	fmt.Println()
	// Output:
	// true g13 f13 g14
}
