package inarow

import (
	"errors"
	"testing"
)

// TestWinRules plays the last stone of a row drawn as text ('X' First,
// 'O' Second, '.' empty, '*' the move of the player to move) on a one-row
// board and checks who wins under each rule.
func TestWinRules(t *testing.T) {
	cases := []struct {
		row    string
		toMove Player
		win    WinRule
		wins   bool
	}{
		// Overline and exactly K.
		{"XXXX*X", First, Overline, true},
		{"XXXX*X", First, ExactlyK, false},
		{"XXXX*.", First, ExactlyK, true},
		// Renju's win rule: First's overline does not win, Second's does.
		{"XXXX*X", First, FirstExactlyK, false},
		{"XXXX*.", First, FirstExactlyK, true},
		{"OOOO*O", Second, FirstExactlyK, true},
		{"OOOO*.", Second, FirstExactlyK, true},
		// Caro: a five blocked by the opponent at both ends does not win;
		// one end, or the edge of the board, is no block.
		{"OXXXX*O", First, Caro, false},
		{"OXXXX*.", First, Caro, true},
		{"XXXX*O", First, Caro, true},   // the left edge does not block
		{"OXXXX*", First, Caro, true},   // nor the right one
		{"OXX*XXXO", First, Caro, true}, // an overline wins even blocked (Piskvork)
		{"XOOOO*X", Second, Caro, false},
		// Caro exactly K (Gomocup rule 9).
		{"OXXXX*O", First, CaroExactlyK, false},
		{"OXXXX*.", First, CaroExactlyK, true},
		{"OXX*XXX.", First, CaroExactlyK, false},
		{"XXXX*", First, CaroExactlyK, true},
	}
	for _, c := range cases {
		r := Rules{Cols: len(c.row), Rows: 1, K: 5, Win: c.win}
		var first, second []Move
		var at Move
		for i, ch := range c.row {
			switch ch {
			case 'X':
				first = append(first, Move(i))
			case 'O':
				second = append(second, Move(i))
			case '*':
				at = Move(i)
			}
		}
		p, err := Setup(r, first, second, c.toMove)
		if err != nil {
			t.Fatalf("%s %v: %v", c.row, c.win, err)
		}
		q, err := p.Play(at)
		if err != nil {
			t.Fatalf("%s %v: %v", c.row, c.win, err)
		}
		got := q.Outcome().Status == Won && q.Outcome().Winner == c.toMove
		if got != c.wins {
			t.Errorf("%s %v: won = %v, want %v (%+v)", c.row, c.win, got, c.wins, q.Outcome())
		}
		// The same, vertically and diagonally on a square board.
		n := len(c.row)
		for _, dir := range [][2]int{{0, 1}, {1, 1}, {-1, 1}} {
			rs := Rules{Cols: n, Rows: n, K: 5, Win: c.win}
			cell := func(i int) Move {
				x := i * dir[0]
				if dir[0] < 0 {
					x = n - 1 - i
				}
				return rs.MoveAt(x, i*dir[1])
			}
			var f, s []Move
			for i, ch := range c.row {
				switch ch {
				case 'X':
					f = append(f, cell(i))
				case 'O':
					s = append(s, cell(i))
				}
			}
			p, err := Setup(rs, f, s, c.toMove)
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.Play(cell(int(at)))
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Outcome().Status == Won; got != c.wins {
				t.Errorf("%s %v along %v: won = %v, want %v", c.row, c.win, dir, got, c.wins)
			}
		}
	}
}

func TestParseWinRules(t *testing.T) {
	for w := Overline; w <= CaroExactlyK; w++ {
		r := Rules{Cols: 15, Rows: 15, K: 5, Win: w}
		got, err := ParseRules(r.String())
		if err != nil || got != r {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	for _, bad := range []string{"gomoku,exact,caro", "gomoku,caro,caro", "gomoku,renju"} {
		if _, err := ParseRules(bad); !errors.Is(err, ErrBadRules) {
			t.Errorf("ParseRules(%q) = %v, want ErrBadRules", bad, err)
		}
	}
	if err := (Rules{Cols: 15, Rows: 15, K: 5, Win: CaroExactlyK + 1}).Validate(); !errors.Is(err, ErrBadRules) {
		t.Errorf("an unknown win rule validates: %v", err)
	}
}
