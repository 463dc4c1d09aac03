package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/sqlite"
)

// fakeClock is a Clock that moves only when told: advance runs the timers
// that fall due, in the calling goroutine, in order of their time.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at   time.Time
	f    func()
	done bool // fired or stopped
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.done
		t.done = true
		return was
	}
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*fakeTimer
	for _, t := range c.timers {
		if !t.done && !t.at.After(c.now) {
			t.done = true
			due = append(due, t)
		}
	}
	c.mu.Unlock()
	for _, t := range due {
		t.f()
	}
}

// clockEnv is a server on st with the fake clock and the tests' short
// control; closing st is the caller's.
func clockEnv(t *testing.T, st store.Store, clk *fakeClock) *env {
	t.Helper()
	srv, err := New(Options{Store: st, Clock: clk, CreatePerMinute: -1, MovesPerMinute: -1, TimeControls: []string{"0.1+0"}})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv)}
	t.Cleanup(func() {
		e.ts.Close()
		e.srv.Close()
	})
	return e
}

func sqliteStore(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// friendGame creates a Connect Four friend game with control and returns
// it with the two seats' tokens.
func friendGame(e *env, control string) (g map[string]any, first, second string) {
	g = e.create(map[string]any{"game": "connect4", "opponent": "friend", "clock": control})
	return g, g["token"].(string), g["invite_token"].(string)
}

func clockOf(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	c, _ := v["clock"].(map[string]any)
	if c == nil {
		t.Fatalf("no clock in %v", v)
	}
	return c
}

// wantClock checks a view's clocks: each seat's time left and the seat
// whose clock runs ("" for none).
func wantClock(t *testing.T, what string, v map[string]any, first, second time.Duration, running string) {
	t.Helper()
	c := clockOf(t, v)
	run, _ := c["running"].(string)
	if c["first_ms"] != float64(first.Milliseconds()) || c["second_ms"] != float64(second.Milliseconds()) || run != running {
		t.Fatalf("%s: clock %v, want first %v second %v running %q", what, c, first, second, running)
	}
}

func (e *env) get(id string) map[string]any {
	e.t.Helper()
	code, v := e.do("GET", "/api/games/"+id, "", nil)
	want(e.t, "get", code, 200, v)
	return v
}

func TestClockCreate(t *testing.T) {
	e := clockEnv(t, sqliteStore(t, filepath.Join(t.TempDir(), "c.db")), newFakeClock())
	for _, tc := range []struct {
		body    map[string]any
		initial time.Duration
		inc     time.Duration
	}{
		{map[string]any{"clock": "3+2"}, 3 * time.Minute, 2 * time.Second},
		{map[string]any{"clock": "5+3"}, 5 * time.Minute, 3 * time.Second},
		{map[string]any{"clock": "10+5"}, 10 * time.Minute, 5 * time.Second},
		{map[string]any{"clock": "15+10"}, 15 * time.Minute, 10 * time.Second},
		{map[string]any{"clock": "0.1+0"}, 6 * time.Second, 0}, // the server's extra control
		{map[string]any{"clock": "none"}, 0, 0},
		{map[string]any{}, 0, 0},
	} {
		body := map[string]any{"game": "gomoku", "opponent": "friend"}
		for k, v := range tc.body {
			body[k] = v
		}
		v := e.create(body)
		if tc.initial == 0 {
			if v["clock"] != nil {
				t.Fatalf("%v: clock %v, want none", tc.body, v["clock"])
			}
			continue
		}
		c := clockOf(t, v)
		// The control's name as given, so a rematch can send it back.
		if c["control"] != tc.body["clock"] || c["initial_ms"] != float64(tc.initial.Milliseconds()) || c["increment_ms"] != float64(tc.inc.Milliseconds()) {
			t.Fatalf("%v: clock %v", tc.body, c)
		}
		// Nobody has moved: both clocks full, none running.
		wantClock(t, fmt.Sprint(tc.body), v, tc.initial, tc.initial, "")
	}
	for _, tc := range []struct {
		body   map[string]any
		errHas string
	}{
		{map[string]any{"game": "connect4", "opponent": "friend", "clock": "4+2"}, `unknown time control "4+2"`},
		{map[string]any{"game": "connect4", "opponent": "friend", "clock": "3+"}, "unknown time control"},
		{map[string]any{"game": "connect4", "opponent": "friend", "clock": 5}, "malformed JSON"},
		{map[string]any{"game": "connect4", "opponent": "computer", "clock": "3+2"}, "for games against a friend"},
		{map[string]any{"game": "connect4", "opponent": "local", "clock": "3+2"}, "for games against a friend"},
		{map[string]any{"game": "connect4", "opponent": "friend", "clock": "3+2", "moves": []string{"4"}}, "empty board"},
	} {
		code, v := e.do("POST", "/api/games", "", tc.body)
		if msg, _ := v["error"].(string); code != 400 || !strings.Contains(msg, tc.errHas) {
			t.Errorf("%v: %d %v, want 400 with %q", tc.body, code, v, tc.errHas)
		}
	}
	// A server's extra control must read.
	if _, err := New(Options{Store: e.srv.store, TimeControls: []string{"fast"}}); err == nil {
		t.Fatal("a server with the control \"fast\" was made")
	}
	for _, bad := range []string{"0+5", "-1+2", "3+-1", "NaN+1", "1+Inf", "99999+0", "3"} {
		if c, err := parseControl(bad); err == nil {
			t.Errorf("parseControl(%q) = %+v, want an error", bad, c)
		}
	}
}

// TestClockArithmetic plays a game of random thinking times and checks
// every view's clocks against a plain reference: each seat's time less
// what it thought, plus the increment after each of its moves, each
// side's first move untimed.
func TestClockArithmetic(t *testing.T) {
	clk := newFakeClock()
	e := clockEnv(t, sqliteStore(t, filepath.Join(t.TempDir(), "c.db")), clk)
	rng := rand.New(rand.NewPCG(21, 5))
	for _, control := range []string{"3+2", "0.1+0"} {
		initial, _ := parseControl(control)
		g, first, second := friendGame(e, control)
		id := g["id"].(string)
		left := [2]time.Duration{initial.Initial, initial.Initial}
		tokens := [2]string{first, second}
		moves := []string{"4", "4", "3", "3", "5", "5", "1", "2", "7", "6", "1"} // nobody wins
		for ply, m := range moves {
			seat := ply % 2
			think := time.Duration(rng.IntN(int(left[seat]/time.Millisecond)/3)) * time.Millisecond
			clk.advance(think)
			running := [2]string{"first", "second"}[seat]
			if ply < 2 {
				running = "" // each side's first move is not timed
			}
			now := left
			if ply >= 2 {
				now[seat] -= think
			}
			wantClock(t, fmt.Sprintf("%s before ply %d", control, ply), e.get(id), now[0], now[1], running)
			code, v := e.move(g, tokens[seat], m, ply)
			want(t, "move", code, 200, v)
			if ply >= 2 {
				left[seat] += initial.Increment - think
			}
			running = [2]string{"second", "first"}[seat]
			if ply == 0 {
				running = ""
			}
			wantClock(t, fmt.Sprintf("%s after ply %d", control, ply), v, left[0], left[1], running)
		}
	}
}

// A move just in time is played; one just too late is refused, and the
// game is recorded lost on time, once.
func TestClockJustInTimeAndTooLate(t *testing.T) {
	clk := newFakeClock()
	e := clockEnv(t, sqliteStore(t, filepath.Join(t.TempDir(), "c.db")), clk)
	g, first, second := friendGame(e, "3+2")
	id := g["id"].(string)
	e.play(g, first, "4", 0)
	clk.advance(time.Hour) // the friend takes an hour to come: not timed
	e.play(g, second, "4", 1)
	clk.advance(3*time.Minute - time.Millisecond)
	code, v := e.move(g, first, "3", 2)
	want(t, "just in time", code, 200, v)
	wantClock(t, "after the move just in time", v, 2*time.Second+time.Millisecond, 3*time.Minute, "second")
	// Second's whole time passes: its move comes a millisecond too late.
	// The timer would catch it; here the move comes first (its check is
	// the one that records the loss).
	stopTimers(e)
	clk.advance(3*time.Minute + time.Millisecond)
	code, v = e.move(g, second, "3", 3)
	if msg, _ := v["error"].(string); code != 422 || !strings.Contains(msg, "second ran out of time") {
		t.Fatalf("a move too late: %d %v", code, v)
	}
	v = e.get(id)
	if v["status"] != "won" || v["winner"] != "first" || v["forfeit"] != "second" || v["note"] != flagReason || ply(v) != 3 {
		t.Fatalf("after the flag: %v", v)
	}
	if c := clockOf(t, v); c["flag"] != "second" || c["second_ms"] != 0.0 || c["running"] != nil {
		t.Fatalf("the clock after the flag: %v", c)
	}
	// Exactly one result: the version moved by one (moves 3, the flag 1,
	// from creation's 1).
	if v["version"] != 5.0 {
		t.Fatalf("version %v after three moves and a flag, want 5", v["version"])
	}
	// The other side cannot move either.
	if code, v := e.move(g, first, "3", 3); code != 403 && code != 422 {
		t.Fatalf("a move after the flag: %d %v", code, v)
	}
}

// play makes a move that must be accepted.
func (e *env) play(g map[string]any, token, move string, ply int) map[string]any {
	e.t.Helper()
	code, v := e.move(g, token, move, ply)
	want(e.t, "move "+move, code, 200, v)
	return v
}

// stopTimers cancels e's flag timers, so that a test sees what a request
// does on its own.
func stopTimers(e *env) {
	e.srv.flags.mu.Lock()
	defer e.srv.flags.mu.Unlock()
	for id, t := range e.srv.flags.timers {
		t.stop()
		delete(e.srv.flags.timers, id)
	}
}

// The flag falls with nobody connected: the server's timer records it,
// and a page that opens later reads it.
func TestClockFlagNobodyConnected(t *testing.T) {
	clk := newFakeClock()
	st := sqliteStore(t, filepath.Join(t.TempDir(), "c.db"))
	defer st.Close()
	e := clockEnv(t, st, clk)
	// Two games: nobody follows the first, a page the second.
	g, first, second := friendGame(e, "3+2")
	id := g["id"].(string)
	e.play(g, first, "4", 0)
	e.play(g, second, "4", 1)
	watched, wfirst, wsecond := friendGame(e, "3+2")
	e.play(watched, wfirst, "4", 0)
	e.play(watched, wsecond, "4", 1)
	stream := e.events(watched["id"].(string))
	stream.next(t)
	clk.advance(3*time.Minute - time.Millisecond)
	if got, _ := st.Get(context.Background(), id); got.Forfeit != nil {
		t.Fatalf("forfeit %+v before the time ran out", got.Forfeit)
	}
	clk.advance(time.Millisecond)
	got, err := st.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got.Forfeit == nil || got.Forfeit.Seat != 0 || got.Forfeit.Reason != flagReason {
		t.Fatalf("after first's time ran out, nobody reading: forfeit %+v", got.Forfeit)
	}
	// A page opened later reads it; the open stream hears its game's.
	if v := e.get(id); v["winner"] != "second" || clockOf(t, v)["flag"] != "first" {
		t.Fatalf("read after the flag: %v", v)
	}
	if v := stream.next(t); v["winner"] != "second" || clockOf(t, v)["flag"] != "first" {
		t.Fatalf("the stream's event after the flag: %v", v)
	}
	e.srv.flags.mu.Lock()
	left := len(e.srv.flags.timers)
	e.srv.flags.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d flag timers left after the games ended", left)
	}
	// Undo is refused in a clocked game (it would have to give time back).
	code, v := e.do("POST", "/api/games/"+id+"/undo", second, map[string]any{"ply": 2})
	if msg, _ := v["error"].(string); code != 403 || !strings.Contains(msg, "clocks") {
		t.Fatalf("undo: %d %v", code, v)
	}
}

