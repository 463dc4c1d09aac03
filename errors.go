package inarow

import "errors"

// Sentinel errors returned for refused moves and bad input. A refused move
// always leaves the position (or game) exactly as it was.
var (
	ErrOccupied   = errors.New("inarow: cell is occupied")
	ErrColumnFull = errors.New("inarow: column is full")
	ErrFloating   = errors.New("inarow: cell is not the lowest empty cell of its column")
	ErrOffBoard   = errors.New("inarow: move is off the board")
	ErrGameOver   = errors.New("inarow: the game is over")
	ErrForbidden  = errors.New("inarow: move is forbidden by the rules")
	ErrNoMoves    = errors.New("inarow: no move to undo")
	ErrBadRules   = errors.New("inarow: invalid rules")
	ErrBadSetup   = errors.New("inarow: invalid position")
	ErrBadMove    = errors.New("inarow: cannot parse move")
)
