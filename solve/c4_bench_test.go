package solve

import (
	"context"
	"testing"

	"github.com/inarow/inarow"
)

// benchSet solves the positions of a set in turn, b.N positions in all,
// with one solver (its table carried from one position to the next, as
// Pons' solver does), and reports ns and nodes per position.
func benchSet(b *testing.B, name string) { benchSetThreads(b, name, 1) }

// benchSetThreads is benchSet with threads searching each position.
func benchSetThreads(b *testing.B, name string, threads int) {
	lines := readSet(b, name)
	s, err := NewC4(inarow.ConnectFour, Options{Threads: threads})
	if err != nil {
		b.Fatal(err)
	}
	boards := make([]Board, len(lines))
	for i, l := range lines {
		bd, err := s.g.FromMoves(l.moves)
		if err != nil {
			b.Fatal(err)
		}
		boards[i] = bd
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	s.Reset()
	for i := 0; i < b.N; i++ {
		j := i % len(lines)
		v, err := s.SolveBoard(ctx, boards[j])
		if err != nil || v != lines[j].score {
			b.Fatalf("%s %q: %d %v, want %d", name, lines[j].moves, v, err, lines[j].score)
		}
	}
	b.ReportMetric(float64(s.Nodes())/float64(b.N), "nodes/pos")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/pos")
}

func BenchmarkSolveL3R1(b *testing.B) { benchSet(b, "Test_L3_R1") }
func BenchmarkSolveL2R1(b *testing.B) { benchSet(b, "Test_L2_R1") }
func BenchmarkSolveL2R2(b *testing.B) { benchSet(b, "Test_L2_R2") }
func BenchmarkSolveL1R1(b *testing.B) { benchSet(b, "Test_L1_R1") }
func BenchmarkSolveL1R2(b *testing.B) { benchSet(b, "Test_L1_R2") }

// The same with two threads: the nodes of both.
func BenchmarkSolveL2R2Threads2(b *testing.B) { benchSetThreads(b, "Test_L2_R2", 2) }

// BenchmarkSolveEmpty solves the empty 7×6 board (+1) from scratch, no
// book, one thread, a 1 GB table: the measure of issue 22 beside
// Steininger's solver, and the heaviest part of the profile that the
// inarow command is built with (cmd/inarow/default.pgo).
func BenchmarkSolveEmpty(b *testing.B) {
	s, err := NewC4(inarow.ConnectFour, Options{TableBytes: 1 << 30, NoBook: true})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Reset()
		v, err := s.SolveBoard(context.Background(), s.g.Empty())
		if err != nil || v != 1 {
			b.Fatalf("the empty board: %d %v, want 1", v, err)
		}
	}
	b.ReportMetric(float64(s.Nodes()), "nodes/op")
}
