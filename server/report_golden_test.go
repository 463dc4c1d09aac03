package server

import (
	"regexp"
	"testing"
	"time"

	"github.com/inarow/inarow/internal/golden"
)

// The report responses, byte for byte, of every grading the server serves
// (the Connect Four solver, the exact solver of small boards, the gomoku
// VCF with the engine's estimates, and the refusal), in
// testdata/report.golden: the grading lives in package engine, this pins
// what clients see. The solvers and the VCF search are exact or bounded
// by nodes; the gomoku estimates are the engine's evaluation at a fixed
// depth within a time slice, so on a loaded machine they may stop short
// of it: the file keeps whether a move has one ("estimate":E), not its
// value. For the same reason a proof that comes from that search alone
// (the "value" of a move with no grade: the engine saw a win or loss
// within its slice) is left out — under -race on CI the engine proved a
// loss after 10. o1 at one run and not at the next. Everything else,
// marks, lines and the values of graded moves, is pinned.
func TestReportGolden(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.AnalysisTime = 5 * time.Minute })
	cases := []goldenGame{
		{"Connect Four, a game won on the bottom row", `{"game": "connect4", "opponent": "local", "moves": ["4","4","3","3","5","5","6"]}`},
		{"Connect Four, yellow throws the win away (4453), in the book", `{"game": "connect4", "opponent": "local", "moves": ["4","4","5","3","4","4"]}`},
		{"tic-tac-toe, O's edge reply loses to X's fork", `{"game": "tictactoe", "opponent": "local", "moves": ["middle-center","top-center","top-left","bottom-right","bottom-left","top-right","middle-left"]}`},
		{"gomoku freestyle, a double four allowed then missed", `{"game": "gomoku", "opponent": "local", "rules": {"rule": "freestyle"}, "moves": ["d8","c8","e8","g12","f8","g6","g9","e9","g10","f9","g11","a15","o15","g8","b14"]}`},
		{"renju, a block on a forbidden point", `{"game": "gomoku", "opponent": "local", "rules": {"rule": "renju"}, "moves": ["c13","b13","d13","f12","e13","f11","f14","f10","f8","a1","h13","o1","g13","f9","a15","f13"]}`},
		{"5×5 k=4, not graded", `{"game": "mnk", "opponent": "local", "rules": {"m": 5, "n": 5, "k": 4}, "moves": ["c3"]}`},
	}
	out := e.goldenGets(t, cases, "/report",
		redaction{regexp.MustCompile(`"estimate":-?[0-9]+`), `"estimate":E`},
		redaction{regexp.MustCompile(`("grade":"",)"value":"(win|loss)",`), `$1`})
	golden.Check(t, "report.golden", out)
}
