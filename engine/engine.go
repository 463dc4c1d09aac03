// Package engine holds the computer players. A Player picks a move for
// the side to move of a position; the ones here are the simple and the
// exact players every game has. Stronger searches (the Connect Four
// solver, the gomoku engine of engine/gomoku, MCTS) plug in behind the
// same interface.
package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// Player chooses a move for the side to move of p.
type Player interface {
	Move(ctx context.Context, p inarow.Position) (inarow.Move, error)
}

// A Recaller is a Player that also reads the moves that led to the
// position, which a Position keeps only the last of: the gomoku engine
// weighs the last two stones (its order and reductions read where each
// side played last).
type Recaller interface {
	MoveAfter(ctx context.Context, p inarow.Position, moves []inarow.Move) (inarow.Move, error)
}

// MoveAfter is pl's move in p, which the game's moves (oldest first)
// led to: a Recaller reads them, any other player p alone. Front ends
// that keep the game's moves (the server, inarow play, agent.Match) ask
// for moves this way.
func MoveAfter(ctx context.Context, pl Player, p inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	if r, ok := pl.(Recaller); ok {
		return r.MoveAfter(ctx, p, moves)
	}
	return pl.Move(ctx, p)
}

// Perfect plays exactly: the fastest win, else a draw, else the slowest
// loss, choosing at random among equal moves. It uses the exact solver,
// so it is for small boards (tic-tac-toe, 4×4…); on a board too large, or
// when the solve does not finish within MoveTime (or ctx), it falls back
// to Greedy, so that it always answers in time.
type Perfect struct {
	Rand     *rand.Rand
	MoveTime time.Duration // the solve's budget a move; 0: until ctx ends
	solver   solve.Solver
}

func (e *Perfect) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	if p.Over() {
		return inarow.NoMove, inarow.ErrFinished
	}
	if e.solver.MaxPositions == 0 {
		e.solver.MaxPositions = 2_000_000
	}
	sctx := ctx
	if e.MoveTime > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, e.MoveTime)
		defer cancel()
	}
	moves, _, err := e.solver.Best(sctx, p)
	if errors.Is(err, solve.ErrTooBig) || (err != nil && sctx.Err() != nil) {
		return Greedy{Rand: e.Rand}.Move(ctx, p)
	}
	if err != nil {
		return inarow.NoMove, err
	}
	return moves[intn(e.Rand, len(moves))], nil
}

// Greedy is the simple computer: it wins at once when it can, blocks the
// opponent's immediate win, avoids (with gravity) giving the opponent a
// winning cell on top of its stone, and otherwise plays near the centre
// and near the stones already on the board, at random among equals.
type Greedy struct{ Rand *rand.Rand }

func (e Greedy) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	var buf [inarow.MaxSize * inarow.MaxSize]inarow.Move
	moves := p.AppendLegal(buf[:0])
	if len(moves) == 0 {
		return inarow.NoMove, inarow.ErrFinished
	}
	r := p.Rules()
	for _, m := range moves { // win now
		if q, _ := p.Play(m); q.Outcome().Status == inarow.Won {
			return m, nil
		}
	}
	opp := p.Passed()
	best, bestScore := inarow.NoMove, -1<<30
	for _, m := range moves {
		score := 0
		if q, err := opp.Play(m); err == nil && q.Outcome().Status == inarow.Won {
			score += 1 << 20 // block
		}
		if r.Gravity {
			if q, _ := p.Play(m); !q.Over() {
				if above, err := q.Drop(int(m) % r.Cols); err == nil {
					if q2, _ := q.Play(above); q2.Outcome().Status == inarow.Won {
						score -= 1 << 18 // would hand the opponent a win
					}
				}
			}
		}
		score += 16*neighbours(p, m) - centreDistance(r, m) + intn(e.Rand, 8)
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, nil
}

func neighbours(p inarow.Position, m inarow.Move) int {
	r := p.Rules()
	x, y := r.XY(m)
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < r.Cols && ny < r.Rows && p.At(r.MoveAt(nx, ny)) != inarow.NoPlayer {
				n++
			}
		}
	}
	return n
}

func centreDistance(r inarow.Rules, m inarow.Move) int {
	x, y := r.XY(m)
	dx, dy := 2*x-(r.Cols-1), 2*y-(r.Rows-1)
	return max(dx, -dx) + max(dy, -dy)
}

func intn(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}
