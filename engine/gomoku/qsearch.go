package gomokuengine

import "github.com/inarow/inarow/gomoku"

// The quiescence search of fours. At the horizon the static value stands
// for the position unless the side to move does better by fours: a four
// must be blocked at once, so a four that builds — one with a two or a
// three beside it in another direction — gains a stone for nothing and
// may turn the position, which a value read before it cannot see (Rapfi
// drops into a search of fours at the horizon too). The side to move
// may stand pat on the value (fail-soft); each of its building fours is
// answered by the forced block and searched again, up to qsFours of
// them; a four-three still goes to the VCF as at the old leaf.
//
// Fours that build nothing are left out: with every four the search took
// 5 times the nodes to depth 8 (`inarow bench gomoku`), with these 1.7.

// qsFours is the most fours the quiescence search plays in a line.
const qsFours = 4

// qsearch returns the value of the position for the side to move, within
// alpha and beta as alpha-beta's, after at most qd of its fours. The
// caller has counted the node (search's horizon node is this one).
func (s *searcher) qsearch(alpha, beta, ply, qd int) int {
	b := s.b
	if s.checkStop() {
		return 0
	}
	me, op := b.toMove, b.toMove^1
	if b.winner >= 0 {
		if b.winner == me {
			return WinScore - ply
		}
		return -WinScore + ply
	}
	if b.clsCnt[me][clsFive] > 0 {
		return WinScore - ply
	}
	if b.Full() {
		return 0
	}
	if b.clsCnt[op][clsFive] > 0 {
		// the block of the four just played (or the other side's four
		// that this block made): forced, and no four of the count
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
		s.nodes++
		v := -s.qsearch(-beta, -alpha, ply+1, qd)
		b.Undo()
		return v
	}
	if s.legalFlex4(me) >= 0 {
		return WinScore - ply - 2
	}
	if b.clsCnt[me][clsB4F3] > 0 {
		// a four-three wins (98 % of the time) by a VCF of a few nodes
		s.threatBudget(200)
		if ok, _ := s.vcf(6); ok {
			return WinScore - ply - 11
		}
	}
	best := s.eval()
	if best >= beta || qd <= 0 || ply >= maxPly {
		return best
	}
	alpha = max(alpha, best)
	var buf [64]int
	for _, m := range s.cellsOf(me, clsB4, buf[:0]) {
		if !fourBuilds(&b.pat[me][m]) || me == black && b.Rule == gomoku.Renju && b.maybeForbidden(m) && b.IsForbidden(m) {
			continue
		}
		b.Play(m)
		s.nodes++
		v := -s.qsearch(-beta, -alpha, ply+1, qd-1)
		b.Undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// fourBuilds reports a cell's patterns as a four with a two or a blocked
// three in another direction (a four with an open three is a four-three,
// a class of its own).
func fourBuilds(p *[4]uint8) bool {
	fours, more := 0, 0
	for _, x := range p {
		switch x {
		case patB4:
			fours++
		case patF2, patB3:
			more++
		}
	}
	return fours == 1 && more > 0
}
