package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	core "github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// The cost sweep of `inarow bench solve --random N --stones LIST`: what an
// exact solve costs on a board too large to solve from the empty position
// here (9×7, 8×8…). It solves N random positions of each stone count and
// prints the mean time and nodes, and by how much the nodes grow for each
// stone fewer; the growth carried down to 0 stones estimates the empty
// board. Random positions are easier than the lines of perfect play that
// an empty-board solve must refute, so such an estimate is a lower bound.

// randomLine returns a move string of n stones played at random on rules
// r among the quiet moves: none ends the game or lets the opponent win
// with the next stone, so the game is still open and the side to move has
// no immediate win (a position that one move ends says nothing of the
// cost, and plain random play on a large board ends long before it fills).
// ok is false if no such line was found in a few hundred tries.
func randomLine(r core.Rules, n int, rng *rand.Rand) (moves string, ok bool) {
	quiet := make([]int, 0, r.Cols)
	for try := 0; try < 500; try++ {
		p, err := core.NewPosition(r)
		if err != nil {
			return "", false
		}
		var sb strings.Builder
		for p.Ply() < n {
			quiet = quiet[:0]
			for col := 0; col < r.Cols; col++ {
				if m, err := p.Drop(col); err == nil {
					if q, _ := p.Play(m); !q.Over() && !winsAtOnce(q, r.Cols) {
						quiet = append(quiet, col)
					}
				}
			}
			if len(quiet) == 0 {
				break
			}
			col := quiet[rng.IntN(len(quiet))]
			m, _ := p.Drop(col)
			p, _ = p.Play(m)
			sb.WriteByte(byte('1' + col))
		}
		if p.Ply() == n {
			return sb.String(), true
		}
	}
	return "", false
}

// winsAtOnce reports whether the side to move can win with one stone.
func winsAtOnce(p core.Position, cols int) bool {
	for col := 0; col < cols; col++ {
		if m, err := p.Drop(col); err == nil {
			if q, _ := p.Play(m); q.Outcome().Status == core.Won {
				return true
			}
		}
	}
	return false
}

// parseStones parses the --stones list, e.g. "40,36,32".
func parseStones(s string, cells int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n >= cells {
			return nil, fmt.Errorf("--stones: %q is not a stone count from 0 to %d", f, cells-1)
		}
		out = append(out, n)
	}
	return out, nil
}

// sweepLines returns count random quiet positions (randomLine) for each
// stone count, the same for the same seed.
func sweepLines(r core.Rules, stones []int, count int, seed uint64) ([][]string, error) {
	rng := rand.New(rand.NewPCG(seed, 0x696e61726f77)) // "inarow"
	out := make([][]string, len(stones))
	for i, n := range stones {
		for range count {
			line, ok := randomLine(r, n, rng)
			if !ok {
				return nil, fmt.Errorf("no random position of %d stones without an immediate win on %s", n, r)
			}
			out[i] = append(out[i], line)
		}
	}
	return out, nil
}

// benchSweep solves count random positions for each stone count and
// prints a row each. Rows are independent: a fresh table each.
func benchSweep(ctx context.Context, newSolver func() (solve.Gravity, error), r core.Rules,
	stones []int, count int, seed uint64, stdout io.Writer) error {
	lines, err := sweepLines(r, stones, count, seed)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s, %d random positions a row, seed %d\n", r, count, seed)
	fmt.Fprintf(stdout, "%-7s %9s %14s %14s %14s %10s\n", "stones", "positions", "mean µs", "max µs", "mean nodes", "growth")
	prevStones, prevNodes := -1, 0.0
	for row, n := range stones {
		s, err := newSolver()
		if err != nil {
			return err
		}
		var solved int
		var total, longest time.Duration
		for _, line := range lines[row] {
			start := time.Now()
			if _, err := s.SolveMoves(ctx, line); err != nil {
				return fmt.Errorf("%d stones, %s: %w", n, line, err)
			}
			d := time.Since(start)
			total += d
			longest = max(longest, d)
			solved++
		}
		nodes := float64(s.Nodes()) / float64(solved)
		growth := "-"
		if prevStones > n && prevNodes > 0 {
			// the factor per stone fewer, the geometric mean over the step
			growth = fmt.Sprintf("%.2f", math.Pow(nodes/prevNodes, 1/float64(prevStones-n)))
		}
		fmt.Fprintf(stdout, "%-7d %9d %14.1f %14.1f %14.1f %10s\n", n, solved,
			float64(total.Microseconds())/float64(solved), float64(longest.Microseconds()), nodes, growth)
		prevStones, prevNodes = n, nodes
	}
	return nil
}

// runSweep is `inarow bench solve --random N --stones LIST`.
// With print it prints the positions instead, one move string a line,
// for other solvers to solve the same ones.
func runSweep(sf solverFlags, count int, stones string, seed uint64, print bool, stdout, stderr io.Writer) int {
	if count < 1 || stones == "" {
		fmt.Fprintln(stderr, "inarow bench solve: --random N (N ≥ 1) and --stones LIST go together")
		return exitUsage
	}
	r, _, err := sf.options("connect4")
	if err != nil {
		fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
		return exitUsage
	}
	if !r.Gravity {
		fmt.Fprintf(stderr, "inarow bench solve: --random needs gravity rules, not %s\n", r)
		return exitUsage
	}
	list, err := parseStones(stones, r.Cols*r.Rows)
	if err != nil {
		fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
		return exitUsage
	}
	if _, err := sf.newGravity("connect4"); err != nil {
		fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
		return exitUsage
	}
	if print {
		lines, err := sweepLines(r, list, count, seed)
		if err != nil {
			fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
			return 1
		}
		for _, row := range lines {
			fmt.Fprintln(stdout, strings.Join(row, "\n"))
		}
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	newSolver := func() (solve.Gravity, error) { return sf.newGravity("connect4") }
	if err := benchSweep(ctx, newSolver, r, list, count, seed, stdout); err != nil {
		fmt.Fprintf(stderr, "inarow bench solve: %v\n", err)
		return 1
	}
	return exitOK
}
