package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/agent"
	"github.com/inarow/inarow/engine"
)

// runAgent is the reference agent: our engine speaking the agent protocol
// on stdin/stdout (see package agent).
func runAgent(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("agent", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("engine", "mcts", "the player that answers (a match SPEC)")
	name := fs.String("name", "", "the name to greet with (default: inarow-SPEC)")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: inarow agent [--engine SPEC] [--name NAME]")
		return exitUsage
	}
	if *name == "" {
		*name = "inarow-" + *spec
	}
	ctx := context.Background()
	err := agent.Serve(ctx, stdin, stdout, *name, func(r inarow.Rules) (engine.Player, error) {
		return agent.NewPlayer(ctx, *spec, r, *seed)
	})
	if err != nil {
		fmt.Fprintf(stderr, "inarow agent: %v\n", err)
		return 1
	}
	return exitOK
}
