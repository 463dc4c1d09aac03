package inarow

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// benchGame plays one random legal game of r from the empty board with a
// fixed seed and returns its moves and the positions before each move.
func benchGame(tb testing.TB, r Rules, seed uint64) (start Position, moves []Move, before []Position) {
	tb.Helper()
	start, err := NewPosition(r)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x696e61726f77))
	p := start
	var buf []Move
	for !p.Over() {
		buf = p.AppendLegal(buf[:0])
		m := buf[rng.IntN(len(buf))]
		before = append(before, p)
		moves = append(moves, m)
		if p, err = p.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return start, moves, before
}

var (
	sinkPos   Position
	sinkMoves []Move
)

// benchPlay replays a fixed random game over and over: one op is one Play
// (with its win check); the board is reset when the game ends.
func benchPlay(b *testing.B, r Rules) {
	start, moves, _ := benchGame(b, r, 1)
	b.ReportAllocs()
	p, j := start, 0
	for b.Loop() {
		var err error
		if p, err = p.Play(moves[j]); err != nil {
			b.Fatal(err)
		}
		if j++; j == len(moves) {
			p, j = start, 0
		}
	}
	sinkPos = p
}

func BenchmarkPlay(b *testing.B)         { benchPlay(b, ConnectFour) }
func BenchmarkPlayGomoku15(b *testing.B) { benchPlay(b, Gomoku) }
func BenchmarkPlayGomoku20(b *testing.B) {
	benchPlay(b, Rules{Cols: 20, Rows: 20, K: 5})
}

// benchAppendLegal lists the legal moves of every position of a fixed
// random game in turn, into one reused buffer.
func benchAppendLegal(b *testing.B, r Rules) {
	_, _, before := benchGame(b, r, 2)
	buf := make([]Move, 0, MaxSize*MaxSize)
	b.ReportAllocs()
	j := 0
	for b.Loop() {
		buf = before[j].AppendLegal(buf[:0])
		if j++; j == len(before) {
			j = 0
		}
	}
	sinkMoves = buf
}

func BenchmarkAppendLegal(b *testing.B) {
	b.Run("connect4", func(b *testing.B) { benchAppendLegal(b, ConnectFour) })
	b.Run("gomoku15", func(b *testing.B) { benchAppendLegal(b, Gomoku) })
}

// benchPerft runs Perft to depth and reports the game-tree nodes and the
// distinct positions (each summed over all plies) counted per second.
// Perft expands each distinct position once, so nodes/s grows with the
// transpositions of the game; positions/s is closer to the work done.
func benchPerft(b *testing.B, r Rules, depth int) {
	p, err := NewPosition(r)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes, positions uint64
	var elapsed time.Duration
	for b.Loop() {
		t0 := time.Now()
		plies, err := Perft(context.Background(), p, depth)
		elapsed += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range plies {
			nodes += c.Nodes
			positions += c.Positions
		}
	}
	b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
	b.ReportMetric(float64(positions)/elapsed.Seconds(), "positions/s")
}

func BenchmarkPerftTicTacToe(b *testing.B) { benchPerft(b, TicTacToe, 9) }
func BenchmarkPerftConnect4(b *testing.B)  { benchPerft(b, ConnectFour, 8) }
