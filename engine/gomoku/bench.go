package gomokuengine

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// The gomoku benchmark: fixed positions that `inarow bench gomoku` and
// the package's Go benchmarks time alike, so that a change to the board
// or the search is measured on the same ground from both.

//go:embed benchdata/gomoku_vcf.txt
var benchVCF string

// quietPositions are early middle-game positions of the kind a match
// starts from (black, white alternating, x,y from the top left): no
// threat to answer, so the search is the alpha-beta over the evaluation.
var quietPositions = [][][2]int{
	{{7, 7}, {8, 8}, {6, 8}, {7, 9}, {6, 6}},
	{{7, 7}, {8, 6}, {8, 8}, {6, 6}, {9, 9}, {10, 10}, {7, 9}},
	{{7, 7}, {7, 8}, {8, 9}, {6, 7}, {9, 10}, {10, 11}, {8, 7}, {6, 9}},
	{{6, 7}, {7, 7}, {7, 6}, {8, 5}, {5, 8}, {4, 9}, {6, 6}, {8, 7}, {6, 8}, {6, 5}},
	{{7, 7}, {6, 8}, {9, 7}, {8, 7}, {8, 8}, {9, 9}, {7, 9}, {6, 10}, {7, 8}, {7, 10}, {5, 9}},
	{{7, 7}, {8, 7}, {7, 8}, {7, 6}, {6, 8}, {8, 8}, {6, 7}, {5, 6}, {8, 9}, {9, 10}, {6, 6}, {6, 9}},
}

// Bench kinds.
const (
	BenchVCF    = "vcf"    // the side to move wins by continuous fours
	BenchSearch = "search" // a quiet position for the alpha-beta search
)

// BenchPosition is one position of the benchmark.
type BenchPosition struct {
	Name     string
	Kind     string
	Position inarow.Position
}

// BenchPositions returns the benchmark's positions: the VCF positions (a
// name, the Gomocup rule number, the side to move b or w, the black and
// the white stones as x,y pairs joined by ';', a line each), then the
// quiet ones.
func BenchPositions() ([]BenchPosition, error) {
	var out []BenchPosition
	for n, line := range strings.Split(benchVCF, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 5 {
			return nil, fmt.Errorf("benchdata/gomoku_vcf.txt line %d: want 5 fields, got %q", n+1, line)
		}
		num, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, fmt.Errorf("benchdata/gomoku_vcf.txt line %d: rule %q", n+1, f[1])
		}
		rule, err := gomoku.FromGomocup(num)
		if err != nil {
			return nil, fmt.Errorf("benchdata/gomoku_vcf.txt line %d: %w", n+1, err)
		}
		r, _ := rule.Board(15)
		var stones [2][]inarow.Move
		for c, list := range []string{f[3], f[4]} {
			for _, xy := range strings.Split(list, ";") {
				var x, y int
				if _, err := fmt.Sscanf(xy, "%d,%d", &x, &y); err != nil || x < 0 || y < 0 || x >= r.Cols || y >= r.Rows {
					return nil, fmt.Errorf("benchdata/gomoku_vcf.txt line %d: point %q", n+1, xy)
				}
				stones[c] = append(stones[c], r.MoveAt(x, y))
			}
		}
		toMove := inarow.First
		if f[2] == "w" {
			toMove = inarow.Second
		}
		p, err := inarow.Setup(r, stones[0], stones[1], toMove)
		if err != nil {
			return nil, fmt.Errorf("benchdata/gomoku_vcf.txt line %d: %w", n+1, err)
		}
		out = append(out, BenchPosition{f[0], BenchVCF, p})
	}
	for i, moves := range quietPositions {
		p, _ := inarow.NewPosition(inarow.Gomoku)
		for _, m := range moves {
			var err error
			if p, err = p.Play(p.Rules().MoveAt(m[0], m[1])); err != nil {
				return nil, err
			}
		}
		out = append(out, BenchPosition{fmt.Sprintf("quiet%d", i+1), BenchSearch, p})
	}
	return out, nil
}

// BenchResult is what one position of the benchmark cost.
type BenchResult struct {
	Nodes   int64
	Elapsed time.Duration
	Move    inarow.Move // the winning move (vcf) or the chosen one (search); NoMove if none
	Found   bool        // vcf: the win was found
	Depth   int         // search: the depth reached
}

// BenchOptions say how RunBench searches a quiet position.
type BenchOptions struct {
	Depth   int           // the depth of the search (without Time)
	Time    time.Duration // if set, a turn of this length instead of a depth
	Threads int           // the search's threads (0: one)
}

// RunBench times p: a VCF position by the continuous-four search alone
// (up to 30 moves deep, 4 M nodes), a quiet position by the search with a
// fresh 16 MiB table, to o.Depth or for a turn of o.Time, on o.Threads.
func RunBench(ctx context.Context, p BenchPosition, o BenchOptions) (BenchResult, error) {
	b, err := boardOf(p.Position, nil)
	if err != nil {
		return BenchResult{}, err
	}
	start := time.Now()
	if p.Kind == BenchVCF {
		s := &searcher{b: b, ctx: ctx, hard: start.Add(time.Hour), vcfLimit: 1 << 22} // the threat searches keep no table
		ok, q := s.vcf(30)
		res := BenchResult{Nodes: s.vcfNodes, Elapsed: time.Since(start), Move: inarow.NoMove, Found: ok}
		if q >= 0 {
			res.Move = b.move(q)
		}
		return res, nil
	}
	g := &Engine{MaxMemory: 16 << 20, Threads: o.Threads}
	lim := Limits{MaxDepth: o.Depth, TurnTime: time.Hour}
	if o.Time > 0 {
		lim = Limits{TurnTime: o.Time}
	}
	r := g.search(ctx, b, lim)
	res := BenchResult{Nodes: r.Nodes, Elapsed: time.Since(start), Move: inarow.NoMove, Depth: r.Depth}
	if r.Move >= 0 {
		res.Move = b.move(r.Move)
	}
	return res, nil
}
