package agent

import (
	"context"
	"fmt"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
)

// replayer is a Recaller that checks the moves it is given lead to the
// position it is asked about, then plays Greedy.
type replayer struct {
	calls int
	bad   []string
}

func (r *replayer) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	r.bad = append(r.bad, "asked Move, not MoveAfter")
	return engine.Greedy{}.Move(ctx, p)
}

func (r *replayer) MoveAfter(ctx context.Context, p inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	r.calls++
	q, err := inarow.NewPosition(p.Rules())
	if err == nil {
		for _, m := range moves {
			if q, err = q.Play(m); err != nil {
				break
			}
		}
	}
	if err != nil || q.String() != p.String() || q.LastMove() != p.LastMove() {
		r.bad = append(r.bad, fmt.Sprintf("moves %v lead to %v (%v), not to the position", moves, q, err))
	}
	return engine.Greedy{}.Move(ctx, p)
}

// TestMatchPassesTheGame: a match hands each player the game's moves,
// the opening's too, through Timed (inarow match's time limit).
func TestMatchPassesTheGame(t *testing.T) {
	r := &replayer{}
	mt := Match{Rules: inarow.TicTacToe, A: &Timed{Player: r}, B: &engine.Perfect{}, Games: 4, RandomPlies: 2}
	if _, err := mt.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.calls == 0 || len(r.bad) > 0 {
		t.Errorf("%d moves asked; wrong: %v", r.calls, r.bad)
	}
}
