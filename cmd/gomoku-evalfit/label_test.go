package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// TestMain lets the test binary stand in for a Gomocup brain (with
// FAKE_BRAIN set): it answers a BOARD with an INFO EVAL that counts the
// board's own stones (1) and the other's (2), plus 10000 times the rule
// it was given (INFO rule), and the first empty point row by row from the
// top. With FAKE_MATE=n, a board of n stones or more is a mate in 7 for
// the side to move, first reported at 1000 + n nodes. FAKE_ITERS has it
// report iterations before its answer (fakeIterations).
func TestMain(m *testing.M) {
	if os.Getenv("FAKE_BRAIN") == "" {
		os.Exit(m.Run())
	}
	sc := bufio.NewScanner(os.Stdin)
	own, other, rule := 0, 0, 0
	used := map[string]bool{}
	inBoard := false
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "START"):
			fmt.Println("OK")
		case l == "ABOUT":
			fmt.Println(`name="fake"`)
		case strings.HasPrefix(l, "INFO rule "):
			fmt.Sscan(strings.TrimPrefix(l, "INFO rule "), &rule)
		case l == "BOARD":
			inBoard, own, other = true, 0, 0
			clear(used)
		case l == "DONE":
			inBoard = false
			if n, _ := strconv.Atoi(os.Getenv("FAKE_MATE")); n > 0 && own+other >= n {
				// a win proved at its second iteration (blunders)
				fmt.Printf("INFO TOTALNODES 500\nINFO EVAL 120\nINFO TOTALNODES %d\nINFO EVAL +M7\nINFO TOTALNODES 9999\nINFO EVAL +M7\n", 1000+own+other)
			} else {
				fmt.Printf("INFO EVAL %d\n", 10000*rule+100*own+other)
			}
			fakeIterations(os.Getenv("FAKE_ITERS"), own+other)
			fmt.Println(firstEmpty(used))
		case inBoard:
			f := strings.Split(l, ",")
			used[f[0]+","+f[1]] = true
			if f[2] == "1" {
				own++
			} else {
				other++
			}
		case l == "END":
			return
		}
	}
}

func firstEmpty(used map[string]bool) string {
	for i := 0; ; i++ {
		if p := fmt.Sprintf("%d,%d", i%15, i/15); !used[p] {
			return p
		}
	}
}

