package solve

import (
	"context"
	"errors"
	"testing"

	"github.com/inarow/inarow"
)

// Tic-tac-toe is a draw; every first move but none loses.
func TestTicTacToeIsDraw(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.TicTacToe)
	var s Solver
	v, err := s.Solve(context.Background(), p)
	if err != nil || v != 0 {
		t.Fatalf("value of tic-tac-toe = %d, %v; want 0", v, err)
	}
	scores, err := s.Analyze(context.Background(), p)
	if err != nil || len(scores) != 9 {
		t.Fatalf("Analyze: %v %v", scores, err)
	}
	for _, ms := range scores {
		if ms.Score != 0 {
			t.Errorf("first move %d scores %d, want 0 (every opening draws)", ms.Move, ms.Score)
		}
	}
}

// A won position: X to move with two in a row wins at once with its 3rd
// stone, the score (9+1)/2+1-3 = 3; the other moves score less.
func TestImmediateWinScoresHighest(t *testing.T) {
	r := inarow.TicTacToe
	// X: a3 b3 (top-left, top-center); O: a1 b1 (bottom-left, bottom-center); X to move.
	p, err := inarow.Setup(r, []inarow.Move{0, 1}, []inarow.Move{6, 7}, inarow.First)
	if err != nil {
		t.Fatal(err)
	}
	var s Solver
	moves, best, err := s.Best(context.Background(), p)
	if err != nil || best != 3 || len(moves) != 1 || moves[0] != 2 {
		t.Fatalf("Best = %v %d %v; want [2] 3", moves, best, err)
	}
}

// k=3 on 4×4 is a first-player win (a known small result).
func TestFourByFourKThreeFirstWins(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.Rules{Cols: 4, Rows: 4, K: 3})
	var s Solver
	v, err := s.Solve(context.Background(), p)
	if err != nil || v <= 0 {
		t.Fatalf("4,4,3 value %d %v; want a first-player win", v, err)
	}
}

func TestLimitAndCancel(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	s := Solver{MaxPositions: 1000}
	if _, err := s.Solve(context.Background(), p); !errors.Is(err, ErrTooBig) {
		t.Fatalf("err = %v, want ErrTooBig", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var s2 Solver
	if _, err := s2.Solve(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
