package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	core "github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/cases"
	"github.com/inarow/inarow/solve"
)

// The solver commands:
//
//	inarow solve connect4 [--rules RULES] [--table-mb N] [--no-book]
//	inarow analyze connect4 MOVES [--rules RULES] [--table-mb N] [--no-book]
//	inarow bench solve [--sets DIR] [--max N] [--only SETS] [--table-mb N] [--no-book]
//	inarow bench solve --random N --stones LIST [--rules RULES] [--seed S] [--table-mb N]
const solveUsage = `  inarow solve connect4 [--rules RULES] [--table-mb N] [--no-book] [--weak | --at-least S] [--threads N]
      Read move strings (1-based columns, "4453"; "-" is the empty board), one
      a line, from stdin and print "MOVES SCORE NODES MICROSECONDS" for each.
      A line may carry more fields (a test set's expected score): they are
      ignored. An invalid line is reported on stderr and skipped. --weak: the
      score's sign only (1 a win, 0 a draw, -1 a loss), which costs less.
      --at-least S: only whether the score is at least S, printed ">=S" or
      "<S" in place of the score (one null-window search: a bound proved in
      parts, e.g. ">=2" and "<3" prove a score of 2).
      --threads N: N threads search each position of a board of up to 64
      padded bits, (rows+1)·cols (default: every core; the scores are the
      same, the nodes vary).
  inarow analyze connect4 MOVES [--rules RULES] [--table-mb N] [--no-book] [--weak] [--threads N]
      Print the score of every column after MOVES, "-" for a full column.
  inarow bench solve [--sets DIR] [--max N] [--only SETS] [--table-mb N] [--no-book] [--threads N]
      Solve Pascal Pons' benchmark sets (Test_L3_R1 …, built into inarow;
      --sets DIR reads them from DIR) and print a table.
  inarow bench solve --random N --stones LIST [--rules RULES] [--seed S] [--table-mb N] [--no-book] [--threads N] [--print]
      What solving costs on RULES (9×7, 8×8…): solve N random positions of
      each stone count in LIST (e.g. 44,40,36) and print the mean time and
      nodes and their growth for each stone fewer; --print prints the
      positions instead, for other solvers. The benchmarks search
      with one thread unless --threads says more (one thread's node counts
      are the same in every run; boards over 64 padded bits always use one).
`

// solverFlags are the flags every solver command takes.
type solverFlags struct {
	rules   *string
	tableMB *int
	noBook  *bool
	weak    *bool // nil for the commands without --weak
	threads *int  // nil for the commands without --threads
	atLeast *int  // solve's --at-least; nil unless given
}

// helpOrUsage is the exit status of a command whose flags did not parse:
// 0 when --help asked for the usage, which the flag set has printed.
func helpOrUsage(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// isHelp reports whether a command's first argument asks for its usage.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// solveHelp prints the solver commands' text and the flags for --help.
func solveHelp(fs *flag.FlagSet, w io.Writer) func() {
	return func() {
		fmt.Fprint(w, "Usage:\n"+solveUsage+"\nFlags:\n")
		fs.PrintDefaults()
	}
}

func addSolverFlags(fs *flag.FlagSet) solverFlags {
	return solverFlags{
		rules:   fs.String("rules", "", "rules m=COLS,n=ROWS,k=K,gravity (default Connect Four, m=7,n=6,k=4,gravity)"),
		tableMB: fs.Int("table-mb", solve.DefaultTableBytes>>20, "transposition table size in MiB"),
		noBook:  fs.Bool("no-book", false, "search every position, without the built-in opening book"),
	}
}

// addSearchFlags adds --weak and --threads, for solve and analyze.
func (f *solverFlags) addSearchFlags(fs *flag.FlagSet) {
	f.weak = fs.Bool("weak", false, "only the sign of each score: 1 a win, 0 a draw, -1 a loss")
	f.addThreads(fs, runtime.NumCPU(), "search each position with N threads (every score as with one)")
}

// addThreads adds --threads with its default.
func (f *solverFlags) addThreads(fs *flag.FlagSet, def int, usage string) {
	f.threads = fs.Int("threads", def, usage)
}

// newSolver makes the one-word bitboard solver of GAME (connect4, or mnk
// with --rules) and the flags.
func (f solverFlags) newSolver(game string) (*solve.C4Solver, error) {
	r, opts, err := f.options(game)
	if err != nil {
		return nil, err
	}
	return solve.NewC4(r, opts)
}

// newGravity makes the solver of GAME of either word size: boards up to
// (rows+1)·cols = 128 bits, 9×7 and 8×8 among them.
func (f solverFlags) newGravity(game string) (solve.Gravity, error) {
	r, opts, err := f.options(game)
	if err != nil {
		return nil, err
	}
	return solve.NewGravity(r, opts)
}

func (f solverFlags) options(game string) (core.Rules, solve.Options, error) {
	r := core.ConnectFour
	switch game {
	case "connect4":
	case "mnk":
		if *f.rules == "" {
			return r, solve.Options{}, fmt.Errorf("game mnk needs --rules, e.g. --rules m=7,n=6,k=4,gravity")
		}
	default:
		return r, solve.Options{}, fmt.Errorf("unknown game %q (the solver plays connect4, or mnk with gravity --rules)", game)
	}
	if *f.rules != "" {
		var err error
		if r, err = core.ParseRules(*f.rules); err != nil {
			return r, solve.Options{}, err
		}
	}
	if *f.tableMB < 1 {
		return r, solve.Options{}, fmt.Errorf("--table-mb must be at least 1, not %d", *f.tableMB)
	}
	opts := solve.Options{TableBytes: *f.tableMB << 20, NoBook: *f.noBook, Weak: f.weak != nil && *f.weak}
	if f.threads != nil {
		if *f.threads < 1 {
			return r, solve.Options{}, fmt.Errorf("--threads must be at least 1, not %d", *f.threads)
		}
		opts.Threads = *f.threads
	}
	return r, opts, nil
}

// parseInterleaved parses flags that may stand before, between or after
// the positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// movesField is the move string of a line: its first field, "-" for the
// empty board.
func movesField(line string) (string, bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return "", false
	}
	if fields[0] == "-" {
		return "", true
	}
	return fields[0], true
}

