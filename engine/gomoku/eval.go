package gomokuengine

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/inarow/inarow/gomoku"
)

// The static evaluation of a gomoku position, for the side to move (me):
//
//	eval = ( Σ cells ev.me of me − Σ cells ev.op of op + threat[mask] ) / 2
//
// Every empty cell carries, for each colour, a value by the four line
// patterns that colour would make there (combos), counted one way when
// that colour is to move and another when it is not; the threat table
// adds what the per-cell sums cannot: who can cash a double threat first.
// The board keeps the sums up to date in Play and Undo.

// evalPair is a cell's value for its colour as the side to move (me) and
// as the other side (op), in half units.
type evalPair struct{ me, op int32 }

// The fitted values are per rule: evaldata/gomoku_eval.txt is
// freestyle's, gomoku_eval_<rule>.txt another rule's (renju's and
// standard's, now). A rule without a file of its own (caro) plays with
// freestyle's.
// Where a file lists no value for a combination or a mask, the hand-set
// value stands. See each file's head for how it was fitted.
//
//go:embed evaldata/gomoku_eval*.txt
var evalFS embed.FS

// evalFileName is the file of rule r's values (freestyle's for a rule
// that has none).
func evalFileName(r gomoku.Rule) string {
	if r == gomoku.Freestyle {
		return "evaldata/gomoku_eval.txt"
	}
	return "evaldata/gomoku_eval_" + r.String() + ".txt"
}

// evalText is the text of rule r's file and whether the rule has one.
func evalText(r gomoku.Rule) (string, bool) {
	data, err := evalFS.ReadFile(evalFileName(r))
	if err != nil {
		return "", false
	}
	return string(data), true
}

// evalFile is freestyle's file.
var evalFile, _ = evalText(gomoku.Freestyle)

// evalTables holds one rule's values as the board reads them.
type evalTables struct {
	cell   [2][nCombo]evalPair // by comboIdx; row 1 renju black's (renjuBlackOwn keep the hand-set values)
	threat [nThreatMask]int32  // by threatMask
	line   [nLineKey]evalPair  // by freestyle's keys (see nLineKey)
	lineOn bool                // the file gave line values
	// exact is line by the exact-five keys (standard's), each its key's
	// read as freestyle's (overKeyTable); set with lineOn
	exact []evalPair
}

// evalByRule[r] is the values boards under rule r read (CaroExact is
// package gomoku's last rule).
var evalByRule [gomoku.CaroExact + 1]*evalTables

func init() {
	free, err := loadEval(evalFile)
	if err != nil {
		panic(err)
	}
	for _, r := range gomoku.AllRules {
		evalByRule[r] = free
		if text, ok := evalText(r); ok && r != gomoku.Freestyle {
			if evalByRule[r], err = loadEval(text); err != nil {
				panic(fmt.Sprintf("%s: %v", evalFileName(r), err))
			}
		}
	}
}

// evalFor is the values of rule r.
func evalFor(r gomoku.Rule) *evalTables {
	if int(r) < len(evalByRule) {
		return evalByRule[r]
	}
	return evalByRule[gomoku.Freestyle]
}

var patNames = [nPat]string{"none", "B2", "F2", "B3", "F3", "B4", "F4", "F4D", "five", "over"}

var maskNames = []string{"meB4F3", "meF3F3", "meB4", "meThree", "opB4F3", "opF3F3", "opB4", "opThree", "opFlex4", "opDouble", "meFlex4"}

// evalEntry is one line of an evaluation file: the values of a cell
// whose patterns are p, or (p unused) a threat mask's value.
type evalEntry struct {
	threat bool
	p      [4]uint8
	e      evalPair
	mask   int
	line   bool
	key    uint32 // a line's key (see nLineKey)
}

// parseEval reads the lines of an evaluation file:
//
//	cell F3+F2 229 178          the cell's patterns, its values as me and op
//	threat opThree+opF3F3 -600  the mask's bits ("none" for 0), its value
//	line 0011.2100 12 -3        a line (freestyle): the cells 4 to 1 before
//	                            and 1 to 4 after the empty centre (0 empty,
//	                            1 own, 2 the other's or off the board), its
//	                            values as me and op (its mirror image too)
func parseEval(text string) ([]evalEntry, error) {
	var out []evalEntry
	for n, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := fmt.Errorf("%w: evaluation file line %d: %q", ErrBadEval, n+1, line)
		var x evalEntry
		switch {
		case f[0] == "cell" && len(f) == 4:
			me, err1 := strconv.ParseInt(f[2], 10, 32)
			op, err2 := strconv.ParseInt(f[3], 10, 32)
			if err1 != nil || err2 != nil {
				return nil, bad
			}
			p, ok := parsePatterns(f[1])
			if !ok {
				return nil, bad
			}
			x.p, x.e = p, evalPair{int32(me), int32(op)}
		case f[0] == "line" && len(f) == 4:
			me, err1 := strconv.ParseInt(f[2], 10, 32)
			op, err2 := strconv.ParseInt(f[3], 10, 32)
			k, ok := parseLineKey(f[1])
			if err1 != nil || err2 != nil || !ok {
				return nil, bad
			}
			x.line, x.key, x.e = true, k, evalPair{int32(me), int32(op)}
		case f[0] == "threat" && len(f) == 3:
			v, err := strconv.ParseInt(f[2], 10, 32)
			if err != nil {
				return nil, bad
			}
			x.threat, x.e.me = true, int32(v)
			if f[1] != "none" {
				for _, name := range strings.Split(f[1], "+") {
					i := slices.Index(maskNames, name)
					if i < 0 {
						return nil, bad
					}
					x.mask |= 1 << i
				}
			}
		default:
			return nil, bad
		}
		out = append(out, x)
	}
	return out, nil
}

