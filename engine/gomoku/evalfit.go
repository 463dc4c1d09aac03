package gomokuengine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// The fit of the evaluation's values (issue 23): a logistic (Texel) fit
// of the per-cell combination values and the threat table to labelled
// positions. The evaluation is linear in its values,
//
//	eval = ( Σ me cells me[combo] − Σ op cells op[combo] + threat[mask] ) / 2,
//
// so a position is kept as the counts of each combination among the empty
// cells of either colour and its threat mask, and the fit is a plain
// gradient descent (Adam) on the cross-entropy of σ(eval/K) against the
// label. cmd/gomoku-evalfit makes the labelled positions and runs it.

// EvalSample is a position to fit to: the moves from the empty W×H board
// under Rule, and Target, the chance that the side to move wins (a
// stronger engine's evaluation through a sigmoid, or the game's result);
// Best is the stronger engine's move there (inarow.NoMove: not known),
// what the fit of the move order learns from.
type EvalSample struct {
	W, H   int
	Rule   gomoku.Rule
	Moves  []inarow.Move
	Target float64
	Best   inarow.Move
}

// evalFeat is a sample as the fit sees it.
type evalFeat struct {
	me, op []featCount // combinations among the empty cells, per colour
	lines  []featCount // line keys, me's then op's (+nLineKey)
	mask   int
	target float64
	n      int // the sample's index
	// fixed is what the cells the fit does not value add (half units):
	// renju black's own combinations (renjuBlackOwn), at their hand-set
	// values
	fixed float64
}

type featCount struct {
	c int16 // canonical combination
	n int16
}

// The canonical combinations: the sorted patterns of a cell, none of
// them all empty. canonOf[comboIdx(p)] is p's canonical number (-1 for
// no pattern at all), canonPat its sorted patterns.
var canonOf, canonPat = func() (of [nCombo]int16, pat [][4]uint8) {
	for i := range nCombo {
		p := comboPats(i)
		if !slices.IsSorted(p[:]) {
			continue
		}
		if p == ([4]uint8{}) {
			of[i] = -1
			continue
		}
		of[i] = int16(len(pat))
		pat = append(pat, p)
	}
	for i := range nCombo {
		p := comboPats(i)
		slices.Sort(p[:])
		of[i] = of[comboIdx(&p)]
	}
	return of, pat
}()

// EvalModel is the evaluation's values in the fit's terms: per canonical
// combination its value as the side to move and as the other side, and
// the threat table, in half units.
type EvalModel struct {
	Me, Op []float64
	Threat [nThreatMask]float64
	// Line holds the line values by canonical key (freestyle): as me,
	// then as op (+nLineKey).
	Line []float64
}

// HandEvalModel is the hand-set evaluation (no file).
func HandEvalModel() *EvalModel {
	m := &EvalModel{Me: make([]float64, len(canonPat)), Op: make([]float64, len(canonPat)), Line: make([]float64, 2*nLineKey)}
	for c, p := range canonPat {
		_, v := combine(p, false)
		e := handEval(v)
		m.Me[c], m.Op[c] = float64(e.me), float64(e.op)
	}
	t := handThreat()
	for i, v := range t {
		m.Threat[i] = float64(v)
	}
	return m
}

// ParseEvalModel is the model of an evaluation file: the hand-set values
// where the file lists none.
func ParseEvalModel(text string) (*EvalModel, error) {
	es, err := parseEval(text)
	if err != nil {
		return nil, err
	}
	m := HandEvalModel()
	for _, x := range es {
		if x.line {
			k := min(x.key, mirrorKey(x.key))
			m.Line[k], m.Line[nLineKey+k] = float64(x.e.me), float64(x.e.op)
			continue
		}
		if x.threat {
			m.Threat[x.mask] = float64(x.e.me)
			continue
		}
		c := canonOf[comboIdx(&x.p)]
		m.Me[c], m.Op[c] = float64(x.e.me), float64(x.e.op)
	}
	return m, nil
}

// CurrentEvalModel is the model of the evaluation the engine uses under
// rule r (the rule's embedded file, or freestyle's where it has none).
func CurrentEvalModel(r gomoku.Rule) *EvalModel {
	text, ok := evalText(r)
	if !ok {
		text = evalFile
	}
	m, err := ParseEvalModel(text)
	if err != nil {
		panic(err) // init has loaded the same text
	}
	return m
}

