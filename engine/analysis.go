package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/solve"
)

// Method names the analyser that valued a position's moves; the server
// shows it as it is.
type Method string

const (
	MethodNone     Method = "none"            // no analyser, or nothing to value
	MethodSolver   Method = "solver"          // the exact solver, each move of a small board without gravity
	MethodConnect4 Method = "connect4-solver" // the Connect Four solver, each column
	MethodVCF      Method = "vcf"             // a victory by continuous fours (gomoku engine)
	MethodVCT      Method = "vct"             // the gomoku engine's search found a win by threats
	MethodSearch   Method = "search"          // the gomoku engine's values of its best candidates
)

// AnalysisCandidates bounds the moves a gomoku analysis values.
const AnalysisCandidates = 12

// Value is one move's value in an Analysis, for the side to move.
type Value struct {
	Move inarow.Move
	// Score is in Pascal Pons' convention (solve.WinScore) for the exact
	// solvers and for proven gomoku results; the gomoku engine's
	// evaluation otherwise.
	Score  int
	Proven bool // a gomoku search's forced win or loss
}

// Analysis is the value of a position's moves.
type Analysis struct {
	Method   Method
	Complete bool    // false when a bound cut the analysis short
	Moves    []Value // the exact solvers: every move valued, in the solver's order; gomoku: best first
	// Line is the forced win of a vcf or vct analysis: the winner's moves
	// and the defender's replies in turn, NoMove where the reply does not
	// matter.
	Line  []inarow.Move
	Depth int    // the depth the gomoku engine's search completed
	Note  string // why the analysis is incomplete or empty, for the reader
}

// AnalyzeOptions bound an analysis beyond its context's deadline.
type AnalyzeOptions struct {
	// Depth bounds the gomoku engine's search; a search that reaches it
	// is complete, and so is one that proves the best move a win or every
	// move a loss before it [0: only the context's deadline bounds it].
	Depth int
	// Moves, if set, are the game's moves that led to the position,
	// oldest first: the gomoku search reads the last two as the last
	// stones (gomokuengine.Limits.Recent), which the position keeps
	// only one of.
	Moves []inarow.Move
}

// CanAnalyze reports whether Analyze has an analyser for r: the Connect
// Four solver's boards, boards of at most 16 cells without gravity (the
// exact solver) and gomoku's (the gomoku engine). For other rules Analyze
// answers at once, with MethodNone.
func CanAnalyze(r inarow.Rules) bool { return GradeMethod(r) != MethodNone }

// ExactFits reports whether the exact solver values every move of r's
// boards within an analysis's time (the analysis and the game report
// solve such boards). (Renju boards are never this small:
// the exact solver does not know renju's forbidden points.)
func ExactFits(r inarow.Rules) bool { return !r.Gravity && r.Cells() <= 16 }

// Analyze values the moves of the side to move of p with the analyser its
// rules call for (see CanAnalyze), within ctx, whose deadline is the
// analysis's time bound (the gomoku analysis shares it out between its VCF
// and its search, so it needs one); the caller bounds the load (the server holds one
// of its engine slots). It returns a nil Analysis and the error when there
// is nothing to show (the solver could not start); an Analysis and an
// error when a bound or a failure cut it short, the error saying which
// for the log; an Analysis and nil when it ran as it should.
func Analyze(ctx context.Context, p inarow.Position, opt AnalyzeOptions) (*Analysis, error) {
	if p.Over() {
		return &Analysis{Method: MethodNone, Complete: true, Note: "the game is over"}, nil
	}
	// The analysers are the game report's (GradeMethod): one choice for both.
	switch GradeMethod(p.Rules()) {
	case MethodConnect4:
		return analyzeConnect4(ctx, p)
	case MethodSolver:
		return analyzeExact(ctx, p)
	case MethodGomokuVCF:
		return analyzeGomoku(ctx, p, opt)
	}
	return &Analysis{Method: MethodNone, Complete: true, Note: "no exact solver for this board"}, nil
}

// Connect4Scores solves every column of p with a solver of the pool,
// nearest the centre first (solve.C4Solver.AnalyzePartial). On timeout it
// returns the columns solved so far (solve.Unsolved for the others) and
// ctx's error.
func Connect4Scores(ctx context.Context, p inarow.Position) ([]solve.Score, error) {
	sv, release, err := PooledC4Solver(p.Rules())
	if err != nil {
		return nil, err
	}
	defer release()
	b, err := sv.Geometry().FromPosition(p)
	if err != nil {
		return nil, err
	}
	return sv.AnalyzePartial(ctx, b)
}

