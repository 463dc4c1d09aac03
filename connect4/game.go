package connect4

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
)

// The cells and states of the typehero document, spelled exactly as it
// spells them.
const (
	Yellow = "🟡"  // the chip that opens (inarow.First)
	Red    = "🔴"  // the chip that answers (inarow.Second)
	Empty  = "  " // an empty cell: two spaces

	YellowWon = Yellow + " Won"
	RedWon    = Red + " Won"
	Draw      = "Draw"
)

// Rows and Cols are the size of the document's board.
const (
	Rows = 6
	Cols = 7
)

// Game is the typehero document's game: the board, row by row from the
// top (Board[row][column]), and the state — the chip to move, or the end
// of the game. encoding/json writes it as the document's
// {"board": […], "state": "…"}.
type Game struct {
	Board [][]string `json:"board"`
	State string     `json:"state"`
}

// New returns the document's NewGame: the empty board with 🟡 to move.
func New() Game {
	return Game{Board: newBoard(Rows, Cols), State: Yellow}
}

// newBoard returns an empty rows×cols board whose rows share one backing
// array, so a board costs two allocations.
func newBoard(rows, cols int) [][]string {
	cells := make([]string, rows*cols)
	for i := range cells {
		cells[i] = Empty
	}
	board := make([][]string, rows)
	for y := range board {
		board[y] = cells[y*cols : (y+1)*cols : (y+1)*cols]
	}
	return board
}

// Over reports whether the state is one of the ends: "🟡 Won", "🔴 Won" or
// "Draw".
func (g Game) Over() bool {
	return g.State == YellowWon || g.State == RedWon || g.State == Draw
}

// Play returns the game after the chip to move drops into the column named
// by move, "0" to "6" (decimal, no sign or leading zero). A refused move returns g itself, unchanged, with an
// error wrapping inarow.ErrBadMove (move is not a number),
// inarow.ErrOffBoard (no such column), inarow.ErrGameOver (the game has
// ended), inarow.ErrColumnFull, or inarow.ErrBadSetup (g is not a valid
// game, see ParseGame).
func (g Game) Play(move string) (Game, error) {
	col, err := parseColumn(move)
	if err != nil {
		return g, err
	}
	return g.PlayColumn(col)
}

// parseColumn reads a column number written in decimal without a sign or
// leading zeros; a negative number or one past 6 is inarow.ErrOffBoard.
func parseColumn(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	bad := digits == "" || (len(digits) > 1 && digits[0] == '0')
	for i := 0; i < len(digits) && !bad; i++ {
		bad = digits[i] < '0' || digits[i] > '9'
	}
	if bad {
		return 0, fmt.Errorf("%w: %q is not a column number (want 0–%d)", inarow.ErrBadMove, s, Cols-1)
	}
	n, err := strconv.Atoi(digits)
	if err != nil || len(digits) != len(s) || n >= Cols {
		return 0, fmt.Errorf("%w: column %s (want 0–%d)", inarow.ErrOffBoard, s, Cols-1)
	}
	return n, nil
}

// PlayColumn is Play with the column as a number.
func (g Game) PlayColumn(col int) (Game, error) {
	p, err := g.Position()
	if err != nil {
		return g, err
	}
	if p.Over() {
		return g, fmt.Errorf("%w: the state is %q", inarow.ErrGameOver, g.State)
	}
	m, err := p.Drop(col)
	if err != nil {
		return g, fmt.Errorf("connect4: column %d: %w", col, err)
	}
	next, err := p.Play(m)
	if err != nil { // cannot happen: Drop found the landing cell
		return g, fmt.Errorf("connect4: column %d: %w", col, err)
	}
	return FromPosition(next), nil
}

