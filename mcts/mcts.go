// Package mcts is the general engine: Monte Carlo tree search (UCT) that
// plays any inarow.Rules — tic-tac-toe, Connect Four and its relatives,
// gomoku, any m,n,k-game with or without gravity.
//
// The search:
//   - Playouts run on the engine's own board (see board.go): a mailbox
//     grid with a border and a list of open slots, so a random move is
//     one random number and a swap and nothing allocates. Each playout
//     move first makes a cheap tactical check — a win of the player to
//     move, else a block of the opponent's win — looking only along the
//     lines of each side's last stone (and, with gravity, at the cell
//     just opened above the opponent's stone).
//   - At expansion a node gets only the winning move when there is one,
//     only the blocking moves when the opponent threatens to win, and on
//     large boards without gravity only the cells near the stones.
//   - MCTS-solver: a won terminal child proves its parent lost; a node
//     whose children are all proven lost is proven won. Proven nodes
//     return their exact value without a playout, and the root stops as
//     soon as its value is proven.
//   - Exact endgame: when few cells are left, Search first asks the exact
//     solvers (solve.C4Solver for gravity boards of one word, solve.Solver
//     for the rest), and falls back to the tree search if they give up.
//   - Tree reuse: between searches each worker keeps the subtree of the
//     new position when it is one or two moves after the last root.
//   - Root parallelism: every core runs its own tree from the same root
//     and the root statistics are summed. It needs no locks and no
//     virtual loss, scales with the cores up to memory bandwidth, and
//     with UCT's noisy playouts it plays as well as a shared tree at the
//     core counts of a desktop (Chaslot, Winands, van den Herik 2008).
package mcts

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// Options configure an Engine.
type Options struct {
	// Threads is the number of search goroutines; 0 means GOMAXPROCS.
	Threads int
	// C is the UCT exploration constant for rewards in [0, 1]; 0 means
	// DefaultC.
	C float64
	// EndgameCells: with this many empty cells or fewer, Search tries the
	// exact solvers first. 0 means the default (24 on boards the Connect
	// Four solver takes, 12 elsewhere); negative turns it off.
	EndgameCells int
	// MaxNodes bounds each worker's tree; 0 means 1<<20 nodes (about
	// 50 MB a worker). When it is reached the search goes on without
	// growing the tree.
	MaxNodes int
	// NoTactics turns off the win and block checks in the playouts.
	NoTactics bool
	// Seed makes the search reproducible for a given Threads (with one
	// thread and a playout budget, exactly); 0 seeds at random.
	Seed uint64
}

// DefaultC is the exploration constant when Options.C is 0.
const DefaultC = 0.8

// Limits bound one search. With neither a playout nor a time budget the
// search runs until its context ends or the root is proven.
type Limits struct {
	// Playouts is the number of iterations over all workers; 0 for none.
	Playouts int64
	// Time is the wall-clock budget; 0 for none.
	Time time.Duration
	// Progress, when set, is called from the goroutine that called
	// Search every ProgressEvery (default 200 ms) and once at the end.
	Progress      func(Info)
	ProgressEvery time.Duration
}

// Result is the outcome of a search.
type Result struct {
	Iterations int64
	Elapsed    time.Duration
	Move       inarow.Move // the move the search would play now
	// Value is the expected score of Move for the player to move: 1 a
	// win, ½ a draw, 0 a loss.
	Value float64
	// Proven is +1 when Move is proven to win, −1 when every move is
	// proven to lose, 0 otherwise.
	Proven int
	// Solved is set when the exact endgame solver chose the move; Value is
	// then exact.
	Solved bool
	// PV is the most visited line of the first worker's tree.
	PV []inarow.Move
	// Moves are the root moves with their visits, most visited first.
	Moves []MoveStat
}

// Info is a progress report: the result the search would give if it
// stopped now (its PV only at the end).
type Info Result

// MoveStat is the search's statistics of one root move.
type MoveStat struct {
	Move   inarow.Move
	Visits int64
	Value  float64 // mean reward for the player who plays Move
	Proven int     // +1 proven win, −1 proven loss, 0 unknown
}

// Engine is a reusable MCTS player for one rules at a time. It keeps its
// trees between searches (tree reuse), so it is meant to follow one game;
// it is not safe for concurrent use.
type Engine struct {
	opts    Options
	geo     *geometry
	workers []*worker
	c4      *solve.C4Solver
	// Limits are the budget Move uses; zero means one second.
	Limits Limits
}

// New returns an engine with the given options.
func New(opts Options) *Engine {
	if opts.Threads <= 0 {
		opts.Threads = runtime.GOMAXPROCS(0)
	}
	if opts.C == 0 {
		opts.C = DefaultC
	}
	if opts.MaxNodes == 0 {
		opts.MaxNodes = 1 << 20
	}
	if opts.Seed == 0 {
		opts.Seed = rand.Uint64() | 1
	}
	return &Engine{opts: opts}
}

