package inarow

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var long = flag.Bool("long", false, "run the long tests: Connect Four perft to ply 12")

// mv reads a move in board notation ("h8") or fails the test.
func mv(t testing.TB, r Rules, s string) Move {
	t.Helper()
	m, err := r.ParseMove(s)
	if err != nil {
		t.Fatalf("%v: %v", r, err)
	}
	return m
}

func mvs(t testing.TB, r Rules, ss ...string) []Move {
	t.Helper()
	ms := make([]Move, len(ss))
	for i, s := range ss {
		ms[i] = mv(t, r, s)
	}
	return ms
}

func newPos(t testing.TB, r Rules) Position {
	t.Helper()
	p, err := NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playAll plays the moves in order from the empty board.
func playAll(t testing.TB, r Rules, moves []Move) Position {
	t.Helper()
	p := newPos(t, r)
	for i, m := range moves {
		var err error
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%v: move %d (%s): %v", r, i+1, r.FormatMove(m), err)
		}
	}
	return p
}

// interleave returns first[0], second[0], first[1], … .
func interleave(first, second []Move) []Move {
	var ms []Move
	for i := 0; i < max(len(first), len(second)); i++ {
		if i < len(first) {
			ms = append(ms, first[i])
		}
		if i < len(second) {
			ms = append(ms, second[i])
		}
	}
	return ms
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		r  Rules
		ok bool
	}{
		{TicTacToe, true},
		{ConnectFour, true},
		{Gomoku, true},
		{Rules{Cols: 1, Rows: 1, K: 1}, true},
		{Rules{Cols: 20, Rows: 20, K: 20, Gravity: true, Win: ExactlyK}, true},
		{Rules{Cols: 1, Rows: 20, K: 20}, true},
		{Rules{Cols: 20, Rows: 1, K: 20}, true},
		{Rules{Cols: 3, Rows: 5, K: 5}, true}, // k above one side is fine
		{Rules{Cols: 0, Rows: 3, K: 1}, false},
		{Rules{Cols: 3, Rows: 0, K: 1}, false},
		{Rules{Cols: -1, Rows: 3, K: 1}, false},
		{Rules{Cols: 21, Rows: 3, K: 3}, false},
		{Rules{Cols: 3, Rows: 21, K: 3}, false},
		{Rules{Cols: 3, Rows: 3, K: 0}, false},
		{Rules{Cols: 3, Rows: 3, K: -3}, false},
		{Rules{Cols: 3, Rows: 3, K: 4}, false},
		{Rules{Cols: 3, Rows: 5, K: 6}, false},
		{Rules{Cols: 3, Rows: 3, K: 3, Win: 200}, false},
		{Rules{}, false},
	} {
		err := tc.r.Validate()
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrBadRules)) {
			t.Errorf("%+v.Validate() = %v, want ok=%v", tc.r, err, tc.ok)
		}
		_, perr := NewPosition(tc.r)
		if (perr == nil) != tc.ok || (perr != nil && !errors.Is(perr, ErrBadRules)) {
			t.Errorf("NewPosition(%+v) = %v, want ok=%v", tc.r, perr, tc.ok)
		}
		if _, gerr := NewGame(tc.r); (gerr == nil) != tc.ok {
			t.Errorf("NewGame(%+v) = %v, want ok=%v", tc.r, gerr, tc.ok)
		}
	}
}

func TestParseRules(t *testing.T) {
	good := []struct {
		in   string
		want Rules
	}{
		{"tictactoe", TicTacToe},
		{"connect4", ConnectFour},
		{"gomoku", Gomoku},
		{"m=3,n=3,k=3", TicTacToe},
		{"m=7,n=6,k=4,gravity", ConnectFour},
		{"k=4,gravity,n=6,m=7", ConnectFour},
		{"  m=7 , n=6 ,k=4, gravity ", ConnectFour},
		{"m=15,n=15,k=5,exact", Rules{Cols: 15, Rows: 15, K: 5, Win: ExactlyK}},
		{"gomoku,exact", Rules{Cols: 15, Rows: 15, K: 5, Win: ExactlyK}},
		{"connect4,m=8,n=7", Rules{Cols: 8, Rows: 7, K: 4, Gravity: true}},
		{"tictactoe,gravity", Rules{Cols: 3, Rows: 3, K: 3, Gravity: true}},
		{"gomoku,m=20,n=20", Rules{Cols: 20, Rows: 20, K: 5}},
		{"m=1,n=1,k=1", Rules{Cols: 1, Rows: 1, K: 1}},
		{"m=20,n=20,k=20,gravity,exact", Rules{Cols: 20, Rows: 20, K: 20, Gravity: true, Win: ExactlyK}},
		{"m=+3,n=03,k=3", TicTacToe},
	}
	for _, tc := range good {
		got, err := ParseRules(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseRules(%q) = %+v, %v, want %+v", tc.in, got, err, tc.want)
			continue
		}
		back, err := ParseRules(got.String())
		if err != nil || back != got {
			t.Errorf("ParseRules(%q) = %+v, %v: String does not round-trip", got.String(), back, err)
		}
	}
	for _, in := range []string{
		"", " ", ",", "m=3,n=3", "m=3,n=3,k=3,", "m=3,,n=3,k=3", "m=3,n=3,k=3,m=4",
		"m=3,n=3,k=3,gravity,gravity", "gomoku,exact,exact", "tictactoe,tictactoe",
		"m=x,n=3,k=3", "m=3,n=3,k=", "m=3,n=3,k=3.0", "m=99999999999999999999,n=3,k=3",
		"m=3,n=3,k=3,gravity=1", "m=3,n=3,k=3,exact=yes", "m=3,tictactoe", "connect", "Connect4",
		"M=3,n=3,k=3", "m=21,n=3,k=3", "m=0,n=3,k=1", "m=3,n=3,k=4", "m=3,n=3,k=0", "m=3,n=3,k=-1",
		"m=3;n=3;k=3", "m=3 n=3 k=3", "gravity", "connect4,k=8",
	} {
		if r, err := ParseRules(in); !errors.Is(err, ErrBadRules) {
			t.Errorf("ParseRules(%q) = %+v, %v, want ErrBadRules", in, r, err)
		}
	}
}

