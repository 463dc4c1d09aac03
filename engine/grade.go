package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// MethodGomokuVCF grades a gomoku game by the engine's proofs of forced
// wins (victories by continuous fours), with its estimates between them.
const MethodGomokuVCF Method = "gomoku-vcf"

// Verdict is the grade of one move of a graded game.
type Verdict string

const (
	GradeNone    Verdict = ""        // not graded: a bound left the position unsolved, or nothing to say
	GradeBest    Verdict = "best"    // a best score
	GradeGood    Verdict = "good"    // the best move's game value (win, draw, loss), a slower win or a longer defence
	GradeMistake Verdict = "mistake" // threw a win into a draw or a draw into a loss
	GradeBlunder Verdict = "blunder" // threw a win into a loss
	// A gomoku move that kept a proven win; the marks below are grades too
	// (the last mark of a move is its grade).
	GradeKeptWin Verdict = "kept-win"
)

// Marks of a gomoku move: what the VCF search proved of it.
const (
	MarkMissedWin  Verdict = "missed-win"  // the mover had a VCF and the move does not keep a proven win
	MarkAllowedWin Verdict = "allowed-win" // after the move the opponent has a VCF it had not before
)

// Proof is a gomoku move's proven game value for its mover.
type Proof int8

const (
	Unproven Proof = iota
	ProvenWin
	ProvenLoss
)

func (v Proof) String() string {
	switch v {
	case ProvenWin:
		return "win"
	case ProvenLoss:
		return "loss"
	}
	return ""
}

// GradedMove is one move of a graded game.
type GradedMove struct {
	Move  inarow.Move
	Mover inarow.Player
	// Score is the move's exact score and Best the best score of the
	// position before it, both from the mover's side in Pascal Pons'
	// convention (solve.Score); nil when a bound left them unsolved, and
	// always for gomoku. BestMoves are the moves that score Best.
	Score, Best *int
	BestMoves   []inarow.Move
	Grade       Verdict

	// Gomoku: Marks (in order; Grade is the last of them), MissedLine
	// the VCF the mover had before the move, AllowedLine the one the
	// opponent has after it (the winner's moves and the forced replies in
	// turn, NoMove for a reply that does not matter), Value what is proven
	// for the mover after the move, and Estimate the engine's evaluation
	// after the move from the mover's side, in its own units (hundreds for
	// an edge, thousands for a strong attack): an estimate, not a game
	// value; nil when the game is over or no evaluation finished.
	Marks       []Verdict
	MissedLine  []inarow.Move
	AllowedLine []inarow.Move
	Value       Proof
	Estimate    *int
}

// GameGrades is a game's moves graded.
type GameGrades struct {
	Method   Method
	Complete bool // every position was solved (searched, for gomoku) within the bounds
	Moves    []GradedMove
}

// GradeMethod is the method Grade uses for r: MethodConnect4 for the
// boards of the Connect Four solver, MethodSolver for boards of at most
// 16 cells without gravity (ExactFits), MethodGomokuVCF for gomoku's, and
// MethodNone for the others (Grade answers them at once, with no moves).
func GradeMethod(r inarow.Rules) Method {
	_, isGomoku := gomoku.RuleOf(r)
	switch {
	case Connect4Fits(r):
		return MethodConnect4
	case ExactFits(r):
		return MethodSolver
	case isGomoku:
		return MethodGomokuVCF
	}
	return MethodNone
}

