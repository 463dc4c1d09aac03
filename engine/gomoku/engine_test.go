package gomokuengine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// boardFrom builds a board from rows of 'X' (black), 'O' (white), '.'.
func boardFrom(t testing.TB, rule gomoku.Rule, toMove int, rows ...string) *board {
	t.Helper()
	b, err := newBoard(max(len(rows[0]), 15), max(len(rows), 15), rule)
	if err != nil {
		t.Fatal(err)
	}
	for y, row := range rows {
		for x, ch := range row {
			switch ch {
			case 'X':
				if err := b.Place(x, y, black); err != nil {
					t.Fatal(err)
				}
			case 'O':
				if err := b.Place(x, y, white); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	b.SetToMove(toMove)
	return b
}

func quick() *Engine {
	return &Engine{Limits: Limits{TurnTime: 300 * time.Millisecond}, MaxMemory: 8 << 20}
}

// The forced moves: make five, block a four, block an open three (at
// either end or one beyond).
func TestPlaysTheForcedMove(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		want [][2]int
	}{
		{"five", []string{
			"...............",
			"...............",
			"....XXXX.......",
			"...OOOO........",
		}, [][2]int{{3, 2}, {8, 2}}},
		{"block a four", []string{
			"...............",
			"...............",
			"....XX.........",
			"...OOOO........",
			"........X......",
		}, [][2]int{{2, 3}, {7, 3}}},
		{"block an open three", []string{
			"...............",
			"...............",
			"...............",
			"....OOO........",
			"........X......",
			"..........X....",
		}, [][2]int{{3, 3}, {7, 3}, {2, 3}, {8, 3}}},
	} {
		b := boardFrom(t, gomoku.Freestyle, black, tc.rows...)
		res := quick().searchOwn(context.Background(), b)
		if x, y := b.XY(res.Move); !slices.Contains(tc.want, [2]int{x, y}) {
			t.Errorf("%s: played %d,%d, want one of %v", tc.name, x, y, tc.want)
		}
	}
}

func TestStandardOverlineIsNoWin(t *testing.T) {
	b := boardFrom(t, gomoku.Standard, black,
		"...............",
		"..XXX.XX.......",
		"...............",
		"...O.O.O.O.....",
	)
	if b.st[black][b.Idx(5, 1)].cls == clsFive {
		t.Fatal("overline counted as five under the standard rule")
	}
	b2 := boardFrom(t, gomoku.Freestyle, black,
		"...............",
		"..XXX.XX.......",
	)
	if b2.st[black][b2.Idx(5, 1)].cls != clsFive {
		t.Fatal("overline not counted as five under freestyle")
	}
}

func TestRenjuForbidden(t *testing.T) {
	// double three at 7,7
	b := boardFrom(t, gomoku.Renju, black,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".......X.......",
		".......X.......",
		".....XX........",
		"...............",
		"...............",
	)
	if !b.IsForbidden(b.Idx(7, 7)) {
		t.Fatal("double three at 7,7 not forbidden")
	}
	// double four
	b = boardFrom(t, gomoku.Renju, black,
		"...............",
		".......X.......",
		".......X.......",
		".......X.......",
		"...............",
		"....XXX........",
		"...............",
	)
	if !b.IsForbidden(b.Idx(7, 5)) {
		t.Fatal("four-four at 7,5 not forbidden")
	}
	// overline
	b = boardFrom(t, gomoku.Renju, black,
		"...............",
		"..XXX.XX.......",
	)
	if !b.IsForbidden(b.Idx(5, 1)) {
		t.Fatal("overline at 5,1 not forbidden")
	}
	// five with a double three elsewhere: allowed
	b = boardFrom(t, gomoku.Renju, black,
		"...............",
		"...XXXX........",
	)
	if b.IsForbidden(b.Idx(7, 1)) {
		t.Fatal("five forbidden")
	}
	// a three blocked on one side is no three: 3-3 with one dead three
	b = boardFrom(t, gomoku.Renju, black,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".......X.......",
		".......X.......",
		"....OXX........",
		"...............",
	)
	if b.IsForbidden(b.Idx(7, 7)) {
		t.Fatal("three with a blocked one is forbidden")
	}
	if n := checkLegalForBlack(t, b, "a blocked three"); n != 0 {
		t.Fatalf("%d forbidden points", n)
	}
	// white is never forbidden
	b.SetToMove(white)
	if err := b.PlayXY(7, 7); err != nil {
		t.Fatal(err)
	}
}

func TestVCFPositions(t *testing.T) {
	for _, tc := range vcfCases(t) {
		b := tc.board
		s := &searcher{b: b, tt: NewTT(1 << 20), ctx: context.Background(), hard: time.Now().Add(time.Minute), vcfLimit: 1 << 20}
		ok, q := s.vcf(30)
		if !ok {
			t.Errorf("%s: no VCF found", tc.name)
			continue
		}
		// A depth limit, not a clock: the test must not depend on the
		// machine's load. The root's threat search finds the win.
		g := &Engine{Limits: Limits{TurnTime: time.Minute, MaxDepth: 2}, MaxMemory: 8 << 20}
		res := g.searchOwn(context.Background(), b)
		if res.Score < WinBound {
			x, y := b.XY(q)
			t.Errorf("%s: search scored %d (%s), vcf move %d,%d", tc.name, res.Score, res.Win, x, y)
		}
	}
}

func TestNeverIllegal(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro} {
		for game := 0; game < 3; game++ {
			b, _ := newBoard(15, 15, rule)
			for n := 0; n < 4+rnd.IntN(30); n++ {
				x, y := 4+rnd.IntN(7), 4+rnd.IntN(7)
				if b.OnBoard(x, y) && b.At(x, y) < 0 && !(b.ToMove() == black && b.IsForbidden(b.Idx(x, y))) {
					b.Play(b.Idx(x, y))
					if b.Winner() >= 0 {
						b.Undo()
					}
				}
			}
			g := &Engine{Limits: Limits{TurnTime: 60 * time.Millisecond}, MaxMemory: 4 << 20}
			for ply := 0; ply < 40 && b.Winner() < 0 && !b.Full(); ply++ {
				h := b.Hash()
				res := g.searchOwn(context.Background(), b)
				if b.Hash() != h {
					t.Fatal("search changed the board")
				}
				x, y := b.XY(res.Move)
				if err := b.PlayXY(x, y); err != nil {
					t.Fatalf("%v: illegal move %d,%d: %v", rule, x, y, err)
				}
			}
		}
	}
}

// A full board but one point, forbidden to black, black to move: the
// search plays it (black has lost anyway) and does not read the table's
// move of a search that found no move (session 43: the brain crashed so,
// on a table entry's move -1, in a renju game against Rapfi).
func TestRenjuOnlyForbiddenLeft(t *testing.T) {
	rows := []string{
		"OOXOOOOXOOOXOXO",
		"OXXOOOOXOXXOOOO",
		"XXOXXXXOXXXOXXO",
		"XXXOOXOXOXOXXOO",
		"OXOXXXOOXXXOOOX",
		"XOOOOXXXXOXOXXX",
		"XXXXOOOOXOXOOXX",
		"XOOOXOOXXXOXOOO",
		"OOOXOXXXOXXXOOX",
		"OXXOXOOXXOXOOXO",
		"XOXXOXXXOOOXX.O", // 13,10: black's sixth stone on its column
		"OOOXOXOOOXXOOXX",
		"XXOXOOXOOOXOXXO",
		"XXXOOXXOXXXOXXX",
		"OOXOXOOOXOOXOXX",
	}
	b := boardFrom(t, gomoku.Renju, black, rows...)
	if q := b.Idx(13, 10); !b.IsForbidden(q) || b.Full() {
		t.Fatal("13,10 is not black's only point, forbidden")
	}
	for _, turn := range []time.Duration{10 * time.Millisecond, 200 * time.Millisecond} {
		g := &Engine{Limits: Limits{TurnTime: turn}, MaxMemory: 4 << 20}
		// the entry a node with no move leaves (a search that reached
		// this position from an earlier one): its move is -1
		tt, _ := g.tables()
		tt.store(b.Hash(), 1, 0, ttExact, -1)
		for range 2 {
			if res := g.searchOwn(context.Background(), b); res.Move != b.Idx(13, 10) {
				t.Fatalf("%v a move: played %v", turn, res.Move)
			}
		}
	}
}

func TestDeadline(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"......XO.......",
		".......X.......",
		"......O........",
	)
	g := &Engine{Limits: Limits{TurnTime: 10 * time.Second}}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	g.searchOwn(ctx, b)
	// The bounds only tell "stopped on time" from "ignored the limit" (the
	// turn time is 10 s): a shared CI machine may stall a goroutine for
	// a second. The protocol's real margins are measured under the manager.
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("context deadline 100ms, took %v", d)
	}
	g.Limits = Limits{TurnTime: 200 * time.Millisecond}
	start = time.Now()
	res := g.searchOwn(context.Background(), b)
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("turn time 200ms, took %v", d)
	}
	if res.Move < 0 {
		t.Fatal("no move")
	}
}

