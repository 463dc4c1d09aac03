package engine

import (
	"context"
	"testing"

	"github.com/inarow/inarow"
)

// Analyze ranks the completing point of an open four first, as a proven
// win in one ply, and every candidate is an empty point.
func TestGomokuAnalyze(t *testing.T) {
	r := inarow.Gomoku
	p, _ := inarow.NewPosition(r)
	for _, s := range []string{"d8", "a1", "e8", "a3", "f8", "a5", "g8", "a7"} {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	b, err := BoardOf(p, Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	g := &Gomoku{MaxMemory: 1 << 20, Limits: Limits{MaxDepth: 2}}
	vals := g.Analyze(context.Background(), b, 8)
	if len(vals) == 0 || len(vals) > 8 {
		t.Fatalf("%d values", len(vals))
	}
	x, y := b.XY(vals[0].Move)
	if name := r.FormatMove(r.MoveAt(x, y)); (name != "c8" && name != "h8") || !vals[0].Proven() || vals[0].Score != WinScore-1 {
		t.Fatalf("best %s %+v, want c8 or h8, a win in one", name, vals[0])
	}
	for _, v := range vals {
		x, y := b.XY(v.Move)
		if p.At(r.MoveAt(x, y)) != inarow.NoPlayer || v.Depth < 1 {
			t.Fatalf("candidate %+v on a stone or unsearched", v)
		}
	}
	if b.Count() != 8 {
		t.Fatalf("the board was not left as it was: %d stones", b.Count())
	}
}
