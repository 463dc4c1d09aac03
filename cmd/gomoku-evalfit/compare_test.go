package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// compare scores the engine and other files' values against a target
// file: a file holding the target's own values foretells it exactly (its
// loss is the target's entropy, at scale 1), the engine does worse, a
// position some file lacks or values as a mate is left out, and files it
// cannot read are refused.
func TestCompareCommand(t *testing.T) {
	const target = "testdata/gen_sample.txt"
	data, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// same: the target itself but for its first two valued positions,
	// one dropped and one a mate
	var same []string
	dropped := 0
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(l)
		if dropped < 2 && !strings.Contains(f[2], "M") {
			if dropped == 1 {
				f[2] = "+M3"
				same = append(same, strings.Join(f, " "))
			}
			dropped++
			continue
		}
		same = append(same, l)
	}
	samePath := filepath.Join(dir, "same.txt")
	if err := os.WriteFile(samePath, []byte(strings.Join(same, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := compareTo(&out, []string{target, samePath}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 10 || !strings.Contains(lines[0], "2 without a value in every file") || !strings.HasPrefix(lines[6], "bias:") {
		t.Fatalf("output:\n%s", out.String())
	}
	// the bias table: the target's own values lean nowhere, in every
	// split; the engine's do somewhere; the splits by four points hold
	// every position between them
	for i, f := range strings.Fields(lines[9])[1:] {
		if i%2 == 0 && f != "+0.000" && f != "-0.000" {
			t.Errorf("the target's own values: bias %s in split %d", f, i/2)
		}
	}
	engineBias := strings.Fields(lines[8])[1:]
	if engineBias[0] == "+0.000" || engineBias[0] == "-0.000" {
		t.Errorf("the engine's bias row: %q", lines[8])
	}
	count := func(f string) int { n, _ := strconv.Atoi(strings.Trim(f, "()")); return n }
	if all, none, mover, other := count(engineBias[1]), count(engineBias[11]), count(engineBias[7]), count(engineBias[9]); none+max(mover, other) > all || none+mover+other < all || count(engineBias[3])+count(engineBias[5]) != all {
		t.Errorf("the splits' counts do not add up: %q", lines[8])
	}
	// each row: name, scale, then loss (count) for all and four bands
	row := func(l string) (scale, loss float64, n int) {
		f := strings.Fields(l)
		f = f[len(f)-11:]
		scale, _ = strconv.ParseFloat(f[0], 64)
		loss, _ = strconv.ParseFloat(f[1], 64)
		n, _ = strconv.Atoi(strings.Trim(f[2], "()"))
		return
	}
	_, entropy, n := row(lines[2])
	_, engine, n2 := row(lines[3])
	scale, own, n3 := row(lines[4])
	if n < 100 || n != n2 || n != n3 {
		t.Errorf("counts %d %d %d:\n%s", n, n2, n3, out.String())
	}
	if own != entropy || scale < 0.999 || scale > 1.001 {
		t.Errorf("the target's own values: loss %v at scale %v, entropy %v", own, scale, entropy)
	}
	if engine <= entropy+0.001 {
		t.Errorf("the engine's loss %v is not above the entropy %v", engine, entropy)
	}
	for _, bad := range [][]string{
		{},
		{filepath.Join(dir, "none.txt")},
		{target, filepath.Join(dir, "none.txt")},
		{"-holdout", "0", target},
	} {
		if err := compareTo(&out, bad); err == nil {
			t.Errorf("%q: taken", bad)
		}
	}
}
