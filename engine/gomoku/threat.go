package gomokuengine

import (
	"math/bits"
	"slices"

	"github.com/inarow/inarow/gomoku"
)

// The threat searches: VCF (victory by continuous fours) and VCT (by fours
// and open threes, which the defender must answer), for the side to move,
// within a node budget (threatBudget). Their results are kept in a
// threatTable: a threat sequence reaches the same position again and again
// by its threats in another order.

// threatTable remembers threat searches' results by position. A win holds
// for any depth at least its own; no win for any depth at most its own.
// It keeps no fail found by a search its budget cut short.
type threatTable struct{ e []threatEntry }

type threatEntry struct {
	key   uint64
	move  int16
	depth int8
	win   bool
}

// The kind of search is mixed into the position's key.
const (
	keyVCF    = 0x9e3779b97f4a7c15 // the side to move's VCF
	keyVCTAtt = 0xbf58476d1ce4e5b9 // the side to move's VCT
	keyVCTDef = 0x94d049bb133111eb // the other side's VCT, the side to move defending
)

// newThreatTable sizes a table to at most bytes bytes (a power of two
// entries, 1<<10 at least).
func newThreatTable(bytes int64) *threatTable {
	n := 1 << 10
	for int64(n*2*16) <= bytes && n < 1<<24 {
		n *= 2
	}
	return &threatTable{e: make([]threatEntry, n)}
}

// get returns what t knows of key within depth; a nil table knows nothing.
func (t *threatTable) get(key uint64, depth int) (known, win bool, move int) {
	if t == nil {
		return false, false, -1
	}
	e := &t.e[key&uint64(len(t.e)-1)]
	if e.key == key && (e.win && depth >= int(e.depth) || !e.win && depth <= int(e.depth)) {
		return true, e.win, int(e.move)
	}
	return false, false, -1
}

func (t *threatTable) clear() {
	if t != nil {
		clear(t.e)
	}
}

// remember keeps a result: every win, and a fail unless the budget or the
// clock cut the search short since threatBudget.
func (s *searcher) remember(key uint64, depth int, win bool, move int) {
	if s.threats == nil || !win && s.cut {
		return
	}
	s.threats.e[key&uint64(len(s.threats.e)-1)] = threatEntry{key: key, move: int16(move), depth: int8(min(depth, 127)), win: win}
}

// tabled answers a threat search of kind from the table, else runs it
// (a method expression: no closure to allocate) and keeps its result.
// The outermost call plays the search quietly (board.quiet): the threat
// searches read the classes, never the evaluation.
func (s *searcher) tabled(kind uint64, depth int, search func(*searcher, int) (bool, int)) (bool, int) {
	key := s.b.Hash() ^ kind
	if known, win, q := s.threats.get(key, depth); known {
		return win, q
	}
	b := s.b
	top := !b.quiet
	b.quiet = true
	win, q := search(s, depth)
	if top {
		b.quiet = false
	}
	s.remember(key, depth, win, q)
	return win, q
}

// threatBudget starts a threat search of at most n nodes.
func (s *searcher) threatBudget(n int64) {
	s.vcfNodes, s.vcfLimit, s.cut = 0, n, false
}

// vctDeepening looks for the side to move's VCT one threat deeper at a
// time, up to maxDepth, within budget nodes in all: with the table, the
// shallow iterations cost little and find the short wins first; a search
// straight at the full depth spends its budget deep in the first lines.
// It returns the first move and the depth of the win.
func (s *searcher) vctDeepening(maxDepth int, budget int64) (found bool, move, depth int) {
	var used int64
	for d := 1; d <= maxDepth && used < budget; d++ {
		s.threatBudget(budget - used)
		ok, q := s.vctAtt(d)
		used += s.vcfNodes
		if ok && !s.stopped {
			return true, q, d
		}
		if s.stopped {
			break
		}
	}
	return false, -1, 0
}

// threatCut reports (and remembers) that the budget or the clock stops
// the threat search.
func (s *searcher) threatCut() bool {
	if s.checkStop() || s.vcfNodes > s.vcfLimit {
		s.cut = true
	}
	return s.cut
}

