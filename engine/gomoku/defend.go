package gomokuengine

import "github.com/inarow/inarow/gomoku"

// A four-three point of the opponent (a cell where one stone makes a
// four and an open three) wins for it unless the side to move answers
// it now: the four forces the block, and the three becomes a straight
// four. Only these moves answer it (after Rapfi's published move
// generator, which keeps just them at such nodes):
//
//   - the point itself;
//   - the four's other point: the first empty cell each way along the
//     four's line, past the opponent's stones (one of the two completes
//     the five, so both are kept);
//   - the three's defences: every empty cell within four of the point
//     along the three's line (the defences of an open three lie there);
//   - a counter: a cell that makes our forced block of the five point a
//     four of ours, read as an empty cell on a line through that point,
//     reached past our stones, where our stone would make a three or
//     more along that line.
//
// Our own fours are kept beside them by the caller. If our block of the
// five point would be a four already, nothing needs answering: the
// caller searches every move. TestB4F3DefenceSound checks on random
// positions that every other move loses to a VCF.

// b4f3Defence sets in def the answers to one four-three point of op and
// reports whether the search may keep to them (and the side to move's
// own fours). It returns false where the rule's lines are not read this
// way (caro's blocked fives, renju black's forbidden points) or where our
// block of the five point makes a four already.
func (b *board) b4f3Defence(op int, def *[nWords]uint64) bool {
	if b.Rule == gomoku.Caro || b.Rule == gomoku.CaroExact || b.Rule == gomoku.Renju && op == black {
		return false
	}
	me := op ^ 1
	x := b.firstOf(op, clsB4F3)
	if x < 0 {
		return false
	}
	set := func(q int) { def[q>>6] |= 1 << (q & 63) }
	set(x)
	for d := 0; d < 4; d++ {
		off := dirOff[d]
		switch b.st[op][x].pat[d] {
		case patB4:
			for _, o := range [2]int{off, -off} {
				q := x + o
				for k := 1; k < winLen && b.cell[q] == uint8(op); k++ {
					q += o
				}
				if b.cell[q] != empty {
					continue
				}
				set(q)
				if b.st[op][q].pat[d] < patB4 {
					continue // not the five point: no counter read from it
				}
				if c := b.st[me][q].cls; c >= clsB4 && c != clsF3F3 {
					return false // our block makes a four: no need to answer
				}
				b.counters(me, q, set)
			}
		case patF3:
			for _, o := range [2]int{off, -off} {
				q := x
				for k := 1; k < winLen; k++ {
					q += o
					if b.cell[q] == empty {
						set(q)
					} else if b.cell[q] != uint8(op) {
						break
					}
				}
			}
		}
	}
	return true
}

// counters sets the cells where a stone of me would make its block at
// the five point q a four: empty cells on q's lines, reached past me's
// stones, where me makes a three or more along that line.
func (b *board) counters(me, q int, set func(int)) {
	for e := 0; e < 4; e++ {
		for _, o := range [2]int{dirOff[e], -dirOff[e]} {
			p := q
			for k := 1; k < winLen; k++ {
				p += o
				if b.cell[p] == uint8(me) {
					continue
				}
				if b.cell[p] != empty || b.st[me][p].pat[e] < patB3 {
					break
				}
				set(p)
			}
		}
	}
}
