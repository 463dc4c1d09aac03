package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/inarow/inarow"
)

func runPerft(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(stderr, "usage: inarow perft GAME DEPTH [--rules RULES]")
		return exitUsage
	}
	game, depthArg := args[0], args[1]
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rulesFlag := fs.String("rules", "", "rules m=COLS,n=ROWS,k=K[,gravity][,exact] (for GAME mnk, or to override a preset)")
	if err := fs.Parse(args[2:]); err != nil {
		return exitUsage
	}
	depth, err := strconv.Atoi(depthArg)
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "inarow perft: DEPTH must be a whole number ≥ 0, not %q\n", depthArg)
		return exitUsage
	}
	r, err := gameRules(game, *rulesFlag)
	if err != nil {
		fmt.Fprintf(stderr, "inarow perft: %v\n", err)
		return exitUsage
	}
	p, _ := inarow.NewPosition(r)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	counts, err := inarow.Perft(ctx, p, depth)
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "perft %s (%s)\n", game, r)
	fmt.Fprintf(stdout, "%4s %16s %16s %16s %16s\n", "ply", "nodes", "positions", "games ended", "all positions")
	var total, games, nodes uint64
	for _, c := range counts {
		total += c.Positions
		games += c.Leaves
		nodes += c.Nodes
		fmt.Fprintf(stdout, "%4d %16d %16d %16d %16d\n", c.Ply, c.Nodes, c.Positions, c.Leaves, total)
	}
	fmt.Fprintf(stdout, "nodes: game-tree nodes at that ply; positions: distinct positions at that ply;\n")
	fmt.Fprintf(stdout, "games ended: games that end at that ply (all plies together: %d complete games)\n", games)
	fmt.Fprintf(stderr, "%d nodes in %v (%.0f nodes/s)\n", nodes, elapsed.Round(time.Millisecond), float64(nodes)/elapsed.Seconds())
	if err != nil {
		fmt.Fprintf(stderr, "inarow perft: stopped: %v\n", err)
		return 1
	}
	return exitOK
}

// gameRules returns the rules of a named game, overridden by --rules.
func gameRules(game, rules string) (inarow.Rules, error) {
	var r inarow.Rules
	switch game {
	case "tictactoe", "tictactoe-bits":
		r = inarow.TicTacToe
	case "connect4":
		r = inarow.ConnectFour
	case "gomoku":
		r = inarow.Gomoku
	case "gobang":
		r = inarow.Rules{Cols: 9, Rows: 9, K: 5, Win: inarow.ExactlyK}
	case "mnk":
		if rules == "" {
			return r, fmt.Errorf("game mnk needs --rules, e.g. --rules m=7,n=6,k=4,gravity")
		}
	default:
		return r, fmt.Errorf("unknown game %q (want tictactoe, connect4, gomoku, gobang or mnk)", game)
	}
	if rules != "" {
		return inarow.ParseRules(rules)
	}
	return r, nil
}
