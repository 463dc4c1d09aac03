package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// depths reads each brain's iterations, Rapfi's INFO lines and
// pbrain-inarow's MESSAGE lines alike, and sets them side by side: the
// fake brain reports depths 2 to n+1 on a board of n stones, at 10^depth
// nodes and depth ms, or twice the nodes and three times the time.
func TestDepthsCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "pos.txt")
	// boards of 2, 3 and 4 stones; -every 2 keeps the first and the last
	if err := os.WriteFile(in, []byte("1 2 0 1 7,7 8,8\n1 3 0 -1 7,7 8,8 9,9\n1 4 0 1 7,7 8,8 9,9 1,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	t.Setenv("FAKE_BRAIN", "1")
	t.Setenv("FAKE_ITERS", "info")
	rapfi := filepath.Join(dir, "rapfi")
	if err := os.Symlink(exe, rapfi); err != nil {
		t.Fatal(err)
	}
	// the second brain is the same program in the other style: a script
	// setting its style
	ours := filepath.Join(dir, "ours")
	script := "#!/bin/sh\nFAKE_ITERS=message exec " + exe + "\n"
	if err := os.WriteFile(ours, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := depths([]string{"-brain", rapfi, "-brain", ours, "-turn", "40", "-every", "2", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	// the warm-up board (one stone: depth 2) is not written
	for _, want := range []string{
		"1 " + rapfi + " 2 100 2\n1 " + rapfi + " 3 1000 3\n2 " + rapfi + " 2 100 2\n",
		"2 " + rapfi + " 5 100000 5\n1 " + ours + " 2 200 6\n",
		"2 " + ours + " 5 200000 15\n\n",
		"    2 | 2 | 2, 2.00 and 3.00 (2)\n",
		"    4 | 1 | 1, 2.00 and 3.00 (1)\n",
		"    5 | 1 | 1, 2.00 and 3.00 (1)\n",
		"within a fifth, a half and all of the 40 ms turn: " + rapfi + " 4.0, 4.0, 4.0; " + ours + " 2.0, 4.0, 4.0;",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("depths wrote\n%s\nwithout\n%s", got, want)
		}
	}
	if strings.Contains(got, "\n3 ") {
		t.Errorf("-every 2 took the second position:\n%s", got)
	}
	// the engine in this process, on a real position: its depths go up
	// one at a time, its nodes and times with them
	if err := depths([]string{"-brain", "inarow", "-turn", "60", "-max", "1", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var its []iteration
	for _, l := range lines {
		var pos int
		var name string
		var it iteration
		if n, _ := fmt.Sscan(l, &pos, &name, &it.depth, &it.nodes, &it.ms); n == 5 && name == "inarow" {
			its = append(its, it)
		}
	}
	if len(its) < 3 {
		t.Fatalf("the engine finished %d iterations in 60 ms:\n%s", len(its), data)
	}
	for i, it := range its {
		if it.depth != i+1 || i > 0 && (it.nodes < its[i-1].nodes || it.ms < its[i-1].ms) || it.ms > 60 {
			t.Errorf("iteration %d: %+v after %+v", i, it, its[max(i-1, 0)])
		}
	}
	for _, bad := range [][]string{
		{"-turn", "40", in},                                          // no brain
		{"-brain", "inarow", "-turn", "0", in},                       // no turn
		{"-brain", "inarow", "-every", "0", in},                      // every 0
		{"-brain", "inarow"},                                         // no file
		{"-brain", filepath.Join(dir, "missing"), "-turn", "40", in}, // no such brain
	} {
		if err := depths(append([]string{"-o", out}, bad...)); err == nil {
			t.Errorf("depths %q: no error", bad)
		}
	}
}
