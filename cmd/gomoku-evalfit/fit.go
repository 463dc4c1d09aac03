package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// fit reads gen's positions, holds out the games whose number is below
// -holdout modulo 100, fits the evaluation to the rest from the current
// values and reports the loss before and after on both parts.
func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	holdout := fs.Int("holdout", 10, "percent of the games (by number) held out of the fit")
	lambda := fs.Float64("lambda", 1, "weight of the brain's evaluation in the target (the rest: the game's result)")
	scale := fs.Float64("brainscale", 200, "the brain's evaluation scale: its win chance is σ(eval/brainscale)")
	epochs := fs.Int("epochs", 400, "Adam epochs")
	rate := fs.Float64("rate", 2, "Adam step, half units")
	l2 := fs.Float64("l2", 0, "pull towards the starting values (1e-7 fitted worse on held-out games: 0.6409 against 0.6391 with lines, 23k positions)")
	minCount := fs.Int("mincount", 30, "values seen in fewer positions are not fitted")
	from := fs.String("from", "", "evaluation file to start from (default: the engine's own)")
	out := fs.String("o", "", "write the fitted evaluation file here")
	fixK := fs.Float64("k", 0, "the scale k of σ(eval/k) (0: fitted to the start on the training games); with -holdout 100 -epochs 0, fit only measures -from on all the games")
	lines := fs.Bool("lines", false, "fit a value per line key too (freestyle, standard)")
	rulep := addRuleFlag(fs, "the rule of gen's games and of the values")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rule := *rulep
	if *lines && rule != gomoku.Freestyle && rule != gomoku.Standard {
		return fmt.Errorf("-lines: the evaluation reads line values under freestyle and standard, not %s", rule)
	}
	train, held, err := readSampleFiles(fs.Args(), rule, *holdout, *lambda, *scale)
	if err != nil {
		return err
	}
	trainSet, err := gomokuengine.NewEvalSet(train)
	if err != nil {
		return err
	}
	heldSet, err := gomokuengine.NewEvalSet(held)
	if err != nil {
		return err
	}
	fmt.Printf("positions: train %d (%d left out), held out %d (%d left out)\n", trainSet.Len(), trainSet.Skipped, heldSet.Len(), heldSet.Skipped)
	cur, err := evalModel(*from, rule)
	if err != nil {
		return err
	}
	if rule != gomoku.Freestyle {
		// a rule without a file of its own starts from freestyle's
		// values, whose line values its boards do not read: its file
		// gets none
		clear(cur.Line)
	}
	startName := "the engine's own for " + rule.String()
	if *from != "" {
		startName = *from
	}
	hand := gomokuengine.HandEvalModel()
	k := *fixK
	if k <= 0 {
		k = trainSet.FitScale(cur)
		fmt.Printf("scale k = %.1f (the start's best fit on the training games)\n", k)
	}
	ht, hh := trainSet.TargetEntropy(), heldSet.TargetEntropy()
	fmt.Printf("the targets' own entropy (the least loss): train %.5f, held out %.5f\n", ht, hh)
	report := func(name string, m *gomokuengine.EvalModel) {
		lt, at := trainSet.EvalLoss(m, k)
		lh, ah := heldSet.EvalLoss(m, k)
		fmt.Printf("%-8s train loss %.5f acc %.4f   held-out loss %.5f acc %.4f\n", name, lt, at, lh, ah)
	}
	report("hand", hand)
	report("start", cur)
	if *epochs <= 0 {
		return nil
	}
	m := trainSet.Fit(cur, gomokuengine.FitOptions{Scale: k, Epochs: *epochs, Rate: *rate, L2: *l2, MinCount: *minCount, Lines: *lines,
		Progress: func(ep int, loss float64) {
			fmt.Fprintf(os.Stderr, "epoch %d train loss %.5f\n", ep, loss)
		}})
	report("fitted", m)
	lh, ah := heldSet.EvalLoss(m, k)
	sh, sa := heldSet.EvalLoss(cur, k)
	if *out != "" {
		head := fmt.Sprintf(`The gomoku evaluation's fitted values (engine/gomoku/eval.go reads this
file; a combination or a threat mask not listed keeps its hand-set value).

  cell <patterns> <as the side to move> <as the other side>
  threat <mask bits> <value>
  line <cells 4..1 before>.<1..4 after> <as the side to move> <as the other side>

Values are in half units of the search's score. Made by
  gomoku-evalfit fit -rule %s -holdout %d -lambda %g -brainscale %g -epochs %d -rate %g -l2 %g -mincount %d -lines=%v -k %.1f
from %d positions (%d held out) of gomoku-evalfit gen's games, starting
from the values of the file this one replaced (%s).
Held-out loss %.5f (accuracy %.4f), the start's %.5f (%.4f); the targets' entropy %.5f.`,
			rule, *holdout, *lambda, *scale, *epochs, *rate, *l2, *minCount, *lines, k, trainSet.Len(), heldSet.Len(), startName, lh, ah, sh, sa, hh)
		if err := os.WriteFile(*out, []byte(m.Format(head)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readSampleFiles reads gen's files of games under rule with readSamples,
// one after the other.
func readSampleFiles(paths []string, rule gomoku.Rule, holdout int, lambda, scale float64) (train, held []gomokuengine.EvalSample, err error) {
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		tr, he, err := readSamples(f, rule, holdout, lambda, scale)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		train, held = append(train, tr...), append(held, he...)
	}
	return train, held, nil
}

// evalModel is the evaluation in file from, or the engine's own under
// rule where from is "".
func evalModel(from string, rule gomoku.Rule) (*gomokuengine.EvalModel, error) {
	if from == "" {
		return gomokuengine.CurrentEvalModel(rule), nil
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return nil, err
	}
	return gomokuengine.ParseEvalModel(string(data))
}

// genLine is one of gen's (or label's) lines: a position of game Game
// after Ply moves, the brain's value there (Eval; Mate when it was a
// mate, Eval then unset), its move (inarow.NoMove where the line has
// none), the game's result for the side to move and the moves.
type genLine struct {
	Game, Ply int
	Eval      int
	Mate      bool
	Best      inarow.Move
	Result    int
	Moves     []inarow.Move
}

// parseGenLine reads one of gen's lines ("game ply eval best result x,y
// ...", or without best as gen wrote them before) under rules.
func parseGenLine(rules inarow.Rules, text string) (genLine, error) {
	f := strings.Fields(text)
	bad := fmt.Errorf("%q is not game ply eval best result moves", text)
	if len(f) < 4 {
		return genLine{}, bad
	}
	g, err1 := strconv.Atoi(f[0])
	ply, err2 := strconv.Atoi(f[1])
	head := len(f) - ply // 4 without best, 5 with it
	if err1 != nil || err2 != nil || ply < 0 || head != 4 && head != 5 {
		return genLine{}, bad
	}
	res, err3 := strconv.Atoi(f[head-1])
	if err3 != nil || res < -1 || res > 1 {
		return genLine{}, bad
	}
	l := genLine{Game: g, Ply: ply, Best: inarow.NoMove, Result: res}
	if head == 5 {
		m, err := gomoku.ParseXY(rules, f[3])
		if err != nil {
			return genLine{}, fmt.Errorf("best move: %w", err)
		}
		l.Best = m
	}
	if strings.Contains(f[2], "M") {
		l.Mate = true
	} else if l.Eval, err1 = strconv.Atoi(f[2]); err1 != nil {
		return genLine{}, bad
	}
	for _, t := range f[head:] {
		m, err := gomoku.ParseXY(rules, t)
		if err != nil {
			return genLine{}, err
		}
		l.Moves = append(l.Moves, m)
	}
	return l, nil
}

// gameOf plays moves from the empty board under rules: a gen line's
// position as a game (inarow's, which does not check renju's forbidden
// points).
func gameOf(rules inarow.Rules, moves []inarow.Move) (*inarow.Game, error) {
	game, err := inarow.NewGame(rules)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		if err := game.Play(m); err != nil {
			return nil, err
		}
	}
	return game, nil
}

// genRules is the board of gen's games under rule.
func genRules(rule gomoku.Rule) inarow.Rules {
	return inarow.Rules{Cols: genSize, Rows: genSize, K: 5, Win: rule.WinRule()}
}

// readSamples reads gen's lines (parseGenLine); positions the brain saw
// as a mate are left out.
func readSamples(r io.Reader, rule gomoku.Rule, holdout int, lambda, scale float64) (train, held []gomokuengine.EvalSample, err error) {
	err = readGenLines(r, genRules(rule), func(l genLine) error {
		if l.Mate {
			// a mate: the static evaluation is not asked there (the
			// threat searches are); fitted with them, the values fit
			// the positions without one worse (held-out loss 0.6549 and
			// 0.6613 against 0.6481 without, on 15k positions)
			return nil
		}
		s := gomokuengine.EvalSample{W: genSize, H: genSize, Rule: rule, Best: l.Best, Moves: l.Moves}
		s.Target = lambda/(1+math.Exp(-float64(l.Eval)/scale)) + (1-lambda)*float64(l.Result+1)/2
		if l.Game%100 < holdout {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
		return nil
	})
	return train, held, err
}

// readGenLines calls f with each of gen's lines (parseGenLine) that r
// holds, blank lines aside, until it returns an error (which comes back
// with the line's number).
func readGenLines(r io.Reader, rules inarow.Rules, f func(genLine) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		l, err := parseGenLine(rules, sc.Text())
		if err == nil {
			err = f(l)
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	return sc.Err()
}
