package tictactoe

import (
	"fmt"

	"github.com/inarow/inarow"
)

// The typehero document names a cell by its row word and its column word,
// "<row>-<column>".
var (
	rowWords = [3]string{"top", "middle", "bottom"}
	colWords = [3]string{"left", "center", "right"}
)

// moveNames holds the nine names in cell order: moveNames[y*3+x].
var moveNames = func() (names [9]string) {
	for y, row := range rowWords {
		for x, col := range colWords {
			names[y*3+x] = row + "-" + col
		}
	}
	return names
}()

// ParseMove reads one of the document's position names, "top-left" …
// "bottom-right" (lower case, exactly as the document writes them), as the
// move y*3+x. Any other string gives an error wrapping inarow.ErrBadMove.
func ParseMove(name string) (inarow.Move, error) {
	for i, n := range moveNames {
		if n == name {
			return inarow.Move(i), nil
		}
	}
	return inarow.NoMove, fmt.Errorf("%w: %q is not a tic-tac-toe position (want top, middle or bottom, a hyphen, and left, center or right, like top-left)",
		inarow.ErrBadMove, name)
}

// FormatMove returns the document's name of move m, "top-left" for 0 …
// "bottom-right" for 8. A move off the board is written "?m", as
// inarow.Rules.FormatMove does.
func FormatMove(m inarow.Move) string {
	if m < 0 || int(m) >= len(moveNames) {
		return fmt.Sprintf("?%d", m)
	}
	return moveNames[m]
}
