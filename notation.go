package inarow

import (
	"fmt"
	"strconv"
)

// FormatMove writes m in the coordinate notation of board games: a column
// letter from 'a' (left) and a row number from 1 (bottom), so the centre
// of a 15×15 board is "h8" and Connect Four's bottom-left cell is "a1".
func (r Rules) FormatMove(m Move) string {
	if !r.OnBoard(m) {
		return fmt.Sprintf("?%d", m)
	}
	x, y := r.XY(m)
	return string(rune('a'+x)) + strconv.Itoa(r.Rows-y)
}

// ParseMove reads a move written by FormatMove ("h8", upper case allowed).
func (r Rules) ParseMove(s string) (Move, error) {
	if len(s) < 2 || len(s) > 3 {
		return NoMove, fmt.Errorf("%w: %q (want a column letter and a row number, like h8)", ErrBadMove, s)
	}
	c := s[0] | 0x20 // lower case
	if c < 'a' || c > 'z' {
		return NoMove, fmt.Errorf("%w: %q does not start with a column letter", ErrBadMove, s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '+' || s[1] == '-' || s[1] == '0' {
		return NoMove, fmt.Errorf("%w: %q has no row number", ErrBadMove, s)
	}
	x, y := int(c-'a'), r.Rows-n
	if x >= r.Cols || y < 0 || y >= r.Rows {
		return NoMove, fmt.Errorf("%w: %q is outside the %d×%d board", ErrOffBoard, s, r.Cols, r.Rows)
	}
	return r.MoveAt(x, y), nil
}
