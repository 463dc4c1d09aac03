package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// readmeClient is the ten-line agent of docs/library.md, verbatim
// (TestReadmeAgentClient checks it).
const readmeClient = `#!/usr/bin/env python3
import random, sys
print("ok random", flush=True)
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["go"]:
        legal = words[words.index("legal") + 1:]
        print("move", random.choice(legal), flush=True)
    elif words[:1] == ["quit"]:
        break
`

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(data), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// TestServeAgent seats the README's Python client through --agent: it
// plays, the API lists it, a game against it ends, and the server's
// SIGTERM stops its program.
func TestServeAgent(t *testing.T) {
	if r := cli(t, "", "serve", "--agent", "no-command"); r.code != exitUsage {
		t.Fatalf("--agent without =COMMAND: exit %d", r.code)
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to watch the agent's process")
	}
	dir := t.TempDir()
	client, pidFile := filepath.Join(dir, "client.py"), filepath.Join(dir, "pid")
	if err := os.WriteFile(client, []byte(readmeClient), 0o755); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, filepath.Join(dir, "inarow.db"), "--quiet",
		"--agent", "random=echo $$ > "+pidFile+"; exec python3 "+client, "--move-time", "5s")
	code, out := api(t, "GET", s.url+"/api/agents", "", nil)
	if code != 200 || len(out["agents"].([]any)) != 1 || out["agents"].([]any)[0].(map[string]any)["name"] != "random" {
		t.Fatalf("agents: %d %v", code, out)
	}
	// A game the agent opens and finishes against us (it plays at random;
	// we fill the board from the top left).
	code, g := api(t, "POST", s.url+"/api/games", "", map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "random", "seat": "second"})
	if code != 201 || g["ply"] != 1.0 || g["agent"] != "random" {
		t.Fatalf("create: %d %v", code, g)
	}
	names := []string{"top-left", "top-center", "top-right", "middle-left", "middle-center", "middle-right", "bottom-left", "bottom-center", "bottom-right"}
	v := g
	for v["status"] == "playing" {
		board := strings.Join(toStrings(v["board"]), "")
		i := strings.IndexByte(board, '.')
		code, v = api(t, "POST", s.url+"/api/games/"+g["id"].(string)+"/moves", g["token"].(string), map[string]any{"move": names[i], "ply": v["ply"]})
		if code != 200 {
			t.Fatalf("move %s: %d %v", names[i], code, v)
		}
		if v["forfeit"] != nil {
			t.Fatalf("the README's client forfeited: %v", v)
		}
	}
	// A second game keeps a program running until the server stops.
	code, g = api(t, "POST", s.url+"/api/games", "", map[string]any{"game": "connect4", "opponent": "agent", "agent": "random", "seat": "second"})
	if code != 201 || g["ply"] != 1.0 {
		t.Fatalf("create: %d %v", code, g)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || !alive(pid) {
		t.Fatalf("agent pid %q: %v, alive %v", data, err, err == nil && alive(pid))
	}
	s.stop(t)
	// The server waited for its agents before exiting; allow the kernel
	// a moment to finish the exit.
	for deadline := time.Now().Add(10 * time.Second); alive(pid); {
		if time.Now().After(deadline) {
			t.Fatalf("agent process %d still running after the server stopped", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
