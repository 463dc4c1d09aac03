package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// allowed reports whether the per-client limit l lets r through; if not,
// it has answered 429 with msg and the wait.
func (s *Server) allowed(w http.ResponseWriter, r *http.Request, l *limiter, msg string) bool {
	if ok, wait := l.allow(s.clientKey(r)); !ok {
		tooMany(w, wait, msg)
		return false
	}
	return true
}

// analysisRequest reads what an analysis and a game report start with:
// the game id, the client's analysis allowance, and the game.
func (s *Server) analysisRequest(w http.ResponseWriter, r *http.Request) (string, *state, bool) {
	// The allowance first: a refused client costs no load.
	if _, ok := pathID(w, r); !ok || !s.allowed(w, r, s.analysisLimit, "too many analysis requests from your address; try again shortly") {
		return "", nil, false
	}
	return s.game(w, r)
}

func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	id, st, ok := s.analysisRequest(w, r)
	if !ok {
		return
	}
	p, rules := st.pos, st.set.rules
	a := &Analysis{ID: id, Ply: p.Ply(), Moves: []Value{}, Method: "none"}
	if st.over() {
		a.Complete, a.Note = true, "the game is over"
		writeJSON(w, http.StatusOK, a)
		return
	}
	a.ToMove = seatName(p.ToMove())
	exactSmall := smallExact(st)
	c4 := engine.Connect4Fits(rules)
	_, gm := gomoku.RuleOf(rules)
	if !exactSmall && !c4 && !gm {
		a.Complete, a.Note = true, "no exact solver for this board"
		writeJSON(w, http.StatusOK, a)
		return
	}
	if a, ok := s.analyses.get(id, st.g.Version); ok {
		writeJSON(w, http.StatusOK, a)
		return
	}
	defer func() {
		// A gomoku search spends its whole time bound whatever the
		// position: it runs once per position, not once per spectator.
		if a.Complete || a.Method == "search" || a.Method == "vct" {
			s.analyses.put(id, st.g.Version, a)
		}
	}()
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.AnalysisTime)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "the solver is busy; try again")
		return
	}
	defer s.release()
	if !exactSmall && !c4 {
		s.gomokuAnalysis(ctx, st, a)
		writeJSON(w, http.StatusOK, a)
		return
	}
	if c4 {
		a.Method = "connect4-solver"
		scores, err := s.c4Scores(ctx, p)
		a.Complete = err == nil
		if err != nil && scores == nil {
			s.log.Error("analysis", "id", id, "err", err)
			writeError(w, http.StatusInternalServerError, "analysis failed")
			return
		}
		a.Columns = make([]*int, rules.Cols)
		for c, sc := range scores {
			if sc == solve.FullColumn || sc == solve.Unsolved {
				continue
			}
			v := int(sc)
			a.Columns[c] = &v
			m, _ := p.Drop(c)
			x, y := rules.XY(m)
			a.Moves = append(a.Moves, Value{Move: strconv.Itoa(c + 1), X: x, Y: y, Score: v})
		}
		if !a.Complete {
			a.Note = "time bound reached: some columns are unsolved"
		}
		writeJSON(w, http.StatusOK, a)
		return
	}
	a.Method = "solver"
	sv := &solve.Solver{MaxPositions: 2_000_000}
	start := time.Now()
	for _, m := range p.AppendLegal(nil) {
		child, _ := p.Play(m)
		v, err := sv.Solve(ctx, child)
		if err != nil {
			a.Note = "time or size bound reached: some moves are unsolved"
			s.log.Info("analysis cut short", "id", id, "after", time.Since(start), "err", err)
			break
		}
		x, y := rules.XY(m)
		a.Moves = append(a.Moves, Value{Move: st.set.formatMove(m), X: x, Y: y, Score: -int(v)})
	}
	a.Complete = a.Note == ""
	writeJSON(w, http.StatusOK, a)
}
