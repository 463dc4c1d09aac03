package connect4

import (
	"fmt"
	"unicode/utf8"

	"github.com/inarow/inarow"
)

// MoveError is the error of a move string (ParseMoves, Replay): which move
// of it was refused, and why.
type MoveError struct {
	Index int    // byte offset of the move in the string, 0 for the first
	Move  string // the move as written there (one character)
	Err   error  // inarow.ErrBadMove, ErrOffBoard, ErrColumnFull or ErrGameOver
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("connect4: move string: index %d (%q): %v", e.Index, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// ParseMoves reads a move string of the field — Pascal Pons' solver and
// the Connect Four test sets — whose every character is a 1-based column
// "1" to "7", and returns the 0-based columns: "4453" is [3 3 4 2]. The
// empty string is no move. Any other character is refused with a
// *MoveError naming its index, wrapping inarow.ErrOffBoard for "8" and "9"
// and inarow.ErrBadMove for the rest. It does not play the moves (a full
// column is Replay's business).
func ParseMoves(s string) ([]int, error) {
	cols := make([]int, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '1' && c <= '0'+Cols:
			cols = append(cols, int(c-'1'))
		case c >= '0'+Cols+1 && c <= '9':
			return nil, &MoveError{Index: i, Move: s[i : i+1], Err: fmt.Errorf("%w: column %c of a %d-column board", inarow.ErrOffBoard, c, Cols)}
		default:
			return nil, &MoveError{Index: i, Move: charAt(s, i), Err: fmt.Errorf("%w: want a column digit 1–%d", inarow.ErrBadMove, Cols)}
		}
	}
	return cols, nil
}

// charAt returns the character that starts at byte i of s (one byte if it
// is not valid UTF-8).
func charAt(s string, i int) string {
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i : i+n]
}

// FormatMoves writes 0-based columns as a move string, each column c as
// the digit c+1: [3 3 4 2] is "4453". Columns 0 to 8 are digits (boards of
// up to 9 columns, as Replay reads); any other column is written "?".
func FormatMoves(cols []int) string {
	b := make([]byte, len(cols))
	for i, c := range cols {
		if c < 0 || c > 8 {
			b[i] = '?'
			continue
		}
		b[i] = byte('1' + c)
	}
	return string(b)
}

// Replay plays the move string s from the empty board of r, which must be
// gravity rules of at most 9 columns (so that every column is one digit;
// inarow.ErrBadRules otherwise), and returns the position reached. A move
// that is not a column of r, or that r refuses (a full column, a move after
// the end), stops it with a *MoveError naming the index of that move and
// wrapping inarow.ErrBadMove, ErrOffBoard, ErrColumnFull or ErrGameOver.
func Replay(r inarow.Rules, s string) (inarow.Position, error) {
	if !r.Gravity || r.Cols > 9 {
		return inarow.Position{}, fmt.Errorf("%w: move strings need gravity rules of at most 9 columns, not %v", inarow.ErrBadRules, r)
	}
	p, err := inarow.NewPosition(r)
	if err != nil {
		return p, err
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '1' || c > '9' {
			return inarow.Position{}, &MoveError{Index: i, Move: charAt(s, i), Err: fmt.Errorf("%w: want a column digit 1–%d", inarow.ErrBadMove, r.Cols)}
		}
		col := int(c - '1')
		if col >= r.Cols {
			return inarow.Position{}, &MoveError{Index: i, Move: s[i : i+1], Err: fmt.Errorf("%w: column %c of a %d-column board", inarow.ErrOffBoard, c, r.Cols)}
		}
		if p.Over() {
			return inarow.Position{}, &MoveError{Index: i, Move: s[i : i+1], Err: inarow.ErrGameOver}
		}
		m, err := p.Drop(col)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			return inarow.Position{}, &MoveError{Index: i, Move: s[i : i+1], Err: err}
		}
	}
	return p, nil
}
