package gomoku

import (
	"sync"

	"github.com/inarow/inarow"
)

// boards recycles the Boards that the functions over a Position build.
var boards = sync.Pool{New: func() any { return new(Board) }}

// IsForbidden reports whether black (inarow.First) may not play m in p
// under renju, and why; see Board.IsForbidden. It asks whoever is to
// move, so an engine playing white can ask which points black may not
// take. It builds a Board from p (about a microsecond); an engine that
// asks often should keep its own Board.
func IsForbidden(p inarow.Position, m inarow.Move) (ForbiddenKind, bool) {
	b := boards.Get().(*Board)
	b.Load(p)
	k, ok := b.IsForbidden(m)
	boards.Put(b)
	return k, ok
}

// Forbidden returns every point of p forbidden to black under renju, in
// increasing order (nil for none), whoever is to move.
func Forbidden(p inarow.Position) []ForbiddenPoint {
	b := boards.Get().(*Board)
	b.Load(p)
	fs := b.AppendForbidden(nil)
	boards.Put(b)
	return fs
}

// Play returns the position after the player to move plays m, under the
// rule of p's rules (see RuleOf). In renju a forbidden move of black is
// refused with a *ForbiddenError, which wraps inarow.ErrForbidden and
// tells the kind; any other refusal is the core's (inarow.ErrOccupied,
// …). A refused move returns p unchanged.
func Play(p inarow.Position, m inarow.Move) (inarow.Position, error) {
	if p.Rules().Win == inarow.FirstExactlyK && p.ToMove() == inarow.First && !p.Over() {
		if k, bad := IsForbidden(p, m); bad {
			return p, &ForbiddenError{Move: m, Kind: k, Rules: p.Rules()}
		}
	}
	return p.Play(m)
}

// Legal reports whether Play would accept m.
func Legal(p inarow.Position, m inarow.Move) bool {
	_, err := Play(p, m)
	return err == nil
}
