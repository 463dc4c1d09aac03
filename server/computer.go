package server

import (
	"context"
	"errors"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/store"
)

// acquire takes an engine slot, waiting at most until ctx ends.
func (s *Server) acquire(ctx context.Context) bool {
	select {
	case s.jobs <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.jobs }

// computerToMove reports whether st waits for the computer.
func computerToMove(st *state) bool {
	return st.g.Computer >= 0 && !st.over() && int(st.pos.ToMove()) == st.g.Computer
}

// resumeComputer is computerTurn for a game that a reader finds waiting
// for the computer: it plays only when no request of this process is
// already thinking for that game and the wait has lasted longer than a
// move may take (the server died between a move and its reply), so that
// reads cannot make the computer think.
func (s *Server) resumeComputer(ctx context.Context, st *state) *state {
	if !computerToMove(st) || time.Since(st.g.Updated) < s.opt.MoveTime+2*time.Second {
		return st
	}
	return s.computerTurn(ctx, st)
}

// computerTurn plays the computer's moves while it is to move, committing
// each one; it returns the state after them. Failures leave the state as
// it is (a later request tries again). One request per game thinks at a
// time in this process; the others return at once.
func (s *Server) computerTurn(ctx context.Context, st *state) *state {
	if !computerToMove(st) {
		return st
	}
	// The reply must not depend on the request that triggered it: a
	// request dropped while the computer thinks (a closed page, a lost
	// connection) would otherwise cancel the search and the store's
	// write, and the game would wait for the next reader. MoveTime and
	// the agents' own bounds still end the turn.
	ctx = context.WithoutCancel(ctx)
	if _, busy := s.thinking.LoadOrStore(st.g.ID, true); busy {
		return st
	}
	defer s.thinking.Delete(st.g.ID)
	for computerToMove(st) {
		var m inarow.Move
		if agentOf(st.g.Opponent) != "" {
			var reason string
			if m, reason = s.agentMove(ctx, st); reason != "" {
				return s.forfeit(ctx, st, reason)
			}
		} else {
			m = s.computerMove(ctx, st)
		}
		if m == inarow.NoMove {
			return st
		}
		next, err := st.pos.Play(m)
		if err != nil {
			s.log.Error("computer chose an illegal move", "id", st.g.ID, "move", m, "err", err)
			return st
		}
		mv := store.Move{Cell: int(m)} // no clock: games against the computer have none
		version, err := s.store.Append(ctx, st.g.ID, st.g.Version, mv)
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				// ErrConflict: another request played the computer's move.
				if fresh, lerr := s.load(ctx, st.g.ID); lerr == nil {
					return fresh
				}
			}
			return st
		}
		s.hub.publish(st.g.ID)
		st = advance(st, next, mv, version)
	}
	return st
}

// computerMove picks the computer's move within Options.MoveTime: the
// move of engine.For's player for the game's rules and level, the same
// player inarow play and the agent specs seat. When the engine slots stay
// busy or the search fails it plays engine.Instant, which answers at once.
func (s *Server) computerMove(ctx context.Context, st *state) inarow.Move {
	p := st.pos
	ctx, cancel := context.WithTimeout(ctx, s.opt.MoveTime)
	defer cancel()
	m := inarow.NoMove
	if s.acquire(ctx) {
		m = s.search(ctx, st)
		s.release()
	}
	if m != inarow.NoMove && p.Legal(m) && !s.forbidden(st, p, m) {
		return m
	}
	m, err := engine.Instant(st.set.rules).Move(context.WithoutCancel(ctx), p)
	if err != nil {
		return inarow.NoMove
	}
	return m
}

// search is the move of the computer of the game's level (the caller
// holds an engine slot); NoMove if it fails.
func (s *Server) search(ctx context.Context, st *state) inarow.Move {
	// One thread a search: the server runs up to EngineJobs searches at
	// once (a game's move, an analysis), so one core each keeps the
	// machine's load at EngineJobs cores; a search with every core would
	// make the moves of concurrent games wait for each other instead.
	e, err := engine.For(engine.Spec{Rules: st.set.rules, Level: st.g.Level, MoveTime: s.opt.MoveTime, Threads: 1})
	if err != nil {
		s.log.Error("no computer for the game", "id", st.g.ID, "err", err)
		return inarow.NoMove
	}
	m, err := engine.MoveAfter(ctx, e, st.pos, st.moves())
	if err != nil {
		return inarow.NoMove
	}
	return m
}
