package server

import (
	"context"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

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
