package gomokuengine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow/gomoku"
)

// ahead is a position where black, to move, has four twos and white two
// lone stones: black is far ahead, and neither side has a three.
var ahead = []string{
	"..............O",
	"...............",
	"...............",
	"...XX....X.....",
	".........X.....",
	"...............",
	"...............",
	"...............",
	"...............",
	"...X...........",
	"....X.....XX...",
	"...............",
	"...............",
	"...............",
	".............O.",
}

// pruneSearcher is a searcher on b with a fresh table and no clock.
func pruneSearcher(b *board, reference bool) *searcher {
	return &searcher{b: b, tt: NewTT(1 << 20), ctx: context.Background(), hard: time.Now().Add(time.Hour), reference: reference}
}

// A node far above beta returns its value without a move searched
// (reverse futility); far below alpha near the horizon it returns its
// value (razoring) or, holding a four-three, the win. Neither happens
// on the principal variation, nor when the opponent holds a four-three
// point, nor in the reference search.
func TestPruningAtTheNode(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black, ahead...)
	s := pruneSearcher(b, false)
	ev := s.eval()
	if ev < futMargin*2+100 {
		t.Fatalf("the position's value %d does not test the margin %d", ev, futMargin*2)
	}
	beta := ev - futMargin*2 - 50
	if v := s.search(2, beta-1, beta, 1, false); v != ev || s.nodes != 1 {
		t.Errorf("reverse futility: value %d in %d nodes, want %d in 1", v, s.nodes, ev)
	}
	for _, c := range []struct {
		name string
		s    *searcher
		a, b int
	}{
		{"PV node", pruneSearcher(b, false), beta - 10, beta},
		{"reference", pruneSearcher(b, true), beta - 1, beta},
	} {
		c.s.search(2, c.a, c.b, 1, false)
		if c.s.nodes == 1 {
			t.Errorf("%s: pruned", c.name)
		}
	}
	// razoring: white to move is far below alpha
	b.SetToMove(white)
	s = pruneSearcher(b, false)
	ev = s.eval()
	alpha := ev + razorMargin[1] + 50
	if v := s.search(1, alpha, alpha+1, 1, false); v != ev || s.nodes != 1 {
		t.Errorf("razoring: value %d in %d nodes, want %d in 1", v, s.nodes, ev)
	}
	s = pruneSearcher(b, true)
	if s.search(1, alpha, alpha+1, 1, false); s.nodes == 1 {
		t.Error("razoring in the reference search")
	}
	// white gets a four-three point at 8,12 (a blocked three on row 12,
	// an open two above it)
	w := boardFrom(t, gomoku.Freestyle, white, append(ahead[:12:12],
		"........O......",
		"........O......",
		"....XOOO.......",
		".............O.",
	)...)
	if w.clsCnt[white][clsB4F3] == 0 || w.clsCnt[white][clsFlex4] > 0 {
		t.Fatal("white has no four-three point or an open three: the position does not test it")
	}
	// white to move razors into its VCF
	s = pruneSearcher(w, false)
	alpha = s.eval() + razorMargin[1] + 50
	if v := s.search(1, alpha, alpha+1, 1, false); v < WinBound {
		t.Errorf("razoring with a four-three: value %d, want a win", v)
	}
	// black to move, far ahead, but white holds the four-three point:
	// no pruning
	w.SetToMove(black)
	s = pruneSearcher(w, false)
	ev = s.eval()
	if ev < futMargin*2+100 {
		t.Fatalf("the position's value %d does not test the margin %d", ev, futMargin*2)
	}
	beta = ev - futMargin*2 - 50
	if v := s.search(2, beta-1, beta, 1, false); s.nodes == 1 {
		t.Errorf("pruned (value %d) though the opponent holds a four-three point", v)
	}
}

