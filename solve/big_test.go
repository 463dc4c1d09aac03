package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow"
)

// The 128-bit operations agree with math/big-free arithmetic on pairs of
// words: shifts across the word boundary, carries.
func TestU128(t *testing.T) {
	a := u128{1 << 63, 1}
	if got := a.shl(1); got != (u128{0, 3}) {
		t.Errorf("shl: %v", got)
	}
	if got := a.shr(64); got != (u128{1, 0}) {
		t.Errorf("shr: %v", got)
	}
	if got := (u128{^uint64(0), 0}).add(u128{1, 0}); got != (u128{0, 1}) {
		t.Errorf("add: %v", got)
	}
	if got := (u128{0, 1}).sub(u128{1, 0}); got != (u128{^uint64(0), 0}) {
		t.Errorf("sub: %v", got)
	}
	if got := (u128{1 << 32, 0}).mul(u128{1 << 32, 1}); got != (u128{0, 1<<32 + 1}) {
		t.Errorf("mul: %v", got)
	}
}

// The 128-bit solver agrees with the generic solver on small boards and
// with the one-word solver on larger ones, on random positions.
func TestBigAgrees(t *testing.T) {
	cases := []struct {
		r        inarow.Rules
		min, max int
		n        int
		generic  bool
	}{
		{inarow.Rules{Cols: 4, Rows: 4, K: 4, Gravity: true}, 0, 12, 40, true},
		{inarow.Rules{Cols: 5, Rows: 4, K: 3, Gravity: true}, 2, 16, 30, true},
		{inarow.Rules{Cols: 4, Rows: 5, K: 2, Gravity: true}, 0, 16, 20, true},
		{inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}, 12, 26, 25, false},
		{inarow.Rules{Cols: 6, Rows: 4, K: 4, Gravity: true}, 4, 11, 25, false}, // mirror keys in use
		{inarow.ConnectFour, 22, 40, 60, false},
		{inarow.Rules{Cols: 8, Rows: 7, K: 4, Gravity: true}, 40, 54, 10, false},
	}
	if testing.Short() || raceEnabled {
		for i := range cases {
			cases[i].n = max(cases[i].n/4, 3)
		}
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(31, 32))
	for _, c := range cases {
		t.Run(fmt.Sprintf("%dx%dk%d", c.r.Cols, c.r.Rows, c.r.K), func(t *testing.T) {
			big, err := NewBig(c.r, Options{TableBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			one := newC4(t, c.r, 1<<20)
			one.setBook(nil)
			for n := 0; n < c.n; {
				p, moves, ok := randomPosition(rng, c.r, c.min+rng.IntN(c.max-c.min+1))
				if !ok {
					continue
				}
				n++
				got, err := big.Solve(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				var want Score
				if c.generic {
					var ref Solver
					want, err = ref.Solve(ctx, p)
				} else {
					want, err = one.Solve(ctx, p)
				}
				if err != nil || got != want {
					t.Fatalf("%q: 128-bit %d, reference %d %v", moves, got, want, err)
				}
				if n%5 == 0 {
					a1, err1 := big.Analyze(ctx, p)
					a2, err2 := one.Analyze(ctx, p)
					if err1 != nil || err2 != nil || fmt.Sprint(a1) != fmt.Sprint(a2) {
						t.Fatalf("%q: Analyze 128-bit %v %v, one word %v %v", moves, a1, err1, a2, err2)
					}
				}
			}
		})
	}
}

// The boards one word cannot hold: late positions of 9×7 and 8×8 solve,
// and the scores are consistent (a position's score is the best of its
// columns').
func TestBigBoards(t *testing.T) {
	n := 4
	if testing.Short() || raceEnabled {
		n = 1
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(41, 42))
	for _, r := range []inarow.Rules{{Cols: 9, Rows: 7, K: 4, Gravity: true}, {Cols: 8, Rows: 8, K: 4, Gravity: true}} {
		if _, err := NewC4(r, Options{TableBytes: 1 << 20}); err == nil {
			t.Fatalf("%v fits one word?", r)
		}
		s, err := NewBig(r, Options{TableBytes: 8 << 20})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; {
			p, moves, ok := randomPosition(rng, r, r.Cells()-26)
			if !ok {
				continue
			}
			i++
			start := time.Now()
			v, err := s.Solve(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			scores, err := s.Analyze(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			best := FullColumn
			for _, sc := range scores {
				best = max(best, sc)
			}
			if best != v {
				t.Fatalf("%v %q: score %d, columns %v", r, moves, v, scores)
			}
			t.Logf("%v %q: %d %v in %v, %d nodes", r, moves, v, scores, time.Since(start).Round(time.Millisecond), s.Nodes())
		}
	}
	if _, err := NewBig(inarow.Rules{Cols: 11, Rows: 11, K: 4, Gravity: true}, Options{}); err == nil {
		t.Error("11×11 fits 128 bits?")
	}
}

// The 128-bit solver on a benchmark set, to compare with BenchmarkSolve*.
func benchBig(b *testing.B, name string) {
	lines := readSet(b, name)
	s, err := NewBig(inarow.ConnectFour, Options{})
	if err != nil {
		b.Fatal(err)
	}
	boards := make([]BigBoard, len(lines))
	for i, l := range lines {
		p, _ := inarow.NewPosition(inarow.ConnectFour)
		for _, c := range l.moves {
			m, _ := p.Drop(int(c - '1'))
			p, _ = p.Play(m)
		}
		if boards[i], err = s.g.FromPosition(p); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	b.ResetTimer()
	s.nodes = 0
	for i := 0; i < b.N; i++ {
		j := i % len(lines)
		v, err := s.SolveBoard(ctx, boards[j])
		if err != nil || v != lines[j].score {
			b.Fatalf("%s %q: %d %v, want %d", name, lines[j].moves, v, err, lines[j].score)
		}
	}
	b.ReportMetric(float64(s.Nodes())/float64(b.N), "nodes/pos")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/pos")
	b.ReportMetric(float64(s.Nodes())/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkBigL3R1(b *testing.B) { benchBig(b, "Test_L3_R1") }
func BenchmarkBigL1R1(b *testing.B) { benchBig(b, "Test_L1_R1") }
func BenchmarkBigL2R1(b *testing.B) { benchBig(b, "Test_L2_R1") }
func BenchmarkBigL2R2(b *testing.B) { benchBig(b, "Test_L2_R2") }

// NewGravity picks the one-word solver where it fits, and both answer
// move strings.
func TestGravity(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		r    inarow.Rules
		one  bool
		want Score
	}{
		{inarow.ConnectFour, true, 18},
		{inarow.Rules{Cols: 9, Rows: 7, K: 4, Gravity: true}, false, 29},
	} {
		s, err := NewGravity(c.r, Options{TableBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if _, one := s.(*C4Solver); one != c.one || s.Rules() != c.r {
			t.Fatalf("%v: %T", c.r, s)
		}
		if v, err := s.SolveMoves(ctx, "4455"); err != nil || v != c.want {
			t.Errorf("%v: 4455 scores %d %v, want %d", c.r, v, err, c.want)
		}
		if _, err := s.SolveMoves(ctx, "4x"); !errors.Is(err, inarow.ErrBadMove) {
			t.Errorf("%v: 4x: %v", c.r, err)
		}
		late := "63832364314168797516155893648554493683964588495" // 9×7, columns 8 and 9 full
		if c.one {
			late = "2252576253462244111563365343671351441" // Test_L3_R1
		}
		scores, err := s.AnalyzeMoves(ctx, late)
		if err != nil || len(scores) != c.r.Cols {
			t.Errorf("%v: analyze: %v %v", c.r, scores, err)
		}
	}
}
