package gomokuengine

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
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

// proofCorpus is 80 positions after a move of ours that let full Rapfi
// win, with the nodes Rapfi took to prove it (see the file's head);
// suddenCorpus is 78 more from later games, each after a move that threw
// an even game away (gomoku-evalfit blunders).
const (
	proofCorpus  = "testdata/proofs/blunders-80.txt"
	suddenCorpus = "testdata/proofs/sudden-78.txt"
)

// proofPosition is one line of proofCorpus.
type proofPosition struct {
	b          *board
	rapfiNodes int64
}

func proofPositions(tb testing.TB, path string) []proofPosition {
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var out []proofPosition
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 4 || !strings.HasPrefix(f[0], "M") {
			tb.Fatalf("%s: %q is not a mate, Rapfi's nodes and moves", path, line)
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			tb.Fatalf("%s: %q: %v", path, line, err)
		}
		b, err := newBoard(15, 15, gomoku.Freestyle)
		if err != nil {
			tb.Fatal(err)
		}
		rules := inarow.Rules{Cols: b.W, Rows: b.H, K: 5, Win: gomoku.Freestyle.WinRule()}
		for _, t := range f[2:] {
			m, err := gomoku.ParseXY(rules, t)
			if err == nil {
				err = b.PlayXY(int(m)%b.W, int(m)/b.W)
			}
			if err != nil {
				tb.Fatalf("%s: %q: %v", path, line, err)
			}
		}
		if b.winner >= 0 {
			tb.Fatalf("%s: %q is over", path, line)
		}
		out = append(out, proofPosition{b, n})
	}
	return out
}

// TestProofCorpusLoads: the corpora are in the repository, 80 and 78
// games in progress.
func TestProofCorpusLoads(t *testing.T) {
	for path, want := range map[string]int{proofCorpus: 80, suddenCorpus: 78} {
		if n := len(proofPositions(t, path)); n != want {
			t.Errorf("%s: %d positions, want %d", path, n, want)
		}
	}
}

// BenchmarkProofCorpus measures how soon the engine proves the wins our
// brain's blunders allowed, searching from the winner's side with at
// most 1,000,000 alpha-beta nodes a position (no clock): how many it
// proves within 50,000, 200,000 and 1,000,000 nodes (alpha-beta and
// threats, the nodes when the iteration that proved it ended), beside
// what full Rapfi took (the file's figures). Rapfi's figures are from
// the game, its table warm from its earlier moves: from a fresh start it
// proves fewer (the sudden corpus: 39 and 73 of 78 within 50,000 and
// 200,000 nodes, not 53 and 78; 77 within a second). Ours include the
// in-turn VCT, which takes its cap of 50,000 nodes at this budget. A
// search that proves them sooner sees, within a turn, the wins it would
// otherwise allow.
// GOMOKU_PROOF_CORPUS names another corpus (suddenCorpus):
//
//	go test ./engine/gomoku -run '^$' -bench ProofCorpus -benchtime 1x
func BenchmarkProofCorpus(b *testing.B) {
	path := os.Getenv("GOMOKU_PROOF_CORPUS")
	if path == "" {
		path = proofCorpus
	}
	ps := proofPositions(b, path)
	limits := [...]int64{50_000, 200_000, 1_000_000}
	var ours, rapfi [len(limits)]int
	for _, p := range ps {
		for i, l := range limits {
			if p.rapfiNodes <= l {
				rapfi[i]++
			}
		}
	}
	for b.Loop() {
		ours = [len(limits)]int{}
		for _, p := range ps {
			eng := &Engine{}
			found := int64(-1)
			// an hour a turn: the node budget binds, not the clock (the
			// threat searches take their largest budgets, as at 2 s a turn)
			eng.search(context.Background(), p.b.clone(), Limits{TurnTime: time.Hour, MaxNodes: 1_000_000, Progress: func(in Info) {
				if found < 0 && in.Score > WinBound {
					found = in.Nodes
				}
			}})
			for i, l := range limits {
				if found >= 0 && found <= l {
					ours[i]++
				}
			}
		}
	}
	for i, l := range limits {
		b.ReportMetric(float64(ours[i]), fmt.Sprintf("proven<=%dk", l/1000))
		b.ReportMetric(float64(rapfi[i]), fmt.Sprintf("rapfi<=%dk", l/1000))
	}
}
