// Package solve computes exact game values of k-in-a-row positions.
//
// Scores follow Pascal Pons' Connect Four convention, generalised to any
// board of C cells: 0 is a draw; a win for the player to move with their
// N-th stone scores (C+1)/2 + 1 − N, so a faster win scores higher; a loss
// is the negative of the opponent's win.
//
// Two solvers share that convention:
//
//   - Solver, a plain negamax over inarow.Position with a map of bounds,
//     for any Rules small enough: tic-tac-toe, 4×4, small m,n,k-games with
//     or without gravity.
//   - C4Solver, the Connect Four solver, for gravity games whose padded
//     board fits one word ((Rows+1)·Cols ≤ 64: 7×6, 6×7, 8×7, 6×5, 4×4…)
//     and any K, built on Pascal Pons' design: a bitboard with a unique
//     key (board.go), threat cells for any K (winning.go), anticipation
//     of the opponent's immediate threats and move ordering by the threats
//     a move creates, a fixed-size transposition table of upper and lower
//     bounds (table.go), mirror symmetry in the opening, enhanced
//     transposition cutoffs, and at the root a bisection of the score by
//     null-window searches (c4.go).
package solve

import (
	"context"
	"errors"

	"github.com/inarow/inarow"
)

// ErrTooBig is returned when a search would visit more positions than the
// solver's limit allows.
var ErrTooBig = errors.New("solve: position too large for the exact solver")

// Solver keeps the values it has computed, so repeated questions about
// one game are cheap. A Solver is not safe for concurrent use.
type Solver struct {
	// MaxPositions bounds the table (and so memory); 0 means 4,000,000.
	MaxPositions int
	table        map[inarow.Key]bounds
}

// Score is the exact value of a position for the player to move.
type Score int

// Terminal returns the score of a finished position for the player to
// move (who lost if there is a winner).
func Terminal(p inarow.Position) Score {
	o := p.Outcome()
	if o.Status != inarow.Won {
		return 0
	}
	r := p.Rules()
	return -WinScore(r.Cells(), (p.Ply()+1)/2) // the winner's last stone was its ((ply+1)/2)-th
}

// Solve returns the exact value of p for the player to move.
func (s *Solver) Solve(ctx context.Context, p inarow.Position) (Score, error) {
	if s.table == nil {
		s.table = make(map[inarow.Key]bounds)
	}
	limit := s.MaxPositions
	if limit == 0 {
		limit = 4_000_000
	}
	n := Score(p.Rules().Cells())
	return s.negamax(ctx, p, -n, n, limit)
}

// bounds is what the table knows of a position's value: lower ≤ v ≤ upper.
type bounds struct{ lower, upper int8 }

// negamax is alpha-beta over the value table: a search that fails low or
// high stores a bound, one inside the window an exact value.
func (s *Solver) negamax(ctx context.Context, p inarow.Position, alpha, beta Score, limit int) (Score, error) {
	if p.Over() {
		return Terminal(p), nil
	}
	// The best conceivable result is a win with the next stone.
	if most := WinScore(p.Rules().Cells(), (p.Ply()+2)/2); beta > most {
		beta = most
		if alpha >= beta {
			return beta, nil
		}
	}
	k := p.Key()
	b, known := s.table[k]
	if known {
		lo, hi := Score(b.lower), Score(b.upper)
		if lo == hi || lo >= beta {
			return lo, nil
		}
		if hi <= alpha {
			return hi, nil
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	} else {
		if len(s.table) >= limit {
			return 0, ErrTooBig
		}
		b = bounds{-127, 127}
	}
	if len(s.table)&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var buf [inarow.MaxSize * inarow.MaxSize]inarow.Move
	alpha0, best := alpha, Score(-1<<30)
	for _, m := range p.AppendLegal(buf[:0]) {
		child, _ := p.Play(m)
		v, err := s.negamax(ctx, child, -beta, -alpha, limit)
		if err != nil {
			return 0, err
		}
		best = max(best, -v)
		alpha = max(alpha, -v)
		if alpha >= beta {
			break
		}
	}
	switch {
	case best <= alpha0:
		b.upper = int8(min(Score(b.upper), best))
	case best >= beta:
		b.lower = int8(max(Score(b.lower), best))
	default:
		b = bounds{int8(best), int8(best)}
	}
	s.table[k] = b
	return best, nil
}

// MoveScore is the exact value of playing Move, for the player who plays it.
type MoveScore struct {
	Move  inarow.Move
	Score Score
}

// Analyze returns the value of every legal move of p, in AppendLegal order.
func (s *Solver) Analyze(ctx context.Context, p inarow.Position) ([]MoveScore, error) {
	var out []MoveScore
	for _, m := range p.AppendLegal(nil) {
		child, _ := p.Play(m)
		v, err := s.Solve(ctx, child)
		if err != nil {
			return nil, err
		}
		out = append(out, MoveScore{m, -v})
	}
	return out, nil
}

// Best returns the moves of p with the best score (a win, the fastest
// one; else a draw; else the slowest loss).
func (s *Solver) Best(ctx context.Context, p inarow.Position) ([]inarow.Move, Score, error) {
	scores, err := s.Analyze(ctx, p)
	if err != nil || len(scores) == 0 {
		return nil, 0, err
	}
	best := scores[0].Score
	for _, ms := range scores {
		best = max(best, ms.Score)
	}
	var moves []inarow.Move
	for _, ms := range scores {
		if ms.Score == best {
			moves = append(moves, ms.Move)
		}
	}
	return moves, best, nil
}
