package main

import (
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/server"
)

// The server's plug-ins: renju's forbidden points and the strong gomoku
// engine, both from package engine's gomoku board and search.
//
// Note for package gomoku: when its renju rules (gomoku.IsForbidden,
// gomoku.Forbidden) are committed, renjuRules may call them instead; the
// server only sees server.ForbiddenChecker and server.ForbiddenLister.
func init() {
	renjuChecker = renjuRules{}
	serveEngine = gomokuEngine
}

// renjuRules answers with package engine's renju board.
type renjuRules struct{}

func renjuBoard(p inarow.Position) *engine.Board {
	r := p.Rules()
	b, err := engine.NewBoard(r.Cols, r.Rows, engine.Renju)
	if err != nil {
		return nil
	}
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		x, y := r.XY(m)
		switch p.At(m) {
		case inarow.First:
			b.Place(x, y, engine.Black)
		case inarow.Second:
			b.Place(x, y, engine.White)
		}
	}
	return b
}

func (renjuRules) Forbidden(p inarow.Position, m inarow.Move) bool {
	b := renjuBoard(p)
	if b == nil || !p.Rules().OnBoard(m) {
		return false
	}
	x, y := p.Rules().XY(m)
	return b.IsForbidden(b.Idx(x, y))
}

func (renjuRules) ForbiddenPoints(p inarow.Position) []inarow.Move {
	b := renjuBoard(p)
	if b == nil {
		return nil
	}
	var out []inarow.Move
	for _, xy := range b.ForbiddenPoints() {
		out = append(out, p.Rules().MoveAt(xy[0], xy[1]))
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
	rule := engine.Freestyle
	switch g.Variant {
	case server.Standard:
		rule = engine.Standard
	case server.Renju:
		rule = engine.Renju
	}
	if g.Rules.Win == inarow.ExactlyK {
		rule = engine.Standard
	}
	return &engine.Gomoku{Rule: rule, MaxMemory: 16 << 20, Limits: engine.Limits{TurnTime: 2 * time.Second}}
}
