package gomokuengine

// Aspiration windows (after Rapfi's published search): from depth
// aspDepth on, an iteration searches the root within a window about the
// previous iteration's value instead of the full range. Most iterations
// end inside it, and a narrow window cuts more of the tree; a value on
// or outside an edge is a bound, and the root is searched again with
// that edge moved past it, by a step that grows each time (faster for
// large values, as Rapfi's does).
const (
	aspDepth = 5
	aspDelta = 176   // Rapfi's 16 at 11 of our units to one of Rapfi's: narrower re-searched more (see futMargin)
	aspStep  = 66    // Rapfi's 6
	aspLarge = 11264 // Rapfi's 1024: the step grows faster beyond this value
)

// aspirate searches the root to depth about the value prev of the last
// iteration, widening the window until the value falls inside it. A
// proven win or loss, or a depth below aspDepth, gets the full window.
func (s *searcher) aspirate(depth, prev int) int {
	if depth < aspDepth || prev <= -WinBound || prev >= WinBound {
		return s.search(depth, -WinScore-1, WinScore+1, 0, false)
	}
	delta := aspDelta
	alpha, beta := max(prev-delta, -WinScore-1), min(prev+delta, WinScore+1)
	for again := false; ; again = true {
		n := s.nodes
		v := s.search(depth, alpha, beta, 0, false)
		if again {
			s.reNodes += s.nodes - n
		}
		switch {
		case s.stopped:
			return v
		case v <= alpha: // fail low: the edge below moves down, and the one above in
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -WinScore-1)
		case v >= beta:
			beta = min(v+delta, WinScore+1)
		default:
			return v
		}
		delta = delta*(3+abs(v)/aspLarge)/4 + aspStep
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
