package server

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Agents for the tests, in sh: each greets, then answers "go" its way.
var testAgents = map[string]string{
	// first plays the first legal move it is offered.
	"first": `echo "ok first"
while read cmd rest; do
  case "$cmd" in
    go) set -- $rest; shift 2; echo "move $1";;
    quit) exit 0;;
  esac
done`,
	// slow is first, a second later.
	"slow": `echo "ok slow"
while read cmd rest; do
  case "$cmd" in
    go) set -- $rest; shift 2; sleep 1; echo "move $1";;
    quit) exit 0;;
  esac
done`,
	"illegal": `echo "ok illegal"
while read cmd rest; do
  case "$cmd" in
    go) echo "move z99";;
    quit) exit 0;;
  esac
done`,
	"crash": `echo "ok crash"
while read cmd rest; do
  case "$cmd" in
    go) exit 3;;
  esac
done`,
	"silent": `echo "ok silent"
while read cmd rest; do
  case "$cmd" in
    quit) exit 0;;
  esac
done`,
	"mute": `exit 1`,
}

// writeAgents writes the test agents' scripts for one test.
func writeAgents(t *testing.T) []Agent {
	dir := t.TempDir()
	var agents []Agent
	for name, script := range testAgents {
		path := filepath.Join(dir, name+".sh")
		if err := os.WriteFile(path, []byte(script+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		agents = append(agents, Agent{Name: name, Command: "exec sh " + path})
	}
	return agents
}

func agentEnv(t *testing.T, mod func(*Options)) *env {
	agents := writeAgents(t)
	return newEnv(t, func(o *Options) {
		o.Agents = agents
		// Room for a loaded machine: an agent that answers at once must
		// never be out of time (the silent one costs this much).
		o.MoveTime = 3 * time.Second
		if mod != nil {
			mod(o)
		}
	})
}

// emptyCell returns a free cell of a tic-tac-toe view, in its notation.
func emptyCell(t *testing.T, v map[string]any) string {
	names := [3][3]string{{"top-left", "top-center", "top-right"}, {"middle-left", "middle-center", "middle-right"}, {"bottom-left", "bottom-center", "bottom-right"}}
	for y, row := range v["board"].([]any) {
		for x, c := range row.(string) {
			if c == '.' {
				return names[y][x]
			}
		}
	}
	t.Fatalf("no empty cell: %v", v["board"])
	return ""
}

func TestAgents(t *testing.T) {
	e := agentEnv(t, nil)
	code, out := e.do("GET", "/api/agents", "", nil)
	want(t, "agents", code, 200, out)
	var names []string
	for _, a := range out["agents"].([]any) {
		names = append(names, a.(map[string]any)["name"].(string))
	}
	if strings.Join(names, " ") != "crash first illegal mute silent slow" {
		t.Fatalf("agents %v", names)
	}
	for _, c := range []map[string]any{
		{"game": "tictactoe", "opponent": "agent", "agent": "nobody"},
		{"game": "tictactoe", "opponent": "agent"},
		{"game": "tictactoe", "opponent": "agent", "agent": "first", "level": 2},
		{"game": "tictactoe", "opponent": "computer", "agent": "first"},
	} {
		code, out := e.do("POST", "/api/games", "", c)
		want(t, "create", code, 400, out)
	}

	// The agent opens, then answers every move until the game ends; its
	// program stops with the game.
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "first", "seat": "second"})
	if g["opponent"] != "agent" || g["agent"] != "first" || g["computer"] != "first" || ply(g) != 1 {
		t.Fatalf("created %v", g)
	}
	if n := e.srv.agents.count(); n != 1 {
		t.Fatalf("%d agent programs running, want 1", n)
	}
	tok, v := g["token"].(string), g
	for v["status"] == "playing" {
		code, out := e.move(v, tok, emptyCell(t, v), ply(v))
		want(t, "move", code, 200, out)
		if out["status"] == "playing" && ply(out) != ply(v)+2 {
			t.Fatalf("the agent did not answer: %v", out)
		}
		v = out
	}
	if v["forfeit"] != nil {
		t.Fatalf("forfeit in a fair game: %v", v)
	}
	if n := e.srv.agents.count(); n != 0 {
		t.Fatalf("%d agent programs running after the game, want 0", n)
	}
	// Undo against an agent, as against the computer.
	g = e.create(map[string]any{"game": "connect4", "opponent": "agent", "agent": "first"})
	_, v = e.move(g, g["token"].(string), "4", 0)
	code, u := e.do("POST", "/api/games/"+g["id"].(string)+"/undo", g["token"].(string), map[string]any{"ply": ply(v)})
	want(t, "undo", code, 200, u)
	if ply(u) != 0 {
		t.Fatalf("after undo: %v", u)
	}
	_, v = e.move(u, g["token"].(string), "3", 0)
	if ply(v) != 2 {
		t.Fatalf("the agent did not answer after the undo: %v", v)
	}
}

