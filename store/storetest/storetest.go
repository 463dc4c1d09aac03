// Package storetest is the one test suite every store.Store must pass.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inarow/inarow/store"
)

// Opener makes a fresh, empty database for one test and returns a function
// that opens it; calling it again (after closing) opens the same database,
// as a restarted server would.
type Opener func(t *testing.T) (open func() (store.Store, error))

var seq atomic.Int64

func newID(t *testing.T) string {
	return fmt.Sprintf("t%d-%d", time.Now().UnixNano()%1e9, seq.Add(1))
}

func sample(id string) *store.Game {
	return &store.Game{
		ID: id, Kind: "connect4", Rules: "m=7,n=6,k=4,gravity", Opponent: "friend", Computer: -1,
		SeatHash: [2][]byte{store.HashToken("a-" + id), store.HashToken("b-" + id)},
	}
}

func mustOpen(t *testing.T, open func() (store.Store, error)) store.Store {
	t.Helper()
	s, err := open()
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

// Run runs the suite.
func Run(t *testing.T, opener Opener) {
	ctx := context.Background()
	// fresh opens a new database for the test, closed when it ends.
	fresh := func(t *testing.T) store.Store {
		s := mustOpen(t, opener(t))
		t.Cleanup(func() { s.Close() })
		return s
	}
	// withGame is fresh with g created in it.
	withGame := func(t *testing.T, g *store.Game) store.Store {
		t.Helper()
		s := fresh(t)
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		return s
	}

	t.Run("CreateGet", func(t *testing.T) {
		g := sample(newID(t))
		g.Kind, g.Rules, g.Variant, g.Opponent, g.Level, g.Computer = "gomoku", "m=15,n=15,k=5,exact", "standard", "computer", 2, 1
		g.SeatHash[1] = nil
		s := withGame(t, g)
		if g.Version != 1 || g.Created.IsZero() {
			t.Fatalf("after Create: version %d created %v", g.Version, g.Created)
		}
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Kind != g.Kind || got.Rules != g.Rules || got.Variant != g.Variant || got.Opponent != g.Opponent ||
			got.Level != 2 || got.Computer != 1 || got.Version != 1 || len(got.Moves) != 0 {
			t.Fatalf("Get = %+v, want %+v", got, g)
		}
		if !bytes.Equal(got.SeatHash[0], g.SeatHash[0]) || got.SeatHash[1] != nil {
			t.Fatalf("seat hashes %x %x, want %x nil", got.SeatHash[0], got.SeatHash[1], g.SeatHash[0])
		}
		if d := got.Created.Sub(g.Created); d < -time.Millisecond || d > time.Millisecond {
			t.Fatalf("created %v, want %v", got.Created, g.Created)
		}
	})

	t.Run("CreateWithMoves", func(t *testing.T) {
		g := sample(newID(t))
		g.Moves = []store.Move{{Cell: 38}, {Cell: 31}}
		s := withGame(t, g)
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Moves) != 2 || got.Moves[0].Cell != 38 || got.Moves[1].Cell != 31 || got.Moves[1].Ply != 1 {
			t.Fatalf("moves %+v", got.Moves)
		}
	})

	t.Run("NotFoundAndExists", func(t *testing.T) {
		s := fresh(t)
		if _, err := s.Get(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Get(nope) = %v, want ErrNotFound", err)
		}
		if _, err := s.Append(ctx, "nope", 1, store.Move{Cell: 3}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Append(nope) = %v, want ErrNotFound", err)
		}
		if _, err := s.Truncate(ctx, "nope", 1, 0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Truncate(nope) = %v, want ErrNotFound", err)
		}
		g := sample(newID(t))
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, sample(g.ID)); !errors.Is(err, store.ErrExists) {
			t.Fatalf("second Create = %v, want ErrExists", err)
		}
	})

	t.Run("AppendTruncate", func(t *testing.T) {
		g := sample(newID(t))
		s := withGame(t, g)
		v := g.Version
		for i, c := range []int{38, 31, 37, 30} {
			nv, err := s.Append(ctx, g.ID, v, store.Move{Cell: c})
			if err != nil {
				t.Fatalf("append %d: %v", i, err)
			}
			if nv != v+1 {
				t.Fatalf("append %d: version %d, want %d", i, nv, v+1)
			}
			v = nv
		}
		if _, err := s.Append(ctx, g.ID, v-1, store.Move{Cell: 1}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale append = %v, want ErrConflict", err)
		}
		got, _ := s.Get(ctx, g.ID)
		if got.Version != v || len(got.Moves) != 4 || got.Moves[3].Cell != 30 || got.Moves[3].Ply != 3 {
			t.Fatalf("after appends: version %d moves %+v", got.Version, got.Moves)
		}
		if _, err := s.Truncate(ctx, g.ID, v-2, 2); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale truncate = %v, want ErrConflict", err)
		}
		v, err := s.Truncate(ctx, g.ID, v, 2)
		if err != nil {
			t.Fatal(err)
		}
		got, _ = s.Get(ctx, g.ID)
		if got.Version != v || len(got.Moves) != 2 || got.Moves[1].Cell != 31 {
			t.Fatalf("after truncate: version %d (want %d) moves %+v", got.Version, v, got.Moves)
		}
		// The ply freed by the undo is played again.
		if v, err = s.Append(ctx, g.ID, v, store.Move{Cell: 44}); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Get(ctx, g.ID)
		if len(got.Moves) != 3 || got.Moves[2].Cell != 44 || got.Moves[2].Ply != 2 {
			t.Fatalf("after re-append: %+v", got.Moves)
		}
		// Truncating beyond the end changes only the version.
		if _, err = s.Truncate(ctx, g.ID, v, 10); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Get(ctx, g.ID)
		if len(got.Moves) != 3 || got.Version != v+1 {
			t.Fatalf("after no-op truncate: %d moves version %d", len(got.Moves), got.Version)
		}
		// A cell is kept as given, even one off every board.
		if _, err = s.Append(ctx, g.ID, v+1, store.Move{Cell: -1}); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Get(ctx, g.ID)
		if len(got.Moves) != 4 || got.Moves[3].Cell != -1 || got.Forfeit != nil {
			t.Fatalf("after a cell -1: %+v, forfeit %+v", got.Moves, got.Forfeit)
		}
	})

	t.Run("Forfeit", func(t *testing.T) {
		g := sample(newID(t))
		s := withGame(t, g)
		v := g.Version
		for _, c := range []int{38, 31} {
			var err error
			if v, err = s.Append(ctx, g.ID, v, store.Move{Cell: c}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Forfeit(ctx, "nope", 1, 0, "x"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Forfeit(nope) = %v, want ErrNotFound", err)
		}
		if _, err := s.Forfeit(ctx, g.ID, v-1, 0, "x"); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale forfeit = %v, want ErrConflict", err)
		}
		for _, seat := range []int{-1, 2} {
			if _, err := s.Forfeit(ctx, g.ID, v, seat, "x"); err == nil || errors.Is(err, store.ErrConflict) {
				t.Fatalf("forfeit by seat %d = %v, want an error", seat, err)
			}
		}
		if got, _ := s.Get(ctx, g.ID); got.Version != v || got.Forfeit != nil {
			t.Fatalf("refused forfeits changed the game: version %d (want %d), forfeit %+v", got.Version, v, got.Forfeit)
		}
		const reason = "agent x broke the protocol: «h99» is off the board"
		before := time.Now()
		v, err := s.Forfeit(ctx, g.ID, v, 0, reason)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := s.Get(ctx, g.ID)
		if got.Version != v || len(got.Moves) != 2 || got.Forfeit == nil || got.Forfeit.Seat != 0 || got.Forfeit.Reason != reason {
			t.Fatalf("after the forfeit: version %d (want %d), moves %+v, forfeit %+v", got.Version, v, got.Moves, got.Forfeit)
		}
		if d := got.Forfeit.At.Sub(before); d < -time.Second || d > time.Minute {
			t.Fatalf("forfeit at %v, %v after it was made", got.Forfeit.At, d)
		}
		// A truncation that leaves every move leaves the forfeit too…
		if v, err = s.Truncate(ctx, g.ID, v, 3); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, g.ID); got.Forfeit == nil || len(got.Moves) != 2 {
			t.Fatalf("after truncating past the end: moves %+v, forfeit %+v", got.Moves, got.Forfeit)
		}
		// …one from the end on takes it back, the moves staying…
		if v, err = s.Truncate(ctx, g.ID, v, 2); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, g.ID); got.Forfeit != nil || len(got.Moves) != 2 {
			t.Fatalf("after truncating at the end: moves %+v, forfeit %+v", got.Moves, got.Forfeit)
		}
		// …and one before the end takes both back.
		if v, err = s.Forfeit(ctx, g.ID, v, 1, ""); err != nil {
			t.Fatal(err)
		}
		if v, err = s.Truncate(ctx, g.ID, v, 1); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, g.ID); got.Forfeit != nil || len(got.Moves) != 1 || got.Version != v {
			t.Fatalf("after truncating before the end: moves %+v, forfeit %+v", got.Moves, got.Forfeit)
		}
	})

	t.Run("CreateWithForfeit", func(t *testing.T) {
		g := sample(newID(t))
		g.Moves = []store.Move{{Cell: 38}}
		g.Forfeit = &store.Forfeit{Seat: 1, Reason: "exited"}
		s := withGame(t, g)
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if f := got.Forfeit; f == nil || f.Seat != 1 || f.Reason != "exited" || !f.At.Equal(g.Created) || len(got.Moves) != 1 {
			t.Fatalf("Get = moves %+v forfeit %+v, want forfeit %+v", got.Moves, got.Forfeit, g.Forfeit)
		}
	})

	t.Run("Clock", func(t *testing.T) {
		s := fresh(t)
		// A clocked game created with one timed move, a plain game, and
		// a clocked game whose clock has not started (no move yet).
		t0 := time.Date(2026, 11, 25, 6, 0, 0, 123456000, time.UTC)
		g := sample(newID(t))
		g.Clock = store.Clock{Initial: 3 * time.Minute, Increment: 2 * time.Second}
		g.Moves = []store.Move{{Cell: 38, At: t0, Left: 3 * time.Minute, Deadline: t0.Add(3 * time.Minute)}}
		plain, idle := sample(newID(t)), sample(newID(t))
		idle.Clock = g.Clock
		for _, x := range []*store.Game{g, plain, idle} {
			if err := s.Create(ctx, x); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Append(ctx, plain.ID, plain.Version, store.Move{Cell: 3}); err != nil {
			t.Fatal(err)
		}
		// The second move, timed: its At, Left and Deadline as given.
		t1 := t0.Add(1500 * time.Millisecond)
		second := store.Move{Cell: 31, At: t1, Left: 3*time.Minute + 500*time.Millisecond, Deadline: t1.Add(3 * time.Minute)}
		v, err := s.Append(ctx, g.ID, g.Version, second)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Clock != g.Clock || len(got.Moves) != 2 {
			t.Fatalf("Get: clock %+v moves %+v, want clock %+v and two moves", got.Clock, got.Moves, g.Clock)
		}
		for i, want := range []store.Move{g.Moves[0], second} {
			m := got.Moves[i]
			if m.Cell != want.Cell || !m.At.Equal(want.At) || m.Left != want.Left || !m.Deadline.Equal(want.Deadline) {
				t.Fatalf("move %d = %+v, want %+v", i, m, want)
			}
		}
		if p, _ := s.Get(ctx, plain.ID); p.Clock != (store.Clock{}) || p.Moves[0].Left != 0 || !p.Moves[0].Deadline.IsZero() || p.Moves[0].At.IsZero() {
			t.Fatalf("plain game: clock %+v moves %+v, want no clock, the move stamped", p.Clock, p.Moves)
		}
		running := func() map[string]time.Time {
			t.Helper()
			ds, err := s.Deadlines(ctx)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]time.Time{}
			for _, d := range ds {
				out[d.ID] = d.At
			}
			return out
		}
		// Only g's clock runs, to the deadline of its last move.
		if r := running(); len(r) != 1 || !r[g.ID].Equal(second.Deadline) {
			t.Fatalf("Deadlines = %v, want only %s at %v", r, g.ID, second.Deadline)
		}
		// An undo goes back to the previous move's deadline.
		if v, err = s.Truncate(ctx, g.ID, v, 1); err != nil {
			t.Fatal(err)
		}
		if r := running(); !r[g.ID].Equal(g.Moves[0].Deadline) {
			t.Fatalf("after the undo: Deadlines = %v, want %s at %v", r, g.ID, g.Moves[0].Deadline)
		}
		// A move that ends the game (no deadline) stops the clock…
		if v, err = s.Append(ctx, g.ID, v, store.Move{Cell: 31, At: t1, Left: time.Minute}); err != nil {
			t.Fatal(err)
		}
		if r := running(); len(r) != 0 {
			t.Fatalf("after the last move: Deadlines = %v, want none", r)
		}
		// …and so does a forfeit (a flag that fell).
		if v, err = s.Truncate(ctx, g.ID, v, 1); err != nil {
			t.Fatal(err)
		}
		if _, err = s.Forfeit(ctx, g.ID, v, 1, "ran out of time"); err != nil {
			t.Fatal(err)
		}
		if r := running(); len(r) != 0 {
			t.Fatalf("after the forfeit: Deadlines = %v, want none", r)
		}
	})

	t.Run("ConcurrentAppendOneWinner", func(t *testing.T) {
		g := sample(newID(t))
		s := withGame(t, g)
		const n = 16
		var wins, conflicts atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := s.Append(ctx, g.ID, 1, store.Move{Cell: i})
				switch {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, store.ErrConflict):
					conflicts.Add(1)
				default:
					t.Errorf("append %d: %v", i, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if wins.Load() != 1 || conflicts.Load() != n-1 {
			t.Fatalf("%d wins, %d conflicts; want 1 and %d", wins.Load(), conflicts.Load(), n-1)
		}
		got, _ := s.Get(ctx, g.ID)
		if len(got.Moves) != 1 || got.Version != 2 {
			t.Fatalf("after the race: %d moves version %d", len(got.Moves), got.Version)
		}
	})

	t.Run("ConcurrentGames", func(t *testing.T) {
		s := fresh(t)
		const games, moves = 20, 10
		var wg sync.WaitGroup
		ids := make([]string, games)
		for i := range games {
			ids[i] = newID(t)
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := sample(ids[i])
				if err := s.Create(ctx, g); err != nil {
					t.Error(err)
					return
				}
				v := g.Version
				for j := range moves {
					var err error
					if v, err = s.Append(ctx, g.ID, v, store.Move{Cell: i*100 + j}); err != nil {
						t.Error(err)
						return
					}
					if _, err := s.Get(ctx, g.ID); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		for i, id := range ids {
			got, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Moves) != moves || got.Moves[moves-1].Cell != i*100+moves-1 {
				t.Fatalf("game %d: moves %+v", i, got.Moves)
			}
		}
	})

	t.Run("Reopen", func(t *testing.T) {
		open := opener(t)
		s := mustOpen(t, open)
		g := sample(newID(t))
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		v, err := s.Append(ctx, g.ID, g.Version, store.Move{Cell: 3})
		if err != nil {
			t.Fatal(err)
		}
		if v, err = s.Forfeit(ctx, g.ID, v, 1, "agent x exited"); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = mustOpen(t, open) // runs the migrations again: a no-op
		defer s.Close()
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != v || len(got.Moves) != 1 || got.Moves[0].Cell != 3 ||
			got.Forfeit == nil || got.Forfeit.Seat != 1 || got.Forfeit.Reason != "agent x exited" {
			t.Fatalf("after reopen: %+v, forfeit %+v", got, got.Forfeit)
		}
	})

	t.Run("Notify", func(t *testing.T) {
		open := opener(t)
		s := mustOpen(t, open)
		defer s.Close()
		n, ok := s.(store.Notifier)
		if !ok {
			t.Skip("this store has no cross-process notifications")
		}
		other := mustOpen(t, open) // a second process on the same database
		defer other.Close()
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		got := make(chan string, 16)
		ready := make(chan struct{})
		var once sync.Once
		go n.Listen(lctx, func(id string) {
			once.Do(func() { close(ready) })
			got <- id
		})
		g := sample(newID(t))
		if err := other.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
		// Listen may subscribe after the Create: append until heard.
		v := g.Version
		deadline := time.After(10 * time.Second)
		for {
			var err error
			if v, err = other.Append(ctx, g.ID, v, store.Move{Cell: int(v)}); err != nil {
				t.Fatal(err)
			}
			select {
			case id := <-got:
				if id == g.ID {
					return
				}
			case <-time.After(200 * time.Millisecond):
			case <-deadline:
				t.Fatal("no notification within 10s")
			}
		}
	})
}

// LegacyForfeits returns the statements that fill a database at its first
// migration (001_games.sql) with games as the server stored them before
// forfeits were stored as such: a forfeit was a last move at cell -1. at
// is the SQL literal of one instant in the database's form of created_at
// (the stores differ); CheckLegacyForfeits checks the migrated games.
func LegacyForfeits(at string) []string {
	game := func(id string, ply, version int) string {
		return fmt.Sprintf(`INSERT INTO games (id, kind, rules, variant, opponent, level, computer, version, ply, created_at, updated_at)
			VALUES ('%s', 'gomoku', 'm=15,n=15,k=5', 'freestyle', 'agent:x', 0, 1, %d, %d, %s, %s)`, id, version, ply, at, at)
	}
	move := func(id string, ply, cell int) string {
		return fmt.Sprintf(`INSERT INTO moves (game_id, ply, cell, created_at) VALUES ('%s', %d, %d, %s)`, id, ply, cell, at)
	}
	return []string{
		// The first seat forfeited at ply 2 (its turn: moves alternate
		// from the first seat).
		game("old-first", 3, 4), move("old-first", 0, 112), move("old-first", 1, 113), move("old-first", 2, -1),
		game("old-second", 2, 3), move("old-second", 0, 112), move("old-second", 1, -1),
		// A game that ended by a forfeit before any move.
		game("old-at-once", 1, 2), move("old-at-once", 0, -1),
		// Games without a forfeit stay as they were.
		game("old-plain", 2, 3), move("old-plain", 0, 112), move("old-plain", 1, 113),
		game("old-empty", 0, 1),
	}
}

// CheckLegacyForfeits checks, at the instant LegacyForfeits was given,
// the games it stored once the store's migrations ran: each move at cell
// -1 is a Forfeit of the seat to move, without a reason, and the store
// works on the migrated games.
func CheckLegacyForfeits(t *testing.T, s store.Store, at time.Time) {
	t.Helper()
	ctx := context.Background()
	for _, tc := range []struct {
		id      string
		version int64
		moves   []int
		seat    int // -1: no forfeit
	}{
		{"old-first", 4, []int{112, 113}, 0},
		{"old-second", 3, []int{112}, 1},
		{"old-at-once", 2, nil, 0},
		{"old-plain", 3, []int{112, 113}, -1},
		{"old-empty", 1, nil, -1},
	} {
		g, err := s.Get(ctx, tc.id)
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		var cells []int
		for _, m := range g.Moves {
			cells = append(cells, m.Cell)
		}
		if g.Version != tc.version || fmt.Sprint(cells) != fmt.Sprint(tc.moves) {
			t.Errorf("%s: version %d moves %v, want %d %v", tc.id, g.Version, cells, tc.version, tc.moves)
		}
		switch {
		case tc.seat < 0 && g.Forfeit != nil:
			t.Errorf("%s: forfeit %+v, want none", tc.id, g.Forfeit)
		case tc.seat >= 0 && (g.Forfeit == nil || g.Forfeit.Seat != tc.seat || g.Forfeit.Reason != "" || !g.Forfeit.At.Equal(at)):
			t.Errorf("%s: forfeit %+v, want seat %d at %v without a reason", tc.id, g.Forfeit, tc.seat, at)
		}
	}
	// The migrated games take changes: an undo of a forfeited game (the
	// ply count is right), a move and a forfeit in a plain one.
	v, err := s.Truncate(ctx, "old-first", 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, "old-first"); g.Version != v || len(g.Moves) != 1 || g.Forfeit != nil {
		t.Errorf("old-first after an undo: version %d moves %+v forfeit %+v", g.Version, g.Moves, g.Forfeit)
	}
	if v, err = s.Append(ctx, "old-plain", 3, store.Move{Cell: 114}); err != nil {
		t.Fatal(err)
	}
	if v, err = s.Forfeit(ctx, "old-plain", v, 1, "agent x exited"); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, "old-plain"); g.Version != v || len(g.Moves) != 3 || g.Moves[2].Ply != 2 || g.Forfeit == nil || g.Forfeit.Reason != "agent x exited" {
		t.Errorf("old-plain after a move and a forfeit: version %d moves %+v forfeit %+v", g.Version, g.Moves, g.Forfeit)
	}
}
