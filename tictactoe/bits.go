package tictactoe

import (
	"fmt"
	"math/bits"

	"github.com/inarow/inarow"
)

// Player names a side of the bitboard document: Player1 (O) moves first,
// Player2 (X) answers.
type Player string

const (
	Player1 Player = "Player1"
	Player2 Player = "Player2"
)

// Other returns the opponent of Player1 or Player2 (the document's
// ChangePlayer: anything that is not Player1 gives Player1).
func (p Player) Other() Player {
	if p == Player1 {
		return Player2
	}
	return Player1
}

// fullBoard has a bit for each of the nine cells.
const fullBoard uint16 = 1<<9 - 1

// WinLines are the document's WinnerCondition: the eight lines of three
// as cell masks (bit i = cell i), in its order — the rows from the top,
// the columns from the left, then the diagonals 0-4-8 and 2-4-6.
var WinLines = [8]uint16{
	1<<0 | 1<<1 | 1<<2,
	1<<3 | 1<<4 | 1<<5,
	1<<6 | 1<<7 | 1<<8,
	1<<0 | 1<<3 | 1<<6,
	1<<1 | 1<<4 | 1<<7,
	1<<2 | 1<<5 | 1<<8,
	1<<0 | 1<<4 | 1<<8,
	1<<2 | 1<<4 | 1<<6,
}

// Playboard is the bitboard document's state: the cells of each player as
// a 9-bit mask (bit i = cell i, cells 0–8 row by row from the top left)
// and the player to move. Use NewPlayboard or ParseView; the zero value
// has no player to move and Play refuses it.
type Playboard struct {
	Player1, Player2 uint16
	NextPlayer       Player
}

// NewPlayboard returns the empty board with Player1 to move.
func NewPlayboard() Playboard { return Playboard{NextPlayer: Player1} }

// hasLine is the document's IsWin: some line of three, ANDed with mask,
// gives the line back.
func hasLine(mask uint16) bool {
	for _, l := range WinLines {
		if mask&l == l {
			return true
		}
	}
	return false
}

// Over reports whether the document would print a result instead of the
// board: a player has a line or the board is full.
func (b Playboard) Over() bool {
	return hasLine(b.Player1) || hasLine(b.Player2) || (b.Player1|b.Player2)&fullBoard == fullBoard
}

// Play returns the board after NextPlayer takes cell (0–8), with the turn
// passed to the other player. A refused move returns b unchanged with an
// error wrapping inarow.ErrGameOver (the document has already printed a
// result; it has no way to go on), inarow.ErrOffBoard, inarow.ErrOccupied
// — for these two the document's line is b.InvalidMove() — or
// inarow.ErrBadSetup (b is not a valid board).
func (b Playboard) Play(cell int) (Playboard, error) {
	if err := b.check(); err != nil {
		return b, err
	}
	if b.Over() {
		return b, fmt.Errorf("tictactoe: cell %d: %w", cell, inarow.ErrGameOver)
	}
	if cell < 0 || cell > 8 {
		return b, fmt.Errorf("tictactoe: cell %d (want 0 to 8): %w", cell, inarow.ErrOffBoard)
	}
	bit := uint16(1) << cell
	if (b.Player1|b.Player2)&bit != 0 {
		return b, fmt.Errorf("tictactoe: cell %d: %w", cell, inarow.ErrOccupied)
	}
	if b.NextPlayer == Player1 {
		b.Player1 |= bit
	} else {
		b.Player2 |= bit
	}
	b.NextPlayer = b.NextPlayer.Other()
	return b, nil
}

// check reports a board that no document state matches: a player to move
// that is neither Player1 nor Player2, bits beyond cell 8, or a cell held
// by both players.
func (b Playboard) check() error {
	switch {
	case b.NextPlayer != Player1 && b.NextPlayer != Player2:
		return fmt.Errorf("%w: next player is %q (want %q or %q)", inarow.ErrBadSetup, b.NextPlayer, Player1, Player2)
	case (b.Player1|b.Player2)&^fullBoard != 0:
		return fmt.Errorf("%w: masks %#x, %#x have bits beyond cell 8", inarow.ErrBadSetup, b.Player1, b.Player2)
	case b.Player1&b.Player2 != 0:
		return fmt.Errorf("%w: cell %d is held by both players", inarow.ErrBadSetup, bits.TrailingZeros16(b.Player1&b.Player2))
	}
	return nil
}

// Text returns the document's line for b, its CheckWin: "Winner is
// Player1!" if player1 has a line (checked first), "Winner is Player2!" if
// player2 has one, "Draw!" for a full board, and otherwise the board as
// Format writes it.
func (b Playboard) Text() string {
	switch {
	case hasLine(b.Player1):
		return "Winner is Player1!"
	case hasLine(b.Player2):
		return "Winner is Player2!"
	case (b.Player1|b.Player2)&fullBoard == fullBoard:
		return "Draw!"
	}
	return b.Format()
}

// InvalidMove returns the document's answer to a move on an occupied cell
// or off the board, naming the player to move: "Hey! Player2!! Invalid
// Move!".
func (b Playboard) InvalidMove() string {
	return "Hey! " + string(b.NextPlayer) + "!! Invalid Move!"
}

// Format returns the document's FormatPlayboard: the rows from the top,
// O for player1, X for player2 and - for an empty cell, joined by " / ",
// as "OX- / O-- / ---".
func (b Playboard) Format() string {
	var s [3*3 + 2*3]byte
	n := 0
	for i := 0; i < 9; i++ {
		if i == 3 || i == 6 {
			n += copy(s[n:], " / ")
		}
		s[n] = b.cell(i)
		n++
	}
	return string(s[:n])
}

// cell returns 'O', 'X' or '-' for cell i; like the document it looks at
// player1 first.
func (b Playboard) cell(i int) byte {
	switch {
	case b.Player1>>i&1 != 0:
		return 'O'
	case b.Player2>>i&1 != 0:
		return 'X'
	}
	return '-'
}

// Bits returns the masks as the document's Bit[] tuples: p1[i] is 1 when
// player1 holds cell i.
func (b Playboard) Bits() (p1, p2 [9]int) {
	for i := range 9 {
		p1[i] = int(b.Player1 >> i & 1)
		p2[i] = int(b.Player2 >> i & 1)
	}
	return p1, p2
}

// Grid returns the board as rows of "O", "X" and "-", from the top.
func (b Playboard) Grid() [3][3]string {
	var g [3][3]string
	for i := range 9 {
		g[i/3][i%3] = string(b.cell(i))
	}
	return g
}
