package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/solve"
)

// Hand-made gomoku games with a forced win missed or allowed at a known
// move.
var (
	// Black's open three h8 h9 h10; white's 6th move (a15, far away)
	// ignores it, black's 7th (o15) does not play the open four, white's
	// 8th (h11) blocks it.
	gameOpenThree = strings.Fields("h8 a1 h9 o1 h10 a15 o15 h11 b14")
	// Black's d8 e8 f8 (c8 white) across and g9 g10 g11 (g6, g12 white)
	// down: g8 makes two fours, a win in freestyle and a forbidden double
	// four in renju. White's e9 and f9 leave black no other attack once
	// g8 is white's: with a1 and o1 there instead, black won after g8 by
	// threes through f9 (the search proves it from depth 5), and a search
	// that saw that far within the report's depth 4 proved white lost
	// before a15, so that no move allowed or missed a win. White's 12th
	// (a15) leaves g8 to black, black's 13th (o15) misses it, white's
	// 14th (g8) takes it.
	gameFourFour = strings.Fields("d8 c8 e8 g12 f8 g6 g9 e9 g10 f9 g11 a15 o15 g8 b14")
	// White's f10 f11 f12 between black's f8 and f14; black's c13 d13
	// e13 (b13 white) and h13. Black's g13 (13) makes f13 an overline for
	// black: in renju a point black may not block, so white's f9 wins
	// (white plays it, then f13); in standard black blocks f13, and its
	// a15 (15) allows f13; in freestyle black's f13 is a six that wins:
	// white's f9 (14) allows it and black's a15 misses it.
	gameForbiddenBlock = strings.Fields("c13 b13 d13 f12 e13 f11 f14 f10 f8 a1 h13 o1 g13 f9 a15 f13")
	// The same, and black plays the double four and the five.
	gameFourFourWon = strings.Fields("d8 c8 e8 g12 f8 g6 g9 e9 g10 f9 g11 a15 g8 h8 g7")
)

