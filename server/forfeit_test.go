package server

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inarow/inarow/internal/pgtest"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/sqlite"
)

// serverOn runs a server over st with the test agents, as one process of
// several would, and returns an env for its requests; closing st is the
// caller's.
func serverOn(t *testing.T, st store.Store, agents []Agent) *env {
	t.Helper()
	e := &env{t: t}
	srv, err := New(Options{Store: st, Agents: agents, CreatePerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	e.srv, e.ts = srv, httptest.NewServer(srv)
	t.Cleanup(func() {
		e.ts.Close()
		e.srv.Close()
	})
	return e
}

// forfeitGame plays the move that makes the crash agent forfeit and
// returns the game's id and the reason the server gave.
func forfeitGame(t *testing.T, e *env) (string, string) {
	t.Helper()
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "crash"})
	code, v := e.move(g, g["token"].(string), "middle-center", 0)
	want(t, "move", code, 200, v)
	note, _ := v["note"].(string)
	if v["forfeit"] != "second" || !strings.Contains(note, "crash exited") {
		t.Fatalf("after the move: %v, want the agent's forfeit", v)
	}
	return g["id"].(string), note
}

// checkForfeit reads game id through e and checks it shows the forfeit
// with its reason.
func checkForfeit(t *testing.T, e *env, id, note string) {
	t.Helper()
	code, v := e.do("GET", "/api/games/"+id, "", nil)
	want(t, "get", code, 200, v)
	if v["status"] != "won" || v["winner"] != "first" || v["forfeit"] != "second" || v["note"] != note || ply(v) != 1 {
		t.Fatalf("read back: %v, want the forfeit of second with note %q", v, note)
	}
}

// A forfeit's reason is stored with it: it survives a restart.
func TestForfeitReasonSurvivesRestart(t *testing.T) {
	agents := writeAgents(t)
	path := filepath.Join(t.TempDir(), "inarow.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	e := serverOn(t, st, agents)
	id, note := forfeitGame(t, e)
	e.ts.Close()
	e.srv.Close()
	st.Close()

	st, err = sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	checkForfeit(t, serverOn(t, st, nil), id, note)
}

// A forfeit made by one server shows, with its reason, on a second server
// sharing the PostgreSQL store: on a read and on its event stream.
func TestForfeitReasonSharedPostgres(t *testing.T) {
	stores := sharedPostgres(t)
	agents := writeAgents(t)
	a, b := serverOn(t, stores[0], agents), serverOn(t, stores[1], nil)
	g := a.create(map[string]any{"game": "tictactoe", "opponent": "agent", "agent": "crash"})
	id := g["id"].(string)
	stream := b.events(id)
	if v := stream.next(t); ply(v) != 0 {
		t.Fatalf("first event on the second server: %v", v)
	}
	code, v := a.move(g, g["token"].(string), "middle-center", 0)
	want(t, "move", code, 200, v)
	note, _ := v["note"].(string)
	if v["forfeit"] != "second" || !strings.Contains(note, "crash exited") {
		t.Fatalf("after the move: %v, want the agent's forfeit", v)
	}
	for {
		v := stream.next(t)
		if v["forfeit"] == nil {
			continue // the player's move, before the forfeit
		}
		if v["forfeit"] != "second" || v["note"] != note {
			t.Fatalf("event on the second server: %v, want the forfeit with note %q", v, note)
		}
		break
	}
	checkForfeit(t, b, id, note)
}

// sharedPostgres opens two stores on one fresh PostgreSQL schema, as two
// servers of one deployment would; the test skips without
// INAROW_TEST_POSTGRES (.ci/run sets it).
func sharedPostgres(t *testing.T) [2]store.Store {
	t.Helper()
	u := pgtest.Schema(t)
	var stores [2]store.Store
	for i := range stores {
		st, err := postgres.Open(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	return stores
}
