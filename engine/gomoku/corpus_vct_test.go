package gomokuengine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// TestVCTCorpus measures the threat check on the positions after our
// moves in lost games (GOMOKU_VCT_CORPUS: c-gomoku-cli's SGF, our brain
// named inarow; testdata/vct/lost-rapfi-40.sgf is 40 games of main
// against full Rapfi at 0.2 s a move): leaving out those where the
// opponent has a VCF within 20,000 nodes (safeMove's first check), in
// how many its VCT finds the opponent's win within each budget, and how
// long it takes. It is a measurement, not a check: it skips unless the
// variable is set.
func TestVCTCorpus(t *testing.T) {
	path := os.Getenv("GOMOKU_VCT_CORPUS")
	if path == "" {
		t.Skip("GOMOKU_VCT_CORPUS not set")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var boards []*board
	for _, g := range strings.Split(string(data), "\n\n") {
		if strings.TrimSpace(g) == "" {
			continue
		}
		rec, err := gomoku.ParseRecord([]byte(g))
		if err != nil {
			t.Fatal(err)
		}
		us := black
		if rec.White == "inarow" {
			us = white
		}
		if !(rec.Result == "W+1" && us == black || rec.Result == "B+1" && us == white) {
			continue // not lost
		}
		b, _ := newBoard(rec.Cols, rec.Rows, rec.Rule)
		for k, m := range rec.Moves {
			mover := b.toMove
			b.Play(b.cellOf(m))
			if b.winner >= 0 {
				break
			}
			if k >= 3 && mover == us {
				c, _ := newBoard(rec.Cols, rec.Rows, rec.Rule)
				for _, q := range b.moves {
					c.Play(q)
				}
				boards = append(boards, c)
			}
		}
	}
	defer func(v bool) { vctLineDefence = v }(vctLineDefence)
	for _, lines := range []bool{false, true} {
		vctLineDefence = lines
		for _, budget := range []int64{3_000, 10_625, 42_500, 300_000} {
			found, vcf := 0, 0
			t0 := time.Now()
			for _, b := range boards {
				s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
				s.threatBudget(20_000)
				if ok, _ := s.vcf(20); ok {
					vcf++
					continue
				}
				if ok, _, _ := s.vctDeepening(10, budget); ok {
					found++
				}
			}
			t.Logf("line defence %v, %d positions, %d with a VCF: VCT found in %d within %d nodes (%v)", lines, len(boards), vcf, found, budget, time.Since(t0).Round(time.Millisecond))
		}
	}
}
