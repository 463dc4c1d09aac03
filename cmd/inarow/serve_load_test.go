package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The load and fault test of inarow serve, on loopback and bounded:
//
//   - 1,000 games played at once, one goroutine each, with random legal
//     moves and random refused ones (occupied cell, stale ply, bad
//     notation, wrong or missing token), each answered with its status;
//   - many concurrent moves on one game: exactly one 200, the rest 409;
//   - kill -9 of the server in the middle of the load, a restart on the
//     same database, and every acknowledged move is there and nothing
//     else (a move whose answer was lost to the kill may or may not be).
//
// INAROW_LOAD_SECONDS sets the time under load before the kill (default 3),
// INAROW_LOAD_GAMES the number of games played at once (default 1000).
// The test runs on SQLite, and on PostgreSQL too when INAROW_TEST_POSTGRES
// is set. It logs moves/s and the p50/p99 latency of the move requests.
func TestServeLoadAndKill(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped in -short mode")
	}
	secs := 3.0
	if s := os.Getenv("INAROW_LOAD_SECONDS"); s != "" {
		if v, err := strconv.ParseFloat(s, 64); err == nil && v > 0 && v <= 600 {
			secs = v
		}
	}
	nGames := 1000
	if s := os.Getenv("INAROW_LOAD_GAMES"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v >= 10 && v <= 1000 {
			nGames = v
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		loadAndKill(t, filepath.Join(t.TempDir(), "load.db"), nGames, time.Duration(secs*float64(time.Second)))
	})
	t.Run("postgres", func(t *testing.T) {
		url := os.Getenv("INAROW_TEST_POSTGRES")
		if url == "" {
			t.Skip("INAROW_TEST_POSTGRES is not set")
		}
		loadAndKill(t, url, nGames, time.Duration(secs*float64(time.Second)))
	})
}

// loadGame is one game of the load, driven by one goroutine.
type loadGame struct {
	id       string
	tokens   []string // seat tokens: one for local and computer games, two for friend games
	kind     string
	rows     int
	cols     int
	notation string
	computer bool

	acked   []string // the moves of the last acknowledged (200) answer
	view    map[string]any
	pending string // a move whose answer was lost (the server died), or ""
}

type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	codes     map[int]int
	unexpect  []string
	ok        atomic.Int64
	netErrs   atomic.Int64
	badStatus atomic.Int64
}

func (s *loadStats) record(d time.Duration, code int) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.codes[code]++
	s.mu.Unlock()
}

func (s *loadStats) wrong(format string, args ...any) {
	s.mu.Lock()
	if len(s.unexpect) < 20 {
		s.unexpect = append(s.unexpect, fmt.Sprintf(format, args...))
	}
	s.mu.Unlock()
}

var loadClient = &http.Client{
	Timeout:   60 * time.Second,
	Transport: &http.Transport{MaxIdleConnsPerHost: 1100, MaxConnsPerHost: 0, IdleConnTimeout: 30 * time.Second},
}

func loadAPI(method, url, token string, body any) (int, map[string]any, error) {
	return apiWith(loadClient, method, url, token, body)
}

func cellName(g *loadGame, x, y int) string {
	switch g.notation {
	case "tictactoe":
		return []string{"top", "middle", "bottom"}[y] + "-" + []string{"left", "center", "right"}[x]
	case "column":
		return strconv.Itoa(x + 1)
	}
	return string(rune('a'+x)) + strconv.Itoa(g.rows-y)
}

