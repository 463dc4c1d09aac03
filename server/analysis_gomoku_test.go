package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/inarow/inarow/engine"
)

// playAll plays moves alternately in a local game and returns the view.
func (e *env) playAll(g map[string]any, moves ...string) map[string]any {
	e.t.Helper()
	tok, v := g["token"].(string), g
	for _, m := range moves {
		code, out := e.move(v, tok, m, ply(v))
		want(e.t, "move "+m, code, 200, out)
		v = out
	}
	return v
}

func (e *env) analysis(g map[string]any) map[string]any {
	e.t.Helper()
	code, a := e.do("GET", "/api/games/"+g["id"].(string)+"/analysis", "", nil)
	want(e.t, "analysis", code, 200, a)
	return a
}

// Black's h8 i8 j8 (blocked at g8) and k9 k10 k11 (blocked at k12): k8
// makes two fours at once, black's only victory by continuous fours.
var vcfGame = []string{"h8", "g8", "i8", "k12", "j8", "a1", "k9", "a3", "k10", "a15", "k11", "o1"}

func TestGomokuAnalysisVCF(t *testing.T) {
	e := newEnv(t, func(o *Options) {
		o.AnalysisDepth = 2
		o.AnalysisTime = time.Minute
	})
	// Under renju k8, a double four, is forbidden to black: never offered.
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}})
	e.playAll(g, vcfGame...)
	a := e.analysis(g)
	line, _ := a["line"].([]any)
	for _, m := range append(a["moves"].([]any), line...) {
		if m.(map[string]any)["move"] == "k8" {
			t.Fatalf("renju analysis offers the forbidden k8: %v", a)
		}
	}
	// Black still wins, by threats (the engine's VCT): the line starts
	// with the best move and visits distinct empty points.
	if a["method"] != "vct" || len(line) == 0 || line[0].(map[string]any)["move"] != a["moves"].([]any)[0].(map[string]any)["move"] {
		t.Fatalf("renju analysis %v, want black's win by threats", a)
	}
	seen := map[string]bool{}
	for _, m := range vcfGame {
		seen[m] = true
	}
	for _, m := range line {
		mv := m.(map[string]any)["move"].(string)
		if seen[mv] {
			t.Fatalf("line %v visits %s twice or an occupied point", line, mv)
		}
		seen[mv] = true
	}
	for _, rule := range []string{"freestyle", "standard", "caro", "caro-exact"} {
		g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": rule}})
		e.playAll(g, vcfGame...)
		a := e.analysis(g)
		if a["method"] != "vcf" || a["complete"] != true {
			t.Fatalf("%s: analysis %v, want method vcf", rule, a)
		}
		moves := a["moves"].([]any)
		first := moves[0].(map[string]any)
		// Black (6 stones) plays k8, white blocks one four, black makes
		// five of the other with its 8th stone: 113 + 1 - 8.
		if first["move"] != "k8" || first["x"] != 10.0 || first["y"] != 7.0 || first["proven"] != true || first["score"] != 106.0 {
			t.Fatalf("%s: first move %v, want k8 at [10, 7], proven, score 106", rule, first)
		}
		line := a["line"].([]any)
		if len(line) != 3 || line[0].(map[string]any)["move"] != "k8" {
			t.Fatalf("%s: line %v", rule, line)
		}
	}
}

func TestGomokuAnalysisSearch(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisDepth = 3; o.AnalysisTime = time.Minute })
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local"})
	e.playAll(g, "h8", "i9", "h9")
	a := e.analysis(g)
	if a["method"] != "search" || a["complete"] != true || a["depth"] != 3.0 {
		t.Fatalf("analysis %v, want a complete search to depth 3", a)
	}
	moves := a["moves"].([]any)
	if len(moves) < 2 || len(moves) > engine.AnalysisCandidates {
		t.Fatalf("%d candidates: %v", len(moves), moves)
	}
	seen := map[string]bool{}
	prev := 1 << 30
	for _, m := range moves {
		m := m.(map[string]any)
		mv := m["move"].(string)
		if seen[mv] || mv == "h8" || mv == "i9" || mv == "h9" {
			t.Fatalf("candidate %v repeated or occupied", m)
		}
		seen[mv] = true
		if sc := int(m["score"].(float64)); sc > prev {
			t.Fatalf("candidates not sorted best first: %v", moves)
		} else {
			prev = sc
		}
	}
	// White to move facing black's open-ended two: nothing is forced yet.
	if moves[0].(map[string]any)["proven"] == true {
		t.Fatalf("a forced result in an opening: %v", moves[0])
	}
	// Gobang (9×9, exactly five): the same machinery.
	gb := e.create(map[string]any{"game": "gobang", "opponent": "local"})
	e.playAll(gb, "05-05")
	if a := e.analysis(gb); a["method"] != "search" || len(a["moves"].([]any)) == 0 || a["moves"].([]any)[0].(map[string]any)["move"] == "" {
		t.Fatalf("gobang analysis %v", a)
	}
}

