package main

import (
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/mcts"
	"github.com/inarow/inarow/server"
)

// Which computer the server seats for each kind of game and level.
func TestServeEngineChoice(t *testing.T) {
	mnk := inarow.Rules{Cols: 8, Rows: 8, K: 4}
	cases := []struct {
		g    server.GameInfo
		want string
	}{
		{server.GameInfo{Kind: "connect4", Rules: inarow.ConnectFour, Level: 3}, "connect4"},
		{server.GameInfo{Kind: "gomoku", Rules: inarow.Gomoku, Level: 3}, "gomoku"},
		{server.GameInfo{Kind: "mnk", Rules: mnk, Level: 3}, "mcts"},
		{server.GameInfo{Kind: "mnk", Rules: mnk, Level: 2}, "mcts"},
		{server.GameInfo{Kind: "mnk", Rules: mnk, Level: 1}, "server's own"},
		{server.GameInfo{Kind: "mnk", Rules: inarow.Rules{Cols: 4, Rows: 4, K: 3}, Level: 3}, "server's own"},
	}
	for _, c := range cases {
		got := "server's own"
		switch serveEngine(c.g).(type) {
		case pooledConnect4:
			got = "connect4"
		case *gomokuengine.Engine:
			got = "gomoku"
		case *mcts.Engine:
			got = "mcts"
		}
		if got != c.want {
			t.Errorf("%s %v level %d: %s, want %s", c.g.Kind, c.g.Rules, c.g.Level, got, c.want)
		}
	}
}
