package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/inarow/inarow"
)

// Search agrees with Analyze, the plain reference: its score is the best
// column's, its best moves are exactly the columns of that score, and its
// move is the one of them nearest the centre.
func TestSearchAgreesWithAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, r := range []inarow.Rules{{Cols: 5, Rows: 4, K: 4, Gravity: true}, {Cols: 6, Rows: 5, K: 4, Gravity: true}, {Cols: 4, Rows: 4, K: 3, Gravity: true}} {
		s, err := NewC4(r, Options{TableBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 15; i++ {
			p, moves, ok := randomPosition(rng, r, rng.IntN(r.Cells()/2))
			if !ok {
				continue
			}
			scores, err := s.Analyze(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			top := slices.Max(scores)
			var want []inarow.Move
			nearest := inarow.NoMove
			for c, v := range scores {
				if v == top {
					m, _ := p.Drop(c)
					want = append(want, m)
					if d := 2*c - (r.Cols - 1); nearest == inarow.NoMove || max(d, -d) < centre(r, nearest) {
						nearest = m
					}
				}
			}
			var progress []Info
			res, err := s.Search(context.Background(), p, Limits{Progress: func(in Info) { progress = append(progress, in) }})
			if err != nil {
				t.Fatalf("%v %q: %v", r, moves, err)
			}
			if res.Score != top || !slices.Equal(res.Best, want) || res.Move != nearest {
				t.Fatalf("%v %q: Search %+v; Analyze %v (best %v, nearest the centre %v)", r, moves, res, scores, want, nearest)
			}
			if len(progress) != 1 || progress[0].Score != res.Score || !slices.Equal(progress[0].Best, res.Best) {
				t.Fatalf("%v %q: progress %+v for %+v", r, moves, progress, res)
			}
		}
	}
}

func centre(r inarow.Rules, m inarow.Move) int {
	x, _ := r.XY(m)
	d := 2*x - (r.Cols - 1)
	return max(d, -d)
}

func TestSearchRefusals(t *testing.T) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	for _, c := range []int{3, 4, 3, 4, 3, 4, 3} { // four in column d: over
		m, _ := p.Drop(c)
		p, _ = p.Play(m)
	}
	if res, err := s.Search(context.Background(), p, Limits{}); !errors.Is(err, inarow.ErrGameOver) || res.Move != inarow.NoMove {
		t.Fatalf("finished position: %+v %v", res, err)
	}
	other, _ := inarow.NewPosition(inarow.TicTacToe)
	if res, err := s.Search(context.Background(), other, Limits{}); err == nil || res.Move != inarow.NoMove {
		t.Fatalf("tic-tac-toe: %+v %v", res, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	empty, _ := inarow.NewPosition(inarow.ConnectFour)
	s.Reset()
	if _, err := s.Search(ctx, empty, Limits{}); !errors.Is(err, context.Canceled) && err != nil {
		t.Fatalf("cancelled: %v", err)
	}
}
