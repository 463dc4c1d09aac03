package gomokuengine

import (
	"fmt"
	"math"
	"slices"

	"github.com/inarow/inarow/gomoku"
)

// The fit of the move order (issue 23): the search tries a node's moves
// best first by a value per candidate cell,
//
//	order = me[combo of the side to move there] + op[combo of the other]
//	      + Σ directions (meLine[key] + opLine[key])   (freestyle)
//
// plus the search's own history and table move. The values are fitted
// so that a target move comes first — a stronger engine's at the root, or
// one that cut off in the engine's own search (gomoku-evalfit cuts, what
// the order file holds since issue 23's session 42): a softmax over
// the node's candidates, σ_j = exp(order_j/T) / Σ exp(order_i/T), whose
// cross-entropy against the engine's move is the loss (the policy of a
// move-ordering network, kept linear in the patterns the board already
// keeps). T is fitted once to the hand-set order and then held, so the
// fitted values keep the units the history is weighed in.

// OrderModel is the move order's values in the fit's terms: per canonical
// combination its value for the side to move (Me) and for the other side
// (Op), and per canonical line key the same (Line: me's, then op's at
// +nLineKey).
type OrderModel struct {
	Me, Op []float64
	Line   []float64
	// Near is by where a cell lies from the last move (the other side's)
	// and from the one before (the side to move's): nearClass's classes,
	// the last move's first.
	Near []float64
	// MeB and OpB are renju black's combinations (its row of the
	// tables: its fours and threes are not the others'), as the side to
	// move and as the other side; only renju reads them.
	MeB, OpB []float64
}

// nearClass is the class of cell q's place from the stone at s (-1: no
// class): 0 next to it, 1 two away on a line, 2 two away off the lines,
// 3 three or four away on a line. It is read from a table by q-s: the
// order takes it for every candidate, and the division by the row
// length took a quarter of the order's time.
func nearClass(q, s int) int {
	k := q - s + nearSpan
	if k < 0 || k >= len(nearTab) {
		return -1
	}
	return int(nearTab[k])
}

// nearSpan is the farthest q-s of a class: four rows and four columns.
// Within it q-s is one offset only (dx = q-s - dy·stride with |dx| ≤ 4
// for one dy at most, since |dx| < stride-4 on a board of up to 20
// columns), so the table needs no coordinates.
const nearSpan = 4*stride + 4

var nearTab = func() (t [2*nearSpan + 1]int8) {
	for k := range t {
		t[k] = -1
	}
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			t[dy*stride+dx+nearSpan] = int8(nearClassXY(dx, dy))
		}
	}
	return t
}()

// nearClassXY is nearClass of a cell dx columns and dy rows from the stone.
func nearClassXY(dx, dy int) int {
	d := max(dx, -dx, dy, -dy)
	line := dx == 0 || dy == 0 || dx == dy || dx == -dy
	switch {
	case d <= 1:
		return 0
	case d == 2 && line:
		return 1
	case d == 2:
		return 2
	case d <= 4 && line:
		return 3
	}
	return -1
}

const nNear = 4

// HandOrderModel is the hand-set order: the classes' values and
// combine's (the side to move's in full, the other's halved).
func HandOrderModel() *OrderModel {
	nc := len(canonPat)
	m := &OrderModel{Me: make([]float64, nc), Op: make([]float64, nc), Line: make([]float64, 2*nLineKey), Near: make([]float64, 2*nNear),
		MeB: make([]float64, nc), OpB: make([]float64, nc)}
	for c, p := range canonPat {
		cl, v := combine(p, false)
		m.Me[c] = float64(clsOwn[cl] + int(v))
		m.Op[c] = float64(clsOpp[cl] + int(v)/2)
		cl, v = combine(p, true)
		m.MeB[c] = float64(clsOwn[cl] + int(v))
		m.OpB[c] = float64(clsOpp[cl] + int(v)/2)
	}
	return m
}

// OrderSet is positions made ready for the fit of the order: per
// position its candidate cells' features and which one the stronger
// engine played.
type OrderSet struct {
	pos  []orderPos
	feat []int32 // ordFeat per candidate: feature numbers, -1 for none
	// Skipped: positions left out (no move known, threats settle them);
	// Outside: the engine's move was not among the candidates.
	Skipped, Outside int
}

type orderPos struct{ start, n, best int32 }

// ordFeat is the features of a candidate: its two combinations, its
// eight line keys (read as freestyle's) and its place from the last two moves.
// Feature numbers, in pack's order: me's combination c is c, op's nc+c,
// me's line key k 2nc+k, op's 2nc+nLineKey+k (nc = len(canonPat)), then
// the Near classes, then renju black's combinations (MeB, OpB).
const (
	ordFeat     = 12
	ordLineSlot = 2  // the first of the line keys' slots
	ordNearSlot = 10 // the first of the near classes' slots
)

