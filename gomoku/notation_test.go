package gomoku

import (
	"errors"
	"testing"

	"github.com/inarow/inarow"
)

func TestXY(t *testing.T) {
	free := inarow.Rules{Cols: 20, Rows: 20, K: 5}
	wide := inarow.Rules{Cols: 15, Rows: 10, K: 5}
	cases := []struct {
		r    inarow.Rules
		in   string
		x, y int
		err  error
	}{
		{inarow.Gomoku, "7,7", 7, 7, nil},
		{inarow.Gomoku, "0,14", 0, 14, nil},
		{inarow.Gomoku, "14,0", 14, 0, nil},
		{inarow.Gomoku, " 3 , 4\t", 3, 4, nil},
		{inarow.Gomoku, "03,04", 3, 4, nil},
		{free, "19,19", 19, 19, nil},
		{wide, "14,9", 14, 9, nil},
		{wide, "9,14", 0, 0, inarow.ErrOffBoard},
		{inarow.Gomoku, "15,0", 0, 0, inarow.ErrOffBoard},
		{inarow.Gomoku, "0,15", 0, 0, inarow.ErrOffBoard},
		{inarow.Gomoku, "99999999999999999999,1", 0, 0, inarow.ErrOffBoard},
		{inarow.Gomoku, "-1,0", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "1", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "1,", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, ",1", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "1,2,3", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "1;2", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "+1,2", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "h8", 0, 0, inarow.ErrBadMove},
		{inarow.Gomoku, "", 0, 0, inarow.ErrBadMove},
	}
	for _, c := range cases {
		m, err := ParseXY(c.r, c.in)
		if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("ParseXY(%v, %q) = %v, want %v", c.r, c.in, err, c.err)
			continue
		}
		if err == nil && m != c.r.MoveAt(c.x, c.y) {
			t.Errorf("ParseXY(%q) = %d, want column %d row %d", c.in, m, c.x, c.y)
		}
	}
	for _, r := range []inarow.Rules{inarow.Gomoku, free, wide, GobangRules, inarow.TicTacToe} {
		for m := inarow.Move(0); int(m) < r.Cells(); m++ {
			s := FormatXY(r, m)
			back, err := ParseXY(r, s)
			if err != nil || back != m {
				t.Fatalf("%v: FormatXY(%d) = %q, read back %d, %v", r, m, s, back, err)
			}
		}
		if s := FormatXY(r, inarow.Move(r.Cells())); s[0] != '?' {
			t.Errorf("FormatXY off the board = %q", s)
		}
	}
	if s := FormatXY(inarow.Gomoku, inarow.Gomoku.MoveAt(7, 2)); s != "7,2" {
		t.Errorf("FormatXY = %q, want 7,2", s)
	}
}

func TestCoord(t *testing.T) {
	r := inarow.Gomoku
	m, err := ParseCoord(r, "h8")
	if err != nil || m != r.MoveAt(7, 7) {
		t.Fatalf("ParseCoord(h8) = %d, %v", m, err)
	}
	if s := FormatCoord(r, r.MoveAt(0, 14)); s != "a1" {
		t.Errorf("FormatCoord(bottom left) = %q", s)
	}
	if s := FormatCoord(r, r.MoveAt(14, 0)); s != "o15" {
		t.Errorf("FormatCoord(top right) = %q", s)
	}
	if _, err := ParseCoord(r, "p1"); !errors.Is(err, inarow.ErrOffBoard) {
		t.Errorf("ParseCoord(p1) = %v", err)
	}
	if _, err := ParseCoord(r, "7,7"); !errors.Is(err, inarow.ErrBadMove) {
		t.Errorf("ParseCoord(7,7) = %v", err)
	}
	// The three notations name the same cells.
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		a, err1 := ParseCoord(r, FormatCoord(r, m))
		b, err2 := ParseXY(r, FormatXY(r, m))
		if err1 != nil || err2 != nil || a != m || b != m {
			t.Fatalf("move %d: %d %v, %d %v", m, a, err1, b, err2)
		}
	}
	g := GobangRules
	if p, _ := ParsePoint("01-09"); FormatCoord(g, p) != "i9" || FormatXY(g, p) != "8,0" {
		t.Errorf("01-09 is %s and %s", FormatCoord(g, p), FormatXY(g, p))
	}
}
