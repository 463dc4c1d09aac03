package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/agent"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/solve"
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
	balanced := fs.Int("balanced", 0, "gravity games the solver fits: play the N openings of --openings plies (default 4) whose exact value is nearest a draw, each with both colours, and report the share of the game-theoretic value A kept")
	moveTime := fs.Duration("move-time", 0, "time per move for players that take one (mcts, connect4, gomoku, agent, pbrain); 0: each spec's own")
	quiet := fs.Bool("quiet", false, "no line per game")
	greet := fs.Duration("greet-time", agent.DefaultGreetTime, "time an outside program (agent:, pbrain:) has to start and greet")
	game := "connect4"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		game, args = args[0], args[1:]
	}
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "inarow match: %s\nusage: inarow match [GAME] --a SPEC --b SPEC [--games N] [--rules RULES] [--openings PLIES] [--records DIR] [--move-time D] [--greet-time D]\nSPEC:\n%s\n", msg, agent.SpecHelp)
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
	if *greet <= 0 {
		return usage(fmt.Sprintf("--greet-time %v: must be positive", *greet))
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
	var theory []int // per opening of --balanced: the exact value's sign for the side to move
	if *balanced > 0 {
		if !plySet(fs) {
			*plies = 4
		}
		opens, theory, err = balancedOpenings(ctx, r, *plies, *balanced)
		if err != nil {
			return usage("--balanced: " + err.Error())
		}
		*games = 2 * len(opens)
	}
	pa, err := agent.NewPlayerGreet(ctx, *a, r, *seed, *greet)
	if err != nil {
		return usage("--a: " + err.Error())
	}
	defer agent.Close(pa)
	pb, err := agent.NewPlayerGreet(ctx, *b, r, *seed+1, *greet)
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
	kept, keptWins := 0, 0
	progress := func(n int, g *inarow.Game, res agent.Result) {}
	if theory != nil {
		// Game n (from 1) opens with opening (n−1)/2; A is the side to move
		// after it in odd games when the opening has an even number of plies.
		progress = func(n int, g *inarow.Game, _ agent.Result) {
			v := theory[(n-1)/2]
			aToMove := (n%2 == 1) == (*plies%2 == 0)
			if !aToMove {
				v = -v
			}
			got := 0
			if o := g.Position().Outcome(); o.Status == inarow.Won {
				got = -1
				if (o.Winner == inarow.First) == (n%2 == 1) {
					got = 1
				}
			}
			if got >= v {
				kept++
				if v == 1 {
					keptWins++
				}
			}
		}
	}
	m.Progress = func(n int, g *inarow.Game, res agent.Result) { progress(n, g, res) }
	if !*quiet {
		m.Progress = func(n int, g *inarow.Game, res agent.Result) {
			progress(n, g, res)
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
	if theory != nil {
		wins := 0
		for _, v := range theory {
			if v != 0 {
				wins++ // one of the pair's two games is a win for A
			}
		}
		fmt.Fprintf(stdout, "value kept by A: %d of %d games (%.1f%%); won %d of the %d won positions\n",
			kept, res.Games(), 100*float64(kept)/float64(max(res.Games(), 1)), keptWins, wins)
	}
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

// plySet reports whether the --openings flag was given.
func plySet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "openings" })
	return set
}

// balancedOpenings returns the n openings of plies moves (one of each
// mirror pair, neither side able to win at once after them) whose exact
// value is nearest a draw, and each one's sign for the side to move then:
// +1 a win, 0 a draw, −1 a loss. The solver's book makes 4 plies of
// Connect Four instant.
func balancedOpenings(ctx context.Context, r inarow.Rules, plies, n int) ([][]inarow.Move, []int, error) {
	s, err := solve.NewC4(r, solve.Options{})
	if err != nil {
		return nil, nil, err
	}
	g := s.Geometry()
	type opening struct {
		moves []inarow.Move
		score solve.Score
		name  string
	}
	var all []opening
	seen := map[uint64]bool{}
	var walk func(p inarow.Position, moves []inarow.Move, name string) error
	walk = func(p inarow.Position, moves []inarow.Move, name string) error {
		if len(moves) == plies {
			b, err := g.FromPosition(p)
			if err != nil {
				return err
			}
			if k := g.BookKey(b); seen[k] || g.CanWinNext(b) {
				return nil
			} else {
				seen[k] = true
			}
			v, err := s.Solve(ctx, p)
			if err != nil {
				return err
			}
			all = append(all, opening{slices.Clone(moves), v, name})
			return nil
		}
		for c := 0; c < r.Cols; c++ {
			m, err := p.Drop(c)
			if err != nil {
				continue
			}
			next, err := p.Play(m)
			if err != nil || next.Over() {
				continue
			}
			if err := walk(next, append(moves, m), name+strconv.Itoa(c+1)); err != nil {
				return err
			}
		}
		return nil
	}
	start, err := inarow.NewPosition(r)
	if err != nil {
		return nil, nil, err
	}
	if err := walk(start, nil, ""); err != nil {
		return nil, nil, err
	}
	slices.SortStableFunc(all, func(a, b opening) int {
		if d := abs(int(a.score)) - abs(int(b.score)); d != 0 {
			return d
		}
		return strings.Compare(a.name, b.name)
	})
	if len(all) < n {
		return nil, nil, fmt.Errorf("only %d openings of %d plies", len(all), plies)
	}
	var opens [][]inarow.Move
	var signs []int
	for _, o := range all[:n] {
		opens = append(opens, o.moves)
		signs = append(signs, cmp.Compare(int(o.score), 0))
	}
	return opens, signs, nil
}

func abs(x int) int { return max(x, -x) }
