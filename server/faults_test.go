package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
)

// slowPlayer thinks for think (or until its context ends), then plays the
// greedy move; it says on started when it begins.
type slowPlayer struct {
	think   time.Duration
	started chan struct{}
}

func (p slowPlayer) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	select {
	case p.started <- struct{}{}:
	default:
	}
	select {
	case <-time.After(p.think):
	case <-ctx.Done():
		return inarow.NoMove, ctx.Err()
	}
	return engine.Greedy{}.Move(ctx, pos)
}

// A move's request dropped while the computer thinks: the computer's reply
// is still made, stored and sent on the event stream (issue 21: it waited
// for someone to read the game, 25 s and more).
func TestComputerReplyOutlivesRequest(t *testing.T) {
	started := make(chan struct{}, 1)
	e := newEnv(t, func(o *Options) {
		o.MoveTime = 5 * time.Second
		o.Engine = func(GameInfo) engine.Player { return slowPlayer{think: 300 * time.Millisecond, started: started} }
	})
	g := e.create(map[string]any{"game": "tictactoe", "opponent": "computer", "level": 3})
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
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the computer never started thinking")
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