// Fail-high reduction: at an expected cut node whose value stands more
// than the margin above beta (but less than reverse futility's), the
// first move is searched a ply shallower — at depth 2, as a leaf — and
// fails high: two nodes. Not at a node that is not expected to cut, nor
// in the reference search.
func TestFailHighReduction(t *testing.T) {
	// The position's first move holds the node's value as a leaf under
	// the line values freestyle had until session 76 (standard's file
	// keeps them); without them the leaf is worth less than the margins
	// leave room for.
	std, _ := evalText(gomoku.Standard)
	withEval(t, std)
	b := boardFrom(t, gomoku.Freestyle, black, ahead...)
	ev := pruneSearcher(b, false).eval()
	beta := ev - (fhMargin + 2*fhDepthMargin) - 200 // well past the margin: the first move fails high as a leaf
	if ev-futMargin*2 >= beta {
		t.Fatalf("value %d: reverse futility would cut before the reduction (beta %d)", ev, beta)
	}
	s := pruneSearcher(b, false)
	if v := s.search(2, beta-1, beta, 1, true); v < beta || s.nodes != 2 {
		t.Errorf("cut node: value %d in %d nodes, want at least %d in 2", v, s.nodes, beta)
	}
	for _, c := range []struct {
		name string
		s    *searcher
		cut  bool
	}{
		{"not expected to cut", pruneSearcher(b, false), false},
		{"reference", pruneSearcher(b, true), true},
	} {
		if v := c.s.search(2, beta-1, beta, 1, c.cut); v < beta || c.s.nodes <= 2 {
			t.Errorf("%s: value %d in %d nodes, want at least %d in more than 2", c.name, v, c.s.nodes, beta)
		}
	}
	// below the margin: no reduction
	s = pruneSearcher(b, false)
	if s.search(2, ev-fhMargin-2*fhDepthMargin+20, ev-fhMargin-2*fhDepthMargin+21, 1, true); s.nodes <= 2 {
		t.Errorf("below the margin: %d nodes, want the first move searched to depth 1", s.nodes)
	}
}

// Move-count pruning: once a node has a move that does not lose, the
// moves after the first lmpCount[depth] are not searched; the reference
// search searches them.
func TestMoveCountPruning(t *testing.T) {
	b := boardFrom(t, gomoku.Freestyle, black,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"......X........",
		".......O.......",
		"...............",
	)
	children := func(ref bool) int64 {
		s := pruneSearcher(b, ref)
		ev := s.eval()
		// a window far above the value, which no move reaches: every
		// move is searched, or pruned. A principal-variation window:
		// razoring and reverse futility (off the principal variation
		// only) would cut the node before any move
		s.search(1, ev+5000, ev+6000, 1, false)
		return s.nodes - 1
	}
	if got, all := children(false), children(true); got != int64(lmpCount[1]) || all <= got {
		t.Errorf("searched %d children (the reference %d), want %d", got, all, lmpCount[1])
	}
}

// On the benchmark's quiet positions the pruned search reaches depth 6
// with fewer nodes than the reference search (a half, when this was
// written), and the engine still answers the tactical positions of the
// other tests (they run with the pruning).
func TestPruningSavesNodes(t *testing.T) {
	var pruned, plain int64
	for _, p := range benchCases(t, BenchSearch) {
		for _, ref := range []bool{false, true} {
			s := pruneSearcher(p.board, ref) // a search leaves the board as it found it
			for d := 1; d <= 6; d++ {
				s.search(d, -WinScore-1, WinScore+1, 0, false)
			}
			if ref {
				plain += s.nodes
			} else {
				pruned += s.nodes
			}
		}
	}
	t.Logf("depth 6: %d nodes pruned, %d plain", pruned, plain)
	if pruned*4 > plain*3 {
		t.Errorf("the pruned search took %d nodes, the reference %d: want at most 3/4", pruned, plain)
	}
}

