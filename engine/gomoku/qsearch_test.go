package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// qsRef is the quiescence search's plain reference: the same moves (the
// forced block, the side to move's fours near its last stone, standing
// pat on the value) searched to the end with no window.
func (s *searcher) qsRef(ply, qd int) int {
	b := s.b
	me := b.toMove
	v, block, done := s.settle(ply)
	if done {
		return v
	}
	if block >= 0 {
		if ply >= maxPly {
			return s.eval()
		}
		b.Play(block)
		v := -s.qsRef(ply+1, qd)
		b.Undo()
		return v
	}
	if s.legalFlex4(me) >= 0 {
		return WinScore - ply - 2
	}
	if s.fourThreeWins() {
		return WinScore - ply - 11
	}
	best := s.eval()
	if qd <= 0 || ply >= maxPly || len(b.moves) < 2 {
		return best
	}
	last := b.moves[len(b.moves)-2]
	for _, m := range s.cellsOf(me, clsB4, nil) {
		if !s.qsFour(m, last, qd) {
			continue
		}
		b.Play(m)
		best = max(best, -s.qsRef(ply+1, qd-1))
		b.Undo()
	}
	return best
}

// The quiescence search against its reference on the positions of random
// games of three rules, each with windows about the true value: below,
// above, around and a null window at it. A fail-soft alpha-beta returns
// the value itself inside the window and a bound on the right side
// outside it; and never less than the static value it may stand pat on.
// Each search starts from an empty table (the table's entries do not
// tell how many fours were left; qsearch.go).
func TestQSearchMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	positions, withFours, moved := 0, 0, 0
	for i, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		for _, x := range randomGames(t, rule, 30/raceDiv, uint64(23+i)) { // 200 s under -race on a loaded machine with 30
			b, _ := newBoard(15, 15, rule)
			for _, mv := range x.Moves {
				b.Play(b.cellOf(mv))
			}
			if b.Winner() >= 0 || len(b.moves) < 2 {
				continue
			}
			s := &searcher{b: b, tt: NewTT(1 << 16), ctx: context.Background(), hard: time.Now().Add(time.Minute)}
			want := s.qsRef(0, qsFours)
			var buf [64]int
			last := b.moves[len(b.moves)-2]
			for _, m := range s.cellsOf(b.toMove, clsB4, buf[:0]) {
				if s.qsFour(m, last, qsFours) {
					withFours++
					break
				}
			}
			stand := s.eval()
			if want != stand && b.clsCnt[b.toMove^1][clsFive] == 0 {
				moved++ // the fours changed the value
			}
			positions++
			for _, w := range [][2]int{
				{-WinScore - 1, WinScore + 1},
				{want - 1 - r.IntN(300), want + 1 + r.IntN(300)},
				{want + 1 + r.IntN(300), want + 400},
				{want - 400, want - 1 - r.IntN(300)},
				{want - 1, want},
				{want, want + 1},
			} {
				alpha, beta := w[0], w[1]
				s.tt.Clear()
				got := s.qsearch(alpha, beta, 0, qsFours)
				switch {
				case want <= alpha && got > alpha,
					want >= beta && got < beta,
					want > alpha && want < beta && got != want:
					t.Fatalf("%v, %d stones, window (%d, %d): qsearch %d, the reference %d", rule, len(b.moves), alpha, beta, got, want)
				}
				if b.clsCnt[b.toMove^1][clsFive] == 0 && got < stand && got > -WinBound {
					t.Fatalf("%v, %d stones: qsearch %d below the static value %d", rule, len(b.moves), got, stand)
				}
			}
			// the search's horizon is the quiescence search (the
			// reference's is the static value); at the root, where the
			// quick win is not asked (search.go)
			s.tt.Clear()
			full := s.qsearch(-WinScore-1, WinScore+1, 0, qsFours)
			s.tt.Clear()
			if got := s.search(0, -WinScore-1, WinScore+1, 0, false); got != full {
				t.Fatalf("%v, %d stones: the search at depth 0 %d, qsearch %d", rule, len(b.moves), got, full)
			}
			if b.Count() != len(x.Moves) {
				t.Fatalf("the board holds %d stones after the searches, not %d", b.Count(), len(x.Moves))
			}
		}
	}
	if positions < 1000/raceDiv || withFours < 100/raceDiv || moved < 20/raceDiv {
		t.Fatalf("%d positions, %d with a building four near the last stone, %d whose value the fours moved: too few to tell", positions, withFours, moved)
	}
	t.Logf("%d positions, %d with a building four near the last stone, %d whose value the fours moved", positions, withFours, moved)
}

