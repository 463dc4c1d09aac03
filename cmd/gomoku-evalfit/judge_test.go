package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// judge grades each file's move by the judging brain's value of the
// position after it, the forced blocks played out first: a move that
// makes an open four wins without asking the judge, a four with one five
// point is asked about after its block (the judge's value then is the
// mover's own), a quiet move after it (the judge's value is the other
// side's). The fake brain's value is 100 a stone of the side to move's
// and 1 a stone of the other's.
func TestJudgeCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FAKE_BRAIN", "1")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// black to move with an open three (position 1) and with a three
	// blocked at one end (position 2); a: the four, b: a quiet move
	p1 := "7,7 0,0 8,7 0,1 9,7 0,2"
	p2 := "7,7 6,7 8,7 0,0 9,7 0,1"
	a := write("a.txt", "1 6 0 10,7 0 "+p1+"\n2 6 0 10,7 0 "+p2+"\n")
	b := write("b.txt", "1 6 0 5,5 0 "+p1+"\n2 6 0 5,5 0 "+p2+"\n")
	cache := filepath.Join(dir, "cache.txt")
	out := filepath.Join(dir, "out.txt")
	// (b twice: its positions are asked once)
	if err := judge([]string{"-brain", exe, "-depth", "4", "-cache", cache, "-o", out, a, b, b}); err != nil {
		t.Fatal(err)
	}
	σ := func(v float64) float64 { return 1 / (1 + math.Exp(-v/200)) }
	gradeA := []float64{1, σ(404)}              // the open four; after the block, black's 4 stones to white's 4
	gradeB := []float64{1 - σ(304), 1 - σ(304)} // white to move: its 3 stones, black's 4
	meanA, meanB := (gradeA[0]+gradeA[1])/2, (gradeB[0]+gradeB[1])/2
	d0, d1 := gradeB[0]-gradeA[0], gradeB[1]-gradeA[1]
	d := (d0 + d1) / 2
	sd := math.Sqrt((d0-d)*(d0-d) + (d1-d)*(d1-d)) // n-1 = 1
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "2 positions") {
		t.Fatalf("judge wrote\n%s", data)
	}
	if f := strings.Fields(lines[2]); len(f) != 2 || f[1] != fmt.Sprintf("%.4f", meanA) {
		t.Errorf("a's line %q, want mean %.4f", lines[2], meanA)
	}
	want := []string{fmt.Sprintf("%.4f", meanB), fmt.Sprintf("%+.4f", d), "±", fmt.Sprintf("%.4f", 2*sd/math.Sqrt(2)), "0/2"}
	for _, l := range lines[3:] {
		if f := strings.Fields(l); len(f) != 6 || strings.Join(f[1:], " ") != strings.Join(want, " ") {
			t.Errorf("b's line %q, want %v", l, want)
		}
	}
	// the judge was asked three positions (not the open four's), each
	// once, and the cache holds its values
	c, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	wantCache := "404 " + p2 + " 10,7 11,7\n304 " + p1 + " 5,5\n304 " + p2 + " 5,5\n"
	if string(c) != wantCache {
		t.Errorf("the cache holds\n%s\nwant\n%s", c, wantCache)
	}
	// with the cache the judge is not asked again: a brain that cannot
	// start gives the same report
	if err := judge([]string{"-brain", filepath.Join(dir, "none"), "-cache", cache, "-o", out, a, b, b}); err != nil {
		t.Fatalf("judged again with the cache: %v", err)
	}
	if again, _ := os.ReadFile(out); string(again) != string(data) {
		t.Errorf("with the cache judge wrote\n%s\nwant\n%s", again, data)
	}
	// bad input is refused: no file, a line without a move, a bad cache
	if err := judge([]string{"-brain", exe}); err == nil {
		t.Error("judge without files: no error")
	}
	nomove := write("c.txt", "1 6 0 0 "+p1+"\n")
	if err := judge([]string{"-brain", exe, "-o", out, a, nomove}); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a line without a move: %v", err)
	}
	// the rule decides the forced block: white's four leaves black one
	// block, which makes black six in a row: a win in freestyle, a
	// forbidden point in renju, a plain block in standard (then white is
	// to move, the mover: 10000 for the rule, 6 stones to 7)
	six := write("six.txt", "3 11 0 6,7 0 2,7 3,7 7,5 4,7 7,6 5,7 7,8 0,0 7,9 0,14 7,10\n")
	for _, c := range []struct{ rule, mean string }{{"freestyle", "0.0000"}, {"renju", "1.0000"}, {"standard", fmt.Sprintf("%.4f", 1/(1+math.Exp(-10607.0/20000)))}} {
		if err := judge([]string{"-brain", exe, "-rule", c.rule, "-scale", "20000", "-o", out, six}); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(out)
		if f := strings.Fields(strings.Split(string(data), "\n")[2]); len(f) != 2 || f[1] != c.mean {
			t.Errorf("%s: judge wrote\n%s\nwant the mean %s", c.rule, data, c.mean)
		}
	}
	bad := write("bad.txt", "x 7,7\n")
	if err := judge([]string{"-brain", exe, "-cache", bad, "-o", out, a}); err == nil || !strings.Contains(err.Error(), "bad.txt:1") {
		t.Errorf("a bad cache line: %v", err)
	}
}
