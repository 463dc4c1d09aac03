package gomokuengine

import (
	"context"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// TestCloneIsIndependent plays on a clone and checks that the original
// board keeps its stones, patterns, hash and history, and that the clone
// agrees with a board built by playing the same moves (renju: the
// forbidden points too).
func TestCloneIsIndependent(t *testing.T) {
	b := boardFrom(t, gomoku.Renju, black,
		"...............",
		"...............",
		"...............",
		"...............",
		".....O.........",
		"......X.X......",
		".......X.......",
		"......O.O......",
	)
	h, n := b.Hash(), len(b.moves)
	ref := b.clone() // the reference, played alongside the clone
	c := b.clone()
	for _, m := range []int{b.Idx(7, 5), b.Idx(6, 6), b.Idx(5, 5)} {
		c.Play(m)
		ref.Play(m)
	}
	if b.Hash() != h || len(b.moves) != n || b.At(7, 5) >= 0 {
		t.Fatal("playing on a clone changed the original")
	}
	if c.Hash() != ref.Hash() || c.clsCnt != ref.clsCnt || c.evSum != ref.evSum {
		t.Fatal("the clone disagrees with a board that played the same moves")
	}
	for range 3 {
		c.Undo()
	}
	if c.Hash() != h || c.clsCnt != b.clsCnt || c.evSum != b.evSum || c.st != b.st {
		t.Fatal("undoing the clone's moves does not give the original back")
	}
	for i := range b.cell {
		if b.cell[i] == empty && b.nb[i] > 0 && b.IsForbidden(i) != c.IsForbidden(i) {
			t.Fatalf("forbidden at %d: original %v, clone %v", i, b.IsForbidden(i), c.IsForbidden(i))
		}
	}
}

// TestThreadsSearch runs searches with two threads (under -race: the
// shared table and the boards) and checks the moves: legal, the win
// found, the four blocked; and that one thread stays deterministic.
func TestThreadsSearch(t *testing.T) {
	pos := func(rule gomoku.Rule, black, white [][2]int, toMove inarow.Player) inarow.Position {
		r, _ := rule.Board(15)
		var st [2][]inarow.Move
		for c, list := range [][][2]int{black, white} {
			for _, xy := range list {
				st[c] = append(st[c], r.MoveAt(xy[0], xy[1]))
			}
		}
		p, err := inarow.Setup(r, st[0], st[1], toMove)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	quiet := pos(gomoku.Freestyle, [][2]int{{7, 7}, {8, 8}, {6, 8}}, [][2]int{{7, 8}, {6, 6}}, inarow.Second)
	four := pos(gomoku.Freestyle, [][2]int{{3, 3}, {4, 3}, {5, 3}, {6, 3}, {10, 10}}, [][2]int{{7, 7}, {8, 8}, {9, 9}, {3, 10}}, inarow.Second)
	renju := pos(gomoku.Renju, [][2]int{{7, 5}, {7, 6}, {5, 7}, {6, 7}}, [][2]int{{0, 0}, {14, 0}, {0, 14}, {14, 14}}, inarow.First)
	for _, c := range []struct {
		name string
		p    inarow.Position
		ok   func(inarow.Move) bool
	}{
		{"quiet", quiet, func(inarow.Move) bool { return true }},
		{"block the four", four, func(m inarow.Move) bool {
			x, y := four.Rules().XY(m)
			return y == 3 && (x == 2 || x == 7)
		}},
		{"renju black", renju, func(m inarow.Move) bool { return gomoku.Legal(renju, m) }},
	} {
		g := &Engine{Threads: 2, MaxMemory: 4 << 20}
		res, err := g.Search(context.Background(), c.p, Limits{TurnTime: 150 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if !c.p.Legal(res.Move) || !c.ok(res.Move) {
			t.Errorf("%s: two threads played %v", c.name, res.Move)
		}
		vs, err := g.Analyze(context.Background(), c.p, 3, Limits{TurnTime: 150 * time.Millisecond})
		if err != nil || len(vs) == 0 {
			t.Fatalf("%s: analysis with two threads: %v %v", c.name, vs, err)
		}
	}
	// one thread: the same depth-limited search twice gives the same
	// move and the same node count
	var first Result
	for i := range 2 {
		g := &Engine{Threads: 1, MaxMemory: 4 << 20}
		res, err := g.Search(context.Background(), quiet, Limits{MaxDepth: 5, TurnTime: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 && (res.Move != first.Move || res.Nodes != first.Nodes || res.Score != first.Score) {
			t.Fatalf("one thread is not deterministic: %+v then %+v", first, res)
		}
		first = res
	}
}

// TestThreadsCountHelpers runs a helper thread on its own: it searches,
// its nodes are counted once, and it leaves its results in the shared
// table.
func TestThreadsCountHelpers(t *testing.T) {
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
	g := &Engine{Threads: 2, MaxMemory: 4 << 20}
	tt, _ := g.tables()
	s := &searcher{b: b, tt: tt, ctx: context.Background(), start: time.Now(), hard: time.Now().Add(time.Hour)}
	h := g.helpers(context.Background(), s, 3, s.hard)
	time.Sleep(20 * time.Millisecond)
	live := h.count()
	n := h.stop()
	if n <= 0 || h.stop() != n || h.count() != n || live > n {
		t.Fatalf("helper nodes %d live, %d, then %d", live, n, h.stop())
	}
	if h, _ := tt.probe(b.Hash()); h.depth < 1 {
		t.Fatal("the helpers left nothing in the shared table")
	}
}
