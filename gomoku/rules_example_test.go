package gomoku_test

import (
	"errors"
	"fmt"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// Renju: black's double-three is refused with its kind; the point stays
// open to white.
func ExamplePlay() {
	r, _ := gomoku.Renju.Board(15)
	p, _ := inarow.NewPosition(r)
	for _, s := range []string{"f8", "a1", "g8", "a3", "h7", "a5", "h6", "a7"} {
		m, _ := r.ParseMove(s)
		p, _ = gomoku.Play(p, m)
	}
	h8, _ := r.ParseMove("h8")
	_, err := gomoku.Play(p, h8)
	var fe *gomoku.ForbiddenError
	fmt.Println(errors.Is(err, inarow.ErrForbidden), errors.As(err, &fe), fe.Kind)
	fmt.Println(err)
	for _, f := range gomoku.Forbidden(p) {
		fmt.Println(r.FormatMove(f.Move), f.Kind)
	}
	// Output:
	// true true double-three
	// gomoku: h8 is forbidden to black in renju (double-three)
	// h8 double-three
}

// An engine keeps a Board up to date and asks it point by point.
func ExampleBoard_IsForbidden() {
	r, _ := gomoku.Renju.Board(15)
	b := gomoku.NewBoard(r)
	for _, s := range []string{"d8", "e8", "f8", "h8", "i8"} { // d8 e8 f8 . h8 i8
		m, _ := r.ParseMove(s)
		b.Set(m, inarow.First)
	}
	g8, _ := r.ParseMove("g8")
	fmt.Println(b.IsForbidden(g8))
	b.Clear(g8 + 2) // i8
	fmt.Println(b.IsForbidden(g8))
	// Output:
	// overline true
	// not forbidden false
}

func ExampleParseSGF() {
	rec, _ := gomoku.ParseSGF([]byte("(;FF[4]GM[4]RU[1]SZ[15]PB[alpha]PW[beta]RE[B+1]\n;B[hh]C[10ms];W[ig]C[12ms])"))
	r, _ := rec.Rules()
	fmt.Println(rec.Rule, rec.Rule.Gomocup(), r, rec.Black, rec.White, rec.Result, rec.Times)
	for i, m := range rec.Moves {
		if i > 0 {
			fmt.Print("; ")
		}
		fmt.Print(r.FormatMove(m), " ", gomoku.FormatXY(r, m))
	}
	fmt.Println()
	fmt.Print(string(rec.MarshalPSQ()))
	// Output:
	// standard 1 m=15,n=15,k=5,exact alpha beta B+1 [10 12]
	// h8 7,7; i9 8,6
	// Piskvorky 15x15, 11:11, 0
	// 8,8,10
	// 9,7,12
	// alpha
	// beta
	// -1
}
