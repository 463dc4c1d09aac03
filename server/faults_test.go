package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A move's request dropped while the computer thinks: the computer's reply
// is still made, stored and sent on the event stream (issue 21: it waited
// for someone to read the game, 25 s and more). The computer here is the
// slow test agent, whose turn runs through the same computerTurn as the
// built-in players'.
func TestComputerReplyOutlivesRequest(t *testing.T) {
	e := agentEnv(t, nil)
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "slow"})
	id := g["id"].(string)
	s := e.events(id)
	if v := s.next(t); ply(v) != 0 {
		t.Fatalf("first event %v", v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	body, _ := json.Marshal(map[string]any{"move": "middle-center", "ply": 0})
	req, _ := http.NewRequestWithContext(ctx, "POST", e.ts.URL+"/api/games/"+id+"/moves", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+g["token"].(string))
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := e.ts.Client().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		e.srv.agents.mu.Lock()
		p := e.srv.agents.running[id]
		thinking := p != nil && p.busy
		e.srv.agents.mu.Unlock()
		if thinking {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the agent never started thinking")
		}
	}
	cancel() // the player closed the page, or the network dropped
	<-done
	v := s.next(t)
	if ply(v) == 1 { // the player's move
		v = s.next(t)
	}
	if ply(v) != 2 {
		t.Fatalf("after the dropped request: %v, want the computer's reply", v)
	}
}

// A ply ahead of the game is the client's mistake, not a race: the answer
// says so (issue 21: it said "someone moved first").
func TestPlyFromTheFuture(t *testing.T) {
	e := newEnv(t, nil)
	g := e.create(map[string]any{"game": "connect4", "opponent": "local"})
	tok := g["token"].(string)
	code, out := e.move(g, tok, "4", 5)
	want(t, "move at a future ply", code, 409, out)
	if msg := out["error"].(string); strings.Contains(msg, "moved first") || !strings.Contains(msg, "ply 5") || !strings.Contains(msg, "ahead") {
		t.Fatalf("move at a future ply: %q", msg)
	}
	code, out = e.do("POST", "/api/games/"+g["id"].(string)+"/undo", tok, map[string]any{"ply": 3})
	want(t, "undo at a future ply", code, 409, out)
	if msg := out["error"].(string); !strings.Contains(msg, "ply 3") || !strings.Contains(msg, "ahead") {
		t.Fatalf("undo at a future ply: %q", msg)
	}
	// A ply behind still means someone moved first.
	e.move(g, tok, "4", 0)
	code, out = e.move(g, tok, "3", 0)
	want(t, "move at a past ply", code, 409, out)
	if msg := out["error"].(string); !strings.Contains(msg, "moved first") {
		t.Fatalf("move at a past ply: %q", msg)
	}
}

// rawDo sends a request with the headers given and returns its status.
func (e *env) rawDo(method, path, body string, header map[string]string) int {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.ts.URL+path, strings.NewReader(body))
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Another site's page cannot create games or move in them (issue 21:
// POST /api/games took a body without Content-Type from any Origin).
func TestCrossSiteRefused(t *testing.T) {
	e := newEnv(t, nil)
	const create = `{"game":"tictactoe","opponent":"local"}`
	json := "application/json"
	for _, tc := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"no Content-Type (a form's text/plain needs none)", map[string]string{}, 415},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, 415},
		{"a foreign Origin", map[string]string{"Content-Type": json, "Origin": "https://evil.example"}, 403},
		{"a cross-site fetch", map[string]string{"Content-Type": json, "Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, 403},
		{"Origin null", map[string]string{"Content-Type": json, "Origin": "null"}, 403},
		{"the page's own Origin", map[string]string{"Content-Type": json, "Origin": e.ts.URL}, 201},
		{"a same-origin fetch", map[string]string{"Content-Type": json, "Sec-Fetch-Site": "same-origin", "Origin": e.ts.URL}, 201},
		{"no Origin (not a browser)", map[string]string{"Content-Type": json}, 201},
		{"JSON with a charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 201},
	} {
		if got := e.rawDo("POST", "/api/games", create, tc.header); got != tc.want {
			t.Errorf("create, %s: %d, want %d", tc.name, got, tc.want)
		}
	}
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "local"})
	id, tok := g["id"].(string), g["token"].(string)
	for _, path := range []string{"/api/games/" + id + "/moves", "/api/games/" + id + "/undo"} {
		body := `{"move":"middle-center","ply":0}`
		if strings.HasSuffix(path, "undo") {
			body = `{"ply":0}`
		}
		if got := e.rawDo("POST", path, body, map[string]string{"Authorization": "Bearer " + tok, "Content-Type": json, "Origin": "https://evil.example"}); got != 403 {
			t.Errorf("%s from a foreign Origin: %d, want 403", path, got)
		}
		if got := e.rawDo("POST", path, body, map[string]string{"Authorization": "Bearer " + tok}); got != 415 {
			t.Errorf("%s without Content-Type: %d, want 415", path, got)
		}
	}
	if _, v := e.do("GET", "/api/games/"+id, "", nil); ply(v) != 0 {
		t.Fatalf("a refused request changed the game: %v", v)
	}
}

// With Options.Hosts (inarow serve on loopback), a request for another
// name is refused: a page of a name rebound to 127.0.0.1 (DNS rebinding)
// reads nothing and changes nothing.
func TestHostsRefused(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.Hosts = []string{"localhost", "127.0.0.1", "::1"} })
	port := e.ts.URL[strings.LastIndex(e.ts.URL, ":"):]
	const create = `{"game":"tictactoe","opponent":"local"}`
	for _, tc := range []struct {
		host string
		want int
	}{
		{"evil.example" + port, 403},
		{"evil.example", 403},
		{"localhost.evil.example" + port, 403},
		{"127.0.0.1" + port, 201},
		{"localhost" + port, 201},
		{"LOCALHOST.", 201},
		{"[::1]" + port, 201},
	} {
		h := map[string]string{"Content-Type": "application/json", "Host": tc.host}
		if got := e.rawDo("POST", "/api/games", create, h); got != tc.want {
			t.Errorf("create with Host %s: %d, want %d", tc.host, got, tc.want)
		}
		want := 200
		if tc.want == 403 {
			want = 403
		}
		if got := e.rawDo("GET", "/", "", map[string]string{"Host": tc.host}); got != want {
			t.Errorf("the page with Host %s: %d, want %d", tc.host, got, want)
		}
	}
}
