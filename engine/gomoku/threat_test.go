package gomokuengine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// TestThreatTableGet: a win holds at its depth and deeper, no win at its
// depth and shallower; another key or depth knows nothing.
func TestThreatTableGet(t *testing.T) {
	tab := newThreatTable(1 << 12)
	s := &searcher{threats: tab}
	s.remember(10, 4, true, 7)
	s.remember(11, 4, false, -1)
	for _, c := range []struct {
		key          uint64
		depth        int
		known, win   bool
		wantMoveSeen int
	}{
		{10, 4, true, true, 7}, {10, 9, true, true, 7}, {10, 3, false, false, -1},
		{11, 4, true, false, -1}, {11, 1, true, false, -1}, {11, 5, false, false, -1},
		{12, 4, false, false, -1},
	} {
		known, win, m := tab.get(c.key, c.depth)
		if known != c.known || win != c.win || m != c.wantMoveSeen {
			t.Errorf("get(%d, %d) = %v %v %d, want %v %v %d", c.key, c.depth, known, win, m, c.known, c.win, c.wantMoveSeen)
		}
	}
	// a fail found by a search its budget cut short is not kept
	s.cut = true
	s.remember(13, 4, false, -1)
	if known, _, _ := tab.get(13, 4); known {
		t.Error("a cut search's fail was kept")
	}
	s.remember(14, 4, true, 3)
	if known, win, _ := tab.get(14, 4); !known || !win {
		t.Error("a cut search's win was not kept")
	}
	var none *threatTable
	if known, _, _ := none.get(10, 4); known {
		t.Error("a nil table knows something")
	}
}

// TestThreatTableSameAnswers: on random middle-game positions under every
// rule, VCF and VCT at depths 1 to 4, searched one after the other with
// one table, answer exactly as the searches without a table (every
// search that neither budget cut).
func TestThreatTableSameAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	compared, wins := 0, 0
	positions, minCompared, minWins := 16, 300, 50
	if raceEnabled { // 96 s under -race on a loaded machine with 16; 159 compared, 89 wins with 4
		positions, minCompared, minWins = 4, 100, 30
	}
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro, gomoku.CaroExact} {
		tab := newThreatTable(1 << 20)
		for n := 0; n < positions; n++ {
			b := randomMiddleGame(rng, rule, 12, 16)
			if b.Winner() >= 0 || b.hasFive(b.ToMove()^1) {
				continue
			}
			for d := 1; d <= 4; d++ {
				for _, vct := range []bool{false, true} {
					plain := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour)}
					cached := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: tab}
					run := func(s *searcher) bool {
						s.threatBudget(30_000)
						if vct {
							ok, _ := s.vctAtt(d)
							return ok
						}
						ok, _ := s.vcf(d)
						return ok
					}
					want, got := run(plain), run(cached)
					if plain.cut || cached.cut {
						continue
					}
					compared++
					if want {
						wins++
					}
					if got != want {
						t.Fatalf("%v, %d stones, depth %d, vct %v: with the table %v, without %v", rule, b.Count(), d, vct, got, want)
					}
				}
			}
		}
	}
	if compared < minCompared || wins < minWins {
		t.Errorf("compared %d searches, %d wins: the test tests little", compared, wins)
	}
	t.Logf("%d searches compared, %d wins", compared, wins)
}