type benchCase struct {
	name  string
	board *board
}

// benchCases are the benchmark's positions of one kind (BenchVCF:
// benchdata/gomoku_vcf.txt; BenchSearch: the quiet positions), each on a
// board of its own.
func benchCases(t testing.TB, kind string) []benchCase {
	ps, err := BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	var out []benchCase
	for _, p := range ps {
		if p.Kind == kind {
			b, err := boardOf(p.Position, nil)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, benchCase{p.Name, b})
		}
	}
	return out
}

// vcfCases are the benchmark's VCF positions.
func vcfCases(t testing.TB) []benchCase {
	out := benchCases(t, BenchVCF)
	if len(out) < 8 {
		t.Fatalf("%d VCF positions", len(out))
	}
	return out
}

// BenchmarkVCF solves the VCF positions of testdata/gomoku_vcf.txt.
func BenchmarkVCF(b *testing.B) {
	cases := vcfCases(b)
	var nodes int64
	for b.Loop() {
		for _, tc := range cases {
			s := &searcher{b: tc.board, tt: NewTT(1 << 16), ctx: context.Background(), hard: time.Now().Add(time.Minute), vcfLimit: 1 << 22}
			if ok, _ := s.vcf(30); !ok {
				b.Fatalf("%s: no VCF", tc.name)
			}
			nodes += s.vcfNodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(cases)), "µs/position")
}

