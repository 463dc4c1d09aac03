package gomokuengine

import (
	"slices"
	"testing"

	"github.com/inarow/inarow/gomoku"
)

// defencesByHand plays every empty cell of the board for the side to move
// and keeps those after which the opponent holds no four-three,
// straight-four or five point: what fourThreeDefences finds from the
// points' lines alone.
func defencesByHand(b *board) (set [nWords]uint64) {
	me, op := b.toMove, b.toMove^1
	for y := range b.H {
		for x := range b.W {
			q := b.Idx(x, y)
			if !b.Empty(q) || !b.legalFor(me, q) {
				continue
			}
			b.Play(q)
			n := &b.clsCnt[op]
			if n[clsB4F3] == 0 && n[clsFlex4] == 0 && n[clsFive] == 0 {
				set[q>>6] |= 1 << (q & 63)
			}
			b.Undo()
		}
	}
	return set
}

// Black's h8 makes a four (e8–g8, blocked at d8) and an open three
// (h9–h10 with h8): white must take h8, or i8 (the four's other end), or
// break the three (at h7 or h11, among others). Exactly the cells after
// which black holds no four-three point are found, and only those (white
// has no four) are searched.
func TestFourThreeDefences(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, white,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"..........O....",
		"...............",
		"...OXXX........",
		".......X.......",
		".......X.......",
		"...............",
		"..O............",
		"...............",
	)
	me, op := b.toMove, b.toMove^1
	stones := b.Count()
	if b.clsCnt[op][clsB4F3] == 0 || b.cls[op][b.Idx(7, 7)] != clsB4F3 {
		t.Fatalf("black's h8 is no four-three point (class %d)", b.cls[op][b.Idx(7, 7)])
	}
	s := pruneSearcher(b, false)
	got, any := s.fourThreeDefences(me, op)
	if !any || got != defencesByHand(b) {
		t.Fatalf("defences %v, by hand %v", cellList(b, got), cellList(b, defencesByHand(b)))
	}
	for _, c := range [][2]int{{7, 7}, {8, 7}, {7, 6}, {7, 10}} {
		if q := b.Idx(c[0], c[1]); got[q>>6]&(1<<(q&63)) == 0 {
			t.Errorf("%v is no defence", c)
		}
	}
	var want []int
	for _, q := range cellList(b, got) {
		if b.nb[q] > 0 {
			want = append(want, q)
		}
	}
	var cands []int
	for _, m := range s.candidates(0, -1) {
		cands = append(cands, m.m)
	}
	slices.Sort(cands)
	if !slices.Equal(cands, want) {
		t.Errorf("candidates %v, want the defences %v", cands, want)
	}
	if n := len(pruneSearcher(b, true).candidates(0, -1)); n <= len(want) {
		t.Errorf("the reference search has %d candidates, no more than the defences", n)
	}
	if b.Count() != stones {
		t.Fatalf("%d stones after the searches, not %d", b.Count(), stones)
	}
}

// On the positions of random games where the opponent holds a four-three
// point, the cells on its lines are every defence there is.
func TestFourThreeDefencesRandom(t *testing.T) {
	tried := 0
	for _, x := range randomGames(t, 60, 29) {
		b, _ := newBoard(15, 15, gomoku.Freestyle)
		for _, mv := range x.Moves {
			b.Play(b.cellOf(mv))
		}
		me, op := b.toMove, b.toMove^1
		if b.Winner() >= 0 || b.clsCnt[op][clsB4F3] == 0 || b.clsCnt[op][clsFlex4] > 0 || b.clsCnt[op][clsFive] > 0 {
			continue
		}
		tried++
		got, any := pruneSearcher(b, false).fourThreeDefences(me, op)
		want := defencesByHand(b)
		if got != want || any != (want != [nWords]uint64{}) {
			t.Fatalf("after %d stones: defences %v, by hand %v", len(b.moves), cellList(b, got), cellList(b, want))
		}
	}
	if tried < 20 {
		t.Fatalf("%d positions with a four-three point: too few", tried)
	}
}

func cellList(b *board, set [nWords]uint64) []int {
	var out []int
	for q := range nCells {
		if set[q>>6]&(1<<(q&63)) != 0 {
			out = append(out, q)
		}
	}
	return out
}
