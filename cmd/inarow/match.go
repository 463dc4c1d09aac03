package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/agent"
	"github.com/inarow/inarow/engine"
)

// runMatch plays N games between two player specs and prints the score
// with the Elo difference.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("a", "", "player A (SPEC)")
	b := fs.String("b", "", "player B (SPEC)")
	games := fs.Int("games", 10, "number of games (colours alternate)")
	rules := fs.String("rules", "", "RULES, for GAME mnk or to override the game's")
	plies := fs.Int("openings", -1, "random plies that open each pair of games (default 2 with gravity, 0 for tic-tac-toe, 4 otherwise)")
	openings := fs.String("opening-list", "", "openings: move lists separated by ';' (\"d1 d2;c1\"); overrides --openings")
	records := fs.String("records", "", "directory for the game records")
	seed := fs.Uint64("seed", 1, "random seed")
	moveTime := fs.Duration("move-time", 0, "time per move for players that take one (mcts, connect4, gomoku, agent, pbrain); 0: each spec's own")
	quiet := fs.Bool("quiet", false, "no line per game")
	game := "connect4"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		game, args = args[0], args[1:]
	}
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "inarow match: %s\nusage: inarow match [GAME] --a SPEC --b SPEC [--games N] [--rules RULES] [--openings PLIES] [--records DIR] [--move-time D]\nSPEC:\n%s\n", msg, agent.SpecHelp)
		return exitUsage
	}
	if err := fs.Parse(args); err != nil {
		return usage(err.Error())
	}
	if fs.NArg() != 0 {
		return usage(fmt.Sprintf("unexpected %q", fs.Args()))
	}
	if *a == "" || *b == "" || *games < 1 {
		return usage("--a and --b are required, --games at least 1")
	}
	r, err := gameRules(game, *rules)
	if err != nil {
		return usage(err.Error())
	}
	if *plies < 0 {
		switch {
		case r.Cells() <= 9:
			*plies = 0
		case r.Gravity:
			*plies = 2
		default:
			*plies = 4
		}
	}
	var opens [][]inarow.Move
	if *openings != "" {
		for _, o := range strings.Split(*openings, ";") {
			var ms []inarow.Move
			for _, s := range strings.Fields(o) {
				m, err := r.ParseMove(s)
				if err != nil {
					return usage(err.Error())
				}
				ms = append(ms, m)
			}
			opens = append(opens, ms)
		}
	}
	ctx := context.Background()
	pa, err := agent.NewPlayer(ctx, *a, r, *seed)
	if err != nil {
		return usage("--a: " + err.Error())
	}
	defer agent.Close(pa)
	pb, err := agent.NewPlayer(ctx, *b, r, *seed+1)
	if err != nil {
		return usage("--b: " + err.Error())
	}
	defer agent.Close(pb)
	if *moveTime > 0 {
		for _, p := range []engine.Player{pa, pb} {
			if t, ok := p.(agent.MoveTimer); ok {
				t.SetMoveTime(*moveTime)
			}
		}
	}
	m := agent.Match{Rules: r, A: pa, B: pb, Games: *games, Openings: opens, RandomPlies: *plies, Seed: *seed, Records: *records}
	if !*quiet {
		m.Progress = func(n int, g *inarow.Game, res agent.Result) {
			o := g.Position().Outcome()
			who := "draw"
			if o.Status == inarow.Won {
				// A plays First in odd-numbered games.
				if (o.Winner == inarow.First) == (n%2 == 1) {
					who = "A wins"
				} else {
					who = "B wins"
				}
			}
			fmt.Fprintf(stdout, "game %d: %s in %d moves (%s)\n", n, who, len(g.Moves()), res)
		}
	}
	res, err := m.Run(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "inarow match: %v\n", err)
		return 1
	}
	d, margin := res.Elo()
	fmt.Fprintf(stdout, "A %s vs B %s, %s, %d games\n", *a, *b, r, res.Games())
	fmt.Fprintf(stdout, "W/D/L %d/%d/%d  score %.1f%%  Elo %s ± %s (95%%)", res.Wins, res.Draws, res.Losses, 100*res.Score(), fmtElo(d, true), fmtElo(margin, false))
	if res.Forfeits > 0 {
		fmt.Fprintf(stdout, "  forfeits %d", res.Forfeits)
	}
	fmt.Fprintln(stdout)
	return exitOK
}

func fmtElo(v float64, sign bool) string {
	switch {
	case v != v: // NaN: a zero-width interval at a perfect score
		return "inf"
	case v > 1e9:
		if sign {
			return "+inf"
		}
		return "inf"
	case v < -1e9:
		return "-inf"
	case sign && v > -0.5 && v < 0.5:
		return "+0"
	case sign:
		return fmt.Sprintf("%+.0f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

var _ engine.Player = (*agent.Program)(nil)
