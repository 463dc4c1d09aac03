package gomokuengine

import (
	"context"
	"fmt"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// The cheapest cut (issue 23, session 55): the move order is fitted to
// the moves that cut off in the engine's own search (gomoku-evalfit
// cuts), but a search's cutoffs are its own order's choices — where the
// first move cut off, no other was tried — so a fit learns to agree
// with the order it was sampled from. CutCosts asks what the order
// cannot make: at a node where a move cut off, every candidate searched
// alone, each from the same empty table, and which of those that cut
// off did it with the fewest nodes. A fit to that target is free of the
// sampling order's choices.

// CutCost is one candidate's search at a cut node (CutCosts).
type CutCost struct {
	Move  inarow.Move
	Nodes int64 // its search's nodes (the cap, if it did not finish)
	Cuts  bool  // its value reached the node's beta
}

// CutCosts searches the moves of cut node c, on a w×h board of rule,
// one at a time: each to c.Depth-1 plies against the null window at
// c.Beta, from an empty table and history, the node's own cutting move
// first; every other one gets as many nodes as the cheapest cut so far
// (a move that needs more is not the cheapest), each at most maxNodes.
// The moves are the node's first 24 candidates in the order (with no
// history) and c.Move. A node at depth 1 or with a win's beta (whose
// value depends on its ply) is an error wrapping ErrBadSample.
func CutCosts(ctx context.Context, rule gomoku.Rule, w, h int, c Cut, maxNodes int64) ([]CutCost, error) {
	if c.Depth < 2 || c.Beta <= -WinBound || c.Beta >= WinBound {
		return nil, fmt.Errorf("%w: a cut at depth %d, beta %d: CutCosts needs depth 2 or more and no win's beta", ErrBadSample, c.Depth, c.Beta)
	}
	b, err := newBoard(w, h, rule)
	if err != nil {
		return nil, err
	}
	b.SetToMove(black)
	for _, m := range c.Moves {
		if int(m) < 0 || int(m) >= w*h || b.winner >= 0 || !b.Empty(b.cellOf(m)) {
			return nil, fmt.Errorf("%w: the cut's moves are not a game in progress", ErrBadSample)
		}
		b.Play(b.cellOf(m))
	}
	cm := int(c.Move)
	if cm < 0 || cm >= w*h || !b.legalFor(b.toMove, b.cellOf(c.Move)) {
		return nil, fmt.Errorf("%w: the cut's move %d is no legal point", ErrBadSample, cm)
	}
	s := &searcher{b: b, ctx: ctx, start: time.Now(), hard: time.Now().Add(24 * time.Hour)}
	// the node's first 24 moves, as the search's list has them at
	// depth 2 or more (searcher.search's maxMoves), its own cut first
	first := b.cellOf(c.Move)
	moves := []int{first}
	for k, sc := range s.genMoves(0, -1) {
		if k == 24 {
			break
		}
		if sc.m != first {
			moves = append(moves, sc.m)
		}
	}
	me := b.toMove
	var out []CutCost
	best := maxNodes // each move's cap: the cheapest cut so far
	for _, m := range moves {
		// a fresh table for each move: make's zeroing is far cheaper
		// than TT.Clear's atomic stores (slow under -race above all)
		s.tt = NewTT(1 << 20)
		s.hist = [2][nCells]int32{}
		s.killers = [maxPly + 2][2]int{}
		s.frac = [maxPly + 2]int{}
		s.stopped, s.nodes, s.maxNodes = false, 0, best
		s.fours[0] = isFour(b.st[me][m].cls)
		s.threes[0] = b.st[me][m].cls >= clsThree
		b.Play(m)
		v := -s.search(c.Depth-1, -c.Beta, -c.Beta+1, 1, false)
		b.Undo()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cc := CutCost{Move: b.move(m), Nodes: s.nodes, Cuts: !s.stopped && v >= c.Beta}
		if cc.Cuts && cc.Nodes < best {
			best = cc.Nodes
		}
		out = append(out, cc)
	}
	return out, nil
}