func TestRulesString(t *testing.T) {
	for _, tc := range []struct {
		r    Rules
		want string
	}{
		{TicTacToe, "m=3,n=3,k=3"},
		{ConnectFour, "m=7,n=6,k=4,gravity"},
		{Rules{Cols: 15, Rows: 15, K: 5, Win: ExactlyK}, "m=15,n=15,k=5,exact"},
		{Rules{Cols: 2, Rows: 9, K: 9, Gravity: true, Win: ExactlyK}, "m=2,n=9,k=9,gravity,exact"},
	} {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestNotation(t *testing.T) {
	g20 := Rules{Cols: 20, Rows: 20, K: 5}
	for _, tc := range []struct {
		r    Rules
		s    string
		x, y int
	}{
		{Gomoku, "h8", 7, 7},
		{Gomoku, "a15", 0, 0},
		{Gomoku, "o1", 14, 14},
		{ConnectFour, "a1", 0, 5},
		{ConnectFour, "g6", 6, 0},
		{TicTacToe, "b2", 1, 1},
		{g20, "t20", 19, 0},
		{g20, "a1", 0, 19},
		{g20, "j10", 9, 10},
	} {
		m := tc.r.MoveAt(tc.x, tc.y)
		if got := tc.r.FormatMove(m); got != tc.s {
			t.Errorf("%v: FormatMove(%d) = %q, want %q", tc.r, m, got, tc.s)
		}
		for _, s := range []string{tc.s, strings.ToUpper(tc.s)} {
			if got, err := tc.r.ParseMove(s); err != nil || got != m {
				t.Errorf("%v: ParseMove(%q) = %d, %v, want %d", tc.r, s, got, err, m)
			}
		}
		if x, y := tc.r.XY(m); x != tc.x || y != tc.y || !tc.r.OnBoard(m) {
			t.Errorf("%v: XY(%d) = %d,%d, want %d,%d", tc.r, m, x, y, tc.x, tc.y)
		}
	}
	for _, tc := range []struct {
		r    Rules
		s    string
		want error
	}{
		{Gomoku, "", ErrBadMove},
		{Gomoku, "h", ErrBadMove},
		{Gomoku, "h123", ErrBadMove},
		{Gomoku, "8h", ErrBadMove},
		{Gomoku, "h0", ErrBadMove},
		{Gomoku, "h08", ErrBadMove},
		{Gomoku, "h-1", ErrBadMove},
		{Gomoku, "h+8", ErrBadMove},
		{Gomoku, "hh", ErrBadMove},
		{Gomoku, "ah8", ErrBadMove},
		{Gomoku, "@1", ErrBadMove},
		{Gomoku, "[1", ErrBadMove},
		{Gomoku, "\xc3\xa91", ErrBadMove},
		{Gomoku, "h 8", ErrBadMove},
		{Gomoku, "p1", ErrOffBoard},
		{Gomoku, "a16", ErrOffBoard},
		{Gomoku, "z9", ErrOffBoard},
		{TicTacToe, "d1", ErrOffBoard},
		{TicTacToe, "a4", ErrOffBoard},
	} {
		if m, err := tc.r.ParseMove(tc.s); !errors.Is(err, tc.want) {
			t.Errorf("%v: ParseMove(%q) = %d, %v, want %v", tc.r, tc.s, m, err, tc.want)
		}
	}
	for _, m := range []Move{NoMove, -5, 9, 100} {
		if got, want := TicTacToe.FormatMove(m), fmt.Sprintf("?%d", m); got != want || TicTacToe.OnBoard(m) {
			t.Errorf("FormatMove(%d) = %q, want %q", m, got, want)
		}
	}
}

// lineCase plays first[0], second[0], first[1], … and expects the result
// of the last move.
type lineCase struct {
	name          string
	r             Rules
	first, second []string
	line          []string // the winning line, any order; nil: no win
	winner        Player   // who wins, when line is not nil
	draw          bool
}

func (tc lineCase) run(t *testing.T) {
	r := tc.r
	first, second := mvs(t, r, tc.first...), mvs(t, r, tc.second...)
	p := playAll(t, r, interleave(first, second))
	var want []Move
	if tc.line != nil {
		want = mvs(t, r, tc.line...)
		slices.Sort(want)
	}
	check := func(how string, p Position, through Move) {
		t.Helper()
		o := p.Outcome()
		switch {
		case tc.line != nil:
			if o.Status != Won || o.Winner != tc.winner || o.Reason != ReasonLine || !p.Over() {
				t.Fatalf("%s: outcome %+v, want a win for %v\n%s", how, o, tc.winner, p)
			}
			got := o.Line.Cells(r)
			if !slices.Equal(got, want) || o.Line.Len != len(want) || got[0] != o.Line.From || got[len(got)-1] != o.Line.To {
				t.Fatalf("%s: line %+v = %v, want %v", how, o.Line, got, want)
			}
			if through != NoMove && !slices.Contains(got, through) {
				t.Fatalf("%s: line %v misses the last move %d", how, got, through)
			}
			if n := len(p.AppendLegal(nil)); n != 0 || p.LegalCount() != 0 {
				t.Fatalf("%s: %d legal moves after the end", how, n)
			}
		case tc.draw:
			if o != (Outcome{Status: Drawn, Winner: NoPlayer, Reason: ReasonFull}) || !p.Over() {
				t.Fatalf("%s: outcome %+v, want a draw", how, o)
			}
		default:
			if o != (Outcome{Winner: NoPlayer}) || p.Over() {
				t.Fatalf("%s: outcome %+v, want the game to go on\n%s", how, o, p)
			}
		}
	}
	check("play", p, p.LastMove())
	// Setup must find the same from the stones alone.
	s, err := Setup(r, first, second, p.ToMove())
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	check("setup", s, NoMove)
	if s.Key() != p.Key() || s.String() != p.String() || s.Ply() != p.Ply() || s.LastMove() != NoMove {
		t.Fatalf("Setup gives\n%s, play gives\n%s", s, p)
	}
}

func TestLines(t *testing.T) {
	r44 := Rules{Cols: 4, Rows: 4, K: 3}
	g20 := Rules{Cols: 20, Rows: 20, K: 5}
	exact := Rules{Cols: 15, Rows: 15, K: 5, Win: ExactlyK}
	free := Rules{Cols: 15, Rows: 15, K: 5}
	far := []string{"a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "b3", "d3", "f3", "h3"}
	cases := []lineCase{
		// The four directions along every edge of a 4×4 board.
		{name: "top row at the right edge", r: r44, first: []string{"b4", "d4", "c4"}, second: []string{"a1", "b1"}, line: []string{"b4", "c4", "d4"}},
		{name: "bottom row at the left edge", r: r44, first: []string{"b1", "a1", "c1"}, second: []string{"a4", "b4"}, line: []string{"a1", "b1", "c1"}},
		{name: "left column from the top", r: r44, first: []string{"a4", "a2", "a3"}, second: []string{"d1", "d2"}, line: []string{"a4", "a3", "a2"}},
		{name: "right column to the bottom", r: r44, first: []string{"d3", "d1", "d2"}, second: []string{"a1", "a2"}, line: []string{"d3", "d2", "d1"}},
		{name: "down-right from the top-left corner", r: r44, first: []string{"a4", "c2", "b3"}, second: []string{"d4", "d3"}, line: []string{"a4", "b3", "c2"}},
		{name: "down-right to the bottom-right corner", r: r44, first: []string{"b3", "c2", "d1"}, second: []string{"a4", "a3"}, line: []string{"b3", "c2", "d1"}},
		{name: "down-left from the top-right corner", r: r44, first: []string{"d4", "b2", "c3"}, second: []string{"a4", "a3"}, line: []string{"d4", "c3", "b2"}},
		{name: "down-left to the bottom-left corner", r: r44, first: []string{"c3", "b2", "a1"}, second: []string{"d4", "d3"}, line: []string{"c3", "b2", "a1"}},
		{name: "second player wins", r: r44, first: []string{"a1", "c1", "b4"}, second: []string{"d4", "d2", "d3"}, winner: Second, line: []string{"d4", "d3", "d2"}},
		// Runs that only a board without padding would see: cell numbers
		// that step by 1, Cols+1 or Cols-1 across the edge.
		{name: "no wrap: row end to next row start", r: r44, first: []string{"c4", "d4", "a3"}, second: []string{"a1", "b1"}},
		{name: "no wrap: next row start to row end", r: r44, first: []string{"a3", "c4", "d4"}, second: []string{"a1", "b1"}},
		{name: "no wrap: down-right off the right edge", r: r44, first: []string{"d4", "a2", "b1"}, second: []string{"c3", "a4"}},
		{name: "no wrap: down-left off the left edge", r: r44, first: []string{"b4", "a3", "d3"}, second: []string{"c1", "d1"}},
		{name: "no wrap: down-left across two rows", r: r44, first: []string{"a3", "d3", "c2"}, second: []string{"a1", "b1"}},
		// Boards of more than one word.
		{name: "20x20 row across words 0 and 1", r: g20, first: []string{"a17", "b17", "c17", "e17", "d17"}, second: far[:4], line: []string{"a17", "b17", "c17", "d17", "e17"}},
		{name: "20x20 column across words", r: g20, first: []string{"f19", "f18", "f17", "f15", "f16"}, second: far[:4], line: []string{"f19", "f18", "f17", "f16", "f15"}},
		{name: "20x20 down-left into the last word", r: g20, first: []string{"t5", "s4", "q2", "p1", "r3"}, second: far[:4], line: []string{"t5", "s4", "r3", "q2", "p1"}},
		{name: "20x20 down-right to the last cell", r: g20, first: []string{"p5", "q4", "r3", "s2", "t1"}, second: far[:4], line: []string{"p5", "q4", "r3", "s2", "t1"}},
		{name: "20x20 no wrap across a word boundary", r: g20, first: []string{"r18", "s18", "t18", "a17", "b17"}, second: far[:4]},
		{name: "20x20 no wrap down-left", r: g20, first: []string{"c20", "b19", "a18", "t18", "s17"}, second: far[:4]},
		{name: "7x8 fills 64 bits: bottom row", r: Rules{Cols: 7, Rows: 8, K: 4}, first: []string{"d1", "e1", "g1", "f1"}, second: []string{"a8", "b8", "c8"}, line: []string{"d1", "e1", "f1", "g1"}},
		{name: "7x8 fills 64 bits: diagonal to the last cell", r: Rules{Cols: 7, Rows: 8, K: 4}, first: []string{"d4", "e3", "f2", "g1"}, second: []string{"a8", "b8", "c8"}, line: []string{"d4", "e3", "f2", "g1"}},
		{name: "7x9 column across words", r: Rules{Cols: 7, Rows: 9, K: 4, Gravity: true}, first: []string{"g1", "g2", "g3", "g4"}, second: []string{"a1", "b1", "c1"}, line: []string{"g1", "g2", "g3", "g4"}},
		// K = 1 and K = the board size.
		{name: "k=1", r: Rules{Cols: 3, Rows: 3, K: 1}, first: []string{"b2"}, line: []string{"b2"}},
		{name: "k=1 exact", r: Rules{Cols: 3, Rows: 3, K: 1, Win: ExactlyK}, first: []string{"c1"}, line: []string{"c1"}},
		{name: "k=1 on 1x1 wins rather than draws", r: Rules{Cols: 1, Rows: 1, K: 1, Gravity: true}, first: []string{"a1"}, line: []string{"a1"}},
		{name: "k=3 exact: four across, three down", r: Rules{Cols: 5, Rows: 5, K: 3, Win: ExactlyK}, first: []string{"a3", "b3", "d3", "c5", "c4", "c3"}, second: []string{"a1", "c1", "e1", "a5", "e5"}, line: []string{"c5", "c4", "c3"}},
		{name: "k=board size", r: Rules{Cols: 5, Rows: 5, K: 5, Gravity: true}, first: []string{"a1", "b1", "c1", "d1", "e1"}, second: []string{"a2", "b2", "c2", "d2"}, line: []string{"a1", "b1", "c1", "d1", "e1"}},
		{name: "k=rows on a tall board", r: Rules{Cols: 3, Rows: 6, K: 6, Win: ExactlyK}, first: []string{"a1", "a2", "a3", "a4", "a5", "a6"}, second: []string{"b1", "b2", "b3", "b4", "b5"}, line: []string{"a1", "a2", "a3", "a4", "a5", "a6"}},
		{name: "k=rows not yet", r: Rules{Cols: 3, Rows: 6, K: 6}, first: []string{"a1", "a2", "a3", "a4", "a5"}, second: []string{"b1", "b2", "b3", "b4", "b5"}},
		// 1×N and N×1 boards.
		{name: "1x7 column", r: Rules{Cols: 1, Rows: 7, K: 3}, first: []string{"a1", "a3", "a2"}, second: []string{"a7", "a6"}, line: []string{"a1", "a2", "a3"}},
		{name: "7x1 row with gravity", r: Rules{Cols: 7, Rows: 1, K: 3, Gravity: true}, first: []string{"a1", "c1", "b1"}, second: []string{"g1", "f1"}, line: []string{"a1", "b1", "c1"}},
		{name: "1x6 gravity draw", r: Rules{Cols: 1, Rows: 6, K: 2, Gravity: true}, first: []string{"a1", "a3", "a5"}, second: []string{"a2", "a4", "a6"}, draw: true},
		{name: "6x1 draw", r: Rules{Cols: 6, Rows: 1, K: 2}, first: []string{"a1", "c1", "e1"}, second: []string{"b1", "d1", "f1"}, draw: true},
		// Overlines.
		{name: "freestyle overline of 7 wins whole", r: free, first: []string{"a8", "b8", "c8", "e8", "f8", "g8", "d8"}, second: far[:6], line: []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8"}},
		{name: "exact: overline of 7 does not win", r: exact, first: []string{"a8", "b8", "c8", "e8", "f8", "g8", "d8"}, second: far[:6]},
		{name: "exact: six does not win", r: exact, first: []string{"a8", "b8", "c8", "e8", "f8", "d8"}, second: far[:5]},
		{name: "exact: five wins", r: exact, first: []string{"a8", "b8", "c8", "e8", "d8"}, second: far[:4], line: []string{"a8", "b8", "c8", "d8", "e8"}},
		{name: "exact: five down beats seven across", r: exact, first: []string{"a8", "b8", "c8", "e8", "f8", "g8", "d12", "d11", "d10", "d9", "d8"}, second: far[:10], line: []string{"d12", "d11", "d10", "d9", "d8"}},
		{name: "exact: five up-right beats six down", r: exact, first: []string{"h14", "h13", "h12", "h10", "h9", "d7", "e8", "f9", "g10", "h11"}, second: far[:9], line: []string{"d7", "e8", "f9", "g10", "h11"}},
		// Full boards.
		{name: "tic-tac-toe draw", r: TicTacToe, first: []string{"a3", "c1", "b1", "c3", "a2"}, second: []string{"b2", "b3", "a1", "c2"}, draw: true},
		{name: "tic-tac-toe won on the last cell", r: TicTacToe, first: []string{"a3", "c2", "a1", "c1", "b1"}, second: []string{"b3", "c3", "a2", "b2"}, line: []string{"a1", "b1", "c1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, tc.run)
	}
}

func TestSetup(t *testing.T) {
	ttt, c4 := TicTacToe, ConnectFour
	bad := []struct {
		name          string
		r             Rules
		first, second []Move
		toMove        Player
		want          error
	}{
		{"bad rules", Rules{Cols: 3, Rows: 3, K: 4}, nil, nil, First, ErrBadRules},
		{"floating stone", c4, mvs(t, c4, "a2"), nil, First, ErrBadSetup},
		{"floating above a gap", c4, mvs(t, c4, "a1", "a3"), mvs(t, c4, "b1"), Second, ErrBadSetup},
		{"floating second stone", c4, mvs(t, c4, "d1"), mvs(t, c4, "e2"), First, ErrBadSetup},
		{"both players win", ttt, mvs(t, ttt, "a1", "a2", "a3"), mvs(t, ttt, "c1", "c2", "c3"), First, ErrBadSetup},
		{"both players win, exact", Rules{Cols: 5, Rows: 2, K: 2, Win: ExactlyK}, mvs(t, Rules{Cols: 5, Rows: 2, K: 2}, "a1", "b1"), mvs(t, Rules{Cols: 5, Rows: 2, K: 2}, "d2", "e2"), First, ErrBadSetup},
		{"same cell twice", ttt, mvs(t, ttt, "b2", "b2"), nil, Second, ErrBadSetup},
		{"same cell for both", ttt, mvs(t, ttt, "b2"), mvs(t, ttt, "b2"), First, ErrBadSetup},
		{"off the board", ttt, []Move{9}, nil, Second, ErrBadSetup},
		{"negative cell", ttt, nil, []Move{NoMove}, First, ErrBadSetup},
		{"nobody to move", ttt, nil, nil, NoPlayer, ErrBadSetup},
		{"no such player to move", ttt, nil, nil, Player(7), ErrBadSetup},
	}
	for _, tc := range bad {
		if p, err := Setup(tc.r, tc.first, tc.second, tc.toMove); !errors.Is(err, tc.want) || p != (Position{}) {
			t.Errorf("%s: Setup = %v, want %v and the zero position", tc.name, err, tc.want)
		}
	}

	// A gravity position set up from stones plays on like the real thing.
	p, err := Setup(c4, mvs(t, c4, "d1", "d3", "c1"), mvs(t, c4, "d2", "e1"), Second)
	if err != nil {
		t.Fatal(err)
	}
	want := playAll(t, c4, mvs(t, c4, "d1", "d2", "d3", "e1", "c1"))
	if p.Key() != want.Key() || p.ToMove() != Second || p.Ply() != 5 || p.LastMove() != NoMove || p.Over() {
		t.Fatalf("Setup gives\n%v(to move %v, ply %d), want\n%v", p, p.ToMove(), p.Ply(), want)
	}
	if !slices.Equal(p.AppendLegal(nil), want.AppendLegal(nil)) {
		t.Errorf("legal moves %v, want %v", p.AppendLegal(nil), want.AppendLegal(nil))
	}
	for x := range c4.Cols {
		pm, perr := p.Drop(x)
		wm, werr := want.Drop(x)
		if pm != wm || perr != werr || p.Height(x) != want.Height(x) {
			t.Errorf("column %d: Drop %d %v Height %d, want %d %v %d", x, pm, perr, p.Height(x), wm, werr, want.Height(x))
		}
	}
	if q, err := p.Play(mv(t, c4, "d4")); err != nil || q.At(mv(t, c4, "d4")) != Second {
		t.Errorf("Play(d4) = %v", err)
	}

	// A won position: nothing more to play.
	won, err := Setup(ttt, mvs(t, ttt, "a1", "b2", "c3"), mvs(t, ttt, "a2", "a3"), Second)
	if err != nil {
		t.Fatal(err)
	}
	o := won.Outcome()
	if o.Status != Won || o.Winner != First || o.Reason != ReasonLine || !slices.Equal(o.Line.Cells(ttt), mvs(t, ttt, "c3", "b2", "a1")) {
		t.Errorf("outcome %+v, want First's c3-a1", o)
	}
	if won.LegalCount() != 0 || len(won.AppendLegal(nil)) != 0 || won.Legal(mv(t, ttt, "c1")) {
		t.Errorf("a won position has legal moves")
	}
	if q, err := won.Play(mv(t, ttt, "c1")); !errors.Is(err, ErrGameOver) || q != won {
		t.Errorf("Play after the end = %v", err)
	}

	// A full board: a draw, or a win if there is a line.
	drawn, err := Setup(ttt, mvs(t, ttt, "a3", "c1", "b1", "c3", "a2"), mvs(t, ttt, "b2", "b3", "a1", "c2"), Second)
	if err != nil || drawn.Outcome() != (Outcome{Status: Drawn, Winner: NoPlayer, Reason: ReasonFull}) {
		t.Errorf("full board: %+v, %v, want a draw", drawn.Outcome(), err)
	}
	full, err := Setup(ttt, mvs(t, ttt, "a3", "c2", "a1", "c1", "b1"), mvs(t, ttt, "b3", "c3", "a2", "b2"), Second)
	if err != nil || full.Outcome().Winner != First {
		t.Errorf("full board with a line: %+v, %v, want a win", full.Outcome(), err)
	}

	// The empty board set up is the new position.
	for _, r := range []Rules{ttt, c4, Gomoku, {Cols: 20, Rows: 20, K: 5}} {
		if p, err := Setup(r, nil, nil, First); err != nil || p != newPos(t, r) {
			t.Errorf("%v: empty Setup = %v, want NewPosition", r, err)
		}
	}
}

func TestPlayRefused(t *testing.T) {
	c4 := ConnectFour
	p := playAll(t, c4, mvs(t, c4, "a1", "a2", "a3", "a4", "a5", "a6"))
	for _, tc := range []struct {
		m    Move
		want error
	}{
		{mv(t, c4, "a6"), ErrOccupied},
		{mv(t, c4, "a1"), ErrOccupied},
		{mv(t, c4, "b2"), ErrFloating},
		{mv(t, c4, "g6"), ErrFloating},
		{NoMove, ErrOffBoard},
		{Move(c4.Cells()), ErrOffBoard},
		{32767, ErrOffBoard},
		{-32768, ErrOffBoard},
	} {
		q, err := p.Play(tc.m)
		if !errors.Is(err, tc.want) || q != p || p.Legal(tc.m) {
			t.Errorf("Play(%d) = %v, want %v with the position unchanged", tc.m, err, tc.want)
		}
	}
	if m, err := p.Drop(0); !errors.Is(err, ErrColumnFull) || m != NoMove {
		t.Errorf("Drop on a full column = %d, %v", m, err)
	}
	for _, col := range []int{-1, 7, 100} {
		if m, err := p.Drop(col); !errors.Is(err, ErrOffBoard) || m != NoMove {
			t.Errorf("Drop(%d) = %d, %v", col, m, err)
		}
	}
	if m, err := p.Drop(3); err != nil || m != mv(t, c4, "d1") || p.Height(0) != 6 || p.Height(3) != 0 {
		t.Errorf("Drop(3) = %d, %v", m, err)
	}
	for _, col := range []int{-1, 7, 20, 1000} {
		if h := p.Height(col); h != 0 {
			t.Errorf("Height(%d) = %d", col, h)
		}
	}
	// Without gravity any empty cell goes; Drop finds the lowest.
	ttt := playAll(t, TicTacToe, mvs(t, TicTacToe, "a1", "a3", "b2"))
	for col, want := range []string{"a2", "b1", "c1"} {
		if m, err := ttt.Drop(col); err != nil || m != mv(t, TicTacToe, want) || ttt.Height(col) != []int{2, 1, 0}[col] {
			t.Errorf("tic-tac-toe Drop(%d) = %s, %v; Height %d", col, TicTacToe.FormatMove(m), err, ttt.Height(col))
		}
	}
	g := playAll(t, Gomoku, mvs(t, Gomoku, "h8"))
	if _, err := g.Play(mv(t, Gomoku, "a15")); err != nil {
		t.Errorf("Play(a15) = %v", err)
	}
	if _, err := g.Play(mv(t, Gomoku, "h8")); !errors.Is(err, ErrOccupied) {
		t.Errorf("Play(h8) again = %v", err)
	}
}

func TestPositionBasics(t *testing.T) {
	c4 := ConnectFour
	p0 := newPos(t, c4)
	if p0.Rules() != c4 || p0.ToMove() != First || p0.Ply() != 0 || p0.LastMove() != NoMove || p0.Over() ||
		p0.Outcome() != (Outcome{Winner: NoPlayer}) || p0.LegalCount() != 7 {
		t.Fatalf("new position: %+v", p0)
	}
	p := playAll(t, c4, mvs(t, c4, "d1", "e1", "c1"))
	if p.At(mv(t, c4, "d1")) != First || p.At(mv(t, c4, "e1")) != Second || p.At(mv(t, c4, "d2")) != NoPlayer ||
		p.At(NoMove) != NoPlayer || p.At(42) != NoPlayer || p.At(-300) != NoPlayer {
		t.Errorf("At is wrong:\n%v", p)
	}
	if p.ToMove() != Second || p.Ply() != 3 || p.LastMove() != mv(t, c4, "c1") {
		t.Errorf("to move %v ply %d last %d", p.ToMove(), p.Ply(), p.LastMove())
	}
	const board = ".......\n.......\n.......\n.......\n.......\n..XXO..\n"
	if p.String() != board {
		t.Errorf("String() =\n%s want\n%s", p, board)
	}
	// Transpositions share a key; the key tells boards apart.
	q := playAll(t, c4, mvs(t, c4, "c1", "e1", "d1"))
	if _, err := q.Play(0); err == nil {
		t.Fatal("a6 is floating")
	}
	if p.Key() != q.Key() || p == q {
		t.Errorf("transposed positions: keys differ or positions equal")
	}
	if p.Key() == p0.Key() {
		t.Errorf("keys of different boards are equal")
	}
	f, s, ok := p.Key64()
	if !ok || f != p.Key().First[0] || s != p.Key().Second[0] {
		t.Errorf("Key64 = %x %x %v", f, s, ok)
	}
	if _, _, ok := newPos(t, Gomoku).Key64(); ok {
		t.Errorf("Key64 of a 15x15 board says it fits 64 bits")
	}
	if _, _, ok := newPos(t, Rules{Cols: 7, Rows: 8, K: 4}).Key64(); !ok {
		t.Errorf("Key64 of a 7x8 board (exactly 64 bits) says it does not fit")
	}
	if First.Other() != Second || Second.Other() != First || First.String() != "first" || Second.String() != "second" || NoPlayer.String() != "none" {
		t.Errorf("Player methods")
	}
	if Ongoing.String() != "ongoing" || Won.String() != "won" || Drawn.String() != "drawn" ||
		ReasonNone.String() != "none" || ReasonLine.String() != "line" || ReasonFull.String() != "board full" {
		t.Errorf("Status/Reason String")
	}
	if (Line{}).Cells(c4) != nil {
		t.Errorf("empty line has cells")
	}
}

// TestXY checks the reciprocal that replaces the division by the number
// of columns, for every board width and every cell.
func TestXY(t *testing.T) {
	for cols := 1; cols <= MaxSize; cols++ {
		g := Rules{Cols: cols, Rows: MaxSize, K: 1}.geom()
		for m := Move(0); int(m) < cols*MaxSize; m++ {
			if x, y := g.xy(m); x != int(m)%cols || y != int(m)/cols {
				t.Fatalf("cols=%d: xy(%d) = %d,%d", cols, m, x, y)
			}
		}
	}
}

func TestGame(t *testing.T) {
	c4 := ConnectFour
	g, err := NewGame(c4)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); !errors.Is(err, ErrNoMoves) {
		t.Errorf("Undo at the start = %v", err)
	}
	moves := mvs(t, c4, "d1", "d2", "c1", "e1", "b1", "a1", "e2", "c2", "e3")
	var want []Position
	want = append(want, g.Position())
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		next, _ := want[len(want)-1].Play(m)
		want = append(want, next)
		if g.Position() != next {
			t.Fatalf("after %s: game and position differ", c4.FormatMove(m))
		}
	}
	// A refused move changes nothing.
	before, beforeMoves := g.Position(), g.Moves()
	if err := g.Play(mv(t, c4, "g3")); !errors.Is(err, ErrFloating) || g.Position() != before || !slices.Equal(g.Moves(), beforeMoves) {
		t.Errorf("refused move: %v", err)
	}
	// Moves is a copy.
	ms := g.Moves()
	ms[0] = 99
	if g.Moves()[0] != moves[0] || !slices.Equal(g.Moves(), moves) {
		t.Errorf("Moves() = %v, want %v", g.Moves(), moves)
	}
	if g.Start() != want[0] {
		t.Errorf("Start is not the empty board")
	}

	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	const record = "rules m=7,n=6,k=4,gravity\nmoves d1 d2 c1 e1 b1 a1 e2 c2 e3\n"
	if string(text) != record {
		t.Errorf("MarshalText =\n%s want\n%s", text, record)
	}
	var back Game
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if back.Start() != g.Start() || back.Position() != g.Position() || !slices.Equal(back.Moves(), g.Moves()) {
		t.Errorf("round trip differs")
	}

	// Undo walks back through the same positions, then stops.
	for i := len(moves); i > 0; i-- {
		if g.Position() != want[i] {
			t.Fatalf("before undo %d: wrong position", i)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Position() != want[0] || len(g.Moves()) != 0 {
		t.Errorf("after undoing everything: not the start")
	}
	if err := g.Undo(); !errors.Is(err, ErrNoMoves) {
		t.Errorf("Undo past the start = %v", err)
	}
	// Play again after undo: the history is rewritten.
	if err := g.Play(mv(t, c4, "a1")); err != nil || !slices.Equal(g.Moves(), mvs(t, c4, "a1")) {
		t.Errorf("play after undo: %v %v", err, g.Moves())
	}

	// Play until First wins, then nothing goes.
	w, _ := NewGame(c4)
	for _, m := range mvs(t, c4, "a1", "b1", "a2", "b2", "a3", "b3", "a4") {
		if err := w.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if o := w.Position().Outcome(); o.Winner != First {
		t.Fatalf("outcome %+v", o)
	}
	if err := w.Play(mv(t, c4, "c1")); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after the win = %v", err)
	}
	text, _ = w.MarshalText()
	if err := back.UnmarshalText(text); err != nil || back.Position() != w.Position() {
		t.Errorf("won game round trip: %v", err)
	}
}

func TestGameSetupStart(t *testing.T) {
	ttt := TicTacToe
	for _, tc := range []struct {
		name          string
		first, second []string
		toMove        Player
		moves         []string
		record        string
	}{
		{"stones", []string{"b2"}, []string{"a1"}, First, []string{"c3", "a3"},
			"rules m=3,n=3,k=3\nfirst b2\nsecond a1\nto-move first\nmoves c3 a3\n"},
		{"second to move on the empty board", nil, nil, Second, []string{"b2"},
			"rules m=3,n=3,k=3\nfirst\nsecond\nto-move second\nmoves b2\n"},
		{"uneven stones", []string{"a1", "c1", "b3"}, nil, Second, nil,
			"rules m=3,n=3,k=3\nfirst b3 a1 c1\nsecond\nto-move second\nmoves\n"},
		{"already won", []string{"a1", "b2", "c3"}, []string{"a2", "a3"}, Second, nil,
			"rules m=3,n=3,k=3\nfirst c3 b2 a1\nsecond a3 a2\nto-move second\nmoves\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, err := Setup(ttt, mvs(t, ttt, tc.first...), mvs(t, ttt, tc.second...), tc.toMove)
			if err != nil {
				t.Fatal(err)
			}
			g := GameFrom(start)
			for _, m := range mvs(t, ttt, tc.moves...) {
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			text, err := g.MarshalText()
			if err != nil || string(text) != tc.record {
				t.Fatalf("MarshalText =\n%s%v, want\n%s", text, err, tc.record)
			}
			var back Game
			if err := back.UnmarshalText(text); err != nil {
				t.Fatal(err)
			}
			if back.Start() != g.Start() || back.Position() != g.Position() || !slices.Equal(back.Moves(), g.Moves()) {
				t.Fatalf("round trip differs:\n%v\n%v", back.Position(), g.Position())
			}
			again, _ := back.MarshalText()
			if string(again) != tc.record {
				t.Fatalf("second MarshalText =\n%s", again)
			}
		})
	}
}

func TestUnmarshalText(t *testing.T) {
	good := []struct {
		in    string
		rules Rules
		moves string
	}{
		{"rules connect4\nmoves d1 D2\n", ConnectFour, "d1 d2"},
		{"\n  rules   m=3,n=3,k=3  \n\n  moves   b2  a1 \n\n", TicTacToe, "b2 a1"},
		{"rules gomoku", Gomoku, ""},
		{"rules gomoku\nmoves", Gomoku, ""},
		{"rules m=3,n=3,k=3\r\nmoves b2\r\n", TicTacToe, "b2"},
		{"rules m=3,n=3,k=3\nfirst a1\nfirst b1\nsecond c3\nmoves", TicTacToe, ""},
	}
	for _, tc := range good {
		var g Game
		if err := g.UnmarshalText([]byte(tc.in)); err != nil {
			t.Errorf("UnmarshalText(%q) = %v", tc.in, err)
			continue
		}
		var got []string
		for _, m := range g.Moves() {
			got = append(got, tc.rules.FormatMove(m))
		}
		if g.Position().Rules() != tc.rules || strings.Join(got, " ") != tc.moves {
			t.Errorf("UnmarshalText(%q): %v %v", tc.in, g.Position().Rules(), got)
		}
	}

	orig, _ := NewGame(TicTacToe)
	_ = orig.Play(4)
	for _, tc := range []struct {
		in   string
		want error // nil: any error
	}{
		{"", nil},
		{"\n\n", nil},
		{"moves a1\n", nil},
		{"first a1\nrules m=3,n=3,k=3\n", nil},
		{"rules bogus\n", ErrBadRules},
		{"rules m=3,n=3,k=4\n", ErrBadRules},
		{"rules\n", nil},
		{"rules m=3,n=3,k=3 extra\n", nil},
		{"rules m=3,n=3,k=3\nrules m=3,n=3,k=3\n", nil},
		{"rules m=3,n=3,k=3\nmoves a1 a1\n", ErrOccupied},
		{"rules m=3,n=3,k=3\nmoves z9\n", ErrOffBoard},
		{"rules m=3,n=3,k=3\nmoves a0\n", ErrBadMove},
		{"rules m=7,n=6,k=4,gravity\nmoves a2\n", ErrFloating},
		{"rules m=3,n=3,k=3\nmoves a1 b1 a2 b2 a3 b3\n", ErrGameOver},
		{"rules m=3,n=3,k=3\nmoves a1\nmoves b1\n", nil},
		{"rules m=3,n=3,k=3\nmoves a1\nfirst b2\n", nil},
		{"rules m=3,n=3,k=3\nmoves a1\nto-move second\n", nil},
		{"rules m=3,n=3,k=3\nfirst a1\nsecond a1\n", ErrBadSetup},
		{"rules m=3,n=3,k=3\nfirst x1\n", ErrOffBoard},
		{"rules m=3,n=3,k=3\nfirst a1 a2 a3\nsecond c1 c2 c3\n", ErrBadSetup},
		{"rules m=7,n=6,k=4,gravity\nfirst a2\n", ErrBadSetup},
		{"rules m=3,n=3,k=3\nto-move nobody\n", nil},
		{"rules m=3,n=3,k=3\nto-move\n", nil},
		{"rules m=3,n=3,k=3\nhello\n", nil},
		{"rules m=3,n=3,k=3\n" + strings.Repeat("x", 70000) + "\n", nil},
	} {
		g := *orig
		g.history = slices.Clone(orig.history)
		g.moves = slices.Clone(orig.moves)
		err := g.UnmarshalText([]byte(tc.in))
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("UnmarshalText(%.40q) = %v, want %v", tc.in, err, tc.want)
		}
		if g.Position() != orig.Position() || !slices.Equal(g.Moves(), orig.Moves()) {
			t.Errorf("UnmarshalText(%.40q) changed the game on error", tc.in)
		}
	}
}

// ticTacToePerft is the published tic-tac-toe game tree: per ply the
// distinct positions (5,478 in all), the nodes (sequences of moves) and
// the games that end there (255,168 in all).
var ticTacToePerft = []PerftPly{
	{0, 1, 1, 0},
	{1, 9, 9, 0},
	{2, 72, 72, 0},
	{3, 504, 252, 0},
	{4, 3024, 756, 0},
	{5, 15120, 1260, 1440},
	{6, 54720, 1520, 5328},
	{7, 148176, 1140, 47952},
	{8, 200448, 390, 72576},
	{9, 127872, 78, 127872},
}

func TestPerftTicTacToe(t *testing.T) {
	got, err := Perft(context.Background(), newPos(t, TicTacToe), 10)
	if err != nil {
		t.Fatal(err)
	}
	want := append(slices.Clone(ticTacToePerft), PerftPly{Ply: 10})
	if !slices.Equal(got, want) {
		t.Fatalf("Perft =\n%v, want\n%v", got, want)
	}
	var positions, games uint64
	for _, c := range got {
		positions += c.Positions
		games += c.Leaves
	}
	if positions != 5478 || games != 255168 {
		t.Errorf("%d positions, %d games; want 5478 and 255168", positions, games)
	}
}

// connectFourNodes are the game-tree nodes of Connect Four per ply, and
// connectFourPositions the distinct positions (OEIS A212693).
var (
	connectFourNodes     = []uint64{1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234}
	connectFourPositions = []uint64{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101}
)

func TestPerftConnectFour(t *testing.T) {
	depth := 9
	switch {
	case *long:
		depth = 12
	case testing.Short() || raceEnabled:
		depth = 8
	}
	got, err := Perft(context.Background(), newPos(t, ConnectFour), depth)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != depth+1 {
		t.Fatalf("%d plies, want %d", len(got), depth+1)
	}
	for ply, c := range got {
		if c.Ply != ply || c.Positions != connectFourPositions[ply] || (ply < len(connectFourNodes) && c.Nodes != connectFourNodes[ply]) {
			t.Errorf("ply %d: %+v, want %d nodes and %d positions", ply, c, connectFourNodes[min(ply, len(connectFourNodes)-1)], connectFourPositions[ply])
		}
		if (ply < 7) != (c.Leaves == 0) {
			t.Errorf("ply %d: %d games end (the first can end at ply 7)", ply, c.Leaves)
		}
	}
}

// naivePerft counts the tree by plain recursion, with one set of keys per
// ply.
func naivePerft(p Position, depth int) []PerftPly {
	out := make([]PerftPly, depth+1)
	sets := make([]map[Key]bool, depth+1)
	for i := range out {
		out[i].Ply = i
		sets[i] = map[Key]bool{}
	}
	var walk func(p Position, ply int)
	walk = func(p Position, ply int) {
		out[ply].Nodes++
		sets[ply][p.Key()] = true
		if p.Over() {
			out[ply].Leaves++
			return
		}
		if ply == depth {
			return
		}
		for _, m := range p.AppendLegal(nil) {
			q, err := p.Play(m)
			if err != nil {
				panic(err)
			}
			walk(q, ply+1)
		}
	}
	walk(p, 0)
	for i := range out {
		out[i].Positions = uint64(len(sets[i]))
	}
	return out
}

// affordable is as deep as keeps the tree of a board of n cells to
// 50,000 leaves, counting no game as ending early.
func affordable(n int) int {
	depth, leaves := 0, 1
	for depth < n && leaves*(n-depth) <= 50_000 {
		leaves *= n - depth
		depth++
	}
	return depth
}

func TestPerftAgainstRecursion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	type job struct {
		name  string
		p     Position
		depth int
	}
	var jobs []job
	for i := 0; i < 40; i++ {
		r := Rules{Cols: 1 + rng.IntN(4), Rows: 1 + rng.IntN(4), Gravity: rng.IntN(2) == 0}
		r.K = 1 + rng.IntN(max(r.Cols, r.Rows))
		r.Win = WinRule(rng.IntN(int(CaroExactlyK) + 1))
		p := newPos(t, r)
		// Start some from a set-up position with Second to move.
		if i%3 == 0 && r.Cells() > 2 && !r.Gravity {
			s, err := Setup(r, []Move{0}, nil, Second)
			if err == nil {
				p = s
			}
		}
		jobs = append(jobs, job{r.String(), p, affordable(r.Cells())})
	}
	jobs = append(jobs,
		job{"9x9 (two words)", newPos(t, Rules{Cols: 9, Rows: 9, K: 5, Win: ExactlyK}), 2},
		job{"7x9 gravity (two words)", newPos(t, Rules{Cols: 7, Rows: 9, K: 4, Gravity: true}), 5},
		job{"13x13 (three words)", newPos(t, Rules{Cols: 13, Rows: 13, K: 2}), 2},
		job{"20x20", newPos(t, Rules{Cols: 20, Rows: 20, K: 5}), 1},
		job{"connect4 mid-game", playAll(t, ConnectFour, mvs(t, ConnectFour, "d1", "d2", "d3", "c1", "e1")), 5},
		job{"finished", playAll(t, TicTacToe, mvs(t, TicTacToe, "a1", "b1", "a2", "b2", "a3")), 3},
		// Blocked lines that do not win, and overlines that win for one
		// side only: whole games on one row, a few plies on a 4×3.
		job{"caro 7x1 k=3", newPos(t, Rules{Cols: 7, Rows: 1, K: 3, Win: Caro}), 7},
		job{"caro-exact 8x1 k=3", newPos(t, Rules{Cols: 8, Rows: 1, K: 3, Win: CaroExactlyK}), 8},
		job{"first-exact 8x1 k=2", newPos(t, Rules{Cols: 8, Rows: 1, K: 2, Win: FirstExactlyK}), 8},
		job{"caro 4x3 k=3", newPos(t, Rules{Cols: 4, Rows: 3, K: 3, Win: Caro}), 5},
	)
	for _, j := range jobs {
		got, err := Perft(context.Background(), j.p, j.depth)
		if err != nil {
			t.Fatal(err)
		}
		if want := naivePerft(j.p, j.depth); !slices.Equal(got, want) {
			t.Errorf("%s from\n%vPerft = %v, want %v", j.name, j.p, got, want)
		}
	}
}

func TestPerftEdges(t *testing.T) {
	p := newPos(t, TicTacToe)
	for _, depth := range []int{-5, -1, 0} {
		if got, err := Perft(context.Background(), p, depth); err != nil || !slices.Equal(got, []PerftPly{{0, 1, 1, 0}}) {
			t.Errorf("Perft(depth %d) = %v, %v", depth, got, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Perft(ctx, newPos(t, ConnectFour), 20)
	if !errors.Is(err, context.Canceled) || len(got) > 1 {
		t.Errorf("cancelled Perft = %v, %v", got, err)
	}
	// A deadline stops the walk in the middle of a ply, soon.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	got, err = Perft(ctx, newPos(t, ConnectFour), 14)
	if !errors.Is(err, context.DeadlineExceeded) || len(got) > 14 || time.Since(t0) > 30*time.Second { // 14 plies take hours
		t.Errorf("Perft with a deadline = %d plies, %v after %v", len(got), err, time.Since(t0))
	}
	for ply, c := range got {
		if c.Positions != connectFourPositions[ply] {
			t.Errorf("ply %d before the deadline: %+v", ply, c)
		}
	}
	won := playAll(t, TicTacToe, mvs(t, TicTacToe, "a1", "b1", "a2", "b2", "a3"))
	if got, err := Perft(context.Background(), won, 2); err != nil || !slices.Equal(got, []PerftPly{{0, 1, 1, 1}, {Ply: 1}, {Ply: 2}}) {
		t.Errorf("Perft of a finished game = %v, %v", got, err)
	}
	// The last ply is reached well before the depth.
	got, err = Perft(context.Background(), newPos(t, Rules{Cols: 2, Rows: 1, K: 2}), 4)
	if want := []PerftPly{{0, 1, 1, 0}, {1, 2, 2, 0}, {2, 2, 2, 2}, {Ply: 3}, {Ply: 4}}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Perft 2x1 = %v, %v, want %v", got, err, want)
	}
}

// TestConcurrentReads shares one Position value between many goroutines
// that read it and play on from it: a Position holds no pointer, so there
// is nothing to race on (run with -race).
func TestConcurrentReads(t *testing.T) {
	for _, r := range []Rules{ConnectFour, Gomoku, {Cols: 20, Rows: 20, K: 5, Win: ExactlyK}} {
		shared := playAll(t, r, nil)
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 8 && !shared.Over(); i++ {
			ms := shared.AppendLegal(nil)
			shared, _ = shared.Play(ms[rng.IntN(len(ms))])
		}
		wantStr, wantKey, wantLegal := shared.String(), shared.Key(), shared.AppendLegal(nil)
		copyBefore := shared
		var wg sync.WaitGroup
		for g := 0; g < 16; g++ {
			wg.Add(1)
			go func(seed uint64) {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(seed, 1))
				buf := make([]Move, 0, MaxSize*MaxSize)
				for i := 0; i < 20; i++ {
					if shared.String() != wantStr || shared.Key() != wantKey || !slices.Equal(shared.AppendLegal(buf[:0]), wantLegal) {
						t.Error("the shared position changed")
						return
					}
					p := shared
					for !p.Over() {
						ms := p.AppendLegal(buf[:0])
						q, err := p.Play(ms[rng.IntN(len(ms))])
						if err != nil {
							t.Error(err)
							return
						}
						p = q
					}
					for m := Move(0); int(m) < r.Cells(); m++ {
						_ = shared.At(m)
						_ = shared.Legal(m)
					}
				}
			}(uint64(g))
		}
		// Perft on the same value at the same time.
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Perft(context.Background(), shared, 2); err != nil {
				t.Error(err)
			}
		}()
		wg.Wait()
		if shared != copyBefore {
			t.Errorf("%v: the shared position changed", r)
		}
	}
}

// Passed hands the move to the other player over the same stones: there
// the player not to move in p plays, and wins where it has a line to
// complete; the position passed twice is p but for its last move.
func TestPassed(t *testing.T) {
	p, err := NewPosition(TicTacToe)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"a1", "b1", "a2"} {
		if p, err = p.Play(mv(t, TicTacToe, s)); err != nil {
			t.Fatal(err)
		}
	}
	// Second to move; First threatens a3
	q := p.Passed()
	if q.ToMove() != First || q.LastMove() != NoMove || q.Key() != p.Key() || q.Ply() != p.Ply() || q.Over() {
		t.Fatalf("passed: to move %v, last %v, ply %d, over %v", q.ToMove(), q.LastMove(), q.Ply(), q.Over())
	}
	if w, err := q.Play(mv(t, TicTacToe, "a3")); err != nil || w.Outcome().Winner != First {
		t.Errorf("First at a3 after the pass: %v, %v", w.Outcome(), err)
	}
	if back := q.Passed(); back.ToMove() != p.ToMove() || back.Key() != p.Key() {
		t.Errorf("passed twice: to move %v", back.ToMove())
	}
}