// label keeps gen's lines but for the evaluation and the move, which
// come from the labelling brain, and gives it the board with the side to
// move's stones as its own (1).
func TestLabelCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_BRAIN", "1")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	// black to move after 4 stones (2 own), white after 3 (1 own)
	if err := os.WriteFile(in, []byte("7 4 250 9,9 1 7,7 8,8 0,0 9,9\n7 3 -M5 0,0 -1 7,7 1,0 9,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	if err := label([]string{"-brain", exe, "-depth", "2", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "7 4 202 1,0 1 7,7 8,8 0,0 9,9\n7 3 102 0,0 -1 7,7 1,0 9,9\n"
	if string(data) != want {
		t.Errorf("label wrote\n%s\nwant\n%s", data, want)
	}
	// a line without a best move (gen's older lines, or positions taken
	// from a match's records) gets one
	if err := os.WriteFile(in, []byte("7 4 250 1 7,7 8,8 0,0 9,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := label([]string{"-brain", exe, "-depth", "2", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(out); string(data) != "7 4 202 1,0 1 7,7 8,8 0,0 9,9\n" {
		t.Errorf("label wrote %q for a line without a best move", data)
	}
	if err := os.WriteFile(in, []byte("7 4 250 9,9 1 7,7 8,8 0,0 9,9\n7 3 -M5 0,0 -1 7,7 1,0 9,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// the rule reaches the brain, and a bad one is refused
	if err := label([]string{"-brain", exe, "-rule", "renju", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(out); !strings.HasPrefix(string(data), "7 4 40202 1,0 ") {
		t.Errorf("label -rule renju wrote\n%s\nwant the brain told INFO rule 4", data)
	}
	if err := label([]string{"-brain", exe, "-rule", "caro", "-o", out, in}); err == nil {
		t.Error("label -rule caro: no error")
	}
	if err := os.WriteFile(in, []byte("7 4 250 9,9 1 7,7 8,8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := label([]string{"-brain", exe, "-o", out, in}); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a line whose ply and moves disagree: %v", err)
	}
}

// label -brain inarow labels with the engine itself: its value in
// Rapfi's units (score·200/k) and its move, a mate as Rapfi writes one;
// a finished game is refused with its line.
func TestLabelEngine(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	// a quiet position, then black to move with four in a row open at
	// both ends (a win in one)
	if err := os.WriteFile(in, []byte("3 4 0 1 7,7 8,8 6,6 9,9\n4 8 0 1 7,7 0,0 8,7 0,2 9,7 0,4 10,7 0,6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	if err := label([]string{"-brain", "inarow", "-depth", "3", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("label wrote\n%s", data)
	}
	rules := genRules(gomoku.Freestyle)
	quiet, err := parseGenLine(rules, lines[0])
	if err != nil || quiet.Mate || quiet.Game != 3 || len(quiet.Moves) != 4 || quiet.Best == inarow.NoMove || quiet.Eval < -1000 || quiet.Eval > 1000 {
		t.Errorf("the quiet position: %q (%+v, %v)", lines[0], quiet, err)
	}
	if f := strings.Fields(lines[1]); f[2] != "+M1" || f[3] != "6,7" && f[3] != "11,7" {
		t.Errorf("the win in one: %q", lines[1])
	}
	// the same scale on the values: k halved doubles them
	if err := label([]string{"-brain", "inarow", "-depth", "3", "-k", "462.85", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(out)
	if half, err := parseGenLine(rules, strings.Split(string(data), "\n")[0]); err != nil || half.Eval-2*quiet.Eval < -1 || half.Eval-2*quiet.Eval > 1 {
		t.Errorf("k halved: %+v against %d, %v", half, quiet.Eval, err)
	}
	if err := os.WriteFile(in, []byte("5 9 0 1 7,7 0,0 8,7 0,2 9,7 0,4 10,7 0,6 11,7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := label([]string{"-brain", "inarow", "-o", out, in}); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a finished game: %v", err)
	}
}

// gen plays the brain against itself under the rule it is given: the
// brain hears the rule (its values carry it), every position of the game
// is written with the brain's value and move, the result and the moves,
// and the game ends at a five. The fake brain fills the board row by row,
// which makes a diagonal five of one colour; under renju it soon plays a
// double four for black, which gen refuses, leaving the game out.
func TestGenCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_BRAIN", "1")
	for _, c := range []struct {
		rule  string
		n     int
		games int // written
	}{{"freestyle", 0, 2}, {"standard", 1, 2}, {"renju", 4, 0}} {
		out := filepath.Join(t.TempDir(), "gen.txt")
		if err := gen([]string{"-brain", exe, "-rule", c.rule, "-games", "2", "-first", "5", "-random", "0", "-o", out}); err != nil {
			t.Fatalf("%s: %v", c.rule, err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		games := map[string]int{}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if l == "" {
				continue
			}
			f := strings.Fields(l)
			if len(f) < 5 {
				t.Fatalf("%s: %q is not game ply eval best result moves", c.rule, l)
			}
			ply, err := strconv.Atoi(f[1])
			if err != nil || len(f) != ply+5 {
				t.Fatalf("%s: %q is not game ply eval best result moves", c.rule, l)
			}
			if ev, _ := strconv.Atoi(f[2]); ev/10000 != c.n {
				t.Errorf("%s: value %s, want the brain told INFO rule %d", c.rule, f[2], c.n)
			}
			if f[4] != "1" && f[4] != "-1" {
				t.Errorf("%s: %q: result %s, want a win (1 or -1)", c.rule, l, f[4])
			}
			games[f[0]]++
		}
		if len(games) != c.games || c.games > 0 && (games["5"] < 5 || games["6"] < 5) {
			t.Errorf("%s: positions by game %v, want %d games (5, 6) with several each", c.rule, games, c.games)
		}
	}
}

// fakeIterations prints the iterations of the fake brain's search of a
// board of n stones: depths 2 to n+1, each at 10^depth nodes and depth
// ms, as Rapfi's INFO lines (style "info") or, at twice the nodes and
// three times the time, as pbrain-inarow's MESSAGE lines ("message").
func fakeIterations(style string, n int) {
	nodes := int64(1)
	for d := 1; d <= n+1; d++ {
		nodes *= 10
		switch {
		case d == 1:
		case style == "info":
			fmt.Printf("INFO PV 0\nINFO DEPTH %d\nINFO SELDEPTH %d\nINFO NODES 5\nINFO TOTALNODES %d\nINFO TOTALTIME %d\nINFO EVAL 1\nINFO PV DONE\n", d, d+3, nodes, d)
		case style == "message":
			fmt.Printf("MESSAGE depth %d ev -3 n %d n/s 5 tm %d pv 7,7\nMESSAGE REALTIME BEST 7,7\n", d, 2*nodes, 3*d)
		}
	}
}

// gen -plies stops each game when it has that many stones: the early
// positions alone, the last of them one stone short, each with result 0
// (unknown), however the game would have ended.
func TestGenPlies(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_BRAIN", "1")
	out := filepath.Join(t.TempDir(), "gen.txt")
	if err := gen([]string{"-brain", exe, "-games", "3", "-first", "5", "-random", "0", "-plies", "9", "-o", out}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	last := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(l)
		ply, err := strconv.Atoi(f[1])
		if err != nil || len(f) != ply+5 {
			t.Fatalf("%q is not game ply eval best result moves", l)
		}
		if ply >= 9 {
			t.Errorf("%q: a position of %d stones, want fewer than 9", l, ply)
		}
		if f[4] != "0" {
			t.Errorf("%q: result %s, want 0 for a game stopped early", l, f[4])
		}
		last[f[0]] = max(last[f[0]], ply)
	}
	if len(last) != 3 {
		t.Fatalf("games %v, want 3", last)
	}
	for g, ply := range last {
		if ply != 8 {
			t.Errorf("game %s: last position at %d stones, want 8", g, ply)
		}
	}
}
