package solve

import (
	"context"
	"fmt"

	"github.com/inarow/inarow"
)

// Gravity is a gravity-game solver of either word size, as the command
// line uses it: positions given as move strings (see Geometry.FromMoves).
// NewGravity picks C4Solver when the padded board fits one word, else
// BigSolver.
type Gravity interface {
	Rules() inarow.Rules
	// SolveMoves returns the exact score after the moves, for the player
	// to move; a refused move string is a *MoveError.
	SolveMoves(ctx context.Context, moves string) (Score, error)
	// AtLeastMoves reports whether the score after the moves is at least
	// w, by one null-window search: a bound proved for less than a solve.
	AtLeastMoves(ctx context.Context, moves string, w int) (bool, error)
	// AnalyzeMoves returns the score of every column after the moves
	// (FullColumn for a column without room).
	AnalyzeMoves(ctx context.Context, moves string) ([]Score, error)
	// Nodes returns the positions searched so far.
	Nodes() uint64
}

// NewGravity returns the solver for gravity rules r whose padded board,
// (Rows+1)·Cols bits, fits 128 bits: C4Solver up to 64 bits, BigSolver
// above.
func NewGravity(r inarow.Rules, opts Options) (Gravity, error) {
	if (r.Rows+1)*r.Cols <= 64 {
		return NewC4(r, opts)
	}
	return NewBig(r, opts)
}

// Rules returns the rules of the solver.
func (s *C4Solver) Rules() inarow.Rules { return s.g.Rules() }

// SolveMoves is SolveBoard of the position after moves.
func (s *C4Solver) SolveMoves(ctx context.Context, moves string) (Score, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return 0, err
	}
	return s.SolveBoard(ctx, b)
}

// AtLeastMoves is AtLeast of the position after moves.
func (s *C4Solver) AtLeastMoves(ctx context.Context, moves string, w int) (bool, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return false, err
	}
	return s.AtLeast(ctx, b, w)
}

// AnalyzeMoves is AnalyzeBoard of the position after moves.
func (s *C4Solver) AnalyzeMoves(ctx context.Context, moves string) ([]Score, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return nil, err
	}
	return s.AnalyzeBoard(ctx, b)
}

// Rules returns the rules of the solver.
func (s *BigSolver) Rules() inarow.Rules { return s.g.Rules() }

// SolveMoves is SolveBoard of the position after moves.
func (s *BigSolver) SolveMoves(ctx context.Context, moves string) (Score, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return 0, err
	}
	return s.SolveBoard(ctx, b)
}

// AtLeastMoves is AtLeast of the position after moves.
func (s *BigSolver) AtLeastMoves(ctx context.Context, moves string, w int) (bool, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return false, err
	}
	return s.AtLeast(ctx, b, w)
}

// AnalyzeMoves returns the score of every column after moves.
func (s *BigSolver) AnalyzeMoves(ctx context.Context, moves string) ([]Score, error) {
	b, err := s.g.FromMoves(moves)
	if err != nil {
		return nil, err
	}
	return s.AnalyzeBoard(ctx, b)
}

// FromMoves is Geometry.FromMoves for the 128-bit board.
func (g *BigGeometry) FromMoves(s string) (BigBoard, error) {
	var b BigBoard
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '1' || c > '9' {
			return BigBoard{}, &MoveError{i, c, fmt.Errorf("%w: want a column digit 1–%d", inarow.ErrBadMove, min(g.W, 9))}
		}
		col := int(c - '1')
		switch {
		case col >= g.W:
			return BigBoard{}, &MoveError{i, c, fmt.Errorf("%w: column %c of a %d-column board", inarow.ErrOffBoard, c, g.W)}
		case !g.CanPlay(b, col):
			return BigBoard{}, &MoveError{i, c, fmt.Errorf("%w: column %c", inarow.ErrColumnFull, c)}
		case g.IsWinningMove(b, col):
			return BigBoard{}, &MoveError{i, c, fmt.Errorf("%w: column %c makes %d in a row", inarow.ErrGameOver, c, g.K)}
		}
		b = g.Play(b, col)
	}
	return b, nil
}
