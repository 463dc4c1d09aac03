package solve

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/inarow/inarow"
)

// ValueMove, against the exact scores of every column: its sign is the
// sign of the position's score, and the columns it returns when the order
// starts at each column in turn are exactly those whose move keeps that
// sign (every playable column in a lost position), on random positions of
// small boards and of 7×6 with the built-in book.
func TestValueMove(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, tc := range []struct {
		r         inarow.Rules
		stones, n int
	}{
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 0, 40},
		{inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}, 10, 30},
		{inarow.Rules{Cols: 5, Rows: 5, K: 3, Gravity: true}, 4, 30},
		{inarow.ConnectFour, 16, 12},
	} {
		ref, err := NewC4(tc.r, Options{TableBytes: 4 << 20, NoBook: true})
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewC4(tc.r, Options{TableBytes: 4 << 20})
		if err != nil {
			t.Fatal(err)
		}
		g := s.g
		for done := 0; done < tc.n; {
			p, moves, ok := randomPosition(rng, tc.r, tc.stones+rng.IntN(6))
			if !ok {
				continue
			}
			done++
			b, err := g.FromPosition(p)
			if err != nil {
				t.Fatal(err)
			}
			scores, err := ref.AnalyzeBoard(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			best := slices.Max(scores)
			sign := Score(min(max(int(best), -1), 1))
			var keep []int
			for c, v := range scores {
				if v != FullColumn && (sign < 0 || min(max(v, -1), 1) == sign) {
					keep = append(keep, c)
				}
			}
			var got []int
			for start := 0; start < g.W; start++ {
				order := make([]int, g.W)
				for i := range order {
					order[i] = (start + i) % g.W
				}
				v, col, err := s.ValueMove(ctx, b, order)
				if err != nil || col < 0 || v != sign {
					t.Fatalf("%v %q: sign %d column %d %v, want sign %d (scores %v)", tc.r, moves, v, col, err, sign, scores)
				}
				if !slices.Contains(got, col) {
					got = append(got, col)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, keep) {
				t.Fatalf("%v %q: columns %v, want %v (scores %v)", tc.r, moves, got, keep, scores)
			}
		}
	}
	// A context already ended is its error, and no column.
	s, _ := NewC4(inarow.Rules{Cols: 4, Rows: 4, K: 4, Gravity: true}, Options{TableBytes: 1 << 16})
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if _, col, err := s.ValueMove(ended, s.g.Play(s.g.Empty(), 1), []int{0, 1, 2, 3}); col != -1 || err == nil {
		t.Errorf("ended context: column %d, %v", col, err)
	}
}