// Len is the number of positions kept.
func (s *OrderSet) Len() int { return len(s.pos) }

// NewOrderSet plays each sample's moves and records its candidates: the
// cells near the stones the search would try (not renju black's
// forbidden points). The samples are of one rule, freestyle, standard or
// renju: an order is a rule's (line keys read as freestyle's:
// board.lineKey).
func NewOrderSet(samples []EvalSample) (*OrderSet, error) {
	s := &OrderSet{}
	var b *board
	for n, x := range samples {
		if x.Rule != gomoku.Freestyle && x.Rule != gomoku.Standard && x.Rule != gomoku.Renju {
			return nil, fmt.Errorf("%w %d: rule %v: freestyle, standard and renju are fitted", ErrBadSample, n, x.Rule)
		}
		if n > 0 && x.Rule != samples[0].Rule {
			return nil, fmt.Errorf("%w %d: rule %v among %v's: an order is one rule's", ErrBadSample, n, x.Rule, samples[0].Rule)
		}
		if b == nil || b.W != x.W || b.H != x.H {
			var err error
			if b, err = newBoard(x.W, x.H, x.Rule); err != nil {
				return nil, fmt.Errorf("%w %d: %w", ErrBadSample, n, err)
			}
		}
		for b.Count() > 0 {
			b.Undo()
		}
		b.SetToMove(black)
		// (no check of renju black's forbidden points on the way: a
		// search's positions list the root's stones in the board's order,
		// not the game's, and may pass through one; the cut move is
		// checked, as a candidate)
		for _, m := range x.Moves {
			if int(m) < 0 || int(m) >= x.W*x.H || b.winner >= 0 || !b.Empty(b.Idx(int(m)%x.W, int(m)/x.W)) {
				return nil, fmt.Errorf("%w %d: the moves are not a game in progress", ErrBadSample, n)
			}
			b.Play(b.Idx(int(m)%x.W, int(m)/x.W))
		}
		if int(x.Best) < 0 || int(x.Best) >= x.W*x.H || b.winner >= 0 || settled(b) || b.Count() == 0 {
			s.Skipped++
			continue
		}
		best := b.Idx(int(x.Best)%x.W, int(x.Best)/x.W)
		p := orderPos{start: int32(len(s.feat) / ordFeat), best: -1}
		for y := range b.H {
			for cx := range b.W {
				q := b.Idx(cx, y)
				if b.nb[q] == 0 || !b.legalFor(b.toMove, q) {
					continue
				}
				s.addCandidate(b, q, q == best, &p)
			}
		}
		if p.best < 0 {
			s.Outside++
			s.feat = s.feat[:int(p.start)*ordFeat]
			continue
		}
		s.pos = append(s.pos, p)
	}
	return s, nil
}

// addCandidate records cell q as a candidate of position p.
func (s *OrderSet) addCandidate(b *board, q int, best bool, p *orderPos) {
	me, op := b.toMove, b.toMove^1
	nc := int32(len(canonPat))
	tab := patTable(varOver)
	if best {
		p.best = p.n
	}
	p.n++
	// a combination's feature: renju black's (row 1) are MeB's and OpB's
	rowB := 2*nc + 2*nLineKey + 2*nNear
	for role, c := range [2]int{me, op} {
		f := int32(-1)
		if k := canonOf[comboIdx(&b.st[c][q].pat)]; k >= 0 {
			f = int32(role)*nc + int32(k)
			if b.row[c] == 1 {
				f += rowB
			}
		}
		s.feat = append(s.feat, f)
	}
	for role, c := range [2]int{me, op} {
		for d := range 4 {
			f := int32(-1)
			if k := b.lineKey(c, q, d); b.lineKeys && tab[k] != patNone {
				f = 2*nc + int32(role*nLineKey) + int32(min(k, mirrorKey(k)))
			}
			s.feat = append(s.feat, f)
		}
	}
	near := 2*nc + 2*nLineKey
	for k := range 2 {
		f := int32(-1)
		if n := len(b.moves) - 1 - k; n >= 0 {
			if c := nearClass(q, b.moves[n]); c >= 0 {
				f = near + int32(k*nNear+c)
			}
		}
		s.feat = append(s.feat, f)
	}
}

func (m *OrderModel) pack() []float64 {
	return slices.Concat(m.Me, m.Op, m.Line, m.Near, m.MeB, m.OpB)
}

func unpackOrder(w []float64) *OrderModel {
	nc := len(canonPat)
	nl := 2*nc + 2*nLineKey
	nb := nl + 2*nNear
	return &OrderModel{Me: slices.Clone(w[:nc]), Op: slices.Clone(w[nc : 2*nc]), Line: slices.Clone(w[2*nc : nl]), Near: slices.Clone(w[nl:nb]),
		MeB: slices.Clone(w[nb : nb+nc]), OpB: slices.Clone(w[nb+nc:])}
}

