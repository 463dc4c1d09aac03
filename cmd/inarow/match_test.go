package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	needCommand(t, "match")
	dir := t.TempDir()
	res := cli(t, "", "match", "connect4", "--a", "mcts:playouts=2000", "--b", "random", "--games", "6", "--records", dir, "--seed", "3")
	if res.code != 0 {
		t.Fatalf("code %d: %s", res.code, res.stderr)
	}
	if !strings.Contains(res.stdout, "W/D/L 6/0/0  score 100.0%  Elo +inf ± inf (95%)") {
		t.Fatalf("mcts did not beat random 6-0:\n%s", res.stdout)
	}
	if strings.Count(res.stdout, "\ngame ") != 5 || !strings.HasPrefix(res.stdout, "game 1: A wins") {
		t.Fatalf("per-game lines:\n%s", res.stdout)
	}
	recs, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	if len(recs) != 6 {
		t.Fatalf("%d records", len(recs))
	}
	text, _ := os.ReadFile(recs[0])
	if !strings.HasPrefix(string(text), "rules m=7,n=6,k=4,gravity\nmoves ") {
		t.Fatalf("record:\n%s", text)
	}
	// The record is what step and the core read back.
	if res := cli(t, "", "match", "tictactoe", "--a", "perfect", "--b", "perfect", "--games", "4", "--quiet"); res.code != 0 ||
		!strings.Contains(res.stdout, "W/D/L 0/4/0  score 50.0%  Elo +0 ± 0 (95%)") {
		t.Fatalf("perfect vs perfect:\n%s%s", res.stdout, res.stderr)
	}
	// Custom rules, an opening list, the c4 solver.
	if res := cli(t, "", "match", "mnk", "--rules", "m=5,n=4,k=4,gravity", "--a", "c4solver", "--b", "greedy", "--games", "2", "--opening-list", "c1 c2", "--quiet"); res.code != 0 ||
		!strings.Contains(res.stdout, "m=5,n=4,k=4,gravity, 2 games") {
		t.Fatalf("mnk:\n%s%s", res.stdout, res.stderr)
	}
}

// --balanced plays the openings nearest a draw with both colours and
// counts the games where A kept the exact value: the solver against
// itself keeps it in every game, random play does not.
func TestMatchBalanced(t *testing.T) {
	needCommand(t, "match")
	args := []string{"match", "mnk", "--rules", "m=5,n=5,k=4,gravity", "--b", "c4solver", "--balanced", "6", "--openings", "3", "--quiet"}
	res := cli(t, "", append(args, "--a", "c4solver")...)
	if res.code != 0 || !strings.Contains(res.stdout, ", 12 games") || !strings.Contains(res.stdout, "value kept by A: 12 of 12 games (100.0%)") {
		t.Fatalf("solver vs solver: code %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	res = cli(t, "", append(args, "--a", "random")...)
	if res.code != 0 || !strings.Contains(res.stdout, "value kept by A: ") || strings.Contains(res.stdout, "12 of 12") {
		t.Fatalf("random vs solver: code %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if res := cli(t, "", "match", "tictactoe", "--a", "perfect", "--b", "perfect", "--balanced", "3"); res.code != exitUsage || !strings.Contains(res.stderr, "--balanced") {
		t.Errorf("--balanced at tic-tac-toe: code %d\n%s", res.code, res.stderr)
	}
}

func TestMatchUsage(t *testing.T) {
	needCommand(t, "match")
	for _, args := range [][]string{
		{"match"},
		{"match", "--a", "greedy"},
		{"match", "--a", "greedy", "--b", "chess"},
		{"match", "nogame", "--a", "greedy", "--b", "greedy"},
		{"match", "--a", "greedy", "--b", "greedy", "--games", "0"},
		{"match", "--a", "greedy", "--b", "greedy", "--opening-list", "z9"},
	} {
		if res := cli(t, "", args...); res.code != exitUsage || !strings.Contains(res.stderr, "usage") {
			t.Errorf("%v: code %d %s", args, res.code, res.stderr)
		}
	}
}
