package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// blunders reads match records (c-gomoku-cli's SGF) and, in every game
// the brain playing against -against lost, has the judging brain value
// the position after each of that brain's moves, for the opponent (who is
// to move there). The game was thrown away at once ("sudden") when the
// judge's value after the loser's previous move was at most -even and
// after this move a mate; slowly ("gradual") when the value climbed above
// -even first. Each sudden loss's position is written in the format of
// engine/gomoku's proof corpus (testdata/proofs): the judge's mate, the
// nodes its search had taken when it first reported it, the moves from
// the empty board; each lost game's values go before it as a comment.
// The counts go to standard error. Session 32 of issue 23 found about one
// loss in four against full Rapfi sudden (docs/performance.md).
func blunders(args []string) error {
	fs := flag.NewFlagSet("blunders", flag.ContinueOnError)
	against := fs.String("against", "", "the opponent's name in the records (required): the other brain's lost games are judged")
	brain := fs.String("brain", "pbrain-rapfi", "the Gomocup brain that judges")
	turn := fs.Int("turn", 300, "the judge's timeout_turn, ms")
	even := fs.Int("even", 100, "the judge's value (its units) up to which a position counts as even for the opponent")
	out := fs.String("o", "-", "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *against == "" {
		return errors.New("blunders: -against names the opponent")
	}
	recs, err := readRecords(fs.Args())
	if err != nil {
		return fmt.Errorf("blunders: %w", err)
	}
	first := recs[0]
	for i, r := range recs {
		if r.Rule != first.Rule || r.Cols != first.Cols || r.Rows != first.Rows {
			return fmt.Errorf("blunders: game %d is %v %d×%d, game 1 %v %d×%d: one rule and board a run", i+1, r.Rule, r.Cols, r.Rows, first.Rule, first.Cols, first.Rows)
		}
	}
	if first.Cols != first.Rows {
		return fmt.Errorf("blunders: a %d×%d board: Gomocup brains take square ones", first.Cols, first.Rows)
	}
	rules, err := first.Rules()
	if err != nil {
		return err
	}
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	e, err := startBrainSize(*brain, first.Cols, 64, *turn, first.Rule)
	if err != nil {
		done()
		return err
	}
	defer e.close()
	var n blunderCounts
	for i, r := range recs {
		if err := judgeGame(e, rules, i+1, r, *against, *even, bw, &n); err != nil {
			done()
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%d games, %d lost by the other brain: %d sudden, %d gradual, %d lost from the first judged move, %d with no mate seen\n",
		len(recs), n.lost, n.sudden, n.gradual, n.early, n.unseen)
	return done()
}

type blunderCounts struct {
	lost, sudden, gradual, early, unseen int
}

// judgeGame judges game g (record r) if the brain playing against the
// opponent lost it: see blunders.
func judgeGame(e *brainProc, rules inarow.Rules, g int, r gomoku.Record, against string, even int, w io.Writer, n *blunderCounts) error {
	colour := -1 // the loser's: 0 black, 1 white
	switch {
	case r.White == against && strings.HasPrefix(r.Result, "W+"):
		colour = 0
	case r.Black == against && strings.HasPrefix(r.Result, "B+"):
		colour = 1
	case r.Black != against && r.White != against:
		return fmt.Errorf("blunders: game %d (%s – %s) is not against %s", g, r.Black, r.White, against)
	}
	if colour < 0 {
		return nil
	}
	n.lost++
	who := r.Black + " lost as black"
	if colour == 1 {
		who = r.White + " lost as white"
	}
	var vals []string
	// the value after the loser's move before the mate, the mate's move
	// and the mate (+Mn)
	prev, mate, mateEval := "", -1, ""
	for k := max(r.Opening, 3); k < len(r.Moves) && mate < 0; k++ { // the set opening is nobody's move
		if k%2 != colour {
			continue
		}
		eval, _, err := e.ask(boardCommand(rules, r.Moves[:k+1]))
		if err != nil {
			return fmt.Errorf("blunders: game %d, move %d: %w", g, k+1, err)
		}
		vals = append(vals, fmt.Sprintf("%d:%s", k+1, eval))
		if strings.HasPrefix(eval, "+M") {
			mate, mateEval = k, eval
		} else {
			prev = eval
		}
	}
	if mate < 0 {
		n.unseen++
		who += ", no mate seen"
	}
	if _, err := fmt.Fprintf(w, "# game %d (%s): %s\n", g, who, strings.Join(vals, " ")); err != nil || mate < 0 {
		return err
	}
	v, err := strconv.Atoi(prev)
	switch {
	case prev == "":
		n.early++
	case err == nil && v <= even:
		n.sudden++
		moves := make([]string, mate+1)
		for i, m := range r.Moves[:mate+1] {
			moves[i] = gomoku.FormatXY(rules, m)
		}
		_, err := fmt.Fprintf(w, "%s %d %s\n", strings.TrimPrefix(mateEval, "+"), e.mateNodes, strings.Join(moves, " "))
		return err
	default:
		n.gradual++
	}
	return nil
}
