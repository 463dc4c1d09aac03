package inarow

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxSize is the largest number of columns or rows a board may have (the
// Gomocup freestyle board is 20×20).
const MaxSize = 20

// WinRule says whether a line longer than K wins.
type WinRule uint8

const (
	// Overline: K or more in a row wins (freestyle gomoku, tic-tac-toe,
	// Connect Four).
	Overline WinRule = iota
	// ExactlyK: only a line of exactly K wins; an overline wins for nobody
	// (standard gomoku, the gobang document).
	ExactlyK
	// FirstExactlyK: First wins only with exactly K, Second with K or more
	// (renju: black's overline never wins, white's does). The rest of
	// renju — black's forbidden moves — is the gomoku package's.
	FirstExactlyK
	// Caro: K or more in a row wins, except a line of exactly K that is
	// blocked at both ends by the opponent's stones (Gomocup INFO rule 8).
	// The edge of the board does not block, and an overline wins even
	// when blocked — as Piskvork, the Gomocup manager, decides it
	// (source/game.cpp: a run of 5 "poc==5" loses its win only when both
	// neighbouring squares hold the opponent's stone; a square outside the
	// board is neither player's).
	Caro
	// CaroExactlyK: only exactly K wins, and not when both ends are the
	// opponent's stones (Gomocup INFO rule 9 = 8|1, "standard Caro").
	CaroExactlyK
)

// String names the win rule as ParseRules reads it as a flag (Overline,
// the default, has no flag and is written "overline").
func (w WinRule) String() string {
	switch w {
	case Overline:
		return "overline"
	case ExactlyK:
		return "exact"
	case FirstExactlyK:
		return "first-exact"
	case Caro:
		return "caro"
	case CaroExactlyK:
		return "caro-exact"
	}
	return fmt.Sprintf("WinRule(%d)", uint8(w))
}

// Rules describe an m,n,k-game: Cols×Rows board, K in a row wins, with or
// without gravity (stones drop to the lowest empty cell of a column).
type Rules struct {
	Cols, Rows int
	K          int
	Gravity    bool
	Win        WinRule
}

// Presets of the classic games.
var (
	TicTacToe   = Rules{Cols: 3, Rows: 3, K: 3}
	ConnectFour = Rules{Cols: 7, Rows: 6, K: 4, Gravity: true}
	Gomoku      = Rules{Cols: 15, Rows: 15, K: 5}
)

// Validate reports whether r describes a playable game: 1 to MaxSize
// columns and rows, and 1 ≤ K ≤ max(Cols, Rows).
func (r Rules) Validate() error {
	switch {
	case r.Cols < 1 || r.Cols > MaxSize || r.Rows < 1 || r.Rows > MaxSize:
		return fmt.Errorf("%w: board %d×%d is outside 1×1 to %d×%d", ErrBadRules, r.Cols, r.Rows, MaxSize, MaxSize)
	case r.K < 1 || (r.K > r.Cols && r.K > r.Rows):
		return fmt.Errorf("%w: k=%d does not fit a %d×%d board", ErrBadRules, r.K, r.Cols, r.Rows)
	case r.Win > CaroExactlyK:
		return fmt.Errorf("%w: unknown win rule %d", ErrBadRules, r.Win)
	}
	return nil
}

// Cells is the number of cells of the board.
func (r Rules) Cells() int { return r.Cols * r.Rows }

// MoveAt returns the move at column x (from the left) and row y (from the
// top). It does not check that the cell is on the board.
func (r Rules) MoveAt(x, y int) Move { return Move(y*r.Cols + x) }

// XY returns the column (from the left) and row (from the top) of m.
func (r Rules) XY(m Move) (x, y int) { return int(m) % r.Cols, int(m) / r.Cols }

// OnBoard reports whether m is a cell of the board.
func (r Rules) OnBoard(m Move) bool { return m >= 0 && int(m) < r.Cells() }

// String writes the rules as ParseRules reads them, e.g.
// "m=7,n=6,k=4,gravity" (m columns, n rows).
func (r Rules) String() string {
	s := fmt.Sprintf("m=%d,n=%d,k=%d", r.Cols, r.Rows, r.K)
	if r.Gravity {
		s += ",gravity"
	}
	if r.Win != Overline {
		s += "," + r.Win.String()
	}
	return s
}

// ParseRules reads rules written as comma-separated fields: m=COLS, n=ROWS,
// k=K, the flag gravity and at most one win-rule flag: exact (an overline
// does not win), first-exact (renju: First's overline does not win), caro
// or caro-exact (see WinRule). A preset
// name may stand first: tictactoe, connect4 or gomoku, which later fields
// override ("connect4,m=8,n=7").
func ParseRules(s string) (Rules, error) {
	var r Rules
	winSet := false
	seen := map[string]bool{}
	for i, field := range strings.Split(strings.TrimSpace(s), ",") {
		field = strings.TrimSpace(field)
		key, val, hasVal := strings.Cut(field, "=")
		if seen[key] {
			return Rules{}, fmt.Errorf("%w: %q given twice in %q", ErrBadRules, key, s)
		}
		seen[key] = true
		switch {
		case i == 0 && !hasVal && presetByName(key) != nil:
			r = *presetByName(key)
		case hasVal && (key == "m" || key == "n" || key == "k"):
			n, err := strconv.Atoi(val)
			if err != nil {
				return Rules{}, fmt.Errorf("%w: %s=%q is not a number", ErrBadRules, key, val)
			}
			switch key {
			case "m":
				r.Cols = n
			case "n":
				r.Rows = n
			case "k":
				r.K = n
			}
		case !hasVal && key == "gravity":
			r.Gravity = true
		case !hasVal && winRuleByName(key) != Overline:
			if winSet {
				return Rules{}, fmt.Errorf("%w: two win rules in %q", ErrBadRules, s)
			}
			r.Win, winSet = winRuleByName(key), true
		default:
			return Rules{}, fmt.Errorf("%w: unknown field %q in %q (want m=COLS,n=ROWS,k=K[,gravity][,exact|first-exact|caro|caro-exact])", ErrBadRules, field, s)
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// winRuleByName returns the win rule a flag names, or Overline for a
// name that is not one.
func winRuleByName(name string) WinRule {
	for w := ExactlyK; w <= CaroExactlyK; w++ {
		if name == w.String() {
			return w
		}
	}
	return Overline
}

func presetByName(name string) *Rules {
	switch name {
	case "tictactoe":
		return &TicTacToe
	case "connect4":
		return &ConnectFour
	case "gomoku":
		return &Gomoku
	}
	return nil
}
