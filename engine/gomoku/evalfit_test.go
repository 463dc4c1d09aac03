package gomokuengine

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// everyNth is every nth of xs, from the first: a smaller sample of
// random games' positions that keeps their late, crowded ones.
func everyNth[T any](xs []T, n int) []T {
	var out []T
	for i := 0; i < len(xs); i += n {
		out = append(out, xs[i])
	}
	return out
}

// randomGames plays n games of random moves near the stones on a 15×15
// board under rule (renju black's forbidden points left out) and returns
// every position on the way as a sample (Target 0.5; the caller sets it).
func randomGames(t *testing.T, rule gomoku.Rule, n int, seed uint64) []EvalSample {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	var out []EvalSample
	for range n {
		b, err := newBoard(15, 15, rule)
		if err != nil {
			t.Fatal(err)
		}
		var moves []inarow.Move
		for len(moves) < 60 && b.Winner() < 0 {
			var x, y int
			for try := 0; ; try++ {
				x, y = 7+r.IntN(9)-4, 7+r.IntN(9)-4
				if len(moves) > 0 && try < 100 {
					lx, ly := b.XY(b.Moves()[len(moves)-1])
					x, y = min(14, max(0, lx+r.IntN(5)-2)), min(14, max(0, ly+r.IntN(5)-2))
				} else if try >= 100 { // the last move's square is full
					x, y = r.IntN(15), r.IntN(15)
				}
				if b.At(x, y) < 0 && (try >= 1000 || !b.IsForbidden(b.Idx(x, y))) {
					break
				}
			}
			if err := b.PlayXY(x, y); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, inarow.Move(y*15+x))
			out = append(out, EvalSample{W: 15, H: 15, Rule: rule, Moves: append([]inarow.Move(nil), moves...), Target: 0.5})
		}
	}
	return out
}

// The fit's features and model give the engine's own evaluation: a
// differential test of EvalModel.eval (through EvalSet.Values, whose
// sample numbers must skip exactly the positions left out) against
// searcher.eval on the embedded values of each rule the fit takes (renju:
// black's forbidden combinations count for nothing in both).
func TestEvalModelMatchesEngine(t *testing.T) {
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		t.Run(rule.String(), func(t *testing.T) { testEvalModelMatchesEngine(t, rule) })
	}
}

func testEvalModelMatchesEngine(t *testing.T, rule gomoku.Rule) {
	samples := everyNth(randomGames(t, rule, 40, 7), raceDivFit) // 39 s under -race on a loaded machine with all
	set, err := NewEvalSet(samples)
	if err != nil {
		t.Fatal(err)
	}
	m := CurrentEvalModel(rule)
	idx, vals := set.Values(m)
	k := 0
	for i, x := range samples {
		b, _ := newBoard(15, 15, rule)
		for _, mv := range x.Moves {
			b.Play(b.cellOf(mv))
		}
		if b.winner >= 0 || settled(b) {
			continue
		}
		if idx[k] != i {
			t.Fatalf("position %d: Values gives sample %d, want %d", k, idx[k], i)
		}
		want := (&searcher{b: b}).eval()
		if math.Abs(float64(want)) >= evalMax {
			k++
			continue
		}
		// the engine halves with a shift (rounds down)
		if got := math.Floor(vals[k]); int(got) != want {
			t.Fatalf("position %d (%d moves): model %v, engine %d", k, len(x.Moves), got, want)
		}
		k++
	}
	if k != set.Len() || len(idx) != k || set.Skipped == 0 || k < 500/raceDivFit {
		t.Fatalf("%d positions compared, set holds %d (%d skipped)", k, set.Len(), set.Skipped)
	}
}

