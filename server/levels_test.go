package server

import (
	"strings"
	"testing"
)

func TestLevels(t *testing.T) {
	e := newEnv(t, nil)
	for _, tc := range []struct {
		query string
		names string
	}{
		{"game=tictactoe", "Greedy|Perfect|Perfect"},
		{"game=connect4", "Beginner|Club|Best"},
		{"game=gomoku&rule=renju", "Greedy|Engine, depth 4|Engine"},
		{"game=gomoku", "Greedy|Engine, depth 4|Engine"},
		{"game=gobang", "Greedy|Engine, depth 4|Engine"},
		{"game=mnk&m=7&n=7&k=4", "Greedy|MCTS|MCTS"},
		{"game=mnk&m=4&n=4&k=3", "Greedy|Perfect|Perfect"},
		{"game=mnk&m=5&n=4&k=3&gravity=1", "Beginner|Club|Best"},
		{"game=mnk&m=10&n=10&k=4&gravity=1", "Greedy|MCTS|MCTS"},
	} {
		code, out := e.do("GET", "/api/levels?"+tc.query, "", nil)
		want(t, tc.query, code, 200, out)
		var names []string
		for i, l := range out["levels"].([]any) {
			l := l.(map[string]any)
			if l["level"] != float64(i+1) || l["basis"] == "" {
				t.Fatalf("%s: level %v", tc.query, l)
			}
			names = append(names, l["name"].(string))
		}
		if got := strings.Join(names, "|"); got != tc.names {
			t.Errorf("%s: levels %s, want %s", tc.query, got, tc.names)
		}
	}
	for _, q := range []string{"", "game=chess", "game=mnk", "game=mnk&m=30&n=4&k=3", "game=gomoku&rule=pente"} {
		code, out := e.do("GET", "/api/levels?"+q, "", nil)
		want(t, "levels?"+q, code, 400, out)
	}
	// A game against the computer names its level.
	g := e.create(map[string]any{"game": "connect4", "opponent": "computer", "level": 2})
	if g["level_name"] != "Club" {
		t.Fatalf("level_name %v, want Club", g["level_name"])
	}
	if f := e.create(map[string]any{"game": "connect4", "opponent": "friend"}); f["level_name"] != nil {
		t.Fatalf("a friend game has a level name: %v", f["level_name"])
	}
}
