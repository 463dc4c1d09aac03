package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// The gomoku engine reads the game's moves; For's renju guard passes them on.
var (
	_ Recaller = (*gomokuengine.Engine)(nil)
	_ Recaller = guard{}
)

// recorder answers with a fixed move and notes the moves it was given
// (nil by Move).
type recorder struct {
	move  inarow.Move
	moves []inarow.Move
}

func (r *recorder) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	return r.MoveAfter(ctx, p, nil)
}

func (r *recorder) MoveAfter(_ context.Context, _ inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	r.moves = slices.Clone(moves)
	return r.move, nil
}

// TestMoveAfterPassesTheGame: MoveAfter hands a Recaller the game's
// moves, also through the renju guard, and asks any other player Move.
func TestMoveAfterPassesTheGame(t *testing.T) {
	r := gomokuRules(t, gomoku.Renju, 15)
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	moves := []inarow.Move{112, 113, 97}
	for _, m := range moves {
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{move: 98}
	for _, pl := range []Player{rec, guard{rec}} {
		rec.moves = nil
		m, err := MoveAfter(context.Background(), pl, p, moves)
		if err != nil || m != 98 || !slices.Equal(rec.moves, moves) {
			t.Errorf("%T: MoveAfter played %v, %v and passed %v; want 98 and %v", pl, m, err, rec.moves, moves)
		}
	}
	// a player that reads no moves is asked Move
	if m, err := MoveAfter(context.Background(), fixed(99), p, moves); err != nil || m != 99 {
		t.Errorf("a plain player: %v, %v; want 99", m, err)
	}
}
