package solve

import (
	"context"
	"time"

	"github.com/inarow/inarow"
)

// Limits bound a Search; its context ends it too.
type Limits struct {
	// Progress, when set, receives the search's report once it ends (the
	// exact search has no better move to offer part way: a column is
	// proven best or not yet known).
	Progress func(Info)
}

// Info is a search's report.
type Info struct {
	Score   Score         // the position's exact score, Pons' convention
	Best    []inarow.Move // the moves proven to attain Score so far, by column
	Nodes   uint64        // positions searched
	Elapsed time.Duration
}

// Result is the outcome of Search.
type Result struct {
	// Move is the best move nearest the centre; NoMove when the context
	// ended before one was proven.
	Move    inarow.Move
	Score   Score         // the position's exact score, Pons' convention
	Best    []inarow.Move // every move of Score, by column (those proven, when cut short)
	Nodes   uint64
	Elapsed time.Duration
}

// Search is the solver's edge in the shape of every search of the
// module (mcts, the gomoku engine): the exact score of p for the player to
// move and its best moves, as BestMoves finds them. When ctx ends it
// returns the moves proven so far, if any (then Score is known), with
// ctx's error. A finished position is
// inarow.ErrGameOver; rules that are not the solver's, an error from
// Geometry.FromPosition.
func (s *C4Solver) Search(ctx context.Context, p inarow.Position, lim Limits) (Result, error) {
	start, nodes := time.Now(), s.nodes
	res := Result{Move: inarow.NoMove}
	if p.Over() {
		return res, inarow.ErrGameOver
	}
	b, err := s.g.FromPosition(p)
	if err != nil {
		return res, err
	}
	v, cols, err := s.BestMoves(ctx, b)
	if err == nil || len(cols) > 0 { // else the score may not be known
		res.Score = v
	}
	best, bestDist := -1, 1<<30
	for _, c := range cols {
		m, derr := p.Drop(c)
		if derr != nil {
			return Result{Move: inarow.NoMove}, derr
		}
		res.Best = append(res.Best, m)
		if d := max(2*c-(s.g.W-1), (s.g.W-1)-2*c); d < bestDist {
			best, bestDist = len(res.Best)-1, d
		}
	}
	if best >= 0 {
		res.Move = res.Best[best]
	}
	res.Nodes, res.Elapsed = s.nodes-nodes, time.Since(start)
	if lim.Progress != nil {
		lim.Progress(Info{Score: res.Score, Best: res.Best, Nodes: res.Nodes, Elapsed: res.Elapsed})
	}
	return res, err
}
