package server

import (
	"context"
	"errors"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// analysisCandidates bounds the moves the gomoku analysis scores.
const analysisCandidates = 12

// gomokuAnalysis fills a for a five-in-a-row board (the caller holds an
// engine slot and ctx carries the time bound): a victory by continuous
// fours from the engine's exhaustive VCF search, given half the time;
// else the gomoku engine's scores of its best candidates, a forced win or
// loss marked proven (method vct when the engine finds a win by threats).
func (s *Server) gomokuAnalysis(ctx context.Context, st *state, a *Analysis) {
	p, r := st.pos, st.set.rules
	_, isGomoku := gomoku.RuleOf(r)
	dl, _ := ctx.Deadline()
	vctx, cancel := context.WithTimeout(ctx, time.Until(dl)/2)
	line, found, err := gomokuengine.FindVCF(vctx, p, gomokuengine.DefaultVCFLimits)
	cancel()
	if found {
		a.Method, a.Complete = "vcf", true
		for _, m := range line {
			lm := LineMove{Move: "any", X: -1, Y: -1}
			if m != inarow.NoMove {
				lm.X, lm.Y = r.XY(m)
				lm.Move = st.set.formatMove(m)
			}
			a.Line = append(a.Line, lm)
		}
		m := line[0]
		x, y := r.XY(m)
		a.Moves = append(a.Moves, Value{Move: st.set.formatMove(m), X: x, Y: y, Score: ponsWin(p, p.ToMove(), (len(line)+1)/2), Proven: true})
		return
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, gomokuengine.ErrVCFLimit) {
		s.log.Error("analysis: vcf", "id", st.g.ID, "err", err)
	}
	if !isGomoku {
		a.Method, a.Complete = "none", true
		a.Note = "no victory by continuous fours found, and the engine does not play these rules"
		return
	}
	// The engine's own time rule keeps a margin inside TurnTime; give it
	// the rest of the bound and let ctx's deadline cut it.
	left := time.Until(dl)
	g := &gomokuengine.Engine{MaxMemory: 16 << 20}
	vals, err := g.Analyze(ctx, p, analysisCandidates, gomokuengine.Limits{TurnTime: left + left/3 + 50*time.Millisecond, MaxDepth: s.opt.AnalysisDepth})
	if err != nil && !errors.Is(err, inarow.ErrNoMoves) { // a finished game has no moves to value
		s.log.Error("analysis: board", "id", st.g.ID, "err", err)
		a.Method, a.Complete, a.Note = "none", true, "the engine cannot read this board"
		return
	}
	a.Method = "search"
	for _, v := range vals {
		x, y := r.XY(v.Move)
		val := Value{Move: st.set.formatMove(v.Move), X: x, Y: y, Score: v.Score, Proven: v.Proven()}
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
		a.Method = "vct"
		a.Line = []LineMove{{Move: a.Moves[0].Move, X: a.Moves[0].X, Y: a.Moves[0].Y}}
		for _, m := range vals[0].PV {
			x, y := r.XY(m)
			a.Line = append(a.Line, LineMove{Move: st.set.formatMove(m), X: x, Y: y})
		}
	}
	a.Complete = s.opt.AnalysisDepth > 0 && a.Depth >= s.opt.AnalysisDepth
	if !a.Complete {
		a.Note = "the engine's values at the depth the time bound allowed"
	}
}

// ponsWin is the score, in Pascal Pons' convention, of a win by who with
// its n-th stone from now: (cells+1)/2 + 1 − N, N the stones it then has.
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