// TestReportGomoku: the gomoku report marks "allowed a forced win" and
// "missed a forced win" at the moves a hand-made game has them, and
// agrees with a plain reference: FindVCF run on every position on its
// own, a win allowed where the opponent's VCF appears (the same side had
// none two plies before) and missed where the mover's VCF disappears (the
// mover has none after the opponent's reply). Renju's forbidden double
// four is no forced win.
func TestReportGomoku(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 20 * time.Second })
	for _, c := range []struct {
		rule            string
		moves           []string
		missed, allowed []int // the plies marked
		first           []string
	}{
		{"freestyle", gameOpenThree, []int{7}, []int{6}, []string{"h7", "h11"}},
		{"renju", gameOpenThree, []int{7}, []int{6}, []string{"h7", "h11"}},
		{"freestyle", gameFourFour, []int{13}, []int{12}, []string{"g8"}},
		{"standard", gameFourFour, []int{13}, []int{12}, []string{"g8"}},
		{"renju", gameFourFour, nil, nil, nil},
		{"freestyle", gameFourFourWon, nil, []int{12}, []string{"g8"}},
		{"renju", gameForbiddenBlock, nil, []int{13}, []string{"f9"}},
		{"standard", gameForbiddenBlock, nil, []int{15}, []string{"f13"}},
		{"freestyle", gameForbiddenBlock, []int{15}, []int{14, 15}, []string{"f13"}}, // white's f9 (14) lets black's six win
	} {
		name := c.rule + " " + strings.Join(c.moves, " ")
		g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": c.rule}, "moves": c.moves})
		code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
		if code != 200 || rep["method"] != "gomoku-vcf" || rep["complete"] != true {
			t.Fatalf("%s: %d %v", name, code, rep)
		}
		graded := rep["moves"].([]any)
		if len(graded) != len(c.moves) {
			t.Fatalf("%s: %d graded moves", name, len(graded))
		}
		// The reference: every position on its own.
		rule := map[string]gomoku.Rule{"freestyle": gomoku.Freestyle, "standard": gomoku.Standard, "renju": gomoku.Renju}[c.rule]
		r, err := rule.Board(15)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := inarow.NewPosition(r)
		ps := []inarow.Position{p}
		for _, s := range c.moves {
			m, err := r.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = gomoku.Play(p, m); err != nil {
				t.Fatalf("%s: %s: %v", name, s, err)
			}
			ps = append(ps, p)
		}
		vcf := make([]bool, len(ps))
		for i, q := range ps {
			if !q.Over() {
				_, vcf[i], err = gomokuengine.FindVCF(context.Background(), q, gomokuengine.DefaultVCFLimits)
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		var missed, allowed, refMissed, refAllowed []int
		for i := 1; i <= len(c.moves); i++ {
			gm := graded[i-1].(map[string]any)
			marks := fmt.Sprint(gm["marks"])
			if strings.Contains(marks, MarkMissedWin) {
				missed = append(missed, i)
				if line := gm["missed_line"].([]any); !slices.Contains(c.first, line[0].(string)) {
					t.Errorf("%s move %d: the missed win starts %v, want one of %v", name, i, line, c.first)
				}
			}
			if strings.Contains(marks, MarkAllowedWin) {
				allowed = append(allowed, i)
				if line := gm["allowed_line"].([]any); !slices.Contains(c.first, line[0].(string)) {
					t.Errorf("%s move %d: the allowed win starts %v, want one of %v", name, i, line, c.first)
				}
			}
			if gm["move"] != c.moves[i-1] || gm["ply"].(float64) != float64(i) || gm["seat"] != []string{"first", "second"}[(i-1)%2] {
				t.Errorf("%s move %d: %v", name, i, gm)
			}
			if ps[i].Over() != (gm["estimate"] == nil) {
				t.Errorf("%s move %d: estimate %v, game over %v", name, i, gm["estimate"], ps[i].Over())
			}
			won := ps[i].Outcome().Status == inarow.Won
			if vcf[i-1] && !won && i < len(c.moves) && !vcf[i+1] {
				refMissed = append(refMissed, i)
			}
			if vcf[i] && (i < 2 || !vcf[i-2]) {
				refAllowed = append(refAllowed, i)
			}
		}
		if !slices.Equal(missed, c.missed) || !slices.Equal(allowed, c.allowed) {
			t.Errorf("%s: missed %v allowed %v, want %v %v", name, missed, allowed, c.missed, c.allowed)
		}
		if !slices.Equal(missed, refMissed) || !slices.Equal(allowed, refAllowed) {
			t.Errorf("%s: missed %v allowed %v, the reference %v %v (VCF by position %v)", name, missed, allowed, refMissed, refAllowed, vcf)
		}
		if last := graded[len(graded)-1].(map[string]any); ps[len(ps)-1].Over() && last["value"] != "win" {
			t.Errorf("%s: the winning move's value %v", name, last["value"])
		}
		// A second request is the same report, from the cache.
		if _, again := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil); fmt.Sprint(again) != fmt.Sprint(rep) {
			t.Errorf("%s: the second report differs", name)
		}
	}
}

