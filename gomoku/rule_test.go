package gomoku

import (
	"errors"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/sketch"
)

func TestRuleNames(t *testing.T) {
	want := []struct {
		rule    Rule
		name    string
		gomocup int
		win     inarow.WinRule
	}{
		{Freestyle, "freestyle", 0, inarow.Overline},
		{Standard, "standard", 1, inarow.ExactlyK},
		{Renju, "renju", 4, inarow.FirstExactlyK},
		{Caro, "caro", 8, inarow.Caro},
		{CaroExact, "caro-exact", 9, inarow.CaroExactlyK},
	}
	if len(AllRules) != len(want) {
		t.Fatalf("%d rules", len(AllRules))
	}
	for i, w := range want {
		r := AllRules[i]
		if r != w.rule || r.String() != w.name || r.Gomocup() != w.gomocup || r.WinRule() != w.win || !r.Valid() {
			t.Errorf("rule %d: %v %d %v", i, r, r.Gomocup(), r.WinRule())
		}
		for _, s := range []string{w.name, strings.ToUpper(w.name), " " + w.name} {
			if got, err := ParseRule(s); err != nil || got != r {
				t.Errorf("ParseRule(%q) = %v, %v", s, got, err)
			}
		}
		if got, err := FromGomocup(w.gomocup); err != nil || got != r {
			t.Errorf("FromGomocup(%d) = %v, %v", w.gomocup, got, err)
		}
		if got, err := FromGomocup(w.gomocup | 2); err != nil || got != r { // continuous game
			t.Errorf("FromGomocup(%d) = %v, %v", w.gomocup|2, got, err)
		}
		if got, err := ParseRule(string(rune('0' + w.gomocup))); err != nil || got != r {
			t.Errorf("ParseRule(%d) = %v, %v", w.gomocup, got, err)
		}
		for size := MinSize; size <= MaxSize; size++ {
			br, err := r.Board(size)
			if err != nil || br.Cols != size || br.Rows != size || br.K != 5 || br.Win != w.win || br.Gravity {
				t.Errorf("%v.Board(%d) = %v, %v", r, size, br, err)
			}
			if got, ok := RuleOf(br); !ok || got != r {
				t.Errorf("RuleOf(%v) = %v, %v", br, got, ok)
			}
		}
		for _, size := range []int{0, 4, 21, -1} {
			if _, err := r.Board(size); !errors.Is(err, inarow.ErrBadRules) {
				t.Errorf("%v.Board(%d): %v", r, size, err)
			}
		}
	}
	for _, bad := range []string{"", "go", "12", "16", "-1", "renju2"} {
		if _, err := ParseRule(bad); !errors.Is(err, inarow.ErrBadRules) {
			t.Errorf("ParseRule(%q) = %v", bad, err)
		}
	}
	if Rule(9).Valid() || Rule(9).String() != "Rule(9)" {
		t.Error("Rule(9)")
	}
	for _, r := range []inarow.Rules{inarow.ConnectFour, inarow.TicTacToe, {Cols: 15, Rows: 15, K: 6}, {Cols: 4, Rows: 15, K: 5}} {
		if _, ok := RuleOf(r); ok {
			t.Errorf("RuleOf(%v) is a gomoku rule", r)
		}
	}
}

// playRow sets up one row of a board from text ('X' black, 'O' white,
// '*' the move) at row y of a size×size board, the player to move being
// the colour of the '*' (toMove), plays '*' with Play and returns the
// outcome or the error.
func playRow(t *testing.T, rule Rule, size, y int, row string, toMove inarow.Player) (inarow.Outcome, error) {
	t.Helper()
	r, err := rule.Board(size)
	if err != nil {
		t.Fatal(err)
	}
	p, at := sketch.Position(t, r, toMove, append(make([]string, y), row)...)
	q, err := Play(p, at)
	return q.Outcome(), err
}

