package main

import (
	"context"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/mcts"
	"github.com/inarow/inarow/server"
	"github.com/inarow/inarow/solve"
)

// The server's plug-ins: renju's forbidden points from package gomoku (the
// RIF rules, checked against the shared cases there) and package engine's
// computers: Connect4 (its levels 1–3, perfect play with the solver and
// its book at 3) for gravity games the solver takes, the gomoku search at
// level 3, and Monte Carlo tree search for other custom rules.
func init() {
	renjuChecker = renjuRules{}
	serveEngine = func(g server.GameInfo) engine.Player {
		if p := connect4Engine(g); p != nil {
			return p
		}
		if p := gomokuEngine(g); p != nil {
			return p
		}
		return mctsEngine(g)
	}
}

// mctsEngine is the computer of levels 2 and 3 at custom m,n,k rules too
// large for the exact solver: Monte Carlo tree search on one core (the
// server's engine slots bound how many run at once), a shorter budget at
// level 2.
func mctsEngine(g server.GameInfo) engine.Player {
	if g.Kind != "mnk" || g.Level < 2 || g.Rules.Cells() <= 16 {
		return nil
	}
	e := mcts.New(mcts.Options{Threads: 1})
	e.Limits = mcts.Limits{Time: 1500 * time.Millisecond}
	if g.Level == 2 {
		e.Limits = mcts.Limits{Time: 300 * time.Millisecond}
	}
	return e
}

// connect4Engine returns package engine's Connect4 player for gravity
// games whose padded board fits the solver.
func connect4Engine(g server.GameInfo) engine.Player {
	if !g.Rules.Gravity || g.Rules.Win != inarow.Overline || g.Level < 1 || g.Level > 3 {
		return nil
	}
	if _, err := solve.NewGeometry(g.Rules); err != nil {
		return nil
	}
	return pooledConnect4{level: g.Level}
}

// c4Players keeps Connect4 players (and their solver tables) between
// moves; a Connect4 is not safe for concurrent use, so each move takes
// one out and puts it back.
var c4Players = [4]chan *engine.Connect4{make(chan *engine.Connect4, 4), make(chan *engine.Connect4, 4), make(chan *engine.Connect4, 4), make(chan *engine.Connect4, 4)}

type pooledConnect4 struct{ level int }

func (pc pooledConnect4) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	var e *engine.Connect4
	select {
	case e = <-c4Players[pc.level]:
	default:
		e = &engine.Connect4{Level: pc.level, TableBytes: 16 << 20}
	}
	defer func() {
		select {
		case c4Players[pc.level] <- e:
		default:
		}
	}()
	return e.Move(ctx, p)
}

// renjuRules is package gomoku's renju behind server.ForbiddenChecker and
// server.ForbiddenLister.
type renjuRules struct{}

func (renjuRules) Forbidden(p inarow.Position, m inarow.Move) bool {
	_, bad := gomoku.IsForbidden(p, m)
	return bad
}

func (renjuRules) ForbiddenPoints(p inarow.Position) []inarow.Move {
	var out []inarow.Move
	for _, f := range gomoku.Forbidden(p) {
		out = append(out, f.Move)
	}
	return out
}

// gomokuEngine is the computer of level 3 at gomoku and gobang: the
// threat-space and alpha-beta search of package engine, one per move (it
// is not safe for concurrent use), with a small table. The server bounds
// its time by the move's context and its number by its engine slots.
func gomokuEngine(g server.GameInfo) engine.Player {
	if g.Level < 3 || (g.Kind != "gomoku" && g.Kind != "gobang") || g.Rules.K != 5 || g.Rules.Gravity {
		return nil
	}
	if _, ok := gomoku.RuleOf(g.Rules); !ok { // the engine reads the variant's rule from the rules
		return nil
	}
	return &gomokuengine.Engine{MaxMemory: 16 << 20, Limits: gomokuengine.Limits{TurnTime: 2 * time.Second}}
}
