package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// forbiddenMark stands on the board for a point forbidden to black.
const forbiddenMark = "× "

// errShown: the refusal was already explained to the player.
var errShown = errors.New("shown")

// gomokuVariant gives the variant of game gomoku the rule and size of the
// --rule and --size flags.
func gomokuVariant(v variant, game, rules, ruleName string, size int) (variant, error) {
	if game != "gomoku" {
		return v, fmt.Errorf("--rule and --size are for game gomoku, not %s", game)
	}
	if rules != "" {
		return v, fmt.Errorf("give either --rules or --rule/--size, not both")
	}
	rule := gomoku.Freestyle
	if ruleName != "" {
		var err error
		if rule, err = gomoku.ParseRule(ruleName); err != nil {
			return v, err
		}
	}
	if size == 0 {
		size = 15
	}
	r, err := rule.Board(size)
	if err != nil {
		return v, err
	}
	v.rules = r
	v.how = "a column letter and a row number, like " + r.FormatMove(r.MoveAt(r.Cols/2, r.Rows/2))
	return v, nil
}

// isRenju reports whether r are renju's rules (black's moves restricted).
func isRenju(r inarow.Rules) bool {
	rule, ok := gomoku.RuleOf(r)
	return ok && rule == gomoku.Renju
}

// markForbidden finds the points to mark: in renju, black's forbidden
// points while black is to move.
func (s *session) markForbidden(p inarow.Position) {
	s.marks = nil
	if !isRenju(p.Rules()) || p.Over() || p.ToMove() != inarow.First {
		return
	}
	for _, f := range gomoku.Forbidden(p) {
		if s.marks == nil {
			s.marks = map[inarow.Move]bool{}
		}
		s.marks[f.Move] = true
	}
}

// listForbidden names the marked points under the board.
func (s *session) listForbidden(p inarow.Position) {
	if len(s.marks) == 0 {
		return
	}
	var names []string
	for _, f := range gomoku.Forbidden(p) {
		names = append(names, fmt.Sprintf("%s (%s)", s.v.format(p, f.Move), f.Kind))
	}
	fmt.Fprintf(s.out, "%s forbidden to %s: %s\n", strings.TrimSpace(forbiddenMark), strings.TrimSpace(s.v.stones[inarow.First]), strings.Join(names, ", "))
}

// refuseForbidden explains and refuses black's forbidden move in renju.
func (s *session) refuseForbidden(p inarow.Position, m inarow.Move, typed string) error {
	if !isRenju(p.Rules()) {
		return nil
	}
	_, err := gomoku.Play(p, m)
	var fe *gomoku.ForbiddenError
	if errors.As(err, &fe) {
		fmt.Fprintf(s.out, "%q is forbidden to %s in renju: it makes %s %s. Points marked %s are forbidden.\n",
			typed, strings.TrimSpace(s.v.stones[inarow.First]), article(fe.Kind), fe.Kind, strings.TrimSpace(forbiddenMark))
		return errShown
	}
	return nil
}

func article(k gomoku.ForbiddenKind) string {
	if k == gomoku.Overline {
		return "an"
	}
	return "a"
}

