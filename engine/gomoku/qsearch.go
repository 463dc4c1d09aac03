package gomokuengine

// The quiescence search of fours (after Rapfi's search of fours at the
// horizon). At the horizon the static value stands for the position
// unless the side to move does better by fours: a four must be blocked
// at once, so a four that builds — one with a two or a three beside it
// in another direction — gains a stone for nothing and may turn the
// position, which a value read before it cannot see. The side to move
// may stand pat on the value (fail-soft); each of its building fours
// near its last stone is answered by the forced block and searched
// again, up to qsFours of them; a four-three goes to the VCF as at the
// plain leaf. The line's first four may be any four near that stone
// (with razoring into this search, +16 Elo [+4, +29] head to head over
// 674 opening pairs; issue 23, session 35).
//
// Only fours near the side's own last stone: an attack goes on where it
// is, and the search stays small (on `inarow bench gomoku --depth 9`
// the same nodes to a few in a thousand). Every building four anywhere
// (issue 23, session 22) scored −10 Elo [−42, +22] head to head over
// 242 games with the evaluation of the time; this one +12 [−4, +27]
// over 500 opening pairs, and with the alpha-improvement reduction and
// the quick win (search.go) +20 [+6, +34] over 610 (issue 23, session
// 34; docs/performance.md).

// qsFours is the most fours the quiescence search plays in a line: six
// (four until issue 23's session 36; more than six changes nothing on
// `inarow bench gomoku --depth 9`: longer lines of building fours are
// rare).
const qsFours = 6

// The quiescence search reads and writes the search's table, as Rapfi's
// search of fours does: an entry of any depth (the main search's, or its
// own at depth 0) may cut it off, and it stores its value at depth 0
// over no deeper entry of the position (storeQ). The main search never
// cuts off on such an entry (its depth is at least 1) but takes its move,
// a four that beat alpha, first. The entries do not tell how many fours
// were left, so a value may come from a line with more or fewer; with
// six fours that is seldom. With qsFours at six and the search's
// reductions and pruning by what a move is (search.go) it scored +12 Elo
// [+5, +20] head to head over 2,000 opening pairs (issue 23, sessions 36
// and 37; docs/performance.md).

// qsearch returns the value of the position for the side to move, within
// alpha and beta as alpha-beta's, after at most qd of its fours. The
// caller has counted the node (search's horizon node is this one).
func (s *searcher) qsearch(alpha, beta, ply, qd int) int {
	b := s.b
	if s.checkStop() {
		return 0
	}
	me := b.toMove
	v, block, done := s.settle(ply)
	if done {
		return v
	}
	if block >= 0 {
		// the block of the four just played (or of the other side's
		// four that the block made): forced, and no four of the count
		if ply >= maxPly {
			return s.eval()
		}
		b.Play(block)
		s.nodes++
		v := -s.qsearch(-beta, -alpha, ply+1, qd)
		b.Undo()
		return v
	}
	if s.legalFlex4(me) >= 0 {
		return WinScore - ply - 2
	}
	if s.fourThreeWins() {
		return WinScore - ply - 11
	}
	hk := b.Hash()
	if e, ok := s.tt.probe(hk); ok { // an entry of any depth
		if sc := fromTT(int(e.score), ply); e.settles(sc, alpha, beta) {
			return sc
		}
	}
	best := s.eval()
	if best >= beta || qd <= 0 || ply >= maxPly || len(b.moves) < 2 {
		return best
	}
	a0 := alpha
	alpha = max(alpha, best)
	bestMove := -1
	last := b.moves[len(b.moves)-2]
	var buf [64]int
	for _, m := range s.cellsOf(me, clsB4, buf[:0]) {
		if !s.qsFour(m, last, qd) {
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
				alpha, bestMove = v, m
				if v >= beta {
					break
				}
			}
		}
	}
	s.tt.storeQ(hk, toTT(best, ply), boundOf(best, a0, beta), bestMove)
	return best
}

// qsFour reports whether the quiescence search plays the side to move's
// four point m, its last stone at last, with qd fours left: a legal four
// near that stone that builds, or any such four as the line's first
// (Rapfi allows plain fours at its first plies of fours).
func (s *searcher) qsFour(m, last, qd int) bool {
	b := s.b
	return nearStone(m, last) && (qd == qsFours || fourBuilds(&b.st[b.toMove][m].pat)) && b.legalFor(b.toMove, m)
}

// nearStone reports whether cell m lies within two points of cell c in
// both directions, or within four on one of c's lines.
func nearStone(m, c int) bool {
	dx, dy := abs(m%stride-c%stride), abs(m/stride-c/stride)
	d := max(dx, dy)
	return d <= 2 || d <= 4 && (dx == 0 || dy == 0 || dx == dy)
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