// Late-move reductions by rank grow with the depth and the move's rank
// and are pvLess hundredths less at a principal-variation node; lateReduction spares
// the first two moves and shallow nodes; reduce never leaves less than
// one ply to search.
func TestReduction(t *testing.T) {
	b, err := newBoard(15, 15, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	s := &searcher{b: b}
	m := b.Idx(7, 7)
	for d := 1; d < 40; d++ {
		for n := 1; n < 80; n++ {
			r := defaultParams.rankReduction(d, n, false)
			if r < defaultParams.rankReduction(d, n-1, false) || r < defaultParams.rankReduction(max(d-1, 1), n, false) {
				t.Fatalf("depth %d move %d reduced by %d, less than an earlier move or a shallower node", d, n, r)
			}
			if rpv := defaultParams.rankReduction(d, n, true); rpv != r-pvLess {
				t.Fatalf("depth %d move %d: %d at a PV node, want %d", d, n, rpv, r-pvLess)
			}
			if lr := s.lateReduction(m, d, n, 3, false, false, 3); (d < 3 || n < 2) && lr != 0 {
				t.Fatalf("depth %d move %d reduced by %d, want 0", d, n, lr)
			}
		}
	}
	if r := defaultParams.rankReduction(10, 20, false); r < 200 {
		t.Errorf("depth 10 move 20 reduced by %d hundredths, want at least 200", r)
	}
}

// reduce takes hundredths of a ply off a depth and its carried fraction,
// borrowing a ply where the fraction runs out, never below one ply and
// never deeper than it was.
func TestReduce(t *testing.T) {
	for _, c := range []struct{ d, f, r, wd, wf int }{
		{5, 0, 0, 5, 0},
		{5, 30, 20, 5, 10},
		{5, 30, 40, 4, 90},
		{5, 0, 250, 2, 50},
		{5, 60, 500, 1, 0}, // not below one ply
		{3, 10, 260, 1, 0},
		{0, 40, 0, 0, 40}, // a horizon already reached stays where it is
		{0, 40, 100, 0, 40},
		{5, 30, -50, 5, 30}, // never deeper
	} {
		if d, f := reduce(c.d, c.f, c.r); d != c.wd || f != c.wf {
			t.Errorf("reduce(%d, %d, %d) = %d, %d, want %d, %d", c.d, c.f, c.r, d, f, c.wd, c.wf)
		}
	}
}

// A move is reduced more the less it does, the more so in a complex
// position, and less when it goes on an attack; at depth 4 or less a
// move that makes no two for either side, or one far from the fight
// while the opponent holds a four point, is not searched.
func TestLateReductionByKind(t *testing.T) {
	b, err := newBoard(15, 15, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	// black 1,1 7,7 8,7 (an open two), white 13,13 7,8 9,9; black to move
	for _, xy := range [][2]int{{1, 1}, {13, 13}, {7, 7}, {7, 8}, {8, 7}, {9, 9}} {
		if err := b.PlayXY(xy[0], xy[1]); err != nil {
			t.Fatal(err)
		}
	}
	s := &searcher{b: b}
	// an open three; a two near the last stones, and one far from them;
	// a point that makes nothing, and one far from the last stones
	three, quiet, quietFar, trivial, far := b.Idx(9, 7), b.Idx(6, 9), b.Idx(2, 2), b.Idx(4, 6), b.Idx(13, 1)
	for _, c := range []struct {
		m, kind int
	}{{three, kindImportant}, {quiet, kindQuiet}, {quietFar, kindQuiet}, {trivial, kindTrivial}, {far, kindTrivialFar}} {
		if k := s.moveKind(c.m); k != c.kind {
			x, y := b.XY(c.m)
			t.Errorf("%d,%d: kind %d, want %d", x, y, k, c.kind)
		}
	}
	cplx := b.complexity()
	if cplx <= 0 {
		t.Fatalf("complexity %v with twos on the board", cplx)
	}
	r := func(m int) int { return s.lateReduction(m, 8, 5, 4, false, false, cplx) }
	if !(r(three) < r(quiet) && r(quiet) < r(trivial) && r(trivial) < r(far)) {
		t.Errorf("reductions three %d, quiet %d, trivial %d, far %d: want each less than the next", r(three), r(quiet), r(trivial), r(far))
	}
	if lo := s.lateReduction(far, 8, 5, 4, false, false, cplx/2); lo >= r(far) {
		t.Errorf("a far trivial move reduced by %d in a simpler position, %d here: want less", lo, r(far))
	}
	plain := s.lateReduction(three, 8, 5, 5, false, false, cplx) // (no three at ply 3)
	s.threes[2] = true                                           // the side to move's move before made a three
	if a, o := r(three), s.lateReduction(three, 8, 5, 4, false, true, cplx); a != plain-continuousAttack || o != plain {
		t.Errorf("a three after a three reduced by %d (%d where the opponent holds a four point), %d without the attack: want %d less, and as much", a, o, plain, continuousAttack)
	}
	for _, c := range []struct {
		m             int
		oppo4, futile bool
	}{
		{three, false, false}, {three, true, false},
		{quiet, false, false}, {quiet, true, false}, // near the last stones
		{quietFar, false, false}, {quietFar, true, true},
		{trivial, false, true}, {far, false, true},
	} {
		if f := s.futileMove(c.m, c.oppo4); f != c.futile {
			x, y := b.XY(c.m)
			t.Errorf("%d,%d with the opponent's four point %v: futile %v, want %v", x, y, c.oppo4, f, c.futile)
		}
	}
}

// TestQuickWinSound: on random positions where quickWin claims a win in
// five plies, the reference search (which makes no such claim) proves
// it within four plies of search, and the engine, which does not ask at
// the root, plays a winning move; renju never claims one.
func TestQuickWinSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		n, f3f3, maxTries := 0, 0, 40000
		if rule == gomoku.Renju {
			maxTries = 3000 // where it never claims one
		}
		for tries := 0; tries < maxTries && n < 60/raceDiv; tries++ { // 59 s under -race on a loaded machine with 60
			b := randomCentreBoard(rng, rule, 6+rng.IntN(24))
			me, op := b.toMove, b.toMove^1
			if b.Winner() >= 0 || b.clsCnt[me][clsFive]+b.clsCnt[op][clsFive]+b.clsCnt[me][clsFlex4] > 0 {
				continue
			}
			s := pruneSearcher(b, false)
			if !s.quickWin() {
				continue
			}
			if rule == gomoku.Renju {
				t.Fatalf("renju: a quick win claimed; black %v white %v", b.stonesOf(black), b.stonesOf(white))
			}
			n++
			if b.clsCnt[me][clsB4F3] == 0 {
				f3f3++
			}
			hash := b.Hash()
			if v := pruneSearcher(b, true).search(4, -WinScore-1, WinScore+1, 0, false); v < WinScore-5 {
				t.Fatalf("%v: quick win claimed, the reference search says %d; black %v white %v, %v to move", rule, v, b.stonesOf(black), b.stonesOf(white), me)
			}
			if b.Hash() != hash {
				t.Fatal("the search changed the board")
			}
			// at the root, where quickWin is not asked, the engine finds
			// a winning move and plays it
			if n <= 10 {
				res := (&Engine{}).search(context.Background(), b, Limits{MaxDepth: 4, TurnTime: time.Minute})
				if res.Move < 0 || res.Score < WinBound {
					t.Fatalf("%v: the engine plays %d valued %d; black %v white %v", rule, res.Move, res.Score, b.stonesOf(black), b.stonesOf(white))
				}
				b.Play(res.Move)
				v := pruneSearcher(b, true).search(3, -WinScore-1, WinScore+1, 1, false)
				b.Undo()
				if v > -WinBound {
					t.Fatalf("%v: after the engine's %d the opponent's value is %d", rule, res.Move, v)
				}
			}
		}
		if rule != gomoku.Renju && (n < 60/raceDiv || f3f3 < 10/raceDiv || n-f3f3 < 5/raceDiv) {
			t.Fatalf("%v: only %d quick wins checked (%d by double threes)", rule, n, f3f3)
		}
		t.Logf("%v: %d quick wins, %d by double threes, each proved", rule, n, f3f3)
	}
}