// A flag that fell while the server was down is recorded by the next
// server's start-up sweep, nobody reading; a clock still running at the
// restart is watched by the new server's timer.
func TestClockFlagAfterRestart(t *testing.T) {
	clk := newFakeClock()
	path := filepath.Join(t.TempDir(), "c.db")
	st := sqliteStore(t, path)
	e := clockEnv(t, st, clk)
	fell, f1, s1 := friendGame(e, "3+2")
	later, f2, s2 := friendGame(e, "10+5")
	e.play(fell, f1, "4", 0)
	e.play(fell, s1, "4", 1)
	e.play(later, f2, "4", 0)
	e.play(later, s2, "4", 1)
	e.ts.Close()
	e.srv.Close()
	st.Close()

	clk.advance(5 * time.Minute) // first's 3 minutes in "fell" ran out meanwhile
	st = sqliteStore(t, path)
	defer st.Close()
	e = clockEnv(t, st, clk)
	waitForfeit(t, st, fell["id"].(string), 0)
	if got, _ := st.Get(context.Background(), later["id"].(string)); got.Forfeit != nil {
		t.Fatalf("the 10-minute game lost at 5 minutes: %+v", got.Forfeit)
	}
	// The second server's timer (set by its sweep) ends the other game.
	watched := func() bool {
		e.srv.flags.mu.Lock()
		defer e.srv.flags.mu.Unlock()
		_, ok := e.srv.flags.timers[later["id"].(string)]
		return ok
	}
	for deadline := time.Now().Add(10 * time.Second); !watched(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the new server set no timer for the running clock")
		}
	}
	clk.advance(5 * time.Minute)
	waitForfeit(t, st, later["id"].(string), 0)
}

