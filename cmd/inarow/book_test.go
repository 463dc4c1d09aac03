package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// book generate writes a reproducible book that book check verifies.
func TestBookGenerateAndCheck(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.book"), filepath.Join(dir, "b.book"), filepath.Join(dir, "c.book")
	for _, args := range [][]string{
		{"book", "generate", "--rules", "m=5,n=4,k=4,gravity", "--depth", "5", "--out", a, "--table-mb", "4", "--quiet", "--threads", "1"},
		{"book", "generate", "mnk", "--rules", "m=5,n=4,k=4,gravity", "--depth", "5", "--out", b, "--table-mb", "4", "--jobs", "2"},
		{"book", "generate", "--rules", "m=5,n=4,k=4,gravity", "--depth", "5", "--out", c, "--table-mb", "4", "--quiet", "--jobs", "2", "--threads", "3"},
	} {
		res := cli(t, "", args...)
		if res.code != 0 || !strings.Contains(res.stdout, "depth 5") {
			t.Fatalf("%v: exit %d\n%s%s", args, res.code, res.stdout, res.stderr)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	dc, _ := os.ReadFile(c)
	if len(da) == 0 || !bytes.Equal(da, db) || !bytes.Equal(da, dc) {
		t.Fatalf("three generations differ (%d, %d and %d bytes)", len(da), len(db), len(dc))
	}
	res := cli(t, "", "book", "check", a, "--samples", "5", "--table-mb", "4")
	if res.code != 0 || strings.Count(res.stdout, " ok\n") != 5 {
		t.Fatalf("book check: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	for _, args := range [][]string{
		{"book"},
		{"book", "generate", "--out", a},
		{"book", "generate", "--depth", "2"},
		{"book", "generate", "--depth", "2", "--out", a, "--threads", "-1"},
		{"book", "frobnicate"},
	} {
		if res := cli(t, "", args...); res.code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, res.code, exitUsage)
		}
	}
	if res := cli(t, "", "book", "--help"); res.code != 0 || !strings.Contains(res.stdout, "inarow book worker --db") {
		t.Errorf("book --help: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if res := cli(t, "", "book", "check", filepath.Join(dir, "none.book")); res.code != 1 {
		t.Errorf("check of a missing file: exit %d", res.code)
	}
}

// An interrupted generation resumes from its journal: the positions it
// holds are not solved again, a torn last line is dropped, and the book
// comes out the same bytes.
func TestBookJournalResume(t *testing.T) {
	dir := t.TempDir()
	whole, resumed := filepath.Join(dir, "whole.book"), filepath.Join(dir, "resumed.book")
	j := filepath.Join(dir, "j")
	gen := func(out string) result {
		return cli(t, "", "book", "generate", "--rules", "m=5,n=4,k=4,gravity", "--depth", "5", "--out", out, "--table-mb", "4", "--journal", j)
	}
	if res := gen(whole); res.code != 0 {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	data, err := os.ReadFile(j)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 10 || lines[0] != "inarow-book-journal 1\n" || lines[1] != "rules=m=5,n=4,k=4,gravity depth=5\n" {
		t.Fatalf("journal:\n%s", data)
	}
	solved := len(lines) - 3 // two header lines and the empty string after the last newline
	// Keep the header and half the positions, then a torn line.
	kept := 2 + solved/2
	cut := strings.Join(lines[:kept], "") + lines[kept][:3]
	if err := os.WriteFile(j, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	res := gen(resumed)
	if res.code != 0 || !strings.Contains(res.stderr, fmt.Sprintf("%d positions solved before", solved/2)) {
		t.Fatalf("resume: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(resumed)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("the resumed book differs (%d and %d bytes)", len(a), len(b))
	}
	again, _ := os.ReadFile(j)
	if got := strings.Count(string(again), "\n"); got != solved+2 {
		t.Errorf("journal after the resume has %d lines, want %d:\n%s", got, solved+2, again)
	}
	// A journal of other rules or depth is refused, not mixed in.
	res = cli(t, "", "book", "generate", "--rules", "m=5,n=4,k=4,gravity", "--depth", "4", "--out", resumed, "--table-mb", "4", "--journal", j)
	if res.code != 1 || !strings.Contains(res.stderr, "not a journal of a m=5,n=4,k=4,gravity book of depth 4") {
		t.Errorf("other depth: exit %d\n%s", res.code, res.stderr)
	}
}

// solve and analyze take boards beyond one word (9×7, 8×8) through the
// 128-bit solver.
func TestSolveBigBoards(t *testing.T) {
	res := cli(t, "4455\n12a\n", "solve", "mnk", "--rules", "m=9,n=7,k=4,gravity", "--table-mb", "4")
	if f := strings.Fields(res.stdout); res.code != 1 || len(f) != 4 || f[0] != "4455" || f[1] != "29" || !strings.Contains(res.stderr, "line 2:") {
		t.Fatalf("solve 9×7: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	res = cli(t, "", "analyze", "mnk", "218723634227571875836867767784414151653888114362", "--rules", "m=8,n=8,k=4,gravity", "--table-mb", "4")
	if res.code != 0 || strings.TrimSpace(res.stdout) != "-8 -8 -8 8 8 -8 - -" {
		t.Fatalf("analyze 8×8: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}
