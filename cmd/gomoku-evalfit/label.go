package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// label gives gen's positions the labelling brain's value and move at
// another depth: the same positions (games played by the brain at gen's
// depth), labels of another search. The lines keep gen's format, the
// game's number, ply and result as they were.
func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	brain := fs.String("brain", "pbrain-rapfi", "the Gomocup brain that labels (inarow: the engine itself, in this process)")
	depth := fs.Int("depth", 2, "the brain's max_depth")
	turn := fs.Int("turn", 1000, "the brain's timeout_turn, ms (a bound; depth is the limit)")
	k := fs.Float64("k", 925.7, "with -brain inarow: the engine's scale (its win chance is σ(score/k)); its values are written in Rapfi's units, score·200/k")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the rule of gen's games")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rule := *rulep
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	var e labeller
	if *brain == "inarow" {
		e = &engineLabeller{g: &gomokuengine.Engine{MaxMemory: 16 << 20}, depth: *depth, turn: time.Duration(*turn) * time.Millisecond, k: *k}
	} else {
		b, err := startBrain(*brain, *depth, *turn, rule)
		if err != nil {
			done()
			return err
		}
		defer b.close()
		e = b
	}
	for _, path := range fs.Args() {
		if err := labelFile(e, path, rule, bw); err != nil {
			done()
			return err
		}
	}
	return done()
}

// A labeller values a position and picks its move: a Gomocup brain
// (its INFO EVAL, "" if it sent none) or the engine itself.
type labeller interface {
	label(rules inarow.Rules, moves []inarow.Move) (eval, move string, err error)
}

func (e *brainProc) label(rules inarow.Rules, moves []inarow.Move) (eval, move string, err error) {
	return e.ask(boardCommand(rules, moves))
}

// engineLabeller labels with the engine's own search to a depth: what
// compare sets beside another brain's values (session 40: the engine's
// search at depth 6 leans no more than Rapfi's static value where its
// evaluation alone leans).
type engineLabeller struct {
	g     *gomokuengine.Engine
	depth int
	turn  time.Duration
	k     float64
}

func (e *engineLabeller) label(rules inarow.Rules, moves []inarow.Move) (eval, move string, err error) {
	game, err := gameOf(rules, moves)
	if err != nil {
		return "", "", err
	}
	e.g.NewGame()
	res, err := e.g.Search(context.Background(), game.Position(), gomokuengine.Limits{MaxDepth: e.depth, TurnTime: e.turn})
	if err != nil {
		return "", "", err
	}
	// Rapfi's way: a mate in n plies is +Mn or -Mn
	switch {
	case res.Score > gomokuengine.WinBound:
		eval = fmt.Sprintf("+M%d", gomokuengine.WinScore-res.Score)
	case res.Score < -gomokuengine.WinBound:
		eval = fmt.Sprintf("-M%d", gomokuengine.WinScore+res.Score)
	default:
		eval = strconv.Itoa(int(math.Round(float64(res.Score) * 200 / e.k)))
	}
	return eval, gomoku.FormatXY(rules, res.Move), nil
}

// labelFile writes the lines of gen's file at path to w with e's value
// and move.
func labelFile(e labeller, path string, rule gomoku.Rule, w io.Writer) error {
	rules := genRules(rule)
	return eachGenLine(path, rules, func(l genLine) error {
		if l.Ply == 0 {
			return errors.New("the empty board")
		}
		eval, ans, err := e.label(rules, l.Moves)
		if err != nil {
			return err
		}
		if eval == "" {
			return fmt.Errorf("no INFO EVAL before %q", ans)
		}
		// game ply eval best result moves, whether or not the line had
		// a best move
		out := []string{strconv.Itoa(l.Game), strconv.Itoa(l.Ply), eval, ans, strconv.Itoa(l.Result)}
		for _, m := range l.Moves {
			out = append(out, gomoku.FormatXY(rules, m))
		}
		_, err = io.WriteString(w, strings.Join(out, " ")+"\n")
		return err
	})
}
