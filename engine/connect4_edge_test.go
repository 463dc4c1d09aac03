package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// The level-3 Connect Four computer of the server searches with one
// thread and a pooled solver (c4PoolTableBytes) within a 2 s move time.
// Measured here (docs/connect4-book.md), one thread of the plain build
// searches about 9.7 M nodes a second on a quiet core at the book's edge
// (13.9 M nodes in 1.43 s; the served, profile-guided build about 12 M),
// so edgeNodeBudget, what fits in 2 s less the heuristic's twentieth and
// the margin (1.88 s), is about 18 M nodes.
const edgeNodeBudget = 18_000_000

// edgePositions returns n random positions of r with the given number of
// stones where nobody has won and the player to move cannot win at once
// (those the player answers without a search), drawn from seed.
func edgePositions(tb testing.TB, r inarow.Rules, stones, n int, seed uint64) []inarow.Position {
	tb.Helper()
	g, err := solve.NewGeometry(r)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0xed9e))
	var out []inarow.Position
	for len(out) < n {
		p, ok := randomC4(rng, r, stones)
		if !ok {
			continue
		}
		b, err := g.FromPosition(p)
		if err != nil {
			tb.Fatal(err)
		}
		if !g.CanWinNext(b) {
			out = append(out, p)
		}
	}
	return out
}