// sweepCounter counts a store's Deadlines calls (the servers' sweeps).
type sweepCounter struct {
	store.Store
	n atomic.Int64
}

func (c *sweepCounter) Deadlines(ctx context.Context) ([]store.Deadline, error) {
	defer c.n.Add(1)
	return c.Store.Deadlines(ctx)
}

// A server that was not watching a game (it was played through another
// server, which then died) finds its flag in its periodic sweep.
func TestClockFlagPeriodicSweep(t *testing.T) {
	clk := newFakeClock()
	st := sqliteStore(t, filepath.Join(t.TempDir(), "c.db"))
	defer st.Close()
	counted := &sweepCounter{Store: st}
	clockEnv(t, counted, clk) // the server that survives
	for deadline := time.Now().Add(10 * time.Second); counted.n.Load() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no start-up sweep")
		}
	}
	a := clockEnv(t, st, clk)
	g, first, second := friendGame(a, "3+2")
	a.play(g, first, "4", 0)
	a.play(g, second, "4", 1)
	a.ts.Close()
	a.srv.Close() // its timer goes with it
	clk.advance(3 * time.Minute)
	waitForfeit(t, st, g["id"].(string), 0)
	if n := counted.n.Load(); n < 2 {
		t.Fatalf("%d sweeps, want the start-up one and a periodic one", n)
	}
}