// pick returns a random move: legal, or (one time in four) a refused one
// with the status it must get.
func (g *loadGame) pick(rng *rand.Rand) (move string, ply int, token string, want int) {
	board := make([]string, g.rows)
	for i, r := range g.view["board"].([]any) {
		board[i] = r.(string)
	}
	ply = int(g.view["ply"].(float64))
	token = g.tokens[0]
	if len(g.tokens) == 2 && g.view["to_move"] == "second" {
		token = g.tokens[1]
	}
	var empty, filled [][2]int
	for y := range g.rows {
		for x := range g.cols {
			if board[y][x] == '.' {
				if g.notation != "column" || y == 0 {
					empty = append(empty, [2]int{x, y})
				}
			} else {
				filled = append(filled, [2]int{x, y})
			}
		}
	}
	if g.view["status"] != "playing" {
		return "a1", ply, token, 422 // the game is over (a1 is on every board of the load, if occupied too)
	}
	switch rng.IntN(16) {
	case 0:
		if len(filled) > 0 && g.notation != "column" {
			c := filled[rng.IntN(len(filled))]
			return cellName(g, c[0], c[1]), ply, token, 422 // occupied
		}
	case 1:
		if ply > 0 {
			c := empty[rng.IntN(len(empty))]
			return cellName(g, c[0], c[1]), ply - 1, token, 409 // stale
		}
	case 2:
		return "zz!", ply, token, 400
	case 3:
		c := empty[rng.IntN(len(empty))]
		return cellName(g, c[0], c[1]), ply, "not-a-seat-token-0123456789", 403
	}
	c := empty[rng.IntN(len(empty))]
	return cellName(g, c[0], c[1]), ply, token, 200
}