// TestReportSmallExact: tic-tac-toe and a 4×3 board (three in a row)
// are graded exactly: every move's score and the best one are the
// solver's, asked about every position with a table of its own, and the
// moves marked as mistakes or blunders are exactly those after which the
// game's value for the mover is worse than before.
func TestReportSmallExact(t *testing.T) {
	e := newEnv(t, nil)
	sign := func(v int) int { return min(max(v, -1), 1) }
	for _, c := range []struct {
		body  map[string]any
		moves []string
		bad   []int // the plies marked
	}{
		// O's edge reply (2) to the centre loses to X's fork.
		{map[string]any{"game": "tictactoe", "opponent": "local"}, strings.Fields("middle-center top-center top-left bottom-right bottom-left top-right middle-left"), []int{2}},
		// O's top-right (4) lets X fork with bottom-left.
		{map[string]any{"game": "tictactoe", "opponent": "local"}, strings.Fields("top-left middle-center bottom-right top-right bottom-left middle-left bottom-center"), []int{4}},
		// On 4×3 the solver finds c3 (7) and a3 (8) each change the value.
		{map[string]any{"game": "mnk", "opponent": "local", "rules": map[string]any{"m": 4, "n": 3, "k": 3}}, strings.Fields("b2 a1 c2 d2 b3 b1 c3 a3 c1"), []int{7, 8}},
	} {
		c.body["moves"] = c.moves
		g := e.create(c.body)
		code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
		if code != 200 || rep["method"] != "solver" || rep["complete"] != true {
			t.Fatalf("%v: %d %v", c.moves, code, rep)
		}
		graded := rep["moves"].([]any)
		if len(graded) != len(c.moves) {
			t.Fatalf("%v: %d graded", c.moves, len(graded))
		}
		st, err := e.srv.load(context.Background(), g["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		p, _ := inarow.NewPosition(st.set.rules)
		var bad []int
		for i, gm := range graded {
			gm := gm.(map[string]any)
			m := inarow.Move(st.g.Moves[i].Cell)
			best, played := -1000, 0
			for _, c := range p.AppendLegal(nil) {
				child, _ := p.Play(c)
				v, err := (&solve.Solver{}).Solve(context.Background(), child)
				if err != nil {
					t.Fatal(err)
				}
				best = max(best, -int(v))
				if c == m {
					played = -int(v)
				}
			}
			if int(gm["score"].(float64)) != played || int(gm["best"].(float64)) != best || gm["move"] != c.moves[i] {
				t.Fatalf("%v move %d: report %v, solver score %d best %d", c.moves, i+1, gm, played, best)
			}
			marked := gm["grade"] == "mistake" || gm["grade"] == "blunder"
			if marked != (sign(played) < sign(best)) {
				t.Errorf("%v move %d: grade %q, value %d → %d", c.moves, i+1, gm["grade"], best, played)
			}
			if marked {
				bad = append(bad, i+1)
			}
			p, _ = p.Play(m)
		}
		if !slices.Equal(bad, c.bad) {
			t.Errorf("%v: marked %v, want %v", c.moves, bad, c.bad)
		}
	}
}

// TestReportGomokuBound: a report the time bound cuts short says so,
// marks no move the whole report does not mark, and is not kept: the
// next request builds it again.
func TestReportGomokuBound(t *testing.T) {
	body := map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": strings.Fields(gameEngine105)}
	marks := func(rep map[string]any) map[string]string {
		out := map[string]string{}
		for _, gm := range rep["moves"].([]any) {
			gm := gm.(map[string]any)
			if gm["marks"] != nil {
				out[fmt.Sprint(gm["ply"])] = fmt.Sprint(gm["marks"])
			}
		}
		return out
	}
	full := newEnv(t, func(o *Options) { o.AnalysisTime = 20 * time.Second })
	g := full.create(body)
	code, rep := full.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
	if code != 200 || rep["complete"] != true {
		t.Fatalf("the whole report: %d %v", code, rep)
	}
	want := marks(rep)
	t.Logf("marks of the whole report: %v", want)
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 5 * time.Millisecond })
	g = e.create(body)
	for range 2 {
		code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
		if code == 503 {
			continue // no engine slot within the bound: also an answer
		}
		if code != 200 || rep["method"] != "gomoku-vcf" || rep["complete"] != false || rep["note"] == "" {
			t.Fatalf("%d %v", code, rep)
		}
		for ply, m := range marks(rep) {
			if want[ply] != m {
				t.Errorf("move %s: %s cut short, %q in the whole report", ply, m, want[ply])
			}
		}
		if _, ok := e.srv.reports.get(g["id"].(string), int64(rep["version"].(float64))); ok {
			t.Fatal("a report cut short was kept")
		}
	}
}

// TestReportConcurrent: readers asking for one report at once get the
// same report, built once (the others wait for it, then read it kept).
func TestReportConcurrent(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 20 * time.Second; o.EngineJobs = 4 })
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": gameOpenThree})
	const readers = 3
	out := make(chan string, readers)
	for range readers {
		go func() {
			code, rep := e.do("GET", "/api/games/"+g["id"].(string)+"/report", "", nil)
			out <- fmt.Sprint(code, rep)
		}()
	}
	first := <-out
	for range readers - 1 {
		if got := <-out; got != first {
			t.Errorf("two readers, two reports:\n%s\n%s", first, got)
		}
	}
	if !strings.HasPrefix(first, "200 ") {
		t.Fatal(first)
	}
}