// The principal variation's reductions — the alpha-improvement
// reduction, which searches a principal-variation node's moves after one
// that raised alpha a ply shallower, and the table-depth reduction
// (pvTTReduction) — take fewer nodes on the benchmark's quiet positions
// in the full window than the search without them. They may put off a
// win: quiet5's, found at depth 8 without them, waits for depth 11 (11,512
// nodes against 4,671); within three plies more they call every position
// won or lost that the search without them does.
func TestPVReductions(t *testing.T) {
	const depth = 8
	var with, without int64
	for _, p := range benchCases(t, BenchSearch) {
		s := pruneSearcher(p.board, false)
		s.search(depth, -WinScore-1, WinScore+1, 0, false)
		with += s.nodes
		f := pruneSearcher(p.board, false)
		f.fullPV = true
		w := f.search(depth, -WinScore-1, WinScore+1, 0, false)
		without += f.nodes
		if w >= WinBound || w <= -WinBound {
			if v := pruneSearcher(p.board, false).search(depth+3, -WinScore-1, WinScore+1, 0, false); (v >= WinBound) != (w >= WinBound) || (v <= -WinBound) != (w <= -WinBound) {
				t.Errorf("%s: %d at depth %d with the reductions, %d at depth %d without", p.name, v, depth+3, w, depth)
			}
		}
	}
	t.Logf("depth %d: %d nodes with the reductions, %d without", depth, with, without)
	if with >= without {
		t.Errorf("the reductions took %d nodes, the search without them %d", with, without)
	}
}

