package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/solve"
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
		version, err := s.store.Append(ctx, st.g.ID, st.g.Version, int(m))
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
		st = advance(st, next, m, version)
	}
	return st
}

// computerMove picks the computer's move within Options.MoveTime; when the
// engine slots are busy or the search runs out of time it falls back to
// the greedy player, which answers at once.
func (s *Server) computerMove(ctx context.Context, st *state) inarow.Move {
	p := st.pos
	ctx, cancel := context.WithTimeout(ctx, s.opt.MoveTime)
	defer cancel()
	m := inarow.NoMove
	if s.acquire(ctx) {
		m = s.search(ctx, st)
		s.release()
	}
	if m == inarow.NoMove || !p.Legal(m) || s.forbidden(st, p, m) {
		m = s.fallbackMove(context.WithoutCancel(ctx), st)
	}
	return m
}

func (s *Server) player(st *state) engine.Player {
	if s.opt.Engine != nil {
		if e := s.opt.Engine(GameInfo{Kind: st.g.Kind, Rules: st.set.rules, Variant: st.set.variant, Level: st.g.Level}); e != nil {
			return e
		}
	}
	return nil
}

// search is the computer's real choice at its level.
func (s *Server) search(ctx context.Context, st *state) inarow.Move {
	p, r := st.pos, st.set.rules
	if e := s.player(st); e != nil {
		m, err := e.Move(ctx, p)
		if err != nil {
			return inarow.NoMove
		}
		return m
	}
	switch level := st.g.Level; {
	case level <= 1:
		// A beginner: takes a win and blocks one, otherwise half the time
		// plays anywhere.
		if rand.IntN(2) == 0 {
			legal := s.legal(st)
			if len(legal) > 0 && !threat(p) {
				return legal[rand.IntN(len(legal))]
			}
		}
	case level == 2:
	default:
		if r.Gravity && r.Win == inarow.Overline && c4Fits(r) {
			scores, err := s.c4Scores(ctx, p)
			if err == nil {
				return bestColumn(p, scores)
			}
			return s.partialC4(st, scores)
		}
		if !r.Gravity && r.Cells() <= 16 && st.set.variant != Renju {
			m, err := (&engine.Perfect{}).Move(ctx, p)
			if err == nil {
				return m
			}
			return inarow.NoMove
		}
	}
	return s.fallbackMove(ctx, st)
}

// threat reports whether the side to move can win now or must block.
func threat(p inarow.Position) bool {
	for _, m := range p.AppendLegal(nil) {
		if q, _ := p.Play(m); q.Outcome().Status == inarow.Won {
			return true
		}
	}
	q, err := passTurn(p)
	if err != nil {
		return false
	}
	for _, m := range q.AppendLegal(nil) {
		if q2, _ := q.Play(m); q2.Outcome().Status == inarow.Won {
			return true
		}
	}
	return false
}

func passTurn(p inarow.Position) (inarow.Position, error) {
	r := p.Rules()
	var first, second []inarow.Move
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		switch p.At(m) {
		case inarow.First:
			first = append(first, m)
		case inarow.Second:
			second = append(second, m)
		}
	}
	return inarow.Setup(r, first, second, p.ToMove().Other())
}

// legal returns the legal moves, without renju's forbidden points.
func (s *Server) legal(st *state) []inarow.Move {
	var out []inarow.Move
	for _, m := range st.pos.AppendLegal(nil) {
		if !s.forbidden(st, st.pos, m) {
			out = append(out, m)
		}
	}
	return out
}

// fallbackMove is the greedy player's move, or a random legal one where
// the greedy move is forbidden.
func (s *Server) fallbackMove(ctx context.Context, st *state) inarow.Move {
	m, err := engine.Greedy{}.Move(ctx, st.pos)
	if err == nil && !s.forbidden(st, st.pos, m) {
		return m
	}
	legal := s.legal(st)
	if len(legal) == 0 {
		return inarow.NoMove
	}
	return legal[rand.IntN(len(legal))]
}

func c4Fits(r inarow.Rules) bool {
	_, err := solve.NewGeometry(r)
	return err == nil
}

// bestColumn returns the drop of a best-scoring column, nearest the
// centre among equals.
func bestColumn(p inarow.Position, scores []solve.Score) inarow.Move {
	r := p.Rules()
	best, bestScore, bestDist := -1, solve.FullColumn, 1<<30
	for c, sc := range scores {
		if sc == solve.FullColumn {
			continue
		}
		dist := 2*c - (r.Cols - 1)
		dist = max(dist, -dist)
		if sc > bestScore || (sc == bestScore && dist < bestDist) {
			best, bestScore, bestDist = c, sc, dist
		}
	}
	if best < 0 {
		return inarow.NoMove
	}
	m, err := p.Drop(best)
	if err != nil {
		return inarow.NoMove
	}
	return m
}

// partialC4 plays from the columns the solver proved before its time ran
// out: a proven win; else the greedy move unless it is a proven loss and
// some column is proven not to lose.
func (s *Server) partialC4(st *state, scores []solve.Score) inarow.Move {
	best, bestCol := solve.Unsolved, -1
	for c, sc := range scores {
		if sc != solve.Unsolved && sc != solve.FullColumn && (bestCol < 0 || sc > best) {
			best, bestCol = sc, c
		}
	}
	if bestCol >= 0 && best > 0 {
		m, _ := st.pos.Drop(bestCol)
		return m
	}
	m := s.fallbackMove(context.Background(), st)
	if m == inarow.NoMove || bestCol < 0 || best < 0 {
		return m
	}
	if x, _ := st.set.rules.XY(m); x < len(scores) && scores[x] != solve.Unsolved && scores[x] < 0 {
		m, _ = st.pos.Drop(bestCol)
	}
	return m
}

// ---- the Connect Four solver pool ----

// solverPool keeps a few C4Solvers per rules, so their tables (the
// solver's memory of a game) are reused from one move to the next.
type solverPool struct {
	tableBytes int
	size       int
	mu         chan struct{}
	pools      map[inarow.Rules]chan *solve.C4Solver
}

func (sp *solverPool) init(size, tableBytes int) {
	sp.size, sp.tableBytes = size, tableBytes
	sp.mu = make(chan struct{}, 1)
	sp.pools = map[inarow.Rules]chan *solve.C4Solver{}
}

func (sp *solverPool) pool(r inarow.Rules) chan *solve.C4Solver {
	sp.mu <- struct{}{}
	defer func() { <-sp.mu }()
	c := sp.pools[r]
	if c == nil {
		c = make(chan *solve.C4Solver, sp.size)
		sp.pools[r] = c
	}
	return c
}

func (sp *solverPool) get(r inarow.Rules) (*solve.C4Solver, error) {
	select {
	case s := <-sp.pool(r):
		return s, nil
	default:
		return solve.NewC4(r, solve.Options{TableBytes: sp.tableBytes})
	}
}

func (sp *solverPool) put(r inarow.Rules, s *solve.C4Solver) {
	select {
	case sp.pool(r) <- s:
	default:
	}
}

// c4Scores solves every column of p (the caller holds an engine slot),
// nearest the centre first. On timeout it returns the columns solved so
// far (solve.Unsolved for the others) and ctx's error.
func (s *Server) c4Scores(ctx context.Context, p inarow.Position) ([]solve.Score, error) {
	r := p.Rules()
	sv, err := s.solvers.get(r)
	if err != nil {
		return nil, err
	}
	defer s.solvers.put(r, sv)
	b, err := sv.Geometry().FromPosition(p)
	if err != nil {
		return nil, err
	}
	return sv.AnalyzePartial(ctx, b)
}
