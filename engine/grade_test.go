package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

func TestGradeOf(t *testing.T) {
	n := func(v int) *int { return &v }
	for _, c := range []struct {
		score, best *int
		want        Verdict
	}{
		{n(3), n(3), GradeBest}, {n(1), n(3), GradeGood}, {n(0), n(3), GradeMistake}, {n(-2), n(3), GradeBlunder},
		{n(0), n(0), GradeBest}, {n(-1), n(0), GradeMistake}, {n(-4), n(-2), GradeGood}, {nil, n(2), GradeNone}, {n(2), nil, GradeNone},
	} {
		if got := gradeOf(c.score, c.best); got != c.want {
			t.Errorf("gradeOf(%v, %v) = %q, want %q", c.score, c.best, got, c.want)
		}
	}
}

func TestGradeMethod(t *testing.T) {
	renju, err := gomoku.Renju.Board(15)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules inarow.Rules
		want  Method
	}{
		{inarow.TicTacToe, MethodSolver},
		{inarow.Rules{Cols: 4, Rows: 4, K: 3}, MethodSolver},
		{inarow.ConnectFour, MethodConnect4},
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, MethodConnect4},
		{renju, MethodGomokuVCF},
		{inarow.Rules{Cols: 5, Rows: 5, K: 4}, MethodNone},
	} {
		if got := GradeMethod(c.rules); got != c.want {
			t.Errorf("GradeMethod(%v) = %q, want %q", c.rules, got, c.want)
		}
	}
	g, err := Grade(context.Background(), inarow.Rules{Cols: 5, Rows: 5, K: 4}, []inarow.Move{12})
	if err != nil || g.Method != MethodNone || !g.Complete || len(g.Moves) != 0 {
		t.Errorf("5×5 k=4: %+v, %v", g, err)
	}
}

// TestGradeBadMoves: a game that does not replay is an error, graded not
// at all.
func TestGradeBadMoves(t *testing.T) {
	for _, moves := range [][]inarow.Move{{4, 4}, {9}, {-2}} {
		if g, err := Grade(context.Background(), inarow.TicTacToe, moves); err == nil || g != nil {
			t.Errorf("%v: %+v, %v", moves, g, err)
		}
	}
}

// pons and moveValue are a plain reference for the exact grading: the
// value of p for its side to move, and of its move m, in Pons' convention,
// by full minimax.
func pons(p inarow.Position) int {
	best := 0 // a full board is a draw
	for i, m := range p.AppendLegal(nil) {
		if v := moveValue(p, m); i == 0 || v > best {
			best = v
		}
	}
	return best
}

func moveValue(p inarow.Position, m inarow.Move) int {
	q, _ := p.Play(m)
	switch {
	case q.Outcome().Status == inarow.Won:
		stones := 0
		for c := inarow.Move(0); int(c) < q.Rules().Cells(); c++ {
			if q.At(c) == p.ToMove() {
				stones++
			}
		}
		return int(solve.WinScore(q.Rules().Cells(), stones))
	case q.Over():
		return 0
	}
	return -pons(q)
}

