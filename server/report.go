package server

import (
	"context"
	"net/http"
	"strconv"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// Report is a game's moves graded by the exact solver (GET
// /api/games/{id}/report): for every move, the score of the move played
// and the best score of the position before it, both from the mover's
// side in Pascal Pons' convention. Gravity games the bitboard solver
// takes (Connect Four and its kin, method "connect4-solver") and boards of
// at most 16 cells (method "solver") are graded exactly; gomoku (method
// "gomoku-vcf") is graded by the engine's proofs of forced wins, with its
// estimates between them (see GradedMove); other boards answer "method":
// "none".
type Report struct {
	ID       string       `json:"id"`
	Version  int64        `json:"version"`
	Method   string       `json:"method"`
	Complete bool         `json:"complete"`
	Note     string       `json:"note,omitempty"`
	Moves    []GradedMove `json:"moves"`
}

// GradedMove is one move of a Report. Grade is "best" (a best score),
// "good" (the same game value — win, draw or loss — as the best move, a
// slower win or a longer defence), "mistake" (threw a win into a draw or
// a draw into a loss), "blunder" (threw a win into a loss), or "" when the
// time bound left the position unsolved (Score or Best nil).
type GradedMove struct {
	Ply       int      `json:"ply"` // the move's number, from 1
	Move      string   `json:"move"`
	Seat      string   `json:"seat"`
	Score     *int     `json:"score"`
	Best      *int     `json:"best"`
	BestMoves []string `json:"best_moves"`
	Grade     string   `json:"grade"`

	// A gomoku report's move (method "gomoku-vcf") has no exact score
	// (Score, Best nil). Marks say what the VCF search proved of it
	// (MarkMissedWin, MarkAllowedWin; Grade is the last of them, or
	// "kept-win" for a move that kept a proven win), MissedLine the VCF
	// the mover had before it, AllowedLine the one the opponent has after
	// it (the winner's moves and the forced replies in turn, in notation;
	// "any" for a reply that does not matter). Value is "win" or "loss"
	// for the mover after the move when proven. Estimate is the engine's
	// evaluation after the move, from the mover's side, in its own units
	// (hundreds for an edge, thousands for a strong attack): an estimate,
	// not a game value.
	Marks       []string `json:"marks,omitempty"`
	MissedLine  []string `json:"missed_line,omitempty"`
	AllowedLine []string `json:"allowed_line,omitempty"`
	Value       string   `json:"value,omitempty"`
	Estimate    *int     `json:"estimate,omitempty"`
}

func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	id, st, ok := s.analysisRequest(w, r)
	if !ok {
		return
	}
	rep := &Report{ID: id, Version: st.g.Version, Method: "none", Moves: []GradedMove{}}
	rules := st.set.rules
	_, isGomoku := gomoku.RuleOf(rules)
	var grade func(context.Context, *state, *Report) (bool, error)
	switch {
	case engine.Connect4Fits(rules):
		rep.Method, grade = "connect4-solver", s.grade
	case engine.ExactFits(rules):
		rep.Method, grade = "solver", s.gradeExact
	case isGomoku:
		rep.Method, grade = "gomoku-vcf", s.gradeGomoku
	default:
		rep.Complete, rep.Note = true, "only Connect Four and its kin, boards of at most 16 cells and gomoku are graded"
		writeJSON(w, http.StatusOK, rep)
		return
	}
	// A report is built once per version of a game, not once per reader:
	// a finished game's report is built once, and readers who come while
	// it is being built wait for it.
	key := id + "@" + strconv.FormatInt(st.g.Version, 10)
	for {
		if cached, ok := s.reports.get(id, st.g.Version); ok {
			writeJSON(w, http.StatusOK, cached)
			return
		}
		done := make(chan struct{})
		other, busy := s.building.LoadOrStore(key, done)
		if !busy {
			defer func() {
				s.building.Delete(key)
				close(done)
			}()
			break
		}
		select {
		case <-other.(chan struct{}): // kept now, or cut short: then built again here
		case <-r.Context().Done():
			return
		}
	}
	// The whole report within a few analyses' time: the book answers
	// Connect Four's opening and the solver the rest; gomoku's proofs
	// come first and its estimates after them. What the bound cuts short
	// is left ungraded. A reader who leaves does not stop it: what is
	// built is kept for the next (as the computer's move is made).
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 3*s.opt.AnalysisTime)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "the solver is busy; try again")
		return
	}
	defer s.release()
	var err error
	rep.Complete, err = grade(ctx, st, rep)
	if err != nil && !rep.Complete && len(rep.Moves) == 0 {
		s.log.Error("report", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "the report failed")
		return
	}
	switch {
	case rep.Method == "gomoku-vcf" && !rep.Complete:
		rep.Note = "the time or node bound left some positions unsearched: their moves are not marked"
	case !rep.Complete:
		rep.Note = "time bound reached: some moves are ungraded"
	}
	// What a bound cut short is asked again; what the node bounds left
	// unproven would be the same next time.
	if rep.Complete || ctx.Err() == nil {
		s.reports.put(id, st.g.Version, rep)
	}
	writeJSON(w, http.StatusOK, rep)
}

