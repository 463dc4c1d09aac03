package solve

import (
	"context"
	"iter"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/inarow/inarow"
)

// Two and four threads give the score and the column scores one thread
// gives on random 7×6 positions of 8–22 stones, exact and weak, the table
// kept between the positions as a game keeps it; and leave no position
// marked as being searched. Under -race a few positions check the shared
// table, the marks and the halt.
func TestParallelAgreesRandom(t *testing.T) {
	n := 20
	if testing.Short() || raceEnabled {
		n = 6
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 2))
	var lines []string
	for len(lines) < n {
		if _, moves, ok := randomPosition(rng, inarow.ConnectFour, 8+rng.IntN(15)); ok {
			lines = append(lines, moves)
		}
	}
	for _, weak := range []bool{false, true} {
		one, err := NewC4(inarow.ConnectFour, Options{TableBytes: 8 << 20, Weak: weak, NoBook: true})
		if err != nil {
			t.Fatal(err)
		}
		var want [][]Score
		for _, l := range lines {
			v, err := one.SolveMoves(ctx, l)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, []Score{v})
			if len(want) <= n/6 { // the column scores of a few
				cols, err := one.AnalyzeMoves(ctx, l)
				if err != nil {
					t.Fatal(err)
				}
				want[len(want)-1] = append(want[len(want)-1], cols...)
			}
		}
		for _, threads := range []int{2, 4} {
			par, err := NewC4(inarow.ConnectFour, Options{TableBytes: 8 << 20, Weak: weak, NoBook: true, Threads: threads})
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range lines {
				v, err := par.SolveMoves(ctx, l)
				got := []Score{v}
				if err == nil && len(want[i]) > 1 {
					var cols []Score
					cols, err = par.AnalyzeMoves(ctx, l)
					got = append(got, cols...)
				}
				if err != nil || !slices.Equal(got, want[i]) {
					t.Errorf("%d threads, weak %v, %q: %v %v, one thread %v", threads, weak, l, got, err, want[i])
				}
			}
			checkNoMarks(t, par)
		}
	}
}

// BestMoves, the level-3 computer's search, finds the same moves with
// two threads as with one.
func TestParallelBestMoves(t *testing.T) {
	ctx := context.Background()
	one := newC4(t, inarow.ConnectFour, 4<<20)
	par, err := NewC4(inarow.ConnectFour, Options{TableBytes: 4 << 20, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"", "4453"}
	rng := rand.New(rand.NewPCG(22, 3))
	for len(lines) < 8 {
		if _, moves, ok := randomPosition(rng, inarow.ConnectFour, 12+rng.IntN(7)); ok {
			lines = append(lines, moves)
		}
	}
	for _, moves := range lines {
		b, err := one.g.FromMoves(moves)
		if err != nil {
			t.Fatal(err)
		}
		v1, c1, err1 := one.BestMoves(ctx, b)
		v2, c2, err2 := par.BestMoves(ctx, b)
		if err1 != nil || err2 != nil || v1 != v2 || !slices.Equal(c1, c2) {
			t.Errorf("%q: two threads %d %v %v, one %d %v %v", moves, v2, c2, err2, v1, c1, err1)
		}
	}
	checkNoMarks(t, par)
}

// A search stopped part way leaves no marks behind.
func TestParallelStopClearsMarks(t *testing.T) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 4 << 20, Threads: 3, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := s.SolveMoves(ctx, "4"); err == nil {
		t.Fatal("4 solved in 30 ms without the book")
	}
	checkNoMarks(t, s)
}

// checkNoMarks fails unless every mark of s's busy table is cleared.
func checkNoMarks(t *testing.T, s *C4Solver) {
	t.Helper()
	for i := range s.busy.slot {
		if k := atomic.LoadUint64(&s.busy.slot[i]); k != 0 {
			t.Fatalf("position %#x still marked after the search", k)
		}
	}
}

func TestBusyTable(t *testing.T) {
	var b busyTable
	const k1, k2 = 0x1234, 0x98765
	if b.searching(k1) {
		t.Fatal("empty table marks k1")
	}
	b.enter(k1)
	if !b.searching(k1) || b.searching(k2) {
		t.Fatal("k1 not marked, or k2 marked")
	}
	b.enter(k2)
	b.leave(k2)
	b.leave(k1)
	if b.searching(k1) || b.searching(k2) {
		t.Fatal("marks left")
	}
}

