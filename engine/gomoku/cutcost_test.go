package gomokuengine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// cutSamples searches self-play positions to depth 7 and keeps every
// 10th cutoff of the order's at a node 2 to 4 plies from the horizon
// with no win's beta, up to n of them.
func cutSamples(t *testing.T, n int) []Cut {
	var out []Cut
	seen := 0
	for _, bd := range selfplayBoards(t)[:40] {
		if len(out) >= n {
			break
		}
		s := &searcher{b: bd, tt: NewTT(1 << 20), ctx: context.Background(), hard: time.Now().Add(time.Hour), rootMove: -1}
		s.onCut = func(m, depth, beta int) {
			if depth < 2 || depth > 4 || beta <= -WinBound || beta >= WinBound || len(out) >= n {
				return
			}
			if seen++; seen%10 == 0 {
				out = append(out, Cut{Moves: bd.movesOf(bd.moves), Move: bd.move(m), Depth: depth, Beta: beta})
			}
		}
		for d := 1; d <= 7; d++ {
			s.search(d, -WinScore-1, WinScore+1, 0, false)
		}
	}
	if len(out) < n {
		t.Fatalf("%d cutoffs sampled, want %d", len(out), n)
	}
	return out
}

// TestCutCosts checks CutCosts against each move searched alone with the
// whole budget: a move's cost does not depend on the moves searched
// before it (each starts from an empty table), so the capped search
// finds the same cheapest cut, and every move it says cuts off took the
// nodes it takes alone.
func TestCutCosts(t *testing.T) {
	const budget = 300_000
	ctx := context.Background()
	n := max(2, 10/raceDiv)
	found, other := 0, 0
	for _, c := range cutSamples(t, n) {
		costs, err := CutCosts(ctx, gomoku.Freestyle, 15, 15, c, budget)
		if err != nil {
			t.Fatal(err)
		}
		if len(costs) < 2 || costs[0].Move != c.Move {
			t.Fatalf("cut %v: %d costs, the first %v: want the cut's move first among the candidates", c.Move, len(costs), costs[0].Move)
		}
		best, bestAlone := -1, -1
		var aloneNodes []int64
		seen := map[inarow.Move]bool{}
		for i, x := range costs {
			if seen[x.Move] {
				t.Fatalf("cut %v: move %v twice", c.Move, x.Move)
			}
			seen[x.Move] = true
			alone := c
			alone.Move = x.Move
			ac, err := CutCosts(ctx, gomoku.Freestyle, 15, 15, alone, budget)
			if err != nil {
				t.Fatal(err)
			}
			if x.Cuts && (!ac[0].Cuts || ac[0].Nodes != x.Nodes) {
				t.Fatalf("cut %v: move %v cut off with %d nodes, alone %v with %d", c.Move, x.Move, x.Nodes, ac[0].Cuts, ac[0].Nodes)
			}
			if x.Cuts && (best < 0 || x.Nodes < costs[best].Nodes) {
				best = i
			}
			aloneNodes = append(aloneNodes, ac[0].Nodes)
			if ac[0].Cuts && (bestAlone < 0 || ac[0].Nodes < aloneNodes[bestAlone]) {
				bestAlone = i
			}
		}
		if best != bestAlone {
			t.Fatalf("cut %v: the cheapest cut is candidate %d capped, %d alone", c.Move, best, bestAlone)
		}
		if best >= 0 {
			found++
			if best > 0 {
				other++
			}
		}
	}
	// the search's own move cut off in its search; from an empty table it
	// mostly does again
	if found < n*8/10 {
		t.Errorf("a cut found at %d of %d nodes, want %d or more", found, n, n*8/10)
	}
	t.Logf("%d of %d nodes with a cut, %d of them cheapest by another move", found, n, other)
}

func TestCutCostsRefuses(t *testing.T) {
	c := cutSamples(t, 1)[0]
	ctx := context.Background()
	for name, bad := range map[string]func(c Cut) Cut{
		"depth 1":       func(c Cut) Cut { c.Depth = 1; return c },
		"a win's beta":  func(c Cut) Cut { c.Beta = WinScore - 10; return c },
		"a loss's beta": func(c Cut) Cut { c.Beta = -WinScore + 10; return c },
		"move on a stone": func(c Cut) Cut {
			c.Move = c.Moves[0]
			return c
		},
		"move off the board": func(c Cut) Cut { c.Move = 15 * 15; return c },
		"a stone twice": func(c Cut) Cut {
			c.Moves = append(append([]inarow.Move(nil), c.Moves...), c.Moves[0])
			return c
		},
	} {
		if _, err := CutCosts(ctx, gomoku.Freestyle, 15, 15, bad(c), 1000); !errors.Is(err, ErrBadSample) {
			t.Errorf("%s: err %v, want ErrBadSample", name, err)
		}
	}
}
