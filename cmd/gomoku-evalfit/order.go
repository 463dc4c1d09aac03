package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/inarow/inarow/gomoku"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// order reads gen's positions with the brain's moves, holds out the games
// whose number is below -holdout modulo 100, fits the move order to the
// rest from the hand-set one and reports how well each predicts the
// brain's moves on both parts.
func order(args []string) error {
	fs := flag.NewFlagSet("order", flag.ContinueOnError)
	holdout := fs.Int("holdout", 10, "percent of the games (by number) held out of the fit")
	epochs := fs.Int("epochs", 200, "Adam epochs")
	rate := fs.Float64("rate", 2, "Adam step, in the order's units")
	l2 := fs.Float64("l2", 0, "pull towards the hand-set values, per position")
	minCount := fs.Int("mincount", 30, "values seen in fewer candidates are not fitted")
	lines := fs.Bool("lines", false, "fit a value per line key too (freestyle's keys: the 4 cells each side)")
	out := fs.String("o", "", "write the fitted order file here")
	rulep := addRuleFlag(fs, "the positions' rule, whose order is fitted")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// (the targets are not used: only the positions and the moves)
	train, held, err := readSampleFiles(fs.Args(), *rulep, *holdout, 1, 200)
	if err != nil {
		return err
	}
	trainSet, err := gomokuengine.NewOrderSet(train)
	if err != nil {
		return err
	}
	heldSet, err := gomokuengine.NewOrderSet(held)
	if err != nil {
		return err
	}
	if trainSet.Len() == 0 || heldSet.Len() == 0 {
		return fmt.Errorf("%d positions to fit and %d held out: both are needed", trainSet.Len(), heldSet.Len())
	}
	fmt.Printf("positions: train %d (%d left out, %d with the move outside the candidates), held out %d (%d, %d)\n",
		trainSet.Len(), trainSet.Skipped, trainSet.Outside, heldSet.Len(), heldSet.Skipped, heldSet.Outside)
	hand := gomokuengine.HandOrderModel()
	t := trainSet.FitTemperature(hand)
	fmt.Printf("temperature %.1f (the hand-set order's best fit on the training games)\n", t)
	report := func(name string, m *gomokuengine.OrderModel) {
		a, b := trainSet.Stats(m, t), heldSet.Stats(m, t)
		fmt.Printf("%-8s train loss %.4f top1 %.4f top3 %.4f   held-out loss %.4f top1 %.4f top3 %.4f top8 %.4f top24 %.4f\n", name, a.Loss, a.Top1, a.Top3, b.Loss, b.Top1, b.Top3, b.Top8, b.Top24)
	}
	report("hand", hand)
	m := trainSet.Fit(hand, gomokuengine.FitOptions{Scale: t, Epochs: *epochs, Rate: *rate, L2: *l2, MinCount: *minCount, Lines: *lines,
		Progress: func(ep int, loss float64) { fmt.Fprintf(os.Stderr, "epoch %d train loss %.5f\n", ep, loss) }})
	report("fitted", m)
	if *out == "" {
		return nil
	}
	a, b := heldSet.Stats(hand, t), heldSet.Stats(m, t)
	// the legend names only the lines the rule's file can hold
	rows := ""
	if *rulep == gomoku.Renju {
		rows = "\n  orderb <patterns> <the same, renju black's combination>"
	}
	if *lines {
		rows += "\n  orderline <cells 4..1 before>.<1..4 after> <for the side to move> <for the other side>"
	}
	head := fmt.Sprintf(`The gomoku search's move order under %s (engine/gomoku/order.go reads
this file; a value not listed keeps its hand-set one).

  order <patterns> <for the side to move> <for the other side>%s
  near <0: the last move, 1: the one before> <class> <value>

Made by
  gomoku-evalfit order -rule %s -holdout %d -epochs %d -rate %g -l2 %g -mincount %d -lines=%v
from %d positions (%d held out), each with its target move (gen's or
label's brain's, or the move that cut off in cuts' search), starting from
the hand-set order; softmax temperature %.1f. On the held-out games the
target move is first %.1f %%
of the time (the hand-set order: %.1f %%), among the first three %.1f %%
(%.1f %%), among the first 24 %.1f %% (%.1f %%); loss %.4f (%.4f).`,
		*rulep, rows, *rulep, *holdout, *epochs, *rate, *l2, *minCount, *lines, trainSet.Len(), heldSet.Len(), t,
		100*b.Top1, 100*a.Top1, 100*b.Top3, 100*a.Top3, 100*b.Top24, 100*a.Top24, b.Loss, a.Loss)
	return os.WriteFile(*out, []byte(m.Format(head)), 0o644)
}
