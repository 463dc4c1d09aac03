package solve

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/cases"
)

type setLine struct {
	moves string
	score Score
}

// readSet reads one of Pons' benchmark sets (package internal/cases).
func readSet(tb testing.TB, name string) []setLine {
	tb.Helper()
	data, err := fs.ReadFile(cases.PonsSets(), name)
	if err != nil {
		tb.Fatalf("benchmark set %s: %v", name, err)
	}
	var out []setLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			tb.Fatalf("%s: bad line %q", name, sc.Text())
		}
		v, err := strconv.Atoi(fields[1])
		if err != nil {
			tb.Fatalf("%s: bad score in %q", name, sc.Text())
		}
		out = append(out, setLine{fields[0], Score(v)})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func newC4(tb testing.TB, r inarow.Rules, bytes int) *C4Solver {
	tb.Helper()
	s, err := NewC4(r, Options{TableBytes: bytes})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// runSet solves the lines of a set until the budget is spent and checks
// every score; it returns how many it solved.
func runSet(t *testing.T, name string, budget time.Duration) int {
	lines := readSet(t, name)
	s := newC4(t, inarow.ConnectFour, 16<<20)
	start := time.Now()
	n := 0
	for _, l := range lines {
		if budget > 0 && time.Since(start) > budget {
			break
		}
		b, err := s.g.FromMoves(l.moves)
		if err != nil {
			t.Fatalf("%s %q: %v", name, l.moves, err)
		}
		v, err := s.SolveBoard(context.Background(), b)
		if err != nil {
			t.Fatalf("%s %q: %v", name, l.moves, err)
		}
		if v != l.score {
			t.Errorf("%s %q: score %d, want %d", name, l.moves, v, l.score)
		}
		n++
	}
	t.Logf("%s: %d of %d positions in %v, %d nodes", name, n, len(lines), time.Since(start).Round(time.Millisecond), s.Nodes())
	return n
}

func TestSetL3R1(t *testing.T) { runSet(t, "Test_L3_R1", 0) }
func TestSetL2R1(t *testing.T) { runSet(t, "Test_L2_R1", 0) }
func TestSetL1R1(t *testing.T) {
	budget := 20 * time.Second
	if testing.Short() || raceEnabled {
		budget = 3 * time.Second
	}
	if n := runSet(t, "Test_L1_R1", budget); n < 20 {
		t.Errorf("only %d positions of L1_R1 solved in %v", n, budget)
	}
}

// Every probe lies inside the range, so each null-window search narrows
// it: lo ≤ probe < hi.
func TestProbeInsideRange(t *testing.T) {
	for lo := -70; lo <= 70; lo++ {
		for hi := lo + 1; hi <= 70; hi++ {
			if m := probe(lo, hi); m < lo || m >= hi {
				t.Fatalf("probe(%d, %d) = %d, outside [lo, hi)", lo, hi, m)
			}
		}
	}
}

// A weak solver gives the sign of every score of Pons' sets (of the
// first lines of the hard ones, which take seconds each), and of every
// column's score on the easier sets; the 128-bit solver's weak scores
// agree.
func TestWeakSigns(t *testing.T) {
	sets := []struct {
		name   string
		lines  int
		deeper bool // compare the columns and the 128-bit solver too
	}{
		{"Test_L3_R1", 60, true}, {"Test_L2_R1", 60, true}, {"Test_L2_R2", 60, true},
		{"Test_L1_R1", 6, false}, {"Test_L1_R2", 4, false}, {"Test_L1_R3", 2, false},
	}
	if testing.Short() || raceEnabled {
		for i := range sets {
			sets[i].lines = max(sets[i].lines/6, 1)
		}
	}
	ctx := context.Background()
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 16 << 20, Weak: true, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	strong := newC4(t, inarow.ConnectFour, 16<<20)
	big, err := NewBig(inarow.ConnectFour, Options{TableBytes: 16 << 20, Weak: true})
	if err != nil {
		t.Fatal(err)
	}
	sign := func(v Score) Score { return Score(min(max(v, -1), 1)) }
	for _, set := range sets {
		for i, l := range readSet(t, set.name)[:set.lines] {
			v, err := s.SolveMoves(ctx, l.moves)
			if err != nil {
				t.Fatal(err)
			}
			if v != sign(l.score) {
				t.Errorf("%s %q: weak score %d, strong %d", set.name, l.moves, v, l.score)
			}
			if !set.deeper || i%4 != 0 {
				continue
			}
			if bv, err := big.SolveMoves(ctx, l.moves); err != nil || bv != v {
				t.Errorf("%s %q: 128-bit weak score %d %v, want %d", set.name, l.moves, bv, err, v)
			}
			weak, err := s.AnalyzeMoves(ctx, l.moves)
			if err != nil {
				t.Fatal(err)
			}
			exact, err := strong.AnalyzeMoves(ctx, l.moves)
			if err != nil {
				t.Fatal(err)
			}
			for c, want := range exact {
				if want != FullColumn {
					want = sign(want)
				}
				if weak[c] != want {
					t.Errorf("%s %q column %d: weak %d, strong %d", set.name, l.moves, c+1, weak[c], exact[c])
				}
			}
		}
	}
}

// Two or three threads give every score one thread gives, exact and weak,
// on Pons' easier sets and on the columns of 6×5 positions; run under
// -race too, for the shared table and the halt.
func TestThreadsAgree(t *testing.T) {
	lines := 40
	if testing.Short() || raceEnabled {
		lines = 8
	}
	ctx := context.Background()
	for _, threads := range []int{2, 3} {
		for _, weak := range []bool{false, true} {
			par, err := NewC4(inarow.ConnectFour, Options{TableBytes: 4 << 20, Threads: threads, Weak: weak, NoBook: true})
			if err != nil {
				t.Fatal(err)
			}
			one, err := NewC4(inarow.ConnectFour, Options{TableBytes: 4 << 20, Weak: weak, NoBook: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2"} {
				for _, l := range readSet(t, name)[:lines] {
					want, err1 := one.SolveMoves(ctx, l.moves)
					got, err2 := par.SolveMoves(ctx, l.moves)
					if err1 != nil || err2 != nil || got != want {
						t.Errorf("%d threads, weak %v, %s %q: %d %v, one thread %d %v", threads, weak, name, l.moves, got, err2, want, err1)
					}
				}
			}
		}
	}
	r := inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}
	par, err := NewC4(r, Options{TableBytes: 1 << 20, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	one := newC4(t, r, 1<<20)
	for _, moves := range []string{"", "3", "34", "3443", "112233", "6543"} {
		want, err1 := one.AnalyzeMoves(ctx, moves)
		got, err2 := par.AnalyzeMoves(ctx, moves)
		if err1 != nil || err2 != nil || !slices.Equal(got, want) {
			t.Errorf("6×5 %q: two threads %v %v, one %v %v", moves, got, err2, want, err1)
		}
	}
	if par.Nodes() == 0 {
		t.Error("no nodes counted")
	}
	if _, err := NewC4(r, Options{Threads: -1}); err == nil {
		t.Error("-1 threads accepted")
	}
}

// A cancelled context stops every thread of a search.
func TestThreadsStop(t *testing.T) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 4 << 20, Threads: 2, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := s.SolveMoves(ctx, ""); err == nil {
		t.Fatal("the empty board solved in 50 ms")
	}
}
