package server

import (
	"context"
	"net/http"
	"strconv"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/solve"
)

// Report is a game's moves graded by the exact solver (GET
// /api/games/{id}/report): for every move, the score of the move played
// and the best score of the position before it, both from the mover's
// side in Pascal Pons' convention. Only gravity games the bitboard solver
// takes (Connect Four and its kin) are graded; other boards answer
// "method": "none".
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
}

func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	id, st, ok := s.analysisRequest(w, r)
	if !ok {
		return
	}
	rep := &Report{ID: id, Version: st.g.Version, Method: "none", Moves: []GradedMove{}}
	rules := st.set.rules
	if !engine.Connect4Fits(rules) {
		rep.Complete, rep.Note = true, "only gravity games the exact solver takes (Connect Four) are graded"
		writeJSON(w, http.StatusOK, rep)
		return
	}
	// The whole report within a few analyses' time: the book answers the
	// opening and the solver the rest; what the bound cuts short is left
	// ungraded.
	ctx, cancel := context.WithTimeout(r.Context(), 3*s.opt.AnalysisTime)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "the solver is busy; try again")
		return
	}
	defer s.release()
	rep.Method = "connect4-solver"
	var err error
	rep.Complete, err = s.grade(ctx, st, rep)
	if err != nil && !rep.Complete && len(rep.Moves) == 0 {
		s.log.Error("report", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "the report failed")
		return
	}
	if !rep.Complete {
		rep.Note = "time bound reached: some moves are ungraded"
	}
	writeJSON(w, http.StatusOK, rep)
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
