package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// TestHistMovedBounded: bonuses and penalties of any depth up to the
// deepest search keep the history within ±histMax, and a long run of
// either comes near its bound.
func TestHistMovedBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 1))
	for run := range 200 {
		h := int32(0)
		for range 2000 {
			d := int32(1 + rng.IntN(maxPly))
			b := d * d
			if rng.IntN(2) == 0 {
				b = -b
			}
			h = histMoved(h, b)
			if h > histMax || h < -histMax {
				t.Fatalf("run %d: history %d outside ±%d", run, h, histMax)
			}
		}
	}
	up, down := int32(0), int32(0)
	for range 5000 {
		up, down = histMoved(up, 100), histMoved(down, -100)
	}
	if up < histMax*9/10 || up > histMax || down > -histMax*9/10 || down < -histMax {
		t.Errorf("after 5,000 bonuses %d, penalties %d: want near ±%d", up, down, histMax)
	}
}

// TestHistoryKept: a search leaves its move history to the engine, the
// next search starts from it halved, and NewGame forgets it.
func TestHistoryKept(t *testing.T) {
	boards := selfplayBoards(t)
	g := &Engine{Limits: Limits{TurnTime: time.Minute, MaxDepth: 6}, MaxMemory: 8 << 20}
	g.search(context.Background(), boards[40], g.Limits)
	kept, nonzero := g.hist, 0
	for c := range kept {
		for i, h := range kept[c] {
			if h != 0 {
				nonzero++
			}
			s := &searcher{}
			g.startHistory(s)
			if s.hist[c][i] != h/2 {
				t.Fatalf("colour %d cell %d: the next search starts from %d, want half of %d", c, i, s.hist[c][i], h)
			}
		}
	}
	if nonzero == 0 {
		t.Fatal("the search left no history")
	}
	g.NewGame()
	if g.hist != ([2][nCells]int32{}) {
		t.Error("NewGame kept the history")
	}
}