// BenchmarkSearch runs a fixed-depth search from the VCF positions with the
// side to move swapped (so the search has work to do): nodes per second of
// the alpha-beta search.
func BenchmarkSearch(b *testing.B) {
	cases := vcfCases(b)
	var nodes int64
	for b.Loop() {
		for _, tc := range cases {
			tc.board.SetToMove(tc.board.ToMove() ^ 1)
			g := &Engine{Limits: Limits{MaxDepth: 4, TurnTime: time.Minute}, MaxMemory: 16 << 20}
			res := g.searchOwn(context.Background(), tc.board)
			tc.board.SetToMove(tc.board.ToMove() ^ 1)
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op") // deterministic: the same on any machine
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestCaroFives: under caro a five loses its win only with the opponent's
// stones at both ends (the edge does not block) and an overline always
// wins; under caro-exact an overline never wins.
func TestCaroFives(t *testing.T) {
	cases := []struct {
		name        string
		white       []int // x of white stones on row 7
		black       []int // x of black stones on row 7 before the last
		last        int
		caro, exact bool // black wins
	}{
		{"open five", nil, []int{3, 4, 5, 6}, 7, true, true},
		{"five at the edge, blocked at the other end", []int{5}, []int{0, 1, 2, 3}, 4, true, true},
		{"five blocked at both ends", []int{2, 8}, []int{3, 4, 5, 6}, 7, false, false},
		{"overline blocked at both ends", []int{2, 9}, []int{3, 4, 5, 6, 8}, 7, true, false},
		{"open overline", nil, []int{3, 4, 5, 6, 8}, 7, true, false},
	}
	for _, tc := range cases {
		for _, r := range []gomoku.Rule{gomoku.Caro, gomoku.CaroExact} {
			b, err := newBoard(15, 15, r)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range tc.white {
				if err := b.Place(x, 7, white); err != nil {
					t.Fatal(err)
				}
			}
			for _, x := range tc.black {
				if err := b.Place(x, 7, black); err != nil {
					t.Fatal(err)
				}
			}
			b.SetToMove(black)
			if err := b.PlayXY(tc.last, 7); err != nil {
				t.Fatal(err)
			}
			want := tc.caro
			if r == gomoku.CaroExact {
				want = tc.exact
			}
			if got := b.Winner() == black; got != want {
				t.Errorf("%s under %v: black wins %v, want %v", tc.name, r, got, want)
			}
		}
	}
}

// TestRenjuBlackForbiddenIsNoThreat: black's double four is no threat for
// the evaluation (it is forbidden), white's is.
func TestRenjuBlackForbiddenIsNoThreat(t *testing.T) {
	b, _ := newBoard(15, 15, gomoku.Renju)
	for _, xy := range [][2]int{{7, 3}, {7, 4}, {7, 5}, {3, 7}, {4, 7}, {5, 7}} {
		if err := b.Place(xy[0], xy[1], black); err != nil {
			t.Fatal(err)
		}
	}
	i := b.Idx(7, 7) // a four in each line (7,6 and 6,7 complete them): double four
	if !b.IsForbidden(i) {
		t.Fatal("7,7 should be forbidden")
	}
	if c := b.st[black][i].cls; c != clsNone {
		t.Errorf("black's class at a forbidden double four = %d, want none", c)
	}
	w, _ := newBoard(15, 15, gomoku.Renju)
	for _, xy := range [][2]int{{7, 3}, {7, 4}, {7, 5}, {3, 7}, {4, 7}, {5, 7}} {
		if err := w.Place(xy[0], xy[1], white); err != nil {
			t.Fatal(err)
		}
	}
	if c := w.st[white][w.Idx(7, 7)].cls; c != clsFlex4 {
		t.Errorf("white's class at a double four = %d, want flex4", c)
	}
}

// The threat table charges the side to move for the opponent's double-threat
// points: some for one (it can be taken; hand-set 300, fitted 134 to
// Rapfi's depth-11 values and 288 to its depth-2 values), 1500 for two
// (hand-set: the fit leaves out the positions threats settle); since
// session 66 the file holds all of them ×1.10 (SPSA, tuning.go): 317 and
// 1650. Nothing when the side to move has a four to force with. With no
// such point the opponent's three points alone cost a little (64), less
// than one double-threat point.
func TestThreatEvalPenalty(t *testing.T) {
	cases := []struct {
		name     string
		want     int
		rows     []string
		min, max int // the bounds when not want±50
	}{
		{"none", 0, []string{
			"...............",
			"...............",
			"...............",
			"...............",
			"...............",
			".......O.......",
			".......O.......",
			"...............",
		}, -50, 80},
		{"one point", 0, []string{ // white's two twos cross at (7,7)
			"...............",
			"...............",
			"...............",
			"...............",
			"...............",
			".......O.......",
			".......O.......",
			".....OO........",
		}, 50, 350},
		{"two points", 1650, []string{ // and again at (11,3)
			"...............",
			"...........O...",
			"...........O...",
			".........OO....",
			"...............",
			".......O.......",
			".......O.......",
			".....OO........",
		}, 0, 0},
		{"black can force", 0, []string{
			"...............",
			"...........O...",
			"...........O...",
			".........OO....",
			"...............",
			".......O.......",
			".......O.......",
			".....OO........",
			"...............",
			"...............",
			"...............",
			"...............",
			".XXX...........",
		}, 0, 0},
	}
	for _, c := range cases {
		b := boardFrom(t, gomoku.Freestyle, black, c.rows...)
		if c.min == 0 && c.max == 0 {
			c.min, c.max = c.want-50, c.want+50
		}
		if got := -int(b.evt.threat[threatMask(b, black, white)]) / 2; got < c.min || got > c.max {
			t.Errorf("%s: penalty %d, want %d to %d (white's double-threat points: %d F3F3, %d B4F3)",
				c.name, got, c.min, c.max, b.clsCnt[white][clsF3F3], b.clsCnt[white][clsB4F3])
		}
	}
}

// BenchmarkSearchQuiet searches each quiet position of the benchmark to
// depth 6 with a fresh table: nodes per second of the alpha-beta search as
// a match uses it.
func BenchmarkSearchQuiet(b *testing.B) {
	ps, err := BenchPositions()
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	n := 0
	for b.Loop() {
		for _, p := range ps {
			if p.Kind != BenchSearch {
				continue
			}
			res, err := RunBench(context.Background(), p, BenchOptions{Depth: 6})
			if err != nil || res.Move == inarow.NoMove {
				b.Fatal("no move", err)
			}
			nodes += res.Nodes
			n++
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(n), "nodes/position")
}

// selfplayBoards reads the 109 middle-game positions of
// testdata/selfplay-109.txt.
func selfplayBoards(tb testing.TB) []*board {
	data, err := os.ReadFile("testdata/selfplay-109.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var boards []*board
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bd, err := newBoard(15, 15, gomoku.Freestyle)
		if err != nil {
			tb.Fatal(err)
		}
		for _, xy := range strings.Fields(line) {
			var x, y int
			if _, err := fmt.Sscanf(xy, "%d,%d", &x, &y); err != nil {
				tb.Fatal(err)
			}
			if err := bd.PlayXY(x, y); err != nil {
				tb.Fatal(err)
			}
		}
		boards = append(boards, bd)
	}
	if len(boards) != 109 {
		tb.Fatalf("%d positions, want 109", len(boards))
	}
	return boards
}

// BenchmarkSearchGames searches the 109 middle-game positions of
// testdata/selfplay-109.txt to depth 10 each with a fresh table, the
// threat check of the engine's turn left out: the alpha-beta search's
// nodes per second where games are decided (BenchmarkSearchQuiet's six
// positions are few and early). The nodes are the same from run to run;
// the time is the search's.
//
//	go test ./engine/gomoku -run '^$' -bench SearchGames -benchtime 3x
func BenchmarkSearchGames(b *testing.B) {
	benchSelfplay(b, func(s *searcher) {
		for d := 1; d <= 10; d++ {
			s.search(d, -WinScore-1, WinScore+1, 0, false)
		}
	})
}

// BenchmarkSearchDeepening deepens on the same 109 positions to depth 11
// as the engine's turn does, each iteration in its aspiration window
// (aspirate) about the last one's value: the nodes the engine spends to
// reach a depth, re-searches included, which BenchmarkSearchGames's full
// windows do not show (issue 23, session 38: 41,775 nodes a position,
// 38,530 with session 42's order; 48,941 before session 38's killers'
// clearing, and with a first window of ±800
// instead of ±176, widened faster, 31,590, yet no stronger head to head:
// fewer nodes to a depth is not strength). Its %re-searched is the share
// of the nodes spent after a window failed: 48 % (session 39).
//
//	go test ./engine/gomoku -run '^$' -bench SearchDeepening -benchtime 1x
func BenchmarkSearchDeepening(b *testing.B) {
	benchSelfplay(b, func(s *searcher) {
		v := 0
		for d := 1; d <= 11; d++ {
			v = s.aspirate(d, v)
		}
	})
}

// benchSelfplay has deepen search each of the 109 self-play positions
// with a fresh table and reports the nodes a second and a position, and
// the share of them in the aspiration windows' re-searches, and how often
// a node that cut off did so with its first move (the move order's hit
// rate; Rapfi's is 94–98 %: issue 23, session 42).
func benchSelfplay(b *testing.B, deepen func(s *searcher)) {
	boards := selfplayBoards(b)
	tt := NewTT(4 << 20)
	var nodes, re, cuts, first int64
	for b.Loop() {
		for _, bd := range boards {
			tt.Clear()
			s := &searcher{b: bd, tt: tt, ctx: context.Background(), hard: time.Now().Add(time.Hour), rootMove: -1}
			deepen(s)
			if s.rootMove < 0 {
				b.Fatal("no move")
			}
			nodes, re = nodes+s.nodes, re+s.reNodes
			cuts, first = cuts+s.cutNodes, first+s.firstCuts
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N*len(boards)), "nodes/position")
	b.ReportMetric(100*float64(re)/float64(nodes), "%re-searched")
	b.ReportMetric(100*float64(first)/float64(max(cuts, 1)), "%first-move-cuts")
}

// TestBoardIncremental plays and takes back random stones under every
// rule and checks what Play and Undo keep up to date — line patterns,
// their numbers, classes, values, their counts, sums and cell sets —
// against the same figures worked out from the stones alone.
func TestBoardIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro, gomoku.CaroExact} {
		b, err := newBoard(15, 15, rule)
		if err != nil {
			t.Fatal(err)
		}
		edge := uint32(2)
		if rule == gomoku.Caro || rule == gomoku.CaroExact {
			edge = 3
		}
		// the reference classifies the full line of 5 cells each side
		v := ruleVariants(rule)
		ref := [2]*patBuilder{newPatBuilder(v[0]), newPatBuilder(v[1])}
		// now and then the board plays quietly, as in the threat
		// searches, from quietAt stones on: the values wait, and are
		// checked again once Undo is back at quietAt
		quietAt := -1
		quiet := 0
		for step := 0; step < 1200; step++ {
			if b.Count() > 0 && (rng.IntN(3) == 0 || b.Count() > 120 || b.quiet && (b.Count() > quietAt+6 || rng.IntN(2) == 0)) {
				b.Undo()
				if b.quiet && b.Count() == quietAt {
					b.quiet = false
				}
			} else {
				if !b.quiet && rng.IntN(8) == 0 {
					b.quiet, quietAt = true, b.Count()
					quiet++
				}
				for {
					x, y := rng.IntN(15), rng.IntN(15)
					if i := b.Idx(x, y); b.cell[i] == empty {
						b.Play(i)
						break
					}
				}
			}
			if step%20 != 0 {
				continue
			}
			// the renju check sets and clears stones on the board itself
			// (recursively): it must leave every figure as it was
			for i := range b.cell {
				if b.cell[i] == empty {
					b.IsForbidden(i)
				}
			}
			// the neighbour counts and the set of cells near a stone
			var near [nWords]uint64
			for i := range b.cell {
				if b.cell[i] == wall {
					continue
				}
				n := 0
				for d := 0; d < 4; d++ {
					for _, o := range []int{-2, -1, 1, 2} {
						if c := b.cell[i+o*dirOff[d]]; c != empty && c != wall {
							n++
						}
					}
				}
				if int(b.nb[i]) != n {
					t.Fatalf("%v step %d cell %d: %d stones near, from the stones %d", rule, step, i, b.nb[i], n)
				}
				if n > 0 {
					near[i>>6] |= 1 << (i & 63)
				}
			}
			if near != b.near {
				t.Fatalf("%v step %d: the set of cells near a stone is not the one from the stones", rule, step)
			}
			for c := 0; c < 2; c++ {
				var cnt [nCls]int
				var set [nCls][nWords]uint64
				var sum evalPair
				for i := range b.cell {
					if b.cell[i] != empty {
						continue
					}
					var p [4]uint8
					for d := 0; d < 4; d++ {
						var key uint32
						for o := -winLen; o <= winLen; o++ {
							if o == 0 {
								continue
							}
							switch cell := b.cell[i+o*dirOff[d]]; {
							case cell == wall:
								key |= edge << (2 * keyIdx(o+winLen))
							case int(cell) == c:
								key |= 1 << (2 * keyIdx(o+winLen))
							case cell != empty:
								key |= 2 << (2 * keyIdx(o+winLen))
							}
						}
						p[d] = uint8(ref[c].pattern(key))
					}
					cl, _ := combine(p, c == black && rule == gomoku.Renju)
					r := 0
					if c == black && rule == gomoku.Renju {
						r = 1
					}
					ev := evalFor(rule).cell[r][comboIdx(&p)]
					if b.quiet {
						ev = b.st[c][i].ev // not kept while quiet
					}
					if p != b.st[c][i].pat || int(b.st[c][i].combo) != comboIdx(&p) || uint8(cl) != b.st[c][i].cls || ev != b.st[c][i].ev {
						t.Fatalf("%v step %d colour %d cell %d: patterns %v (number %d) class %d value %v, from the stones %v %d %v", rule, step, c, i, b.st[c][i].pat, b.st[c][i].combo, b.st[c][i].cls, b.st[c][i].ev, p, cl, ev)
					}
					cnt[cl]++
					set[cl][i>>6] |= 1 << (i & 63)
					sum.me += ev.me
					sum.op += ev.op
					if b.lines != nil { // freestyle's line values, by the 4 cells each side
						w := digitWeights(varOver)
						for d := 0; d < 4; d++ {
							var k uint32
							for o := -4; o <= 4; o++ {
								switch cell := b.cell[i+o*dirOff[d]]; {
								case o == 0 || cell == empty:
								case int(cell) == c:
									k += w[o+winLen]
								default: // the other colour or off the board
									k += 2 * w[o+winLen]
								}
							}
							if p := patTable(varOver)[k]; p != patNone {
								sum.me += b.evt.line[k].me
								sum.op += b.evt.line[k].op
							}
						}
					}
				}
				if sum != b.evSum[c] && !b.quiet {
					t.Fatalf("%v step %d colour %d: evSum %v, from the stones %v", rule, step, c, b.evSum[c], sum)
				}
				for cl := clsNone + 1; cl < nCls; cl++ {
					if cnt[cl] != b.clsCnt[c][cl] || set[cl] != b.clsSet[c][cl] {
						t.Fatalf("%v step %d colour %d class %d: count %d, from the stones %d (or the cell sets differ)", rule, step, c, cl, b.clsCnt[c][cl], cnt[cl])
					}
				}
			}
		}
		if quiet < 10 {
			t.Errorf("%v: the board played quietly %d times, want at least 10", rule, quiet)
		}
	}
}

// TestCombos: the table says what combine says for every four patterns,
// and holds the evaluation file's values where it has them, the hand-set
// ones elsewhere (none for renju black's forbidden combinations); the
// ordering values are combine's, whatever the file says.
func TestCombos(t *testing.T) {
	entries, err := parseEval(evalFile)
	if err != nil {
		t.Fatal(err)
	}
	fitted := map[[4]uint8]evalPair{}
	for _, x := range entries {
		if !x.threat && !x.line {
			slices.Sort(x.p[:])
			fitted[x.p] = x.e
		}
	}
	for _, renju := range []bool{false, true} {
		r := 0
		if renju {
			r = 1
		}
		for i := 0; i < nPat*nPat*nPat*nPat; i++ {
			p := [4]uint8{uint8(i % nPat), uint8(i / nPat % nPat), uint8(i / nPat / nPat % nPat), uint8(i / nPat / nPat / nPat)}
			cl, v := combine(p, renju)
			want := handEval(v)
			sorted := p
			slices.Sort(sorted[:])
			if e, ok := fitted[sorted]; ok {
				want = e
				if plain, _ := combine(p, false); renju && cl != plain {
					want = handEval(v) // renju black's own: forbidden or a double three
				}
			}
			if k := comboIdx(&p); renju && (ordTab.me[r][k] != int32(clsOwn[cl])+v || ordTab.op[r][k] != int32(clsOpp[cl])+v/2) {
				t.Fatalf("%v: renju black's order %d/%d, want the hand-set %d/%d", p, ordTab.me[r][k], ordTab.op[r][k], int32(clsOwn[cl])+v, int32(clsOpp[cl])+v/2)
			}
			if k := comboIdx(&p); combos.cls[r][k] != uint8(cl) || evalFor(gomoku.Freestyle).cell[r][k] != want {
				t.Fatalf("%v renju=%v: table %d/%v, want %d/%v", p, renju, combos.cls[r][k], evalFor(gomoku.Freestyle).cell[r][k], cl, want)
			}
		}
	}
}

// TestCaroDependentFives: black's four at e8–h8 has two five points, d8
// and i8, but white's j8 stone makes them one threat under caro: white at
// d8 leaves i8 a five blocked at both ends. Under freestyle both win.
func TestCaroDependentFives(t *testing.T) {
	row := "....XXXX.O....."
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Caro, gomoku.CaroExact} {
		b := boardFrom(t, rule, white, "...............", "...............", "...............", "...............",
			"...............", "...............", "...............", row)
		f := (&searcher{b: b}).cellsOf(black, clsFive, nil)
		if len(f) != 2 {
			t.Fatalf("%v: five points %v", rule, f)
		}
		g := &Engine{Limits: Limits{MaxDepth: 2, TurnTime: time.Minute}, MaxMemory: 1 << 20}
		res := g.searchOwn(context.Background(), b)
		x, y := b.XY(res.Move)
		if rule == gomoku.Freestyle {
			if b.blockFives(black, f) != -1 || res.Score > -WinBound {
				t.Errorf("freestyle: one stone stops both fives? (move %d,%d, score %d)", x, y, res.Score)
			}
			continue
		}
		if q := b.blockFives(black, f); q != b.Idx(3, 7) {
			t.Errorf("%v: blockFives = %d, want d8 (3,7)", rule, q)
		}
		if x != 3 || y != 7 || res.Score < -WinBound {
			t.Errorf("%v: white plays %d,%d with score %d, want 3,7 and no loss", rule, x, y, res.Score)
		}
	}
}

// BenchmarkBoardPlayUndo plays and takes back every empty cell near the
// stones of random middle games (freestyle and renju): the incremental
// update the searches pay on every node; quiet, as the threat searches
// play.
func BenchmarkBoardPlayUndo(b *testing.B) {
	for _, bc := range []struct {
		rule  gomoku.Rule
		quiet bool
	}{{gomoku.Freestyle, false}, {gomoku.Renju, false}, {gomoku.Freestyle, true}, {gomoku.Renju, true}} {
		rule := bc.rule
		name := rule.String()
		if bc.quiet {
			name += "-quiet"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(7, 8))
			var boards []*board
			var cells [][]int
			for range 16 {
				bd := randomMiddleGame(rng, rule, 20, 20)
				var cs []int
				for i := range nCells {
					if bd.Empty(i) && bd.nb[i] > 0 {
						cs = append(cs, i)
					}
				}
				bd.quiet = bc.quiet
				boards, cells = append(boards, bd), append(cells, cs)
			}
			n := 0
			for b.Loop() {
				for k, bd := range boards {
					for _, i := range cells[k] {
						bd.Play(i)
						bd.Undo()
						n++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/play+undo")
		})
	}
}

// searchOwn is Search on a board within g.Limits, for the tests.
func (g *Engine) searchOwn(ctx context.Context, b *board) boardResult {
	return g.search(ctx, b, g.Limits)
}

// cellWin is a ThreatWin on a board, in cells.
type cellWin struct {
	Moves int
	Line  []int
}

// findVCTOn is FindVCT on a board, for the tests.
func findVCTOn(b *board, depth int, maxNodes int64) (cellWin, bool, int64) {
	line, _, ok, n := findVCT(context.Background(), b, depth, maxNodes)
	return cellWin{(len(line) + 1) / 2, line}, ok, n
}

// Reserve and NewGame make the tables before the first search, which then
// uses them; NewGame keeps tables of the right size (cleared) and makes
// new ones for a new MaxMemory.
func TestReserve(t *testing.T) {
	g := &Engine{Limits: Limits{MaxDepth: 3}, MaxMemory: 8 << 20}
	g.Reserve()
	tt := g.tt
	if tt == nil || g.threats == nil {
		t.Fatal("Reserve made no tables")
	}
	b := boardFrom(t, gomoku.Freestyle, black, ".......", "...X...", "...O...")
	g.searchOwn(context.Background(), b)
	if g.tt != tt {
		t.Error("the search made its tables anew after Reserve")
	}
	if !ttUsed(tt) {
		t.Fatal("the search stored nothing in the table")
	}
	g.NewGame()
	if g.tt != tt || ttUsed(tt) {
		t.Error("NewGame with the same MaxMemory: want the same table, cleared")
	}
	g.MaxMemory = 16 << 20
	g.NewGame()
	if g.tt == tt || len(g.tt.e) != 2*len(tt.e) {
		t.Errorf("NewGame after MaxMemory doubled: table of %d slots, want a new one of %d", len(g.tt.e), 2*len(tt.e))
	}
}

// ttUsed says whether any slot of t holds an entry.
func ttUsed(t *TT) bool {
	for i := range t.e {
		if t.e[i].data.Load() != 0 {
			return true
		}
	}
	return false
}