// TestLineDefence: wherever the attacker (not to move) threatens a
// straight or double four, each point the threat's lines leave out of
// the defences (with vctLineDefence against without) leaves the threat
// standing: after it the attacker still has a legal open four and the
// defender no five, so the VCT's answers do not change; and the VCT
// answers the same at depths 1 to 4 with and without.
func TestLineDefence(t *testing.T) {
	defer func(v bool) { vctLineDefence = v }(vctLineDefence)
	rng := rand.New(rand.NewPCG(23, 7))
	threats, dropped, compared := 0, 0, 0
	positions, minThreats, minDropped, minCompared := 60, 40, 50, 300
	if raceEnabled { // about ten times slower: 24 threats, 18 points, 296 VCTs with 15
		positions, minThreats, minDropped, minCompared = 15, 10, 8, 150
	}
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro, gomoku.CaroExact} {
		for n := 0; n < positions; n++ {
			b := randomMiddleGame(rng, rule, 12, 18)
			if b.Winner() >= 0 || b.hasFive(b.ToMove()^1) || b.hasFive(b.ToMove()) {
				continue
			}
			s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour)}
			def, att := b.toMove, b.toMove^1
			if s.legalFlex4(att) >= 0 {
				threats++
				vctLineDefence = false
				all := s.defences(def, att, nil)
				vctLineDefence = true
				some := s.defences(def, att, nil)
				for _, q := range some {
					if !slices.Contains(all, q) {
						t.Fatalf("%v %v: %d defends on the lines only", rule, b.moves, q)
					}
				}
				for _, q := range all {
					if slices.Contains(some, q) {
						continue
					}
					dropped++
					b.Play(q)
					ok := s.legalFlex4(att) >= 0 && !b.hasFive(def)
					b.Undo()
					if !ok {
						t.Fatalf("%v %v: %d, off the threat's lines, stops it", rule, b.moves, q)
					}
				}
			}
			for d := 1; d <= 4; d++ {
				var got [2]bool
				cut := false
				for k, on := range []bool{false, true} {
					vctLineDefence = on
					s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour)}
					s.threatBudget(30_000)
					got[k], _ = s.vctAtt(d)
					cut = cut || s.cut
				}
				if cut {
					continue
				}
				compared++
				if got[0] != got[1] {
					t.Fatalf("%v %v depth %d: VCT %v without the lines, %v with", rule, b.moves, d, got[0], got[1])
				}
			}
		}
	}
	if threats < minThreats || dropped < minDropped || compared < minCompared {
		t.Errorf("%d threats, %d points dropped, %d VCTs compared: the test tests little", threats, dropped, compared)
	}
	t.Logf("%d threats, %d points dropped, %d VCTs compared", threats, dropped, compared)
}

