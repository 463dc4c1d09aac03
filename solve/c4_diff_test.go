package solve

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/inarow/inarow"
)

// randomPosition plays random moves from the empty board of r and returns
// the first unfinished position with at least stones stones, or false
// when the game ends first.
func randomPosition(rng *rand.Rand, r inarow.Rules, stones int) (inarow.Position, string, bool) {
	p, _ := inarow.NewPosition(r)
	var moves []byte
	for p.Ply() < stones {
		var open []int
		for x := 0; x < r.Cols; x++ {
			if p.Height(x) < r.Rows {
				open = append(open, x)
			}
		}
		col := open[rng.IntN(len(open))]
		m, _ := p.Drop(col)
		p, _ = p.Play(m)
		moves = append(moves, byte('1'+col))
		if p.Over() {
			return p, string(moves), false
		}
	}
	return p, string(moves), true
}

// The bitboard solver and the generic solver agree exactly on random
// positions of small boards, for K = 4 and other K, on the score of the
// position and on the score of every move.
func TestC4AgreesWithGenericSolver(t *testing.T) {
	cases := []struct {
		r          inarow.Rules
		minStones  int
		maxStones  int
		positions  int
		checkMoves bool
	}{
		{inarow.Rules{Cols: 4, Rows: 4, K: 4, Gravity: true}, 0, 12, 40, true},
		{inarow.Rules{Cols: 4, Rows: 4, K: 3, Gravity: true}, 0, 12, 40, true},
		{inarow.Rules{Cols: 3, Rows: 3, K: 3, Gravity: true}, 0, 7, 20, true},
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 4, 16, 30, true},
		{inarow.Rules{Cols: 5, Rows: 4, K: 3, Gravity: true}, 2, 16, 30, true},
		{inarow.Rules{Cols: 4, Rows: 5, K: 2, Gravity: true}, 0, 16, 20, false},
		{inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}, 14, 26, 25, true},
		{inarow.Rules{Cols: 6, Rows: 5, K: 5, Gravity: true}, 14, 26, 15, false},
		{inarow.Rules{Cols: 8, Rows: 7, K: 4, Gravity: true}, 42, 54, 10, false},
		{inarow.ConnectFour, 28, 40, 40, true},
	}
	if testing.Short() || raceEnabled {
		for i := range cases {
			cases[i].positions = max(cases[i].positions/4, 3)
		}
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		t.Run(fmt.Sprintf("%dx%dk%d", c.r.Cols, c.r.Rows, c.r.K), func(t *testing.T) {
			s := newC4(t, c.r, 1<<20)
			for n := 0; n < c.positions; {
				stones := c.minStones + rng.IntN(c.maxStones-c.minStones+1)
				p, moves, ok := randomPosition(rng, c.r, stones)
				if !ok {
					continue
				}
				n++
				var ref Solver
				want, err := ref.Solve(ctx, p)
				if err != nil {
					t.Fatalf("%q: reference: %v", moves, err)
				}
				got, err := s.Solve(ctx, p)
				if err != nil || got != want {
					t.Fatalf("%q: score %d %v, generic solver says %d", moves, got, err, want)
				}
				// The move string gives the same board as the position.
				b1, err1 := s.g.FromMoves(moves)
				b2, err2 := s.g.FromPosition(p)
				if err1 != nil || err2 != nil || b1 != b2 {
					t.Fatalf("%q: FromMoves %+v %v, FromPosition %+v %v", moves, b1, err1, b2, err2)
				}
				if !c.checkMoves {
					continue
				}
				refMoves, err := ref.Analyze(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				scores, err := s.Analyze(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				byCol := map[int]Score{}
				for _, ms := range refMoves {
					x, _ := c.r.XY(ms.Move)
					byCol[x] = ms.Score
				}
				for col, v := range scores {
					if w, ok := byCol[col]; (ok && v != w) || (!ok && v != FullColumn) {
						t.Fatalf("%q column %d: %d, generic solver %d (legal %v)", moves, col+1, v, w, ok)
					}
				}
			}
		})
	}
}

// Published values of empty boards: who wins and on which move the game
// ends under perfect play, from John Tromp's results (every board with
// width + height ≤ 15) as tabulated, with later sizes, in the README of
// github.com/ChristopheSteininger/c4. The exact move pins the score
// exactly: a first-player win on move n scores base+1−⌈n/2⌉, a
// second-player win −(base+1−n/2), a draw (the board full) 0. The slow
// ones (seconds each: 5×7, 7×5 and 6×6 take 10–18 M nodes) search with
// every core.
func TestC4EmptyBoards(t *testing.T) {
	cases := []struct {
		w, h   int
		winner int // 1 first player, 2 second, 0 draw
		last   int // the move the game ends on
		slow   bool
	}{
		{4, 4, 0, 16, false}, {5, 4, 0, 20, false}, {6, 4, 2, 24, false}, {7, 4, 0, 28, true},
		{8, 4, 2, 32, true}, {4, 5, 0, 20, false}, {5, 5, 0, 25, false}, {6, 5, 0, 30, true},
		{4, 6, 0, 24, false}, {5, 6, 0, 30, true}, {4, 7, 0, 28, false}, {4, 8, 0, 32, true},
		{4, 9, 0, 36, true}, {5, 7, 0, 35, true}, {7, 5, 0, 35, true}, {6, 6, 2, 36, true},
		// 27 M and 39 M nodes here (19 M and 31 M with one thread and
		// 64 MB): seconds on a quiet core; 9×4, 72 M nodes, 10.5 s with
		// two threads at load 1.5 (session 16). The larger boards, and
		// what they cost, are in docs/connect4-book.md.
		{5, 8, 0, 40, true}, {4, 10, 0, 40, true}, {9, 4, 2, 36, true},
	}
	for _, c := range cases {
		if c.slow && (testing.Short() || raceEnabled) {
			continue
		}
		opts := Options{TableBytes: 8 << 20}
		if c.slow {
			opts.Threads = runtime.NumCPU()
		}
		s, err := NewC4(inarow.Rules{Cols: c.w, Rows: c.h, K: 4, Gravity: true}, opts)
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.SolveBoard(context.Background(), s.g.Empty())
		if err != nil {
			t.Fatal(err)
		}
		base := (c.w*c.h + 1) / 2
		want := Score(0)
		switch c.winner {
		case 1:
			want = Score(base + 1 - (c.last+1)/2)
		case 2:
			want = -Score(base + 1 - c.last/2)
		}
		if v != want {
			t.Errorf("%d×%d: score %d, want %d (winner %d on move %d)", c.w, c.h, v, want, c.winner, c.last)
		}
		t.Logf("%d×%d: %d (%d nodes)", c.w, c.h, v, s.Nodes())
	}
}

// The table's division by multiplication matches the hardware division.
func TestTableSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, keyBits := range []uint{12, 20, 35, 42, 49, 56, 62, 63, 64} {
		for _, bytes := range []int{1 << 10, 1 << 16, 3 << 20, 64 << 20} {
			tb := newTable(bytes, keyBits, 7)
			for i := 0; i < 20000; i++ {
				key := rng.Uint64()
				if keyBits < 64 {
					key &= 1<<keyBits - 1
				}
				if i < 4 { // the extremes
					key = []uint64{0, 1, ^uint64(0) >> (64 - keyBits), tb.n - 1}[i]
				}
				q, r := tb.split(key)
				if q != key/tb.n || r != key%tb.n {
					t.Fatalf("keyBits %d n %d key %d: split %d %d, want %d %d", keyBits, tb.n, key, q, r, key/tb.n, key%tb.n)
				}
				if bits.Len64(q)+int(tb.vbits) > 64 || (tb.small != nil && bits.Len64(q)+int(tb.vbits) > 32) {
					t.Fatalf("keyBits %d n %d: quotient %d does not fit", keyBits, tb.n, q)
				}
			}
		}
	}
}