// The parallel search on a model of idle cores: the threads run in
// lockstep, one node each in turn, so the nodes that the first thread to
// finish searched stand for the wall time, and the ratio of one thread's
// nodes to them for the speed-up, free of the machine's load (the
// model leaves out what a node costs more with threads: the shared
// table's cache traffic). Deterministic, unlike a real run. The scores
// are one thread's.
func TestParallelLockstep(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a few seconds of coroutine switches")
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 4))
	var boards []Board
	g, _ := NewGeometry(inarow.ConnectFour)
	for len(boards) < 12 {
		if _, moves, ok := randomPosition(rng, inarow.ConnectFour, 10+rng.IntN(5)); ok {
			b, err := g.FromMoves(moves)
			if err != nil {
				t.Fatal(err)
			}
			if !g.CanWinNext(b) {
				boards = append(boards, b)
			}
		}
	}
	one, err := NewC4(inarow.ConnectFour, Options{TableBytes: 16 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	var want []Score
	for _, b := range boards {
		v, err := one.SolveBoard(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, v)
	}
	for _, c := range []struct {
		threads int
		speedUp float64 // at least
	}{{2, 1.5}, {4, 2.2}} { // measured 1.71 and 2.75: room for changes of the one-thread search
		par, err := NewC4(inarow.ConnectFour, Options{TableBytes: 16 << 20, NoBook: true, Threads: c.threads})
		if err != nil {
			t.Fatal(err)
		}
		var crit uint64
		for i, b := range boards {
			lo, hi := -g.win(b.moves+1), g.win(b.moves)
			v, n := lockstep(par, func(h *C4Solver, ctx context.Context) (int, bool) { return h.bisect(ctx, b, lo, hi) })
			crit += n
			if Score(v) != want[i] {
				t.Errorf("%d threads in lockstep: %d, one thread %d", c.threads, v, want[i])
			}
		}
		checkNoMarks(t, par)
		speedUp := float64(one.Nodes()) / float64(crit)
		t.Logf("%d threads: %d nodes in all, the first to finish %d; one thread %d: speed-up %.2f", c.threads, par.Nodes(), crit, one.Nodes(), speedUp)
		if speedUp < c.speedUp {
			t.Errorf("%d threads in lockstep: speed-up %.2f, want at least %.2f", c.threads, speedUp, c.speedUp)
		}
	}
}

// lockstep runs search on s and its helpers as onEveryThread does, but
// on coroutines that take turns one node at a time (each thread's
// context yields at every node): the first result and the nodes of the
// thread that gave it.
func lockstep(s *C4Solver, search func(*C4Solver, context.Context) (int, bool)) (int, uint64) {
	defer func(m uint64) { pollMask = m }(pollMask)
	pollMask = 0
	s.halt.Store(false)
	var (
		result int
		crit   uint64
		found  bool
	)
	threads := append([]*C4Solver{s}, s.helpers...)
	next := make([]func() (struct{}, bool), len(threads))
	for i, h := range threads {
		var stop func()
		next[i], stop = iter.Pull(func(yield func(struct{}) bool) {
			n := h.nodes
			v, ok := search(h, &stepContext{context.Background(), yield})
			if ok && !found {
				result, crit, found = v, h.nodes-n, true
				s.halt.Store(true)
			}
		})
		defer stop()
	}
	for running := len(threads); running > 0; {
		for i := range next {
			if next[i] == nil {
				continue
			}
			if _, more := next[i](); !more {
				next[i] = nil
				running--
			}
		}
	}
	return result, crit
}

// stepContext hands the turn to the next coroutine whenever the search
// looks at it.
type stepContext struct {
	context.Context
	yield func(struct{}) bool
}

func (c *stepContext) Err() error {
	if !c.yield(struct{}{}) {
		return context.Canceled
	}
	return nil
}

// No two threads' solvers share a cache line (see addHelpers).
func TestHelpersOwnLines(t *testing.T) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 1 << 20, NoBook: true, Threads: 5})
	if err != nil {
		t.Fatal(err)
	}
	type lines struct{ first, last uintptr }
	of := func(h *C4Solver) lines {
		a := uintptr(unsafe.Pointer(h))
		return lines{a / cacheLine, (a + unsafe.Sizeof(*h) - 1) / cacheLine}
	}
	threads := append([]*C4Solver{s}, s.helpers...)
	for i, a := range threads {
		for _, b := range threads[i+1:] {
			if la, lb := of(a), of(b); la.first <= lb.last && lb.first <= la.last {
				t.Errorf("solvers at %p and %p share a cache line", a, b)
			}
		}
	}
}
