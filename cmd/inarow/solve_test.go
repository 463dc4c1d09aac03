package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/inarow/inarow/internal/cases"
)

// Each valid line is answered "MOVES SCORE NODES MICROSECONDS"; each
// invalid one gets an error naming its line on stderr, and the lines after
// it are still solved.
func TestSolveConnect4Lines(t *testing.T) {
	in := strings.Join([]string{
		"2252576253462244111563365343671351441 -1", // Test_L3_R1 (the extra field is ignored)
		"12a",                                // 2: not a column
		"1111111",                            // 3: column 1 is full at the 7th move
		"1212121",                            // 4: the 7th move makes four in a column
		"",                                   // blank: skipped
		"8",                                  // 6: beyond the 7 columns
		"7422341735647741166133573473242566", // Test_L3_R1: 1
	}, "\n") + "\n"
	res := cli(t, in, "solve", "connect4")
	if res.code != 1 {
		t.Errorf("exit code %d, want 1 (some lines were invalid); stderr:\n%s", res.code, res.stderr)
	}
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	if len(lines) != 2 {
		t.Fatalf("stdout has %d lines, want 2:\n%s", len(lines), res.stdout)
	}
	for i, want := range []string{"2252576253462244111563365343671351441 -1", "7422341735647741166133573473242566 1"} {
		f := strings.Fields(lines[i])
		if len(f) != 4 || f[0]+" "+f[1] != want {
			t.Errorf("line %q, want %q followed by nodes and microseconds", lines[i], want)
		}
	}
	for _, want := range []string{"line 2:", "line 3:", "line 4:", "line 6:", "full", "column digit", "in a row"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
	if strings.Contains(res.stderr, "line 1:") || strings.Contains(res.stderr, "line 7:") {
		t.Errorf("a valid line was reported:\n%s", res.stderr)
	}
}

// Other gravity boards through --rules: the empty 4×4 board is a draw.
func TestSolveRules(t *testing.T) {
	res := cli(t, "-\n", "solve", "mnk", "--rules", "m=4,n=4,k=4,gravity", "--table-mb", "4")
	if res.code != 0 || !strings.HasPrefix(res.stdout, "- 0 ") {
		t.Fatalf("4×4: %+v", res)
	}
	res = cli(t, "", "solve", "mnk", "--rules", "m=4,n=4,k=4")
	if res.code != 2 || !strings.Contains(res.stderr, "gravity") {
		t.Fatalf("without gravity: %+v", res)
	}
}

// --weak prints the sign of each score: of the position for solve, of
// each column for analyze; the other commands refuse it.
func TestSolveWeak(t *testing.T) {
	// Test_L3_R1 lines scoring -1, 1 and 0 (a draw).
	in := "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n23163416124767223154467471272416755633\n"
	res := cli(t, in, "solve", "connect4", "--weak", "--table-mb", "16")
	if res.code != 0 {
		t.Fatalf("%+v", res)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(res.stdout), "\n") {
		got = append(got, strings.Join(strings.Fields(l)[:2], " "))
	}
	want := []string{"2252576253462244111563365343671351441 -1", "7422341735647741166133573473242566 1", "23163416124767223154467471272416755633 0"}
	if strings.Join(got, ";") != strings.Join(want, ";") {
		t.Errorf("solve --weak: %q, want %q", got, want)
	}
	// The Test_L2_R1 position of TestAnalyzeConnect4: its best column wins.
	res = cli(t, "", "analyze", "connect4", "3457741246677474572223453551", "--weak")
	if f := strings.Fields(res.stdout); res.code != 0 || len(f) != 7 || !slices.Contains(f, "1") || f[3] != "-" || f[6] != "-" {
		t.Errorf("analyze --weak: %+v", res)
	}
	for _, v := range strings.Fields(res.stdout) {
		if v != "-" && v != "-1" && v != "0" && v != "1" {
			t.Errorf("analyze --weak: score %q is not a sign", v)
		}
	}
	if res := cli(t, "", "bench", "solve", "--weak"); res.code != 2 {
		t.Errorf("bench solve --weak: %+v", res)
	}
}

// --at-least S prints whether each score is at least S, for solve only,
// on both word sizes; a score that is not a number, or --weak beside it,
// is refused.
func TestSolveAtLeast(t *testing.T) {
	// Test_L3_R1 lines scoring -1, 1 and 0, then 4453 (-2, from the book).
	in := "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n23163416124767223154467471272416755633\n4453\n"
	for _, tc := range []struct {
		w    string
		want []string
	}{
		{"0", []string{"<0", ">=0", ">=0", "<0"}},
		{"1", []string{"<1", ">=1", "<1", "<1"}},
		{"-2", []string{">=-2", ">=-2", ">=-2", ">=-2"}},
	} {
		res := cli(t, in, "solve", "connect4", "--at-least", tc.w, "--table-mb", "16")
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(res.stdout), "\n") {
			if f := strings.Fields(l); len(f) == 4 {
				got = append(got, f[1])
			}
		}
		if res.code != 0 || !slices.Equal(got, tc.want) {
			t.Errorf("solve --at-least %s: %q, want %q (%+v)", tc.w, got, tc.want, res)
		}
	}
	// 9×7 takes the 128-bit solver: a random position of 40 stones
	// scoring 3 (bench solve --random 12 --stones 40 --seed 5).
	for w, want := range map[string]string{"3": ">=3", "4": "<4"} {
		res := cli(t, "2288421335253694234746766144919922733118\n", "solve", "mnk", "--rules", "m=9,n=7,k=4,gravity", "--table-mb", "16", "--at-least", w)
		if f := strings.Fields(res.stdout); res.code != 0 || len(f) != 4 || f[1] != want {
			t.Errorf("solve 9x7 --at-least %s: %+v, want %s", w, res, want)
		}
	}
	for _, args := range [][]string{
		{"solve", "connect4", "--at-least", "two"},
		{"solve", "connect4", "--at-least", "1", "--weak"},
		{"analyze", "connect4", "44", "--at-least", "1"},
	} {
		if res := cli(t, "4453\n", args...); res.code != 2 || res.stdout != "" || res.stderr == "" {
			t.Errorf("%q: %+v", args, res)
		}
	}
}

