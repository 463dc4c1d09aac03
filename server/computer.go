package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
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
	unknown := solve.Score(solve.FullColumn + 1)
	best, bestCol := unknown, -1
	for c, sc := range scores {
		if sc != unknown && sc != solve.FullColumn && (bestCol < 0 || sc > best) {
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
	if x, _ := st.set.rules.XY(m); x < len(scores) && scores[x] != unknown && scores[x] < 0 {
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

// c4Scores solves every column of p (the caller holds an engine slot). On
// timeout it returns the columns solved so far and ctx's error.
func (s *Server) c4Scores(ctx context.Context, p inarow.Position) ([]solve.Score, error) {
	r := p.Rules()
	sv, err := s.solvers.get(r)
	if err != nil {
		return nil, err
	}
	defer s.solvers.put(r, sv)
	g := sv.Geometry()
	b, err := g.FromPosition(p)
	if err != nil {
		return nil, err
	}
	out := make([]solve.Score, r.Cols)
	unknown := solve.Score(solve.FullColumn + 1)
	for c := range out {
		out[c] = unknown
	}
	// Columns nearest the centre first: they are the likeliest best.
	order := make([]int, 0, r.Cols)
	for d := 0; len(order) < r.Cols; d++ {
		for _, c := range []int{(r.Cols-1)/2 - d, r.Cols/2 + d} {
			if c >= 0 && c < r.Cols && !contains(order, c) {
				order = append(order, c)
			}
		}
	}
	for _, c := range order {
		switch {
		case !g.CanPlay(b, c):
			out[c] = solve.FullColumn
		case g.IsWinningMove(b, c):
			out[c] = solve.Score((r.Cells()+1)/2 + 1 - (b.Moves()+2)/2)
		default:
			v, err := sv.SolveBoard(ctx, g.Play(b, c))
			if err != nil {
				return out, err
			}
			out[c] = -v
		}
	}
	return out, nil
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// ---- analysis ----

// Analysis is the answer of GET /api/games/{id}/analysis: the value of each
// move for the player to move, in Pascal Pons' convention (0 a draw; a win
// with one's N-th stone scores (cells+1)/2 + 1 − N; a loss the negative).
type Analysis struct {
	ID       string  `json:"id"`
	Ply      int     `json:"ply"`
	ToMove   *string `json:"to_move"`
	Method   string  `json:"method"`   // connect4-solver, solver, vcf, vct, search, none
	Complete bool    `json:"complete"` // false when the time bound cut the search short
	Moves    []Value `json:"moves"`
	// Columns holds, for gravity games, each column's score from the
	// left, null for a full or unsolved column.
	Columns []*int `json:"columns,omitempty"`
	// Line is the forced win of a vcf or vct analysis: the winner's moves
	// and the defender's replies in turn ("any" where the reply does not
	// matter, with x and y -1).
	Line []LineMove `json:"line,omitempty"`
	// Depth is the depth the gomoku engine's search completed.
	Depth int    `json:"depth,omitempty"`
	Note  string `json:"note,omitempty"`
}

// LineMove is one move of a forced line.
type LineMove struct {
	Move string `json:"move"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// Value is one move's score.
type Value struct {
	Move  string `json:"move"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Score int    `json:"score"`
	// Proven, in gomoku analyses, marks a forced win or loss; the other
	// scores there are the engine's evaluation (see Analysis).
	Proven bool `json:"proven,omitempty"`
}

func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	if ok, wait := s.analysisLimit.allow(r); !ok {
		tooMany(w, wait, "too many analysis requests from your address; try again shortly")
		return
	}
	st, err := s.load(r.Context(), id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	p, rules := st.pos, st.set.rules
	a := &Analysis{ID: id, Ply: p.Ply(), Moves: []Value{}, Method: "none"}
	if st.over() {
		a.Complete, a.Note = true, "the game is over"
		writeJSON(w, http.StatusOK, a)
		return
	}
	a.ToMove = seatName(p.ToMove())
	exactSmall := !rules.Gravity && rules.Cells() <= 16 && st.set.variant != Renju
	c4 := rules.Gravity && rules.Win == inarow.Overline && c4Fits(rules)
	_, gm := gomoku.RuleOf(rules)
	if !exactSmall && !c4 && !gm {
		a.Complete, a.Note = true, "no exact solver for this board"
		writeJSON(w, http.StatusOK, a)
		return
	}
	if a := s.analyses.get(id, st.g.Version); a != nil {
		writeJSON(w, http.StatusOK, a)
		return
	}
	defer func() {
		// A gomoku search spends its whole time bound whatever the
		// position: it runs once per position, not once per spectator.
		if a.Complete || a.Method == "search" || a.Method == "vct" {
			s.analyses.put(id, st.g.Version, a)
		}
	}()
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.AnalysisTime)
	defer cancel()
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "the solver is busy; try again")
		return
	}
	defer s.release()
	if !exactSmall && !c4 {
		s.gomokuAnalysis(ctx, st, a)
		writeJSON(w, http.StatusOK, a)
		return
	}
	if c4 {
		a.Method = "connect4-solver"
		scores, err := s.c4Scores(ctx, p)
		a.Complete = err == nil
		if err != nil && scores == nil {
			s.log.Error("analysis", "id", id, "err", err)
			writeError(w, http.StatusInternalServerError, "analysis failed")
			return
		}
		a.Columns = make([]*int, rules.Cols)
		for c, sc := range scores {
			if sc == solve.FullColumn || sc == solve.FullColumn+1 {
				continue
			}
			v := int(sc)
			a.Columns[c] = &v
			m, _ := p.Drop(c)
			x, y := rules.XY(m)
			a.Moves = append(a.Moves, Value{Move: strconv.Itoa(c + 1), X: x, Y: y, Score: v})
		}
		if !a.Complete {
			a.Note = "time bound reached: some columns are unsolved"
		}
		writeJSON(w, http.StatusOK, a)
		return
	}
	a.Method = "solver"
	sv := &solve.Solver{MaxPositions: 2_000_000}
	start := time.Now()
	for _, m := range p.AppendLegal(nil) {
		child, _ := p.Play(m)
		v, err := sv.Solve(ctx, child)
		if err != nil {
			a.Note = "time or size bound reached: some moves are unsolved"
			s.log.Info("analysis cut short", "id", id, "after", time.Since(start), "err", err)
			break
		}
		x, y := rules.XY(m)
		a.Moves = append(a.Moves, Value{Move: st.set.formatMove(m), X: x, Y: y, Score: -int(v)})
	}
	a.Complete = a.Note == ""
	writeJSON(w, http.StatusOK, a)
}

// analysisCache keeps the last complete analysis of each game, so that
// repeated requests (every spectator's page) cost no search.
type analysisCache struct {
	mu sync.Mutex
	m  map[string]analysisEntry
}

type analysisEntry struct {
	version int64
	a       *Analysis
}

func (c *analysisCache) get(id string, version int64) *Analysis {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[id]; ok && e.version == version {
		return e.a
	}
	return nil
}

func (c *analysisCache) put(id string, version int64, a *Analysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= 1024 {
		c.m = map[string]analysisEntry{}
	}
	c.m[id] = analysisEntry{version, a}
}
