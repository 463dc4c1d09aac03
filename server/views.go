package server

import (
	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
)

func (s *Server) view(st *state) *View {
	if v, ok := s.views.get(st.g.ID, st.g.Version); ok {
		return s.withClock(st, v)
	}
	r, p := st.set.rules, st.pos
	v := &View{
		ID: st.g.ID, Game: st.g.Kind, Rules: st.set.rulesJSON(), Notation: st.set.notation,
		Opponent: st.g.Opponent, Level: st.g.Level, Ply: p.Ply(), Version: st.g.Version,
		Agent: agentOf(st.g.Opponent),
		Moves: make([]string, len(st.g.Moves)), WinningLine: [][2]int{},
	}
	if st.g.Computer >= 0 {
		v.Computer = seatName(inarow.Player(st.g.Computer))
		if about, err := engine.Describe(engine.Spec{Rules: r, MoveTime: s.opt.MoveTime}); err == nil && st.g.Level >= 1 && st.g.Level <= 3 && v.Agent == "" {
			v.LevelName = about[st.g.Level-1].Name
		}
	}
	for i, m := range st.g.Moves {
		v.Moves[i] = st.set.formatMove(inarow.Move(m.Cell))
	}
	row := make([]byte, r.Cols)
	for y := range r.Rows {
		for x := range r.Cols {
			switch p.At(r.MoveAt(x, y)) {
			case inarow.First:
				row[x] = 'x'
			case inarow.Second:
				row[x] = 'o'
			default:
				row[x] = '.'
			}
		}
		v.Board = append(v.Board, string(row))
	}
	if last := p.LastMove(); last != inarow.NoMove {
		x, y := r.XY(last)
		v.LastMove = &[2]int{x, y}
	}
	if v.Agent != "" {
		v.Opponent = opponentAgent
	}
	o := p.Outcome()
	switch {
	case st.g.Forfeit != nil:
		seat := inarow.Player(st.g.Forfeit.Seat)
		v.Status, v.Winner, v.Forfeit = "won", seatName(seat.Other()), seatName(seat)
		v.Note = st.g.Forfeit.Reason
		if v.Note == "" { // forfeits stored before their reasons were
			v.Note = "the agent forfeited: it exited, answered late or answered an illegal move"
		}
	case o.Status == inarow.Won:
		v.Status, v.Winner = "won", seatName(o.Winner)
		for _, c := range o.Line.Cells(r) {
			x, y := r.XY(c)
			v.WinningLine = append(v.WinningLine, [2]int{x, y})
		}
	case o.Status == inarow.Drawn:
		v.Status = "drawn"
	default:
		v.Status, v.ToMove = "playing", seatName(p.ToMove())
		if st.set.renju() && p.ToMove() == inarow.First {
			for _, f := range gomoku.Forbidden(p) {
				x, y := r.XY(f.Move)
				v.Forbidden = append(v.Forbidden, [2]int{x, y})
			}
		}
	}
	s.views.put(st.g.ID, st.g.Version, v)
	return s.withClock(st, v)
}
