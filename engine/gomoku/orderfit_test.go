package gomokuengine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// withOrder makes m rule's order (orderOf's tables: the hand-set ones
// for standard and caro) for the rest of the test, and puts the tables
// back after it.
func withOrder(t *testing.T, rule gomoku.Rule, m *OrderModel) {
	t.Helper()
	tab := orderOf(rule)
	saved := *tab
	tab.set(m)
	t.Cleanup(func() { *tab = saved })
}

// randomOrderModel is a model with every value drawn at random: a
// feature read one way by the fit and another by the engine shows.
func randomOrderModel(r *rand.Rand) *OrderModel {
	m := HandOrderModel()
	for _, v := range [][]float64{m.Me, m.Op, m.Line, m.Near, m.MeB, m.OpB} {
		for i := range v {
			v[i] = float64(r.IntN(2001) - 1000)
		}
	}
	return m
}

// The fit's features and model give the engine's own order: a
// differential test of OrderSet's scores against board.orderValue, on
// random values for every feature, under each rule with an order file
// (renju's black combinations are their own, its forbidden points no
// candidates).
func TestOrderModelMatchesEngine(t *testing.T) {
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		t.Run(rule.String(), func(t *testing.T) { testOrderModelMatchesEngine(t, rule) })
	}
}

func testOrderModelMatchesEngine(t *testing.T, rule gomoku.Rule) {
	r := rand.New(rand.NewPCG(3, 4))
	m := randomOrderModel(r)
	withOrder(t, rule, m)
	samples := everyNth(randomGames(t, rule, 30, 11), raceDivFit) // 44 s under -race on a loaded machine with all
	candidate := func(b *board, q int) bool {
		return b.Empty(q) && b.nb[q] > 0 && !(rule == gomoku.Renju && b.toMove == black && b.IsForbidden(q))
	}
	for i := range samples {
		samples[i].Best = inarow.NoMove
		// the first candidate: any will do
		b, _ := newBoard(15, 15, rule)
		for _, mv := range samples[i].Moves {
			b.Play(b.cellOf(mv))
		}
		for q := range nCells {
			if candidate(b, q) {
				samples[i].Best = b.move(q)
				break
			}
		}
	}
	set, err := NewOrderSet(samples)
	if err != nil {
		t.Fatal(err)
	}
	w := m.pack()
	k, compared, forbidden := 0, 0, 0
	for _, x := range samples {
		b, _ := newBoard(15, 15, rule)
		for _, mv := range x.Moves {
			b.Play(b.cellOf(mv))
		}
		if b.Winner() >= 0 || settled(b) {
			continue
		}
		p := set.pos[k]
		j := int(p.start)
		for y := range b.H {
			for cx := range b.W {
				q := b.Idx(cx, y)
				if !candidate(b, q) {
					if b.Empty(q) && b.nb[q] > 0 {
						forbidden++
					}
					continue
				}
				want := b.orderValue(b.toMove, b.toMove^1, q)
				if got := set.score(w, j, true); int(got) != want {
					t.Fatalf("position %d, cell %d,%d: fit %v, engine %d", k, cx, y, got, want)
				}
				j++
				compared++
			}
		}
		if j != int(p.start+p.n) {
			t.Fatalf("position %d: %d candidates in the set, %d on the board", k, p.n, j-int(p.start))
		}
		k++
	}
	if k != set.Len() || set.Skipped == 0 || compared < 10000/raceDivFit {
		t.Fatalf("%d positions (%d cells) compared, set holds %d (%d skipped)", k, compared, set.Len(), set.Skipped)
	}
	if rule == gomoku.Renju && forbidden == 0 {
		t.Error("no forbidden point among the games: the test does not see them left out")
	}
}

