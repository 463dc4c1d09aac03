package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// blundersSGF is three games of x against rapfi as c-gomoku-cli records
// them: x loses as black, loses as white and wins.
const blundersSGF = `(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[x]PW[rapfi]RE[W+1]
;B[hh]C[opening move];W[hi]C[opening move];B[ii]C[opening move]
;W[jj]C[200ms];B[kk]C[190ms];W[ll]C[200ms];B[aa]C[180ms];W[bb]C[200ms];B[cc]C[170ms];W[dd]C[5ms])
(;FF[4]GM[4]GN[2]RU[0]SZ[15]PB[rapfi]PW[x]RE[B+1]
;B[hh]C[opening move];W[hi]C[opening move];B[ii]C[opening move]
;W[jj]C[200ms];B[kk]C[190ms];W[ll]C[200ms];B[aa]C[180ms];W[bb]C[200ms];B[cc]C[170ms];W[dd]C[5ms];B[ee]C[1ms])
(;FF[4]GM[4]GN[3]RU[0]SZ[15]PB[x]PW[rapfi]RE[B+1]
;B[hh]C[opening move];W[hi]C[opening move];B[ii]C[opening move]
;W[jj]C[200ms];B[kk]C[190ms])
`

// blunders judges the lost games only, after the loser's moves from the
// end of the set opening, stops at the first mate, and writes the
// position of a sudden one (the value before it at most -even) with the
// judge's mate and the nodes of its first report; a loss whose value
// climbed above -even first is a comment only. The fake brain's value is
// 100 × its own stones + the other's, and a mate from 9 stones on.
func TestBlundersCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_BRAIN", "1")
	t.Setenv("FAKE_MATE", "9")
	dir := t.TempDir()
	in := filepath.Join(dir, "g.sgf")
	if err := os.WriteFile(in, []byte(blundersSGF), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	run := func(even string) string {
		t.Helper()
		if err := blunders([]string{"-brain", exe, "-against", "rapfi", "-even", even, "-o", out, in}); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	want := "# game 1 (x lost as black): 5:203 7:304 9:+M7\n" +
		"M7 1009 7,7 7,8 8,8 9,9 10,10 11,11 0,0 1,1 2,2\n" +
		"# game 2 (x lost as white): 4:202 6:303 8:404 10:+M7\n" +
		"M7 1010 7,7 7,8 8,8 9,9 10,10 11,11 0,0 1,1 2,2 3,3\n"
	if got := run("1000"); got != want {
		t.Errorf("-even 1000 wrote\n%s\nwant\n%s", got, want)
	}
	want = "# game 1 (x lost as black): 5:203 7:304 9:+M7\n" +
		"# game 2 (x lost as white): 4:202 6:303 8:404 10:+M7\n"
	if got := run("250"); got != want {
		t.Errorf("-even 250 (both gradual) wrote\n%s\nwant\n%s", got, want)
	}
	// no mate at all: the values only
	t.Setenv("FAKE_MATE", "99")
	want = "# game 1 (x lost as black, no mate seen): 5:203 7:304 9:405\n" +
		"# game 2 (x lost as white, no mate seen): 4:202 6:303 8:404 10:505\n"
	if got := run("1000"); got != want {
		t.Errorf("no mate wrote\n%s\nwant\n%s", got, want)
	}
	// a game without the opponent, and no opponent named, are refused
	if err := blunders([]string{"-brain", exe, "-against", "nobody", "-o", out, in}); err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Errorf("-against nobody: %v, want an error naming game 1", err)
	}
	if err := blunders([]string{"-brain", exe, "-o", out, in}); err == nil {
		t.Error("no -against: no error")
	}
}
