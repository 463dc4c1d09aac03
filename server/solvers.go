package server

import (
	"context"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/solve"
)

// c4Scores solves every column of p (the caller holds an engine slot),
// nearest the centre first. On timeout it returns the columns solved so
// far (solve.Unsolved for the others) and ctx's error.
func (s *Server) c4Scores(ctx context.Context, p inarow.Position) ([]solve.Score, error) {
	r := p.Rules()
	sv, release, err := engine.PooledC4Solver(r)
	if err != nil {
		return nil, err
	}
	defer release()
	b, err := sv.Geometry().FromPosition(p)
	if err != nil {
		return nil, err
	}
	return sv.AnalyzePartial(ctx, b)
}

// smallExact reports whether the exact solver grades st's board from any
// position: at most 16 cells without gravity (renju's forbidden points
// are not the solver's rules).
func smallExact(st *state) bool {
	r := st.set.rules
	return !r.Gravity && r.Cells() <= 16 && st.set.variant != Renju
}
