package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// tune plays its pairs, logs each and keeps its state; a second run with
// the state goes on from there and stops at the run's pairs.
func TestTuneCommand(t *testing.T) {
	dir := t.TempDir()
	ops := filepath.Join(dir, "open.txt")
	if err := os.WriteFile(ops, []byte("-2,0, -1,1, -1,-3\n1,-1, 0,-2, 0,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	state, log := filepath.Join(dir, "state.txt"), filepath.Join(dir, "log.txt")
	args := []string{"-openings", ops, "-turn", "20", "-pairs", "3", "-workers", "2", "-state", state, "-o", log}
	if err := tune(args); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	last := regexp.MustCompile(`(?m)^# after 3 pairs: pbrain-inarow -tuning "([^"]*)"$`).FindSubmatch(data)
	if len(lines) != 3 || last == nil {
		t.Fatalf("log:\n%s", data)
	}
	if _, err := gomokuengine.ParseTuning(string(last[1])); err != nil {
		t.Errorf("the log's last line: %v", err)
	}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 5+len(tuneParams) {
			t.Fatalf("log line %q", l)
		}
		// each game was played past its opening's three stones
		if n1, _ := strconv.Atoi(f[3]); n1 <= 3 {
			t.Errorf("log line %q: a game of no moves", l)
		}
		if n2, _ := strconv.Atoi(f[4]); n2 <= 3 {
			t.Errorf("log line %q: a game of no moves", l)
		}
	}
	sp := newSPSA(3, 0.01)
	if err := sp.load(state); err != nil || sp.k != 3 {
		t.Fatalf("state after the run: %d pairs, %v", sp.k, err)
	}
	if err := tune(args); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(log)
	if strings.Count(string(data), "\n") != 3 {
		t.Errorf("a run whose pairs were all played played more:\n%s", data)
	}
	for _, bad := range [][]string{
		{"-turn", "20"},
		{"-openings", ops, "-pairs", "0"},
		{"-openings", filepath.Join(dir, "none.txt")},
	} {
		if err := tune(bad); err == nil {
			t.Errorf("tune %q: no error", bad)
		}
	}
	if err := os.WriteFile(state, []byte("pairs 2\nNoSuch 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tune(args); err == nil || !strings.Contains(err.Error(), "NoSuch") {
		t.Errorf("a state with an unknown parameter: %v", err)
	}
}

// The schedule: the perturbation is c_end at the last pair and larger
// before; a pair won by θ+ moves θ along Δ by a/c each game, and θ stays
// within its bounds. The state reads back as it was written.
func TestSPSA(t *testing.T) {
	sp := newSPSA(1000, 0.01)
	for i, p := range tuneParams {
		if gomokuengine.TuningField(p.name) == nil {
			t.Fatalf("%s: no such field of Tuning", p.name)
		}
		if c := sp.c(i, 999); math.Abs(c-p.cEnd) > 1e-9 {
			t.Errorf("%s: c at the last pair %g, want %g", p.name, c, p.cEnd)
		}
		if sp.c(i, 0) <= sp.c(i, 999) || sp.a(i, 0) <= sp.a(i, 999) {
			t.Errorf("%s: the schedule does not shrink", p.name)
		}
		// at the last pair the step per game won is r_end·c_end
		if step := sp.a(i, 999) / sp.c(i, 999); math.Abs(step-0.01*p.cEnd) > 1e-9 {
			t.Errorf("%s: last step %g, want %g", p.name, step, 0.01*p.cEnd)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	plus, minus, delta, ck := sp.perturb(0, rng)
	for i, p := range tuneParams {
		hi, lo := *p.field(&plus), *p.field(&minus)
		if want := int(math.Round(ck[i] * delta[i])); hi != want || lo != -want {
			t.Errorf("%s: θ± = %d, %d with Δ %g and c %g", p.name, hi, lo, delta[i], ck[i])
		}
	}
	sp.update(0, 2, delta, ck)
	for i, p := range tuneParams {
		if want := 2 * sp.a(i, 0) / ck[i] * delta[i]; math.Abs(sp.theta[i]-want) > 1e-9 {
			t.Errorf("%s: θ %g after a pair won twice, want %g", p.name, sp.theta[i], want)
		}
	}
	for range 100000 {
		sp.update(0, 2, delta, ck)
	}
	for i, p := range tuneParams {
		if sp.theta[i] != p.lo && sp.theta[i] != p.hi {
			t.Errorf("%s: θ %g past its bounds [%g, %g]", p.name, sp.theta[i], p.lo, p.hi)
		}
	}
	// θ+ won both games, drew both, each side won as black, won one and
	// drew one
	for _, c := range [][3]float64{{1, 0, 2}, {0, 1, -2}, {0.5, 0.5, 0}, {1, 1, 0}, {1, 0.5, 1}, {0.5, 1, -1}} {
		if got := pairResult(c[0], c[1]); got != c[2] {
			t.Errorf("pairResult(%g, %g) = %g, want %g", c[0], c[1], got, c[2])
		}
	}
	path := filepath.Join(t.TempDir(), "s.txt")
	if err := sp.save(path); err != nil {
		t.Fatal(err)
	}
	back := newSPSA(1000, 0.01)
	if err := back.load(path); err != nil || back.k != sp.k || back.String() != sp.String() {
		t.Errorf("state read back: %d pairs %s (%v), want %d %s", back.k, back, err, sp.k, sp)
	}
	if tu := sp.tuning(); *tuneParams[0].field(&tu) != int(math.Round(sp.theta[0])) {
		t.Errorf("tuning %+v from θ %s", tu, sp)
	}
	for _, bad := range []string{"pairs -1\n", "pairs 1.5\n", "LMR x\n", "LMR 1 2\n", "LMR NaN\n"} {
		if err := newSPSA(10, 0.01).read(strings.NewReader(bad), "bad"); err == nil {
			t.Errorf("state %q read", bad)
		}
	}
}

// The openings are read in order, offsets from the centre, and a
// malformed or off-board line is refused.
func TestReadOpeningLines(t *testing.T) {
	dir := t.TempDir()
	rules := genRules(gomoku.Freestyle)
	write := func(s string) string {
		p := filepath.Join(dir, "o.txt")
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ops, err := readOpeningLines(write("0,0, 1,0\n\n-7,7, 7,-7\n"), rules)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]inarow.Move{{rules.MoveAt(7, 7), rules.MoveAt(8, 7)}, {rules.MoveAt(0, 14), rules.MoveAt(14, 0)}}
	if len(ops) != 2 || ops[0][0] != want[0][0] || ops[0][1] != want[0][1] || ops[1][0] != want[1][0] || ops[1][1] != want[1][1] {
		t.Errorf("openings %v, want %v", ops, want)
	}
	for _, bad := range []string{"0,0, 1\n", "8,0\n", "0,0, 0,0\n", "a,b\n", "\n"} {
		if _, err := readOpeningLines(write(bad), rules); err == nil {
			t.Errorf("openings %q read", bad)
		}
	}
}
