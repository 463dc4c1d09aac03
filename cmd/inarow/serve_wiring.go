package main

import (
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/server"
)

// The server's plug-ins: renju's forbidden points from package gomoku (the
// RIF rules, checked against the shared cases there) and the strong
// gomoku engine from package engine.
func init() {
	renjuChecker = renjuRules{}
	serveEngine = gomokuEngine
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
