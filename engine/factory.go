package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/mcts"
	"github.com/inarow/inarow/solve"
)

// The levels of the computer, the same in every front end (the server,
// inarow play, the agent and match specs):
//
//	game                                  1 beginner       2 club                        3 best
//	no gravity, ≤ 16 cells (tic-tac-toe)  Greedy           Perfect                       Perfect
//	gravity, the Connect Four solver's    Connect4 level 1 Connect4 level 2 (4 plies)    Connect4 level 3 (exact, book)
//	five in a row, no gravity (gomoku)    Greedy           gomoku engine, depth ≤ 4      gomoku engine, the move time
//	any other m,n,k (with or without g.)  Greedy           MCTS, a quarter of the time   MCTS, the move time
//
// In renju every player is kept off black's forbidden points (see guard).
const (
	Beginner = 1
	Club     = 2
	Best     = 3
)

// DefaultMoveTime is a move's budget when Spec.MoveTime is 0.
const DefaultMoveTime = time.Second

// Spec names a computer player.
type Spec struct {
	Rules inarow.Rules
	// Level is 1 (Beginner), 2 (Club) or 3 (Best); 0 means Best.
	Level int
	// MoveTime is the search's budget a move [DefaultMoveTime]. A
	// context's deadline, when earlier, also stops every player.
	MoveTime time.Duration
	// Threads bounds the cores of the MCTS player and of the Connect Four
	// solver at Best [GOMAXPROCS], and sets the gomoku engine's search
	// threads [0 or 1: one thread, deterministic]; a server running
	// several searches at once sets 1.
	Threads int
	// Seed makes the player's random choices reproducible; 0 draws them
	// at random. A seeded Connect Four player keeps its own solver (and
	// its table) for the game; unseeded ones share the package's pool.
	Seed uint64
}

// For returns the computer player of spec (see the table of levels
// above). The player follows one game at a time: it may keep what it
// learnt between moves and is not safe for concurrent use; making one is
// cheap (the Connect Four solvers and their tables are pooled).
func For(spec Spec) (Player, error) {
	r := spec.Rules
	if err := r.Validate(); err != nil {
		return nil, err
	}
	level := spec.Level
	if level == 0 {
		level = Best
	}
	if level < Beginner || level > Best {
		return nil, fmt.Errorf("engine: level %d: the levels are 1, 2 and 3", spec.Level)
	}
	d := spec.MoveTime
	if d <= 0 {
		d = DefaultMoveTime
	}
	var rnd *rand.Rand
	if spec.Seed != 0 {
		rnd = rand.New(rand.NewPCG(spec.Seed, 0x1a2b))
	}
	threads := spec.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	var p Player
	switch choose(r, level) {
	case kindConnect4:
		if rnd != nil {
			p = &Connect4{Level: level, Rand: rnd, Threads: threads}
		} else {
			p = pooledConnect4{level: level, threads: threads}
		}
	case kindGreedy:
		p = Greedy{Rand: rnd}
	case kindPerfect:
		p = &Perfect{Rand: rnd, MoveTime: d}
	case kindGomoku:
		lim := gomokuengine.Limits{TurnTime: d}
		if level == Club {
			lim.MaxDepth = 4
		}
		p = &gomokuengine.Engine{MaxMemory: 16 << 20, Limits: lim, Threads: spec.Threads} // a small table: the server makes one a move
	default:
		e := mcts.New(mcts.Options{Threads: threads, Seed: spec.Seed})
		e.Limits = mcts.Limits{Time: d}
		if level == Club {
			e.Limits.Time = d / 4
		}
		p = e
	}
	rule, isGomoku := gomoku.RuleOf(r)
	if isGomoku && rule == gomoku.Renju {
		p = guard{p}
	}
	return p, nil
}

// kind is the sort of player For makes for a board and level.
type kind int

const (
	kindConnect4 kind = iota
	kindGreedy
	kindPerfect
	kindGomoku
	kindMCTS
)

// choose is For's table of levels (above): the one place that decides
// which player a board gets at a level, for For and Describe.
func choose(r inarow.Rules, level int) kind {
	_, isGomoku := gomoku.RuleOf(r)
	switch {
	case Connect4Fits(r):
		return kindConnect4
	case level == Beginner:
		return kindGreedy
	case !r.Gravity && r.Cells() <= 16:
		return kindPerfect
	case isGomoku:
		return kindGomoku
	}
	return kindMCTS
}

// About names what the computer of a level is, for people choosing one.
type About struct {
	Level int    `json:"level"`
	Name  string `json:"name"`  // Greedy, Perfect, Beginner, Club, Best, Engine, MCTS…
	Basis string `json:"basis"` // what it does, in a sentence
}