// openSearch reads the flags and arguments of solve and analyze (GAME
// and up to maxArgs-1 more) and makes the solver of GAME. When they are
// wrong, or --help asked for the usage, it has said so on stderr and
// returns the exit status, with a nil solver.
func openSearch(name, usage string, maxArgs int, args []string, stderr io.Writer) (solve.Gravity, solverFlags, []string, int) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = solveHelp(fs, stderr)
	sf := addSolverFlags(fs)
	sf.addSearchFlags(fs)
	if name == "solve" {
		fs.Func("at-least", "only test whether each score is at least `S`: print >=S or <S (one null-window search; not with --weak)", func(v string) error {
			w, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("not a score: %q", v)
			}
			sf.atLeast = &w
			return nil
		})
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, sf, nil, helpOrUsage(err)
	}
	if sf.atLeast != nil && *sf.weak {
		fmt.Fprintf(stderr, "inarow %s: --at-least and --weak: give one\n", name)
		return nil, sf, nil, exitUsage
	}
	if len(pos) < 1 || len(pos) > maxArgs {
		fmt.Fprintln(stderr, "usage: "+usage)
		return nil, sf, nil, exitUsage
	}
	s, err := sf.newGravity(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "inarow %s: %v\n", name, err)
		return nil, sf, nil, exitUsage
	}
	return s, sf, pos, exitOK
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	s, sf, _, code := openSearch("solve", "inarow solve connect4 [--rules RULES] [--table-mb N] [--no-book] [--weak | --at-least S] [--threads N] < MOVES", 1, args, stderr)
	if s == nil {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	status := exitOK
	for n := 1; in.Scan(); n++ {
		moves, ok := movesField(in.Text())
		if !ok {
			continue // a blank line
		}
		before := s.Nodes()
		start := time.Now()
		var answer string // the score, or whether it reaches --at-least
		var err error
		if w := sf.atLeast; w != nil {
			var yes bool
			yes, err = s.AtLeastMoves(ctx, moves, *w)
			answer = "<" + strconv.Itoa(*w)
			if yes {
				answer = ">=" + strconv.Itoa(*w)
			}
		} else {
			var v solve.Score
			v, err = s.SolveMoves(ctx, moves)
			answer = strconv.Itoa(int(v))
		}
		us := time.Since(start).Microseconds()
		if me := (*solve.MoveError)(nil); errors.As(err, &me) {
			out.Flush()
			fmt.Fprintf(stderr, "inarow solve: line %d: %q: %v\n", n, moves, err)
			status = 1
			continue
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "inarow solve: line %d: %q: stopped: %v\n", n, moves, err)
			return 1
		}
		if moves == "" {
			moves = "-"
		}
		fmt.Fprintf(out, "%s %s %d %d\n", moves, answer, s.Nodes()-before, us)
		if n%64 == 0 {
			out.Flush()
		}
	}
	if err := in.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "inarow solve: reading stdin: %v\n", err)
		return 1
	}
	return status
}

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	s, _, pos, status := openSearch("analyze", "inarow analyze connect4 MOVES [--rules RULES] [--table-mb N] [--no-book] [--weak] [--threads N]", 2, args, stderr)
	if s == nil {
		return status
	}
	moves := ""
	if len(pos) == 2 && pos[1] != "-" {
		moves = pos[1]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	scores, err := s.AnalyzeMoves(ctx, moves)
	if me := (*solve.MoveError)(nil); errors.As(err, &me) {
		fmt.Fprintf(stderr, "inarow analyze: %q: %v\n", moves, err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow analyze: stopped: %v\n", err)
		return 1
	}
	cells := make([]string, len(scores))
	for i, v := range scores {
		if v == solve.FullColumn {
			cells[i] = "-"
		} else {
			cells[i] = strconv.Itoa(int(v))
		}
	}
	fmt.Fprintln(stdout, strings.Join(cells, " "))
	return exitOK
}

func runBench(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "gomoku" {
		return runBenchGomoku(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "solve" {
		fmt.Fprintln(stderr, "usage: inarow bench solve [--sets DIR] [--max N] [--only SETS] [--table-mb N] [--no-book] [--threads N]\n       inarow bench solve --random N --stones LIST [--rules RULES] [--seed S] [--table-mb N] [--threads N] [--print]\n       inarow bench gomoku [--depth N | --time D] [--threads T]")
		return exitUsage
	}
	fs := flag.NewFlagSet("bench solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = solveHelp(fs, stderr)
	sf := addSolverFlags(fs)
	dir := fs.String("sets", "", "directory of the benchmark sets (default: Pons' six sets built into inarow)")
	maxN := fs.Int("max", 0, "solve at most N positions of each set (0: all)")
	only := fs.String("only", "", "comma-separated sets to run, e.g. L2_R1,L1_R1 (default: every set found)")
	random := fs.Int("random", 0, "instead of the sets, solve N random positions of each --stones count (boards up to 128 bits)")
	stones := fs.String("stones", "", "with --random: stone counts, most first, e.g. 40,36,32")
	seed := fs.Uint64("seed", 1, "with --random: the seed of the positions")
	sf.addThreads(fs, 1, "search each position with N threads (boards up to 64 padded bits)")
	print := fs.Bool("print", false, "with --random: print the positions, one a line, instead of solving them (to give other solvers the same ones)")
	if err := fs.Parse(args[1:]); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "inarow bench solve: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *random > 0 || *stones != "" {
		return runSweep(sf, *random, *stones, *seed, *print, stdout, stderr)
	}
	s, err := sf.newSolver("connect4")
	if err != nil {
		fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
		return exitUsage
	}
	want := map[string]bool{}
	for _, name := range strings.Split(*only, ",") {
		if name = strings.TrimSpace(name); name != "" {
			want["Test_"+strings.TrimPrefix(name, "Test_")] = true
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	for name := range want {
		if !slices.Contains(cases.PonsSetNames, name) {
			fmt.Fprintf(stderr, "inarow bench solve: --only: no set %s (the sets: %s)\n", strings.TrimPrefix(name, "Test_"), strings.Join(cases.PonsSetNames, ", "))
			return exitUsage
		}
	}
	// Every set is read before the table starts: a directory without one
	// gets an error, not an empty table.
	sets, where := cases.PonsSets(), "the built-in sets"
	if *dir != "" {
		sets, where = os.DirFS(*dir), *dir
	}
	var names []string
	var texts [][]byte
	for _, name := range cases.PonsSetNames {
		if len(want) > 0 && !want[name] {
			continue
		}
		data, err := iofs.ReadFile(sets, name)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
			return 1
		}
		names, texts = append(names, name), append(texts, data)
	}
	if len(names) == 0 {
		fmt.Fprintf(stderr, "inarow bench solve: no benchmark set (Test_L1_R1 …) in %s\n", where)
		return 1
	}
	fmt.Fprintf(stdout, "%-12s %9s %12s %12s %6s\n", "set", "positions", "mean µs", "mean nodes", "wrong")
	status := exitOK
	for k, name := range names {
		data := texts[k]
		s.Reset()
		var n, wrong int
		var elapsed time.Duration
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if *maxN > 0 && n >= *maxN {
				break
			}
			fields := strings.Fields(line)
			if len(fields) != 2 {
				fmt.Fprintf(stderr, "inarow bench solve: %s line %d: want MOVES SCORE, got %q\n", name, i+1, line)
				return 1
			}
			score, err := strconv.Atoi(fields[1])
			b, err2 := s.Geometry().FromMoves(fields[0])
			if err != nil || err2 != nil {
				fmt.Fprintf(stderr, "inarow bench solve: %s line %d: bad line %q\n", name, i+1, line)
				return 1
			}
			start := time.Now()
			v, err := s.SolveBoard(ctx, b)
			elapsed += time.Since(start)
			if err != nil {
				fmt.Fprintf(stderr, "inarow bench solve: %s: stopped after %d positions: %v\n", name, n, err)
				return 1
			}
			if int(v) != score {
				wrong++
				fmt.Fprintf(stderr, "inarow bench solve: %s line %d: %s scores %d, the set says %d\n", name, i+1, fields[0], v, score)
			}
			n++
		}
		if wrong > 0 {
			status = 1
		}
		mean := func(x float64) float64 { return x / float64(max(n, 1)) }
		fmt.Fprintf(stdout, "%-12s %9d %12.1f %12.1f %6d\n", name, n,
			mean(float64(elapsed.Nanoseconds())/1e3), mean(float64(s.Nodes())), wrong)
	}
	return status
}