// The file the fit writes loads into the same tables as the values it
// came from: Format, parse and load round-trip the embedded file.
func TestEvalModelFormatRoundTrip(t *testing.T) {
	cur := CurrentEvalModel(gomoku.Freestyle)
	text := cur.Format("a head\nof two lines")
	back, err := ParseEvalModel(text)
	if err != nil {
		t.Fatal(err)
	}
	for c := range canonPat {
		if back.Me[c] != cur.Me[c] || back.Op[c] != cur.Op[c] {
			t.Fatalf("combination %v: %v/%v back, want %v/%v", canonPat[c], back.Me[c], back.Op[c], cur.Me[c], cur.Op[c])
		}
	}
	if back.Threat != cur.Threat {
		t.Fatal("threat table differs after the round trip")
	}
	tab, err := loadEval(text)
	if err != nil {
		t.Fatal(err)
	}
	if f := evalFor(gomoku.Freestyle); tab.cell != f.cell || tab.threat != f.threat || tab.line != f.line || tab.lineOn != f.lineOn || !slices.Equal(tab.exact, f.exact) {
		t.Fatal("loading the written file changes the engine's tables")
	}
	// and a changed value comes back changed
	cur.Me[canonOf[comboIdx(&[4]uint8{patF3})]] += 5
	back, err = ParseEvalModel(cur.Format(""))
	if err != nil || back.Me[canonOf[comboIdx(&[4]uint8{patF3})]] != cur.Me[canonOf[comboIdx(&[4]uint8{patF3})]] {
		t.Fatalf("a changed value is lost: %v", err)
	}
}

// The fit lowers the loss on positions labelled by a teacher whose values
// differ from the start, and moves the changed values towards it.
func TestFitReducesLoss(t *testing.T) {
	samples := randomGames(t, gomoku.Freestyle, 30, 11)
	teacher := HandEvalModel()
	f3 := canonOf[comboIdx(&[4]uint8{patF3})]
	b3 := canonOf[comboIdx(&[4]uint8{patB3})]
	teacher.Me[f3] *= 3
	teacher.Op[b3] = -100
	set, err := NewEvalSet(samples)
	if err != nil {
		t.Fatal(err)
	}
	const k = 400
	for i := range set.feats {
		set.feats[i].target = sigmoid(teacher.eval(&set.feats[i]) / k)
	}
	start := HandEvalModel()
	before, _ := set.EvalLoss(start, k)
	floor, _ := set.EvalLoss(teacher, k)
	m := set.Fit(start, FitOptions{Scale: k, Epochs: 300, Rate: 4, MinCount: 5})
	after, _ := set.EvalLoss(m, k)
	t.Logf("loss: start %.5f, fitted %.5f, teacher %.5f; F3 me %v -> %v (teacher %v)", before, after, floor, start.Me[f3], m.Me[f3], teacher.Me[f3])
	if !(after < floor+(before-floor)/2) {
		t.Errorf("fitted loss %.5f: not half way from the start's %.5f to the teacher's %.5f", after, before, floor)
	}
	if !(m.Me[f3] > start.Me[f3]+(teacher.Me[f3]-start.Me[f3])/3) {
		t.Errorf("F3's value %v did not move towards the teacher's %v from %v", m.Me[f3], teacher.Me[f3], start.Me[f3])
	}
	if k2 := set.FitScale(teacher); math.Abs(k2-k)/k > 0.05 {
		t.Errorf("FitScale on the teacher: %.1f, want %d", k2, k)
	}
}

func TestNewEvalSetRefuses(t *testing.T) {
	ok := EvalSample{W: 15, H: 15, Rule: gomoku.Freestyle, Moves: []inarow.Move{112, 113}, Target: 0.5}
	for name, s := range map[string]EvalSample{
		"caro":     {W: 15, H: 15, Rule: gomoku.Caro, Target: 0.5},
		"mixed":    {W: 15, H: 15, Rule: gomoku.Standard, Target: 0.5},
		"target":   {W: 15, H: 15, Rule: gomoku.Freestyle, Target: 1.5},
		"NaN":      {W: 15, H: 15, Rule: gomoku.Freestyle, Target: math.NaN()},
		"occupied": {W: 15, H: 15, Rule: gomoku.Freestyle, Moves: []inarow.Move{112, 112}, Target: 0.5},
		"off":      {W: 15, H: 15, Rule: gomoku.Freestyle, Moves: []inarow.Move{225}, Target: 0.5},
		"size":     {W: 4, H: 15, Rule: gomoku.Freestyle, Target: 0.5},
		"after five": {W: 15, H: 15, Rule: gomoku.Freestyle, Target: 0.5,
			Moves: []inarow.Move{0, 15, 1, 16, 2, 17, 3, 18, 4, 19}},
	} {
		if _, err := NewEvalSet([]EvalSample{ok, s}); !errors.Is(err, ErrBadSample) {
			t.Errorf("%s: error %v, want ErrBadSample", name, err)
		}
	}
	if s, err := NewEvalSet([]EvalSample{ok}); err != nil || s.Len() != 1 {
		t.Errorf("a good sample: %v", err)
	}
}

