package tictactoe

import "testing"

// drawNames and drawCells are one full game to a draw, nine moves.
var (
	drawNames = []string{"middle-center", "top-left", "top-right", "bottom-left", "middle-left",
		"middle-right", "top-center", "bottom-center", "bottom-right"}
	drawCells = []int{4, 0, 2, 6, 3, 5, 1, 7, 8}
)

// BenchmarkGamePlay plays a whole game (nine moves) per operation through
// the typehero Game.
func BenchmarkGamePlay(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		g := New()
		for _, m := range drawNames {
			var err error
			if g, err = g.Play(m); err != nil {
				b.Fatal(err)
			}
		}
		if g.State != Draw {
			b.Fatal(g.State)
		}
	}
}

// BenchmarkPlayboardPlay plays a whole game (nine moves) per operation
// through the bitboard Playboard, and renders its line.
func BenchmarkPlayboardPlay(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		p := NewPlayboard()
		for _, c := range drawCells {
			var err error
			if p, err = p.Play(c); err != nil {
				b.Fatal(err)
			}
		}
		if p.Text() != "Draw!" {
			b.Fatal(p.Text())
		}
	}
}