// --threads 2 and the default (every core) give the scores of one
// thread; --threads 0 is refused.
func TestSolveThreads(t *testing.T) {
	in := "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n23163416124767223154467471272416755633\n"
	scores := func(out string) string {
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			got = append(got, strings.Join(strings.Fields(l)[:2], " "))
		}
		return strings.Join(got, ";")
	}
	one := cli(t, in, "solve", "connect4", "--table-mb", "16", "--threads", "1")
	two := cli(t, in, "solve", "connect4", "--table-mb", "16", "--threads", "2")
	all := cli(t, in, "solve", "connect4", "--table-mb", "16")
	if one.code != 0 || two.code != 0 || all.code != 0 || scores(one.stdout) != scores(two.stdout) || scores(one.stdout) != scores(all.stdout) {
		t.Errorf("one thread %+v\ntwo threads %+v\nevery core %+v", one, two, all)
	}
	a1 := cli(t, "", "analyze", "connect4", "444", "--table-mb", "16", "--threads", "1")
	a2 := cli(t, "", "analyze", "connect4", "444", "--table-mb", "16", "--threads", "2", "--weak")
	if a1.code != 0 || a2.code != 0 || len(strings.Fields(a2.stdout)) != 7 {
		t.Errorf("analyze: %+v %+v", a1, a2)
	}
	for i, v := range strings.Fields(a1.stdout) {
		n, _ := strconv.Atoi(v)
		if w := strings.Fields(a2.stdout)[i]; w != strconv.Itoa(min(max(n, -1), 1)) {
			t.Errorf("analyze column %d: %s with one thread, %s weak with two", i+1, v, w)
		}
	}
	if res := cli(t, "", "solve", "connect4", "--threads", "0"); res.code != 2 || !strings.Contains(res.stderr, "--threads") {
		t.Errorf("--threads 0: %+v", res)
	}
}