// Grade grades every move of the game of moves played under r from the
// empty board, with the method GradeMethod gives, within ctx (whose
// deadline is the report's time bound; the caller bounds the load). What
// a bound cuts short is left ungraded and Complete false. It returns nil
// and the error when the moves do not replay; grades and an error when a
// search failed, Complete false and Moves the moves graded before the
// failure (none when nothing could be shown).
func Grade(ctx context.Context, r inarow.Rules, moves []inarow.Move) (*GameGrades, error) {
	method := GradeMethod(r)
	if method == MethodNone {
		return &GameGrades{Method: MethodNone, Complete: true}, nil
	}
	p, err := inarow.NewPosition(r)
	if err != nil {
		return nil, err
	}
	ps := make([]inarow.Position, 0, len(moves)+1) // ps[i]: before move i
	ps = append(ps, p)
	for i, m := range moves {
		if p, err = p.Play(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		ps = append(ps, p)
	}
	g := &GameGrades{Method: method}
	switch method {
	case MethodConnect4:
		g.Moves, g.Complete, err = gradeConnect4(ctx, ps, moves)
	case MethodSolver:
		g.Moves, g.Complete, err = gradeExact(ctx, ps, moves)
	default:
		g.Moves, g.Complete, err = gradeGomoku(ctx, ps, moves)
	}
	return g, err
}

// ungraded is move i of a game whose positions are ps, not graded yet.
func ungraded(ps []inarow.Position, moves []inarow.Move, i int) GradedMove {
	return GradedMove{Move: moves[i], Mover: ps[i].ToMove()}
}

// gradeExact grades a small board's moves (at most 16 cells), every
// move's score and the best one exact, and reports whether every
// position was solved within ctx and the solver's size bound. It solves
// the last position first: the end of a game is cheap, and its values
// in the solver's table shorten the searches of the positions before.
func gradeExact(ctx context.Context, ps []inarow.Position, moves []inarow.Move) ([]GradedMove, bool, error) {
	gms := make([]GradedMove, len(moves))
	for i := range moves {
		gms[i] = ungraded(ps, moves, i)
	}
	sv := &solve.Solver{MaxPositions: 2_000_000} // one table for the whole game
	complete := true
	for i := len(gms) - 1; i >= 0; i-- {
		scores, err := sv.Analyze(ctx, ps[i])
		if err != nil {
			complete = false
			if ctx.Err() != nil {
				break
			}
			continue // the size bound: an earlier, larger position may not fit either, but try
		}
		gm := &gms[i]
		best := scores[0].Score
		for _, ms := range scores {
			best = max(best, ms.Score)
		}
		b := int(best)
		gm.Best = &b
		for _, ms := range scores {
			if ms.Score == best {
				gm.BestMoves = append(gm.BestMoves, ms.Move)
			}
			if ms.Move == gm.Move {
				v := int(ms.Score)
				gm.Score = &v
			}
		}
		gm.Grade = gradeOf(gm.Score, gm.Best)
	}
	return gms, complete, nil
}

// gradeConnect4 grades the moves of a Connect Four solver's board,
// position by position from the first (the opening book answers the
// first ones at once), and reports whether every position was solved.
// On a solver's failure it returns the error, the moves before graded.
func gradeConnect4(ctx context.Context, ps []inarow.Position, moves []inarow.Move) ([]GradedMove, bool, error) {
	gms := make([]GradedMove, 0, len(moves))
	complete := true
	for i := range moves {
		gm := ungraded(ps, moves, i)
		p := ps[i]
		x, _ := p.Rules().XY(gm.Move)
		var scores []solve.Score
		var err error
		if ctx.Err() == nil {
			scores, err = Connect4Scores(ctx, p)
			if err != nil && scores == nil {
				return gms, false, err
			}
		}
		best := solve.Score(0)
		known := false
		for _, sc := range scores {
			if sc == solve.FullColumn || sc == solve.Unsolved {
				continue
			}
			if !known || sc > best {
				best, known = sc, true
			}
		}
		if solved := scores != nil && err == nil; solved && known {
			b := int(best)
			gm.Best = &b
			for c, sc := range scores {
				if sc == best {
					m, _ := p.Drop(c)
					gm.BestMoves = append(gm.BestMoves, m)
				}
			}
		}
		if scores != nil && scores[x] != solve.Unsolved && scores[x] != solve.FullColumn {
			v := int(scores[x])
			gm.Score = &v
		}
		gm.Grade = gradeOf(gm.Score, gm.Best)
		if gm.Grade == GradeNone {
			complete = false
		}
		gms = append(gms, gm)
	}
	return gms, complete, nil
}

// gradeOf grades a move's score against the best one (see GradedMove).
func gradeOf(score, best *int) Verdict {
	if score == nil || best == nil {
		return GradeNone
	}
	sign := func(v int) int {
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	switch drop := sign(*best) - sign(*score); {
	case *score == *best:
		return GradeBest
	case drop == 0:
		return GradeGood
	case drop == 1:
		return GradeMistake
	default:
		return GradeBlunder
	}
}

// The gomoku grading's bounds, per position: the VCF search's (an
// exhaustive search within them; 2^18 nodes take some 50 ms here in the
// sharpest positions, most positions have no four to try) and the
// engine's evaluation (its best candidates at a fixed shallow depth: the
// same depth for every position, so that the graph compares like with
// like, each within a slice of the time).
var gradeVCF = gomokuengine.VCFLimits{Fours: 20, Nodes: 1 << 18}

const (
	gradeEvalDepth = 4
	gradeEvalMoves = 8
	gradeEvalTime  = 150 * time.Millisecond
)

// vcfAt is what FindVCF says of one position, for its side to move.
type vcfAt struct {
	line  []inarow.Move
	found bool
	known bool // searched to the end: found or not, it is the answer
}

// gradeGomoku grades a five-in-a-row game's moves and reports whether
// every position was searched. Proven, from the engine's victory by
// continuous fours (FindVCF, exhaustive within gradeVCF, on the game's
// rule: renju black never wins through a forbidden point):
//
//   - MarkMissedWin: the mover had a VCF before the move, and the move
//     neither keeps one (VCFMove: a five, or a four after whose forced
//     block the VCF goes on) nor leaves the opponent lost by the engine's
//     own proof;
//   - MarkAllowedWin: after the move the opponent has a VCF, and the
//     opponent had no proven win before it (the previous move did not
//     keep one, and the engine did not prove the mover lost already).
//
// Everything else is the engine's estimate: its evaluation of the
// position after each move at a fixed depth, from the mover's side.
func gradeGomoku(ctx context.Context, ps []inarow.Position, moves []inarow.Move) ([]GradedMove, bool, error) {
	n := len(moves)
	gms := make([]GradedMove, 0, n)
	complete := true
	// The proofs first: they are what the report is for, and cheaper than
	// the estimates.
	vcf := make([]vcfAt, n+1)
	for i, q := range ps {
		if q.Over() || ctx.Err() != nil {
			continue
		}
		line, found, err := gomokuengine.FindVCF(ctx, q, gradeVCF)
		switch {
		case err == nil:
			vcf[i] = vcfAt{line: line, found: found, known: true}
		case errors.Is(err, gomokuengine.ErrVCFLimit) || ctx.Err() != nil:
			complete = false
		default:
			return nil, false, err
		}
	}
	// The engine's values, from the side to move of each position: best
	// first, a proven win or loss beyond the engine's win bound.
	evals := make([]*gomokuengine.MoveValue, n+1)
	g := &gomokuengine.Engine{MaxMemory: 16 << 20}
	for i, q := range ps {
		if q.Over() || ctx.Err() != nil {
			continue
		}
		pctx, cancel := context.WithTimeout(ctx, gradeEvalTime)
		vals, err := g.Analyze(pctx, q, gradeEvalMoves, gomokuengine.Limits{TurnTime: 2 * gradeEvalTime, MaxDepth: gradeEvalDepth, Recent: moves[:i]})
		cancel()
		if err != nil {
			return nil, false, err
		}
		if len(vals) > 0 {
			evals[i] = &vals[0]
		}
	}
	proven := func(i, sign int) bool { // the engine proved position i won (1) or lost (-1) for its side to move
		v := evals[i]
		return v != nil && v.Proven() && v.Score*sign > 0
	}
	kept := make([]bool, n+1) // kept[i]: move i (from 1) kept a proven win
	for i := 1; i <= n; i++ {
		before, after := ps[i-1], ps[i]
		gm := ungraded(ps, moves, i-1)
		m, mover := gm.Move, gm.Mover
		won := after.Outcome().Status == inarow.Won && after.Outcome().Winner == mover
		unsure := false // the VCF's continuation was cut short
		if vcf[i-1].found && !won {
			ok, err := gomokuengine.VCFMove(ctx, before, m, gradeVCF)
			switch {
			case err == nil:
				kept[i] = ok || proven(i, -1)
			case errors.Is(err, gomokuengine.ErrVCFLimit) || ctx.Err() != nil:
				// Not proven either way: the move is not marked, nor
				// is the opponent's reply marked as allowing a win
				// the mover may have had all along.
				kept[i], unsure, complete = true, true, false
			default:
				return gms, false, err
			}
			if !kept[i] {
				gm.Marks = append(gm.Marks, MarkMissedWin)
				gm.MissedLine = vcf[i-1].line
			}
		}
		kept[i] = kept[i] || won
		// Whether the opponent's win existed two plies before is unknown
		// when that position's search was cut short: no mark then.
		lostBefore := kept[i-1] || proven(i-1, -1) || i >= 2 && !vcf[i-2].known && !ps[i-2].Over()
		if vcf[i].found && !lostBefore {
			gm.Marks = append(gm.Marks, MarkAllowedWin)
			gm.AllowedLine = vcf[i].line
		}
		switch {
		case kept[i] && !unsure:
			gm.Value = ProvenWin
		case vcf[i].found || proven(i, 1):
			gm.Value = ProvenLoss
		case proven(i, -1):
			gm.Value = ProvenWin
		}
		switch {
		case after.Over():
		case evals[i] != nil:
			e := -evals[i].Score
			gm.Estimate = &e
		default:
			complete = false
		}
		switch {
		case len(gm.Marks) > 0:
			gm.Grade = gm.Marks[len(gm.Marks)-1]
		case vcf[i-1].found:
			gm.Grade = GradeKeptWin
		}
		gms = append(gms, gm)
	}
	return gms, complete, nil
}
