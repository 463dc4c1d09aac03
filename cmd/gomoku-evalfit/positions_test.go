package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// positions writes a match's positions as gen's lines: every position
// after the opening, or those by one brain's moves on either side, with
// the result for the side to move; label reads them back.
func TestPositionsCommand(t *testing.T) {
	mv := func(x, y int) inarow.Move { return inarow.Move(y*15 + x) }
	// a wins as black from a three-stone opening, then loses as white
	// (the records end before the five: the last position is never
	// written)
	g1 := gomoku.Record{Rule: gomoku.Freestyle, Cols: 15, Rows: 15, Black: "a", White: "b", Result: "B+1", Opening: 3,
		Moves: []inarow.Move{mv(7, 7), mv(8, 8), mv(6, 6), mv(9, 9), mv(5, 5), mv(0, 0), mv(4, 4)}}
	g2 := g1
	g2.Black, g2.White, g2.Result = "b", "a", "B+1"
	dir := t.TempDir()
	sgf := filepath.Join(dir, "g.sgf")
	if err := os.WriteFile(sgf, append(append(g1.MarshalSGF(), '\n'), g2.MarshalSGF()...), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	run := func(args ...string) string {
		t.Helper()
		if err := positions(append(append(args, "-o", out), sgf)); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	all := run("-first", "10")
	want := "10 4 0 1 7,7 8,8 6,6 9,9\n" + // black (the winner) to move
		"10 5 0 -1 7,7 8,8 6,6 9,9 5,5\n" +
		"10 6 0 1 7,7 8,8 6,6 9,9 5,5 0,0\n" +
		"11 4 0 1 7,7 8,8 6,6 9,9\n" +
		"11 5 0 -1 7,7 8,8 6,6 9,9 5,5\n" +
		"11 6 0 1 7,7 8,8 6,6 9,9 5,5 0,0\n"
	if all != want {
		t.Errorf("all positions:\n%s\nwant\n%s", all, want)
	}
	// a is black in game 10, white in 11: after a's moves, the other to move
	if got := run("-first", "10", "-brain", "a", "-side", "moved"); got != "10 5 0 -1 7,7 8,8 6,6 9,9 5,5\n11 4 0 1 7,7 8,8 6,6 9,9\n11 6 0 1 7,7 8,8 6,6 9,9 5,5 0,0\n" {
		t.Errorf("after a's moves:\n%s", got)
	}
	if got := run("-first", "10", "-brain", "a", "-side", "tomove", "-maxply", "5"); got != "10 4 0 1 7,7 8,8 6,6 9,9\n11 5 0 -1 7,7 8,8 6,6 9,9 5,5\n" {
		t.Errorf("a to move, up to 5 stones:\n%s", got)
	}
	// gen's own parser takes every line
	for _, l := range strings.Split(strings.TrimSpace(all), "\n") {
		if _, err := parseGenLine(genRules(gomoku.Freestyle), l); err != nil {
			t.Errorf("%q: %v", l, err)
		}
	}
	for _, bad := range [][]string{
		{"-brain", "c", sgf},
		{"-side", "both", sgf},
		{filepath.Join(dir, "none.sgf")},
		{},
	} {
		if err := positions(append([]string{"-o", out}, bad...)); err == nil {
			t.Errorf("%q: taken", bad)
		}
	}
}