// waitForfeit waits (the sweep runs in its own goroutine) until game id
// is lost on time by seat, read from the store itself.
func waitForfeit(t *testing.T, st store.Store, id string, seat int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		got, err := st.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if f := got.Forfeit; f != nil {
			if f.Seat != seat || f.Reason != flagReason {
				t.Fatalf("game %s: forfeit %+v, want seat %d on time", id, f, seat)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s: no loss on time recorded", id)
		}
	}
}

// Two servers sharing one PostgreSQL database notice the same flags at
// once: exactly one result is recorded for each game, and both serve it.
func TestClockSharedPostgres(t *testing.T) {
	ctx := context.Background()
	stores := sharedPostgres(t)
	clk := newFakeClock()
	a, b := clockEnv(t, stores[0], clk), clockEnv(t, stores[1], clk)
	const games = 8
	var ids []string
	versions := map[string]float64{}
	for range games {
		g, first, second := friendGame(a, "3+2")
		id := g["id"].(string)
		a.play(g, first, "4", 0)
		code, v := b.move(g, second, "4", 1) // the second seat plays on the other server
		want(t, "move on b", code, 200, v)
		ids, versions[id] = append(ids, id), v["version"].(float64)
	}
	// Both servers look at every game at the moment first's time runs
	// out: each races to record the flag.
	stopTimers(a)
	stopTimers(b)
	clk.advance(3 * time.Minute)
	var wg sync.WaitGroup
	for _, id := range ids {
		for _, e := range []*env{a, b} {
			wg.Go(func() { e.srv.check(ctx, id) })
		}
	}
	wg.Wait()
	for _, id := range ids {
		for name, e := range map[string]*env{"a": a, "b": b} {
			v := e.get(id)
			if v["winner"] != "second" || clockOf(t, v)["flag"] != "first" || v["version"] != versions[id]+1 {
				t.Fatalf("server %s, game %s: %v, want second's win on time at version %v (one result)", name, id, v, versions[id]+1)
			}
		}
	}
	// A move on either server is now refused as too late.
	g := map[string]any{"id": ids[0]}
	if code, v := b.move(g, "x", "3", 2); code != 403 && code != 422 {
		t.Fatalf("a move after the flag: %d %v", code, v)
	}
}

