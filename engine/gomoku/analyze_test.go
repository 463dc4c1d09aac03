package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"

	"github.com/inarow/inarow"
)

// Analyze ranks the completing point of an open four first, as a proven
// win in one ply, and every candidate is an empty point.
func TestGomokuAnalyze(t *testing.T) {
	r := inarow.Gomoku
	p, _ := inarow.NewPosition(r)
	for _, s := range []string{"d8", "a1", "e8", "a3", "f8", "a5", "g8", "a7"} {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g := &Engine{MaxMemory: 1 << 20}
	vals, err := g.Analyze(context.Background(), p, 8, Limits{MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(vals) == 0 || len(vals) > 8 {
		t.Fatalf("%d values", len(vals))
	}
	if name := r.FormatMove(vals[0].Move); (name != "c8" && name != "h8") || !vals[0].Proven() || vals[0].Score != WinScore-1 {
		t.Fatalf("best %s %+v, want c8 or h8, a win in one", name, vals[0])
	}
	for _, v := range vals {
		if !r.OnBoard(v.Move) || p.At(v.Move) != inarow.NoPlayer || v.Depth < 1 {
			t.Fatalf("candidate %+v on a stone or unsearched", v)
		}
	}
}

// TestFindVCT: two open twos crossing at an empty point win by threats
// (the double three, then a straight four), not by fours alone; the line
// ends in black's five, and a board with nothing to build on has no VCT.
func TestFindVCT(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black,
		"O.............O",
		"...............",
		"...............",
		"...............",
		"...............",
		".......X.......",
		".......X.......",
		".....XX........",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"O.............O",
	)
	s := &searcher{b: b, tt: NewTT(1 << 16), ctx: context.Background(), hard: time.Now().Add(time.Minute), vcfLimit: 1 << 20}
	if ok, _ := s.vcf(20); ok {
		t.Fatal("a VCF: the position does not test the threes")
	}
	before := b.Hash()
	win, ok, nodes := findVCTOn(b, 8, 0)
	if !ok {
		t.Fatalf("no VCT found (%d nodes)", nodes)
	}
	if b.Hash() != before || b.Count() != 8 {
		t.Fatal("the board was not left as it was")
	}
	if x, y := b.XY(win.Line[0]); x != 7 || y != 7 || win.Moves != 3 {
		t.Errorf("starts at %d,%d in %d moves, want 7,7 in 3: %v", x, y, win.Moves, win.Line)
	}
	// replay the line: alternate colours, black ends with five
	for _, m := range win.Line {
		if !b.Empty(m) {
			t.Fatalf("line %v plays on an occupied point", win.Line)
		}
		b.Play(m)
	}
	if b.Winner() != black || len(win.Line)%2 != 1 {
		t.Errorf("line %v does not end in black's five (winner %d)", win.Line, b.Winner())
	}
	for range win.Line {
		b.Undo()
	}
	b.SetToMove(white)
	if _, ok, _ := findVCTOn(b, 8, 0); ok {
		t.Error("white, with four corner stones, has a VCT?")
	}
}

// TestFindVCTLines: on random middle-game positions under every rule, a
// VCT found comes with a line that replays on empty, legal points to the
// attacker's five, and the board is left as it was.
func TestFindVCTLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	wins, positions, minWins := 0, 60, 10
	if raceEnabled { // 140 s under -race on a loaded machine with 60; 33 VCTs with 12
		positions, minWins = 12, 10
	}
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro} {
		for n := 0; n < positions; n++ {
			b := randomMiddleGame(rng, rule, 14, 14)
			if b.Winner() >= 0 || b.hasFive(b.ToMove()^1) {
				continue
			}
			before, count, att := b.Hash(), b.Count(), b.ToMove()
			win, ok, _ := findVCTOn(b, 6, 20_000)
			if b.Hash() != before || b.Count() != count {
				t.Fatalf("%v: the board was not left as it was", rule)
			}
			if !ok {
				continue
			}
			wins++
			for i, m := range win.Line {
				if !b.Empty(m) || !b.legalFor(b.ToMove(), m) {
					t.Fatalf("%v: line %v, move %d is not a legal point", rule, win.Line, i)
				}
				b.Play(m)
			}
			// renju: white's four whose five point is forbidden to black
			// wins too, and the line ends there
			var fb [8]int
			f := (&searcher{b: b}).cellsOf(att, clsFive, fb[:0])
			forbiddenBlock := rule == gomoku.Renju && att == white && len(f) == 1 && !b.legalFor(black, f[0])
			if b.Winner() != att && !forbiddenBlock {
				t.Errorf("%v: line %v ends without the attacker's five (winner %d)", rule, win.Line, b.Winner())
			}
		}
	}
	if wins < minWins {
		t.Errorf("only %d of the random positions had a VCT: the test tests little", wins)
	}
	t.Logf("%d VCTs replayed", wins)
}

