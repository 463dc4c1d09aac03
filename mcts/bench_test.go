package mcts

import (
	"context"
	"testing"

	"github.com/inarow/inarow"
)

// benchPlayouts reports random playouts (with the tactical checks, as the
// search runs them) and the cost of one playout move.
func benchPlayouts(b *testing.B, r inarow.Rules, tactics bool) {
	g := newGeometry(r)
	root, tmp := newBoard(g), newBoard(g)
	p, _ := inarow.NewPosition(r)
	root.set(p)
	rng := newRNG(1)
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tmp.copyFrom(root)
		tmp.playout(&rng, tactics)
		moves += tmp.ply
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

func BenchmarkPlayoutTicTacToe(b *testing.B)     { benchPlayouts(b, inarow.TicTacToe, true) }
func BenchmarkPlayoutConnectFour(b *testing.B)   { benchPlayouts(b, inarow.ConnectFour, true) }
func BenchmarkPlayoutGomoku(b *testing.B)        { benchPlayouts(b, inarow.Gomoku, true) }
func BenchmarkPlayoutPureTicTacToe(b *testing.B) { benchPlayouts(b, inarow.TicTacToe, false) }
func BenchmarkPlayoutPureConnectFour(b *testing.B) {
	benchPlayouts(b, inarow.ConnectFour, false)
}
func BenchmarkPlayoutPureGomoku(b *testing.B) { benchPlayouts(b, inarow.Gomoku, false) }

// benchPositionPlayouts is the same random game on inarow.Position
// (AppendLegal into a stack buffer, Play), for comparison.
func benchPositionPlayouts(b *testing.B, r inarow.Rules) {
	p0, _ := inarow.NewPosition(r)
	rng := newRNG(1)
	var buf [inarow.MaxSize * inarow.MaxSize]inarow.Move
	moves := 0
	for i := 0; i < b.N; i++ {
		p := p0
		for !p.Over() {
			ms := p.AppendLegal(buf[:0])
			p, _ = p.Play(ms[rng.intn(len(ms))])
			moves++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

func BenchmarkPositionPlayoutTicTacToe(b *testing.B)   { benchPositionPlayouts(b, inarow.TicTacToe) }
func BenchmarkPositionPlayoutConnectFour(b *testing.B) { benchPositionPlayouts(b, inarow.ConnectFour) }
func BenchmarkPositionPlayoutGomoku(b *testing.B)      { benchPositionPlayouts(b, inarow.Gomoku) }

// benchSearch reports MCTS iterations per second from the empty board.
func benchSearch(b *testing.B, r inarow.Rules, threads int) {
	p, _ := inarow.NewPosition(r)
	const per = 20000
	var iters int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := New(Options{Threads: threads, Seed: uint64(i + 1), EndgameCells: -1})
		res, err := e.Search(context.Background(), p, Limits{Playouts: per})
		if err != nil {
			b.Fatal(err)
		}
		iters += res.Iterations
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iter/s")
}

func BenchmarkSearchTicTacToe1(b *testing.B)   { benchSearch(b, inarow.TicTacToe, 1) }
func BenchmarkSearchTicTacToe2(b *testing.B)   { benchSearch(b, inarow.TicTacToe, 2) }
func BenchmarkSearchConnectFour1(b *testing.B) { benchSearch(b, inarow.ConnectFour, 1) }
func BenchmarkSearchConnectFour2(b *testing.B) { benchSearch(b, inarow.ConnectFour, 2) }
func BenchmarkSearchGomoku1(b *testing.B)      { benchSearch(b, inarow.Gomoku, 1) }
func BenchmarkSearchGomoku2(b *testing.B)      { benchSearch(b, inarow.Gomoku, 2) }
