package solve

import "math/bits"

// winning returns the empty cells of the board where one more stone of p
// would complete K in a row: the threats of p, playable now or not.
//
// For a direction of shift s, call L_i the cells whose i nearest cells
// before them (c−s, c−2s, … c−i·s) are all p's, and R_i the same after
// them; L_i = L_{i−1} & p<<(i·s). A cell completes a line in that
// direction when for some i its i cells before and K−1−i cells after are
// p's: the union over i of L_i & R_{K−1−i}. Vertically only the cells
// below count (those above an empty cell are empty). This is exact for
// every K; K = 4, Connect Four, has its own unrolled form.
func (g *Geometry) winning(p, mask uint64) uint64 {
	if g.c4 {
		return winning7x6(p, mask)
	}
	if g.K == 4 {
		return g.winning4(p, mask)
	}
	return g.winningK(p, mask)
}

// winning4 is winning for K = 4 with the runs written out: three below;
// and in each other direction three before, three after, two before and
// one after, one before and two after.
func (g *Geometry) winning4(p, mask uint64) uint64 {
	r := (p << 1) & (p << 2) & (p << 3)
	for _, s := range [3]uint{g.stride, g.stride - 1, g.stride + 1} {
		l1, r1 := p<<s, p>>s
		l2, r2 := l1&(p<<(2*s)), r1&(p>>(2*s))
		r |= l2&(p<<(3*s)) | l2&r1 | r2&l1 | r2&(p>>(3*s))
	}
	return r & (g.board ^ mask)
}

// board7x6 is every cell of the 7×6 board (see Geometry).
const board7x6 = 0b0111111_0111111_0111111_0111111_0111111_0111111_0111111

// winning7x6 is winning4 for 7×6 Connect Four, the one geometry that
// matters most, with the shifts as constants (a shift by a variable
// amount costs Go a range check): the solver runs 12–20% faster on Pons'
// sets with it.
func winning7x6(p, mask uint64) uint64 {
	r := (p << 1) & (p << 2) & (p << 3)
	r |= lines4(p, 7) | lines4(p, 6) | lines4(p, 8)
	return r & (board7x6 ^ mask)
}

// lines4 is one direction of winning4, for a constant shift.
func lines4(p uint64, s uint) uint64 {
	l1, r1 := p<<s, p>>s
	l2, r2 := l1&(p<<(2*s)), r1&(p>>(2*s))
	return l2&(p<<(3*s)) | l2&r1 | r2&l1 | r2&(p>>(3*s))
}

// winningK is winning for any K ≥ 1.
func (g *Geometry) winningK(p, mask uint64) uint64 {
	k := uint(g.K)
	r := ^uint64(0)
	for i := uint(1); i < k; i++ {
		r &= p << i
	}
	var after [64]uint64
	for _, s := range [3]uint{g.stride, g.stride - 1, g.stride + 1} {
		after[0] = ^uint64(0)
		for i := uint(1); i < k; i++ {
			after[i] = after[i-1] & (p >> (i * s))
		}
		before := ^uint64(0)
		for i := uint(0); i < k; i++ {
			if i > 0 {
				before &= p << (i * s)
			}
			r |= before & after[k-1-i]
		}
	}
	return r & (g.board ^ mask)
}

// nonLosing returns the playable cells that do not lose at once, for a
// position where the player to move cannot win with one stone: if the
// opponent threatens a playable cell the move there is forced (two such
// threats and every move loses: 0), and a move right below an opponent's
// threat would hand it over.
func (g *Geometry) nonLosing(b Board) uint64 {
	next, _ := g.nonLosingThreats(b)
	return next
}

// nonLosingThreats is nonLosing that also returns the opponent's threats.
func (g *Geometry) nonLosingThreats(b Board) (next, opp uint64) {
	possible := g.possible(b.mask)
	opp = g.winning(b.current^b.mask, b.mask)
	if forced := possible & opp; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0, opp
		}
		possible = forced
	}
	return possible &^ (opp >> 1), opp
}

// moveScore is the move-ordering score of the player to move putting a
// stone on cell move: the number of threats it would then hold.
func (g *Geometry) moveScore(b Board, move uint64) int {
	return bits.OnesCount64(g.winning(b.current|move, b.mask))
}

// orderScore is the exact solver's move-ordering score of the player to
// move putting a stone on cell move, opp being the opponent's threats.
// It counts the threats the move leaves the player, but only the useful
// ones — a threat right above an opponent's threat never wins, since
// filling the cell below it hands the opponent their line — and counts
// one and a half times those that the next stone in their column would
// make playable: they force the play soonest. Weighing also the threats
// two stones away, or the near ones twice or more, searched more nodes on
// 4453 and on random positions of 8–18 stones.
//
// wins reports that the move wins by force with the player's next stone:
// the opponent has no move that does not lose at once (two playable
// threats, or one whose block sits right below another, or every playable
// cell below one), so the node need not search the child to know it.
func (g *Geometry) orderScore(b Board, move, opp uint64) (score int, wins bool) {
	mask := b.mask | move
	mine := g.winning(b.current|move, mask)
	possible := g.possible(mask)
	// The opponent's non-losing moves, as nonLosingThreats finds them.
	reply := possible &^ (mine >> 1)
	if forced := possible & mine; forced != 0 {
		reply &= forced
		if forced&(forced-1) != 0 {
			reply = 0
		}
	}
	useful := mine &^ (opp << 1)
	near := useful & (possible << 1)
	return 2*bits.OnesCount64(useful) + bits.OnesCount64(near), reply == 0
}
