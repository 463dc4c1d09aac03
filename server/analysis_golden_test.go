package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow/internal/golden"
)

// The analysis responses, byte for byte, of every analyser the server
// serves (the exact solver, the Connect Four solver, the gomoku VCF, the
// gomoku engine's search and win by threats, and the refusals), in
// testdata/analysis.golden. The choice of analyser lives in package engine;
// this pins what clients see. The searches are bounded by depth, not
// time, so the answers do not depend on the machine.
func TestAnalysisGolden(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisDepth = 2; o.AnalysisTime = 5 * time.Minute })
	cases := []goldenGame{
		{"tic-tac-toe, the exact solver", `{"game": "tictactoe", "opponent": "local", "moves": ["top-left", "middle-center"]}`},
		{"tic-tac-toe, over", `{"game": "tictactoe", "opponent": "local", "moves": ["top-left", "middle-center", "top-center", "bottom-left", "top-right"]}`},
		{"4×4 k=3, the exact solver", `{"game": "mnk", "opponent": "local", "rules": {"m": 4, "n": 4, "k": 3}, "moves": ["b2"]}`},
		{"Connect Four, the solver (Pons' Test_L3_R1)", `{"game": "connect4", "opponent": "local", "moves": ["7","4","2","2","3","4","1","7","3","5","6","4","7","7","4","1","1","6","6","1","3","3","5","7","3","4","7","3","2","4","2","5","6","6"]}`},
		{"6×5 k=4 gravity, the solver", `{"game": "mnk", "opponent": "local", "rules": {"m": 6, "n": 5, "k": 4, "gravity": true}, "moves": ["3","4","3","4","2","5","5","2","1","6"]}`},
		{"8×8 k=4, no analyser", `{"game": "mnk", "opponent": "local", "rules": {"m": 8, "n": 8, "k": 4}, "moves": ["d4"]}`},
		{"gomoku, a VCF", `{"game": "gomoku", "opponent": "local", "moves": ["h8","g8","i8","k12","j8","a1","k9","a3","k10","a15","k11","o1"]}`},
		{"renju, a win by threats (k8 is forbidden)", `{"game": "gomoku", "opponent": "local", "rules": {"rule": "renju"}, "moves": ["h8","g8","i8","k12","j8","a1","k9","a3","k10","a15","k11","o1"]}`},
		{"gomoku, the search", `{"game": "gomoku", "opponent": "local", "moves": ["h8","i9","h9"]}`},
		{"gomoku, proven losses", `{"game": "gomoku", "opponent": "local", "moves": ["h8","a1","i8","a3","j8","a5","k8"]}`},
		{"caro-exact, the search", `{"game": "gomoku", "opponent": "local", "rules": {"rule": "caro-exact"}, "moves": ["h8","h9","i9"]}`},
		{"gobang, the search", `{"game": "gobang", "opponent": "local", "moves": ["05-05", "04-04"]}`},
	}
	golden.Check(t, "analysis.golden", e.goldenGets(t, cases, "/analysis"))
}

// goldenGame is a game of a golden test: a name and the body that creates it.
type goldenGame struct{ name, body string }

// goldenGets creates each game, GETs /api/games/{id}+suffix and returns the
// answers one after the other under their names, with the ids and
// whatever redact matches replaced by its placeholder (regexp → template).
func (e *env) goldenGets(t *testing.T, games []goldenGame, suffix string, redact ...redaction) []byte {
	t.Helper()
	id := redaction{regexp.MustCompile(`"id":"[^"]*"`), `"id":"ID"`}
	var out strings.Builder
	for _, tc := range games {
		g := map[string]any{}
		if err := json.Unmarshal([]byte(tc.body), &g); err != nil {
			t.Fatal(err)
		}
		created := e.create(g)
		resp, err := e.ts.Client().Get(e.ts.URL + "/api/games/" + created["id"].(string) + suffix)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.name, resp.StatusCode, data)
		}
		for _, r := range append([]redaction{id}, redact...) {
			data = r.re.ReplaceAll(data, []byte(r.with))
		}
		fmt.Fprintf(&out, "# %s\n%s\n", tc.name, data)
	}
	return []byte(out.String())
}

// redaction replaces what re matches by with (a regexp template).
type redaction struct {
	re   *regexp.Regexp
	with string
}
