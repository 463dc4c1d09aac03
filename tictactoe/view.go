package tictactoe

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/inarow/inarow"
)

// ParseView reads a board in the bitboard document's view mode
// (TicTacToeView): nine cells row by row, each "O" (player1), "X"
// (player2) or "-" (empty), upper case as the document writes them.
// Whitespace, commas and slashes between cells are ignored, and so are
// the double quotes and square brackets of the document's own tuple, so
// "XX-/OOO/---", "X X - O O O - - -", "OX- / O-- / ---" (Format's output)
// and `["X", "X", "-", "O", "O", "O", "-", "-", "-"]` all read. As in the
// document, Player1 is to move whatever the cells, and any cells are
// accepted — Text then says who has won. Errors wrap inarow.ErrBadSetup.
func ParseView(cells string) (Playboard, error) {
	b := NewPlayboard()
	n := 0
	for i, r := range cells {
		var bit *uint16
		switch r {
		case 'O':
			bit = &b.Player1
		case 'X':
			bit = &b.Player2
		case '-':
		case ' ', '\t', '\n', '\r', ',', '/', '"', '[', ']':
			continue
		default:
			if _, size := utf8.DecodeRuneInString(cells[i:]); r == utf8.RuneError && size == 1 {
				return Playboard{}, fmt.Errorf("%w: view %q: invalid UTF-8 at byte %d", inarow.ErrBadSetup, cells, i)
			}
			return Playboard{}, fmt.Errorf("%w: view %q: %q at byte %d is not a cell (want O, X or -)", inarow.ErrBadSetup, cells, r, i)
		}
		if n == 9 {
			return Playboard{}, fmt.Errorf("%w: view %q has more than 9 cells", inarow.ErrBadSetup, cells)
		}
		if bit != nil {
			*bit |= 1 << n
		}
		n++
	}
	if n != 9 {
		return Playboard{}, fmt.Errorf("%w: view %q has %d cells, want 9 (O, X or -, row by row)", inarow.ErrBadSetup, cells, n)
	}
	return b, nil
}

// ParseCell reads a bitboard move: a cell number in decimal, with
// surrounding whitespace ignored. Any integer parses; Play refuses the
// ones outside 0–8 with inarow.ErrOffBoard, as the document answers them
// with its invalid-move line. Other text gives an error wrapping
// inarow.ErrBadMove.
func ParseCell(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%w: cell %q is too large a number", inarow.ErrBadMove, s)
		}
		return 0, fmt.Errorf("%w: cell %q is not a number (want 0 to 8)", inarow.ErrBadMove, s)
	}
	return n, nil
}
