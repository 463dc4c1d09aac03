package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// TestReportConnect4: the report of recorded Connect Four games agrees
// with the solver asked directly about every position, and the moves it
// marks as mistakes or blunders are exactly those after which the game's
// value (win, draw, loss for the side that moved) is worse than before.
func TestReportConnect4(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 20 * time.Second })
	sign := func(v int) int { return min(max(v, -1), 1) }
	// Connect Four in its opening book, and whole games on a 5×4 gravity
	// board (four in a row), which the solver takes from the empty board
	// at once even under the race detector; the middle game of 7×6 is
	// left to the browser test and the benchmarks.
	small := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	for _, c := range []struct {
		rules inarow.Rules
		body  map[string]any
		moves string
	}{
		{inarow.ConnectFour, map[string]any{"game": "connect4", "opponent": "local"}, "4453"},                                                    // yellow's third stone throws the win into a loss
		{small, map[string]any{"game": "mnk", "opponent": "local", "rules": map[string]any{"m": 5, "n": 4, "k": 4, "gravity": true}}, "3322114"}, // red lets yellow complete the bottom row
		{small, map[string]any{"game": "mnk", "opponent": "local", "rules": map[string]any{"m": 5, "n": 4, "k": 4, "gravity": true}}, "1234554321"},
	} {
		ref, err := solve.NewC4(c.rules, solve.Options{TableBytes: 4 << 20})
		if err != nil {
			t.Fatal(err)
		}
		moves := c.moves
		g := e.create(c.body)
		for i, m := range moves {
			if code, out := e.move(g, g["token"].(string), string(m), i); code != 200 {
				t.Fatalf("%s: move %d: %d %v", moves, i, code, out)
			}
		}
		code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
		if code != 200 || rep["method"] != "connect4-solver" || rep["complete"] != true {
			t.Fatalf("%s: %d %v", moves, code, rep)
		}
		graded := rep["moves"].([]any)
		if len(graded) != len(moves) {
			t.Fatalf("%s: %d graded moves", moves, len(graded))
		}
		for i, gm := range graded {
			gm := gm.(map[string]any)
			scores, err := ref.AnalyzeMoves(context.Background(), moves[:i])
			if err != nil {
				t.Fatal(err)
			}
			best := solve.Score(-1000)
			for _, sc := range scores {
				if sc != solve.FullColumn {
					best = max(best, sc)
				}
			}
			played := int(scores[moves[i]-'1'])
			if int(gm["score"].(float64)) != played || int(gm["best"].(float64)) != int(best) {
				t.Fatalf("%s move %d: report %v, solver score %d best %d", moves, i+1, gm, played, best)
			}
			worse := sign(played) < sign(int(best))
			marked := gm["grade"] == "mistake" || gm["grade"] == "blunder"
			if worse != marked {
				t.Errorf("%s move %d (%s): grade %q, but the value went from %d to %d", moves, i+1, gm["move"], gm["grade"], best, played)
			}
			if gm["move"] != string(moves[i]) || gm["seat"] != []string{"first", "second"}[i%2] || gm["ply"].(float64) != float64(i+1) {
				t.Fatalf("%s move %d: %v", moves, i+1, gm)
			}
		}
		t.Logf("%s: %v", moves, fmt.Sprint(graded))
	}
	// Other boards are not graded, and say so.
	g := e.create(map[string]any{"game": "mnk", "opponent": "local", "rules": map[string]any{"m": 5, "n": 5, "k": 4}})
	if code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil); code != 200 || rep["method"] != "none" || rep["note"] == "" {
		t.Fatalf("5×5 k=4 report: %d %v", code, rep)
	}
	if code, _ := e.do("GET", "/api/games/nosuchgame/report", "", nil); code != 404 {
		t.Fatalf("no such game: %d", code)
	}
}
