package server

import (
	"sync"

	"github.com/inarow/inarow"
)

func (s *Server) view(st *state) *View {
	if v := s.views.get(st.g.ID, st.g.Version); v != nil {
		return v
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
	case st.forfeited:
		v.Status, v.Winner, v.Forfeit = "won", seatName(p.ToMove().Other()), seatName(p.ToMove())
		v.Note = s.reasons.get(st.g.ID)
		if v.Note == "" {
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
		if st.set.variant == Renju && s.opt.Renju != nil && p.ToMove() == inarow.First {
			var points []inarow.Move
			if l, ok := s.opt.Renju.(ForbiddenLister); ok {
				points = l.ForbiddenPoints(p)
			} else {
				for m := inarow.Move(0); int(m) < r.Cells(); m++ {
					if p.At(m) == inarow.NoPlayer && s.opt.Renju.Forbidden(p, m) {
						points = append(points, m)
					}
				}
			}
			for _, m := range points {
				x, y := r.XY(m)
				v.Forbidden = append(v.Forbidden, [2]int{x, y})
			}
		}
	}
	s.views.put(st.g.ID, st.g.Version, v)
	return v
}

type viewCache struct {
	mu  sync.Mutex
	max int
	m   map[string]*View
}

func (c *viewCache) init(max int) { c.max, c.m = max, map[string]*View{} }

func (c *viewCache) get(id string, version int64) *View {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v := c.m[id]; v != nil && v.Version == version {
		return v
	}
	return nil
}

func (c *viewCache) put(id string, version int64, v *View) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[id]; old != nil && old.Version > version {
		return
	}
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[id] = v
}
