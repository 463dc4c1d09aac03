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

// gameEngine79 is a renju game of 79 moves the engine played against
// itself (depth 5, three opening moves given), black winning.
const gameEngine79 = "f9 h8 i9 h9 h10 j8 f8 f10 g8 g9 i7 h7 i8 i6 h5 j6 i11 i10 j5 k6 l6 k7 k5 i5 h4 d12 e11 m7 l8 l7 n7 j9 k8 j10 j7 j11 j12 m10 k13 l14 k12 k10 l10 h6 g6 j4 k3 i12 l9 d10 i13 k11 f7 h13 g14 i4 l12 l11 m12 n12 e8 d9 d8 c8 f6 f5 e7 g5 b10 c9 e9 e10 e6 e5 c6 d6 d7 g10 b5"

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
	for i, s := range strings.Fields(gameEngine79) {
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
		complete, err := srv.gradeGomoku(ctx, state, rep)
		cancel()
		if err != nil || !complete {
			b.Fatalf("complete %v, err %v", complete, err)
		}
		b.ReportMetric(time.Since(t0).Seconds(), "s/report")
	}
}
