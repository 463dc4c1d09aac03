package gomoku

import (
	"math/rand/v2"
	"testing"

	"github.com/inarow/inarow"
)

// benchPositions are random crowded 15×15 renju positions (see
// randomRenju), the same for every run.
func benchPositions() []inarow.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	ps := make([]inarow.Position, 64)
	for i := range ps {
		ps[i] = randomRenju(rng, 15)
	}
	return ps
}

// BenchmarkIsForbiddenPosition: one point, from an inarow.Position (the
// Board is built for the call).
func BenchmarkIsForbiddenPosition(b *testing.B) {
	ps := benchPositions()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i%len(ps)]
		IsForbidden(p, inarow.Move(112+i%7))
		i++
	}
}

// BenchmarkIsForbiddenBoard: one empty point of a kept Board near black
// stones (the engine's case).
func BenchmarkIsForbiddenBoard(b *testing.B) {
	ps := benchPositions()
	type q struct {
		b  *Board
		ms []inarow.Move
	}
	var qs []q
	for _, p := range ps {
		bd := BoardOf(p)
		var ms []inarow.Move
		for m := inarow.Move(0); int(m) < 225; m++ {
			if p.At(m) == inarow.NoPlayer {
				ms = append(ms, m)
			}
		}
		qs = append(qs, q{bd, ms})
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := qs[i%len(qs)]
		x.b.IsForbidden(x.ms[i%len(x.ms)])
		i++
	}
}

// BenchmarkForbiddenAll: every forbidden point of a position, as shown to
// black before each move.
func BenchmarkForbiddenAll(b *testing.B) {
	ps := benchPositions()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Forbidden(ps[i%len(ps)])
		i++
	}
}
