package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/inarow/inarow"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// compare measures how well static values foretell a target: the
// engine's evaluation and each further file's values (label's output on
// the target's positions: another brain's at -depth 1 is its static
// value) against the target file's values (a deep search's, gen's
// own), as the mean cross-entropy of σ(value/scale) against σ(target/
// brainscale), each predictor at the scale that fits it best (so that a
// difference of units is no difference of loss), over the positions
// every file values without a mate and the engine's fit would keep (not
// settled by threats), in all and by the number of stones; then each
// predictor's bias, the mean of its value less the target's (σ's
// arguments, for the side to move), by colour to move and by who has a
// four point:
//
//	gomoku-evalfit compare -holdout 10 pos.txt d1.txt d2.txt
//
// Session 40 asked it whether the gap to Rapfi is in the evaluation:
// Rapfi's static value foretells its own depth-8 value barely better than
// ours, but on the positions Rapfi's moves make in a match ours leans our
// way where four points are about (docs/performance.md).
func compare(args []string) error { return compareTo(os.Stdout, args) }

// compareTo is compare, writing its table to w.
func compareTo(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	holdout := fs.Int("holdout", 100, "only the games whose number modulo 100 is below this (the fit's held-out games: its -holdout)")
	scale := fs.Float64("brainscale", 200, "the files' evaluation scale: a win chance is σ(eval/brainscale)")
	k := fs.Float64("k", 925.7, "the engine's scale: its win chance is σ(eval/k) (fit's -k), before the best factor")
	from := fs.String("from", "", "evaluation file to measure (default: the engine's own)")
	rulep := addRuleFlag(fs, "the rule of the games and of the evaluation")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return fmt.Errorf("compare: no target file (usage: compare [flags] target.txt [values.txt ...])")
	}
	rule := *rulep
	rules := genRules(rule)
	type pos struct {
		key            [2]int
		target         float64
		moves          int
		meFour, opFour bool // the side to move's and the other's four points
	}
	var (
		all     []pos
		samples []gomokuengine.EvalSample
	)
	mates := 0
	err := eachGenLine(fs.Arg(0), rules, func(l genLine) error {
		if l.Game%100 >= *holdout {
			return nil
		}
		if l.Mate {
			mates++
			return nil
		}
		all = append(all, pos{key: [2]int{l.Game, l.Ply}, target: sigmoid(float64(l.Eval) / *scale), moves: len(l.Moves)})
		samples = append(samples, gomokuengine.EvalSample{W: genSize, H: genSize, Rule: rule, Moves: l.Moves, Best: l.Best})
		return nil
	})
	if err != nil {
		return err
	}
	// each further file's values, by position; a mate there leaves the
	// position out
	peers := make([]map[[2]int]float64, fs.NArg()-1)
	for i := range peers {
		peers[i] = map[[2]int]float64{}
		err := eachGenLine(fs.Arg(i+1), rules, func(l genLine) error {
			if l.Mate {
				peers[i][[2]int{l.Game, l.Ply}] = math.NaN()
			} else {
				peers[i][[2]int{l.Game, l.Ply}] = float64(l.Eval) / *scale
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	cur, err := evalModel(*from, rule)
	if err != nil {
		return err
	}
	set, err := gomokuengine.NewEvalSet(samples)
	if err != nil {
		return err
	}
	idx, ours := set.Values(cur)
	meFour, opFour := set.FourPoints()
	// rows[0] the target itself (its entropy), rows[1] ours, then the files'
	var kept []pos
	rows := make([][]float64, 2+len(peers))
	missing := 0
next:
	for j, i := range idx {
		p := all[i]
		p.meFour, p.opFour = meFour[j], opFour[j]
		vals := []float64{0, ours[j] / *k}
		for _, m := range peers {
			v, ok := m[p.key]
			if !ok || math.IsNaN(v) {
				missing++
				continue next
			}
			vals = append(vals, v)
		}
		kept = append(kept, p)
		for r, v := range vals {
			rows[r] = append(rows[r], v)
		}
	}
	if len(kept) == 0 {
		return fmt.Errorf("compare: no position left to compare")
	}
	fmt.Fprintf(w, "positions: %d (left out: %d mates in the target, %d settled, %d without a value in every file)\n",
		len(kept), mates, set.Skipped, missing)
	bands := [][2]int{{0, 1000}, {0, 10}, {10, 20}, {20, 40}, {40, 1000}}
	fmt.Fprintf(w, "%-24s %7s", "", "scale")
	for _, b := range bands {
		if b[1] == 1000 && b[0] == 0 {
			fmt.Fprintf(w, " %16s", "all")
		} else if b[1] == 1000 {
			fmt.Fprintf(w, " %16s", fmt.Sprintf("%d+ stones", b[0]))
		} else {
			fmt.Fprintf(w, " %16s", fmt.Sprintf("%d-%d stones", b[0], b[1]-1))
		}
	}
	fmt.Fprintln(w)
	names := []string{"target's entropy", "engine"}
	if *from != "" {
		names[1] = *from
	}
	names = append(names, fs.Args()[1:]...)
	for r, vals := range rows {
		loss := func(s float64, b [2]int) (float64, int) {
			sum, n := 0.0, 0
			for i, p := range kept {
				if p.moves < b[0] || p.moves >= b[1] {
					continue
				}
				q := p.target
				if r > 0 {
					q = sigmoid(vals[i] * s)
				}
				sum += crossEntropy(q, p.target)
				n++
			}
			return sum / float64(max(n, 1)), n
		}
		s := 1.0
		if r > 0 {
			s = bestScale(func(s float64) float64 { l, _ := loss(s, bands[0]); return l })
		}
		fmt.Fprintf(w, "%-24s %7.4g", names[r], s)
		for _, b := range bands {
			l, n := loss(s, b)
			fmt.Fprintf(w, " %16s", fmt.Sprintf("%.5f (%d)", l, n))
		}
		fmt.Fprintln(w)
	}
	// the bias: the mean of value − target on the logistic scale
	// (scale 1), where a value's errors lean one way
	splits := []struct {
		name string
		in   func(p pos) bool
	}{
		{"all", func(pos) bool { return true }},
		{"black to move", func(p pos) bool { return p.moves%2 == 0 }},
		{"white to move", func(p pos) bool { return p.moves%2 == 1 }},
		{"mover's four point", func(p pos) bool { return p.meFour }},
		{"other's four point", func(p pos) bool { return p.opFour }},
		{"no four point", func(p pos) bool { return !p.meFour && !p.opFour }},
	}
	fmt.Fprintf(w, "\nbias: the mean of value − target, σ's argument (the mover's side)\n%-24s", "")
	for _, sp := range splits {
		fmt.Fprintf(w, " %18s", sp.name)
	}
	fmt.Fprintln(w)
	for r := 1; r < len(rows); r++ {
		fmt.Fprintf(w, "%-24s", names[r])
		for _, sp := range splits {
			sum, n := 0.0, 0
			for i, p := range kept {
				if sp.in(p) {
					sum += rows[r][i] - math.Log(p.target/(1-p.target))
					n++
				}
			}
			fmt.Fprintf(w, " %18s", fmt.Sprintf("%+.3f (%d)", sum/float64(max(n, 1)), n))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// eachGenLine calls f with each of the file's lines (readGenLines).
func eachGenLine(path string, rules inarow.Rules, f func(genLine) error) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	if err := readGenLines(file, rules, f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// crossEntropy is −(t log p + (1−t) log(1−p)), p kept off 0 and 1.
func crossEntropy(p, t float64) float64 {
	p = min(max(p, 1e-12), 1-1e-12)
	return -(t*math.Log(p) + (1-t)*math.Log(1-p))
}

// bestScale is the factor in [1/16, 16] at which loss is least
// (golden-section search on its logarithm).
func bestScale(loss func(float64) float64) float64 {
	lo, hi := math.Log(1.0/16), math.Log(16.0)
	for range 60 {
		a, b := hi-(hi-lo)*0.618, lo+(hi-lo)*0.618
		if loss(math.Exp(a)) < loss(math.Exp(b)) {
			hi = b
		} else {
			lo = a
		}
	}
	return math.Exp((lo + hi) / 2)
}