// Options returns the engine's options with the defaults filled in.
func (e *Engine) Options() Options { return e.opts }

// Move is engine.Player: it searches p within e.Limits (one second when
// they are zero) and returns the chosen move.
func (e *Engine) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	lim := e.Limits
	if lim.Playouts == 0 && lim.Time == 0 {
		lim.Time = time.Second
	}
	r, err := e.Search(ctx, p, lim)
	if err != nil && r.Move != inarow.NoMove && ctx.Err() != nil {
		// A player answers whenever it has a move: a context that ran
		// out (a caller's move time shorter than lim.Time, or a loaded
		// machine) cuts the search, never the answer.
		return r.Move, nil
	}
	return r.Move, err
}

// Reset forgets the trees.
func (e *Engine) Reset() {
	for _, w := range e.workers {
		w.root = nil
	}
}

func (e *Engine) prepare(r inarow.Rules) {
	if e.geo != nil && e.geo.rules == r {
		return
	}
	e.geo = newGeometry(r)
	e.workers = make([]*worker, e.opts.Threads)
	for i := range e.workers {
		e.workers[i] = newWorker(e.geo, e.opts.Seed+uint64(i)*0x9E3779B97F4A7C15)
	}
	e.c4 = nil
	if r.Gravity && r.Win == inarow.Overline {
		if _, err := solve.NewGeometry(r); err == nil {
			e.c4, _ = solve.NewC4(r, solve.Options{TableBytes: 8 << 20})
		}
	}
}

// Search looks for the best move of p within lim. A cancelled context
// stops it early with the best move found so far and the context's error
// (the move is valid whenever at least one iteration ran).
func (e *Engine) Search(ctx context.Context, p inarow.Position, lim Limits) (Result, error) {
	start := time.Now()
	if p.Over() {
		return Result{Move: inarow.NoMove}, inarow.ErrFinished
	}
	e.prepare(p.Rules())
	if info, ok := e.endgame(ctx, p, lim, start); ok {
		if lim.Progress != nil {
			lim.Progress(Info(info))
		}
		return info, nil
	}
	var deadline time.Time
	if lim.Time > 0 {
		deadline = start.Add(lim.Time)
	}
	every := lim.ProgressEvery
	if every <= 0 {
		every = 200 * time.Millisecond
	}
	var (
		total atomic.Int64
		stop  atomic.Bool
		wg    sync.WaitGroup
	)
	tactics := !e.opts.NoTactics
	for _, w := range e.workers {
		w.setRoot(p)
		w.iters = 0
		w.snap = w.snap[:0]
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			lastSnap := time.Now()
			var reserved int64 // iterations taken from the shared budget
			for i := 0; ; i++ {
				if lim.Playouts > 0 {
					if reserved == 0 {
						const chunk = 16
						got := total.Add(chunk) - chunk
						if got >= lim.Playouts {
							return
						}
						reserved = min(chunk, lim.Playouts-got)
					}
					reserved--
				}
				if i&63 == 0 && i > 0 {
					if stop.Load() || ctx.Err() != nil {
						return
					}
					now := time.Now()
					if !deadline.IsZero() && now.After(deadline) {
						return
					}
					if lim.Progress != nil && now.Sub(lastSnap) >= every/2 {
						w.snapshot()
						lastSnap = now
					}
				}
				if w.root.proof != 0 || w.root.terminal {
					stop.Store(true)
					return
				}
				w.iterate(e.opts.C, e.opts.MaxNodes, tactics)
			}
		}(w)
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	if lim.Progress != nil {
		t := time.NewTicker(every)
	loop:
		for {
			select {
			case <-done:
				break loop
			case <-t.C:
				info := e.merge(true)
				info.Elapsed = time.Since(start)
				lim.Progress(Info(info))
			}
		}
		t.Stop()
	} else {
		<-done
	}
	info := e.merge(false)
	info.Elapsed = time.Since(start)
	info.PV = e.pv()
	if lim.Progress != nil {
		lim.Progress(Info(info))
	}
	if info.Move == inarow.NoMove {
		if err := ctx.Err(); err != nil {
			return info, err
		}
		return info, fmt.Errorf("mcts: search found no move")
	}
	return info, ctx.Err()
}

