package gomokuengine

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/inarow/inarow/gomoku"
)

// The move order: the search tries a node's candidates by
//
//	order = me[combination of the side to move there]
//	      + op[combination of the other side there]
//	      + Σ directions (meLine[key] + opLine[key])   keys read as freestyle's
//	      + near[the cell's place from the last move]
//	      + near[its place from the move before]
//
// plus the history and the table's move (candidates), and under renju
// and the hand-set order the killers. The hand-set order (the classes'
// values and combine's) stands where a rule's order file (see
// orderfit.go) lists no value. The files are fitted by gomoku-evalfit
// order to the moves that cut off in the engine's own search under the
// rule (gomoku-evalfit cuts), the line values with them (fitted without
// them, neither freestyle's nor standard's put the cut move first more
// often than the hand-set order). Freestyle's
// (evaldata/gomoku_order.txt), with the killers gone, scored +37 Elo
// [+27, +48] head to head over 1,000 opening pairs (issue 23, session
// 42); renju's (evaldata/gomoku_order_renju.txt, black's combinations
// their own row), with the killers kept, +13 [+4, +23] (session 43), and
// +9 [+1, +17] more with its line values (session 44); standard's
// (evaldata/gomoku_order_standard.txt), with the killers gone and the
// evaluation's line values read too (board.lines), +20 [+11, +30] (session
// 44). Fitted to a stronger engine's moves at the root (sessions 22 and
// 30) the order gained nothing. Caro keeps the hand-set order (ordHand).

//go:embed evaldata/gomoku_order.txt
var orderFile string

//go:embed evaldata/gomoku_order_renju.txt
var orderFileRenju string

//go:embed evaldata/gomoku_order_standard.txt
var orderFileStandard string

// orderTables holds an order's values. me and op are indexed by renju
// black (1) or not (0), then comboIdx; near by the last move (0) or the
// one before (1), then nearClass+1 (0: no class, no value).
type orderTables struct {
	me, op [2][nCombo]int32
	line   [nLineKey][2]int32 // by freestyle's keys (board.lineKey): me's value, op's
	near   [2][nNear + 1]int32
	lines  bool // the file gave line values
	// killers puts the node's killers before the order's best. Not in
	// freestyle's: with its order fitted they cut off less often than
	// its best move, and dropping them gained (issue 23, session 42);
	// nor in standard's, which was measured so (session 44). Renju's,
	// fitted the same way, keeps them: without them it scored +1 [−12,
	// +14] over 507 opening pairs, with them +13 [+4, +23] over 1,000
	// (session 43).
	killers bool
}

// ordTab is freestyle's order, ordRenju renju's, ordStandard
// standard's, ordHand the hand-set one, which caro reads (a rule's order
// is fitted to its own search: under renju, freestyle's file for white's
// combinations and no killers scored −173 Elo [−256, −105] head to head
// over 38 opening pairs; issue 23, session 42).
var ordTab, ordRenju, ordStandard, ordHand orderTables

func init() {
	for _, f := range []struct {
		t    *orderTables
		text string
	}{{&ordTab, orderFile}, {&ordRenju, orderFileRenju}, {&ordStandard, orderFileStandard}} {
		m, err := ParseOrderModel(f.text)
		if err != nil {
			panic(err)
		}
		f.t.set(m)
	}
	ordHand.set(HandOrderModel())
	ordRenju.killers, ordHand.killers = true, true
}

// orderOf is rule r's order tables.
func orderOf(r gomoku.Rule) *orderTables {
	switch r {
	case gomoku.Freestyle:
		return &ordTab
	case gomoku.Renju:
		return &ordRenju
	case gomoku.Standard:
		return &ordStandard
	}
	return &ordHand
}

// set makes t the tables of m.
func (t *orderTables) set(m *OrderModel) {
	for i := range nCombo {
		p := comboPats(i)
		for r := range 2 {
			cl, v := combine(p, r == 1)
			t.me[r][i] = int32(clsOwn[cl]) + v
			t.op[r][i] = int32(clsOpp[cl]) + v/2
		}
		if c := canonOf[i]; c >= 0 {
			t.me[0][i], t.op[0][i] = int32(m.Me[c]), int32(m.Op[c])
			t.me[1][i], t.op[1][i] = int32(m.MeB[c]), int32(m.OpB[c])
		}
	}
	t.lines = false
	tab := patTable(varOver)
	for k := range uint32(nLineKey) {
		c := min(k, mirrorKey(k))
		t.line[k] = [2]int32{}
		if tab[k] != patNone { // (a key that makes no pattern is no feature of the fit)
			t.line[k] = [2]int32{int32(m.Line[c]), int32(m.Line[nLineKey+c])}
		}
		t.lines = t.lines || t.line[k] != [2]int32{}
	}
	for k := range 2 {
		t.near[k][0] = 0
		for c := range nNear {
			t.near[k][c+1] = int32(m.Near[k*nNear+c])
		}
	}
}

