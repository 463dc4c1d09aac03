package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// retryAfter sends a request and returns its status and Retry-After.
func (e *env) retryAfter(method, path, token, body string) (int, int) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.ts.URL+path, nil)
	if body != "" {
		req, _ = http.NewRequest(method, e.ts.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	ra, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return resp.StatusCode, ra
}

func TestMoveLimit(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	e := newEnv(t, func(o *Options) { o.MovesPerMinute = 3; o.Now = clock.Now })
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local"})
	tok := g["token"].(string)
	v := g
	moves := []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}
	for i := range 6 { // the burst: twice the rate
		code, out := e.move(v, tok, moves[i], ply(v))
		want(t, fmt.Sprintf("move %d", i), code, 200, out)
		v = out
	}
	code, out := e.move(v, tok, moves[6], ply(v))
	want(t, "move beyond the burst", code, 429, out)
	if !strings.Contains(out["error"].(string), "too many moves") {
		t.Fatalf("message %q", out["error"])
	}
	// Refused: nothing changed. (Reads are not limited.)
	if c, now := e.do("GET", "/api/games/"+g["id"].(string), "", nil); c != 200 || ply(now) != 6 {
		t.Fatalf("after the refusal: %d ply %v", c, now["ply"])
	}
	// Undo counts too; Retry-After is the time to the next token: 20s.
	code, ra := e.retryAfter("POST", "/api/games/"+g["id"].(string)+"/undo", tok, `{"ply":6}`)
	if code != 429 || ra != 20 {
		t.Fatalf("undo beyond the burst: %d, Retry-After %d; want 429, 20", code, ra)
	}
	clock.advance(19 * time.Second)
	if code, out := e.move(v, tok, moves[6], ply(v)); code != 429 {
		t.Fatalf("after 19s: %d %v, want 429", code, out)
	}
	clock.advance(time.Second)
	code, out = e.move(v, tok, moves[6], ply(v))
	want(t, "after 20s, one token", code, 200, out)
	// Another address has its own bucket: the limiter keys by the
	// connection's host, so check it directly.
	r1, _ := http.NewRequest("POST", "/", nil)
	r1.RemoteAddr = "192.0.2.1:1234"
	r2, _ := http.NewRequest("POST", "/", nil)
	r2.RemoteAddr = "192.0.2.2:1234"
	if ok, _ := e.srv.moveLimit.allow(e.srv.clientKey(r2)); !ok {
		t.Fatal("a second address shares the first one's bucket")
	}
	for range 6 {
		e.srv.moveLimit.allow(e.srv.clientKey(r1))
	}
	if ok, wait := e.srv.moveLimit.allow(e.srv.clientKey(r1)); ok || wait != 20*time.Second {
		t.Fatalf("seventh request of an address: %v, wait %v", ok, wait)
	}
	// A clock that steps back does not mint tokens.
	clock.advance(-time.Hour)
	if ok, _ := e.srv.moveLimit.allow(e.srv.clientKey(r1)); ok {
		t.Fatal("a clock stepping back refilled the bucket")
	}
}

func TestAnalysisLimit(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	e := newEnv(t, func(o *Options) { o.AnalysesPerMinute = 1; o.Now = clock.Now })
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "local"})
	path := "/api/games/" + g["id"].(string) + "/analysis"
	for i := range 2 {
		code, out := e.do("GET", path, "", nil)
		want(t, fmt.Sprintf("analysis %d", i), code, 200, out)
	}
	code, ra := e.retryAfter("GET", path, "", "")
	if code != 429 || ra != 60 {
		t.Fatalf("third analysis: %d, Retry-After %d; want 429, 60", code, ra)
	}
	code, out := e.do("GET", path, "", nil)
	want(t, "analysis beyond the burst", code, 429, out)
	clock.advance(time.Minute)
	code, out = e.do("GET", path, "", nil)
	want(t, "analysis a minute later", code, 200, out)
}

func TestStreamsPerAddress(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.StreamsPerAddress = 2 })
	g := e.create(map[string]any{"game": "connect4", "opponent": "local"})
	id := g["id"].(string)
	a := e.events(id)
	e.events(id)
	code, ra := e.retryAfter("GET", "/api/games/"+id+"/events", "", "")
	if code != 429 || ra < 1 {
		t.Fatalf("third stream: %d, Retry-After %d; want 429", code, ra)
	}
	code, out := e.do("GET", "/api/games/"+id+"/events", "", nil)
	want(t, "third stream", code, 429, out)
	// Closing one frees its place once the server sees it gone.
	a.resp.Body.Close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := e.ts.Client().Get(e.ts.URL + "/api/games/" + id + "/events")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed stream's place was never freed: %d", resp.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
