package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayRenju: two humans play renju; black's double-three point h8 is
// marked and listed, and typing it is refused with the kind.
func TestPlayRenju(t *testing.T) {
	input := "f8\na1\ng8\na3\nh7\na5\nh6\na7\nh8\nquit\n"
	res := cli(t, input, "play", "gomoku", "--rule", "renju", "--size", "15", "--first", "human", "--second", "human", "--color", "never")
	golden(t, "play_renju.txt", res.stdout)
	for _, want := range []string{
		"Renju 15×15 — type",
		"× forbidden to ⚫: h8 (double-three)",
		`"h8" is forbidden to ⚫ in renju: it makes a double-three`,
		" × ",
		"bye",
	} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if res.code != 0 {
		t.Errorf("exit %d: %s", res.code, res.stderr)
	}
}

// TestPlayGomokuRules: the other rules and sizes, and the flags' errors.
func TestPlayGomokuRules(t *testing.T) {
	// Caro: a five against the edge wins (the edge does not block) …
	res := cli(t, "a5\nf5\nb5\nb6\nc5\nb4\nd5\nb3\ne5\n", "play", "gomoku", "--rule", "caro", "--size", "9", "--first", "human", "--second", "human", "--color", "never")
	if !strings.Contains(res.stdout, "⚫ wins: a5, b5, c5, d5, e5") {
		t.Errorf("caro, five against the edge:\n%s", res.stdout)
	}
	// … one blocked at both ends by white does not.
	res = cli(t, "b5\na5\nc5\ng5\nd5\na1\ne5\na2\nf5\nquit\n", "play", "gomoku", "--rule", "caro", "--size", "9", "--first", "human", "--second", "human", "--color", "never")
	if strings.Contains(res.stdout, "wins") || !strings.Contains(res.stdout, "bye") {
		t.Errorf("caro, blocked five:\n%s", res.stdout)
	}
	// Standard: an overline does not end the game.
	input := "a1\na2\nb1\nb2\nc1\nc2\ne1\ne2\nf1\nf2\nd1\nquit\n"
	res = cli(t, input, "play", "gomoku", "--rule", "standard", "--size", "7", "--first", "human", "--second", "human", "--color", "never")
	if strings.Contains(res.stdout, "wins") || !strings.Contains(res.stdout, "bye") {
		t.Errorf("standard overline:\n%s", res.stdout)
	}
	for _, args := range [][]string{
		{"play", "tictactoe", "--rule", "renju"},
		{"play", "gomoku", "--rule", "chess"},
		{"play", "gomoku", "--size", "4"},
		{"play", "gomoku", "--size", "21"},
		{"play", "gomoku", "--rule", "renju", "--rules", "gomoku"},
	} {
		if res := cli(t, "", args...); res.code != exitUsage || res.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, res.code, res.stderr)
		}
	}
	// The computer plays renju as black without a forbidden move.
	res = cli(t, "quit\n", "play", "gomoku", "--rule", "renju", "--size", "9", "--first", "computer", "--second", "human", "--color", "never")
	if !strings.Contains(res.stdout, "computer (⚫) plays") {
		t.Errorf("renju computer:\n%s%s", res.stdout, res.stderr)
	}
}