// Format writes the model as an evaluation file: the values that differ
// from the hand-set ones, rounded, after the head (each line of it is
// written as a comment).
func (m *EvalModel) Format(head string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(head, "\n"), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	h := HandEvalModel()
	for c, p := range canonPat {
		me, op := math.Round(m.Me[c]), math.Round(m.Op[c])
		if me == h.Me[c] && op == h.Op[c] {
			continue
		}
		fmt.Fprintf(&b, "cell %s %d %d\n", patternNames(p), int64(me), int64(op))
	}
	tab := patTable(varOver)
	for k := range uint32(nLineKey) {
		if tab[k] == patNone || mirrorKey(k) < k {
			continue
		}
		me, op := math.Round(m.Line[k]), math.Round(m.Line[nLineKey+k])
		if me != 0 || op != 0 {
			fmt.Fprintf(&b, "line %s %d %d\n", formatLineKey(k), int64(me), int64(op))
		}
	}
	for mask, v := range m.Threat {
		v = math.Round(v)
		if v == h.Threat[mask] {
			continue
		}
		var names []string
		for i, n := range maskNames {
			if mask&(1<<i) != 0 {
				names = append(names, n)
			}
		}
		if len(names) == 0 {
			names = []string{"none"}
		}
		fmt.Fprintf(&b, "threat %s %d\n", strings.Join(names, "+"), int64(v))
	}
	return b.String()
}

// ErrBadSample reports a sample the fit cannot use.
var ErrBadSample = errors.New("engine: bad evaluation sample")

// EvalSet is samples made ready for the fit. Finished positions and those
// that threats settle are left out (settled).
type EvalSet struct {
	feats   []evalFeat
	Skipped int // samples left out
}

// Len is the number of positions kept.
func (s *EvalSet) Len() int { return len(s.feats) }

// NewEvalSet plays each sample's moves and records its features. The
// samples' rule is freestyle, standard or renju, one for all of them (the
// values are a rule's); renju black's own combinations (renjuBlackOwn)
// keep their hand-set values and are not fitted.
func NewEvalSet(samples []EvalSample) (*EvalSet, error) {
	s := &EvalSet{}
	var b *board
	for n, x := range samples {
		if x.Rule != gomoku.Freestyle && x.Rule != gomoku.Standard && x.Rule != gomoku.Renju {
			return nil, fmt.Errorf("%w %d: rule %s is not fitted", ErrBadSample, n, x.Rule)
		}
		if x.Rule != samples[0].Rule {
			return nil, fmt.Errorf("%w %d: rule %s among samples of %s", ErrBadSample, n, x.Rule, samples[0].Rule)
		}
		if !(x.Target >= 0 && x.Target <= 1) {
			return nil, fmt.Errorf("%w %d: target %v is outside [0, 1]", ErrBadSample, n, x.Target)
		}
		if b == nil || b.W != x.W || b.H != x.H || b.Rule != x.Rule {
			var err error
			if b, err = newBoard(x.W, x.H, x.Rule); err != nil {
				return nil, fmt.Errorf("%w %d: %w", ErrBadSample, n, err)
			}
		}
		for b.Count() > 0 {
			b.Undo()
		}
		b.SetToMove(black)
		bad := false
		for _, m := range x.Moves {
			if int(m) < 0 || int(m) >= x.W*x.H || b.winner >= 0 {
				bad = true
				break
			}
			if err := b.PlayXY(int(m)%x.W, int(m)/x.W); err != nil {
				bad = true
				break
			}
		}
		if bad {
			return nil, fmt.Errorf("%w %d: the moves are not a game in progress", ErrBadSample, n)
		}
		me, op := b.toMove, b.toMove^1
		if b.winner >= 0 || settled(b) {
			s.Skipped++
			continue
		}
		f := evalFeat{mask: threatMask(b, me, op), target: x.Target, n: n}
		var fme, fop evalPair
		f.me, fme = cellCounts(b, me)
		f.op, fop = cellCounts(b, op)
		f.fixed = float64(fme.me) - float64(fop.op)
		f.lines = lineCounts(b, me, op)
		s.feats = append(s.feats, f)
	}
	return s, nil
}

// settled reports a position that threats decide: a five point, a
// straight four or double four, a four-three, for either side. The search
// settles them by its threat searches; what the labels say of the few
// among them that the labelling engine does not see as won or lost (the
// others are left out of the data) is no guide to the rest: fitted with
// them, the threat table valued the opponent's straight four at +352 and
// the engine lost 28 of 30 games to Rapfi (main 23 of 31, side by side).
func settled(b *board) bool {
	for c := range 2 {
		n := &b.clsCnt[c]
		if n[clsFive] > 0 || n[clsFlex4] > 0 || n[clsB4F3] > 0 {
			return true
		}
	}
	return false
}

