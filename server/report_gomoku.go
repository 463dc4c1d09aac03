package server

import (
	"context"
	"errors"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// The gomoku report's bounds, per position: the VCF search's (an
// exhaustive search within them; 2^18 nodes take some 50 ms here in the
// sharpest positions, most positions have no four to try) and the
// engine's evaluation (its best candidates at a fixed shallow depth: the
// same depth for every position, so that the graph compares like with
// like, each within a slice of the time).
var (
	reportVCF = gomokuengine.VCFLimits{Fours: 20, Nodes: 1 << 18}
)

const (
	reportEvalDepth = 4
	reportEvalMoves = 8
	reportEvalTime  = 150 * time.Millisecond
)

// Marks of a gomoku report's move (GradedMove.Marks).
const (
	MarkMissedWin  = "missed-win"  // the mover had a VCF and the move does not keep a proven win
	MarkAllowedWin = "allowed-win" // after the move the opponent has a VCF it had not before
)

// vcfAt is what FindVCF says of one position, for its side to move.
type vcfAt struct {
	line  []inarow.Move
	found bool
	known bool // searched to the end: found or not, it is the answer
}

// gradeGomoku fills rep.Moves for a five-in-a-row board (the caller holds
// an engine slot and ctx carries the bound) and reports whether every
// position was searched. Proven, from the engine's victory by continuous
// fours (FindVCF, exhaustive within reportVCF, on the game's rule: renju
// black never wins through a forbidden point):
//
//   - "missed-win": the mover had a VCF before the move, and the move
//     neither keeps one (VCFMove: a five, or a four after whose forced
//     block the VCF goes on) nor leaves the opponent lost by the engine's
//     own proof;
//   - "allowed-win": after the move the opponent has a VCF, and the
//     opponent had no proven win before it (the previous move did not
//     keep one, and the engine did not prove the mover lost already).
//
// Everything else is the engine's estimate: its evaluation of the
// position after each move at a fixed depth, from the mover's side.
func (s *Server) gradeGomoku(ctx context.Context, st *state, rep *Report) (bool, error) {
	rules := st.set.rules
	p, err := inarow.NewPosition(rules)
	if err != nil {
		return false, err
	}
	n := len(st.g.Moves)
	ps := make([]inarow.Position, 0, n+1)
	ps = append(ps, p)
	for _, sm := range st.g.Moves {
		if p, err = p.Play(inarow.Move(sm.Cell)); err != nil {
			return false, err
		}
		ps = append(ps, p)
	}
	complete := true
	// The proofs first: they are what the report is for, and cheaper than
	// the estimates.
	vcf := make([]vcfAt, n+1)
	for i, q := range ps {
		if q.Over() || ctx.Err() != nil {
			continue
		}
		line, found, err := gomokuengine.FindVCF(ctx, q, reportVCF)
		switch {
		case err == nil:
			vcf[i] = vcfAt{line: line, found: found, known: true}
		case errors.Is(err, gomokuengine.ErrVCFLimit) || ctx.Err() != nil:
			complete = false
		default:
			return false, err
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
		pctx, cancel := context.WithTimeout(ctx, reportEvalTime)
		vals, err := g.Analyze(pctx, q, reportEvalMoves, gomokuengine.Limits{TurnTime: 2 * reportEvalTime, MaxDepth: reportEvalDepth})
		cancel()
		if err != nil {
			return false, err
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
		m := inarow.Move(st.g.Moves[i-1].Cell)
		mover := before.ToMove()
		gm := GradedMove{Ply: i, Move: st.set.formatMove(m), Seat: *seatName(mover), BestMoves: []string{}}
		won := after.Outcome().Status == inarow.Won && after.Outcome().Winner == mover
		unsure := false // the VCF's continuation was cut short
		if vcf[i-1].found && !won {
			ok, err := gomokuengine.VCFMove(ctx, before, m, reportVCF)
			switch {
			case err == nil:
				kept[i] = ok || proven(i, -1)
			case errors.Is(err, gomokuengine.ErrVCFLimit) || ctx.Err() != nil:
				// Not proven either way: the move is not marked, nor
				// is the opponent's reply marked as allowing a win
				// the mover may have had all along.
				kept[i], unsure, complete = true, true, false
			default:
				return false, err
			}
			if !kept[i] {
				gm.Marks = append(gm.Marks, MarkMissedWin)
				gm.MissedLine = st.set.formatLine(vcf[i-1].line)
			}
		}
		kept[i] = kept[i] || won
		// Whether the opponent's win existed two plies before is unknown
		// when that position's search was cut short: no mark then.
		lostBefore := kept[i-1] || proven(i-1, -1) || i >= 2 && !vcf[i-2].known && !ps[i-2].Over()
		if vcf[i].found && !lostBefore {
			gm.Marks = append(gm.Marks, MarkAllowedWin)
			gm.AllowedLine = st.set.formatLine(vcf[i].line)
		}
		switch {
		case kept[i] && !unsure:
			gm.Value = "win"
		case vcf[i].found || proven(i, 1):
			gm.Value = "loss"
		case proven(i, -1):
			gm.Value = "win"
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
			gm.Grade = "kept-win"
		}
		rep.Moves = append(rep.Moves, gm)
	}
	return complete, nil
}

// formatLine writes a forced line in the game's notation ("any" for a
// reply that does not matter).
func (s setup) formatLine(line []inarow.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = "any"
		if m != inarow.NoMove {
			out[i] = s.formatMove(m)
		}
	}
	return out
}
