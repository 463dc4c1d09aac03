// Command gomoku-evalfit makes the data and the fit of the gomoku
// engine's evaluation (engine/gomoku/evaldata/gomoku_eval.txt):
//
//	gomoku-evalfit gen -brain pbrain-rapfi -games 2000 -exclude rand60.txt -o pos.txt
//	gomoku-evalfit fit -holdout 10 -o gomoku_eval.txt pos.txt
//	gomoku-evalfit order -holdout 10 -lines -o gomoku_order.txt pos.txt
//
// gen plays a brain against itself from random openings and writes each
// position with the brain's evaluation, its move and the game's result;
// fit fits the evaluation's values to them (engine/gomoku's EvalSet.Fit)
// and reports the loss on games it held out; order fits the move order
// to the brain's moves (OrderSet.Fit) and reports how often the brain's
// move comes first on the games held out.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gomoku-evalfit gen|fit|order [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "fit":
		err = fit(os.Args[2:])
	case "order":
		err = order(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (gen, fit, order)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gomoku-evalfit:", err)
		os.Exit(1)
	}
}
