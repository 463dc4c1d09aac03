package server

import (
	"context"
	"net/http"
	"strconv"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
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
	method := engine.GradeMethod(st.set.rules)
	rep := &Report{ID: id, Version: st.g.Version, Method: string(method), Moves: []GradedMove{}}
	if method == engine.MethodNone {
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
	rep.Complete, err = s.grade(ctx, st, rep)
	if err != nil && !rep.Complete && len(rep.Moves) == 0 {
		s.log.Error("report", "id", id, "err", err)
		writeError(w, http.StatusInternalServerError, "the report failed")
		return
	}
	switch {
	case method == engine.MethodGomokuVCF && !rep.Complete:
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

// grade fills rep from engine.Grade: the engine grades, the server
// writes the moves in the game's notation (Connect Four's by column, as
// its players name them). It reports whether every position was graded.
func (s *Server) grade(ctx context.Context, st *state, rep *Report) (bool, error) {
	moves := make([]inarow.Move, len(st.g.Moves))
	for i, sm := range st.g.Moves {
		moves[i] = inarow.Move(sm.Cell)
	}
	g, err := engine.Grade(ctx, st.set.rules, moves)
	if g == nil {
		return false, err
	}
	format := st.set.formatMove
	if g.Method == engine.MethodConnect4 {
		format = func(m inarow.Move) string {
			x, _ := st.set.rules.XY(m)
			return strconv.Itoa(x + 1)
		}
	}
	rep.Moves = make([]GradedMove, len(g.Moves))
	for i, gm := range g.Moves {
		out := GradedMove{
			Ply: i + 1, Move: format(gm.Move), Seat: *seatName(gm.Mover),
			Score: gm.Score, Best: gm.Best, BestMoves: make([]string, len(gm.BestMoves)), Grade: string(gm.Grade),
			MissedLine: st.set.formatLine(gm.MissedLine), AllowedLine: st.set.formatLine(gm.AllowedLine),
			Value: gm.Value.String(), Estimate: gm.Estimate,
		}
		for j, m := range gm.BestMoves {
			out.BestMoves[j] = format(m)
		}
		for _, mk := range gm.Marks {
			out.Marks = append(out.Marks, string(mk))
		}
		rep.Moves[i] = out
	}
	return g.Complete, err
}

// Marks of a gomoku report's move (GradedMove.Marks), as the engine names
// them.
const (
	MarkMissedWin  = string(engine.MarkMissedWin)
	MarkAllowedWin = string(engine.MarkAllowedWin)
)

// formatLine writes a forced line in the game's notation ("any" for a
// reply that does not matter); nil for none, which the JSON omits.
func (s setup) formatLine(line []inarow.Move) []string {
	if line == nil {
		return nil
	}
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = "any"
		if m != inarow.NoMove {
			out[i] = s.formatMove(m)
		}
	}
	return out
}
