package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow"
)

func setup(t *testing.T, r inarow.Rules, first, second []inarow.Move, toMove inarow.Player) inarow.Position {
	t.Helper()
	p, err := inarow.Setup(r, first, second, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGreedyWinsAndBlocks(t *testing.T) {
	r := inarow.ConnectFour
	bottom := func(x int) inarow.Move { return r.MoveAt(x, 5) }
	// First has three on the bottom row (columns 1-3): it wins at column 0 or 4.
	p := setup(t, r, []inarow.Move{bottom(1), bottom(2), bottom(3)}, []inarow.Move{r.MoveAt(1, 4), r.MoveAt(2, 4)}, inarow.First)
	for i := 0; i < 20; i++ {
		m, err := Greedy{Rand: rand.New(rand.NewPCG(uint64(i), 1))}.Move(context.Background(), p)
		if err != nil || (m != bottom(0) && m != bottom(4)) {
			t.Fatalf("greedy played %v %v, want a winning move", m, err)
		}
	}
	// Second to move must block at column 0 or 4 — only one can be blocked,
	// but it must pick one of them.
	p = setup(t, r, []inarow.Move{bottom(1), bottom(2), bottom(3)}, []inarow.Move{r.MoveAt(1, 4), r.MoveAt(2, 4), r.MoveAt(3, 4)}, inarow.Second)
	m, _ := Greedy{}.Move(context.Background(), p)
	if q, _ := p.Play(m); q.Outcome().Status == inarow.Won {
		return // winning at once (the row above) beats blocking
	}
	if m != bottom(0) && m != bottom(4) {
		t.Fatalf("greedy did not block: %v", m)
	}
}

// The perfect player never loses tic-tac-toe, whoever opens, against a
// random player.
func TestPerfectNeverLosesTicTacToe(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for game := 0; game < 200; game++ {
		p, _ := inarow.NewPosition(inarow.TicTacToe)
		perfectSide := inarow.Player(game % 2)
		bot := &Perfect{Rand: rng}
		for !p.Over() {
			var m inarow.Move
			if p.ToMove() == perfectSide {
				var err error
				if m, err = bot.Move(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			} else {
				legal := p.AppendLegal(nil)
				m = legal[rng.IntN(len(legal))]
			}
			p, _ = p.Play(m)
		}
		if o := p.Outcome(); o.Status == inarow.Won && o.Winner != perfectSide {
			t.Fatalf("game %d: the perfect player lost:\n%v", game, p)
		}
	}
}

func TestNoMoveWhenOver(t *testing.T) {
	p := setup(t, inarow.TicTacToe, []inarow.Move{0, 1, 2}, []inarow.Move{3, 4}, inarow.Second)
	if _, err := (&Perfect{}).Move(context.Background(), p); !errors.Is(err, inarow.ErrNoMoves) {
		t.Errorf("Perfect on a finished game: %v", err)
	}
	if _, err := (Greedy{}).Move(context.Background(), p); !errors.Is(err, inarow.ErrNoMoves) {
		t.Errorf("Greedy on a finished game: %v", err)
	}
}

// A solve that does not finish in time falls back to Greedy's move: the
// empty 4×4, k=3 board takes the exact solver far longer than 1 ms, and
// the computer must answer all the same (it returned the context's error).
func TestPerfectAnswersInTime(t *testing.T) {
	r := inarow.Rules{Cols: 4, Rows: 4, K: 3}
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		moveTime time.Duration
		ctx      time.Duration
	}{{"move time", time.Millisecond, time.Minute}, {"context", 0, time.Millisecond}} {
		ctx, cancel := context.WithTimeout(context.Background(), tc.ctx)
		m, err := (&Perfect{MoveTime: tc.moveTime}).Move(ctx, p)
		cancel()
		if err != nil || !p.Legal(m) {
			t.Errorf("%s: move %v, err %v; want a legal move", tc.name, m, err)
		}
	}
}