// gradeExact fills rep.Moves for a small board (at most 16 cells), every
// move's score and the best one exact, and reports whether every
// position was solved within ctx and the solver's size bound. It solves
// the last position first: the end of a game is cheap, and its values
// in the solver's table shorten the searches of the positions before.
func (s *Server) gradeExact(ctx context.Context, st *state, rep *Report) (bool, error) {
	p, err := inarow.NewPosition(st.set.rules)
	if err != nil {
		return false, err
	}
	n := len(st.g.Moves)
	rep.Moves = make([]GradedMove, n)
	ps := make([]inarow.Position, n)
	for i, sm := range st.g.Moves {
		m := inarow.Move(sm.Cell)
		ps[i] = p
		rep.Moves[i] = GradedMove{Ply: i + 1, Move: st.set.formatMove(m), Seat: *seatName(p.ToMove()), BestMoves: []string{}}
		if p, err = p.Play(m); err != nil {
			return false, err
		}
	}
	sv := &solve.Solver{MaxPositions: 2_000_000} // one table for the whole game
	complete := true
	for i := n - 1; i >= 0; i-- {
		scores, err := sv.Analyze(ctx, ps[i])
		if err != nil {
			complete = false
			if ctx.Err() != nil {
				break
			}
			continue // the size bound: an earlier, larger position may not fit either, but try
		}
		gm := &rep.Moves[i]
		best := scores[0].Score
		for _, ms := range scores {
			best = max(best, ms.Score)
		}
		b := int(best)
		gm.Best = &b
		for _, ms := range scores {
			if ms.Score == best {
				gm.BestMoves = append(gm.BestMoves, st.set.formatMove(ms.Move))
			}
			if ms.Move == inarow.Move(st.g.Moves[i].Cell) {
				v := int(ms.Score)
				gm.Score = &v
			}
		}
		gm.Grade = gradeOf(gm.Score, gm.Best)
	}
	return complete, nil
}

// grade fills rep.Moves, one per move of st, and reports whether every
// position was solved.
func (s *Server) grade(ctx context.Context, st *state, rep *Report) (bool, error) {
	rules := st.set.rules
	p, err := inarow.NewPosition(rules)
	if err != nil {
		return false, err
	}
	complete := true
	for i, sm := range st.g.Moves {
		m := inarow.Move(sm.Cell)
		x, _ := rules.XY(m)
		gm := GradedMove{Ply: i + 1, Move: strconv.Itoa(x + 1), Seat: *seatName(p.ToMove()), BestMoves: []string{}}
		var scores []solve.Score
		if ctx.Err() == nil {
			scores, err = engine.Connect4Scores(ctx, p)
			if err != nil && scores == nil {
				return false, err
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
		solved := scores != nil && err == nil
		if solved && known {
			b := int(best)
			gm.Best = &b
			for c, sc := range scores {
				if sc == best {
					gm.BestMoves = append(gm.BestMoves, strconv.Itoa(c+1))
				}
			}
		}
		if scores != nil && scores[x] != solve.Unsolved && scores[x] != solve.FullColumn {
			v := int(scores[x])
			gm.Score = &v
		}
		gm.Grade = gradeOf(gm.Score, gm.Best)
		if gm.Grade == "" {
			complete = false
		}
		rep.Moves = append(rep.Moves, gm)
		if p, err = p.Play(m); err != nil {
			return false, err
		}
	}
	return complete, nil
}

// gradeOf grades a move's score against the best one (see GradedMove).
func gradeOf(score, best *int) string {
	if score == nil || best == nil {
		return ""
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
		return "best"
	case drop == 0:
		return "good"
	case drop == 1:
		return "mistake"
	default:
		return "blunder"
	}
}
