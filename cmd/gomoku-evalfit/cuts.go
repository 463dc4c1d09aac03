package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// cuts has the engine search gen's (or label's) positions and writes the
// nodes of its search where a move the order chose cut off (no table
// move there, no four or four-three to answer: Limits.Cut), every nth of
// them, in gen's format with that move as the best move:
//
//	game ply 0 move 0 moves...
//
// (game is the searched position's, so that order's held-out games hold
// all of a position's cutoffs). order fits the move order to them: to
// what the engine's own search finds cuts off, rather than to a
// stronger brain's moves at the root (issue 23, session 42). -turn 0
// -nodes N makes the samples the same from run to run (-turn's default,
// a clock, does not). -rule is the positions' rule and the search's:
// each rule's order is fitted to its own search (renju's since session
// 43). The positions below the root list its stones in the search
// board's order, not the game's: under renju they may pass through a
// point forbidden to black on the way, which order does not check.
func cuts(args []string) error {
	fs := flag.NewFlagSet("cuts", flag.ContinueOnError)
	turn := fs.Int("turn", 200, "the engine's time a position, ms (0: no clock; then -nodes bounds it)")
	nodes := fs.Int64("nodes", 0, "the engine's node budget a position (0: none)")
	every := fs.Int("every", 50, "write every nth cutoff")
	minDepth := fs.Int("min-depth", 1, "write only cutoffs at nodes this deep or deeper (plies to the horizon)")
	maxDepth := fs.Int("max-depth", 99, "and this deep or shallower")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the positions' rule, under which the engine searches them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *every < 1 || *minDepth < 1 || *maxDepth < *minDepth {
		return errors.New("cuts: -every and -min-depth are at least 1, -max-depth at least -min-depth")
	}
	if *turn <= 0 && *nodes <= 0 {
		return errors.New("cuts: -turn or -nodes must bound the search")
	}
	lim := gomokuengine.Limits{TurnTime: time.Duration(*turn) * time.Millisecond, MaxNodes: *nodes}
	if *turn <= 0 {
		lim.TurnTime = time.Hour // the node budget binds
	}
	w, done, err := createOut(*out)
	if err != nil {
		return err
	}
	rules := genRules(*rulep)
	g := &gomokuengine.Engine{MaxMemory: 16 << 20}
	seen := 0
	for _, path := range fs.Args() {
		err := eachGenLine(path, rules, func(l genLine) error {
			game, err := gameOf(rules, l.Moves)
			if err != nil {
				return err
			}
			if game.Position().Over() {
				return nil // nothing to search
			}
			var werr error
			lim.Cut = func(c gomokuengine.Cut) {
				if c.Depth < *minDepth || c.Depth > *maxDepth {
					return
				}
				if seen++; seen%*every != 0 || werr != nil {
					return
				}
				werr = writeCut(w, rules, l.Game, c)
			}
			g.NewGame()
			if _, err := g.Search(context.Background(), game.Position(), lim); err != nil {
				return err
			}
			return werr
		})
		if err != nil {
			done()
			return err
		}
	}
	return done()
}

// writeCut writes cutoff c of a search of game's position as gen's line.
func writeCut(w io.Writer, rules inarow.Rules, game int, c gomokuengine.Cut) error {
	out := []string{strconv.Itoa(game), strconv.Itoa(len(c.Moves)), "0", gomoku.FormatXY(rules, c.Move), "0"}
	for _, m := range c.Moves {
		out = append(out, gomoku.FormatXY(rules, m))
	}
	_, err := io.WriteString(w, strings.Join(out, " ")+"\n")
	return err
}
