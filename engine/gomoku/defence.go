package gomokuengine

// The answers to a four-three point. Where the opponent has a point at
// which its stone makes a four and an open three at once, a move that
// leaves it such a point loses: it plays there, the four must be blocked
// and the three becomes a straight four. So a node whose opponent holds
// one searches only the moves after which the opponent holds no
// four-three, straight-four or five point — found by playing each empty
// cell on the lines through those points, within the patterns' reach,
// and reading the opponent's classes — and the side to move's own fours
// (which may win first or gain the tempo to defend). Rapfi's published
// search narrows these nodes the same way. Where no move defends, every
// move is searched: the search then proves the loss.

// fourThreeDefences returns the cells at which the side to move me
// leaves the opponent op no four-three, straight-four or five point, and
// whether there is one.
func (s *searcher) fourThreeDefences(me, op int) (set [nWords]uint64, any bool) {
	b := s.b
	var pts [16]int
	var tried [nWords]uint64
	for _, p := range s.cellsOf(op, clsB4F3, pts[:0]) {
		for d := 0; d < 4; d++ {
			for o := -b.reach; o <= b.reach; o++ {
				q := p + o*dirOff[d]
				if b.cell[q] != empty || tried[q>>6]&(1<<(q&63)) != 0 {
					continue // (the padding is a wall: q stays on the array)
				}
				tried[q>>6] |= 1 << (q & 63)
				if !b.legalFor(me, q) {
					continue
				}
				b.Play(q)
				n := &b.clsCnt[op]
				ok := n[clsB4F3] == 0 && n[clsFlex4] == 0 && n[clsFive] == 0
				b.Undo()
				if ok {
					set[q>>6] |= 1 << (q & 63)
					any = true
				}
			}
		}
	}
	return set, any
}