// Under standard and renju the order reads each line's key as
// freestyle's (board.lineKey): the key a freestyle board holds for the
// same stones, cell by cell, direction by direction, both colours.
func TestLineKeysReadAsFreestyles(t *testing.T) {
	for _, rule := range []gomoku.Rule{gomoku.Standard, gomoku.Renju} {
		compared := 0
		for _, x := range randomGames(t, rule, 10, 21) {
			b, _ := newBoard(15, 15, rule)
			f, _ := newBoard(15, 15, gomoku.Freestyle)
			for _, mv := range x.Moves {
				b.Play(b.cellOf(mv))
				f.Play(f.cellOf(mv))
			}
			if !b.lineKeys {
				t.Fatalf("%v: no line keys", rule)
			}
			for q := range nCells {
				if !b.Empty(q) {
					continue
				}
				for c := range 2 {
					for d := range 4 {
						if got, want := b.lineKey(c, q, d), f.lineKey(c, q, d); got != want {
							t.Fatalf("%v, %d stones, cell %v, colour %d, direction %d: key %s, freestyle's %s",
								rule, len(x.Moves), b.move(q), c, d, formatLineKey(got), formatLineKey(want))
						}
						compared++
					}
				}
			}
		}
		if compared < 10000 {
			t.Errorf("%v: %d keys compared", rule, compared)
		}
	}
	if b, _ := newBoard(15, 15, gomoku.Caro); b.lineKeys {
		t.Error("caro's keys read as freestyle's")
	}
}

// The tables' row of renju black is combine's for every combination,
// not only the canonical ones the model keeps: the hand-set values
// depend on the patterns, not on their directions.
func TestHandOrderRows(t *testing.T) {
	for i := range nCombo {
		p := comboPats(i)
		for r := range 2 {
			cl, v := combine(p, r == 1)
			if ordHand.me[r][i] != int32(clsOwn[cl])+v || ordHand.op[r][i] != int32(clsOpp[cl])+v/2 {
				t.Fatalf("combination %v, row %d: %d %d, combine %d %d", p, r, ordHand.me[r][i], ordHand.op[r][i], int32(clsOwn[cl])+v, int32(clsOpp[cl])+v/2)
			}
		}
	}
}

