package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// TestB4F3DefenceSound: on random positions where the opponent holds a
// four-three point and nothing stronger, every move the search leaves
// out (not an answer b4f3Defence lists, not a four of ours) loses to a
// VCF of the opponent; and the board is as it was after asking.
func TestB4F3DefenceSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 43))
	positions, pruned := 0, 0
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		n := 0
		for tries := 0; tries < 60000 && n < 100/raceDiv; tries++ { // 104 s under -race on a loaded machine with 100
			b := randomCentreBoard(rng, rule, 8+rng.IntN(30))
			me, op := b.toMove, b.toMove^1
			if b.Winner() >= 0 || b.clsCnt[me][clsFive] > 0 || b.clsCnt[me][clsFlex4] > 0 ||
				b.clsCnt[op][clsFive] > 0 || b.clsCnt[op][clsFlex4] > 0 || b.clsCnt[op][clsB4F3] == 0 {
				continue
			}
			hash := b.Hash()
			var def [nWords]uint64
			if !b.b4f3Defence(op, &def) {
				continue
			}
			if b.Hash() != hash {
				t.Fatal("b4f3Defence changed the board")
			}
			positions, n = positions+1, n+1
			s := &searcher{b: b, tt: NewTT(1 << 16), ctx: context.Background(), hard: time.Now().Add(time.Hour)}
			for y := 0; y < 15; y++ {
				for x := 0; x < 15; x++ {
					i := b.Idx(x, y)
					if !b.legalFor(me, i) || def[i>>6]&(1<<(i&63)) != 0 {
						continue
					}
					if c := b.st[me][i].cls; c >= clsB4 && c != clsF3F3 {
						continue
					}
					pruned++
					b.Play(i)
					s.threatBudget(200_000)
					ok, _ := s.vcf(10)
					if !ok {
						t.Fatalf("%v: after %d,%d (left out) the opponent has no VCF; black %v white %v, %v to move", rule, x, y, b.stonesOf(black), b.stonesOf(white), me)
					}
					b.Undo()
				}
			}
		}
	}
	if positions < 300/raceDiv || pruned < 10*positions {
		t.Fatalf("only %d positions and %d moves left out were checked", positions, pruned)
	}
	t.Logf("%d positions, %d moves left out, each lost to a VCF", positions, pruned)
}
