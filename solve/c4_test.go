package solve

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
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