// lineKey is colour c's key of cell i in direction d as freestyle's
// (the move order's line values are by those keys).
func (b *board) lineKey(c, i, d int) uint32 {
	k := uint32(b.key[i][d] >> (32 * c))
	if t := b.toOver[c]; t != nil {
		return uint32(t[k])
	}
	return k
}

// orderValue is cell i's order value for the side to move me (the
// opponent op) before the search's own terms.
func (b *board) orderValue(me, op, i int) int {
	t := b.ord
	v := t.me[b.row[me]][b.st[me][i].combo] + t.op[b.row[op]][b.st[op][i].combo]
	if b.lineKeys && t.lines {
		if b.toOver[me] == nil && b.toOver[op] == nil {
			// freestyle's keys as they are: lineKey written out, its
			// test of toOver taken out of the loop (3 % of the
			// search's instructions)
			ks, sm, so := &b.key[i&cellMask], 32*uint(me&1), 32*uint(op&1)
			for d := range 4 {
				v += t.line[uint32(ks[d]>>sm)][0] + t.line[uint32(ks[d]>>so)][1]
			}
		} else {
			for d := range 4 {
				v += t.line[b.lineKey(me, i, d)][0] + t.line[b.lineKey(op, i, d)][1]
			}
		}
	}
	if n := len(b.moves); n > 0 {
		v += t.near[0][nearClass(i, b.moves[n-1])+1]
		if n > 1 {
			v += t.near[1][nearClass(i, b.moves[n-2])+1]
		}
	}
	return int(v)
}

// ParseOrderModel reads an order file:
//
//	order F3+F2 446 306         a combination, its values for the side to
//	                            move and for the other side
//	orderline 0011.2100 12 -3   a line key (as in the evaluation file),
//	                            the same (its mirror image too)
//	orderb F3+F2 446 306        the same for renju black's combination
//	                            (renju's order only)
//	near 0 2 35                 the last move (0) or the one before (1),
//	                            a nearClass, its value
//
// The hand-set order stands for what it does not list.
func ParseOrderModel(text string) (*OrderModel, error) {
	m := HandOrderModel()
	for n, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := fmt.Errorf("%w: order file line %d: %q", ErrBadEval, n+1, line)
		if len(f) != 4 {
			return nil, bad
		}
		a, err1 := strconv.ParseInt(f[2], 10, 32)
		v, err2 := strconv.ParseInt(f[3], 10, 32)
		if err1 != nil || err2 != nil {
			return nil, bad
		}
		switch f[0] {
		case "order", "orderb":
			p, ok := parsePatterns(f[1])
			if !ok {
				return nil, bad
			}
			slices.Sort(p[:])
			c := canonOf[comboIdx(&p)]
			if f[0] == "orderb" {
				m.MeB[c], m.OpB[c] = float64(a), float64(v)
			} else {
				m.Me[c], m.Op[c] = float64(a), float64(v)
			}
		case "orderline":
			k, ok := parseLineKey(f[1])
			if !ok {
				return nil, bad
			}
			k = min(k, mirrorKey(k))
			m.Line[k], m.Line[nLineKey+k] = float64(a), float64(v)
		case "near":
			k, err := strconv.Atoi(f[1])
			if err != nil || k < 0 || k > 1 || a < 0 || a >= nNear {
				return nil, bad
			}
			m.Near[k*nNear+int(a)] = float64(v)
		default:
			return nil, bad
		}
	}
	return m, nil
}

// Format writes the model as an order file: the values that differ from
// the hand-set ones, rounded, after the head (each line a comment).
func (m *OrderModel) Format(head string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(head, "\n"), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	h := HandOrderModel()
	for c, p := range canonPat {
		me, op := roundI(m.Me[c]), roundI(m.Op[c])
		if float64(me) == h.Me[c] && float64(op) == h.Op[c] {
			continue
		}
		fmt.Fprintf(&b, "order %s %d %d\n", patternNames(p), me, op)
	}
	for c, p := range canonPat {
		me, op := roundI(m.MeB[c]), roundI(m.OpB[c])
		if float64(me) == h.MeB[c] && float64(op) == h.OpB[c] {
			continue
		}
		fmt.Fprintf(&b, "orderb %s %d %d\n", patternNames(p), me, op)
	}
	tab := patTable(varOver)
	for k := range uint32(nLineKey) {
		if tab[k] == patNone || mirrorKey(k) < k {
			continue
		}
		if me, op := roundI(m.Line[k]), roundI(m.Line[nLineKey+k]); me != 0 || op != 0 {
			fmt.Fprintf(&b, "orderline %s %d %d\n", formatLineKey(k), me, op)
		}
	}
	for i, v := range m.Near {
		if r := roundI(v); r != 0 {
			fmt.Fprintf(&b, "near %d %d %d\n", i/nNear, i%nNear, r)
		}
	}
	return b.String()
}

func roundI(v float64) int64 {
	if v < 0 {
		return -int64(-v + 0.5)
	}
	return int64(v + 0.5)
}