// An order file written by Format reads back as the same model; the
// embedded file parses; bad lines are refused with their number.
func TestOrderFileRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	m := randomOrderModel(r)
	// line keys that make no pattern are no feature: the model keeps 0
	tab := patTable(varOver)
	for k := range uint32(nLineKey) {
		if tab[k] == patNone || min(k, mirrorKey(k)) != k {
			m.Line[k], m.Line[nLineKey+k] = 0, 0
		}
	}
	text := m.Format("a head\nof two lines")
	if !strings.HasPrefix(text, "# a head\n# of two lines\n") {
		t.Fatalf("head: %q", text[:40])
	}
	back, err := ParseOrderModel(text)
	if err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2][]float64{"Me": {m.Me, back.Me}, "Op": {m.Op, back.Op}, "Line": {m.Line, back.Line}, "Near": {m.Near, back.Near},
		"MeB": {m.MeB, back.MeB}, "OpB": {m.OpB, back.OpB}} {
		for i := range pair[0] {
			if pair[0][i] != pair[1][i] {
				t.Fatalf("%s[%d]: wrote %v, read %v", name, i, pair[0][i], pair[1][i])
			}
		}
	}
	for _, f := range []string{orderFile, orderFileRenju} {
		if _, err := ParseOrderModel(f); err != nil {
			t.Fatalf("an embedded order file: %v", err)
		}
	}
	for _, bad := range []string{
		"order F3+F9 1 2",          // no such pattern
		"order F3 1",               // too short
		"orderb F3+X 1 2",          // no such pattern
		"order F3+F3+F3+F3+F3 1 2", // five patterns
		"orderline 0000.0000 1 2",  // a key that makes no pattern
		"orderline 0011.210 1 2",   // a short key
		"near 2 0 5",               // no third move back
		"near 0 4 5",               // no such class
		"near 0 1 x",               // no value
		"speed 1 2 3",              // no such entry
	} {
		_, err := ParseOrderModel("# ok\n" + bad + "\n")
		if !errors.Is(err, ErrBadEval) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestNearClass(t *testing.T) {
	b, _ := newBoard(15, 15, gomoku.Freestyle)
	s := b.Idx(7, 7)
	for _, c := range []struct{ x, y, want int }{
		{7, 7, 0}, {8, 8, 0}, {6, 7, 0},
		{9, 9, 1}, {7, 5, 1}, {5, 9, 1},
		{9, 8, 2}, {6, 5, 2},
		{10, 10, 3}, {7, 11, 3}, {3, 7, 3},
		{10, 8, -1}, {12, 12, -1}, {7, 2, -1},
	} {
		if got := nearClass(b.Idx(c.x, c.y), s); got != c.want {
			t.Errorf("%d,%d from 7,7: class %d, want %d", c.x, c.y, got, c.want)
		}
	}
}

// The fit learns what the moves show: samples whose "stronger engine"
// always plays next to the last move teach the near values, and the
// fitted order predicts those moves better than the hand-set one, on
// games it did not see.
func TestOrderFitLearns(t *testing.T) {
	mk := func(seed uint64) []EvalSample {
		samples := randomGames(t, gomoku.Freestyle, 30, seed)
		r := rand.New(rand.NewPCG(seed, 9))
		var out []EvalSample
		for _, x := range samples {
			b, _ := newBoard(15, 15, gomoku.Freestyle)
			for _, mv := range x.Moves {
				b.Play(b.cellOf(mv))
			}
			last := b.moves[len(b.moves)-1]
			var near []int
			for q := range nCells {
				if b.Empty(q) && nearClass(q, last) == 0 {
					near = append(near, q)
				}
			}
			if len(near) == 0 {
				continue
			}
			x.Best = b.move(near[r.IntN(len(near))])
			out = append(out, x)
		}
		return out
	}
	train, err := NewOrderSet(mk(21))
	if err != nil {
		t.Fatal(err)
	}
	held, err := NewOrderSet(mk(22))
	if err != nil {
		t.Fatal(err)
	}
	hand := HandOrderModel()
	temp := train.FitTemperature(hand)
	m := train.Fit(hand, FitOptions{Scale: temp, Epochs: 60, Rate: 20, MinCount: 5})
	if m.Near[0] <= m.Near[1]+200 || m.Near[0] <= m.Near[3]+200 {
		t.Errorf("near values %v: next to the last move should stand out", m.Near)
	}
	before, after := held.Stats(hand, temp), held.Stats(m, temp)
	if after.Loss >= before.Loss-0.2 || after.Top3 <= before.Top3 {
		t.Errorf("held out: hand %+v, fitted %+v", before, after)
	}
	for _, bad := range [][]EvalSample{
		{{W: 15, H: 15, Rule: gomoku.Caro, Moves: []inarow.Move{112}, Best: 113}},
		{{W: 15, H: 15, Rule: gomoku.Renju, Moves: []inarow.Move{112}, Best: 113}, {W: 15, H: 15, Rule: gomoku.Freestyle, Moves: []inarow.Move{112}, Best: 113}},
	} {
		if _, err := NewOrderSet(bad); !errors.Is(err, ErrBadSample) {
			t.Errorf("%v: %v", bad, err)
		}
	}
}

// TestNearClassTable checks the table nearClass reads against the classes
// worked out from the coordinates, for every pair of cells of the
// largest board.
func TestNearClassTable(t *testing.T) {
	b, err := newBoard(20, 20, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	classes := map[int]int{}
	for y := range 20 {
		for x := range 20 {
			for sy := range 20 {
				for sx := range 20 {
					got, want := nearClass(b.Idx(x, y), b.Idx(sx, sy)), nearClassXY(x-sx, y-sy)
					if got != want {
						t.Fatalf("(%d,%d) from (%d,%d): class %d, want %d", x, y, sx, sy, got, want)
					}
					classes[got]++
				}
			}
		}
	}
	if len(classes) != nNear+1 {
		t.Errorf("classes met %v: want -1 to %d", classes, nNear-1)
	}
}