// An agent that fails forfeits: the player wins, the game is over and
// says why, and its program is stopped.
func TestAgentForfeits(t *testing.T) {
	e := agentEnv(t, nil)
	for name, why := range map[string]string{
		"illegal": "illegal move",
		"crash":   "exited",
		"silent":  "did not answer in time",
		"mute":    "could not start",
	} {
		g := e.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": name})
		tok := g["token"].(string)
		code, v := e.move(g, tok, "middle-center", 0)
		want(t, name+": move", code, 200, v)
		if v["status"] != "won" || v["winner"] != "first" || v["forfeit"] != "second" || v["to_move"] != nil {
			t.Fatalf("%s: %v, want a win by forfeit", name, v)
		}
		if note, _ := v["note"].(string); !strings.Contains(note, why) || !strings.Contains(note, name) {
			t.Fatalf("%s: note %q, want it to name the agent and say %q", name, note, why)
		}
		if code, out := e.move(v, tok, "top-left", ply(v)); code != 422 {
			t.Fatalf("%s: move after the forfeit: %d %v", name, code, out)
		}
		code, out := e.do("POST", "/api/games/"+g["id"].(string)+"/undo", tok, map[string]any{"ply": ply(v)})
		want(t, name+": undo after the forfeit", code, 422, out)
		// Stored: a fresh read says the same; the record has the one move.
		code, r := e.do("GET", "/api/games/"+g["id"].(string), "", nil)
		want(t, name+": get", code, 200, r)
		if r["forfeit"] != "second" || r["status"] != "won" || len(r["moves"].([]any)) != 1 || ply(r) != 1 {
			t.Fatalf("%s: stored %v", name, r)
		}
		if a := e.analysis(g); a["note"] != "the game is over" {
			t.Fatalf("%s: analysis after the forfeit %v", name, a)
		}
	}
	if n := e.srv.agents.count(); n != 0 {
		t.Fatalf("%d agent programs running after the forfeits", n)
	}
}

// At most AgentProcs programs run: a new game's agent stops the one idle
// the longest, whose game restarts it when its turn comes.
func TestAgentProcsCap(t *testing.T) {
	e := agentEnv(t, func(o *Options) { o.AgentProcs = 1 })
	a := e.create(map[string]any{"game": "connect4", "opponent": "agent", "agent": "first", "seat": "second"})
	b := e.create(map[string]any{"game": "connect4", "opponent": "agent", "agent": "first", "seat": "second"})
	if ply(a) != 1 || ply(b) != 1 || e.srv.agents.count() != 1 {
		t.Fatalf("plies %d %d, %d programs", ply(a), ply(b), e.srv.agents.count())
	}
	v := a
	for i := range 3 {
		code, out := e.move(v, a["token"].(string), "1", ply(v)) // on the agent's column: no four
		want(t, "move", code, 200, out)
		if ply(out) != ply(v)+2 {
			t.Fatalf("move %d: the agent did not answer: %v", i, out)
		}
		v = out
	}
	if n := e.srv.agents.count(); n != 1 {
		t.Fatalf("%d programs, want 1", n)
	}
	// Close stops the programs.
	e.srv.Close()
	if n := e.srv.agents.count(); n != 0 {
		t.Fatalf("%d programs after Close", n)
	}
}

// Close while an agent is moving: no new program starts, the moving one
// stops after its move, and a second Close waits for it.
func TestAgentCloseWhileMoving(t *testing.T) {
	e := agentEnv(t, nil)
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "silent"})
	done := make(chan int, 1)
	go func() {
		code, _ := e.move(g, g["token"].(string), "middle-center", 0)
		done <- code
	}()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		e.srv.agents.mu.Lock()
		p := e.srv.agents.running[g["id"].(string)]
		moving := p != nil && p.busy
		e.srv.agents.mu.Unlock()
		if moving {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the agent never started moving")
		}
	}
	e.srv.Close()
	if code := <-done; code != 200 {
		t.Fatalf("the move during Close: %d", code)
	}
	e.srv.Close()
	e.srv.agents.mu.Lock()
	defer e.srv.agents.mu.Unlock()
	if len(e.srv.agents.running) != 0 || e.srv.agents.stopping != 0 || len(e.srv.agents.slots) != 0 {
		t.Fatalf("after Close: %d running, %d stopping, %d slots held", len(e.srv.agents.running), e.srv.agents.stopping, len(e.srv.agents.slots))
	}
}

// The SGF record of a game an agent forfeited says so (RE[B+F]) and names
// the agent.
func TestAgentForfeitRecord(t *testing.T) {
	e := agentEnv(t, nil)
	g := e.create(map[string]any{"game": "gomoku", "opponent": "agent", "agent": "illegal"})
	if code, v := e.move(g, g["token"].(string), "h8", 0); code != 200 || v["forfeit"] != "second" {
		t.Fatalf("move: %d %v", code, v)
	}
	resp, err := e.ts.Client().Get(e.ts.URL + "/api/games/" + g["id"].(string) + "/record?format=sgf")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	sgf := string(data)
	if resp.StatusCode != 200 || !strings.Contains(sgf, "RE[B+F]") || !strings.Contains(sgf, "PW[agent illegal]") || !strings.Contains(sgf, "PB[human]") || !strings.Contains(sgf, ";B[hh]") {
		t.Fatalf("record %d %s", resp.StatusCode, sgf)
	}
}