// randomMiddleGame plays random stones in the middle 7×7 of a 15×15 board
// under rule, none making a four, until it holds at least base and fewer
// than base+spread stones (the bound is drawn anew at every stone) or a
// side has won.
func randomMiddleGame(rng *rand.Rand, rule gomoku.Rule, base, spread int) *board {
	b, _ := newBoard(15, 15, rule)
	for b.Count() < base+rng.IntN(spread) && b.Winner() < 0 {
		x, y := 4+rng.IntN(7), 4+rng.IntN(7)
		if i := b.Idx(x, y); b.Empty(i) && b.legalFor(b.ToMove(), i) && b.st[b.ToMove()][i].cls < clsB4 {
			b.Play(i)
		}
	}
	return b
}

// TestRootAndValues: Limits.Root hears of every root move's search
// starting and then finishing, one at a time, in Search and Analyze; the
// analysis reports after each iteration its candidates' values, best
// first.
func TestRootAndValues(t *testing.T) {
	r, _ := gomoku.Freestyle.Board(15)
	p, _ := inarow.NewPosition(r)
	for _, xy := range [][2]int{{7, 7}, {8, 8}, {8, 7}, {6, 8}} {
		p, _ = p.Play(r.MoveAt(xy[0], xy[1]))
	}
	var open []inarow.Move
	starts, ends := 0, 0
	root := func(rm RootMove) {
		if !p.Legal(rm.Move) || rm.Depth < 1 {
			t.Fatalf("root move %+v", rm)
		}
		if !rm.Done {
			if len(open) > 0 {
				t.Fatalf("%v starts while %v is open", rm.Move, open)
			}
			open, starts = append(open, rm.Move), starts+1
			return
		}
		if len(open) != 1 || open[0] != rm.Move {
			t.Fatalf("%v ends, open %v", rm.Move, open)
		}
		open, ends = open[:0], ends+1
	}
	g := &Engine{MaxMemory: 4 << 20}
	if _, err := g.Search(context.Background(), p, Limits{MaxDepth: 3, TurnTime: time.Minute, Root: root}); err != nil {
		t.Fatal(err)
	}
	if starts == 0 || ends == 0 {
		t.Fatalf("Search: %d starts, %d ends", starts, ends)
	}
	starts, ends = 0, 0
	iterations := 0
	vs, err := g.Analyze(context.Background(), p, 4, Limits{MaxDepth: 3, TurnTime: time.Minute, Root: root, Progress: func(in Info) {
		iterations++
		if len(in.Values) != 4 || in.Depth != iterations {
			t.Fatalf("iteration %d: %+v", iterations, in)
		}
		for i := 1; i < len(in.Values); i++ {
			if in.Values[i].Score > in.Values[i-1].Score {
				t.Fatalf("values not best first: %+v", in.Values)
			}
		}
	}})
	if err != nil || len(vs) != 4 || iterations != 3 || starts != 12 || ends != 12 {
		t.Fatalf("Analyze: %v %v, %d iterations, %d starts, %d ends", vs, err, iterations, starts, ends)
	}
}