// TestSafeMoveSeesLongerVCT: in a game of main against Rapfi at 0.2 s a
// move, ours (white) played j11, after which Rapfi had a VCT that our VCT
// finds within 42,500 nodes but not within 10,625, the check's budget at
// that turn (170 ms of it after the margin); with a node every 4 µs
// (safeVCTDiv 4) safeMove sees it and plays another move, one after
// which neither a VCF nor a VCT is found within that budget, and with
// the default budget it keeps j11.
func TestSafeMoveSeesLongerVCT(t *testing.T) {
	b, _ := newBoard(15, 15, gomoku.Freestyle)
	for _, m := range []inarow.Move{99, 159, 124, 158, 127, 144, 125, 128, 113, 141} {
		b.Play(b.cellOf(m))
	}
	m := b.cellOf(160)
	vct := func(budget int64) bool {
		b.Play(m)
		defer b.Undo()
		s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
		ok, _, _ := s.vctDeepening(10, budget)
		return ok
	}
	if vct(10_625) || !vct(42_500) {
		t.Fatalf("the VCT after j11 is found within 10,625 nodes %v, within 42,500 %v: want false, true", vct(10_625), vct(42_500))
	}
	safe := func(div, most int64) int {
		defer func(d, m int64) { safeVCTDiv, safeVCTMax = d, m }(safeVCTDiv, safeVCTMax)
		safeVCTDiv, safeVCTMax = div, most
		s := &searcher{b: b, tt: NewTT(1 << 20), ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
		return (&Engine{}).safeMove(s, m, -1, false, time.Now().Add(time.Minute), 170*time.Millisecond)
	}
	if q := safe(safeVCTDiv, safeVCTMax); q != m {
		t.Fatalf("with the default budget safeMove played %v, not j11", b.move(q))
	}
	q := safe(4, 200_000)
	if q == m {
		t.Fatal("with a node every 4 µs safeMove kept j11")
	}
	b.Play(q)
	defer b.Undo()
	c := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
	c.threatBudget(20_000)
	if ok, _ := c.vcf(20); ok {
		t.Fatalf("after %v the opponent has a VCF", b.move(q))
	}
	if ok, _, _ := c.vctDeepening(10, 42_500); ok {
		t.Fatalf("after %v the opponent has a VCT", b.move(q))
	}
}

// TestSafeMoveKnown: the check of the deepening's move (loses) and the
// move checked earlier in the turn (known), on the position of
// TestSafeMoveSeesLongerVCT with the longer VCT budget, where j11 loses.
// A losing move gives way to known without a search of the candidates;
// a check the clock cuts says so and gives way to known too; without
// known a cut check keeps the move.
func TestSafeMoveKnown(t *testing.T) {
	defer func(d, m int64) { safeVCTDiv, safeVCTMax = d, m }(safeVCTDiv, safeVCTMax)
	safeVCTDiv, safeVCTMax = 4, 200_000
	b, _ := newBoard(15, 15, gomoku.Freestyle)
	for _, m := range []inarow.Move{99, 159, 124, 158, 127, 144, 125, 128, 113, 141} {
		b.Play(b.cellOf(m))
	}
	m := b.cellOf(160)
	g := &Engine{}
	fresh := func() *searcher {
		return &searcher{b: b, tt: NewTT(1 << 20), ctx: context.Background(), hard: time.Now().Add(time.Hour), threats: newThreatTable(8 << 20)}
	}
	s := fresh()
	later, past := time.Now().Add(time.Minute), time.Now().Add(-time.Millisecond)
	turn := 170 * time.Millisecond
	if lost, cut := g.loses(s, m, later, turn); !lost || cut {
		t.Fatalf("loses(j11) = %v, cut %v: want true, false", lost, cut)
	}
	safe := g.safeMove(s, m, -1, false, later, turn) // a candidate that holds, found by search
	if safe == m {
		t.Fatal("safeMove kept j11")
	}
	if lost, cut := g.loses(s, safe, later, turn); lost || cut {
		t.Fatalf("loses(%v) = %v, cut %v: want false, false", b.move(safe), lost, cut)
	}
	// known need not be the first candidate to be taken: the one the
	// search would take last of the candidates that hold
	var known = -1
	for _, c := range s.genMoves(0, m) {
		if c.m != safe && c.m != m {
			if lost, _ := g.loses(s, c.m, later, turn); !lost {
				known = c.m
			}
		}
	}
	if known < 0 {
		t.Fatal("no second candidate holds")
	}
	if q := g.safeMove(s, m, known, false, later, turn); q != known {
		t.Errorf("j11 loses and %v was checked: safeMove played %v", b.move(known), b.move(q))
	}
	if lost, cut := g.loses(s, m, past, turn); lost || !cut {
		t.Errorf("loses past the hard limit = %v, cut %v: want false, true", lost, cut)
	}
	if q := g.safeMove(s, m, known, false, past, turn); q != known {
		t.Errorf("a cut check with %v checked: safeMove played %v", b.move(known), b.move(q))
	}
	if q := g.safeMove(s, m, -1, false, past, turn); q != m {
		t.Errorf("a cut check with nothing checked: safeMove played %v, not j11", b.move(q))
	}
	if s.hard.Before(later) || s.stopped {
		t.Error("the check left the searcher's hard limit or stop changed")
	}
	// told that j11 was found lost, safeMove does not check it again: the
	// same move, without the nodes of j11's check (fresh tables each, so
	// that no search reads another's)
	s1 := fresh()
	g.loses(s1, m, later, turn)
	check := s1.total()
	s2, s3 := fresh(), fresh()
	q2, q3 := g.safeMove(s2, m, -1, false, later, turn), g.safeMove(s3, m, -1, true, later, turn)
	if q2 != q3 || q3 == m {
		t.Errorf("safeMove played %v unchecked, %v told j11 loses: want the same move, not j11", b.move(q2), b.move(q3))
	}
	if s3.total() != s2.total()-check {
		t.Errorf("told j11 loses, safeMove took %d nodes; unchecked %d, j11's check %d", s3.total(), s2.total(), check)
	}
}

// TestDefencesScan: the defences by the bit sets are the plain walk's,
// in the same order, on random positions of every rule, with and
// without an open-four threat of the attacker.
func TestDefencesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 11))
	threats, answers := 0, 0
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju, gomoku.Caro, gomoku.CaroExact} {
		for n := 0; n < 150; n++ {
			b := randomMiddleGame(rng, rule, 10, 40)
			if b.Winner() >= 0 {
				continue
			}
			s := &searcher{b: b, ctx: context.Background(), hard: time.Now().Add(time.Hour)}
			for _, def := range []int{black, white} {
				att := def ^ 1
				got, want := s.defences(def, att, nil), s.defencesScan(def, att, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%v %v: defences of %d %v, the walk's %v", rule, b.moves, def, got, want)
				}
				if s.legalFlex4(att) >= 0 {
					threats++
					answers += len(got)
				}
			}
		}
	}
	if threats < 100 || answers < 300 {
		t.Errorf("%d threats, %d answers: the test tests little", threats, answers)
	}
	t.Logf("%d threats, %d answers compared", threats, answers)
}
