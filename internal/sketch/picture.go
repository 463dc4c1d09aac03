// Package sketch sets up the tests' positions from boards drawn as text,
// one row a string, top first: 'X' a stone of the first player (black),
// 'O' one of the second, '*' a marked empty point, anything else empty.
// It is the one reader of these drawings for the packages above the core.
package sketch

import (
	"testing"

	"github.com/inarow/inarow"
)

// Position returns the position of rules r drawn in rows, toMove to move,
// and the marked point (NoMove when none is drawn). A drawing the rules
// refuse (a stone off the board, an impossible position) fails the test.
func Position(t testing.TB, r inarow.Rules, toMove inarow.Player, rows ...string) (inarow.Position, inarow.Move) {
	t.Helper()
	var b, w []inarow.Move
	marked := inarow.NoMove
	for y, row := range rows {
		for x, c := range row {
			switch c {
			case 'X', 'O', '*':
				if x >= r.Cols || y >= r.Rows {
					t.Fatalf("sketch: %c at %d,%d is off the %d×%d board", c, x, y, r.Cols, r.Rows)
				}
			}
			switch c {
			case 'X':
				b = append(b, r.MoveAt(x, y))
			case 'O':
				w = append(w, r.MoveAt(x, y))
			case '*':
				marked = r.MoveAt(x, y)
			}
		}
	}
	p, err := inarow.Setup(r, b, w, toMove)
	if err != nil {
		t.Fatalf("sketch: %v", err)
	}
	return p, marked
}
