package main

import (
	"math/rand/v2"
	"testing"

	core "github.com/inarow/inarow"
)

// Every random line has its stone count, is still going and offers the
// side to move no win in one; the empty board is a line too.
func TestRandomLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, r := range []core.Rules{core.ConnectFour, {Cols: 8, Rows: 8, K: 4, Gravity: true}, {Cols: 4, Rows: 4, K: 3, Gravity: true}} {
		for _, n := range []int{0, 1, 7, 12, 20} {
			if n >= r.Cols*r.Rows {
				continue
			}
			for i := 0; i < 20; i++ {
				line, ok := randomLine(r, n, rng)
				if !ok {
					if r.K == 3 && n >= 12 {
						continue // 4×4, k = 3: most full-ish boards are won
					}
					t.Fatalf("%s: no line of %d stones", r, n)
				}
				if len(line) != n {
					t.Fatalf("%s: line %q has %d stones, want %d", r, line, len(line), n)
				}
				p, _ := core.NewPosition(r)
				for _, c := range line {
					m, err := p.Drop(int(c - '1'))
					if err != nil {
						t.Fatalf("%s: %q: %v", r, line, err)
					}
					if p, err = p.Play(m); err != nil {
						t.Fatalf("%s: %q: %v", r, line, err)
					}
				}
				if p.Over() || winsAtOnce(p, r.Cols) {
					t.Errorf("%s: %q is over or won in one", r, line)
				}
			}
		}
	}
}