// Describe says what For's player of spec is, level by level: the three
// levels of spec.Rules (spec.Level is ignored), with spec.MoveTime as the
// players' budget. It fails where For fails.
func Describe(spec Spec) ([3]About, error) {
	var out [3]About
	if err := spec.Rules.Validate(); err != nil {
		return out, err
	}
	d := spec.MoveTime
	if d <= 0 {
		d = DefaultMoveTime
	}
	secs := func(t time.Duration) string { return strconv.FormatFloat(t.Seconds(), 'g', 2, 64) + " s a move" }
	for i := range out {
		level := i + 1
		a := About{Level: level}
		switch choose(spec.Rules, level) {
		case kindConnect4:
			switch level {
			case Beginner:
				a.Name, a.Basis = "Beginner", "wins and blocks, but drops a random stone a third of the time"
			case Club:
				a.Name, a.Basis = "Club", "looks 4 moves ahead"
			default:
				a.Name, a.Basis = "Best", "perfect: the exact solver and its opening book; never loses a won or drawn game"
			}
		case kindGreedy:
			a.Name, a.Basis = "Greedy", "wins and blocks at once, otherwise plays near the stones; no look-ahead"
		case kindPerfect:
			a.Name, a.Basis = "Perfect", "solves the game; never loses"
		case kindGomoku:
			if level == Club {
				a.Name, a.Basis = "Engine, depth 4", "threat search (VCF, VCT) and alpha-beta 4 moves deep"
			} else {
				a.Name, a.Basis = "Engine", "threat search (VCF, VCT) and alpha-beta, "+secs(d)
			}
		default:
			t := d
			if level == Club {
				t = d / 4
			}
			a.Name, a.Basis = "MCTS", "Monte Carlo tree search, "+secs(t)
		}
		out[i] = a
	}
	return out, nil
}

// Instant is the player that answers at once: Greedy, kept off renju's
// forbidden points. The server plays it when its engine slots are busy or
// a search fails.
func Instant(r inarow.Rules) Player {
	if rule, ok := gomoku.RuleOf(r); ok && rule == gomoku.Renju {
		return guard{Greedy{}}
	}
	return Greedy{}
}

// guard keeps a player off renju's forbidden points: a move that package
// gomoku refuses is replaced by Greedy's, else by the legal point nearest
// the centre. It is the one place that checks the players' moves against
// renju; the gomoku engine already avoids them, the others do not know
// of them.
type guard struct{ inner Player }

func (g guard) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	return g.MoveAfter(ctx, p, nil)
}

// MoveAfter passes the game's moves on to the player it guards (see
// MoveAfter).
func (g guard) MoveAfter(ctx context.Context, p inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	if p.Over() {
		return inarow.NoMove, inarow.ErrFinished
	}
	m, err := MoveAfter(ctx, g.inner, p, moves)
	if err == nil && gomoku.Legal(p, m) {
		return m, nil
	}
	if m, err := (Greedy{}).Move(ctx, p); err == nil && gomoku.Legal(p, m) {
		return m, nil
	}
	r := p.Rules()
	best, bestD := inarow.NoMove, 1<<30
	var buf [inarow.MaxSize * inarow.MaxSize]inarow.Move
	for _, c := range p.AppendLegal(buf[:0]) {
		x, y := r.XY(c)
		d := (2*x-r.Cols+1)*(2*x-r.Cols+1) + (2*y-r.Rows+1)*(2*y-r.Rows+1)
		if d < bestD && gomoku.Legal(p, c) {
			best, bestD = c, d
		}
	}
	if best == inarow.NoMove {
		return best, fmt.Errorf("%w to play: every empty point is forbidden", inarow.ErrNoMoves)
	}
	return best, nil
}

// c4Pool keeps Connect Four solvers (and their tables, the solver's
// memory of a game) per rules and thread count between moves and
// analyses, so that a front end that makes a player a move, as the server
// does, still reuses them. A C4Solver is not safe for concurrent use:
// each user takes one out and puts it back; at most c4PoolSize wait per
// rules and thread count.
var c4Pool struct {
	sync.Mutex
	idle map[c4PoolKey]chan *solve.C4Solver
}

type c4PoolKey struct {
	rules   inarow.Rules
	threads int
}

const (
	c4PoolSize       = 4
	c4PoolTableBytes = 16 << 20
)

// PooledC4Solver returns a one-thread Connect Four solver for r from the
// package's pool (a new one when none is idle) and the function that
// gives it back. It fails for rules the solver does not take (see
// Connect4Fits).
func PooledC4Solver(r inarow.Rules) (*solve.C4Solver, func(), error) {
	return pooledC4Solver(r, 1)
}

// pooledC4Solver is PooledC4Solver for a solver of threads threads.
func pooledC4Solver(r inarow.Rules, threads int) (*solve.C4Solver, func(), error) {
	key := c4PoolKey{r, max(threads, 1)}
	c4Pool.Lock()
	if c4Pool.idle == nil {
		c4Pool.idle = map[c4PoolKey]chan *solve.C4Solver{}
	}
	idle := c4Pool.idle[key]
	if idle == nil {
		idle = make(chan *solve.C4Solver, c4PoolSize)
		c4Pool.idle[key] = idle
	}
	c4Pool.Unlock()
	var s *solve.C4Solver
	select {
	case s = <-idle:
	default:
		var err error
		if s, err = solve.NewC4(r, solve.Options{TableBytes: c4PoolTableBytes, Threads: key.threads}); err != nil {
			return nil, nil, err
		}
	}
	return s, func() {
		select {
		case idle <- s:
		default:
		}
	}, nil
}

// pooledConnect4 is the Connect4 player of a level with a solver of the
// pool for each move.
type pooledConnect4 struct{ level, threads int }

func (pc pooledConnect4) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	threads := pc.threads
	if pc.level != Best {
		threads = 1 // the lower levels only use the solver's geometry
	}
	s, release, err := pooledC4Solver(p.Rules(), threads)
	if err != nil {
		return Greedy{}.Move(ctx, p)
	}
	defer release()
	e := Connect4{Level: pc.level, solver: s}
	return e.Move(ctx, p)
}
