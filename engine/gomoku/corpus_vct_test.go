package gomokuengine

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// vctCorpus is 40 games of main (b3c46e3) against full Rapfi at 0.2 s a
// move, c-gomoku-cli's SGF, our brain named inarow.
const vctCorpus = "testdata/vct/lost-rapfi-40.sgf"

// lostPositions returns the positions right after our moves (from the
// fourth stone on) in the games of the SGF file at path that our brain
// lost.
func lostPositions(tb testing.TB, path string) []*board {
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var boards []*board
	for _, g := range strings.Split(string(data), "\n\n") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		rec, err := gomoku.ParseRecord([]byte(g))
		if err != nil {
			tb.Fatal(err)
		}
		us := black
		if rec.White == "inarow" {
			us = white
		}
		if !(rec.Result == "W+1" && us == black || rec.Result == "B+1" && us == white) {
			continue // not lost
		}
		b, err := newBoard(rec.Cols, rec.Rows, rec.Rule)
		if err != nil {
			tb.Fatal(err)
		}
		for k, m := range rec.Moves {
			mover := b.toMove
			b.Play(b.cellOf(m))
			if b.winner >= 0 {
				break
			}
			if k >= 3 && mover == us {
				boards = append(boards, b.clone())
			}
		}
	}
	return boards
}

// TestVCTCorpusLoads: the corpus is in the repository and yields the
// positions the measurements below were made on.
func TestVCTCorpusLoads(t *testing.T) {
	if n := len(lostPositions(t, vctCorpus)); n != 588 {
		t.Fatalf("%s: %d positions after our moves in lost games, want 588", vctCorpus, n)
	}
}

// BenchmarkVCTCorpus measures the threat check on the positions after our
// moves in lost games — the corpus above, or the SGF that
// GOMOKU_VCT_CORPUS names: leaving out those where the opponent has a
// VCF within 20,000 nodes (safeMove's first check), in how many (found)
// the VCT finds the opponent's win within a budget, with the defender's
// line defence off and on. The budget is the in-turn check's at 0.2 s
// (10,625 nodes); GOMOKU_VCT_BUDGETS (comma-separated node counts) sets
// others — docs/performance.md's table used 3000,10625,42500,300000:
//
//	GOMOKU_VCT_BUDGETS=3000,10625,42500,300000 go test ./engine/gomoku -run '^$' -bench VCTCorpus -benchtime 1x
func BenchmarkVCTCorpus(b *testing.B) {
	path := os.Getenv("GOMOKU_VCT_CORPUS")
	if path == "" {
		path = vctCorpus
	}
	boards := lostPositions(b, path)
	budgets := []int64{10_625}
	if v := os.Getenv("GOMOKU_VCT_BUDGETS"); v != "" {
		budgets = nil
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil || n <= 0 {
				b.Fatalf("GOMOKU_VCT_BUDGETS: %q is not a node count", f)
			}
			budgets = append(budgets, n)
		}
	}
	defer func(v bool) { vctLineDefence = v }(vctLineDefence)
	for _, lines := range []bool{false, true} {
		for _, budget := range budgets {
			b.Run(fmt.Sprintf("lines=%v/budget=%d", lines, budget), func(b *testing.B) {
				vctLineDefence = lines
				var found, vcf int
				for b.Loop() {
					found, vcf = 0, 0
					for _, bd := range boards {
						s := &searcher{b: bd, ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
						s.threatBudget(20_000)
						if ok, _ := s.vcf(20); ok {
							vcf++
							continue
						}
						if ok, _, _ := s.vctDeepening(10, budget); ok {
							found++
						}
					}
				}
				b.ReportMetric(float64(len(boards)-vcf), "positions")
				b.ReportMetric(float64(found), "found")
			})
		}
	}
}

// BenchmarkSearchCorpus measures what a nominal depth costs the search:
// the nodes (alpha-beta and threats) the engine takes to finish depth 8,
// or to prove a win or a loss before it, from every fifth position of the
// corpus above (118 positions after our moves in games lost to Rapfi: the
// middle games that matter), a position. The threat check that follows
// the deepening is left out: with no turn limit its budget is large and
// would swamp the count. Reductions and pruning show here first:
//
//	go test ./engine/gomoku -run '^$' -bench SearchCorpus -benchtime 1x
func BenchmarkSearchCorpus(b *testing.B) {
	boards := lostPositions(b, vctCorpus)
	eng := &Engine{}
	var nodes int64
	n := 0
	for b.Loop() {
		for i := 0; i < len(boards); i += 5 {
			eng.NewGame()
			var at8 int64 // the nodes when depth 8 is done, before the move's threat check
			res := eng.search(context.Background(), boards[i], Limits{MaxDepth: 8, Progress: func(in Info) { at8 = in.Nodes }})
			if res.Move < 0 {
				b.Fatal("no move")
			}
			nodes += at8
			n++
		}
	}
	b.ReportMetric(float64(nodes)/float64(n), "nodes/position")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
