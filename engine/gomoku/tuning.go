package gomokuengine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tuning moves the main search's pruning, reductions and extensions, and
// the evaluation's groups of values, away from the values this package
// plays with (the constants of search.go, each with the measurement that
// set it, and the fitted files of evaldata), so that a tuner can try
// others side by side: gomoku-evalfit tune plays engines with different
// Tunings against each other (SPSA). The zero Tuning is the package's own
// values. Each field is a change in percent of its group's values (−100
// takes the group out; History and Moves say their own unit).
type Tuning struct {
	LMR      int // the late-move reductions by rank (lmrTable)
	Kind     int // the reductions by a move's kind and the continuous-attack bonus (complexFor, continuousAttack)
	Count    int // move-count pruning's counts (lmpCount)
	Futility int // the reverse futility and razoring margins (futMargin, razorMargin)
	FailHigh int // the fail-high reduction's depth and opponent-four margins (fhDepthMargin, fhOppMargin)
	Ext      int // the fractional extensions (blockExt, ttExt, ttExtPV, ttExtFour)
	PV       int // the lesser reduction at a principal-variation node (pvLess, rankReduction)
	History  int // the history's weight in the move order, in 64ths of the history added to histWeight's
	Moves    int // moves added to the cap on moves searched at a node deeper than one ply (maxMovesDeep)

	// The evaluation's groups (evalTables.tuned): the static evaluation
	// alone reads them (the move order and the threat searches have
	// their own values).
	Me     int // each cell's value for the side to move (evalPair.me, of cell)
	Op     int // each cell's value for the other side (evalPair.op, of cell)
	Threat int // the double-threat table (threat)
	Lines  int // the line terms (line and exact), both sides'
}

// tuningFields are Tuning's fields by the names String writes.
var tuningFields = [...]struct {
	name  string
	field func(*Tuning) *int
}{
	{"LMR", func(t *Tuning) *int { return &t.LMR }},
	{"Kind", func(t *Tuning) *int { return &t.Kind }},
	{"Count", func(t *Tuning) *int { return &t.Count }},
	{"Futility", func(t *Tuning) *int { return &t.Futility }},
	{"FailHigh", func(t *Tuning) *int { return &t.FailHigh }},
	{"Ext", func(t *Tuning) *int { return &t.Ext }},
	{"PV", func(t *Tuning) *int { return &t.PV }},
	{"History", func(t *Tuning) *int { return &t.History }},
	{"Moves", func(t *Tuning) *int { return &t.Moves }},
	{"Me", func(t *Tuning) *int { return &t.Me }},
	{"Op", func(t *Tuning) *int { return &t.Op }},
	{"Threat", func(t *Tuning) *int { return &t.Threat }},
	{"Lines", func(t *Tuning) *int { return &t.Lines }},
}

// TuningField is the field of a Tuning called name (as String writes
// it), or nil if it has none: a tuner moves the fields by their names.
func TuningField(name string) func(*Tuning) *int {
	for _, f := range tuningFields {
		if f.name == name {
			return f.field
		}
	}
	return nil
}

// String is t's fields that are not zero as NAME=VALUE, comma-separated
// ("" for the zero Tuning): what ParseTuning reads.
func (t Tuning) String() string {
	var parts []string
	for _, f := range tuningFields {
		if v := *f.field(&t); v != 0 {
			parts = append(parts, f.name+"="+strconv.Itoa(v))
		}
	}
	return strings.Join(parts, ",")
}

// ErrBadTuning is wrapped by ParseTuning's errors.
var ErrBadTuning = errors.New("bad tuning")

// ParseTuning reads a Tuning as String writes it: NAME=VALUE pairs,
// comma-separated, each field at most once; "" is the zero Tuning.
func ParseTuning(s string) (Tuning, error) {
	var t Tuning
	if s == "" {
		return t, nil
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		f := TuningField(name)
		if !ok || f == nil {
			return Tuning{}, fmt.Errorf("%w: %q is not NAME=PERCENT with NAME one of %s", ErrBadTuning, part, tuningNames())
		}
		v, err := strconv.Atoi(val)
		if err != nil {
			return Tuning{}, fmt.Errorf("%w: %s=%q is not a whole number", ErrBadTuning, name, val)
		}
		if seen[name] {
			return Tuning{}, fmt.Errorf("%w: %s given twice", ErrBadTuning, name)
		}
		seen[name] = true
		*f(&t) = v
	}
	return t, nil
}

func tuningNames() string {
	var n []string
	for _, f := range tuningFields {
		n = append(n, f.name)
	}
	return strings.Join(n, ", ")
}

// evalPart is t's evaluation groups alone.
func (t Tuning) evalPart() Tuning {
	return Tuning{Me: t.Me, Op: t.Op, Threat: t.Threat, Lines: t.Lines}
}