func TestFourBuilds(t *testing.T) {
	for _, c := range []struct {
		p    [4]uint8
		want bool
	}{
		{[4]uint8{patB4, patF2, patNone, patNone}, true},
		{[4]uint8{patB2, patB4, patB3, patNone}, true},
		{[4]uint8{patB4, patB2, patNone, patNone}, false}, // a blocked two builds nothing
		{[4]uint8{patB4, patNone, patNone, patNone}, false},
		{[4]uint8{patB4, patB4, patF2, patNone}, false}, // a double four: wins on its own
		{[4]uint8{patF3, patF2, patNone, patNone}, false},
	} {
		if got := fourBuilds(&c.p); got != c.want {
			t.Errorf("%v: %v, want %v", c.p, got, c.want)
		}
	}
}

// nearStone: within two points either way, or four along a line.
func TestNearStone(t *testing.T) {
	b, _ := newBoard(15, 15, gomoku.Freestyle)
	c := b.Idx(7, 7)
	for _, x := range []struct {
		dx, dy int
		want   bool
	}{
		{0, 0, true}, {2, 2, true}, {-2, 1, true}, {3, 0, true}, {0, -4, true},
		{4, 4, true}, {-4, 4, true}, {3, 1, false}, {5, 0, false}, {4, 2, false}, {-3, 2, false},
	} {
		if got := nearStone(b.Idx(7+x.dx, 7+x.dy), c); got != x.want {
			t.Errorf("(%d, %d) from the stone: %v, want %v", x.dx, x.dy, got, x.want)
		}
	}
}

// The quiescence search takes a table entry's bound where it settles the
// window, and stores its own value at depth 0 without overwriting a
// deeper entry of the position; the main search's store overwrites it.
func TestQSearchTable(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"......XX.......",
		".......OO......",
		"...............",
	)
	s := &searcher{b: b, tt: NewTT(1 << 16), ctx: context.Background(), hard: time.Now().Add(time.Minute)}
	k := b.Hash()
	v := s.qsearch(-WinScore-1, WinScore+1, 0, qsFours)
	e, ok := s.tt.probe(k)
	if !ok || e.depth != 0 || e.flag != ttExact || int(e.score) != v {
		t.Fatalf("after a full-window search of value %d the entry is %+v (found %v), want depth 0, exact, %d", v, e, ok, v)
	}
	// a bound from a deeper search settles a window on its side only
	s.tt.store(k, 3, v+500, ttLower, -1)
	if got := s.qsearch(v+100, v+200, 0, qsFours); got != v+500 {
		t.Errorf("a lower bound %d above the window (%d, %d): qsearch %d, want the bound", v+500, v+100, v+200, got)
	}
	if got := s.qsearch(v+600, v+700, 0, qsFours); got != v {
		t.Errorf("a lower bound %d below the window (%d, %d): qsearch %d, want its own value %d", v+500, v+600, v+700, got, v)
	}
	if e, _ := s.tt.probe(k); e.depth != 3 || int(e.score) != v+500 {
		t.Errorf("the deeper entry became %+v: the quiescence search overwrote it", e)
	}
	s.tt.Clear()
	s.tt.storeQ(k, v-50, ttUpper, -1)
	s.tt.store(k, 1, v, ttExact, -1)
	if e, _ := s.tt.probe(k); e.depth != 1 {
		t.Errorf("the main search's entry at depth 1 did not replace the quiescence search's: %+v", e)
	}
}