// score is candidate j's order value under the packed values w.
func (s *OrderSet) score(w []float64, j int, lines bool) float64 {
	f := s.feat[j*ordFeat : (j+1)*ordFeat]
	v := 0.0
	if f[0] >= 0 {
		v += w[f[0]]
	}
	if f[1] >= 0 {
		v += w[f[1]]
	}
	if lines {
		for _, x := range f[ordLineSlot:ordNearSlot] {
			if x >= 0 {
				v += w[x]
			}
		}
	}
	for _, x := range f[ordNearSlot:] {
		if x >= 0 {
			v += w[x]
		}
	}
	return v
}

// OrderStats is how well an order predicts the engine's moves: the mean
// cross-entropy of the softmax at temperature T, and the share of
// positions where the engine's move is first (no other candidate valued
// as high) and among the first three.
type OrderStats struct {
	Loss, Top1, Top3, Top8, Top24 float64
}

// Stats measures the model on the set at temperature t.
func (s *OrderSet) Stats(m *OrderModel, t float64) OrderStats {
	w := m.pack()
	lines := slices.ContainsFunc(m.Line, func(v float64) bool { return v != 0 })
	var st OrderStats
	var sc []float64
	for _, p := range s.pos {
		sc = sc[:0]
		for j := p.start; j < p.start+p.n; j++ {
			sc = append(sc, s.score(w, int(j), lines))
		}
		bv := sc[p.best]
		above := 0
		for j, v := range sc {
			if j != int(p.best) && v >= bv {
				above++
			}
		}
		if above == 0 {
			st.Top1++
		}
		if above < 3 {
			st.Top3++
		}
		if above < 8 {
			st.Top8++
		}
		if above < 24 {
			st.Top24++
		}
		st.Loss += logSumExp(sc, t) - bv/t
	}
	n := float64(max(len(s.pos), 1))
	st.Loss, st.Top1, st.Top3, st.Top8, st.Top24 = st.Loss/n, st.Top1/n, st.Top3/n, st.Top8/n, st.Top24/n
	return st
}

func logSumExp(v []float64, t float64) float64 {
	mx := math.Inf(-1)
	for _, x := range v {
		mx = max(mx, x/t)
	}
	sum := 0.0
	for _, x := range v {
		sum += math.Exp(x/t - mx)
	}
	return mx + math.Log(sum)
}

// FitTemperature returns the temperature under which the model's softmax
// fits the engine's moves best.
func (s *OrderSet) FitTemperature(m *OrderModel) float64 {
	lo, hi := math.Log(1.0), math.Log(100000.0)
	for range 50 { // golden-section search on log t
		a, b := hi-(hi-lo)*0.618, lo+(hi-lo)*0.618
		if s.Stats(m, math.Exp(a)).Loss < s.Stats(m, math.Exp(b)).Loss {
			hi = b
		} else {
			lo = a
		}
	}
	return math.Exp((lo + hi) / 2)
}

// Fit returns the order fitted to the set from start (which it does not
// change) by full-batch Adam at temperature o.Scale; o.Lines fits the
// line values too, o.MinCount keeps the start of values seen in fewer
// positions, o.L2 pulls towards the start.
func (s *OrderSet) Fit(start *OrderModel, o FitOptions) *OrderModel {
	w0 := start.pack()
	w := slices.Clone(w0)
	np := len(w)
	lineFrom := 2 * len(canonPat)
	seen := make([]int, np)
	for j := range len(s.feat) / ordFeat {
		for _, x := range s.feat[j*ordFeat : (j+1)*ordFeat] {
			if x >= 0 {
				seen[x]++
			}
		}
	}
	g := make([]float64, np)
	opt := newAdam(np)
	inv := 1 / float64(max(len(s.pos), 1))
	t := o.Scale
	var sc []float64
	for ep := 1; ep <= o.Epochs; ep++ {
		clear(g)
		loss := 0.0
		for _, p := range s.pos {
			sc = sc[:0]
			for j := p.start; j < p.start+p.n; j++ {
				sc = append(sc, s.score(w, int(j), o.Lines))
			}
			lse := logSumExp(sc, t)
			loss += lse - sc[p.best]/t
			for k, v := range sc {
				d := math.Exp(v/t - lse)
				if k == int(p.best) {
					d--
				}
				d *= inv / t
				j := int(p.start) + k
				for fi, x := range s.feat[j*ordFeat : (j+1)*ordFeat] {
					if x >= 0 && (fi < ordLineSlot || fi >= ordNearSlot || o.Lines) {
						g[x] += d
					}
				}
			}
		}
		opt.step(w, w0, g, o, func(j int) bool {
			return seen[j] < o.MinCount || j >= lineFrom && j < lineFrom+2*nLineKey && !o.Lines
		})
		if o.Progress != nil && (ep%25 == 0 || ep == o.Epochs) {
			o.Progress(ep, loss*inv)
		}
	}
	return unpackOrder(w)
}