// tuned is e with t's evaluation groups applied: e itself when they are
// all zero, else a copy (about 220 KB, made for each search's board; only
// a tuner's engines have one, at 80 ms a move and more).
func (e *evalTables) tuned(t Tuning) *evalTables {
	if t.evalPart() == (Tuning{}) {
		return e
	}
	n := *e
	for r := range n.cell {
		for k, v := range e.cell[r] {
			n.cell[r][k] = evalPair{scaled32(v.me, t.Me), scaled32(v.op, t.Op)}
		}
	}
	for k, v := range e.threat {
		n.threat[k] = scaled32(v, t.Threat)
	}
	for k, v := range e.line {
		n.line[k] = evalPair{scaled32(v.me, t.Lines), scaled32(v.op, t.Lines)}
	}
	if e.exact != nil {
		n.exact = make([]evalPair, len(e.exact))
		for k, v := range e.exact {
			n.exact[k] = evalPair{scaled32(v.me, t.Lines), scaled32(v.op, t.Lines)}
		}
	}
	return &n
}

func scaled32(v int32, pct int) int32 { return int32(scaledInt(int(v), pct)) }

// The history's weight in the move order, in 64ths (the order adds
// hist·histWeight/64), and the cap on the moves searched at a node
// deeper than one ply: 8 and 24 until session 66 (below).
const (
	histWeight   = 9
	maxMovesDeep = 23
)

// The values above, search.go's margins, counts, reductions and
// extensions, and standard's evaluation file (freestyle's before session
// 76; freestyle's is now the same without its line values) are
// since issue 23's session 66 the old ones moved by session 64's SPSA
// run (gomoku-evalfit tune, 5,810 pairs of self-play games at 80–120 ms
// a move on rand60-15 and rand240-15): Tuning{LMR: 7, Kind: -3, Count:
// -7, Futility: -29, FailHigh: -57, Ext: -28, PV: -5, History: 1, Moves:
// -1, Me: 5, Op: 2, Threat: 10, Lines: -21}. TestDefaultsAreSPSA checks
// each against the old value so moved. Against full Rapfi at 0.2 s a
// move (freestyle, rand280b-15, openings neither the tuning nor any
// match had used) the engine so tuned scored 44.4 % to the engine
// before's 40.6 %: +3.5 ± 2.8 points (2σ) over 1,669 paired games
// (docs/performance.md, issue 23, sessions 65–66). Renju's file, fitted
// on its own, keeps its values; its search takes the new ones.

// params is what the search reads of a Tuning: the tables and margins,
// worked out once. defaultParams is the zero Tuning's.
type params struct {
	lmr                                 [32][64]int16 // hundredths of a ply, by depth and move number (rankReduction)
	pvLess                              int
	kind                                [4]float64
	contAttack                          int
	lmp                                 [len(lmpCount)]int
	fut                                 int
	razor                               [len(razorMargin)]int
	fhDepth, fhOpp                      int
	blockExt, ttExt, ttExtPV, ttExtFour int
	histMul                             int // the order adds hist·histMul/64
	maxMoves                            int
}

var defaultParams = newParams(Tuning{})

// scaled is v moved by pct percent, rounded.
func scaled(v float64, pct int) float64 {
	if pct == 0 {
		return v // exactly: the defaults are the zero Tuning's
	}
	return v * float64(100+pct) / 100
}

func scaledInt(v, pct int) int { return int(math.Round(scaled(float64(v), pct))) }

func newParams(t Tuning) *params {
	p := &params{}
	// (at −100 or below the divisor is so large that every entry is 0)
	div := lmrDiv / math.Max(scaled(1, t.LMR), 1e-3)
	for d := 1; d < len(p.lmr); d++ {
		for n := 1; n < len(p.lmr[0]); n++ {
			p.lmr[d][n] = int16(max(0, 100*math.Log(float64(d))*math.Log(float64(n))/div-10))
		}
	}
	p.pvLess = scaledInt(pvLess, t.PV)
	for k, v := range complexFor {
		p.kind[k] = scaled(v, t.Kind)
	}
	p.contAttack = scaledInt(continuousAttack, t.Kind)
	for d, c := range lmpCount {
		if d > 0 {
			p.lmp[d] = max(1, scaledInt(c, t.Count))
		}
	}
	p.fut = scaledInt(futMargin, t.Futility)
	for d, m := range razorMargin {
		p.razor[d] = scaledInt(m, t.Futility)
	}
	p.fhDepth, p.fhOpp = scaledInt(fhDepthMargin, t.FailHigh), scaledInt(fhOppMargin, t.FailHigh)
	p.blockExt, p.ttExt = scaledInt(blockExt, t.Ext), scaledInt(ttExt, t.Ext)
	p.ttExtPV, p.ttExtFour = scaledInt(ttExtPV, t.Ext), scaledInt(ttExtFour, t.Ext)
	p.histMul = max(0, histWeight+t.History)
	p.maxMoves = max(4, maxMovesDeep+t.Moves)
	return p
}

// par is the searcher's params (the defaults unless its engine has a
// Tuning).
func (s *searcher) par() *params {
	if s.p == nil {
		return defaultParams
	}
	return s.p
}
