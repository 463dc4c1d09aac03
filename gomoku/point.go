package gomoku

import (
	"fmt"

	"github.com/inarow/inarow"
)

// GobangRules are the rules of the gobang document: a 9×9 board, exactly
// five in a row wins (an overline does not).
var GobangRules = inarow.Rules{Cols: gobangSize, Rows: gobangSize, K: 5, Win: inarow.ExactlyK}

// gobangRules is the package's own copy of GobangRules, safe from changes
// to the exported variable.
var gobangRules = inarow.Rules{Cols: gobangSize, Rows: gobangSize, K: 5, Win: inarow.ExactlyK}

const gobangSize = 9

// ParsePoint reads a point of the gobang board written as the document
// writes it, "HH-ZZ": two two-digit numbers "01" to "09" joined by "-",
// the first the row (from the top), the second the column (from the
// left). "01-02" is row 0, column 1: inarow.Move 1. A malformed point is
// inarow.ErrBadMove; a well-formed one outside 01–09 is inarow.ErrOffBoard.
func ParsePoint(s string) (inarow.Move, error) {
	if len(s) != 5 || s[2] != '-' || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[3]) || !isDigit(s[4]) {
		return inarow.NoMove, fmt.Errorf("%w: %q is not a point HH-ZZ like 05-05", inarow.ErrBadMove, s)
	}
	h := int(s[0]-'0')*10 + int(s[1]-'0')
	z := int(s[3]-'0')*10 + int(s[4]-'0')
	if h < 1 || h > gobangSize || z < 1 || z > gobangSize {
		return inarow.NoMove, fmt.Errorf("%w: point %s is outside 01-01 to %02d-%02d", inarow.ErrOffBoard, s, gobangSize, gobangSize)
	}
	return gobangRules.MoveAt(z-1, h-1), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// FormatPoint writes a move of the gobang board as a point "HH-ZZ" (row,
// then column, both from 01). A move off the 9×9 board is written "?N".
func FormatPoint(m inarow.Move) string {
	if !gobangRules.OnBoard(m) {
		return fmt.Sprintf("?%d", m)
	}
	x, y := gobangRules.XY(m)
	return string([]byte{byte('0' + (y+1)/10), byte('0' + (y+1)%10), '-', byte('0' + (x+1)/10), byte('0' + (x+1)%10)})
}