// The table-depth reduction grows by pvTTRed hundredths a ply the entry
// lacks, up to pvTTRedMax, and is nothing where the entry is as deep as
// the node or deeper.
func TestPVTTReduction(t *testing.T) {
	for _, c := range []struct{ depth, ttDepth, want int }{
		{10, 10, 0},
		{10, 12, 0},
		{10, 9, pvTTRed},
		{10, 8, 2 * pvTTRed},
		{10, 0, 10 * pvTTRed},
		{13, 0, pvTTRedMax},
		{20, 1, pvTTRedMax},
		{2, 0, 2 * pvTTRed},
	} {
		if r := pvTTReduction(c.depth, c.ttDepth); r != c.want {
			t.Errorf("pvTTReduction(%d, %d) = %d, want %d", c.depth, c.ttDepth, r, c.want)
		}
	}
}

// randomCentreBoard plays random legal stones on the centre 9×9 of a
// 15×15 board under rule until it holds stones or the game is won.
func randomCentreBoard(rng *rand.Rand, rule gomoku.Rule, stones int) *board {
	b, _ := newBoard(15, 15, rule)
	for b.Count() < stones && b.Winner() < 0 {
		i := b.Idx(3+rng.IntN(9), 3+rng.IntN(9))
		if b.legalFor(b.toMove, i) {
			b.Play(i)
		}
	}
	return b
}

// carry turns the hundredths of a ply that a path's extensions add up to
// into whole plies, carrying the rest down the path.
func TestCarry(t *testing.T) {
	s := &searcher{}
	for ply, c := range []struct{ x, plies, rest int }{
		{blockExt, 0, 22}, {blockExt, 0, 44}, {0, 0, 44}, {blockExt, 0, 66},
		{blockExt, 0, 88}, {blockExt, 1, 10}, {ttExtPV + ttExtFour, 0, 45}, {ttExt, 0, 51},
		{ttExtPV + ttExtFour, 0, 86}, {ttExtPV, 1, 4},
	} {
		if got := s.carry(ply, c.x); got != c.plies || s.frac[ply+1] != c.rest {
			t.Errorf("ply %d: carry(%d) = %d with %d left, want %d with %d", ply, c.x, got, s.frac[ply+1], c.plies, c.rest)
		}
	}
}

// A move that takes none of the opponent's four points is reduced two
// plies more far from the opponent's last stone and one more far from
// one's own; a block, a move near both, or any move where the opponent
// holds no four point is not.
func TestUselessDefence(t *testing.T) {
	b, err := newBoard(15, 15, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	// black 7,7 2,3 8,8; white 3,3 4,3 5,3: white's blocked three has
	// four points at 6,3 and 7,3; black to move, white's last stone 5,3
	for _, xy := range [][2]int{{7, 7}, {3, 3}, {2, 3}, {4, 3}, {8, 8}} {
		if err := b.PlayXY(xy[0], xy[1]); err != nil {
			t.Fatal(err)
		}
	}
	s := &searcher{b: b}
	if r := s.uselessDefence(b.Idx(13, 13)); r != 0 {
		t.Errorf("no four point of the opponent's: %d plies more, want 0", r)
	}
	if err := b.PlayXY(5, 3); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y, want int
	}{
		{6, 3, 0},   // takes a four point
		{7, 3, 0},   // the other
		{5, 5, 0},   // near both last stones
		{12, 12, 2}, // far from white's 5,3, four points from black's 8,8
		{13, 13, 3}, // far from both
		{1, 3, 1},   // four points from 5,3, far from 8,8
	} {
		if r := s.uselessDefence(b.Idx(c.x, c.y)); r != c.want {
			t.Errorf("%d,%d: %d plies more, want %d", c.x, c.y, r, c.want)
		}
	}
}

