package server

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/sqlite"
)

// gameEngine105 is a renju game of 105 moves the engine played against
// itself (depth 4, four opening moves given), black winning.
const gameEngine105 = "m4 j7 f9 c3 f11 i6 f8 f10 k8 h7 k7 k6 j6 i5 i4 i8 h9 g9 i7 k5 h5 k4 j5 g6 f5 k3 k2 j4 h6 e11 d12 l6 f6 f7 j3 l1 m7 h2 i3 g5 g7 e10 d10 e9 e8 m1 l2 k1 j1 n1 o1 d8 g11 c7 b6 d7 n5 l3 d13 e12 e13 d14 c13 f13 j2 m2 e5 h8 l7 k10 j9 m6 n7 o7 n6 n8 k9 b7 e7 l8 a13 b13 d11 d9 h11 i10 i11 j11 l10 j8 i9 l9 i12 g10 h10 f12 h12 h13 g13 j10 f14 e15 c11 g15 b10"

// BenchmarkReportGomoku builds the whole gomoku report of a recorded
// renju game (no cache: the grading itself, VCF proofs and the engine's
// estimates, one engine slot), the bound the handler gives it.
func BenchmarkReportGomoku(b *testing.B) {
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, err := New(Options{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), CreatePerMinute: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	set, err := newSetup("gomoku", &RulesJSON{Rule: "renju"})
	if err != nil {
		b.Fatal(err)
	}
	state := &state{g: &store.Game{ID: "bench"}, set: set}
	p, _ := inarow.NewPosition(set.rules)
	for i, s := range strings.Fields(gameEngine105) {
		m, err := set.parseMove(p, s)
		if err == nil {
			p, err = gomoku.Play(p, m)
		}
		if err != nil {
			b.Fatal(s, err)
		}
		state.g.Moves = append(state.g.Moves, store.Move{Ply: i, Cell: int(m)})
	}
	state.pos = p
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*srv.opt.AnalysisTime)
		t0 := time.Now()
		rep := &Report{}
		complete, err := srv.grade(ctx, state, rep)
		cancel()
		if err != nil || !complete {
			b.Fatalf("complete %v, err %v", complete, err)
		}
		b.ReportMetric(time.Since(t0).Seconds(), "s/report")
	}
}
