package solve

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

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
		if k := s.busy.slot[i].Load(); k != 0 {
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
