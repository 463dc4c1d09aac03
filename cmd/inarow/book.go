package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"time"

	"github.com/inarow/inarow/solve"
)

// The opening book commands:
//
//	inarow book generate [--rules RULES] --depth D --out FILE [--jobs N] [--table-mb N] [--journal J]
//	inarow book check FILE [--samples N] [--table-mb N]
const bookUsage = `  inarow book generate [--rules RULES] --depth D --out FILE [--jobs N] [--table-mb N] [--journal J]
      Solve every position with at most D stones (one of each mirror pair)
      and write the opening book FILE (reproducible: the same rules and D
      give the same bytes). The solver uses the books built in from
      solve/books/ (copy FILE there and rebuild to build it in).
      --journal J appends each solved position to J as it is done and,
      when J exists, skips the positions it holds: an interrupted run
      resumes where it stopped.
  inarow book check FILE [--samples N] [--table-mb N]
      Print the book's rules, depth and size, and solve N of its positions
      at random without the book to check their scores.
`

func runBook(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	switch args[0] {
	case "generate":
		return runBookGenerate(args[1:], stdout, stderr)
	case "check":
		return runBookCheck(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "inarow book: unknown subcommand %q\n\nusage:\n%s", args[0], bookUsage)
	return exitUsage
}

func runBookGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf := addSolverFlags(fs)
	depth := fs.Int("depth", -1, "book depth: every position with at most D stones")
	out := fs.String("out", "", "the book file to write")
	jobs := fs.Int("jobs", 1, "solvers working in parallel (each with its own table)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	journal := fs.String("journal", "", "journal of solved positions: resume from it, append to it")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	game := "connect4"
	if len(pos) == 1 {
		game = pos[0]
	}
	if len(pos) > 1 || *depth < 0 || *out == "" || *jobs < 1 {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	*sf.noBook = true
	s, err := sf.newSolver(game)
	if err != nil {
		fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	last := start
	progress := func(done, total int) {
		if *quiet || (time.Since(last) < 2*time.Second && done != total) {
			return
		}
		last = time.Now()
		eta := time.Duration(float64(time.Since(start)) / float64(done) * float64(total-done))
		fmt.Fprintf(stderr, "\rinarow book generate: %d of %d positions with %d stones, %v, about %v left   ",
			done, total, *depth, time.Since(start).Round(time.Second), eta.Round(time.Second))
		if done == total {
			fmt.Fprintln(stderr)
		}
	}
	opts := solve.BookOptions{Jobs: *jobs, Progress: progress}
	var j *bookJournal
	if *journal != "" {
		if j, err = openJournal(*journal, s.Geometry().Rules(), *depth); err != nil {
			fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
			return 1
		}
		if !*quiet && len(j.known) > 0 {
			fmt.Fprintf(stderr, "inarow book generate: %s: %d positions solved before\n", *journal, len(j.known))
		}
		opts.Known, opts.Solved = j.known, j.add
	}
	bk, err := solve.GenerateBook(ctx, s, *depth, opts)
	if j != nil {
		if jerr := j.Close(); err == nil {
			err = jerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
		return 1
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
		return 1
	}
	w := bufio.NewWriter(f)
	n, err := bk.WriteTo(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %v depth %d, %d positions, %d bytes, %v\n",
		*out, bk.Rules(), bk.Depth(), bk.Len(), n, time.Since(start).Round(time.Millisecond))
	return exitOK
}

func runBookCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tableMB := fs.Int("table-mb", solve.DefaultTableBytes>>20, "transposition table size in MiB")
	samples := fs.Int("samples", 10, "book positions to solve again without the book")
	seed := fs.Uint64("seed", 1, "random seed of the samples")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 || *tableMB < 1 {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	f, err := os.Open(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "inarow book check: %v\n", err)
		return 1
	}
	bk, err := solve.ReadBook(bufio.NewReader(f))
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "inarow book check: %s: %v\n", pos[0], err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %v depth %d, %d positions\n", pos[0], bk.Rules(), bk.Depth(), bk.Len())
	s, err := solve.NewC4(bk.Rules(), solve.Options{TableBytes: *tableMB << 20, NoBook: true})
	if err != nil {
		fmt.Fprintf(stderr, "inarow book check: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rng := rand.New(rand.NewPCG(*seed, 0))
	var all []solve.Board
	for _, level := range s.Geometry().BookPositions(bk.Depth()) {
		all = append(all, level...)
	}
	if len(all) != bk.Len() {
		fmt.Fprintf(stderr, "inarow book check: the book has %d positions, depth %d has %d\n", bk.Len(), bk.Depth(), len(all))
		return 1
	}
	status := exitOK
	for i := 0; i < *samples && len(all) > 0; i++ {
		b := all[rng.IntN(len(all))]
		want, ok := bk.Lookup(b)
		if !ok {
			fmt.Fprintf(stderr, "inarow book check: a position with %d stones (key %d) is missing\n", b.Moves(), b.Key())
			status = 1
			continue
		}
		start := time.Now()
		v, err := s.SolveBoard(ctx, b)
		if err != nil {
			fmt.Fprintf(stderr, "inarow book check: %v\n", err)
			return 1
		}
		mark := "ok"
		if v != want {
			mark, status = "WRONG", 1
		}
		fmt.Fprintf(stdout, "key %d (%d stones): book %d, solver %d, %v %s\n", b.Key(), b.Moves(), want, v, time.Since(start).Round(time.Millisecond), mark)
	}
	return status
}