// analyze prints one score per column, "-" for a full one.
func TestAnalyzeConnect4(t *testing.T) {
	// A Test_L2_R1 position, score 5 for the player to move; columns 4 and 7 are full.
	moves := "3457741246677474572223453551"
	res := cli(t, "", "analyze", "connect4", moves)
	if res.code != 0 {
		t.Fatalf("%+v", res)
	}
	f := strings.Fields(res.stdout)
	if len(f) != 7 {
		t.Fatalf("want 7 scores, got %q", res.stdout)
	}
	best := -100
	for i, v := range f {
		full := strings.Count(moves, string(rune('1'+i))) == 6
		if (v == "-") != full {
			t.Errorf("column %d: %q (full: %v)", i+1, v, full)
		}
		if full {
			continue
		}
		var n int
		for _, c := range strings.TrimPrefix(v, "-") {
			n = 10*n + int(c-'0')
		}
		if strings.HasPrefix(v, "-") {
			n = -n
		}
		best = max(best, n)
	}
	if best != 5 {
		t.Errorf("analyze %s = %q; want a best score of 5", moves, res.stdout)
	}
	if res := cli(t, "", "analyze", "connect4", "1212121"); res.code != 1 || !strings.Contains(res.stderr, "in a row") {
		t.Errorf("analyze of a won position: %+v", res)
	}
}

// bench solve runs the built-in sets, or those of --sets DIR, and reports
// no wrong score; a directory without a set is an error.
func TestBenchSolve(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1"} {
		data, err := fs.ReadFile(cases.PonsSets(), name)
		if err != nil {
			t.Fatal(err)
		}
		// the first 20 lines only: a different table from the built-in one
		lines := strings.SplitAfterN(string(data), "\n", 21)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(lines[:20], "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		n    string
	}{
		{nil, "50"},
		{[]string{"--sets", dir}, "20"},
	} {
		args := append([]string{"bench", "solve", "--only", "L3_R1,L2_R1", "--max", "50", "--table-mb", "8"}, tc.args...)
		res := cli(t, "", args...)
		if res.code != 0 {
			t.Fatalf("%v: %+v", args, res)
		}
		lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "set") {
			t.Fatalf("%v: table:\n%s", args, res.stdout)
		}
		for i, name := range []string{"Test_L3_R1", "Test_L2_R1"} {
			f := strings.Fields(lines[i+1])
			if len(f) != 5 || f[0] != name || f[1] != tc.n || f[4] != "0" {
				t.Errorf("%v: row %q, want %s with %s positions and 0 wrong", args, lines[i+1], name, tc.n)
			}
		}
	}
	if res := cli(t, "", "bench", "solve", "--sets", t.TempDir()); res.code != 1 || !strings.Contains(res.stderr, "no benchmark set") || res.stdout != "" {
		t.Errorf("no sets: %+v", res)
	}
	if res := cli(t, "", "bench", "solve", "--only", "L9_R9"); res.code != exitUsage || !strings.Contains(res.stderr, "no set L9_R9") || res.stdout != "" {
		t.Errorf("--only L9_R9: %+v", res)
	}
}

