package mcts

import (
	"math"
)

// node is one position of a worker's tree, reached by move (a grid cell)
// played by mover. Its statistics are from mover's side: w is the sum of
// the playout rewards (1 a win, ½ a draw, 0 a loss) over n visits.
type node struct {
	children []node
	w        float64
	n        int32
	cell     int16
	mover    uint8
	// proof is the game-theoretic value for mover once known (MCTS-solver):
	// +1 a win, −1 a loss.
	proof int8
	// terminal: the game ended with this move (won or drawn board).
	terminal bool
	expanded bool
	// partial: the children leave out moves (far from the stones), so all
	// of them losing proves nothing.
	partial bool
}

const (
	proofWin  int8 = 1
	proofLoss int8 = -1
)

// selectChild picks the child to descend into by UCT, never a child proven
// lost for its mover (unless all are). Unvisited children come first in
// their (shuffled) order.
func (n *node) selectChild(c float64) *node {
	logN := math.Log(float64(n.n) + 1)
	var best *node
	bestScore := math.Inf(-1)
	for i := range n.children {
		ch := &n.children[i]
		if ch.proof == proofWin {
			return ch
		}
		if ch.proof == proofLoss {
			continue
		}
		if ch.n == 0 {
			return ch
		}
		cn := float64(ch.n)
		s := ch.w/cn + c*math.Sqrt(logN/cn)
		if s > bestScore {
			best, bestScore = ch, s
		}
	}
	if best == nil { // every child is a proven loss
		return &n.children[0]
	}
	return best
}

// updateProof sets n's proof from its children's: a child won for its
// mover (n's opponent) makes n lost; all children lost for their mover
// make n won. It reports whether n's proof changed.
func (n *node) updateProof() bool {
	if n.proof != 0 || !n.expanded || len(n.children) == 0 {
		return false
	}
	allLost := true
	for i := range n.children {
		switch n.children[i].proof {
		case proofWin:
			n.proof = proofLoss
			return true
		case proofLoss:
		default:
			allLost = false
		}
	}
	if allLost && !n.partial {
		n.proof = proofWin
		return true
	}
	return false
}

// count returns the number of nodes of the subtree (for tests).
func (n *node) count() int {
	c := 1
	for i := range n.children {
		c += n.children[i].count()
	}
	return c
}