func analyzeConnect4(ctx context.Context, p inarow.Position) (*Analysis, error) {
	scores, err := Connect4Scores(ctx, p)
	if err != nil && scores == nil {
		return nil, err
	}
	a := &Analysis{Method: MethodConnect4, Complete: err == nil}
	for c, sc := range scores {
		if sc == solve.FullColumn || sc == solve.Unsolved {
			continue
		}
		m, _ := p.Drop(c)
		a.Moves = append(a.Moves, Value{Move: m, Score: int(sc)})
	}
	if !a.Complete {
		a.Note = "time bound reached: some columns are unsolved"
	}
	return a, err
}

func analyzeExact(ctx context.Context, p inarow.Position) (*Analysis, error) {
	a := &Analysis{Method: MethodSolver}
	sv := &solve.Solver{MaxPositions: 2_000_000}
	start := time.Now()
	var err error
	for _, m := range p.AppendLegal(nil) {
		child, _ := p.Play(m)
		var v solve.Score
		if v, err = sv.Solve(ctx, child); err != nil {
			a.Note = "time or size bound reached: some moves are unsolved"
			err = fmt.Errorf("exact solver cut short after %v: %w", time.Since(start), err)
			break
		}
		a.Moves = append(a.Moves, Value{Move: m, Score: -int(v)})
	}
	a.Complete = a.Note == ""
	return a, err
}

// analyzeGomoku analyses a five-in-a-row board: a victory by continuous
// fours from the engine's exhaustive VCF search, given half the time;
// else the gomoku engine's scores of its best candidates, a forced win or
// loss marked proven (method vct when the engine finds a win by threats).
func analyzeGomoku(ctx context.Context, p inarow.Position, opt AnalyzeOptions) (*Analysis, error) {
	dl, _ := ctx.Deadline()
	vctx, cancel := context.WithTimeout(ctx, time.Until(dl)/2)
	line, found, err := gomokuengine.FindVCF(vctx, p, gomokuengine.DefaultVCFLimits)
	cancel()
	if found {
		a := &Analysis{Method: MethodVCF, Complete: true, Line: line}
		a.Moves = []Value{{Move: line[0], Score: ponsWin(p, p.ToMove(), (len(line)+1)/2), Proven: true}}
		return a, nil
	}
	var vcfErr error
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, gomokuengine.ErrVCFLimit) {
		vcfErr = fmt.Errorf("vcf: %w", err)
	}
	// The engine's own time rule keeps a margin inside TurnTime; give it
	// the rest of the bound and let ctx's deadline cut it.
	left := time.Until(dl)
	g := &gomokuengine.Engine{MaxMemory: 16 << 20}
	vals, err := g.Analyze(ctx, p, AnalysisCandidates, gomokuengine.Limits{TurnTime: left + left/3 + 50*time.Millisecond, MaxDepth: opt.Depth,
		Recent: opt.Moves})
	if err != nil {
		return &Analysis{Method: MethodNone, Complete: true, Note: "the engine cannot read this board"}, errors.Join(vcfErr, err)
	}
	a := &Analysis{Method: MethodSearch}
	for _, v := range vals {
		val := Value{Move: v.Move, Score: v.Score, Proven: v.Proven()}
		if val.Proven {
			plies := gomokuengine.WinScore - max(v.Score, -v.Score)
			if v.Score > 0 {
				val.Score = ponsWin(p, p.ToMove(), (plies+1)/2)
			} else {
				val.Score = -ponsWin(p, p.ToMove().Other(), max(plies/2, 1))
			}
		}
		a.Moves = append(a.Moves, val)
		a.Depth = v.Depth // the same for all: the iteration that finished
	}
	if len(a.Moves) > 0 && a.Moves[0].Proven && a.Moves[0].Score > 0 {
		a.Method = MethodVCT
		a.Line = append([]inarow.Move{vals[0].Move}, vals[0].PV...)
	}
	// Proven values are final: a win for the best move, or a loss for
	// every one, is the whole answer whatever depth proved it.
	allProven := len(a.Moves) > 0
	for _, v := range a.Moves {
		allProven = allProven && v.Proven
	}
	a.Complete = opt.Depth > 0 && a.Depth >= opt.Depth || a.Method == MethodVCT || allProven
	if !a.Complete {
		a.Note = "the engine's values at the depth the time bound allowed"
	}
	return a, vcfErr
}

// ponsWin is the score, in Pascal Pons' convention, of a win by who with
// its n-th stone from now.
func ponsWin(p inarow.Position, who inarow.Player, n int) int {
	r := p.Rules()
	stones := 0
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		if p.At(m) == who {
			stones++
		}
	}
	return int(solve.WinScore(r.Cells(), stones+n))
}
