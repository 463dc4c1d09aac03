package gomokuengine

import (
	"context"
	"math"
	"testing"
	"time"
)

// The zero Tuning is the package's own values: the tables and margins of
// search.go, unscaled.
func TestTuningZero(t *testing.T) {
	p := newParams(Tuning{})
	for d := 1; d < len(p.lmr); d++ {
		for n := 1; n < len(p.lmr[0]); n++ {
			want := int16(max(0, 100*math.Log(float64(d))*math.Log(float64(n))/lmrDiv-10))
			if p.lmr[d][n] != want {
				t.Fatalf("lmr[%d][%d] = %d, want %d", d, n, p.lmr[d][n], want)
			}
		}
	}
	if p.pvLess != 100 || p.contAttack != continuousAttack || p.fut != futMargin || p.razor != razorMargin ||
		p.fhDepth != fhDepthMargin || p.fhOpp != fhOppMargin || p.blockExt != blockExt || p.ttExt != ttExt ||
		p.ttExtPV != ttExtPV || p.ttExtFour != ttExtFour || p.histMul != 8 || p.maxMoves != 24 || p.kind != complexFor {
		t.Errorf("the zero Tuning's params: %+v", *p)
	}
	if p.lmp != lmpCount {
		t.Errorf("lmp %v, want %v", p.lmp, lmpCount)
	}
	if (&searcher{}).par() != defaultParams || (&Engine{}).params() != defaultParams {
		t.Error("a searcher or an engine without a Tuning does not read the defaults")
	}
}

// A Tuning moves its group only, by its percentage, and −100 takes a
// group out.
func TestTuningScales(t *testing.T) {
	p := newParams(Tuning{Count: 50, Futility: -50, LMR: -100, PV: 20, History: 8, Moves: -4})
	if p.lmp[1] != 6 || p.lmp[7] != 24 {
		t.Errorf("counts %v, want half as many again", p.lmp)
	}
	if p.fut != 147 || p.razor[1] != 78 || p.razor[2] != 114 {
		t.Errorf("margins %d %v, want half", p.fut, p.razor)
	}
	if p.lmr != [32][64]int16{} {
		t.Error("LMR −100 leaves reductions by rank")
	}
	if p.pvLess != 120 || p.histMul != 16 || p.maxMoves != 20 {
		t.Errorf("pvLess %d, histMul %d, maxMoves %d; want 120, 16, 20", p.pvLess, p.histMul, p.maxMoves)
	}
	if p.fhDepth != fhDepthMargin || p.blockExt != blockExt || p.kind != complexFor {
		t.Error("a group the Tuning leaves alone moved")
	}
	g := &Engine{Tuning: Tuning{Count: 50}}
	if q := g.params(); q == defaultParams || q.lmp[1] != 6 || g.params() != q {
		t.Error("the engine's params are not its Tuning's, made once")
	}
	g.Tuning.Count = 0
	if g.params() != defaultParams {
		t.Error("the engine's zero Tuning does not read the defaults")
	}
}

// The engine searches as the Tuning says: the zero Tuning as an engine
// without one (the same nodes), fewer moves a node searches fewer nodes,
// and more searches more.
func TestTuningSearch(t *testing.T) {
	boards := selfplayBoards(t)
	nodes := func(tu Tuning) int64 {
		var n int64
		for _, b := range boards[:12] {
			g := &Engine{MaxMemory: 8 << 20, Tuning: tu}
			r := g.search(context.Background(), b.clone(), Limits{MaxDepth: 6, TurnTime: time.Hour})
			n += r.Nodes
		}
		return n
	}
	base := nodes(Tuning{})
	if n := nodes(Tuning{}); n != base {
		t.Fatalf("the same search twice: %d and %d nodes", base, n)
	}
	if n := nodes(Tuning{Count: -50}); n >= base {
		t.Errorf("half the move counts: %d nodes, the defaults %d", n, base)
	}
	if n := nodes(Tuning{Count: 100, LMR: -100}); n <= base {
		t.Errorf("twice the move counts and no reductions by rank: %d nodes, the defaults %d", n, base)
	}
}