// runAnalyzeGomoku is "inarow analyze gomoku": it replays a record and
// prints the position and the VCF of the player to move.
func runAnalyzeGomoku(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze gomoku", flag.ContinueOnError)
	fs.SetOutput(stderr)
	record := fs.String("record", "", "the record: an SGF or Piskvork .psq file, - for stdin")
	ruleName := fs.String("rule", "", "the rule (default: the record's; a .psq says none, and plays freestyle)")
	moves := fs.Int("moves", -1, "analyse after the first N moves (default all)")
	fours := fs.Int("fours", gomokuengine.DefaultVCFLimits.Fours, "the longest VCF searched, in fours")
	vctDepth := fs.Int("vct-depth", 10, "without a VCF: the deepest VCT (threats: fours and open threes) searched")
	nodes := fs.Int64("nodes", 2_000_000, "without a VCF: the VCT search's node budget")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		args = append(append([]string{}, args[1:]...), "--record", args[0]) // the record first, flags after
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if *record == "" && fs.NArg() == 1 {
		*record = fs.Arg(0)
	} else if fs.NArg() > 0 || *record == "" {
		fmt.Fprint(stderr, "usage: inarow analyze gomoku --record FILE [--rule RULE] [--moves N] [--fours N] [--vct-depth N] [--nodes N]\n")
		return exitUsage
	}
	var data []byte
	var err error
	if *record == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(*record)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow analyze: %v\n", err)
		return 1
	}
	rec, err := gomoku.ParseRecord(data)
	if err != nil {
		fmt.Fprintf(stderr, "inarow analyze: %s: %v\n", *record, err)
		return 1
	}
	if *ruleName != "" {
		if rec.Rule, err = gomoku.ParseRule(*ruleName); err != nil {
			fmt.Fprintf(stderr, "inarow analyze: %v\n", err)
			return exitUsage
		}
	}
	if *moves >= 0 {
		if *moves > len(rec.Moves) {
			fmt.Fprintf(stderr, "inarow analyze: --moves %d: the record has %d moves\n", *moves, len(rec.Moves))
			return exitUsage
		}
		rec.Moves = rec.Moves[:*moves]
	}
	p, err := rec.Position()
	if err != nil {
		fmt.Fprintf(stderr, "inarow analyze: %s: %v\n", *record, err)
		return 1
	}
	r := p.Rules()
	stones := [3]string{"⚫", "⚪", "· "}
	fmt.Fprintf(stdout, "%s, %d×%d, after %d moves\n", rec.Rule, r.Cols, r.Rows, len(rec.Moves))
	var played []string
	for _, m := range rec.Moves {
		played = append(played, r.FormatMove(m))
	}
	if len(played) > 0 {
		fmt.Fprintf(stdout, "moves: %s\n", strings.Join(played, " "))
	}
	s := session{v: variant{
		rules: r, stones: stones,
		colLabel: func(x int) string { return string(rune('a' + x)) },
		rowLabel: func(y int) string { return fmt.Sprint(r.Rows - y) },
		format:   func(p inarow.Position, m inarow.Move) string { return p.Rules().FormatMove(m) },
	}, out: stdout}
	s.markForbidden(p)
	s.draw(p)
	if p.Over() {
		s.announce(p)
		return exitOK
	}
	who := strings.TrimSpace(stones[p.ToMove()])
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	lim := gomokuengine.DefaultVCFLimits
	lim.Fours = *fours
	line, found, err := gomokuengine.FindVCF(ctx, p, lim)
	elapsed := time.Since(start).Round(time.Millisecond)
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "VCF for %s: search stopped (%v) after %v\n", who, err, elapsed)
		return 1
	case !found:
		fmt.Fprintf(stdout, "VCF for %s: none within %d fours\n", who, lim.Fours)
		return analyzeVCT(ctx, stdout, p, rec.Rule, who, stones, *vctDepth, *nodes)
	default:
		var steps []string
		for i, m := range line {
			name := "any"
			if m != inarow.NoMove {
				name = r.FormatMove(m)
			}
			steps = append(steps, fmt.Sprintf("%s%s", strings.TrimSpace(stones[(int(p.ToMove())+i)%2]), name))
		}
		fmt.Fprintf(stdout, "VCF for %s in %d moves: %s\n", who, (len(line)+1)/2, strings.Join(steps, " "))
	}
	return exitOK
}

