package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// qsRef is the quiescence search's plain reference: the same moves (the
// forced block, the side to move's building fours, standing pat on the
// value) searched to the end with no window.
func (s *searcher) qsRef(ply, qd int) int {
	b := s.b
	me, op := b.toMove, b.toMove^1
	switch {
	case b.winner >= 0 && b.winner == me:
		return WinScore - ply
	case b.winner >= 0:
		return -WinScore + ply
	case b.clsCnt[me][clsFive] > 0:
		return WinScore - ply
	case b.Full():
		return 0
	}
	if b.clsCnt[op][clsFive] > 0 {
		var fb [8]int
		f := s.cellsOf(op, clsFive, fb[:0])
		if len(f) >= 2 {
			if f[0] = b.blockFives(op, f); f[0] < 0 {
				return -WinScore + ply + 1
			}
		} else if !b.legalFor(me, f[0]) {
			return -WinScore + ply + 1
		}
		if ply >= maxPly {
			return s.eval()
		}
		b.Play(f[0])
		v := -s.qsRef(ply+1, qd)
		b.Undo()
		return v
	}
	if s.legalFlex4(me) >= 0 {
		return WinScore - ply - 2
	}
	if b.clsCnt[me][clsB4F3] > 0 {
		s.threatBudget(200)
		if ok, _ := s.vcf(6); ok {
			return WinScore - ply - 11
		}
	}
	best := s.eval()
	if qd <= 0 || ply >= maxPly {
		return best
	}
	for _, m := range s.cellsOf(me, clsB4, nil) {
		if !fourBuilds(&b.pat[me][m]) || me == black && b.Rule == gomoku.Renju && b.maybeForbidden(m) && b.IsForbidden(m) {
			continue
		}
		b.Play(m)
		best = max(best, -s.qsRef(ply+1, qd-1))
		b.Undo()
	}
	return best
}

// The quiescence search against its reference on the positions of random
// games, each with windows about the true value: below, above, around
// and a null window at it. A fail-soft alpha-beta returns the value
// itself inside the window and a bound on the right side outside it;
// and never less than the static value it may stand pat on.
func TestQSearchMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	positions, withFours, moved := 0, 0, 0
	for _, x := range randomGames(t, 60, 23) {
		b, _ := newBoard(15, 15, gomoku.Freestyle)
		for _, mv := range x.Moves {
			b.Play(b.cellOf(mv))
		}
		if b.Winner() >= 0 {
			continue
		}
		s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Minute)}
		want := s.qsRef(0, qsFours)
		var buf [64]int
		for _, m := range s.cellsOf(b.toMove, clsB4, buf[:0]) {
			if fourBuilds(&b.pat[b.toMove][m]) {
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
			got := s.qsearch(alpha, beta, 0, qsFours)
			switch {
			case want <= alpha && got > alpha,
				want >= beta && got < beta,
				want > alpha && want < beta && got != want:
				t.Fatalf("position of %d stones, window (%d, %d): qsearch %d, the reference %d", len(b.moves), alpha, beta, got, want)
			}
			if b.clsCnt[b.toMove^1][clsFive] == 0 && got < stand && got > -winBound {
				t.Fatalf("position of %d stones: qsearch %d below the static value %d", len(b.moves), got, stand)
			}
		}
		if b.Count() != len(x.Moves) {
			t.Fatalf("the board holds %d stones after the searches, not %d", b.Count(), len(x.Moves))
		}
	}
	if positions < 1000 || withFours < 100 || moved < 20 {
		t.Fatalf("%d positions, %d with a building four, %d whose value the fours moved: too few to tell", positions, withFours, moved)
	}
	t.Logf("%d positions, %d with a building four, %d whose value the fours moved", positions, withFours, moved)
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
