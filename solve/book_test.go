package solve

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

func generate(t *testing.T, r inarow.Rules, depth, jobs int) *Book {
	t.Helper()
	s, err := NewC4(r, Options{TableBytes: 4 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	bk, err := GenerateBook(context.Background(), s, depth, BookOptions{Jobs: jobs})
	if err != nil {
		t.Fatal(err)
	}
	return bk
}

func bookBytes(t *testing.T, bk *Book) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := bk.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A book written and read back is the same book, and the file is
// reproducible: generated again, with more solvers, it is the same bytes.
func TestBookRoundTrip(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	bk := generate(t, r, 6, 1)
	data := bookBytes(t, bk)
	back, err := ReadBook(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if back.Rules() != r || back.Depth() != 6 || back.Len() != bk.Len() || bk.Len() == 0 {
		t.Fatalf("read back %v depth %d, %d positions; wrote %d", back.Rules(), back.Depth(), back.Len(), bk.Len())
	}
	if again := bookBytes(t, back); !bytes.Equal(again, data) {
		t.Fatal("a book read and written again changed")
	}
	if twice := bookBytes(t, generate(t, r, 6, 2)); !bytes.Equal(twice, data) {
		t.Fatal("generating the book again, with two solvers, gave other bytes")
	}
	// Every level is complete.
	n := 0
	for _, level := range bk.g.BookPositions(6) {
		for _, b := range level {
			if _, ok := bk.Lookup(b); !ok {
				t.Fatalf("position with key %d missing", b.Key())
			}
			n++
		}
	}
	if n != bk.Len() {
		t.Fatalf("%d positions to depth 6, the book has %d", n, bk.Len())
	}
	// Broken files are refused.
	for _, bad := range [][]byte{
		nil,
		[]byte("inarow-book 2\n"),
		data[:len(data)-1],
		append(append([]byte{}, data...), 0),
		bytes.Replace(data, []byte("m=5,n=4"), []byte("m=9,n=9"), 1),
	} {
		if _, err := ReadBook(bytes.NewReader(bad)); !errors.Is(err, ErrBadBook) {
			t.Errorf("bad book of %d bytes: %v", len(bad), err)
		}
	}
}

// Book entries agree with the solver without a book, on random book
// positions, and mirrored positions are found under one key.
func TestBookAgreesWithSolver(t *testing.T) {
	cases := []struct {
		r       inarow.Rules
		depth   int
		samples int
	}{
		{inarow.Rules{Cols: 4, Rows: 4, K: 4, Gravity: true}, 8, 60},
		{inarow.Rules{Cols: 5, Rows: 4, K: 3, Gravity: true}, 5, 60},
		{inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}, 2, 10},
	}
	if testing.Short() || raceEnabled {
		cases = cases[:2]
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range cases {
		bk := generate(t, c.r, c.depth, 2)
		s := newC4(t, c.r, 8<<20)
		s.setBook(nil)
		var all []Board
		for _, level := range bk.g.BookPositions(c.depth) {
			all = append(all, level...)
		}
		for i := 0; i < c.samples; i++ {
			b := all[rng.IntN(len(all))]
			got, ok := bk.Lookup(b)
			want, err := s.SolveBoard(ctx, b)
			if err != nil || !ok || got != want {
				t.Fatalf("%v key %d: book %d %v, solver %d %v", c.r, b.Key(), got, ok, want, err)
			}
			m := b
			m.current, m.mask = bk.g.mirror(b.current), bk.g.mirror(b.mask)
			if mv, ok := bk.Lookup(m); !ok || mv != got {
				t.Fatalf("%v: the mirror of key %d: %d %v", c.r, b.Key(), mv, ok)
			}
		}
		// A solver with the book answers book positions without a search
		// and agrees on the others.
		withBook, err := NewC4(c.r, Options{TableBytes: 1 << 20, Book: bk})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < c.samples; i++ {
			p, _, ok := randomPosition(rng, c.r, rng.IntN(c.depth+4))
			if !ok {
				continue
			}
			got, err1 := withBook.Solve(ctx, p)
			want, err2 := s.Solve(ctx, p)
			if err1 != nil || err2 != nil || got != want {
				t.Fatalf("%v: with the book %d %v, without %d %v\n%v", c.r, got, err1, want, err2, p)
			}
		}
	}
}

// The built-in Connect Four book loads, is complete to its depth, and
// answers the empty board (+1, the centre column the only win) without a
// search.
func TestEmbeddedBook(t *testing.T) {
	bk, err := EmbeddedBook(inarow.ConnectFour)
	if err != nil {
		t.Fatal(err)
	}
	if bk == nil {
		t.Fatal("no built-in Connect Four book")
	}
	t.Logf("built-in book: %v depth %d, %d positions", bk.Rules(), bk.Depth(), bk.Len())
	g := bk.g
	n := 0
	for _, level := range g.BookPositions(bk.Depth()) {
		n += len(level)
	}
	if n != bk.Len() {
		t.Fatalf("depth %d has %d positions, the book %d", bk.Depth(), n, bk.Len())
	}
	s := newC4(t, inarow.ConnectFour, 1<<20)
	if s.Book() != bk {
		t.Fatal("NewC4 does not use the built-in book")
	}
	v, cols, err := s.BestMoves(context.Background(), g.Empty())
	if err != nil || v != 1 || len(cols) != 1 || cols[0] != 3 {
		t.Fatalf("empty board: %d %v %v; want 1 [3]", v, cols, err)
	}
	if bk.Depth() >= 1 {
		scores, err := s.AnalyzeBoard(context.Background(), g.Empty())
		want := []Score{-2, -1, 0, 1, 0, -1, -2}
		for i := range want {
			if err != nil || scores[i] != want[i] {
				t.Fatalf("Analyze(empty) = %v %v, want %v", scores, err, want)
			}
		}
		if s.Nodes() != 0 {
			t.Errorf("the book positions took %d nodes", s.Nodes())
		}
	}
	// Every shallower position scores the best of its columns: the levels
	// hang together.
	levels := g.BookPositions(bk.Depth())
	for _, level := range levels[:len(levels)-1] {
		for _, b := range level {
			best := -g.base - 1
			for c := 0; c < g.W; c++ {
				if !g.CanPlay(b, c) {
					continue
				}
				child := g.Play(b, c)
				v, ok := bk.Lookup(child)
				if !ok {
					if !g.CanWinNext(child) {
						t.Fatalf("child of key %d missing", b.Key())
					}
					v = Score(g.win(child.moves))
				}
				best = max(best, -int(v))
			}
			if v, _ := bk.Lookup(b); int(v) != best {
				t.Fatalf("key %d (%d stones): book %d, its best column %d", b.Key(), b.moves, v, best)
			}
		}
	}
	// And Pons' test sets agree with it wherever they meet.
	met := 0
	for _, set := range []string{"Test_L1_R1", "Test_L1_R2", "Test_L1_R3"} {
		for _, l := range readSet(t, set) {
			b, err := g.FromMoves(l.moves)
			if err != nil {
				t.Fatal(err)
			}
			if v, ok := bk.Lookup(b); ok {
				met++
				if v != l.score {
					t.Errorf("%s %s: book %d, the set %d", set, l.moves, v, l.score)
				}
			}
		}
	}
	t.Logf("%d positions of the beginning sets are in the book", met)
	// The deepest level is the only one solved (the others follow from
	// it, as checked above): a sample of it agrees with the solver
	// without the book. Seconds of solving on 7×6.
	if !testing.Short() && !raceEnabled {
		ref := newC4(t, inarow.ConnectFour, 64<<20)
		ref.setBook(nil)
		deepest := levels[len(levels)-1]
		rng := rand.New(rand.NewPCG(uint64(bk.Depth()), 77))
		for i := 0; i < 4; i++ {
			b := deepest[rng.IntN(len(deepest))]
			want, err := ref.SolveBoard(context.Background(), b)
			if got, _ := bk.Lookup(b); err != nil || got != want {
				t.Errorf("key %d (%d stones): book %d, the solver %d %v", b.Key(), b.moves, got, want, err)
			}
		}
		t.Logf("4 positions of %d stones checked, %d nodes", bk.Depth(), ref.Nodes())
	}
	if b, _ := EmbeddedBook(inarow.Rules{Cols: 7, Rows: 3, K: 4, Gravity: true}); b != nil {
		t.Error("a book for 7×3?")
	}
}

// BestMoves returns the best columns Analyze finds; the heuristic search
// to the end of a small board is exact.
func TestBestMovesAndHeuristic(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	for _, r := range []inarow.Rules{{Cols: 4, Rows: 4, K: 4, Gravity: true}, {Cols: 5, Rows: 4, K: 3, Gravity: true}} {
		s := newC4(t, r, 1<<20)
		s.setBook(nil)
		g := s.g
		for i := 0; i < 40; i++ {
			p, _, ok := randomPosition(rng, r, rng.IntN(10))
			if !ok {
				continue
			}
			b, _ := g.FromPosition(p)
			scores, err := s.AnalyzeBoard(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			best := FullColumn
			for _, v := range scores {
				best = max(best, v)
			}
			var want []int
			for c, v := range scores {
				if v == best {
					want = append(want, c)
				}
			}
			v, cols, err := s.BestMoves(ctx, b)
			if err != nil || v != best || !equalInts(cols, want) {
				t.Fatalf("%v %v: BestMoves %d %v %v; Analyze %v", r, p, v, cols, err, scores)
			}
			h, err := g.Heuristic(ctx, b, g.cells)
			if err != nil {
				t.Fatal(err)
			}
			for c, v := range scores {
				var exact int
				switch {
				case v == FullColumn:
					exact = int(FullColumn)
				case v > 0:
					exact = HeuristicWin + int(v)
				case v < 0:
					exact = -HeuristicWin + int(v)
				}
				if h[c] != exact {
					t.Fatalf("%v %v: heuristic to the end %v, exact %v", r, p, h, scores)
				}
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// GenerateBook solves only the deepest positions it does not know, tells
// Solved about each, and trusts Known for the rest (a resumed run).
func TestGenerateBookKnown(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	s, err := NewC4(r, Options{TableBytes: 4 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	all := map[uint64]Score{}
	full, err := GenerateBook(ctx, s, 5, BookOptions{Jobs: 2, Solved: func(k uint64, v Score) {
		if _, dup := all[k]; dup {
			t.Errorf("key %d solved twice", k)
		}
		all[k] = v
	}})
	if err != nil {
		t.Fatal(err)
	}
	deepest := s.Geometry().BookPositions(5)[5]
	if len(all) != len(deepest) || len(all) < 10 {
		t.Fatalf("Solved told of %d positions, the deepest level has %d", len(all), len(deepest))
	}
	// Resume with half of them known, one of those with a false score.
	known := map[uint64]Score{}
	for i, b := range deepest {
		if i%2 == 0 {
			known[s.Geometry().BookKey(b)] = all[s.Geometry().BookKey(b)]
		}
	}
	liar := deepest[0]
	lk := s.Geometry().BookKey(liar)
	known[lk] = all[lk] + 1
	known[12345] = 7 // a key of no position: ignored
	var solved int
	bk, err := GenerateBook(ctx, s, 5, BookOptions{Known: known, Solved: func(k uint64, v Score) {
		solved++
		if _, ok := known[k]; ok {
			t.Errorf("known key %d solved again", k)
		}
		if v != all[k] {
			t.Errorf("key %d: %d, first run %d", k, v, all[k])
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(deepest) / 2; solved != want {
		t.Errorf("solved %d positions, want %d", solved, want)
	}
	if v, ok := bk.Lookup(liar); !ok || v != all[lk]+1 {
		t.Errorf("the known score was not used: %d %v", v, ok)
	}
	for _, b := range deepest[1:] {
		want, _ := full.Lookup(b)
		if v, ok := bk.Lookup(b); !ok || v != want {
			t.Fatalf("key %d: %d %v, want %d", s.Geometry().BookKey(b), v, ok, want)
		}
	}
}

// AssembleBook, given the deepest scores GenerateBook solved, gives the
// same bytes without a search, and refuses a missing or impossible score.
func TestAssembleBook(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	s, err := NewC4(r, Options{TableBytes: 4 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	g := s.Geometry()
	for _, depth := range []int{0, 1, 5} {
		deepest := map[uint64]Score{}
		bk, err := GenerateBook(context.Background(), s, depth, BookOptions{Solved: func(k uint64, v Score) { deepest[k] = v }})
		if err != nil {
			t.Fatal(err)
		}
		want := bookBytes(t, bk)
		deepest[12345] = 99 // a key of no position: ignored
		got, err := g.AssembleBook(depth, deepest)
		if err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		if !bytes.Equal(bookBytes(t, got), want) {
			t.Fatalf("depth %d: the assembled book differs from the generated one", depth)
		}
		if depth != 5 {
			continue
		}
		k := g.BookKey(g.BookPositions(depth)[depth][0])
		v := deepest[k]
		delete(deepest, k)
		if _, err := g.AssembleBook(depth, deepest); err == nil || !strings.Contains(err.Error(), "1 of the") {
			t.Errorf("a missing score: %v", err)
		}
		deepest[k] = Score(g.base + 1)
		if _, err := g.AssembleBook(depth, deepest); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("a score out of range: %v", err)
		}
		deepest[k] = v
		if _, err := g.AssembleBook(-1, deepest); err == nil {
			t.Error("a negative depth was taken")
		}
	}
}

// A solver whose own book holds the level above the deepest bounds the
// deepest positions' scores by their parents': the same bytes as without,
// in fewer nodes; a book of fewer stones gives no bound and changes
// nothing either.
func TestGenerateBookParentBound(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		r     inarow.Rules
		depth int
	}{
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 6},
		{inarow.Rules{Cols: 6, Rows: 4, K: 4, Gravity: true}, 4},
		{inarow.Rules{Cols: 5, Rows: 5, K: 3, Gravity: true}, 4},
	} {
		plain, err := NewC4(c.r, Options{TableBytes: 4 << 20, NoBook: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := GenerateBook(ctx, plain, c.depth, BookOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, prevDepth := range []int{c.depth - 1, c.depth - 2} {
			prev := generate(t, c.r, prevDepth, 1)
			s, err := NewC4(c.r, Options{TableBytes: 4 << 20, Book: prev})
			if err != nil {
				t.Fatal(err)
			}
			got, err := GenerateBook(ctx, s, c.depth, BookOptions{Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(bookBytes(t, got), bookBytes(t, want)) {
				t.Fatalf("%v depth %d with a book of %d: not the same bytes", c.r, c.depth, prevDepth)
			}
			if s.Book() != prev {
				t.Fatalf("%v: the solver's book was not put back", c.r)
			}
			t.Logf("%v depth %d: %d nodes, with a book of %d stones %d", c.r, c.depth, plain.Nodes(), prevDepth, s.Nodes())
			if (prevDepth == c.depth-1 && s.Nodes() >= plain.Nodes()) || (prevDepth < c.depth-1 && s.Nodes() != plain.Nodes()) {
				t.Errorf("%v depth %d: %d nodes with the bound, %d without", c.r, c.depth, s.Nodes(), plain.Nodes())
			}
		}
	}
}
