package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/inarow/inarow"
)

// AtLeast of both word sizes answers score ≥ w exactly as the solved
// score does, for w around the score (where the null window is dear) and
// far past either end of the range, on random positions of small boards
// (against the generic solver), of 7×6 with the book and of late 8×7.
func TestAtLeast(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(41, 42))
	for _, tc := range []struct {
		r           inarow.Rules
		min, max, n int
		generic     bool
	}{
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 0, 12, 30, true},
		{inarow.Rules{Cols: 4, Rows: 5, K: 3, Gravity: true}, 2, 14, 30, true},
		{inarow.ConnectFour, 16, 28, 20, false},
		{inarow.Rules{Cols: 8, Rows: 7, K: 4, Gravity: true}, 34, 46, 8, false},
	} {
		t.Run(fmt.Sprintf("%dx%dk%d", tc.r.Cols, tc.r.Rows, tc.r.K), func(t *testing.T) {
			one, err := NewC4(tc.r, Options{TableBytes: 1 << 20, Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			big, err := NewBig(tc.r, Options{TableBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			ref := newC4(t, tc.r, 1<<20)
			ref.setBook(nil)
			yes, no := 0, 0
			for n := 0; n < tc.n; {
				p, moves, ok := randomPosition(rng, tc.r, tc.min+rng.IntN(tc.max-tc.min+1))
				if !ok {
					continue
				}
				n++
				var want Score
				if tc.generic {
					var g Solver
					want, err = g.Solve(ctx, p)
				} else {
					want, err = ref.Solve(ctx, p)
				}
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range []int{-99, int(want) - 2, int(want) - 1, int(want), int(want) + 1, int(want) + 2, 99} {
					got1, err1 := one.AtLeastMoves(ctx, moves, w)
					got2, err2 := big.AtLeastMoves(ctx, moves, w)
					if err1 != nil || err2 != nil || got1 != (int(want) >= w) || got2 != got1 {
						t.Fatalf("%q (score %d) at least %d: one word %v %v, 128-bit %v %v", moves, want, w, got1, err1, got2, err2)
					}
					if got1 {
						yes++
					} else {
						no++
					}
				}
			}
			t.Logf("%d bounds held, %d refuted", yes, no)
		})
	}
	// A refused move string is a *MoveError and no answer; an ended
	// context is its error.
	s := newC4(t, inarow.ConnectFour, 1<<20)
	if _, err := s.AtLeastMoves(ctx, "48", 0); !errors.As(err, new(*MoveError)) {
		t.Errorf("AtLeastMoves(\"48\"): %v, want a *MoveError", err)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	s.setBook(nil)
	if _, err := s.AtLeastMoves(ended, "4453", 0); err != context.Canceled {
		t.Errorf("AtLeastMoves with an ended context: %v", err)
	}
}
