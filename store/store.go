// Package store defines where the play server keeps its games: one
// interface, implemented by store/sqlite (the default, an embedded file)
// and store/postgres (shared by several server processes), both checked by
// the one suite in store/storetest.
//
// A game is a row of settings plus its moves, numbered by ply from 0. Every
// change is a compare-and-swap on the game's version, done in one
// transaction that is committed before the call returns: a move that was
// acknowledged is on disk, and of two moves made at the same version
// exactly one succeeds (the other gets ErrConflict).
package store

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Errors of the stores.
var (
	ErrNotFound = errors.New("store: no such game")
	ErrExists   = errors.New("store: a game with this id exists")
	ErrConflict = errors.New("store: the game changed (stale version)")
)

// Game is a stored game. The store keeps the fields as given; their
// meaning (the notation of Kind, the Rules string…) belongs to the server.
type Game struct {
	ID       string
	Kind     string // tictactoe, connect4, gomoku, gobang, mnk
	Rules    string // inarow.Rules.String(), e.g. "m=15,n=15,k=5"
	Variant  string // freestyle, standard, renju; "" where it does not apply
	Opponent string // computer, friend, local, agent:NAME
	Level    int    // computer strength; 0 without a computer
	Computer int    // seat the computer plays (0 first, 1 second), -1 for none
	// SeatHash holds the SHA-256 of each seat's token (HashToken); nil for
	// a seat that no token moves (the computer's). The tokens themselves
	// are never stored.
	SeatHash [2][]byte
	Created  time.Time
	Updated  time.Time
	// Version counts the changes since creation (1 at creation); every
	// Append, Forfeit and Truncate increases it by one.
	Version int64
	Moves   []Move
	// Forfeit, when not nil, ended the game after its moves: a seat gave
	// up its turn for good (an agent that exited, answered late or
	// illegally; a player whose clock ran out).
	Forfeit *Forfeit
	// Clock is the game's time control; the zero Clock is none.
	Clock Clock
}

// Clock is a time control: each seat starts with Initial and gains
// Increment after each of its moves. How the time is counted is the
// server's; the store keeps each move's Left and Deadline as given.
type Clock struct {
	Initial, Increment time.Duration
}

// Deadline is a game whose clock runs: the seat to move loses on time at
// At unless it moves first.
type Deadline struct {
	ID string
	At time.Time
}

// Move is one played move: a cell index of the board (y*Cols + x).
type Move struct {
	Ply  int
	Cell int
	At   time.Time // when it was played; Append and Create stamp it when zero
	// Left is the mover's time left after the move, its increment
	// included; 0 in a game without a clock.
	Left time.Duration
	// Deadline is when the next mover's time runs out if the game goes on
	// from this move; zero when no clock runs after it (no clock, or the
	// game ended).
	Deadline time.Time
}

// Forfeit is the end of a game by a seat's forfeit, after its last move.
// Databases made before forfeits were stored held one as a last move at
// cell -1; the stores' migration turns those into Forfeits with an empty
// Reason (it was not kept).
type Forfeit struct {
	Seat   int    // the seat that forfeited: 0 first, 1 second
	Reason string // why, for the players; "" when unknown
	At     time.Time
}

// Store keeps games. Implementations are safe for concurrent use.
type Store interface {
	// Create stores a new game with its moves (usually none). It sets
	// g.Version to 1 and g.Created and g.Updated when they are zero.
	Create(ctx context.Context, g *Game) error
	// Get returns the game with its moves in ply order, or ErrNotFound.
	Get(ctx context.Context, id string) (*Game, error)
	// Append adds m (its Cell, At, Left and Deadline; its Ply is ignored)
	// as the move at ply len(moves) if the game is still at version; it
	// returns the new version, ErrConflict when the game moved on,
	// ErrNotFound when there is no such game. A zero m.At is stamped with
	// the store's time.
	Append(ctx context.Context, id string, version int64, m Move) (int64, error)
	// Forfeit records that seat forfeited the game after its moves, for
	// reason, if the game is still at version, with the same results as
	// Append. A seat outside 0 and 1 is an error that changes nothing.
	Forfeit(ctx context.Context, id string, version int64, seat int, reason string) (int64, error)
	// Truncate removes the moves of ply ≥ ply (an undo) if the game is
	// still at version, with the same results as Append. A forfeit comes
	// after every move: Truncate removes it too when ply ≤ len(moves).
	Truncate(ctx context.Context, id string, version int64, ply int) (int64, error)
	// Deadlines lists the games whose clock runs: no forfeit, and a last
	// move with a Deadline (a server's sweep at start-up, for the flags
	// that fell while no server was watching).
	Deadlines(ctx context.Context) ([]Deadline, error)
	// Close releases the store.
	Close() error
}

// Notifier is implemented by stores whose games can change in other
// processes (PostgreSQL's LISTEN/NOTIFY). Listen calls fn with the id of
// every game changed by anyone, until ctx ends; it reconnects by itself.
type Notifier interface {
	Listen(ctx context.Context, fn func(id string)) error
}

// HashToken returns the stored form of a seat token.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// A Migration is one step of a store's schema: the file
// migrations/NNN_name.sql of the store's embedded files, applied once, in
// order of Version.
type Migration struct {
	Version int
	Name    string // the file's name, NNN_name.sql
	SQL     string
}

// Migrations reads the migrations/*.sql files of fsys in order of version.
func Migrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, name := range names {
		base := path.Base(name)
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: no version number", name)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(body)})
	}
	slices.SortFunc(out, func(a, b Migration) int { return a.Version - b.Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("store: migrations %s and %s have one version", out[i-1].Name, out[i].Name)
		}
	}
	return out, nil
}