// timed against a plain reference: each side's first move untimed (no
// deadline after the first, the first seat's after the second), a move
// while time is left gains the increment, one at or after the deadline is
// late, and a move that ends the game sets no deadline.
func TestTimed(t *testing.T) {
	clk := newFakeClock()
	e := clockEnv(t, sqliteStore(t, filepath.Join(t.TempDir(), "c.db")), clk)
	g, first, second := friendGame(e, "3+2")
	id := g["id"].(string)
	load := func() *state {
		t.Helper()
		st, err := e.srv.load(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st0 := load() // nobody has moved
	e.play(g, first, "4", 0)
	st1 := load() // second's first move to come
	clk.advance(time.Hour)
	e.play(g, second, "1", 1)
	t0 := clk.Now()
	st2 := load() // first to move, its clock running from t0
	const none = -1
	for _, tc := range []struct {
		name     string
		st       *state
		after    time.Duration // since t0
		left     time.Duration
		deadline time.Duration // since t0, or none
		late     bool
	}{
		{"first's first move", st0, -2 * time.Hour, 3 * time.Minute, none, false},
		{"second's first move", st1, time.Hour, 3 * time.Minute, time.Hour + 3*time.Minute, false},
		{"at once", st2, 0, 3*time.Minute + 2*time.Second, 3 * time.Minute, false},
		{"a minute", st2, time.Minute, 2*time.Minute + 2*time.Second, time.Minute + 3*time.Minute, false},
		{"just in time", st2, 3*time.Minute - time.Microsecond, 2*time.Second + time.Microsecond, 6*time.Minute - time.Microsecond, false},
		{"at the deadline", st2, 3 * time.Minute, 0, 0, true},
		{"late", st2, 4 * time.Minute, 0, 0, true},
	} {
		m, next := column(t, tc.st, tc.st.pos, "2")
		mv, err := timed(tc.st, m, next, t0.Add(tc.after))
		if tc.late {
			if err != errFlag {
				t.Errorf("%s: %+v, %v; want errFlag", tc.name, mv, err)
			}
			continue
		}
		deadline := t0.Add(tc.deadline)
		if tc.deadline == none {
			deadline = time.Time{}
		}
		if err != nil || mv.Left != tc.left || !mv.At.Equal(t0.Add(tc.after)) || !mv.Deadline.Equal(deadline) {
			t.Errorf("%s: %+v, %v; want left %v, deadline %v", tc.name, mv, err, tc.left, deadline)
		}
	}
	// A move that ends the game sets no deadline.
	won := st2
	for _, c := range []string{"4", "1", "4", "1"} { // then first's fourth stone in column 4 wins
		m, next := column(t, won, won.pos, c)
		mv, err := timed(won, m, next, t0)
		if err != nil {
			t.Fatal(err)
		}
		won = advance(won, next, mv, won.g.Version+1)
	}
	m, next := column(t, won, won.pos, "4")
	if !next.Over() {
		t.Fatal("the test's winning move does not win")
	}
	if mv, err := timed(won, m, next, t0); err != nil || !mv.Deadline.IsZero() || mv.Left != 3*time.Minute+6*time.Second { // three increments, no time used
		t.Errorf("a winning move: %+v, %v; want time left and no deadline", mv, err)
	}
	// Without a clock, the store stamps the time.
	plainGame := *st2.g
	plainGame.Clock = store.Clock{}
	plain := &state{g: &plainGame, set: st2.set, pos: st2.pos}
	m, next = column(t, plain, plain.pos, "2")
	if mv, err := timed(plain, m, next, t0); err != nil || !mv.At.IsZero() || mv.Left != 0 || !mv.Deadline.IsZero() {
		t.Errorf("no clock: %+v, %v", mv, err)
	}
}

// column reads and plays a Connect Four column in p.
func column(t *testing.T, st *state, p inarow.Position, text string) (inarow.Move, inarow.Position) {
	t.Helper()
	m, err := st.set.parseMove(p, text)
	if err != nil {
		t.Fatal(err)
	}
	next, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, next
}

// A gomoku game lost on time exports as SGF's win on time (RE[W+T]).
func TestClockRecord(t *testing.T) {
	clk := newFakeClock()
	e := clockEnv(t, sqliteStore(t, filepath.Join(t.TempDir(), "c.db")), clk)
	g := e.create(map[string]any{"game": "gomoku", "opponent": "friend", "clock": "3+2"})
	e.play(g, g["token"].(string), "h8", 0)
	e.play(g, g["invite_token"].(string), "h9", 1)
	clk.advance(3 * time.Minute)
	resp, err := e.ts.Client().Get(e.ts.URL + "/api/games/" + g["id"].(string) + "/record?format=sgf")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(body), "RE[W+T]") {
		t.Fatalf("SGF of a game black lost on time: %s", body)
	}
}