func TestC4Cancel(t *testing.T) {
	s := newC4(t, inarow.ConnectFour, 1<<20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.SolveBoard(ctx, s.g.Empty()); err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// The constant-shift 7×6 path (winning7x6) agrees with the
// general form on random bit patterns: any stones, not only legal ones.
func TestFastPath7x6AgreesWithGeneral(t *testing.T) {
	g, err := NewGeometry(inarow.ConnectFour)
	if err != nil {
		t.Fatal(err)
	}
	if !g.c4 {
		t.Fatal("7×6 Connect Four does not take the fast paths")
	}
	rng := rand.New(rand.NewPCG(7, 6))
	for i := 0; i < 200000; i++ {
		mask := rng.Uint64() & g.board
		p := rng.Uint64() & mask
		if i%2 == 0 { // sparser stones: more lines of three with room
			p &= rng.Uint64()
		}
		if got, want := winning7x6(p, mask), g.winning4(p, mask); got != want {
			t.Fatalf("winning(%#x, %#x) = %#x, general form %#x", p, mask, got, want)
		}
	}
	// linesOf: the constant-shift form against the general one (the
	// geometry with its fast paths off), on random cells for the two
	// sides, dense enough that both hold lines and some are blocked.
	general := *g
	general.c4 = false
	blocked := 0
	for i := 0; i < 200000; i++ {
		mine := (rng.Uint64() | rng.Uint64()) & g.board
		opp := rng.Uint64() & rng.Uint64() & g.board &^ mine
		if i%2 == 0 { // opp's cells dense in the lowest rows, mine's above
			low := g.bottom * (1<<(1+rng.IntN(4)) - 1)
			opp = (rng.Uint64() | rng.Uint64() | rng.Uint64()) & low
			mine = (rng.Uint64()|rng.Uint64())&g.board&^low | rng.Uint64()&rng.Uint64()&low&^opp
		}
		l1, u1 := g.linesOf7x6(mine, opp)
		l2, u2 := general.linesOf(mine, opp)
		if l1 != l2 || u1 != u2 {
			t.Fatalf("linesOf(%#x, %#x) = %v %v, general form %v %v", mine, opp, l1, u1, l2, u2)
		}
		if l1 && !u1 {
			blocked++
		}
	}
	if blocked == 0 {
		t.Fatal("no random pair had every line blocked")
	}
	t.Logf("%d of 200000 with every line blocked", blocked)
}

// claimEvenBound bounds the exact score from above on random positions of
// boards of even height — with the first player's lines that lie above
// the second player's in their columns (linesOf) as well — and the
// blocked case occurs: the test can fail if it is unsound.
func TestClaimEvenBound(t *testing.T) {
	cases := []struct {
		r                    inarow.Rules
		minStones, maxStones int
		positions            int
	}{
		{inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 2, 16, 300},
		{inarow.Rules{Cols: 6, Rows: 4, K: 4, Gravity: true}, 6, 20, 200},
		{inarow.Rules{Cols: 7, Rows: 4, K: 4, Gravity: true}, 10, 24, 100},
		{inarow.Rules{Cols: 4, Rows: 6, K: 4, Gravity: true}, 4, 20, 200},
		{inarow.ConnectFour, 26, 40, 60},
	}
	if testing.Short() || raceEnabled {
		for i := range cases {
			cases[i].positions /= 5
		}
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	blockedUsed := 0
	for _, c := range cases {
		g, err := NewGeometry(c.r)
		if err != nil {
			t.Fatal(err)
		}
		tight := 0
		for n := 0; n < c.positions; {
			stones := c.minStones + rng.IntN(c.maxStones-c.minStones+1)
			stones -= stones % 2 // the first player to move
			p, moves, ok := randomPosition(rng, c.r, stones)
			if !ok {
				continue
			}
			n++
			b, err := g.FromMoves(moves)
			if err != nil {
				t.Fatal(err)
			}
			var ref Solver
			want, err := ref.Solve(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			bound := g.claimEvenBound(b, true)
			if bound < int(want) {
				t.Fatalf("%v %q: claimeven bound %d below the score %d", c.r, moves, bound, want)
			}
			if bound < g.win(b.moves) {
				tight++
			}
			if bound < g.claimEvenBound(b, false) { // tighter for the blocked lines
				blockedUsed++
			}
		}
		t.Logf("%v: %d of %d positions bounded below the largest score", c.r, tight, c.positions)
	}
	if blockedUsed == 0 {
		t.Fatal("no position's bound came from the first player's lines being blocked")
	}
	t.Logf("%d bounds with the first player's lines blocked", blockedUsed)
}
