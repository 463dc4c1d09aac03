package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
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
	// ?ply=N analyses the position after the game's first N moves (a
	// page looking back at the game); each is kept apart in the cache.
	key := id
	if q := r.URL.Query().Get("ply"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > len(st.g.Moves) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("ply %q is not a move number of this game (0 to %d)", q, len(st.g.Moves)))
			return
		}
		if n != len(st.g.Moves) {
			key = id + "@" + q
			if st, err = st.at(n); err != nil {
				s.storeError(w, r, err)
				return
			}
		}
	}
	p := st.pos
	a := &Analysis{ID: id, Ply: p.Ply(), Moves: []Value{}, Method: "none"}
	if st.over() { // by the position or by a forfeit
		a.Complete, a.Note = true, "the game is over"
		writeJSON(w, http.StatusOK, a)
		return
	}
	a.ToMove = seatName(p.ToMove())
	opt := engine.AnalyzeOptions{Depth: s.opt.AnalysisDepth, Moves: st.moves()}
	if !engine.CanAnalyze(st.set.rules) {
		// No analyser: Analyze says so at once, without a slot.
		res, _ := engine.Analyze(r.Context(), p, opt)
		a.fill(st.set, res)
		writeJSON(w, http.StatusOK, a)
		return
	}
	if a, ok := s.analyses.get(key, st.g.Version); ok {
		writeJSON(w, http.StatusOK, a)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.AnalysisTime)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "the solver is busy; try again")
		return
	}
	res, err := engine.Analyze(ctx, p, opt)
	s.release()
	if res == nil {
		s.log.Error("analysis", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "analysis failed")
		return
	}
	if err != nil {
		s.log.Info("analysis cut short", "id", id, "method", res.Method, "err", err)
	}
	a.fill(st.set, res)
	// A gomoku search spends its whole time bound whatever the position:
	// it runs once per position, not once per spectator.
	if a.Complete || res.Method == engine.MethodSearch || res.Method == engine.MethodVCT {
		s.analyses.put(key, st.g.Version, a)
	}
	writeJSON(w, http.StatusOK, a)
}

// fill writes res into a in the game's notation.
func (a *Analysis) fill(set setup, res *engine.Analysis) {
	r := set.rules
	a.Method, a.Complete, a.Depth, a.Note = string(res.Method), res.Complete, res.Depth, res.Note
	for _, v := range res.Moves {
		x, y := r.XY(v.Move)
		a.Moves = append(a.Moves, Value{Move: set.formatMove(v.Move), X: x, Y: y, Score: v.Score, Proven: v.Proven})
	}
	if res.Method == engine.MethodConnect4 {
		// Each column's score from the left, null for a full or unsolved
		// column.
		a.Columns = make([]*int, r.Cols)
		for _, v := range a.Moves {
			a.Columns[v.X] = &v.Score
		}
	}
	for _, m := range res.Line {
		lm := LineMove{Move: "any", X: -1, Y: -1}
		if m != inarow.NoMove {
			lm.X, lm.Y = r.XY(m)
			lm.Move = set.formatMove(m)
		}
		a.Line = append(a.Line, lm)
	}
}
