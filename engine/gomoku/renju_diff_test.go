package gomokuengine

import (
	"math/rand/v2"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// renjuBoardOf is package gomoku's renju board holding b's stones.
func renjuBoardOf(b *board) *gomoku.Board {
	r, _ := gomoku.Renju.Board(max(b.W, b.H))
	r.Cols, r.Rows = b.W, b.H
	g := gomoku.NewBoard(r)
	for _, i := range b.moves {
		g.Set(b.move(i), inarow.Player(b.cell[i]))
	}
	return g
}

// checkLegalForBlack compares, on every empty point of b, the search's
// legalFor(black) with package gomoku's renju checker.
func checkLegalForBlack(t testing.TB, b *board, what string) int {
	t.Helper()
	g := renjuBoardOf(b)
	forbidden := 0
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := b.Idx(x, y)
			if b.cell[i] != empty {
				continue
			}
			_, bad := g.IsForbidden(b.move(i))
			if got := !b.legalFor(black, i); got != bad {
				t.Fatalf("%s: %d,%d forbidden %v by the search, %v by package gomoku, black %v white %v", what, x, y, got, bad, b.stonesOf(black), b.stonesOf(white))
			}
			if bad {
				forbidden++
			}
		}
	}
	return forbidden
}

// TestRenjuLegalDifferential: on random renju positions dense near the
// centre (where double threes, double fours and overlines come often),
// the search refuses black exactly the points package gomoku forbids, and
// the board is unchanged by asking.
func TestRenjuLegalDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	n, forbidden := 0, 0
	for range 400 {
		size := 9 + rng.IntN(7)
		b, _ := newBoard(size, size, gomoku.Renju)
		stones := 6 + rng.IntN(30)
		for b.Count() < stones && b.Winner() < 0 {
			x, y := size/2-3+rng.IntN(7), size/2-3+rng.IntN(7)
			if i := b.Idx(x, y); b.Empty(i) {
				b.Play(i)
			}
		}
		if b.Winner() >= 0 {
			b.Undo()
		}
		h := b.Hash()
		forbidden += checkLegalForBlack(t, b, "random")
		if b.Hash() != h {
			t.Fatal("the check changed the board")
		}
		n++
	}
	if forbidden < 200 {
		t.Errorf("%d forbidden points in %d positions: the test tests little", forbidden, n)
	}
	t.Logf("%d positions, %d forbidden points", n, forbidden)
}

// FuzzRenjuLegal reads a 15×15 renju position from the bytes (each byte
// a point of the middle 9×9, in order: 0 empty, 1 black, 2 white, mod 3)
// and compares the search's legal points for black with package gomoku's.
func FuzzRenjuLegal(f *testing.F) {
	f.Add([]byte{0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 2, 2, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 2, 0, 0, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, _ := newBoard(15, 15, gomoku.Renju)
		for k, c := range data {
			if k >= 81 {
				break
			}
			if v := int(c % 3); v != 0 {
				b.toMove = v - 1
				b.Play(b.Idx(3+k%9, 3+k/9))
			}
		}
		if b.Winner() >= 0 {
			return // a finished game: the search never asks
		}
		checkLegalForBlack(t, b, "fuzz")
	})
}

// stonesOf lists colour c's stones as x,y pairs.
func (b *board) stonesOf(c int) [][2]int {
	var out [][2]int
	for _, i := range b.moves {
		if int(b.cell[i]) == c {
			x, y := b.XY(i)
			out = append(out, [2]int{x, y})
		}
	}
	return out
}
