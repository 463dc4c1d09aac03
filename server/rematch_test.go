package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/store"
)

// finish plays a friend Connect Four game to the first player's win:
// column 1 four times against column 2.
func (e *env) finishFriendGame(g map[string]any) {
	e.t.Helper()
	tok := [2]string{g["token"].(string), g["invite_token"].(string)}
	for ply, col := range []string{"1", "2", "1", "2", "1", "2", "1"} {
		code, out := e.move(g, tok[ply%2], col, ply)
		want(e.t, "move "+col, code, 200, out)
	}
}

func TestRematch(t *testing.T) {
	e := newEnv(t, nil)
	g := e.create(map[string]any{"game": "connect4", "opponent": "friend"})
	id, mine, friend := g["id"].(string), g["token"].(string), g["invite_token"].(string)
	path := "/api/games/" + id + "/rematch"
	for _, tc := range []struct {
		what, token string
		body        any
		code        int
	}{
		{"no token", "", map[string]any{}, 401},
		{"a token of no seat", "nosuchtoken", map[string]any{}, 403},
		{"a game in play", mine, map[string]any{}, 422},
		{"not JSON", mine, "x", 400},
	} {
		code, out := e.do("POST", path, tc.token, tc.body)
		want(t, tc.what, code, tc.code, out)
	}
	if code, out := e.do("POST", "/api/games/nosuchgame/rematch", mine, map[string]any{}); code != 404 {
		t.Fatalf("rematch of no game: %d %v", code, out)
	}
	e.finishFriendGame(g)
	s := e.events(id)
	s.next(t)

	// The loser asks: colours swapped, each old token holds the other seat.
	code, r := e.do("POST", path, friend, map[string]any{})
	want(t, "rematch", code, http.StatusCreated, r)
	next := r["id"].(string)
	if next == id || r["seat"] != "first" || r["token"] != friend || r["opponent"] != "friend" || r["ply"] != 0.0 {
		t.Fatalf("rematch %v", r)
	}
	if _, has := r["invite_token"]; has {
		t.Fatalf("a rematch makes no new token: %v", r)
	}
	// The other side's stream is told, and asking again, from either
	// side, answers the same game.
	if ev := s.nextOf(t, "rematch"); ev["id"] != next {
		t.Fatalf("rematch event %v, want id %s", ev, next)
	}
	code, again := e.do("POST", path, mine, map[string]any{})
	want(t, "rematch again", code, 200, again)
	if again["id"] != next || again["seat"] != "second" || again["token"] != mine {
		t.Fatalf("the other side's rematch %v, want game %s, seat second", again, next)
	}
	rg := map[string]any{"id": next}
	if code, out := e.move(rg, mine, "4", 0); code != 403 {
		t.Fatalf("the old first seat moved first in the rematch: %d %v", code, out)
	}
	code, out := e.move(rg, friend, "4", 0)
	want(t, "the old second seat moves first", code, 200, out)
	// A new stream on the old game hears of the rematch at once.
	s2 := e.events(id)
	if ev := s2.nextOf(t, "rematch"); ev["id"] != next {
		t.Fatalf("rematch event of a new stream %v", ev)
	}

	// A friend game with a clock: the rematch keeps the control.
	cg := e.create(map[string]any{"game": "connect4", "opponent": "friend", "clock": "3+2"})
	e.finishFriendGame(cg)
	code, cr := e.do("POST", "/api/games/"+cg["id"].(string)+"/rematch", cg["token"].(string), map[string]any{})
	want(t, "rematch with a clock", code, 201, cr)
	if c, _ := cr["clock"].(map[string]any); c == nil || c["control"] != "3+2" {
		t.Fatalf("the rematch's clock %v, want 3+2", cr["clock"])
	}

	// Against the computer: it takes the other colour and moves first.
	c := e.create(map[string]any{"game": "tictactoe", "opponent": "computer", "level": 1, "seat": "second"})
	v := c
	for v["status"] == "playing" {
		b := v["board"].([]any)
		cell := ""
		for y, row := range b {
			for x, ch := range row.(string) {
				if ch == '.' && cell == "" {
					cell = []string{"top", "middle", "bottom"}[y] + "-" + []string{"left", "center", "right"}[x]
				}
			}
		}
		code, v = e.move(c, c["token"].(string), cell, int(v["ply"].(float64)))
		want(t, "move "+cell, code, 200, v)
	}
	code, cr = e.do("POST", "/api/games/"+c["id"].(string)+"/rematch", c["token"].(string), map[string]any{})
	want(t, "computer rematch", code, 201, cr)
	if cr["seat"] != "first" || cr["computer"] != "second" || cr["level"] != 1.0 || cr["ply"] != 0.0 {
		t.Fatalf("computer rematch %v: want the user first, the computer second at level 1", cr)
	}
}

// TestRematchOfAGoneAgent: a game against an agent the server no longer
// offers gets no rematch, with a reason, and nothing is made.
func TestRematchOfAGoneAgent(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	// ✕ wins along the top row.
	moves := []store.Move{{Cell: 0}, {Cell: 3}, {Cell: 1}, {Cell: 4}, {Cell: 2}}
	g := &store.Game{ID: "agentgame", Kind: "tictactoe", Rules: inarow.TicTacToe.String(), Opponent: "agent:gone", Computer: 1, Moves: moves}
	g.SeatHash[0] = store.HashToken("seat-token")
	if err := e.srv.store.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	code, out := e.do("POST", "/api/games/agentgame/rematch", "seat-token", map[string]any{})
	want(t, "rematch of a gone agent", code, 422, out)
	if _, err := e.srv.store.Get(ctx, rematchID("agentgame")); err == nil {
		t.Fatal("a rematch was made")
	}
}

func TestWatchersCounted(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.Heartbeat = time.Hour })
	g := e.create(map[string]any{"game": "connect4", "opponent": "friend"})
	id := g["id"].(string)
	a := e.events(id)
	a.next(t)
	if w := a.nextOf(t, "watchers"); w["watching"] != 1.0 {
		t.Fatalf("one stream: %v", w)
	}
	b := e.events(id)
	b.next(t)
	if w := b.nextOf(t, "watchers"); w["watching"] != 2.0 {
		t.Fatalf("the second stream's count %v", w)
	}
	if w := a.nextOf(t, "watchers"); w["watching"] != 2.0 {
		t.Fatalf("the first stream is told of the second: %v", w)
	}
	// Another game's streams do not count.
	other := e.create(map[string]any{"game": "connect4", "opponent": "local"})
	e.events(other["id"].(string)).next(t)
	// One leaves: the other is told.
	b.resp.Body.Close()
	if w := a.nextOf(t, "watchers"); w["watching"] != 1.0 {
		t.Fatalf("after one left: %v", w)
	}
	if n := e.srv.hub.watching(id); n != 1 {
		t.Fatalf("hub counts %d", n)
	}
}
