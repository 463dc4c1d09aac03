package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
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
// -cheapest N writes instead, at each cutoff 2 plies or more from the
// horizon, the move that cut off there with the fewest nodes when each
// of the node's moves is searched alone from an empty table
// (gomokuengine.CutCosts, at most N nodes): a target the sampling
// search's order did not choose (issue 23, session 55); it reports on
// stderr how often that is another move and the nodes both took.
func cuts(args []string) error {
	fs := flag.NewFlagSet("cuts", flag.ContinueOnError)
	turn := fs.Int("turn", 200, "the engine's time a position, ms (0: no clock; then -nodes bounds it)")
	nodes := fs.Int64("nodes", 0, "the engine's node budget a position (0: none)")
	every := fs.Int("every", 50, "write every nth cutoff")
	minDepth := fs.Int("min-depth", 1, "write only cutoffs at nodes this deep or deeper (plies to the horizon)")
	maxDepth := fs.Int("max-depth", 99, "and this deep or shallower")
	cheapest := fs.Int64("cheapest", 0, "if not 0: write as the best move the cheapest of the node's moves that cut off, each searched alone with at most this many nodes (gomokuengine.CutCosts); only cutoffs at depth 2 or more")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the positions' rule, under which the engine searches them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cheapest != 0 && (*cheapest < 0 || *minDepth < 2) {
		return errors.New("cuts: -cheapest is a positive node budget, with -min-depth 2 or more")
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
	var st cheapStats
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
				if *cheapest > 0 {
					c, werr = st.cheapest(*rulep, rules, c, *cheapest)
					if werr != nil || c.Move == inarow.NoMove {
						return
					}
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
	if *cheapest > 0 {
		st.report(os.Stderr)
	}
	return done()
}

// cheapStats counts what -cheapest found.
type cheapStats struct {
	samples, kept, moved int   // cutoffs asked; with a cut found; whose cheapest was another move
	missed               int   // of the kept, those where the search's own move did not cut off
	cutNodes, bestNodes  int64 // the kept ones' nodes: the search's own move's (to its cap), the cheapest's
}

// cheapest makes the move of cutoff c the cheapest of the node's moves
// that cut off (NoMove where none did within budget nodes).
func (st *cheapStats) cheapest(rule gomoku.Rule, rules inarow.Rules, c gomokuengine.Cut, budget int64) (gomokuengine.Cut, error) {
	if c.Beta <= -gomokuengine.WinBound || c.Beta >= gomokuengine.WinBound {
		c.Move = inarow.NoMove // a win's bound: its value depends on the ply
		return c, nil
	}
	st.samples++
	costs, err := gomokuengine.CutCosts(context.Background(), rule, rules.Cols, rules.Rows, c, budget)
	if err != nil {
		return c, err
	}
	best := -1
	for i, x := range costs {
		if x.Cuts && (best < 0 || x.Nodes < costs[best].Nodes) {
			best = i
		}
	}
	if best < 0 {
		c.Move = inarow.NoMove
		return c, nil
	}
	st.kept++
	if !costs[0].Cuts {
		st.missed++
	}
	st.cutNodes += costs[0].Nodes
	st.bestNodes += costs[best].Nodes
	if best != 0 {
		st.moved++
	}
	c.Move = costs[best].Move
	return c, nil
}

func (st *cheapStats) report(w io.Writer) {
	fmt.Fprintf(w, "cheapest: %d cutoffs searched, %d with a move that cuts off, %d of them another move than the search's (whose own did not cut off at %d); nodes of the search's move %d, of the cheapest %d\n",
		st.samples, st.kept, st.moved, st.missed, st.cutNodes, st.bestNodes)
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
