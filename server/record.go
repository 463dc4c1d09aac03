package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// handleRecord serves a game's record for download:
//
//	GET /api/games/{id}/record?format=moves|c4|sgf|psq|text
//
// moves: the moves in the game's notation, one a line; c4: the move string
// of gravity games up to 9 columns (1-based columns, "4453"); sgf and psq:
// package gomoku's SGF (GM[4]) and Piskvork .psq, for five-in-a-row boards;
// text: the core's record (inarow.Game.MarshalText).
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	id, st, ok := s.game(w, r)
	if !ok {
		return
	}
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "moves"
	}
	rules := st.set.rules
	moves := make([]inarow.Move, len(st.g.Moves))
	for i, m := range st.g.Moves {
		moves[i] = inarow.Move(m.Cell)
	}
	var body []byte
	ext := "txt"
	switch format {
	case "moves":
		var b strings.Builder
		for _, m := range moves {
			b.WriteString(st.set.formatMove(m) + "\n")
		}
		body = []byte(b.String())
	case "c4":
		if !rules.Gravity || rules.Cols > 9 {
			writeError(w, http.StatusUnprocessableEntity, "move strings are for gravity games of at most 9 columns")
			return
		}
		var b strings.Builder
		for _, m := range moves {
			x, _ := rules.XY(m)
			b.WriteByte(byte('1' + x))
		}
		b.WriteByte('\n')
		body = []byte(b.String())
	case "sgf", "psq":
		rule, ok := gomoku.RuleOf(rules)
		if !ok {
			writeError(w, http.StatusUnprocessableEntity, "SGF and .psq records are for five-in-a-row boards (gomoku, gobang)")
			return
		}
		rec := gomoku.Record{Rule: rule, Cols: rules.Cols, Rows: rules.Rows, Moves: moves, Result: gomoku.ResultOf(st.pos)}
		if f := st.g.Forfeit; f != nil { // SGF's "F": a win by forfeit; "T": on time
			how := "F"
			if f.Reason == flagReason {
				how = "T"
			}
			rec.Result = map[int]string{0: "W+", 1: "B+"}[f.Seat] + how
		}
		rec.Black, rec.White = seatPlayer(st, inarow.First), seatPlayer(st, inarow.Second)
		if format == "sgf" {
			body, ext = rec.MarshalSGF(), "sgf"
		} else {
			body, ext = rec.MarshalPSQ(), "psq"
		}
	case "text":
		g := inarow.GameFrom(mustStart(rules))
		for _, m := range moves {
			if err := g.Play(m); err != nil {
				s.storeError(w, r, err)
				return
			}
		}
		body, _ = g.MarshalText()
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown format %q (want moves, c4, sgf, psq or text)", format))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="inarow-%s-%s.%s"`, st.g.Kind, id, ext))
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}

func mustStart(r inarow.Rules) inarow.Position {
	p, _ := inarow.NewPosition(r)
	return p
}

// seatPlayer names a seat's player for records.
func seatPlayer(st *state, seat inarow.Player) string {
	switch {
	case int(seat) == st.g.Computer && agentOf(st.g.Opponent) != "":
		return "agent " + agentOf(st.g.Opponent)
	case int(seat) == st.g.Computer:
		return fmt.Sprintf("inarow level %d", st.g.Level)
	case st.g.Opponent == "computer" || agentOf(st.g.Opponent) != "":
		return "human"
	}
	return "human " + seatNames[seat]
}