// cellCounts counts colour c's canonical combinations over the empty
// cells; renju black's own combinations (renjuBlackOwn) are not counted,
// their hand-set values summed in fixed instead.
func cellCounts(b *board, c int) (cnt []featCount, fixed evalPair) {
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			q := b.Idx(x, y)
			if b.cell[q] != empty {
				continue
			}
			ci := comboIdx(&b.st[c][q].pat)
			k := canonOf[ci]
			if b.row[c] == 1 && renjuBlackOwn(ci) {
				fixed.me += handCells[1][ci].me
				fixed.op += handCells[1][ci].op
				continue
			}
			if k < 0 {
				continue
			}
			i := slices.IndexFunc(cnt, func(f featCount) bool { return f.c == k })
			if i < 0 {
				cnt = append(cnt, featCount{c: k, n: 1})
			} else {
				cnt[i].n++
			}
		}
	}
	return cnt, fixed
}

// lineCounts counts the line keys (freestyle's, or standard's read as
// them: board.lineKey; canonical: the lesser of a key and its mirror
// image) of the empty cells' lines that make a pattern, me's then op's
// (+nLineKey). None under renju, whose evaluation reads no line values.
func lineCounts(b *board, me, op int) []featCount {
	var cnt []featCount
	if !evalReadsLines(ruleVariants(b.Rule)) {
		return nil
	}
	tab := patTable(varOver)
	for role, c := range [2]int{me, op} {
		for y := 0; y < b.H; y++ {
			for x := 0; x < b.W; x++ {
				q := b.Idx(x, y)
				if b.cell[q] != empty {
					continue
				}
				for d := range 4 {
					k := b.lineKey(c, q, d)
					if tab[k] == patNone {
						continue
					}
					idx := int16(role*nLineKey + int(min(k, mirrorKey(k))))
					i := slices.IndexFunc(cnt, func(f featCount) bool { return f.c == idx })
					if i < 0 {
						cnt = append(cnt, featCount{c: idx, n: 1})
					} else {
						cnt[i].n++
					}
				}
			}
		}
	}
	return cnt
}

// eval is the model's evaluation of a sample, in score units (unbounded:
// the engine's bound lies far outside the range that matters here).
func (m *EvalModel) eval(f *evalFeat) float64 {
	v := m.Threat[f.mask] + f.fixed
	for _, x := range f.me {
		v += float64(x.n) * m.Me[x.c]
	}
	for _, x := range f.op {
		v -= float64(x.n) * m.Op[x.c]
	}
	for _, x := range f.lines {
		if x.c < nLineKey {
			v += float64(x.n) * m.Line[x.c]
		} else {
			v -= float64(x.n) * m.Line[x.c]
		}
	}
	return v / 2
}

// Values is the model's evaluation of each position kept, in score units,
// beside the index of its sample (NewEvalSet's samples, less those it
// left out).
func (s *EvalSet) Values(m *EvalModel) (samples []int, values []float64) {
	for i := range s.feats {
		samples = append(samples, s.feats[i].n)
		values = append(values, m.eval(&s.feats[i]))
	}
	return samples, values
}

