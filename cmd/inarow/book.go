package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/inarow/inarow/solve"
)

// The opening book commands:
//
//	inarow book generate [--rules RULES] --depth D --out FILE [--jobs N] [--threads N] [--table-mb N] [--journal J | --db URL]
//	inarow book worker --db URL [--jobs N] [--threads N] [--table-mb N] [--batch N] [--lease D] [--retry D]
//	inarow book status --db URL
//	inarow book check FILE [--samples N] [--table-mb N]
const bookUsage = `  inarow book generate [--rules RULES] --depth D --out FILE [--jobs N] [--threads N] [--table-mb N] [--journal J | --db URL]
      Solve every position with at most D stones (one of each mirror pair)
      and write the opening book FILE (reproducible: the same rules and D
      give the same bytes). --jobs solvers solve positions side by side,
      each with --threads threads (default: the cores shared among the
      jobs, at least one each). The solver uses the books built in from
      solve/books/ (copy FILE there and rebuild to build it in): when one
      holds the positions of D-1 stones, their scores bound their
      children's from below (0.93 times the nodes for D = 7 on 7×6;
      --no-book turns it off; the same bytes either way).
      --journal J appends each solved position to J as it is done and,
      when J exists, skips the positions it holds: an interrupted run
      resumes where it stopped (one machine).
      --db postgres://... puts the positions with D stones (the whole
      cost) in PostgreSQL as a work queue, solves some of them with its
      --jobs solvers (0: none) beside the workers of any number of
      machines, waits until every one is done, and writes FILE: the same
      bytes as without --db. Run again, it takes up the same queue; a
      database schema holds one queue (?search_path=SCHEMA in the URL
      for another).
  inarow book worker --db postgres://... [--jobs N] [--threads N] [--table-mb N] [--batch N] [--lease D] [--retry D]
      Work on the queue that book generate --db made: claim --batch
      positions at a time, solve them, write their scores back, until
      every position is done. Start any number, on any machines. A
      worker's claims are leased for --lease and renewed while it lives;
      the positions of a worker that dies are taken over when its leases
      lapse, those of one interrupted are given back at once. A database
      that fails (a restart, the network) is tried again for --retry.
  inarow book status --db postgres://...
      Print the queue's book and how many of its positions are done,
      leased (by how many workers), lapsed and to do.
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
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, "usage:\n"+bookUsage)
		return exitOK
	case "generate":
		return runBookGenerate(args[1:], stdout, stderr)
	case "worker":
		return runBookWorker(args[1:], stdout, stderr)
	case "status":
		return runBookStatus(args[1:], stdout, stderr)
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
	sf.addThreads(fs, 0, "threads of each solver (0: the cores shared among the jobs)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	journal := fs.String("journal", "", "journal of solved positions: resume from it, append to it")
	db := fs.String("db", "", "postgres://... URL: a work queue for book worker processes on any machines")
	qf := addQueueFlags(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	game := "connect4"
	if len(pos) == 1 {
		game = pos[0]
	}
	if len(pos) > 1 || *depth < 0 || *out == "" || *jobs < 0 || (*jobs == 0 && *db == "") || (*db != "" && *journal != "") || !qf.valid() {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	if *sf.threads == 0 {
		*sf.threads = coresPerJob(*jobs)
	}
	// The built-in book is kept: GenerateBook does not look positions up
	// in it, only bounds the deepest level by it (--no-book: not even that).
	r, opts, err := sf.options(game)
	var g *solve.Geometry
	if err == nil {
		g, err = solve.NewGeometry(r)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow book generate: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
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
	var bk *solve.Book
	if *db != "" {
		bk, err = generateWithQueue(ctx, *db, g, *depth, qf.work(*jobs, opts.Threads, opts.TableBytes, "book generate", stderr, func(_, done, total int) { progress(done, total) }))
	} else {
		var s *solve.C4Solver
		if s, err = solve.NewC4(r, opts); err == nil {
			bk, err = generateHere(ctx, s, *depth, *jobs, *journal, *quiet, progress, stderr)
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

// generateHere solves the book in this process, with a journal if one is
// named.
func generateHere(ctx context.Context, s *solve.C4Solver, depth, jobs int, journal string, quiet bool, progress func(done, total int), stderr io.Writer) (*solve.Book, error) {
	opts := solve.BookOptions{Jobs: jobs, Progress: progress}
	var j *bookJournal
	if journal != "" {
		var err error
		if j, err = openJournal(journal, s.Geometry().Rules(), depth); err != nil {
			return nil, err
		}
		if !quiet && len(j.known) > 0 {
			fmt.Fprintf(stderr, "inarow book generate: %s: %d positions solved before\n", journal, len(j.known))
		}
		opts.Known, opts.Solved = j.known, j.add
	}
	bk, err := solve.GenerateBook(ctx, s, depth, opts)
	if j != nil {
		if jerr := j.Close(); err == nil {
			err = jerr
		}
	}
	return bk, err
}

// generateWithQueue puts the book's deepest level in the queue at url
// (or takes up the queue there), works on it beside the other workers,
// and assembles the book from the scores when every position is done.
func generateWithQueue(ctx context.Context, url string, g *solve.Geometry, depth int, w bookWork) (*solve.Book, error) {
	r := g.Rules()
	depth = min(depth, r.Cols*r.Rows)
	q, err := createBookQueue(ctx, url, g, depth)
	if err != nil {
		return nil, err
	}
	defer q.Close()
	if _, err := q.work(ctx, w); err != nil {
		return nil, err
	}
	scores, err := q.scores(ctx)
	if err != nil {
		return nil, err
	}
	return g.AssembleBook(depth, scores)
}

// queueFlags are the flags of a process working on a book queue.
type queueFlags struct {
	batch *int
	lease *time.Duration
	retry *time.Duration
}

func addQueueFlags(fs *flag.FlagSet) queueFlags {
	return queueFlags{
		batch: fs.Int("batch", 1, "positions claimed at a time from the queue (more for cheap positions)"),
		lease: fs.Duration("lease", time.Minute, "how long a claim lasts unrenewed: a dead worker's positions wait this long"),
		retry: fs.Duration("retry", 5*time.Minute, "how long to try again when the database fails (a restart, the network)"),
	}
}

func (f queueFlags) valid() bool {
	return *f.batch >= 1 && *f.lease >= 300*time.Millisecond && *f.retry >= 0
}

// work is the bookWork of the flags; failures tried again are told on
// stderr, named by cmd.
func (f queueFlags) work(jobs, threads, tableBytes int, cmd string, stderr io.Writer, progress func(here, done, total int)) bookWork {
	return bookWork{
		jobs: jobs, threads: threads, batch: *f.batch, tableBytes: tableBytes, lease: *f.lease,
		poll:     min(max(*f.lease/4, 100*time.Millisecond), 5*time.Second),
		retryFor: *f.retry,
		warn:     func(err error) { fmt.Fprintf(stderr, "\ninarow %s: %v\n", cmd, err) },
		progress: progress,
	}
}

// coresPerJob is the default --threads of book generate and book worker:
// the cores shared among jobs solvers, at least one each.
func coresPerJob(jobs int) int { return max(1, runtime.NumCPU()/max(jobs, 1)) }

func runBookWorker(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "postgres://... URL of the queue that book generate --db made")
	jobs := fs.Int("jobs", 1, "solvers working in parallel (each with its own table)")
	tableMB := fs.Int("table-mb", solve.DefaultTableBytes>>20, "transposition table size in MiB, per solver")
	threads := fs.Int("threads", 0, "threads of each solver (0: the cores shared among the jobs)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	qf := addQueueFlags(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 0 || *db == "" || *jobs < 1 || *threads < 0 || *tableMB < 1 || !qf.valid() {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	if *threads == 0 {
		*threads = coresPerJob(*jobs)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	q, err := openBookQueue(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "inarow book worker: %v\n", err)
		return 1
	}
	defer q.Close()
	start := time.Now()
	last := start
	progress := func(here, done, total int) {
		if *quiet || (time.Since(last) < 2*time.Second && done != total) {
			return
		}
		last = time.Now()
		fmt.Fprintf(stderr, "\rinarow book worker: %d of %d positions with %d stones done, %d here, %v   ",
			done, total, q.depth, here, time.Since(start).Round(time.Second))
	}
	if !*quiet {
		fmt.Fprintf(stderr, "inarow book worker: %s: a %v book of depth %d, %d positions with %d stones\n", q.owner, q.rules, q.depth, q.positions, q.depth)
	}
	n, err := q.work(ctx, qf.work(*jobs, *threads, *tableMB<<20, "book worker", stderr, progress))
	if !*quiet {
		fmt.Fprintln(stderr)
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "inarow book worker: interrupted after %d positions solved here; the positions it held are given back\n", n)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow book worker: %v (%d positions solved here)\n", err, n)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d positions solved here; all %d positions with %d stones of the %v book are done, %v\n",
		q.owner, n, q.positions, q.depth, q.rules, time.Since(start).Round(time.Millisecond))
	return exitOK
}

func runBookStatus(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "postgres://... URL of the queue that book generate --db made")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 0 || *db == "" {
		fmt.Fprint(stderr, "usage:\n"+bookUsage)
		return exitUsage
	}
	ctx := context.Background()
	q, err := openBookQueue(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "inarow book status: %v\n", err)
		return 1
	}
	defer q.Close()
	r, err := q.report(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "inarow book status: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "a %v book of depth %d: %d positions with %d stones\n", q.rules, q.depth, q.positions, q.depth)
	fmt.Fprintf(stdout, "done %d (%d nodes, by %d workers), leased %d (by %d workers), lapsed %d, to do %d\n",
		r.done, r.nodes, r.solvers, r.leased, r.workers, r.lapsed, r.todo)
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