// parsePatterns reads a cell's patterns as the evaluation and order
// files write them ("F3+F2": one to four names, none of them "none").
func parsePatterns(s string) (p [4]uint8, ok bool) {
	names := strings.Split(s, "+")
	if len(names) > 4 {
		return p, false
	}
	for k, name := range names {
		i := slices.Index(patNames[:], name)
		if i <= 0 {
			return p, false
		}
		p[k] = uint8(i)
	}
	return p, true
}

// patternNames writes sorted patterns as parsePatterns reads them, the
// strongest first.
func patternNames(p [4]uint8) string {
	var names []string
	for _, x := range slices.Backward(p[:]) {
		if x != patNone {
			names = append(names, patNames[x])
		}
	}
	return strings.Join(names, "+")
}

// ErrBadEval reports a line of an evaluation file that does not parse.
var ErrBadEval = errors.New("engine: bad evaluation file")

// loadEval reads an evaluation file into a rule's tables: the hand-set
// values, and the file's where it gives them.
func loadEval(text string) (*evalTables, error) {
	es, err := parseEval(text)
	if err != nil {
		return nil, err
	}
	t := &evalTables{cell: handCells, threat: handThreat()}
	for _, x := range es {
		switch {
		case x.line:
			t.line[x.key], t.line[mirrorKey(x.key)] = x.e, x.e
			t.lineOn = true
		case x.threat:
			t.threat[x.mask] = x.e.me
		default:
			t.setCell(x.p, x.e)
		}
	}
	if t.lineOn {
		to := overKeyTable(varExact)
		t.exact = make([]evalPair, len(to))
		for k, o := range to {
			t.exact[k] = t.line[o]
		}
	}
	return t, nil
}

// handCells is the hand-set values of every combination (combine's).
var handCells = func() (t [2][nCombo]evalPair) {
	for i := range nCombo {
		p := comboPats(i)
		for r := range 2 {
			_, v := combine(p, r == 1)
			t[r][i] = handEval(v)
		}
	}
	return t
}()

// renjuBlackOwn reports a combination that renju black's restrictions
// change (combine gives it another class there): a forbidden one, worth
// nothing, or a double three, worth one three. It keeps its hand-set
// value for renju black whatever a file says: the files' values are by
// the patterns, the same for both colours, and these are not what they
// are for white.
func renjuBlackOwn(i int) bool { return combos.cls[1][i] != combos.cls[0][i] }

// setCell gives every order of the patterns p the values e (renju
// black's own combinations keep theirs: renjuBlackOwn).
func (t *evalTables) setCell(p [4]uint8, e evalPair) {
	slices.Sort(p[:])
	for {
		i := comboIdx(&p)
		t.cell[0][i] = e
		if !renjuBlackOwn(i) {
			t.cell[1][i] = e
		}
		if !nextPerm(p[:]) {
			return
		}
	}
}

// nextPerm steps p to its next permutation in lexicographic order.
func nextPerm(p []uint8) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// handEval is the hand-set value of a cell whose line patterns combine
// into value v (combine): 1.5 × v for the side to move, 1 × for the other.
func handEval(v int32) evalPair { return evalPair{3 * v, 2 * v} }

// Threat mask bits, for the side to move (me) and the other (op); a class
// bit is set when the colour has an empty cell of that class.
const (
	tmMeB4F3 = 1 << iota
	tmMeF3F3
	tmMeB4
	tmMeThree
	tmOpB4F3
	tmOpF3F3
	tmOpB4
	tmOpThree
	tmOpFlex4
	tmOpDouble  // op has two or more double-threat cells (F3F3, B4F3)
	tmMeFlex4   // (renju black's forbidden ones aside, the search wins first)
	nThreatMask = 1 << iota
)

