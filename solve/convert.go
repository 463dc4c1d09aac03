package solve

import (
	"fmt"

	"github.com/inarow/inarow"
)

// FromPosition converts a gravity position of the geometry's rules into
// a Board. A position in which someone has already won is refused with
// inarow.ErrGameOver (a full drawn board is accepted: its score is 0).
func (g *Geometry) FromPosition(p inarow.Position) (Board, error) {
	r := p.Rules()
	if r.Cols != g.W || r.Rows != g.H || r.K != g.K || !r.Gravity || r.Win != inarow.Overline {
		return Board{}, fmt.Errorf("%w: rules %v, the solver's are %v", ErrBadBoard, r, g.Rules())
	}
	if o := p.Outcome(); o.Status == inarow.Won {
		return Board{}, inarow.ErrGameOver
	}
	me := p.ToMove()
	var b Board
	for x := 0; x < g.W; x++ {
		for h := 0; h < p.Height(x); h++ {
			bit := uint64(1) << (uint(x)*g.stride + uint(h))
			b.mask |= bit
			if p.At(r.MoveAt(x, g.H-1-h)) == me {
				b.current |= bit
			}
		}
	}
	b.moves = p.Ply()
	return b, nil
}

// MoveError is the error of a move string: the 0-based index of the move
// that was refused, the character there, and why.
type MoveError struct {
	Index int
	Char  byte
	Err   error // inarow.ErrBadMove, ErrOffBoard, ErrColumnFull or ErrGameOver
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%q): %v", e.Index+1, e.Char, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// FromMoves plays a move string from the empty board: every character a
// 1-based column, "4453" is columns 4, 4, 5, 3 (boards of up to 9
// columns). It refuses, with a *MoveError, a character that is not a
// column digit (inarow.ErrBadMove), a column beyond the board
// (ErrOffBoard), a full column (ErrColumnFull), and any move after one
// that made K in a row, or a string whose last move does (ErrGameOver): a
// won position has nothing left to solve.
func (g *Geometry) FromMoves(s string) (Board, error) {
	var b Board
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '1' || c > '9' {
			return Board{}, &MoveError{i, c, fmt.Errorf("%w: want a column digit 1–%d", inarow.ErrBadMove, min(g.W, 9))}
		}
		col := int(c - '1')
		switch {
		case col >= g.W:
			return Board{}, &MoveError{i, c, fmt.Errorf("%w: column %c of a %d-column board", inarow.ErrOffBoard, c, g.W)}
		case !g.CanPlay(b, col):
			return Board{}, &MoveError{i, c, fmt.Errorf("%w: column %c", inarow.ErrColumnFull, c)}
		case g.IsWinningMove(b, col):
			return Board{}, &MoveError{i, c, fmt.Errorf("%w: column %c makes %d in a row", inarow.ErrGameOver, c, g.K)}
		}
		b = g.Play(b, col)
	}
	return b, nil
}
