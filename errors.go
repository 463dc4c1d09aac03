package inarow

import (
	"errors"
	"fmt"
)

// Sentinel errors returned for refused moves and bad input. A refused move
// always leaves the position (or game) exactly as it was.
var (
	ErrOccupied   = errors.New("inarow: cell is occupied")
	ErrColumnFull = errors.New("inarow: column is full")
	ErrFloating   = errors.New("inarow: cell is not the lowest empty cell of its column")
	ErrOffBoard   = errors.New("inarow: move is off the board")
	ErrGameOver   = errors.New("inarow: the game is over")
	ErrForbidden  = errors.New("inarow: move is forbidden by the rules")
	// ErrNoMoves: there is no move to take back (Game.Undo), or none to
	// play: the computer players (package engine's, the gomoku engine's,
	// MCTS's) return it, wrapped with the reason, for a finished position.
	ErrNoMoves  = errors.New("inarow: no move")
	ErrBadRules = errors.New("inarow: invalid rules")
	ErrBadSetup = errors.New("inarow: invalid position")
	ErrBadMove  = errors.New("inarow: cannot parse move")
)

// ErrFinished is what a computer player returns for a finished position:
// ErrNoMoves with the reason. (A solver asked for the value of a finished
// board refuses it with ErrGameOver, as a move is refused.)
var ErrFinished = fmt.Errorf("%w to play: the game is over", ErrNoMoves)

// errNothingToUndo is Game.Undo's at the start of the game.
var errNothingToUndo = fmt.Errorf("%w to undo", ErrNoMoves)
