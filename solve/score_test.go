package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

func TestWinScore(t *testing.T) {
	for _, tc := range []struct {
		cells, n int
		want     Score
	}{
		{42, 1, 21}, // Connect Four: a win with the first stone
		{42, 4, 18}, // the fastest real win, with the 4th stone
		{42, 21, 1}, // the last stone
		{9, 3, 3},   // tic-tac-toe: the fastest win
		{9, 5, 1},
		{16, 8, 1}, // an even board: the second player's 8th stone is the last
	} {
		if got := WinScore(tc.cells, tc.n); got != tc.want {
			t.Errorf("WinScore(%d, %d) = %d, want %d", tc.cells, tc.n, got, tc.want)
		}
	}
}

// TestWinScoreSolver checks the solver's own fast form of the formula
// (Geometry.win, from the stones on the board) against WinScore, for every
// number of stones on several boards.
func TestWinScoreSolver(t *testing.T) {
	for _, r := range []inarow.Rules{inarow.ConnectFour, {Cols: 6, Rows: 7, K: 4, Gravity: true}, {Cols: 5, Rows: 4, K: 3, Gravity: true}, {Cols: 4, Rows: 4, K: 4, Gravity: true}} {
		g, err := NewGeometry(r)
		if err != nil {
			t.Fatal(err)
		}
		for moves := range r.Cells() {
			// The player to move has moves/2 stones; the win comes with the next.
			if got, want := Score(g.win(moves)), WinScore(r.Cells(), moves/2+1); got != want {
				t.Errorf("%v: win(%d) = %d, WinScore = %d", r, moves, got, want)
			}
		}
	}
}

func TestCentreFirst(t *testing.T) {
	for cols, want := range map[int][]int{
		1: {0},
		2: {0, 1},
		3: {1, 0, 2},
		6: {2, 3, 1, 4, 0, 5},
		7: {3, 2, 4, 1, 5, 0, 6},
	} {
		if got := CentreFirst(cols); !slices.Equal(got, want) {
			t.Errorf("CentreFirst(%d) = %v, want %v", cols, got, want)
		}
	}
}

// TestAnalyzePartial compares AnalyzePartial, given time, with
// AnalyzeBoard on random positions of two boards, each with a solver of
// its own (a shared table must not be what makes them agree).
func TestAnalyzePartial(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(19, 4))
	for _, tc := range []struct {
		r      inarow.Rules
		stones int // at least this many stones, so that a search is quick
	}{
		{inarow.ConnectFour, 16},
		{inarow.Rules{Cols: 5, Rows: 4, K: 3, Gravity: true}, 0},
	} {
		whole, err := NewC4(tc.r, Options{TableBytes: 1 << 20, NoBook: true})
		if err != nil {
			t.Fatal(err)
		}
		part, err := NewC4(tc.r, Options{TableBytes: 1 << 20, NoBook: true})
		if err != nil {
			t.Fatal(err)
		}
		g := whole.Geometry()
		for range 20 {
			var moves strings.Builder
			var b Board
			for {
				b, err = g.FromMoves(moves.String())
				if err != nil {
					t.Fatal(err)
				}
				c := rng.IntN(tc.r.Cols)
				if b.Moves() >= tc.stones+rng.IntN(4) || !g.CanPlay(b, c) || g.IsWinningMove(b, c) {
					if b.Moves() >= tc.stones {
						break
					}
					continue
				}
				moves.WriteByte(byte('1' + c))
			}
			want, err := whole.AnalyzeBoard(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := part.AnalyzePartial(ctx, b)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%v after %q: AnalyzePartial = %v, %v; AnalyzeBoard = %v", tc.r, moves.String(), got, err, want)
			}
		}
	}
}

// TestAnalyzePartialCut: a context that has ended keeps the columns that
// need no search (a full column, an immediate win) up to the first column
// that does, in CentreFirst order, and marks the rest Unsolved.
func TestAnalyzePartialCut(t *testing.T) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 1 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	u, w := Unsolved, WinScore(42, 4)
	for _, tc := range []struct {
		moves string
		want  []Score
	}{
		{"", []Score{u, u, u, u, u, u, u}},
		// Yellow wins at once in the centre column (its 4th stone); the
		// next column in order, 3, needs a search.
		{"434343", []Score{u, u, u, w, u, u, u}},
	} {
		b, err := s.Geometry().FromMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.AnalyzePartial(ctx, b)
		if !errors.Is(err, context.Canceled) || !slices.Equal(got, tc.want) {
			t.Errorf("after %q: AnalyzePartial = %v, %v; want %v, context.Canceled", tc.moves, got, err, tc.want)
		}
	}
}