// TestRulesOwnCases: every rule's way of ending a game, on lines in the
// middle and along the edges of boards of several sizes.
func TestRulesOwnCases(t *testing.T) {
	X, O := inarow.First, inarow.Second
	cases := []struct {
		rule   Rule
		row    string
		toMove inarow.Player
		win    bool  // the mover wins
		err    error // or the move is refused
		kind   ForbiddenKind
	}{
		{Freestyle, "XXX*XX", X, true, nil, 0}, // overline wins
		{Freestyle, "OOO*OO", O, true, nil, 0},
		{Freestyle, "XX*XX", X, true, nil, 0},  // edge to edge on 5×5
		{Standard, "XXX*XX", X, false, nil, 0}, // overline wins for nobody
		{Standard, "OOO*OO", O, false, nil, 0},
		{Standard, "XX*XX.", X, true, nil, 0},
		{Renju, "OOO*OO", O, true, nil, 0}, // white's overline wins
		{Renju, "OO*OO", O, true, nil, 0},
		{Renju, "XXX*XX", X, false, inarow.ErrForbidden, Overline}, // black's is forbidden
		{Renju, "XX*XX.", X, true, nil, 0},
		{Caro, "OXX*XXO", X, false, nil, 0}, // blocked at both ends
		{Caro, "OXX*XX.", X, true, nil, 0},
		{Caro, "XX*XXO", X, true, nil, 0},   // the edge is no block
		{Caro, "XX*XX", X, true, nil, 0},    // nor two edges
		{Caro, "OXX*XXXO", X, true, nil, 0}, // blocked overline wins (rule 8)
		{Caro, "XOO*OOX", O, false, nil, 0},
		{CaroExact, "OXX*XXO", X, false, nil, 0},
		{CaroExact, ".XX*XXO", X, true, nil, 0},
		{CaroExact, ".XX*XXX.", X, false, nil, 0}, // overline: nobody (rule 9)
		{CaroExact, "XX*XXO", X, true, nil, 0},
	}
	for _, c := range cases {
		for _, size := range []int{len(c.row), 15, 20} {
			if size < MinSize {
				continue
			}
			for _, y := range []int{0, size / 2, size - 1} {
				o, err := playRow(t, c.rule, size, y, c.row, c.toMove)
				name := c.rule.String() + " " + c.row
				if c.err != nil {
					var fe *ForbiddenError
					if !errors.Is(err, c.err) || !errors.As(err, &fe) || fe.Kind != c.kind {
						t.Errorf("%s on %d×%d row %d: %v, want %v %v", name, size, size, y, err, c.err, c.kind)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				won := o.Status == inarow.Won && o.Winner == c.toMove
				if won != c.win {
					t.Errorf("%s on %d×%d row %d: outcome %+v, want win=%v", name, size, size, y, o, c.win)
				}
			}
		}
	}
}

// TestFromGomocupBits: every value of the "INFO rule" bitmask up to 32 and
// a few negative ones, each to its rule or to an error (see FromGomocup).
func TestFromGomocupBits(t *testing.T) {
	want := map[int]Rule{0: Freestyle, 1: Standard, 4: Renju, 5: Renju, 8: Caro, 9: CaroExact}
	for n := -3; n < 32; n++ {
		r, ok := want[n&^2]
		if n < 0 {
			ok = false
		}
		got, err := FromGomocup(n)
		switch {
		case ok && (err != nil || got != r):
			t.Errorf("FromGomocup(%d) = %v, %v; want %v", n, got, err, r)
		case !ok && !errors.Is(err, inarow.ErrBadRules):
			t.Errorf("FromGomocup(%d) = %v, %v; want an ErrBadRules error", n, got, err)
		}
	}
	for _, n := range []int{12, 13, 14, 15} { // renju and caro at once
		if _, err := FromGomocup(n); err == nil {
			t.Errorf("FromGomocup(%d): renju with caro accepted", n)
		}
	}
}