// runBenchGomoku times the engine on its fixed benchmark positions: the
// VCF positions by the continuous-four search, the quiet ones by the
// alpha-beta search to --depth (the same positions as the engine's Go
// benchmarks). A VCF not found is a failure: exit 1.
func runBenchGomoku(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench gomoku", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", 6, "depth of the search on the quiet positions (1-20)")
	turn := fs.Duration("time", 0, "search the quiet positions for a turn of this length instead of to --depth (e.g. 500ms)")
	threads := fs.Int("threads", 1, "the search's threads (1-64)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 0 || *depth < 1 || *depth > 20 || *turn < 0 || *threads < 1 || *threads > 64 {
		fmt.Fprintln(stderr, "usage: inarow bench gomoku [--depth N | --time D] [--threads T]   (N from 1 to 20, T from 1 to 64)")
		return exitUsage
	}
	ps, err := gomokuengine.BenchPositions()
	if err != nil {
		fmt.Fprintf(stderr, "inarow bench gomoku: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	type total struct {
		n, found int
		depths   int
		nodes    int64
		elapsed  time.Duration
	}
	var sums [2]total // vcf, search
	fmt.Fprintf(stdout, "%-8s %-6s %10s %10s %12s  %s\n", "position", "kind", "nodes", "µs", "nodes/s", "result")
	for _, p := range ps {
		r, err := gomokuengine.RunBench(ctx, p, gomokuengine.BenchOptions{Depth: *depth, Time: *turn, Threads: *threads})
		if err != nil {
			fmt.Fprintf(stderr, "inarow bench gomoku: %s: %v\n", p.Name, err)
			return 1
		}
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "inarow bench gomoku: interrupted")
			return 1
		}
		k, result := 1, "no move"
		if r.Move != inarow.NoMove {
			x, y := p.Position.Rules().XY(r.Move)
			result = fmt.Sprintf("depth %d, plays %d,%d", r.Depth, x, y)
		}
		if p.Kind == gomokuengine.BenchVCF {
			k, result = 0, "no VCF found"
			if r.Found {
				x, y := p.Position.Rules().XY(r.Move)
				result = fmt.Sprintf("VCF, starts at %d,%d", x, y)
				sums[0].found++
			}
		}
		sums[k].n++
		sums[k].depths += r.Depth
		sums[k].nodes += r.Nodes
		sums[k].elapsed += r.Elapsed
		fmt.Fprintf(stdout, "%-8s %-6s %10d %10d %12d  %s\n", p.Name, p.Kind, r.Nodes, r.Elapsed.Microseconds(), gomokuengine.Info{Nodes: r.Nodes, Elapsed: r.Elapsed}.NPS(), result)
	}
	v, s := sums[0], sums[1]
	fmt.Fprintf(stdout, "vcf: %d of %d found, mean %d µs and %d nodes a position, %d nodes/s\n",
		v.found, v.n, v.elapsed.Microseconds()/int64(max(v.n, 1)), v.nodes/int64(max(v.n, 1)), gomokuengine.Info{Nodes: v.nodes, Elapsed: v.elapsed}.NPS())
	budget := fmt.Sprintf("depth %d", *depth)
	if *turn > 0 {
		budget = fmt.Sprintf("%v a turn, mean depth %.1f", *turn, float64(s.depths)/float64(max(s.n, 1)))
	}
	if *threads > 1 {
		budget += fmt.Sprintf(", %d threads", *threads)
	}
	fmt.Fprintf(stdout, "search (%s): %d positions, mean %d µs and %d nodes a position, %d nodes/s\n",
		budget, s.n, s.elapsed.Microseconds()/int64(max(s.n, 1)), s.nodes/int64(max(s.n, 1)), gomokuengine.Info{Nodes: s.nodes, Elapsed: s.elapsed}.NPS())
	if v.found < v.n {
		return 1
	}
	return 0
}

// analyzeVCT looks for a victory by continuous threats (fours and open
// threes) for the side to move of p and prints one line of it.
func analyzeVCT(ctx context.Context, stdout io.Writer, p inarow.Position, rule gomoku.Rule, who string, stones [3]string, depth int, nodes int64) int {
	r := p.Rules()
	start := time.Now()
	win, found, n, err := gomokuengine.FindVCT(ctx, p, depth, nodes)
	elapsed := time.Since(start).Round(time.Millisecond)
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "VCT for %s: %v\n", who, err)
		return 1
	case ctx.Err() != nil:
		fmt.Fprintf(stdout, "VCT for %s: search stopped (%v) after %v\n", who, ctx.Err(), elapsed)
		return 1
	case !found:
		fmt.Fprintf(stdout, "VCT for %s: none found (depth %d, %d nodes, %v)\n", who, depth, n, elapsed)
		return exitOK
	}
	var steps []string
	for i, m := range win.Line {
		steps = append(steps, strings.TrimSpace(stones[(int(p.ToMove())+i)%2])+r.FormatMove(m))
	}
	fmt.Fprintf(stdout, "VCT for %s in %d moves: %s (one line: every defence loses; %d nodes, %v)\n", who, win.Moves, strings.Join(steps, " "), n, elapsed)
	return exitOK
}