// edgeSolver is a cold solver as the server's level-3 computer gets one
// from the pool: one thread, the pool's table, the built-in book.
func edgeSolver(tb testing.TB, r inarow.Rules) *solve.C4Solver {
	tb.Helper()
	s, err := solve.NewC4(r, solve.Options{TableBytes: c4PoolTableBytes, Threads: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkConnect4BookEdge measures what the level-3 computer searches
// to choose a move on 7×6 just past the built-in book: random positions
// of each number of stones from the book's depth to 4 more, one an
// iteration (20 of them, then again), each on a cold pooled solver (a
// table that another game left, the worst case). "exact" is the perfect
// move (Search: the exact score and every best move), "value" the weak
// search's move that keeps the game's value (ValueMove), the player's
// safety net. Besides the time it reports the
// mean and largest nodes a move and how many of the positions need more
// than edgeNodeBudget, the nodes that fit in 2 s on a quiet core. The
// table of docs/connect4-book.md is all 20:
//
//	go test ./engine -run '^$' -bench BookEdge -benchtime 20x
func BenchmarkConnect4BookEdge(b *testing.B) {
	r := inarow.ConnectFour
	bk, err := solve.EmbeddedBook(r)
	if err != nil || bk == nil {
		b.Fatalf("no built-in book: %v", err)
	}
	ctx := context.Background()
	for stones := bk.Depth(); stones <= bk.Depth()+4; stones++ {
		ps := edgePositions(b, r, stones, 20, uint64(stones))
		for _, mode := range []string{"exact", "value"} {
			b.Run(fmt.Sprintf("stones=%d/%s", stones, mode), func(b *testing.B) {
				var nodes, most uint64
				var slowest time.Duration
				over := 0
				for i := 0; i < b.N; i++ {
					p := ps[i%len(ps)]
					b.StopTimer()
					s := edgeSolver(b, r)
					bd, err := s.Geometry().FromPosition(p)
					if err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					start := time.Now()
					if mode == "exact" {
						_, err = s.Search(ctx, p, solve.Limits{})
					} else {
						_, _, err = s.ValueMove(ctx, bd, centreFirst(r.Cols))
					}
					if err != nil {
						b.Fatal(err)
					}
					slowest = max(slowest, time.Since(start))
					n := s.Nodes()
					nodes += n
					most = max(most, n)
					if n > edgeNodeBudget {
						over++
					}
				}
				moves := float64(b.N)
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/moves, "ms/move")
				b.ReportMetric(float64(slowest.Milliseconds()), "max-ms")
				b.ReportMetric(float64(nodes)/moves, "nodes/move")
				b.ReportMetric(float64(most), "max-nodes")
				b.ReportMetric(float64(over), "over-budget")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// Just past the built-in 7×6 book, where the exact search can take
// longer than the level-3 computer's 2 s, its safety net answers within
// the budget's nodes on a cold pooled solver, and its move keeps the
// position's value as the exact solver scores it.
func TestConnect4ValueMoveAtBookEdge(t *testing.T) {
	if testing.Short() || c4Race {
		t.Skip("seconds of exact solving")
	}
	r := inarow.ConnectFour
	bk, err := solve.EmbeddedBook(r)
	if err != nil || bk == nil {
		t.Fatalf("no built-in book: %v", err)
	}
	ref, err := solve.NewC4(r, solve.Options{TableBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	g := ref.Geometry()
	for _, p := range edgePositions(t, r, bk.Depth()+1, 4, 99) {
		s := edgeSolver(t, r)
		b, err := g.FromPosition(p)
		if err != nil {
			t.Fatal(err)
		}
		order := centreFirst(g.W)
		sign, col, err := s.ValueMove(ctx, b, order)
		if err != nil || col < 0 {
			t.Fatalf("%v: column %d, %v", p, col, err)
		}
		if n := s.Nodes(); n > edgeNodeBudget {
			t.Errorf("%v: %d nodes, more than the %d of the 2 s budget", p, n, edgeNodeBudget)
		}
		v, err := ref.Solve(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want := solve.Score(min(max(v, -1), 1))
		if sign != want {
			t.Errorf("%v: sign %d, the exact score is %d", p, sign, v)
		}
		m, err := p.Drop(col)
		if err != nil {
			t.Fatal(err)
		}
		child, _ := p.Play(m)
		cv := solve.Score(0)
		if child.Over() {
			cv = solve.Terminal(child)
		} else if cv, err = ref.Solve(ctx, child); err != nil {
			t.Fatal(err)
		}
		if want >= 0 && min(max(-cv, -1), 1) != want {
			t.Errorf("%v: column %d scores %d after the move, the position %d: the move gives the value away", p, col, -cv, v)
		}
		t.Logf("sign %d, column %d of the order %v, %d nodes", sign, col, order, s.Nodes())
	}
}

func TestCentreFirst(t *testing.T) {
	for w, want := range map[int][]int{1: {0}, 2: {0, 1}, 4: {1, 2, 0, 3}, 7: {3, 4, 2, 5, 1, 6, 0}, 8: {3, 4, 2, 5, 1, 6, 0, 7}} {
		if got := centreFirst(w); !slices.Equal(got, want) {
			t.Errorf("width %d: %v, want %v", w, got, want)
		}
	}
}

// BenchmarkConnect4BookEdgeGames plays the level-3 computer's exact
// search against random moves on 7×6, one game an iteration up to 8
// stones past the book, the computer first in even games and second in
// odd ones, with one solver a game as the pool gives it (one thread, its
// table kept from move to move). It reports the nodes of the computer's
// moves past the book (the mean, the largest, how many need more than
// edgeNodeBudget) and logs them by stone count:
//
//	go test ./engine -run '^$' -bench BookEdgeGames -benchtime 30x
func BenchmarkConnect4BookEdgeGames(b *testing.B) {
	r := inarow.ConnectFour
	bk, err := solve.EmbeddedBook(r)
	if err != nil || bk == nil {
		b.Fatalf("no built-in book: %v", err)
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(42, 1))
	type stat struct {
		moves, over int
		nodes, most uint64
	}
	by := map[int]*stat{}
	var all stat
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := edgeSolver(b, r)
		b.StartTimer()
		p, _ := inarow.NewPosition(r)
		for !p.Over() && p.Ply() < bk.Depth()+8 {
			var m inarow.Move
			if p.Ply()%2 != i%2 {
				legal := p.AppendLegal(nil)
				m = legal[rng.IntN(len(legal))]
			} else {
				before := s.Nodes()
				res, err := s.Search(ctx, p, solve.Limits{})
				if err != nil {
					b.Fatal(err)
				}
				m = res.Best[rng.IntN(len(res.Best))]
				if p.Ply() >= bk.Depth() {
					n := s.Nodes() - before
					st := by[p.Ply()]
					if st == nil {
						st = &stat{}
						by[p.Ply()] = st
					}
					for _, x := range []*stat{st, &all} {
						x.moves++
						x.nodes += n
						x.most = max(x.most, n)
						if n > edgeNodeBudget {
							x.over++
						}
					}
				}
			}
			p, _ = p.Play(m)
		}
	}
	for stones := bk.Depth(); stones < bk.Depth()+8; stones++ {
		if st := by[stones]; st != nil {
			b.Logf("%d stones: %d moves, mean %d nodes, largest %d, %d over %d", stones, st.moves, st.nodes/uint64(st.moves), st.most, st.over, edgeNodeBudget)
		}
	}
	if all.moves > 0 {
		b.ReportMetric(float64(all.nodes)/float64(all.moves), "nodes/move")
		b.ReportMetric(float64(all.most), "max-nodes")
		b.ReportMetric(float64(all.over), "over-budget")
	}
}
