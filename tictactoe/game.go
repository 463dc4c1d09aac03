package tictactoe

import (
	"fmt"

	"github.com/inarow/inarow"
)

// The cells and states of the typehero document, spelled exactly as it
// spells them.
const (
	Cross  = "❌"  // the chip of the first player (inarow.First)
	Nought = "⭕"  // the chip of the second player (inarow.Second)
	Empty  = "  " // an empty cell: two spaces

	CrossWon  = Cross + " Won"
	NoughtWon = Nought + " Won"
	Draw      = "Draw"
)

// Game is the typehero document's game: the board, row by row from the
// top, and the state — the chip to move, or the end of the game.
// encoding/json writes it as the document's {"board": …, "state": …}.
type Game struct {
	Board [][]string `json:"board"`
	State string     `json:"state"`
}

// New returns the document's NewGame: an empty board with ❌ to move.
func New() Game {
	return Game{Board: newBoard(Empty), State: Cross}
}

// newBoard returns a 3×3 board whose cells are all c; the rows share one
// backing array, so a board costs two allocations.
func newBoard(c string) [][]string {
	cells := make([]string, 9)
	for i := range cells {
		cells[i] = c
	}
	return [][]string{cells[0:3:3], cells[3:6:6], cells[6:9:9]}
}

// Over reports whether the game has ended (state "❌ Won", "⭕ Won" or
// "Draw").
func (g Game) Over() bool {
	return g.State == CrossWon || g.State == NoughtWon || g.State == Draw
}

// Play returns the game after the chip to move is placed on the cell
// named move ("top-left" … "bottom-right"). A refused move returns g
// itself, unchanged as in the document, with an error wrapping
// inarow.ErrBadMove (unknown name), inarow.ErrGameOver (the game has
// ended), inarow.ErrOccupied, or inarow.ErrBadSetup (g is not a valid
// game).
func (g Game) Play(move string) (Game, error) {
	m, err := ParseMove(move)
	if err != nil {
		return g, err
	}
	p, err := g.Position()
	if err != nil {
		return g, err
	}
	next, err := p.Play(m)
	if err != nil {
		return g, fmt.Errorf("tictactoe: %s: %w", move, err)
	}
	return FromPosition(next), nil
}

// Position returns the core position of g: ❌ is inarow.First, ⭕
// inarow.Second, and the player to move is the one the state names. It
// checks g as ParseGame does and returns an error wrapping
// inarow.ErrBadSetup if g is not a valid game.
//
// A finished game's state names no one to move; Position gives the turn to
// the loser of a won game and, after a draw, to the chip with fewer stones
// (❌ on a tie) — whoever did not make the last move.
func (g Game) Position() (inarow.Position, error) {
	var cells [9]inarow.Player
	if err := g.readBoard(&cells); err != nil {
		return inarow.Position{}, err
	}
	var stones [2][9]inarow.Move
	var n [2]int
	for i, who := range cells {
		if who != inarow.NoPlayer {
			stones[who][n[who]] = inarow.Move(i)
			n[who]++
		}
	}
	var toMove inarow.Player
	switch g.State {
	case Cross, NoughtWon:
		toMove = inarow.First
	case Nought, CrossWon:
		toMove = inarow.Second
	case Draw:
		toMove = inarow.First
		if n[inarow.Second] < n[inarow.First] {
			toMove = inarow.Second
		}
	default:
		return inarow.Position{}, fmt.Errorf("%w: unknown state %q (want %q, %q, %q, %q or %q)",
			inarow.ErrBadSetup, g.State, Cross, Nought, CrossWon, NoughtWon, Draw)
	}
	p, err := inarow.Setup(inarow.TicTacToe, stones[0][:n[0]], stones[1][:n[1]], toMove)
	if err != nil {
		return inarow.Position{}, err // "inarow: invalid position: both players have 3 in a row"
	}
	if want := stateOf(p); want != g.State {
		return inarow.Position{}, fmt.Errorf("%w: state %q does not fit the board: %s",
			inarow.ErrBadSetup, g.State, describe(p))
	}
	return p, nil
}

// readBoard checks that g's board is 3×3 with only the document's three
// cell values and stores who holds each cell, row-major.
func (g Game) readBoard(cells *[9]inarow.Player) error {
	if len(g.Board) != 3 {
		return fmt.Errorf("%w: the board has %d rows, want 3", inarow.ErrBadSetup, len(g.Board))
	}
	for y, row := range g.Board {
		if len(row) != 3 {
			return fmt.Errorf("%w: board row %d has %d cells, want 3", inarow.ErrBadSetup, y, len(row))
		}
		for x, c := range row {
			var who inarow.Player
			switch c {
			case Cross:
				who = inarow.First
			case Nought:
				who = inarow.Second
			case Empty:
				who = inarow.NoPlayer
			default:
				return fmt.Errorf("%w: cell %s is %q (want %q, %q or %q, two spaces)",
					inarow.ErrBadSetup, FormatMove(inarow.TicTacToe.MoveAt(x, y)), c, Cross, Nought, Empty)
			}
			cells[y*3+x] = who
		}
	}
	return nil
}

// FromPosition returns the document's game for a tic-tac-toe position:
// inarow.First's stones as ❌, inarow.Second's as ⭕, and the state from
// the position's outcome or player to move. It panics if p's rules are not
// inarow.TicTacToe, a programming error.
func FromPosition(p inarow.Position) Game {
	if r := p.Rules(); r != inarow.TicTacToe {
		panic(fmt.Sprintf("tictactoe.FromPosition: position has rules %v, want %v", r, inarow.TicTacToe))
	}
	board := newBoard(Empty)
	for m := inarow.Move(0); m < 9; m++ {
		board[m/3][m%3] = chip(p.At(m), Empty)
	}
	return Game{Board: board, State: stateOf(p)}
}

// chip returns the document's chip for who, or none for inarow.NoPlayer.
func chip(who inarow.Player, none string) string {
	switch who {
	case inarow.First:
		return Cross
	case inarow.Second:
		return Nought
	}
	return none
}

// stateOf returns the document's state for p: the winner's chip and
// " Won", "Draw", or the chip to move.
func stateOf(p inarow.Position) string {
	switch o := p.Outcome(); o.Status {
	case inarow.Won:
		if o.Winner == inarow.First {
			return CrossWon
		}
		return NoughtWon
	case inarow.Drawn:
		return Draw
	}
	return chip(p.ToMove(), "")
}

// describe says what the board of p shows, for error messages.
func describe(p inarow.Position) string {
	switch o := p.Outcome(); o.Status {
	case inarow.Won:
		return chip(o.Winner, "") + " has three in a row"
	case inarow.Drawn:
		return "the board is full with no three in a row"
	}
	return "the game on it is not over"
}