func loadAndKill(t *testing.T, db string, nGames int, duration time.Duration) {
	s := startServe(t, db, "--quiet", "--engine-jobs", "2", "--move-time", "300ms", "--create-limit", "-1", "--move-limit", "-1")
	games := make([]*loadGame, nGames)
	// Create the games, 50 at a time.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 50)
	var createErr atomic.Value
	for i := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var body map[string]any
			switch i % 10 {
			case 0, 1, 2, 3:
				body = map[string]any{"game": "gomoku", "opponent": "local"}
			case 4, 5:
				body = map[string]any{"game": "connect4", "opponent": "friend"}
			case 6, 7:
				body = map[string]any{"game": "tictactoe", "opponent": "local"}
			case 8:
				body = map[string]any{"game": "connect4", "opponent": "computer", "level": 2}
			case 9:
				body = map[string]any{"game": "gomoku", "opponent": "computer", "level": 1, "rules": map[string]any{"rule": "standard"}}
			}
			code, v, err := loadAPI("POST", s.url+"/api/games", "", body)
			if err != nil || code != 201 {
				createErr.Store(fmt.Sprintf("create %v: %d %v %v", body, code, v, err))
				return
			}
			g := &loadGame{id: v["id"].(string), tokens: []string{v["token"].(string)}, kind: body["game"].(string), view: v, computer: body["opponent"] == "computer"}
			if inv, ok := v["invite_token"].(string); ok {
				g.tokens = append(g.tokens, inv)
			}
			r := v["rules"].(map[string]any)
			g.cols, g.rows, g.notation = int(r["m"].(float64)), int(r["n"].(float64)), v["notation"].(string)
			games[i] = g
		}()
	}
	wg.Wait()
	if e := createErr.Load(); e != nil {
		t.Fatal(e)
	}

	// Concurrent moves on one game: one winner per ply, 409 for the rest.
	race := games[0]
	for ply := range 10 {
		const n = 32
		codes := make([]int, n)
		var rw sync.WaitGroup
		for i := range n {
			rw.Add(1)
			go func() {
				defer rw.Done()
				x, y := i%15, ply // a row of its own per ply: never an occupied cell
				codes[i], _, _ = loadAPI("POST", s.url+"/api/games/"+race.id+"/moves", race.tokens[0], map[string]any{"move": cellName(race, x, y), "ply": ply})
			}()
		}
		rw.Wait()
		ok, conflict := 0, 0
		for _, c := range codes {
			switch c {
			case 200:
				ok++
			case 409:
				conflict++
			}
		}
		if ok != 1 || conflict != n-1 {
			t.Fatalf("ply %d: %d concurrent moves gave %v; want one 200 and %d 409", ply, n, codes, n-1)
		}
	}
	_, rv, _ := loadAPI("GET", s.url+"/api/games/"+race.id, "", nil)
	race.view, race.acked = rv, toStrings(rv["moves"])
	t.Logf("concurrent moves on one game: 10 plies × 32 requests, exactly one 200 and 31 409 each")

	// The load: every game at once, until the kill.
	stats := &loadStats{codes: map[int]int{}}
	stop := make(chan struct{})
	var killed atomic.Bool
	start := time.Now()
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for {
				select {
				case <-stop:
					return
				default:
				}
				move, ply, token, want := g.pick(rng)
				t0 := time.Now()
				code, v, err := loadAPI("POST", s.url+"/api/games/"+g.id+"/moves", token, map[string]any{"move": move, "ply": ply})
				if err != nil {
					if want == 200 {
						g.pending = move // the answer was lost: the move may be stored or not
					}
					if !killed.Load() {
						// A connection error before the kill (a loaded
						// machine): the game stops here, its moves are
						// still checked; too many fail the test.
						stats.netErrs.Add(1)
						stats.wrong("game %s: %v", g.id, err)
					}
					return
				}
				stats.record(time.Since(t0), code)
				if code != want && !(want == 422 && code == 409) {
					stats.badStatus.Add(1)
					stats.wrong("game %s (%s): move %q at ply %d: status %d, want %d: %v", g.id, g.kind, move, ply, code, want, v)
					return
				}
				if code == 200 {
					stats.ok.Add(1)
					g.view, g.acked = v, toStrings(v["moves"])
				}
			}
		}()
	}
	time.Sleep(duration)
	okAtKill := stats.ok.Load()
	elapsed := time.Since(start)
	killed.Store(true)
	s.cmd.Process.Kill() // SIGKILL: no shutdown, no flush
	<-s.done
	close(stop)
	wg.Wait()
	if n := stats.netErrs.Load(); n > 0 {
		t.Logf("%d games stopped on a connection error before the kill", n)
	}
	if stats.badStatus.Load() > 0 || stats.netErrs.Load() > int64(nGames/50) {
		t.Fatalf("unexpected answers under load:\n%s", strings.Join(stats.unexpect, "\n"))
	}
	lat := slices.Clone(stats.latencies)
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	t.Logf("load: %d games, %.1fs: %d requests (%.0f/s), %d moves acknowledged (%.0f moves/s); latency p50 %v p99 %v max %v; statuses %v",
		nGames, elapsed.Seconds(), len(lat), float64(len(lat))/elapsed.Seconds(), okAtKill, float64(okAtKill)/elapsed.Seconds(),
		pct(.50).Round(time.Microsecond), pct(.99).Round(time.Microsecond), pct(1).Round(time.Microsecond), stats.codes)
	if okAtKill == 0 {
		t.Fatal("no move was acknowledged")
	}

	// Restart on the same database: every acknowledged move is there, and
	// nothing else but, at most, the move whose answer the kill cut off
	// (and the computer's reply to it).
	s = startServe(t, db, "--quiet")
	var lost, extra, pendingKept int
	for _, g := range games {
		code, v, err := loadAPI("GET", s.url+"/api/games/"+g.id, "", nil)
		if err != nil || code != 200 {
			t.Fatalf("game %s after restart: %d %v", g.id, code, err)
		}
		stored := toStrings(v["moves"])
		if len(stored) < len(g.acked) || !slices.Equal(stored[:len(g.acked)], g.acked) {
			lost++
			t.Errorf("game %s lost acknowledged moves:\n acked  %v\n stored %v", g.id, g.acked, stored)
			continue
		}
		rest := stored[len(g.acked):]
		maxExtra := 0
		if g.pending != "" {
			maxExtra = 1
			if g.computer {
				maxExtra = 2 // the move and the computer's reply
			}
		}
		if len(rest) > maxExtra || (len(rest) > 0 && rest[0] != g.pending) {
			extra++
			t.Errorf("game %s has moves nobody made: acked %v, pending %q, stored %v", g.id, g.acked, g.pending, stored)
			continue
		}
		if len(rest) > 0 {
			pendingKept++
		}
	}
	t.Logf("after kill -9 and restart: %d games checked, every acknowledged move present (%d lost, %d unexplained); %d moves in flight at the kill were committed",
		nGames, lost, extra, pendingKept)
	s.stop(t)
}

func toStrings(v any) []string {
	var out []string
	for _, m := range v.([]any) {
		out = append(out, m.(string))
	}
	return out
}