// withEval loads text as freestyle's and standard's evaluation for the
// test's length (boards made after it read it).
func withEval(t *testing.T, text string) {
	t.Helper()
	saved := evalByRule
	t.Cleanup(func() { evalByRule = saved })
	tab, err := loadEval(text)
	if err != nil {
		t.Fatal(err)
	}
	for r, e := range evalByRule {
		if e == saved[gomoku.Freestyle] || gomoku.Rule(r) == gomoku.Standard { // (caro's is freestyle's)
			evalByRule[r] = tab
		}
	}
}

// Line values: a file with random ones loads, Play and Undo keep their
// sums (the engine's eval after random plays and take-backs equals the
// model's from the stones alone), and Format writes them back.
func TestLineEval(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m := CurrentEvalModel(gomoku.Freestyle)
	tab := patTable(varOver)
	n := 0
	for k := range uint32(nLineKey) {
		if tab[k] != patNone && mirrorKey(k) >= k && r.IntN(2) == 0 {
			m.Line[k], m.Line[nLineKey+k] = float64(r.IntN(41)-20), float64(r.IntN(41)-20)
			n++
		}
	}
	text := m.Format("random line values")
	back, err := ParseEvalModel(text)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Line, m.Line) {
		t.Fatal("line values differ after Format and ParseEvalModel")
	}
	withEval(t, text)
	if !evalFor(gomoku.Freestyle).lineOn || n < 100 {
		t.Fatalf("line values on %v, %d set", evalFor(gomoku.Freestyle).lineOn, n)
	}
	if rb, _ := newBoard(15, 15, gomoku.Renju); rb.lines != nil {
		t.Fatal("a renju board with line values")
	}
	// standard reads them by its keys as freestyle's (board.lineKey)
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard} {
		t.Run(rule.String(), func(t *testing.T) { testLineEval(t, r, m, rule) })
	}
}

func testLineEval(t *testing.T, r *rand.Rand, m *EvalModel, rule gomoku.Rule) {
	b, err := newBoard(15, 15, rule)
	if err != nil {
		t.Fatal(err)
	}
	if b.lines == nil {
		t.Fatalf("a %v board without the line values", rule)
	}
	compared, lined := 0, 0
	for step := 0; step < 3000/raceDivFit; step++ { // 24 s under -race on a loaded machine with 3000
		if b.Count() > 0 && (r.IntN(3) == 0 || b.Winner() >= 0 || b.Count() > 24) {
			b.Undo()
		} else {
			for {
				x, y := 1+r.IntN(13), 1+r.IntN(13)
				if b.At(x, y) < 0 {
					b.Play(b.Idx(x, y))
					break
				}
			}
		}
		moves := b.movesOf(b.Moves())
		set, err := NewEvalSet([]EvalSample{{W: 15, H: 15, Rule: rule, Moves: moves, Target: 0.5}})
		if err != nil {
			t.Fatal(err)
		}
		if set.Len() == 0 {
			continue
		}
		want := math.Floor(m.eval(&set.feats[0]))
		if got := (&searcher{b: b}).eval(); math.Abs(want) < evalMax && float64(got) != want {
			t.Fatalf("step %d (%d stones): engine %d, model from the stones %v", step, b.Count(), got, want)
		}
		compared++
		if len(set.feats[0].lines) > 0 {
			lined++
		}
	}
	if compared < 500/raceDivFit || lined < compared/2 {
		t.Fatalf("%d positions compared, %d with line keys", compared, lined)
	}
}
