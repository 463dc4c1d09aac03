// Command gomoku-evalfit makes the data and the fit of the gomoku
// engine's evaluation (engine/gomoku/evaldata/gomoku_eval.txt and, per
// rule, gomoku_eval_<rule>.txt):
//
//	gomoku-evalfit gen -brain pbrain-rapfi -games 2000 -exclude rand60.txt -o pos.txt
//	gomoku-evalfit label -brain pbrain-rapfi -depth 2 -o pos-d2.txt pos.txt
//	gomoku-evalfit fit -holdout 10 -o gomoku_eval.txt pos.txt
//	gomoku-evalfit order -holdout 10 -lines -o gomoku_order.txt pos.txt
//	gomoku-evalfit cuts -turn 200 -every 50 -o cuts.txt pos.txt
//	gomoku-evalfit compare -holdout 10 pos.txt pos-d1.txt
//	gomoku-evalfit positions -brain main -side tomove -o ours.txt games.sgf
//	gomoku-evalfit blunders -against rapfi -o blunders.txt games.sgf
//	gomoku-evalfit judge -depth 18 -cache judged.txt ours.txt theirs.txt
//	gomoku-evalfit depths -brain pbrain-inarow -brain pbrain-rapfi -turn 1000 ours.txt
//	gomoku-evalfit tune -openings rand240-15.txt -turn 80 -pairs 2000 -state tune.txt -o tune.log
//
// gen plays a brain against itself from random openings and writes each
// position with the brain's evaluation, its move and the game's result
// (-plies N stops each game at N stones: the opening's positions alone);
// label gives gen's positions the brain's value and move at another depth
// (the evaluation is fitted to Rapfi's values at depth 2, not to those of
// the deep search that played the games: docs/gomoku.md says why);
// fit fits the evaluation's values to them (engine/gomoku's EvalSet.Fit)
// and reports the loss on games it held out; order fits the move order
// to the brain's moves (OrderSet.Fit) and reports how often the brain's
// move comes first on the games held out, or to the engine's own
// cutoffs: cuts has the engine search the positions and writes the nodes
// where a move the order chose cut off, with that move as the best move.
// gen, label and fit take -rule
// (freestyle, the default, standard or renju): the games' rule, which
// their files do not record, and the rule whose values fit makes
// (engine/gomoku/evaldata/gomoku_eval_<rule>.txt).
//
// compare asks whether a stronger brain's static value is a better
// guide than the engine's: it scores the engine's evaluation and other
// files' values (label's, at depth 1 a brain's static value) against a
// target file's deeper values on the same positions.
//
// positions takes a match's positions from its records, for label and
// compare (the positions the match's brains steer into).
//
// blunders is the other way round: it has a strong brain judge the games
// a match lost and writes the positions where a move threw an even game
// into a mate, in the format of the engine's proof corpus.
//
// judge sets brains' moves in the same positions (label's output, one
// file a brain) side by side: a brain searching to a fixed depth values
// the position after each, and judge prints each file's mean win chance
// for the mover and its paired difference from the first file's.
//
// depths sets brains' deepening side by side: the nodes and the time
// each takes to finish each depth on the same positions.
//
// tune tunes the search's pruning, reductions and extensions and the
// evaluation's groups (engine/gomoku's Tuning) by SPSA: the engine
// against itself, moved both ways at once.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gomoku-evalfit gen|label|fit|order|cuts|positions|compare|blunders|judge|depths|tune [flags]")
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
	case "cuts":
		err = cuts(os.Args[2:])
	case "label":
		err = label(os.Args[2:])
	case "positions":
		err = positions(os.Args[2:])
	case "compare":
		err = compare(os.Args[2:])
	case "blunders":
		err = blunders(os.Args[2:])
	case "judge":
		err = judge(os.Args[2:])
	case "depths":
		err = depths(os.Args[2:])
	case "tune":
		err = tune(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (gen, label, fit, order, cuts, positions, compare, blunders, judge, depths, tune)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gomoku-evalfit:", err)
		os.Exit(1)
	}
}
