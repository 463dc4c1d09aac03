package gomoku

import (
	"fmt"
	"math"
	"strconv"

	"github.com/inarow/inarow"
)

// ParseXY reads a move of rules r written as the Gomocup protocol writes
// it, "x,y": two 0-based decimal numbers, x the column from the left and y
// the row from the top ("7,7" is the centre of a 15×15 board). Spaces and
// tabs around the numbers are allowed. A malformed move is
// inarow.ErrBadMove; a cell off the board inarow.ErrOffBoard.
func ParseXY(r inarow.Rules, s string) (inarow.Move, error) {
	xs, ys, ok := cut(s, ',')
	if !ok {
		return inarow.NoMove, fmt.Errorf("%w: %q is not x,y", inarow.ErrBadMove, s)
	}
	x, okx := number(trim(xs))
	y, oky := number(trim(ys))
	switch {
	case !okx || !oky:
		return inarow.NoMove, fmt.Errorf("%w: %q is not x,y (two numbers from 0)", inarow.ErrBadMove, s)
	case x >= r.Cols || y >= r.Rows:
		return inarow.NoMove, fmt.Errorf("%w: %q is outside the %d×%d board", inarow.ErrOffBoard, s, r.Cols, r.Rows)
	}
	return r.MoveAt(x, y), nil
}

// FormatXY writes a move of rules r as "x,y" (see ParseXY). A move off the
// board is written "?N".
func FormatXY(r inarow.Rules, m inarow.Move) string {
	if !r.OnBoard(m) {
		return fmt.Sprintf("?%d", m)
	}
	x, y := r.XY(m)
	return strconv.Itoa(x) + "," + strconv.Itoa(y)
}

// ParseCoord reads a board coordinate such as "h8" — a column letter from
// 'a' and a row number from 1 at the bottom — on the board of r; it is
// inarow.Rules.ParseMove.
func ParseCoord(r inarow.Rules, s string) (inarow.Move, error) { return r.ParseMove(s) }

// FormatCoord writes m as a board coordinate such as "h8"; it is
// inarow.Rules.FormatMove.
func FormatCoord(r inarow.Rules, m inarow.Move) string { return r.FormatMove(m) }

func cut(s string, sep byte) (before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// trim removes the spaces and tabs around s.
func trim(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// number reads a non-negative decimal number; a huge one reads as
// math.MaxInt32 (off any board).
func number(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = min(n*10+int(s[i]-'0'), math.MaxInt32)
	}
	return n, true
}