// merge sums the workers' root statistics: from their snapshots while
// they run, from the trees once they have stopped.
func (e *Engine) merge(fromSnap bool) Result {
	g := e.geo
	stats := map[int16]*MoveStat{}
	var order []int16
	var iters int64
	for _, w := range e.workers {
		var cs []childStat
		if fromSnap {
			w.mu.Lock()
			cs = append(cs, w.snap...)
			w.mu.Unlock()
		} else {
			iters += w.iters
			for i := range w.root.children {
				ch := &w.root.children[i]
				cs = append(cs, childStat{ch.cell, ch.n, ch.w, ch.proof})
			}
		}
		for _, c := range cs {
			s := stats[c.cell]
			if s == nil {
				s = &MoveStat{Move: g.toMove[c.cell]}
				stats[c.cell] = s
				order = append(order, c.cell)
			}
			s.Visits += int64(c.n)
			s.Value += c.w
			if c.proof != 0 {
				s.Proven = int(c.proof)
			}
		}
	}
	info := Result{Move: inarow.NoMove, Iterations: iters}
	if fromSnap {
		for _, s := range stats {
			info.Iterations += s.Visits
		}
	}
	for _, cell := range order {
		s := stats[cell]
		if s.Visits > 0 {
			s.Value /= float64(s.Visits)
		}
		switch s.Proven {
		case 1:
			s.Value = 1
		case -1:
			s.Value = 0
		}
		info.Moves = append(info.Moves, *s)
	}
	sortStats(info.Moves)
	// A proven win first; else the most visited move not proven lost;
	// else (all lost) the most visited.
	best := -1
	for i, s := range info.Moves {
		if s.Proven == 1 {
			best = i
			break
		}
	}
	if best < 0 {
		for i, s := range info.Moves {
			if s.Proven != -1 {
				best = i
				break
			}
		}
	}
	if best < 0 && len(info.Moves) > 0 {
		best = 0
		info.Proven = -1
	}
	if best >= 0 {
		s := info.Moves[best]
		info.Move, info.Value = s.Move, s.Value
		if s.Proven == 1 {
			info.Proven = 1
		}
	}
	return info
}

func sortStats(ms []MoveStat) {
	for i := 1; i < len(ms); i++ { // insertion sort: few moves, stable
		for j := i; j > 0 && ms[j].Visits > ms[j-1].Visits; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// pv follows the most visited children of the first worker's tree.
func (e *Engine) pv() []inarow.Move {
	var pv []inarow.Move
	n := e.workers[0].root
	for len(pv) < 20 && n.expanded && len(n.children) > 0 {
		best := &n.children[0]
		for i := range n.children {
			if ch := &n.children[i]; ch.proof == proofWin || (best.proof != proofWin && ch.n > best.n) {
				best = ch
			}
		}
		if best.n == 0 {
			break
		}
		pv = append(pv, e.geo.toMove[best.cell])
		n = best
	}
	return pv
}

// endgame asks the exact solvers when few cells are left. It reports
// false when they are off, the position is too large, or they ran out of
// time.
func (e *Engine) endgame(ctx context.Context, p inarow.Position, lim Limits, start time.Time) (Result, bool) {
	r := p.Rules()
	left := r.Cells() - p.Ply()
	limit := e.opts.EndgameCells
	if limit == 0 {
		limit = 12
		if e.c4 != nil {
			limit = 24
		}
	}
	if limit < 0 || left > limit {
		return Result{}, false
	}
	// Give the solver at most half the time budget.
	sctx := ctx
	if lim.Time > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, lim.Time/2)
		defer cancel()
	}
	info := Result{Move: inarow.NoMove, Solved: true}
	if e.c4 != nil {
		scores, err := e.c4.Analyze(sctx, p)
		if err != nil {
			return Result{}, false
		}
		best := solve.FullColumn
		var bestMoves []inarow.Move
		for col, s := range scores {
			if s == solve.FullColumn {
				continue
			}
			m, _ := p.Drop(col)
			info.Moves = append(info.Moves, MoveStat{Move: m, Value: scoreValue(s), Proven: scoreProof(s)})
			switch {
			case s > best:
				best, bestMoves = s, append(bestMoves[:0], m)
			case s == best:
				bestMoves = append(bestMoves, m)
			}
		}
		info.Move = bestMoves[e.pick(len(bestMoves))]
		info.Value, info.Proven = scoreValue(best), scoreProof(best)
	} else {
		s := solve.Solver{MaxPositions: 1 << 18}
		moves, best, err := s.Best(sctx, p)
		if err != nil || len(moves) == 0 {
			return Result{}, false
		}
		info.Move = moves[e.pick(len(moves))]
		info.Value, info.Proven = scoreValue(best), scoreProof(best)
	}
	info.Elapsed = time.Since(start)
	info.PV = []inarow.Move{info.Move}
	return info, true
}

func (e *Engine) pick(n int) int {
	e.opts.Seed = e.opts.Seed*6364136223846793005 + 1442695040888963407
	return int((e.opts.Seed >> 33) % uint64(n))
}

func scoreValue(s solve.Score) float64 {
	switch {
	case s > 0:
		return 1
	case s < 0:
		return 0
	}
	return 0.5
}

func scoreProof(s solve.Score) int {
	switch {
	case s > 0:
		return 1
	case s < 0:
		return -1
	}
	return 0
}