// White to move must block black's five: the engine finds the loss
// everywhere else and marks it proven.
func TestGomokuAnalysisProvenLoss(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisDepth = 3; o.AnalysisTime = time.Minute })
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local"})
	e.playAll(g, "h8", "a1", "i8", "a3", "j8", "a5", "k8")
	a := e.analysis(g)
	moves := a["moves"].([]any)
	if a["method"] != "search" || len(moves) == 0 {
		t.Fatalf("analysis %v", a)
	}
	for _, m := range moves {
		m := m.(map[string]any)
		if m["proven"] != true || m["score"].(float64) >= 0 {
			t.Fatalf("move %v: want a proven loss (black has an open four)", m)
		}
	}
}

// Caro through the API: a five blocked at both ends by the opponent does
// not win (the game goes on); an open one does; caro-exact is exact.
func TestCaro(t *testing.T) {
	e := newEnv(t, nil)
	blocked := []string{"h8", "g8", "i8", "m8", "j8", "a1", "k8", "a3", "l8"}
	for _, c := range []struct {
		rule, status string
		exact        bool
	}{{"freestyle", "won", false}, {"caro", "playing", false}, {"caro-exact", "playing", true}} {
		g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": c.rule}})
		if r := g["rules"].(map[string]any); r["rule"] != c.rule || r["exact"] != c.exact {
			t.Fatalf("%s: rules %v", c.rule, r)
		}
		if v := e.playAll(g, blocked...); v["status"] != c.status {
			t.Fatalf("%s: five blocked at both ends: status %v, want %s", c.rule, v["status"], c.status)
		}
	}
	// An open five wins at caro; an overline wins at caro, not at caro-exact.
	open := []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"}
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "caro"}})
	if v := e.playAll(g, open...); v["status"] != "won" || v["winner"] != "first" || len(v["winning_line"].([]any)) != 5 {
		t.Fatalf("caro open five: %v", v)
	}
	over := []string{"h8", "a1", "i8", "a3", "k8", "a5", "l8", "a7", "m8", "a9", "j8"}
	for rule, status := range map[string]string{"caro": "won", "caro-exact": "playing"} {
		g := e.create(map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": rule}})
		if v := e.playAll(g, over...); v["status"] != status {
			t.Fatalf("%s overline of six: status %v, want %s", rule, v["status"], status)
		}
	}
	// The computer plays caro at every level; the record names the rule.
	for level := 1; level <= 3; level++ {
		g := e.create(map[string]any{"game": "gomoku", "opponent": "computer", "level": level, "seat": "second", "rules": map[string]any{"rule": "caro-exact"}})
		if ply(g) != 1 {
			t.Fatalf("level %d: the computer did not open: %v", level, g)
		}
	}
}

// A time-bounded gomoku search is kept for its position: the second
// request gets the same answer without a search (no engine slot needed).
func TestGomokuAnalysisCached(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 300 * time.Millisecond; o.EngineJobs = 1 })
	g := e.create(map[string]any{"game": "gomoku", "opponent": "local"})
	e.playAll(g, "h8", "i9")
	a := e.analysis(g)
	e.srv.jobs <- struct{}{} // the only engine slot is taken now
	defer func() { <-e.srv.jobs }()
	b := e.analysis(g)
	if a["method"] != "search" || a["complete"] != false || fmt.Sprint(a["moves"]) != fmt.Sprint(b["moves"]) {
		t.Fatalf("second analysis %v, first %v", b, a)
	}
}
