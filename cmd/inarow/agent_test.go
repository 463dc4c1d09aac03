package main

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// needCommand skips a test while main.go does not yet dispatch cmd (the
// dispatch lines are added to main.go separately).
func needCommand(t *testing.T, cmd string) {
	t.Helper()
	if res := cli(t, "", cmd, "--probe"); strings.Contains(res.stderr, "unknown command") {
		t.Skipf("inarow %s is not dispatched by main.go yet", cmd)
	}
}

func TestAgentProtocol(t *testing.T) {
	needCommand(t, "agent")
	in := "inarow 1\nrules m=7,n=6,k=4,gravity\nposition d1 c1 d2 c2 d3\ngo 300\nrules m=3,n=3,k=3\nposition a1 b2\ngo 100\nquit\n"
	res := cli(t, in, "agent", "--engine", "mcts:ms=200")
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	if res.code != 0 || len(lines) != 3 || lines[0] != "ok inarow-mcts:ms=200" || lines[1] != "move d4" {
		t.Fatalf("code %d stdout %q stderr %q", res.code, res.stdout, res.stderr)
	}
	if !strings.HasPrefix(lines[2], "move ") {
		t.Fatalf("%q", lines[2])
	}
	if res := cli(t, "rules nonsense\n", "agent"); res.code == 0 || !strings.Contains(res.stderr, "protocol") {
		t.Fatalf("bad rules: %+v", res)
	}
	if res := cli(t, "", "agent", "extra"); res.code != exitUsage {
		t.Fatalf("usage: %+v", res)
	}
}

// patient are the match and play flags of the tests that seat outside
// programs: the programs answer at once, but on a loaded machine starting
// one (python3 above all) has taken more than the default 10 s. The
// waits are still bounded: TestAgentGreetingAwaited checks the greeting
// time is kept.
var patient = []string{"--greet-time", "2m", "--move-time", "30s"}

// TestAgentSeatedInMatch seats the binary's own agent, as an outside
// program, in a match against the greedy player.
func TestAgentSeatedInMatch(t *testing.T) {
	needCommand(t, "agent")
	needCommand(t, "match")
	res := cli(t, "", append([]string{"match", "tictactoe", "--a", "agent:" + bin + " agent --engine perfect", "--b", "greedy", "--games", "4", "--quiet"}, patient...)...)
	if res.code != 0 || !strings.Contains(res.stdout, "W/D/L") || strings.Contains(res.stdout, "forfeits") {
		t.Fatalf("code %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	if strings.Contains(res.stdout, "W/D/L 0/0/4") {
		t.Fatalf("the perfect agent lost: %s", res.stdout)
	}
	if _, err := exec.LookPath("python3"); err == nil {
		client := `python3 -c 'import random, sys
print("ok py", flush=True)
for line in sys.stdin:
    w = line.split()
    if w[:1] == ["go"]: print("move", random.choice(w[w.index("legal") + 1:]), flush=True)
    elif w[:1] == ["quit"]: break'`
		res := cli(t, "", append([]string{"match", "connect4", "--a", "agent:" + client, "--b", "mcts:playouts=300", "--games", "2", "--quiet"}, patient...)...)
		if res.code != 0 || !strings.Contains(res.stdout, "W/D/L 0/0/2") {
			t.Fatalf("python client vs mcts: code %d\n%s\n%s", res.code, res.stdout, res.stderr)
		}
	}
}

// TestAgentGreetingAwaited: a program that does not greet within
// --greet-time is not seated (a match is refused, and a play), and the
// flag takes only positive times.
func TestAgentGreetingAwaited(t *testing.T) {
	needCommand(t, "match")
	mute := "agent:sleep 30" // starts, and never greets
	for _, args := range [][]string{
		{"match", "connect4", "--a", mute, "--b", "random", "--games", "1", "--greet-time", "300ms"},
		{"play", "connect4", "--first", mute, "--second", "random", "--color", "never", "--greet-time", "300ms"},
	} {
		start := time.Now()
		res := cli(t, "", args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, "did not greet") {
			t.Fatalf("%v: code %d\n%s\n%s", args, res.code, res.stdout, res.stderr)
		}
		// far below the 30 s the program would sleep
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%v: refused after %v", args, d)
		}
	}
	for _, args := range [][]string{
		{"match", "connect4", "--a", "random", "--b", "random", "--greet-time", "0s"},
		{"play", "connect4", "--first", "random", "--second", "random", "--greet-time", "-1s"},
	} {
		res := cli(t, "", args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, "--greet-time") || res.stdout != "" {
			t.Errorf("%v: code %d\n%s\n%s", args, res.code, res.stdout, res.stderr)
		}
	}
}

// play seats any player spec: the binary's own agent, as an outside
// program, draws tic-tac-toe against the perfect player; a bad spec is a
// usage error that lists the specs.
func TestPlaySeatsSpecs(t *testing.T) {
	needCommand(t, "agent")
	res := cli(t, "", "play", "tictactoe", "--first", "agent:"+bin+" agent --engine perfect", "--second", "perfect", "--color", "never", "--greet-time", "2m")
	if res.code != 0 || !strings.Contains(res.stdout, "Draw") {
		t.Fatalf("code %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	res = cli(t, "", "play", "connect4", "--first", "connect4:level=1", "--second", "mcts:playouts=200", "--color", "never")
	if res.code != 0 || !(strings.Contains(res.stdout, "wins") || strings.Contains(res.stdout, "Draw")) {
		t.Fatalf("connect4 spec vs mcts: code %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	res = cli(t, "", "play", "tictactoe", "--first", "robot")
	if res.code != exitUsage || !strings.Contains(res.stderr, "pbrain:COMMAND") {
		t.Errorf("bad spec: code %d\n%s", res.code, res.stderr)
	}
}

// match seats Gomocup brains: the binary's own brain (inarow pbrain)
// against the gomoku engine, under one move time, with no forfeit.
func TestMatchBrains(t *testing.T) {
	needCommand(t, "pbrain")
	if testing.Short() {
		t.Skip("plays two 9×9 games")
	}
	res := cli(t, "", "match", "mnk", "--rules", "m=9,n=9,k=5", "--a", "pbrain:"+bin+" pbrain", "--b", "gomoku:depth=2",
		"--games", "2", "--move-time", "300ms")
	if res.code != 0 || !strings.Contains(res.stdout, "W/D/L") || strings.Contains(res.stdout, "forfeits") {
		t.Fatalf("code %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	res = cli(t, "", "match", "connect4", "--a", "pbrain:"+bin+" pbrain", "--b", "greedy")
	if res.code != exitUsage || !strings.Contains(res.stderr, "five in a row") {
		t.Errorf("a brain at Connect Four: code %d\n%s", res.code, res.stderr)
	}
}
