package gomokuengine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// withOrder makes m the search's order for the rest of the test, and
// puts the embedded one back after it.
func withOrder(t *testing.T, m *OrderModel) {
	t.Helper()
	setOrder(m)
	t.Cleanup(func() {
		e, err := ParseOrderModel(orderFile)
		if err != nil {
			t.Fatal(err)
		}
		setOrder(e)
	})
}

// randomOrderModel is a model with every value drawn at random: a
// feature read one way by the fit and another by the engine shows.
func randomOrderModel(r *rand.Rand) *OrderModel {
	m := HandOrderModel()
	for _, v := range [][]float64{m.Me, m.Op, m.Line, m.Near} {
		for i := range v {
			v[i] = float64(r.IntN(2001) - 1000)
		}
	}
	return m
}

// The fit's features and model give the engine's own order: a
// differential test of OrderSet's scores against board.orderValue, on
// random values for every feature.
func TestOrderModelMatchesEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m := randomOrderModel(r)
	withOrder(t, m)
	samples := randomGames(t, gomoku.Freestyle, 30, 11)
	for i := range samples {
		samples[i].Best = inarow.NoMove
		// the first empty cell near the stones: any candidate will do
		b, _ := newBoard(15, 15, gomoku.Freestyle)
		for _, mv := range samples[i].Moves {
			b.Play(b.cellOf(mv))
		}
		for q := range nCells {
			if b.Empty(q) && b.nb[q] > 0 {
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
	k, compared := 0, 0
	for _, x := range samples {
		b, _ := newBoard(15, 15, gomoku.Freestyle)
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
				if !b.Empty(q) || b.nb[q] == 0 {
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
	if k != set.Len() || set.Skipped == 0 || compared < 10000 {
		t.Fatalf("%d positions (%d cells) compared, set holds %d (%d skipped)", k, compared, set.Len(), set.Skipped)
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
	for name, pair := range map[string][2][]float64{"Me": {m.Me, back.Me}, "Op": {m.Op, back.Op}, "Line": {m.Line, back.Line}, "Near": {m.Near, back.Near}} {
		for i := range pair[0] {
			if pair[0][i] != pair[1][i] {
				t.Fatalf("%s[%d]: wrote %v, read %v", name, i, pair[0][i], pair[1][i])
			}
		}
	}
	if _, err := ParseOrderModel(orderFile); err != nil {
		t.Fatalf("the embedded order file: %v", err)
	}
	for _, bad := range []string{
		"order F3+F9 1 2",          // no such pattern
		"order F3 1",               // too short
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
	if _, err := NewOrderSet([]EvalSample{{W: 15, H: 15, Rule: gomoku.Renju, Moves: []inarow.Move{112}, Best: 113}}); !errors.Is(err, ErrBadSample) {
		t.Errorf("renju sample: %v", err)
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
