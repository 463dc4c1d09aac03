package gomokuengine

// Singular extensions (after Rapfi's published search, in the shape
// session 26 of issue 23 measured as se10): at a node of depth seDepth
// or more whose table entry is a lower bound or exact, at most seTTDepth
// plies shallower than the node, and no proven value, the node is first
// searched without the table's move, to seDepthPct percent of its depth,
// at a null window seMargin·depth below the entry's value. If nothing
// else reaches it, the table's move is singular and searched a ply
// deeper; if even that bound is at or above beta, the node fails high
// without the table's move as well (multi-cut: beta is returned); if only
// the entry's value is, the move is searched a ply shallower.
//
// At 0.2 s a move, from depth 5 or 7, they won a little against full
// Rapfi and lost a few more short games to Rapfi held to depth 4
// (sessions 20–26), and they nearly doubled the nodes to a nominal depth:
// not landed. From depth 8 they cost a third more nodes to depth 10
// (`inarow bench gomoku --depth 10`) and come into their own with the
// time: against full Rapfi at 1 s a move they scored 36.6 % where the
// search without them scored 30.3 %, +6.2 ± 5.0 points (2σ) over 320
// paired games on rand280d-15, openings nothing had used (issue 23,
// session 70; at 0.2 s +8.4 ± 8.8 over 160 pairs; against Rapfi at depth
// 4 and 2, 160-0 and 157-3: no drop). Rapfi's double extension (two
// plies where the rest stay far below, off the principal variation) and
// a margin of 4·depth (Rapfi's at the evaluation's present scale) did
// not gain at 0.2 s: −1.6 ± 6.4 and −4.2 ± 5.8 over 320 pairs (session
// 71). docs/performance.md has the runs.
const (
	seDepth    = 8
	seTTDepth  = 2
	seDepthPct = 46
	seMargin   = 10
)

// singular is the singular-extension test of move m, the table's move of
// the node at ply whose entry is e (see above): the plies it adds to m's
// depth (1, 0 or −1), or multiCut when the node fails high without it.
func (s *searcher) singular(e ttEntry, m, depth, beta, ply int, cut bool) (ext int, multiCut bool) {
	if depth < seDepth || s.reference || ply == 0 || s.skip[ply] != 0 || e.flag == ttUpper || int(e.depth) < depth-seTTDepth {
		return 0, false
	}
	sc := fromTT(int(e.score), ply)
	if sc <= -WinBound || sc >= WinBound {
		return 0, false
	}
	sb := sc - seMargin*depth
	s.skip[ply] = m + 1
	v := s.search(depth*seDepthPct/100, sb-1, sb, ply, cut)
	s.skip[ply] = 0
	switch {
	case s.stopped:
		return 0, false
	case v < sb:
		return 1, false
	case sb >= beta:
		return 0, true
	case sc >= beta:
		return -1, false
	}
	return 0, false
}
