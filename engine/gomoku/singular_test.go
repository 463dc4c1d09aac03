package gomokuengine

import (
	"testing"

	"github.com/inarow/inarow/gomoku"
)

// The singular-extension test of a table move: a ply more when nothing
// else comes near the entry's value, multi-cut when the rest reach even
// beta, a ply less when only the entry's value is at or above beta, and
// nothing at all where the entry or the depth does not qualify. The
// node's own entry is left as it was, and the move is let back in.
func TestSingular(t *testing.T) {
	const high, low = WinBound - 4000, -(WinBound - 4000)
	for _, c := range []struct {
		name        string
		depth, flag int
		eDepth      int
		score, beta int
		ext         int
		multiCut    bool
		searched    bool
	}{
		{"singular", 8, ttLower, 8, high, high, 1, false, true},
		{"singular, exact entry", 9, ttExact, 7, high, high, 1, false, true},
		{"multi-cut", 8, ttLower, 8, low, low - seMargin*8 - 10, 0, true, true},
		{"a ply less", 8, ttLower, 8, low, low - 20, -1, false, true},
		{"neither", 8, ttLower, 8, low, 0, 0, false, true},
		{"too shallow a node", 7, ttLower, 8, high, high, 0, false, false},
		{"too shallow an entry", 8, ttLower, 5, high, high, 0, false, false},
		{"upper bound", 8, ttUpper, 8, high, high, 0, false, false},
		{"proven value", 8, ttLower, 8, WinScore - 20, high, 0, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := boardFrom(t, gomoku.Freestyle, black, ahead...)
			stones := len(b.moves)
			s := pruneSearcher(b, false)
			m := s.firstMove()
			hk := b.Hash()
			s.tt.store(hk, c.eDepth, c.score, c.flag, m)
			e, _ := s.tt.probe(hk)
			ext, cut := s.singular(e, m, c.depth, c.beta, 1, false)
			if ext != c.ext || cut != c.multiCut {
				t.Errorf("extension %d, multi-cut %v; want %d, %v", ext, cut, c.ext, c.multiCut)
			}
			if searched := s.nodes > 0; searched != c.searched {
				t.Errorf("searched %v (%d nodes), want %v", searched, s.nodes, c.searched)
			}
			if after, _ := s.tt.probe(hk); after != e {
				t.Errorf("the node's entry became %+v, was %+v", after, e)
			}
			if s.skip[1] != 0 || len(b.moves) != stones {
				t.Errorf("left the move out (%d) or the board changed (%d stones)", s.skip[1], len(b.moves))
			}
		})
	}
}

// A node that leaves a move out never searches it, nor stores its value
// as the node's; with the move back the same search does both.
func TestSkipLeavesTheMoveOut(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black, ahead...)
	for _, skip := range []bool{false, true} {
		s := pruneSearcher(b, false)
		out := s.firstMove()
		if skip {
			s.skip[0] = out + 1
		}
		searched := map[int]bool{}
		s.onRoot = func(m, depth int, done bool, score int) { searched[m] = true }
		s.search(4, -WinScore, WinScore, 0, false)
		_, stored := s.tt.probe(b.Hash())
		if searched[out] == skip || stored == skip || len(searched) < 2 {
			t.Errorf("skip %v: the move searched %v, the node stored %v, %d moves searched", skip, searched[out], stored, len(searched))
		}
	}
}

// firstMove is the move the order puts first at a node without a table
// move.
func (s *searcher) firstMove() int {
	f := s.filter()
	ms := s.listMoves(&f, 0, -1)
	pick(ms, 0)
	return ms[0].m
}