func threatMask(b *board, me, op int) int {
	m, o := &b.clsCnt[me], &b.clsCnt[op]
	return b2i(m[clsB4F3] > 0)*tmMeB4F3 | b2i(m[clsF3F3] > 0)*tmMeF3F3 |
		b2i(m[clsB4] > 0)*tmMeB4 | b2i(m[clsThree] > 0)*tmMeThree |
		b2i(o[clsB4F3] > 0)*tmOpB4F3 | b2i(o[clsF3F3] > 0)*tmOpF3F3 |
		b2i(o[clsB4] > 0)*tmOpB4 | b2i(o[clsThree] > 0)*tmOpThree |
		b2i(o[clsFlex4] > 0)*tmOpFlex4 | b2i(o[clsF3F3]+o[clsB4F3] >= 2)*tmOpDouble |
		b2i(m[clsFlex4] > 0)*tmMeFlex4
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// handThreat is the hand-set threat table, by mask, in half units: the
// side to move cashes its four-three (or its double three, if op has no
// three to answer with) before op can; op's double-threat cells cost me
// when I have no four to force with (me can take one such point, not
// two).
// Without the second term the engine let Rapfi build them with quiet
// moves and lost as white; with it, it scores 81–83 % against Rapfi
// depth 2 instead of 72–74 % (see issue 4's note).
func handThreat() (t [nThreatMask]int32) {
	for mask := range t {
		has := func(bit int) bool { return mask&bit != 0 }
		v := 0
		if !has(tmOpB4) && !has(tmOpB4F3) {
			if has(tmMeB4F3) {
				v += 3000
			} else if has(tmMeF3F3) && !has(tmOpThree) && !has(tmOpF3F3) {
				v += 1500
			}
		}
		if !has(tmMeB4) && !has(tmMeB4F3) && !has(tmMeFlex4) {
			switch {
			case has(tmOpDouble):
				v -= 1500
			case has(tmOpF3F3) || has(tmOpB4F3):
				v -= 300
			}
		}
		t[mask] = int32(2 * v)
	}
	return t
}

// Line values (freestyle, and standard through overKeyTable): each empty
// cell adds, per colour and direction, a value by the line's key (the 8
// cells around it; keys that make no pattern add nothing), on top of its
// combination's value: what the ten patterns cannot tell apart (a two
// with room on both sides or one, a broken three's shape). The board
// keeps their sums in evSum.
const nLineKey = 6561 // 3⁸: freestyle's keys (varOver)

// parseLineKey reads "dddd.dddd" (offsets -4..-1, then 1..4) into a
// freestyle key; keys that make no pattern are refused.
func parseLineKey(s string) (uint32, bool) {
	if len(s) != 9 || s[4] != '.' {
		return 0, false
	}
	w := digitWeights(varOver)
	var k uint32
	for f, o := 0, -4; o <= 4; o++ {
		if o == 0 {
			continue
		}
		ch := s[f]
		if f == 3 {
			f++ // past the dot
		}
		f++
		if ch < '0' || ch > '2' {
			return 0, false
		}
		k += uint32(ch-'0') * w[o+winLen]
	}
	return k, patTable(varOver)[k] != patNone
}

// formatLineKey writes a freestyle key as parseLineKey reads it.
func formatLineKey(k uint32) string {
	w := digitWeights(varOver)
	b := make([]byte, 0, 9)
	for o := -4; o <= 4; o++ {
		if o == 0 {
			b = append(b, '.')
			continue
		}
		b = append(b, byte('0'+k/w[o+winLen]%3))
	}
	return string(b)
}

// mirrorKey is the key of the line read the other way.
func mirrorKey(k uint32) uint32 {
	w := digitWeights(varOver)
	var m uint32
	for o := -4; o <= 4; o++ {
		if o != 0 {
			m += k / w[o+winLen] % 3 * w[-o+winLen]
		}
	}
	return m
}

// overKeyTables[v] reads variant v's keys as freestyle's (varOver): the
// 4 cells each side, the fifth that the exact-five rules also see left
// out. Line values are by freestyle's keys: the move order reads them
// through this under standard and renju (board.lineKey), the evaluation
// under standard (evalTables.exact). A line's shape near the cell says
// the same there, the overline aside. Nil for freestyle's own keys and
// for caro's (their edge digit has no freestyle reading).
var (
	overKeyTables    [nVar][]uint16
	overKeyTableOnce sync.Once
)

func overKeyTable(v int) []uint16 {
	overKeyTableOnce.Do(func() {
		from, to := digitWeights(varExact), digitWeights(varOver)
		t := make([]uint16, len(patTable(varExact)))
		for k := range t {
			var o uint32
			for f := -4; f <= 4; f++ {
				if f != 0 {
					o += uint32(k) / from[f+winLen] % 3 * to[f+winLen]
				}
			}
			t[k] = uint16(o)
		}
		overKeyTables[varExact] = t
	})
	return overKeyTables[v]
}

// evalMax bounds the evaluation well inside the scores of forced wins.
const evalMax = WinBound / 2

func (s *searcher) eval() int {
	b := s.b
	me, op := b.toMove, b.toMove^1
	v := int(b.evSum[me].me-b.evSum[op].op+b.evt.threat[threatMask(b, me, op)]) >> 1
	return max(-evalMax, min(evalMax, v))
}