// Position returns the game as a position of inarow.ConnectFour, 🟡 being
// inarow.First. The player to move is the state's chip; after "🟡 Won" it
// is 🔴 (the winner moved last) and after "🔴 Won" 🟡; after "Draw" it is
// 🟡 when the chips are as many of each, else 🔴. The error, wrapping
// inarow.ErrBadSetup, says why g is not a game the document could be asked
// to continue (see ParseGame).
func (g Game) Position() (inarow.Position, error) {
	if len(g.Board) != Rows {
		return inarow.Position{}, fmt.Errorf("%w: the board has %d rows, want %d", inarow.ErrBadSetup, len(g.Board), Rows)
	}
	var stones [2][]inarow.Move
	var first, second [Rows * Cols]inarow.Move
	stones[0], stones[1] = first[:0], second[:0]
	r := inarow.ConnectFour
	for y, row := range g.Board {
		if len(row) != Cols {
			return inarow.Position{}, fmt.Errorf("%w: row %d of the board has %d cells, want %d", inarow.ErrBadSetup, y, len(row), Cols)
		}
		for x, c := range row {
			switch c {
			case Yellow:
				stones[inarow.First] = append(stones[inarow.First], r.MoveAt(x, y))
			case Red:
				stones[inarow.Second] = append(stones[inarow.Second], r.MoveAt(x, y))
			case Empty:
			default:
				return inarow.Position{}, fmt.Errorf("%w: cell (row %d, column %d) is %q, want %q, %q or %q (two spaces)",
					inarow.ErrBadSetup, y, x, c, Yellow, Red, Empty)
			}
		}
	}
	var toMove inarow.Player
	switch g.State {
	case Yellow, RedWon:
		toMove = inarow.First
	case Red, YellowWon:
		toMove = inarow.Second
	case Draw:
		toMove = inarow.First
		if len(stones[inarow.First]) > len(stones[inarow.Second]) {
			toMove = inarow.Second
		}
	default:
		return inarow.Position{}, fmt.Errorf("%w: unknown state %q (want %q, %q, %q, %q or %q)",
			inarow.ErrBadSetup, g.State, Yellow, Red, YellowWon, RedWon, Draw)
	}
	p, err := inarow.Setup(r, stones[inarow.First], stones[inarow.Second], toMove)
	if err != nil {
		return inarow.Position{}, fmt.Errorf("connect4: %w", err)
	}
	out := p.Outcome()
	switch g.State {
	case Yellow, Red:
		switch out.Status {
		case inarow.Won:
			return inarow.Position{}, fmt.Errorf("%w: the state is %q but %s already has four in a row (%s)",
				inarow.ErrBadSetup, g.State, chip(out.Winner), describeLine(out.Line))
		case inarow.Drawn:
			return inarow.Position{}, fmt.Errorf("%w: the state is %q but the board is full", inarow.ErrBadSetup, g.State)
		}
	case YellowWon, RedWon:
		winner := chip(toMove.Other())
		if out.Status != inarow.Won || chip(out.Winner) != winner {
			return inarow.Position{}, fmt.Errorf("%w: the state is %q but %s has no four in a row", inarow.ErrBadSetup, g.State, winner)
		}
	case Draw:
		switch out.Status {
		case inarow.Won:
			return inarow.Position{}, fmt.Errorf("%w: the state is %q but %s has four in a row (%s)",
				inarow.ErrBadSetup, g.State, chip(out.Winner), describeLine(out.Line))
		case inarow.Ongoing:
			return inarow.Position{}, fmt.Errorf("%w: the state is %q but the board is not full", inarow.ErrBadSetup, g.State)
		}
	}
	return p, nil
}

// describeLine names the cells of a winning line, e.g.
// "(row 4, column 0) to (row 4, column 3)".
func describeLine(l inarow.Line) string {
	r := inarow.ConnectFour
	fx, fy := r.XY(l.From)
	tx, ty := r.XY(l.To)
	return fmt.Sprintf("(row %d, column %d) to (row %d, column %d)", fy, fx, ty, tx)
}

// FromPosition returns the game of position p in the document's form: its
// board row by row from the top, and its state — "🟡 Won"/"🔴 Won" for a
// won game, "Draw" for a full board, else the chip to move. p is meant to
// be a position of inarow.ConnectFour (any other board size is written at
// its own size, which ParseGame refuses).
func FromPosition(p inarow.Position) Game {
	r := p.Rules()
	board := newBoard(r.Rows, r.Cols)
	for y := range board {
		for x := range board[y] {
			switch p.At(r.MoveAt(x, y)) {
			case inarow.First:
				board[y][x] = Yellow
			case inarow.Second:
				board[y][x] = Red
			}
		}
	}
	return Game{Board: board, State: stateOf(p)}
}

func stateOf(p inarow.Position) string {
	switch out := p.Outcome(); out.Status {
	case inarow.Won:
		return chip(out.Winner) + " Won"
	case inarow.Drawn:
		return Draw
	}
	return chip(p.ToMove())
}

// chip returns the chip of player who.
func chip(who inarow.Player) string {
	if who == inarow.Second {
		return Red
	}
	return Yellow
}