// fivePoints returns the cells where c (who just played i) completes
// five along the lines through i.
func (s *searcher) fivePoints(c, i int, dst []int) []int {
	b := s.b
	for d := 0; d < 4; d++ {
		for o := -4; o <= 4; o++ {
			q := i + o*dirOff[d]
			if o != 0 && b.cell[q] == empty && b.st[c][q].pat[d] == patFive && !slices.Contains(dst, q) {
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// vcf reports whether the side to move wins by continuous fours within
// depth of its moves; it returns the first move of the win (or -1).
func (s *searcher) vcf(depth int) (bool, int) {
	return s.tabled(keyVCF, depth, (*searcher).vcfSearch)
}

// threatNode counts a node of the threat searches and returns the
// attacker (to move), the defender, and the point where the attacker
// makes five at once (-1 if none): how VCF and VCT open.
func (s *searcher) threatNode() (att, def, five int) {
	s.vcfNodes++
	s.vcfTotal++
	att = s.b.toMove
	return att, att ^ 1, s.b.fivePoint(att)
}

func (s *searcher) vcfSearch(depth int) (bool, int) {
	b := s.b
	att, def, five := s.threatNode()
	if five >= 0 {
		return true, five
	}
	if q := s.legalFlex4(att); q >= 0 && b.clsCnt[def][clsFive] == 0 {
		return true, q
	}
	if depth <= 0 || s.threatCut() {
		return false, -1
	}
	var cands []int
	var buf [64]int
	if b.clsCnt[def][clsFive] > 0 {
		f := s.cellsOf(def, clsFive, buf[:0])
		if len(f) != 1 || b.st[att][f[0]].cls < clsB4 || b.st[att][f[0]].cls == clsF3F3 {
			return false, -1
		}
		cands = f
	} else {
		cands = s.cellsOf(att, clsB4F3, buf[:0])
		cands = s.cellsOf(att, clsB4, cands)
		cands = s.cellsOf(att, clsFlex4, cands) // illegal double fours of black are skipped below
	}
	for _, q := range cands {
		if b.legalFor(att, q) && s.fourWins(q, depth) {
			return true, q
		}
	}
	return false, -1
}

// fourWins reports whether the side to move's legal move q is a four that
// wins by continuous fours within depth of its moves: the defender, with
// no five of its own, blocks at the one completion point (if it can: a
// forbidden point stops renju black) and the attacker has a VCF within
// depth-1 after it; an unstoppable four wins at once. It leaves b as it
// was.
func (s *searcher) fourWins(q, depth int) bool {
	b := s.b
	att, def := b.toMove, b.toMove^1
	b.Play(q)
	var fb [4]int
	fp := s.fivePoints(att, q, fb[:0])
	win := false
	switch {
	case len(fp) == 0:
	case b.clsCnt[def][clsFive] > 0:
		// the defender completes five first
	case len(fp) >= 2:
		if blk := b.blockFives(att, fp); blk < 0 {
			win = true
		} else {
			b.Play(blk)
			win, _ = s.vcf(depth - 1)
			b.Undo()
		}
	case def == black && b.Rule == gomoku.Renju && b.IsForbidden(fp[0]):
		win = true
	default:
		b.Play(fp[0])
		win, _ = s.vcf(depth - 1)
		b.Undo()
	}
	b.Undo()
	return win
}

// vctAtt: the attacker (to move) wins by fours and threes within depth.
func (s *searcher) vctAtt(depth int) (bool, int) {
	return s.tabled(keyVCTAtt, depth, (*searcher).vctAttSearch)
}

func (s *searcher) vctAttSearch(depth int) (bool, int) {
	b := s.b
	att, def, five := s.threatNode()
	if five >= 0 {
		return true, five
	}
	var buf [256]int
	if b.clsCnt[def][clsFive] > 0 {
		f := s.cellsOf(def, clsFive, buf[:0])
		if len(f) != 1 || !b.legalFor(att, f[0]) || depth <= 0 {
			return false, -1
		}
		b.Play(f[0])
		ok := s.vctDef(depth - 1)
		b.Undo()
		return ok, f[0]
	}
	if q := s.legalFlex4(att); q >= 0 {
		return true, q
	}
	if depth <= 0 || s.threatCut() {
		return false, -1
	}
	if ok, q := s.vcf(depth); ok {
		return true, q
	}
	cands := s.cellsOf(att, clsB4F3, buf[:0])
	cands = s.cellsOf(att, clsF3F3, cands)
	cands = s.cellsOf(att, clsB4, cands)
	cands = s.cellsOf(att, clsThree, cands)
	for _, q := range cands {
		if !b.legalFor(att, q) {
			continue
		}
		b.Play(q)
		ok := s.vctDef(depth - 1)
		b.Undo()
		if ok {
			return true, q
		}
	}
	return false, -1
}

// vctDef: the defender (to move) cannot escape the attacker's threats.
func (s *searcher) vctDef(depth int) bool {
	key := s.b.Hash() ^ keyVCTDef
	if known, win, _ := s.threats.get(key, depth); known {
		return win
	}
	win := s.vctDefSearch(depth)
	s.remember(key, depth, win, -1)
	return win
}

func (s *searcher) vctDefSearch(depth int) bool {
	b := s.b
	def, att := b.toMove, b.toMove^1
	s.vcfNodes++
	s.vcfTotal++
	if b.clsCnt[def][clsFive] > 0 {
		return false
	}
	var buf [256]int
	if b.clsCnt[att][clsFive] > 0 {
		f := s.cellsOf(att, clsFive, buf[:0])
		if len(f) >= 2 {
			if f[0] = b.blockFives(att, f); f[0] < 0 {
				return true
			}
		} else if !b.legalFor(def, f[0]) {
			return true
		}
		b.Play(f[0])
		ok, _ := s.vctAtt(depth)
		b.Undo()
		return ok
	}
	if s.legalFlex4(att) < 0 || s.threatCut() {
		return false
	}
	for _, q := range s.defences(def, att, buf[:0]) {
		b.Play(q)
		ok, _ := s.vctAtt(depth)
		b.Undo()
		if !ok {
			return false
		}
	}
	return true
}

// defences lists, in index order, the defender's answers to the
// attacker's threat of a straight or double four: the points where the
// attacker would make a four (on the threat's lines, with
// vctLineDefence) and the defender's own fours. With vctLineDefence it
// visits only the threat's lines and the defender's four points, a bit
// set's members, where defencesScan (the plain version, kept for the
// setting off and as the reference TestDefencesScan checks it against)
// visits every point of the board: the VCT asks at each of its
// defender's nodes.
func (s *searcher) defences(def, att int, dst []int) []int {
	if !vctLineDefence {
		return s.defencesScan(def, att, dst)
	}
	b := s.b
	var lines [nWords]uint64
	s.threatLines(att, &lines)
	own := &b.clsSet[def]
	for w, l := range lines {
		for set := l | own[clsB4][w] | own[clsB4F3][w] | own[clsFlex4][w] | own[clsFive][w]; set != 0; set &= set - 1 {
			i := w<<6 | bits.TrailingZeros64(set)
			if b.cell[i] != empty || b.nb[i] == 0 {
				continue
			}
			if !b.defends(def, att, i, l&(1<<(i&63)) != 0) {
				continue
			}
			if b.legalFor(def, i) {
				dst = append(dst, i)
			}
		}
	}
	return dst
}

// defends says whether the empty point i answers att's four threat for
// def: a four point of att's on the threat's lines (onLines), or a four
// of def's own.
func (b *board) defends(def, att, i int, onLines bool) bool {
	p := &b.st[att][i].pat
	if onLines && (p[0] >= patB4 || p[1] >= patB4 || p[2] >= patB4 || p[3] >= patB4) {
		return true
	}
	return b.st[def][i].cls >= clsB4 && b.st[def][i].cls != clsF3F3
}

// defencesScan is defences by a walk over every point of the board.
func (s *searcher) defencesScan(def, att int, dst []int) []int {
	b := s.b
	var lines [nWords]uint64
	if vctLineDefence {
		s.threatLines(att, &lines)
	}
	for y := 0; y < b.H; y++ {
		i := b.Idx(0, y)
		for x := 0; x < b.W; x, i = x+1, i+1 {
			if b.cell[i] != empty || b.nb[i] == 0 {
				continue
			}
			onLines := !vctLineDefence || lines[i>>6]&(1<<(i&63)) != 0
			if b.defends(def, att, i, onLines) && b.legalFor(def, i) {
				dst = append(dst, i)
			}
		}
	}
	return dst
}

// vctLineDefence: the defender of a VCT answers the attacker's threat of
// a straight (or double) four only on the lines of that threat, or with
// a four of its own. A point off those lines leaves the threat as it was
// (a pattern sees at most 5 points each side), so the attacker wins at
// once after it: such points were tried and refuted one node each.
var vctLineDefence = true

// threatLines marks in lines the points within 5 of each of att's legal
// straight- or double-four points along the directions in which that
// point makes a four: every point that can stop the threat. Renju black's
// point is marked along all four lines: a white stone on another line
// through it can make a three of black's there real, and the point a
// forbidden four-three-three.
func (s *searcher) threatLines(att int, lines *[nWords]uint64) {
	b := s.b
	var buf [64]int
	renjuBlack := att == black && b.Rule == gomoku.Renju
	for _, p := range s.cellsOf(att, clsFlex4, buf[:0]) {
		if !b.legalFor(att, p) {
			continue
		}
		for d := 0; d < 4; d++ {
			if b.st[att][p].pat[d] < patB4 && !renjuBlack {
				continue
			}
			for o := -5; o <= 5; o++ {
				q := p + o*dirOff[d]
				lines[q>>6] |= 1 << (q & 63)
			}
		}
	}
}