// bench solve --random prints a row for each stone count, the same table
// for the same seed, on a 128-bit board as on a one-word one; bad
// requests are usage errors.
func TestBenchSolveRandom(t *testing.T) {
	for _, rules := range []string{"m=5,n=4,k=4,gravity", "m=9,n=7,k=4,gravity"} {
		args := []string{"bench", "solve", "--random", "3", "--stones", "55,51", "--rules", rules, "--table-mb", "4", "--seed", "7"}
		if rules[2] == '5' {
			args[5] = "16,12"
		}
		res := cli(t, "", args...)
		if res.code != 0 {
			t.Fatalf("%s: %+v", rules, res)
		}
		lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], rules) || !strings.HasPrefix(lines[1], "stones") {
			t.Fatalf("%s: table:\n%s", rules, res.stdout)
		}
		for i, n := range strings.Split(args[5], ",") {
			f := strings.Fields(lines[i+2])
			if len(f) != 6 || f[0] != n || f[1] != "3" {
				t.Errorf("%s: row %q, want %s stones, 3 positions", rules, lines[i+2], n)
			}
		}
		if f := strings.Fields(lines[3]); f[5] == "-" {
			t.Errorf("%s: the second row has no growth: %q", rules, lines[3])
		}
		// the positions depend on the seed alone: the same nodes again
		again := cli(t, "", args...)
		nodes := func(out string) string {
			var col []string
			for _, l := range strings.Split(strings.TrimSpace(out), "\n")[2:] {
				col = append(col, strings.Fields(l)[4])
			}
			return strings.Join(col, " ")
		}
		if nodes(again.stdout) != nodes(res.stdout) {
			t.Errorf("%s: same seed, nodes %s then %s", rules, nodes(res.stdout), nodes(again.stdout))
		}
	}
	// --print: the positions, one a line, of each stone count in turn
	res := cli(t, "", "bench", "solve", "--random", "3", "--stones", "12,9", "--seed", "7", "--print")
	lines := strings.Fields(res.stdout)
	if res.code != 0 || len(lines) != 6 {
		t.Fatalf("--print: %+v", res)
	}
	for i, l := range lines {
		if want := []int{12, 9}[i/3]; len(l) != want || strings.Trim(l, "1234567") != "" {
			t.Errorf("--print line %d: %q, want %d columns", i, l, want)
		}
	}
	if again := cli(t, "", "bench", "solve", "--random", "3", "--stones", "12,9", "--seed", "7", "--print"); again.stdout != res.stdout {
		t.Errorf("--print, same seed: %q then %q", res.stdout, again.stdout)
	}
	for _, bad := range [][]string{
		{"--random", "3"},                                            // no stone counts
		{"--random", "0", "--stones", "10"},                          // no positions
		{"--random", "2", "--stones", "10,x"},                        // not a number
		{"--random", "2", "--stones", "42"},                          // a full 7×6 board
		{"--random", "2", "--stones", "5", "--rules", "m=3,n=3,k=3"}, // no gravity
	} {
		if res := cli(t, "", append([]string{"bench", "solve"}, bad...)...); res.code != 2 || res.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", bad, res.code, res.stderr)
		}
	}
}

// --help on each solver command prints the commands' text and its flags.
func TestSolveHelp(t *testing.T) {
	for _, args := range [][]string{{"solve", "--help"}, {"analyze", "--help"}, {"bench", "solve", "--help"}} {
		res := cli(t, "", args...)
		if res.code != exitOK || !strings.Contains(res.stderr, "inarow solve connect4 [--rules RULES]") || !strings.Contains(res.stderr, "-weak") || !strings.Contains(res.stderr, "-table-mb") {
			t.Errorf("%v: code %d, stderr:\n%s", args, res.code, res.stderr)
		}
	}
}

// step and play take GAME first; --help in its place prints the usage and
// the flags (it answered "unknown game").
func TestStepPlayHelp(t *testing.T) {
	for _, tc := range []struct{ cmd, usage, flag string }{{"step", stepUsage, "-strict"}, {"play", playUsage, "-level"}} {
		res := cli(t, "", tc.cmd, "--help")
		if res.code != exitOK || !strings.Contains(res.stderr, tc.usage) || !strings.Contains(res.stderr, tc.flag) || strings.Contains(res.stderr, "unknown game") {
			t.Errorf("%s --help: code %d, stderr:\n%s", tc.cmd, res.code, res.stderr)
		}
	}
}

// solve and analyze open alike: the usage for a wrong count of
// arguments, the error for an unknown game, exit 0 for --help.
func TestSolveAndAnalyzeArguments(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"solve"}, exitUsage, "usage: inarow solve connect4"},
		{[]string{"solve", "connect4", "44"}, exitUsage, "usage: inarow solve connect4"},
		{[]string{"solve", "chess"}, exitUsage, `inarow solve: unknown game "chess"`},
		{[]string{"solve", "--help"}, exitOK, "Flags:"},
		{[]string{"analyze"}, exitUsage, "usage: inarow analyze connect4 MOVES"},
		{[]string{"analyze", "connect4", "44", "55"}, exitUsage, "usage: inarow analyze connect4 MOVES"},
		{[]string{"analyze", "mnk", "44"}, exitUsage, "inarow analyze: game mnk needs --rules"},
		{[]string{"analyze", "--help"}, exitOK, "Flags:"},
	} {
		res := cli(t, "", tc.args...)
		if res.code != tc.code || !strings.Contains(res.stderr, tc.stderr) || res.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want %d and %q", tc.args, res.code, res.stderr, res.stdout, tc.code, tc.stderr)
		}
	}
}