func analyze(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := runAnalyzeGomoku(args, &out, &errb)
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

// TestAnalyzeGomoku finds VCFs in records: an SGF with its rule, a .psq
// with the rule given, and a renju position where white forces black onto
// a forbidden point.
func TestAnalyzeGomoku(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Black: c13 d13 e13 blocked by b13; g12 g11 g10 (a broken line to
	// g14) blocked by g9; white scattered. Black to move has a VCF.
	sgf := write("vcf.sgf", "(;FF[4]GM[4]RU[0]SZ[15]PB[a]PW[b]\n;B[cc];W[bc];B[dc];W[gi];B[ec];W[aa];B[gd];W[ao];B[ge];W[oo];B[gf];W[oa])\n")
	res := cli(t, "", "analyze", "gomoku", "--record", sgf) // through the binary: the dispatch too
	golden(t, "analyze_gomoku_vcf.txt", res.stdout)
	if res.code != 0 || !strings.Contains(res.stdout, "VCF for ⚫ in") {
		t.Errorf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// Earlier in the game there is none.
	res = analyze(t, "--record", sgf, "--moves", "4")
	if res.code != 0 || !strings.Contains(res.stdout, "VCF for ⚫: none within 20 fours") {
		t.Errorf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// Two open twos crossing at h8: no VCF, a VCT by the double three
	// (h8), a straight four and five; with the black stones of one two
	// only, none.
	vct := write("vct.sgf", "(;FF[4]GM[4]RU[0]SZ[15]PB[a]PW[b]\n;B[hf];W[aa];B[hg];W[oa];B[fh];W[ao];B[gh];W[oo])\n")
	res = analyze(t, vct)
	if res.code != 0 || !strings.Contains(res.stdout, "VCF for ⚫: none within") || !strings.Contains(res.stdout, "VCT for ⚫ in 3 moves: ⚫h8 ⚪") {
		t.Errorf("vct: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	res = analyze(t, vct, "--moves", "4", "--vct-depth", "3")
	if res.code != 0 || !strings.Contains(res.stdout, "VCT for ⚫: none found (depth 3,") {
		t.Errorf("vct, 4 moves: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// Renju from a .psq: white (to move) wins by taking f13, black's
	// forbidden overline point, with a straight four. (Black's block on
	// a forbidden point, "⚫any" in a line, is engine/gomoku's
	// TestFindVCF.)
	psq := write("renju.psq", "Piskvorky 15x15, 11:11, 0\n3,3,0\n6,4,0\n4,3,0\n6,5,0\n5,3,0\n6,6,0\n7,3,0\n1,15,0\n8,3,0\n15,15,0\n6,8,0\n")
	res = analyze(t, psq, "--rule", "renju")
	if res.code != 0 || !strings.Contains(res.stdout, "VCF for ⚪ in 2 moves: ⚪f13 ⚫f14 ⚪f9") {
		t.Errorf("renju psq: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// As freestyle, black's f13 is a five: white has no VCF that ignores
	// it.
	res = analyze(t, psq)
	if res.code != 0 || !strings.Contains(res.stdout, "freestyle") {
		t.Errorf("freestyle psq: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// Errors.
	bad := write("bad.sgf", "(;GM[1])")
	for _, args := range [][]string{{}, {"--record", filepath.Join(dir, "missing")}, {"--record", bad}, {"--record", sgf, "--moves", "99"}, {"--record", sgf, "--rule", "go"}} {
		if res := analyze(t, args...); res.code == 0 || res.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, res.code, res.stderr)
		}
	}
}

// TestBenchGomoku runs the gomoku benchmark through the binary: every VCF
// position solved, every quiet one searched, the totals printed; bad
// flags are refused with the usage.
func TestBenchGomoku(t *testing.T) {
	res := cli(t, "", "bench", "gomoku", "--depth", "3")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	if len(lines) != 1+8+6+2 {
		t.Fatalf("%d lines:\n%s", len(lines), res.stdout)
	}
	for _, l := range lines[1:9] {
		if f := strings.Fields(l); f[1] != "vcf" || !strings.Contains(l, "VCF, starts at") {
			t.Errorf("vcf line %q", l)
		}
	}
	for _, l := range lines[9:15] {
		if f := strings.Fields(l); f[1] != "search" || !strings.Contains(l, ", plays ") {
			t.Errorf("search line %q", l)
		}
	}
	if !strings.HasPrefix(lines[15], "vcf: 8 of 8 found, mean ") || !strings.HasPrefix(lines[16], "search (depth 3): 6 positions, mean ") {
		t.Errorf("totals:\n%s\n%s", lines[15], lines[16])
	}
	// two threads for a turn of 100 ms: the depth reached is reported
	res = cli(t, "", "bench", "gomoku", "--time", "100ms", "--threads", "2")
	if res.code != 0 || !strings.Contains(res.stdout, "search (100ms a turn, mean depth ") || !strings.Contains(res.stdout, ", 2 threads): 6 positions") {
		t.Errorf("--time --threads: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	for _, args := range [][]string{{"--depth", "0"}, {"--depth", "x"}, {"extra"}, {"--threads", "0"}, {"--time", "-1s"}} {
		res := cli(t, "", append([]string{"bench", "gomoku"}, args...)...)
		if res.code != exitUsage || res.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, res.code, res.stderr)
		}
	}
}