// TestGradeExact: every tic-tac-toe move's score, the best score and the
// best moves agree with a plain minimax of every position.
func TestGradeExact(t *testing.T) {
	r := inarow.TicTacToe
	var moves []inarow.Move
	for _, s := range strings.Fields("b2 b1 a1 c3 a3 c1 a2") { // O's edge reply (2) loses to X's fork
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	g, err := Grade(context.Background(), r, moves)
	if err != nil || g.Method != MethodSolver || !g.Complete || len(g.Moves) != len(moves) {
		t.Fatalf("%+v, %v", g, err)
	}
	p, _ := inarow.NewPosition(r)
	var bad []int
	for i, gm := range g.Moves {
		best, played := -1<<30, 0
		var bestMoves []inarow.Move
		for _, m := range p.AppendLegal(nil) {
			v := moveValue(p, m)
			if m == moves[i] {
				played = v
			}
			switch {
			case v > best:
				best, bestMoves = v, []inarow.Move{m}
			case v == best:
				bestMoves = append(bestMoves, m)
			}
		}
		if gm.Move != moves[i] || gm.Mover != p.ToMove() || *gm.Score != played || *gm.Best != best || !slices.Equal(gm.BestMoves, bestMoves) {
			t.Errorf("move %d: %+v (score %d best %d), the reference: score %d best %d %v", i+1, gm, *gm.Score, *gm.Best, played, best, bestMoves)
		}
		if gm.Grade == GradeMistake || gm.Grade == GradeBlunder {
			bad = append(bad, i+1)
		}
		p, _ = p.Play(moves[i])
	}
	if !slices.Equal(bad, []int{2}) {
		t.Errorf("marked %v, want [2]", bad)
	}
}

// TestGradeGomoku: the typed gomoku grades of a hand-made game (black's
// g8 makes two fours; white's a15 allows it, black's o15 misses it):
// marks, lines as moves from the point that wins, values and estimates.
func TestGradeGomoku(t *testing.T) {
	r, err := gomoku.Freestyle.Board(15)
	if err != nil {
		t.Fatal(err)
	}
	var moves []inarow.Move
	for _, s := range strings.Fields("d8 c8 e8 g12 f8 g6 g9 e9 g10 f9 g11 a15 o15 g8 b14") {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	g, err := Grade(context.Background(), r, moves)
	if err != nil || g.Method != MethodGomokuVCF || !g.Complete || len(g.Moves) != len(moves) {
		t.Fatalf("%+v, %v", g, err)
	}
	g8, _ := r.ParseMove("g8")
	for i, gm := range g.Moves {
		ply := i + 1
		var want []Verdict
		switch ply {
		case 12:
			want = []Verdict{MarkAllowedWin}
		case 13:
			want = []Verdict{MarkMissedWin}
		}
		if !slices.Equal(gm.Marks, want) {
			t.Errorf("move %d: marks %v, want %v", ply, gm.Marks, want)
		}
		if ply == 12 && (len(gm.AllowedLine) == 0 || gm.AllowedLine[0] != g8 || gm.Value != ProvenLoss || gm.Grade != MarkAllowedWin) {
			t.Errorf("move 12: %+v", gm)
		}
		if ply == 13 && (len(gm.MissedLine) == 0 || gm.MissedLine[0] != g8 || gm.Grade != MarkMissedWin) {
			t.Errorf("move 13: %+v", gm)
		}
		if gm.Score != nil || gm.Best != nil || gm.Estimate == nil || gm.Mover != inarow.Player(i%2) {
			t.Errorf("move %d: %+v", ply, gm)
		}
	}
}

// TestGradeConnect4: a whole game on a 5×4 gravity board (four in a row)
// graded by the Connect Four method agrees, move by move, with a solver of
// its own asked about every position: the played column's score, the best
// score, and the best moves (as the moves that drop into those columns).
func TestGradeConnect4(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	const cols = "3322114" // red lets yellow complete the bottom row
	p, _ := inarow.NewPosition(r)
	var moves []inarow.Move
	for _, c := range cols {
		m, err := p.Drop(int(c - '1'))
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p, _ = p.Play(m)
	}
	g, err := Grade(context.Background(), r, moves)
	if err != nil || g.Method != MethodConnect4 || !g.Complete || len(g.Moves) != len(moves) {
		t.Fatalf("%+v, %v", g, err)
	}
	ref, err := solve.NewC4(r, solve.Options{TableBytes: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	p, _ = inarow.NewPosition(r)
	for i, gm := range g.Moves {
		scores, err := ref.AnalyzeMoves(context.Background(), cols[:i])
		if err != nil {
			t.Fatal(err)
		}
		best := solve.Score(-1000)
		for _, sc := range scores {
			if sc != solve.FullColumn {
				best = max(best, sc)
			}
		}
		var bestMoves []inarow.Move
		for c, sc := range scores {
			if sc == best {
				m, _ := p.Drop(c)
				bestMoves = append(bestMoves, m)
			}
		}
		if gm.Score == nil || gm.Best == nil || *gm.Score != int(scores[cols[i]-'1']) || *gm.Best != int(best) || !slices.Equal(gm.BestMoves, bestMoves) {
			t.Errorf("move %d: %+v, the reference: scores %v", i+1, gm, scores)
		}
		p, _ = p.Play(moves[i])
	}
	if last := g.Moves[len(moves)-1]; last.Grade != GradeBest {
		t.Errorf("the winning move: %q", last.Grade)
	}
}