// FourPoints tells, for each position kept (as Values orders them),
// whether the side to move (me) and the other side (op) have an empty
// cell that makes a four: where a match's values go wrong most (session
// 40 of issue 23).
func (s *EvalSet) FourPoints() (me, op []bool) {
	for i := range s.feats {
		m := s.feats[i].mask
		me = append(me, m&(tmMeB4|tmMeB4F3) != 0)
		op = append(op, m&(tmOpB4|tmOpB4F3) != 0)
	}
	return me, op
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// EvalLoss is the model's mean cross-entropy on the set with scale k
// (σ(eval/k) against the target) and its accuracy: the share of
// positions whose target is not even (≠ 0.5) where σ(eval/k) is on the
// target's side.
func (s *EvalSet) EvalLoss(m *EvalModel, k float64) (loss, acc float64) {
	right, n := 0, 0
	for i := range s.feats {
		f := &s.feats[i]
		p := min(max(sigmoid(m.eval(f)/k), 1e-12), 1-1e-12)
		loss -= f.target*math.Log(p) + (1-f.target)*math.Log(1-p)
		if f.target != 0.5 {
			n++
			if (p > 0.5) == (f.target > 0.5) {
				right++
			}
		}
	}
	if len(s.feats) > 0 {
		loss /= float64(len(s.feats))
	}
	if n > 0 {
		acc = float64(right) / float64(n)
	}
	return loss, acc
}

// TargetEntropy is the mean entropy of the targets: the least loss any
// model can reach on the set.
func (s *EvalSet) TargetEntropy() float64 {
	h := 0.0
	for i := range s.feats {
		t := s.feats[i].target
		if t > 0 && t < 1 {
			h -= t*math.Log(t) + (1-t)*math.Log(1-t)
		}
	}
	return h / float64(max(len(s.feats), 1))
}

// FitScale returns the scale k (score units) under which the model fits
// the set best: Texel's first step, done once for the hand values so that
// the fitted values keep the search's units.
func (s *EvalSet) FitScale(m *EvalModel) float64 {
	lo, hi := math.Log(10.0), math.Log(100000.0)
	for range 60 { // golden-section search on log k
		a, b := hi-(hi-lo)*0.618, lo+(hi-lo)*0.618
		la, _ := s.EvalLoss(m, math.Exp(a))
		lb, _ := s.EvalLoss(m, math.Exp(b))
		if la < lb {
			hi = b
		} else {
			lo = a
		}
	}
	return math.Exp((lo + hi) / 2)
}

// FitOptions steer Fit.
type FitOptions struct {
	Scale  float64 // k of σ(eval/k)
	Epochs int
	Rate   float64 // Adam's step, in half units
	L2     float64 // pull towards the starting values, per sample
	// MinCount: values seen in fewer positions keep their start.
	MinCount int
	// Lines: fit the line values too (else they keep their start).
	Lines bool
	// Progress, if set, hears the training loss every 50 epochs.
	Progress func(epoch int, loss float64)
}

// adam is the state of Adam's descent (Kingma and Ba) over n values,
// shared by the fits of the evaluation and of the move order.
type adam struct {
	m1, m2 []float64
	t      int
}

func newAdam(n int) *adam { return &adam{m1: make([]float64, n), m2: make([]float64, n)} }

// step moves w down the gradient g, plus o.L2's pull towards w0, by
// o.Rate; the values frozen says so of keep theirs.
func (a *adam) step(w, w0, g []float64, o FitOptions, frozen func(j int) bool) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.t++
	c1, c2 := 1-math.Pow(b1, float64(a.t)), 1-math.Pow(b2, float64(a.t))
	for j := range w {
		if frozen(j) {
			continue
		}
		gj := g[j] + o.L2*(w[j]-w0[j])
		a.m1[j] = b1*a.m1[j] + (1-b1)*gj
		a.m2[j] = b2*a.m2[j] + (1-b2)*gj*gj
		w[j] -= o.Rate * (a.m1[j] / c1) / (math.Sqrt(a.m2[j]/c2) + eps)
	}
}

// Fit returns the model fitted to the set from start (which it does not
// change), by full-batch Adam.
func (s *EvalSet) Fit(start *EvalModel, o FitOptions) *EvalModel {
	nc := len(canonPat)
	lo := 2*nc + nThreatMask
	np := lo + 2*nLineKey
	pack := func(m *EvalModel) []float64 {
		w := make([]float64, 0, np)
		w = append(w, m.Me...)
		w = append(w, m.Op...)
		w = append(w, m.Threat[:]...)
		return append(w, m.Line...)
	}
	unpack := func(w []float64) *EvalModel {
		m := &EvalModel{Me: slices.Clone(w[:nc]), Op: slices.Clone(w[nc : 2*nc]), Line: slices.Clone(w[lo:])}
		copy(m.Threat[:], w[2*nc:lo])
		return m
	}
	w0 := pack(start)
	w := slices.Clone(w0)
	seen := make([]int, np)
	for i := range s.feats {
		f := &s.feats[i]
		for _, x := range f.me {
			seen[x.c]++
		}
		for _, x := range f.op {
			seen[nc+int(x.c)]++
		}
		seen[2*nc+f.mask]++
		if o.Lines {
			for _, x := range f.lines {
				seen[lo+int(x.c)]++
			}
		}
	}
	g := make([]float64, np)
	opt := newAdam(np)
	inv := 1 / float64(max(len(s.feats), 1))
	for ep := 1; ep <= o.Epochs; ep++ {
		clear(g)
		cur := unpack(w)
		loss := 0.0
		for i := range s.feats {
			f := &s.feats[i]
			p := sigmoid(cur.eval(f) / o.Scale)
			if o.Progress != nil {
				pc := min(max(p, 1e-12), 1-1e-12)
				loss -= f.target*math.Log(pc) + (1-f.target)*math.Log(1-pc)
			}
			d := (p - f.target) / o.Scale / 2 * inv // d loss / d (2·eval)
			for _, x := range f.me {
				g[x.c] += d * float64(x.n)
			}
			for _, x := range f.op {
				g[nc+int(x.c)] -= d * float64(x.n)
			}
			g[2*nc+f.mask] += d
			for _, x := range f.lines {
				if x.c < nLineKey {
					g[lo+int(x.c)] += d * float64(x.n)
				} else {
					g[lo+int(x.c)] -= d * float64(x.n)
				}
			}
		}
		opt.step(w, w0, g, o, func(j int) bool {
			return seen[j] < o.MinCount || j >= lo && !o.Lines
		})
		if o.Progress != nil && (ep%50 == 0 || ep == o.Epochs) {
			o.Progress(ep, loss*inv)
		}
	}
	return unpack(w)
}
