package agent

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/mcts"
	"github.com/inarow/inarow/solve"
)

// SpecHelp describes the player specs NewPlayer reads.
const SpecHelp = `  computer[:level=N,ms=N,threads=N]      the computer of inarow play and the server (level 1–3, default 3; ms a move, default 1000; threads: default every core)
  mcts[:ms=N,playouts=N,threads=N,c=F]  the general engine (default ms=1000)
  greedy                                 win, block, else near the centre
  perfect                                exact solver (small boards; else greedy)
  c4solver                               exact Connect Four solver (gravity boards of ≤ 64 bits)
  random                                 a random legal move
  connect4[:level=N,ms=N,threads=N]      computer, but only on the gravity boards of the Connect Four solver
  gomoku[:ms=N,depth=N]                  the gomoku engine under the rules' rule (ms a move, default 1000)
  agent:COMMAND                          an outside program speaking the agent protocol
  pbrain:COMMAND                         a Gomocup brain (pbrain-*) speaking the Gomocup protocol`

// DefaultGreetTime is how long NewPlayer waits for an outside program
// (agent:, pbrain:) to start and greet.
const DefaultGreetTime = 10 * time.Second

// NewPlayer makes the player a spec names (see SpecHelp) for rules r.
// Players that hold resources (an outside program) implement io.Closer.
func NewPlayer(ctx context.Context, spec string, r inarow.Rules, seed uint64) (engine.Player, error) {
	return NewPlayerGreet(ctx, spec, r, seed, DefaultGreetTime)
}

// NewPlayerGreet is NewPlayer where an outside program has greet (0:
// DefaultGreetTime) to start and greet: a program that starts slowly (a
// virtual machine to load, a loaded machine) needs more.
func NewPlayerGreet(ctx context.Context, spec string, r inarow.Rules, seed uint64, greet time.Duration) (engine.Player, error) {
	if greet <= 0 {
		greet = DefaultGreetTime
	}
	name, args, _ := strings.Cut(spec, ":")
	rnd := rand.New(rand.NewPCG(seed, 0x1a2b))
	switch name {
	case "greedy":
		return engine.Greedy{Rand: rnd}, nil
	case "perfect":
		return &engine.Perfect{Rand: rnd}, nil
	case "random":
		return &Random{Rand: rnd}, nil
	case "c4solver":
		s, err := solve.NewC4(r, solve.Options{TableBytes: 64 << 20})
		if err != nil {
			return nil, fmt.Errorf("c4solver: %w", err)
		}
		return &C4Player{Solver: s, Rand: rnd}, nil
	case "mcts":
		return newMCTS(args, seed)
	case "agent":
		if args == "" {
			return nil, fmt.Errorf("agent: needs a command, e.g. agent:./mybot")
		}
		return Start(ctx, args, greet, nil)
	case "pbrain":
		if args == "" {
			return nil, fmt.Errorf("pbrain: needs a command, e.g. pbrain:./pbrain-inarow")
		}
		if _, ok := gomoku.RuleOf(r); !ok || r.Gravity {
			return nil, fmt.Errorf("pbrain: a Gomocup brain plays five in a row without gravity, not %v", r)
		}
		return StartBrain(ctx, args, greet, nil)
	case "computer", "connect4", "gomoku":
		return newEngine(name, args, r, seed)
	}
	return nil, fmt.Errorf("unknown player %q; players are:\n%s", spec, SpecHelp)
}

// MCTSPlayer is the mcts engine with a per-move budget.
type MCTSPlayer struct {
	*mcts.Engine
}

// SetMoveTime caps the time of each move (MoveTimer).
func (m *MCTSPlayer) SetMoveTime(d time.Duration) {
	if m.Limits.Time == 0 || m.Limits.Time > d {
		m.Limits.Time = d
	}
}