// A node's candidates are scored by the move order and the history
// alone, the table's move first: no killers (the moves that last cut off
// at the same ply), which the fitted order beats (issue 23, session 42).
func TestCandidatesScoredByOrder(t *testing.T) {
	b := benchCases(t, BenchSearch)[0].board
	s := pruneSearcher(b, false)
	for d := 1; d <= 6; d++ { // history and cutoffs at every ply
		s.search(d, -WinScore-1, WinScore+1, 0, false)
	}
	ms := s.candidates(1, -1)
	if len(ms) < 10 {
		t.Fatalf("%d candidates", len(ms))
	}
	hist := 0
	for _, c := range ms {
		want := b.orderValue(b.toMove, b.toMove^1, c.m) + int(s.hist[b.toMove][c.m])/8
		if c.s != want {
			t.Errorf("%v scored %d, want %d", b.move(c.m), c.s, want)
		}
		if s.hist[b.toMove][c.m] != 0 {
			hist++
		}
	}
	if hist == 0 {
		t.Error("no candidate has a history: the test reads nothing of it")
	}
	tt := ms[len(ms)-1].m
	for _, c := range s.candidates(1, tt) {
		want := b.orderValue(b.toMove, b.toMove^1, c.m) + int(s.hist[b.toMove][c.m])/8
		if c.m == tt {
			want += 1 << 28
		}
		if c.s != want {
			t.Errorf("with %v the table's move: %v scored %d, want %d", b.move(tt), b.move(c.m), c.s, want)
		}
	}
}

// A node forgets the killers two plies down, which its grandchildren
// would otherwise inherit from cousins in another part of the tree
// (Rapfi's and Stockfish's), and keeps its children's, which its own
// earlier children left for the later ones.
func TestKillersOfGrandchildrenCleared(t *testing.T) {
	b := benchCases(t, BenchSearch)[0].board
	s := pruneSearcher(b, false)
	s.killers[1] = [2]int{b.Idx(3, 3), b.Idx(4, 4)}
	s.killers[2] = [2]int{b.Idx(5, 5), b.Idx(6, 6)}
	s.search(1, -WinScore-1, WinScore+1, 0, false)
	if s.killers[2] != [2]int{-1, -1} {
		t.Errorf("the grandchildren's killers %v after the search, want none", s.killers[2])
	}
	if s.killers[1] != [2]int{b.Idx(3, 3), b.Idx(4, 4)} {
		t.Errorf("the children's killers %v after the search, want them as they were", s.killers[1])
	}
}

// Freestyle and renju read their fitted orders, the other rules the
// hand-set one; all but freestyle put the killers first.
func TestOrderByRule(t *testing.T) {
	rows := []string{
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"......X........",
		".......O.......",
		"......XX.......",
		".....O.O.......",
	}
	hand := HandOrderModel()
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro} {
		b := boardFrom(t, rule, black, rows...)
		want := map[gomoku.Rule]*orderTables{gomoku.Freestyle: &ordTab, gomoku.Renju: &ordRenju, gomoku.Standard: &ordStandard}[rule]
		if want == nil {
			want = &ordHand
		}
		if b.ord != want {
			t.Errorf("%v: the order is not the rule's", rule)
		}
		s := pruneSearcher(b, false)
		ms := s.candidates(0, -1)
		if len(ms) < 4 {
			t.Fatalf("%v: %d candidates", rule, len(ms))
		}
		k := ms[len(ms)-1].m
		s.killers[0] = [2]int{k, -1}
		for _, c := range s.candidates(0, -1) {
			want := b.orderValue(b.toMove, b.toMove^1, c.m)
			if c.m == k && (rule == gomoku.Renju || rule == gomoku.Caro) { // (renju's fitted order and the hand-set one keep them)
				want += 1 << 20
			}
			if c.s != want {
				t.Errorf("%v: %v scored %d, want %d", rule, b.move(c.m), c.s, want)
			}
		}
	}
	if hand.Me[canonOf[comboIdx(&[4]uint8{patF3})]] != float64(ordHand.me[0][comboIdx(&[4]uint8{patF3})]) {
		t.Error("ordHand is not the hand-set order")
	}
	if ordTab.me[0] == ordHand.me[0] {
		t.Error("the order file fits nothing: freestyle's order is the hand-set one")
	}
	if ordRenju.me == ordHand.me || ordRenju.near == ordHand.near {
		t.Error("renju's order file fits nothing: its order is the hand-set one")
	}
	if ordStandard.me == ordHand.me || !ordStandard.lines || ordStandard.killers {
		t.Error("standard's order is not its file's: line values and no killers")
	}
}
