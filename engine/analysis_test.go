package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// Analyze chooses the analyser by the rules alone, and CanAnalyze says
// which rules have one.
func TestAnalyzeChoosesTheAnalyser(t *testing.T) {
	for _, tc := range []struct {
		rules inarow.Rules
		moves []inarow.Move // with gravity, columns
		want  Method
	}{
		{inarow.TicTacToe, []inarow.Move{4}, MethodSolver},
		{inarow.Rules{Cols: 4, Rows: 4, K: 3}, []inarow.Move{5}, MethodSolver},
		{inarow.ConnectFour, []inarow.Move{6, 3, 1, 1, 2, 3, 0, 6, 2, 4, 5, 3, 6, 6, 3, 0, 0, 5, 5, 0, 2, 2, 4, 6, 2, 3, 6, 2, 1, 3, 1, 4, 5, 5}, MethodConnect4}, // Pons' Test_L3_R1,
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, []inarow.Move{2}, MethodConnect4},
		{gomokuRules(t, gomoku.Freestyle, 15), []inarow.Move{112, 113, 97}, MethodSearch},
		{gomokuRules(t, gomoku.Renju, 15), []inarow.Move{112, 113, 97}, MethodSearch},
		{gomokuRules(t, gomoku.CaroExact, 9), []inarow.Move{40, 41}, MethodSearch},
		{inarow.Rules{Cols: 8, Rows: 8, K: 4}, []inarow.Move{27}, MethodNone},
		{inarow.Rules{Cols: 6, Rows: 6, K: 4, Win: inarow.ExactlyK}, nil, MethodNone},
	} {
		p, err := inarow.NewPosition(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tc.moves {
			if tc.rules.Gravity {
				m, _ = p.Drop(int(m))
			}
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		a, err := Analyze(ctx, p, AnalyzeOptions{Depth: 1})
		cancel()
		if err != nil || a.Method != tc.want || !a.Complete {
			t.Fatalf("%v: %+v, %v; want a complete %s", tc.rules, a, err, tc.want)
		}
		if got := CanAnalyze(tc.rules); got != (tc.want != MethodNone) {
			t.Errorf("CanAnalyze(%v) = %v", tc.rules, got)
		}
		if (tc.want == MethodNone) != (len(a.Moves) == 0) {
			t.Errorf("%v: %d moves valued", tc.rules, len(a.Moves))
		}
		for _, v := range a.Moves {
			if !p.Legal(v.Move) {
				t.Errorf("%v: %v valued but not legal", tc.rules, v.Move)
			}
		}
	}
	over, _ := inarow.NewPosition(inarow.TicTacToe)
	for _, m := range []inarow.Move{0, 3, 1, 4, 2} {
		over, _ = over.Play(m)
	}
	if a, err := Analyze(context.Background(), over, AnalyzeOptions{}); err != nil || a.Method != MethodNone || !a.Complete || len(a.Moves) != 0 {
		t.Errorf("a finished game: %+v, %v", a, err)
	}
}

// The exact analysis agrees with the exact solver: the best move's score
// is the position's value, every move's score is the value after it.
func TestAnalyzeExactAgreesWithTheSolver(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, r := range []inarow.Rules{inarow.TicTacToe, {Cols: 4, Rows: 3, K: 3}} {
		for range 20 {
			p := randomPosition(t, rnd, r, rnd.IntN(5))
			if p.Over() {
				continue
			}
			a, err := Analyze(context.Background(), p, AnalyzeOptions{})
			if err != nil || a.Method != MethodSolver || len(a.Moves) != p.LegalCount() {
				t.Fatalf("%+v, %v in\n%v", a, err, p)
			}
			var sv solve.Solver
			want, err := sv.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			best := -1 << 30
			for _, v := range a.Moves {
				best = max(best, v.Score)
			}
			if best != int(want) {
				t.Fatalf("best score %d, the solver says %d in\n%v", best, want, p)
			}
		}
	}
}

// A bound that ends before the solver starts leaves the analysis
// incomplete, with the note and the context's error, and changes nothing.
func TestAnalyzeCutShort(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, err := Analyze(ctx, p, AnalyzeOptions{})
	if !errors.Is(err, context.Canceled) || a == nil || a.Complete || a.Method != MethodConnect4 || a.Note == "" {
		t.Fatalf("%+v, %v", a, err)
	}
	g := gomokuRules(t, gomoku.Freestyle, 15)
	q, _ := inarow.NewPosition(g)
	q, _ = q.Play(112)
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if a, err := Analyze(ctx, q, AnalyzeOptions{Depth: 40}); err != nil || a.Complete || a.Method != MethodSearch || a.Note == "" {
		t.Fatalf("gomoku within 50ms to depth 40: %+v, %v", a, err)
	}
}

// A gomoku analysis that proves every move lost (white against black's
// open four) stops at the depth that proved it and is complete: a deeper
// search cannot change a proof, and the note that a time bound cut it
// short would be wrong.
func TestAnalyzeProvenIsComplete(t *testing.T) {
	r := gomokuRules(t, gomoku.Freestyle, 15)
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"h8", "a1", "i8", "a3", "j8", "a5", "k8"} {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a, err := Analyze(ctx, p, AnalyzeOptions{Depth: 4})
	if err != nil || len(a.Moves) == 0 {
		t.Fatalf("%+v, %v", a, err)
	}
	for _, v := range a.Moves {
		if !v.Proven || v.Score >= 0 {
			t.Errorf("%v: score %d, proven %v; want a proven loss", v.Move, v.Score, v.Proven)
		}
	}
	if !a.Complete || a.Note != "" || a.Depth >= 4 {
		t.Errorf("complete %v, note %q, depth %d: want complete, no note, below depth 4", a.Complete, a.Note, a.Depth)
	}
}
