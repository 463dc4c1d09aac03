package server

import (
	"context"
	"fmt"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
)

// state is a stored game replayed.
type state struct {
	g   *store.Game
	set setup
	pos inarow.Position
}

// over reports whether the game has ended.
func (st *state) over() bool { return st.g.Forfeit != nil || st.pos.Over() }

func (s *Server) load(ctx context.Context, id string) (*state, error) {
	g, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	set, err := setupOf(g)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	p, err := inarow.NewPosition(set.rules)
	if err != nil {
		return nil, err
	}
	st := &state{g: g, set: set}
	for _, m := range g.Moves {
		if p, err = p.Play(inarow.Move(m.Cell)); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d: %w", id, m.Ply, err)
		}
	}
	st.pos = p
	return s.settle(ctx, st) // a flag that fell is recorded by whoever reads first
}

// moves is the game's moves, oldest first (the computer's search reads
// the last ones: engine.MoveAfter).
func (st *state) moves() []inarow.Move {
	ms := make([]inarow.Move, len(st.g.Moves))
	for i, m := range st.g.Moves {
		ms[i] = inarow.Move(m.Cell)
	}
	return ms
}

// at returns st as it was after its first ply moves (0 ≤ ply ≤ the
// number of moves), at the same version: the position a look back at the
// game shows.
func (st *state) at(ply int) (*state, error) {
	if ply == len(st.g.Moves) {
		return st, nil
	}
	p, err := inarow.NewPosition(st.set.rules)
	if err != nil {
		return nil, err
	}
	for _, m := range st.g.Moves[:ply] {
		if p, err = p.Play(inarow.Move(m.Cell)); err != nil {
			return nil, err
		}
	}
	g := *st.g
	g.Moves, g.Forfeit = g.Moves[:ply:ply], nil
	return &state{g: &g, set: st.set, pos: p}, nil
}

// forbidden reports whether m is refused by renju for the side to move
// (package gomoku's rules: double-three, double-four, overline for black).
func (s *Server) forbidden(st *state, p inarow.Position, m inarow.Move) bool {
	if !st.set.renju() || p.ToMove() != inarow.First || p.Over() || p.At(m) != inarow.NoPlayer {
		return false
	}
	_, bad := gomoku.IsForbidden(p, m)
	return bad
}

// advance returns st after m, committed at version.
func advance(st *state, next inarow.Position, m store.Move, version int64) *state {
	g := *st.g
	m.Ply = len(g.Moves)
	if m.At.IsZero() {
		m.At = time.Now().UTC()
	}
	g.Moves = append(g.Moves[:len(g.Moves):len(g.Moves)], m)
	g.Version = version
	return &state{g: &g, set: st.set, pos: next}
}