func newMCTS(args string, seed uint64) (*MCTSPlayer, error) {
	opts := mcts.Options{Seed: seed}
	lim := mcts.Limits{}
	if args != "" {
		for _, kv := range strings.Split(args, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return nil, fmt.Errorf("mcts: %q is not key=value", kv)
			}
			var err error
			var n int
			switch k {
			case "ms":
				n, err = strconv.Atoi(v)
				lim.Time = time.Duration(n) * time.Millisecond
			case "playouts":
				n, err = strconv.Atoi(v)
				lim.Playouts = int64(n)
			case "threads":
				opts.Threads, err = strconv.Atoi(v)
			case "c":
				opts.C, err = strconv.ParseFloat(v, 64)
			case "endgame":
				opts.EndgameCells, err = strconv.Atoi(v)
			default:
				err = fmt.Errorf("unknown option")
			}
			if err != nil || n < 0 {
				return nil, fmt.Errorf("mcts: bad option %q", kv)
			}
		}
	}
	if lim.Time == 0 && lim.Playouts == 0 {
		lim.Time = time.Second
	}
	e := mcts.New(opts)
	e.Limits = lim
	return &MCTSPlayer{Engine: e}, nil
}

// newEngine makes the computer, connect4 or gomoku player of a spec.
func newEngine(name, args string, r inarow.Rules, seed uint64) (engine.Player, error) {
	level, ms, depth, threads := 3, 1000, 0, 0
	if args != "" {
		for _, kv := range strings.Split(args, ",") {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.Atoi(v)
			switch {
			case !ok || err != nil || n < 0:
				return nil, fmt.Errorf("%s: bad option %q", name, kv)
			case k == "ms" && n > 0:
				ms = n
			case k == "level" && name != "gomoku" && n >= 1 && n <= 3:
				level = n
			case k == "depth" && name == "gomoku":
				depth = n
			case k == "threads" && name != "gomoku" && n >= 1:
				threads = n
			default:
				return nil, fmt.Errorf("%s: bad option %q", name, kv)
			}
		}
	}
	d := time.Duration(ms) * time.Millisecond
	if name == "connect4" && !engine.Connect4Fits(r) {
		return nil, fmt.Errorf("connect4: the Connect Four player needs gravity rules of at most 64 padded bits, not %v", r)
	}
	if name != "gomoku" {
		// The one computer of every front end (engine.For), its own
		// searches within ms and the move cut off at ms as well.
		p, err := engine.For(engine.Spec{Rules: r, Level: level, MoveTime: d, Seed: seed, Threads: threads})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &Timed{Player: p, Time: d}, nil
	}
	if _, ok := gomoku.RuleOf(r); !ok {
		return nil, fmt.Errorf("gomoku: the gomoku engine plays five in a row without gravity, not %v", r)
	}
	g := &gomokuengine.Engine{Limits: gomokuengine.Limits{TurnTime: d, MaxDepth: depth}}
	return &Timed{Player: g, Time: d + d/2}, nil
}

// Timed is a player whose every move is cut off after Time (0: none),
// through its context; SetMoveTime sets Time (MoveTimer).
type Timed struct {
	engine.Player
	Time time.Duration
}

func (t *Timed) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	return t.MoveAfter(ctx, pos, nil)
}

// MoveAfter passes the game's moves on to the player (engine.MoveAfter).
func (t *Timed) MoveAfter(ctx context.Context, pos inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	if t.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.Time)
		defer cancel()
	}
	return engine.MoveAfter(ctx, t.Player, pos, moves)
}

// SetMoveTime sets Time and, for the gomoku engine, its turn time.
func (t *Timed) SetMoveTime(d time.Duration) {
	t.Time = d
	if g, ok := t.Player.(*gomokuengine.Engine); ok {
		g.Limits.TurnTime = d * 2 / 3
	}
}

// Random plays a random legal move.
type Random struct{ Rand *rand.Rand }

func (p *Random) Move(_ context.Context, pos inarow.Position) (inarow.Move, error) {
	ms := pos.AppendLegal(nil)
	if len(ms) == 0 {
		return inarow.NoMove, inarow.ErrFinished
	}
	return ms[p.Rand.IntN(len(ms))], nil
}

// C4Player plays exactly with the Connect Four solver: the best score,
// at random among equal columns.
type C4Player struct {
	Solver *solve.C4Solver
	Rand   *rand.Rand
}

func (p *C4Player) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	res, err := p.Solver.Search(ctx, pos, solve.Limits{})
	if err != nil {
		return inarow.NoMove, err
	}
	return res.Best[p.Rand.IntN(len(res.Best))], nil
}

// Close releases a player's resources if it has any.
func Close(p engine.Player) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}
