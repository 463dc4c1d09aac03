package gomokuengine

import "sync"

// Line patterns: what placing a stone of one colour on an empty cell makes
// of the line through it in one direction, judged on the 5 cells each side.
const (
	patNone = iota
	patB2   // two that can become a three (blocked)
	patF2   // two that can become an open three
	patB3   // three that can become a four (blocked)
	patF3   // open three: one more stone makes a straight four
	patB4   // four: one point makes five
	patF4   // straight four: two points make five
	patF4D  // two fours in one line (X.XXX.X)
	patFive // five (for the rule and colour)
	patOver // overline (exact-five rules): not a win
	nPat
)

// pattern table variants
const (
	varOver      = iota // five or more wins
	varExact            // exactly five
	varCaro             // five or more; exactly five not blocked at both ends
	varCaroExact        // exactly five, not blocked at both ends
	nVar
)

const winLen = 5 // cells each side of the centre a pattern may look at

// A variant's table keys the cells within its reach each side of the
// centre (offsets -reach..-1, 1..reach), one base-3 digit each: 0 empty,
// 1 own, 2 opponent or off the board; base 4 under the caro rules, whose
// digit 3 is the edge, which does not block a five. Five or more wins
// sees 4 cells each side, so its table has 3⁸ entries (6.5 KB), the
// exact-five rules see 5 (3¹⁰, 59 KB), caro 4¹⁰ (1 MB). Small tables
// stay in the cache the hot path of Play and Undo reads them from.
var (
	varReach = [nVar]int{varOver: 4, varExact: 5, varCaro: 5, varCaroExact: 5}
	varBase  = [nVar]uint32{varOver: 3, varExact: 3, varCaro: 4, varCaroExact: 4}
)

// patTables[v][key] is the pattern made by placing own stone at the
// centre of the cells key holds.
var (
	patTables    [nVar][]uint8
	patTableOnce [nVar]sync.Once
)

func patTable(v int) []uint8 {
	patTableOnce[v].Do(func() { patTables[v] = buildPatTable(v) })
	return patTables[v]
}

// digitWeights returns each offset's weight in variant v's key, indexed
// by offset+winLen (0 outside its reach).
func digitWeights(v int) (w [2*winLen + 1]uint32) {
	r, m := varReach[v], uint32(1)
	for f := 0; f < 2*r; f++ {
		o := f - r // offsets -r..-1, then 1..r
		if f >= r {
			o++
		}
		w[o+winLen] = m
		m *= varBase[v]
	}
	return w
}

// patBuilder classifies lines given as a full key: 10 cells (offsets
// -5..-1, 1..5), 2 bits each, the digits of the tables' keys.
type patBuilder struct {
	v    int
	five []int8 // per key (centre own): -1 unknown, else count of five points (+8 if straight)
	l3   []int8 // per key (centre own): -1 unknown, else patF3/patB3/patNone
}

func keyIdx(pos int) int { // position 0..10 (centre 5) → field index 0..9
	if pos < 5 {
		return pos
	}
	return pos - 1
}

func decode(key uint32, a *[11]int8) {
	for pos := 0; pos < 11; pos++ {
		if pos == 5 {
			a[pos] = 1
			continue
		}
		a[pos] = int8(key >> (2 * keyIdx(pos)) & 3)
	}
}

// run returns the run of own stones through the centre.
func run(a *[11]int8) (l, r int) {
	l, r = 5, 5
	for l > 0 && a[l-1] == 1 {
		l--
	}
	for r < 10 && a[r+1] == 1 {
		r++
	}
	return
}

func (pb *patBuilder) isFive(a *[11]int8) (five, over bool) {
	l, r := run(a)
	n := r - l + 1
	switch pb.v {
	case varOver:
		return n >= 5, false
	case varExact:
		return n == 5, n > 5
	case varCaro:
		if n != 5 {
			return n > 5, false
		}
		return !(a[l-1] == 2 && a[r+1] == 2), false
	default: // varCaroExact
		if n != 5 {
			return false, n > 5
		}
		return !(a[l-1] == 2 && a[r+1] == 2), false
	}
}

// fiveInfo: number of empty points that make five through the centre, +8
// if two of them make a straight four (5 apart with 4 own between).
func (pb *patBuilder) fiveInfo(key uint32) int8 {
	if v := pb.five[key]; v >= 0 {
		return v
	}
	var a [11]int8
	decode(key, &a)
	var pts []int
	for e := 0; e < 11; e++ {
		if a[e] != 0 {
			continue
		}
		a[e] = 1
		if f, _ := pb.isFive(&a); f {
			pts = append(pts, e)
		}
		a[e] = 0
	}
	v := int8(len(pts))
	if v >= 2 && (pb.v == varCaro || pb.v == varCaroExact) && !pb.independent(&a, pts) {
		// under caro a block at one five point can leave every other five
		// blocked at both ends: then it is one four, not two
		v = 1
	}
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			if pts[j]-pts[i] == 5 {
				straight := true
				for k := pts[i] + 1; k < pts[j]; k++ {
					straight = straight && a[k] == 1
				}
				if straight && (pb.v == varCaro || pb.v == varCaroExact) {
					// under caro a block at one end can leave the five at
					// the other end blocked at both: straight only if
					// each five survives a block of the other point
					straight = pb.fiveWith(&a, pts[j], pts[i]) && pb.fiveWith(&a, pts[i], pts[j])
				}
				if straight {
					v |= 8
				}
			}
		}
	}
	pb.five[key] = v
	return v
}

// independent reports whether two of the five points pts stay five
// points when the opponent takes the other.
func (pb *patBuilder) independent(a *[11]int8, pts []int) bool {
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			if pb.fiveWith(a, pts[i], pts[j]) && pb.fiveWith(a, pts[j], pts[i]) {
				return true
			}
		}
	}
	return false
}

// fiveWith reports whether own at e makes five with the opponent at o.
func (pb *patBuilder) fiveWith(a *[11]int8, e, o int) bool {
	a[e], a[o] = 1, 2
	f, _ := pb.isFive(a)
	a[e], a[o] = 0, 0
	return f
}

func (pb *patBuilder) level4(key uint32) int {
	f := pb.fiveInfo(key)
	switch {
	case f&7 >= 2 && f&8 != 0:
		return patF4
	case f&7 >= 2:
		return patF4D
	case f&7 == 1:
		return patB4
	}
	return patNone
}

func (pb *patBuilder) level3(key uint32) int {
	if v := pb.l3[key]; v >= 0 {
		return int(v)
	}
	res := patNone
	for e := 0; e < 11 && res != patF3; e++ {
		if e == 5 || key>>(2*keyIdx(e))&3 != 0 {
			continue
		}
		switch pb.level4(key | 1<<(2*keyIdx(e))) {
		case patF4:
			res = patF3
		case patB4, patF4D:
			res = patB3
		}
	}
	pb.l3[key] = int8(res)
	return res
}

func newPatBuilder(v int) *patBuilder {
	pb := &patBuilder{v: v, five: make([]int8, 1<<20), l3: make([]int8, 1<<20)}
	for i := range pb.five {
		pb.five[i], pb.l3[i] = -1, -1
	}
	return pb
}

// buildPatTable classifies every key of variant v: the digits of a key
// counted up in order are the key's index.
func buildPatTable(v int) []uint8 {
	pb := newPatBuilder(v)
	r, base := varReach[v], varBase[v]
	n := 1
	for range 2 * r {
		n *= int(base)
	}
	t := make([]uint8, n)
	var digits [2 * winLen]uint32
	for i := range t {
		var full uint32 // offsets beyond the reach stay empty
		for f := range 2 * r {
			full |= digits[f] << (2 * (f + winLen - r))
		}
		t[i] = uint8(pb.pattern(full))
		for f := 0; f < 2*r; f++ {
			if digits[f]++; digits[f] < base {
				break
			}
			digits[f] = 0
		}
	}
	return t
}

// pattern classifies the full key.
func (pb *patBuilder) pattern(key uint32) int {
	var a [11]int8
	decode(key, &a)
	return pb.classify(key, &a)
}

func (pb *patBuilder) classify(key uint32, a *[11]int8) int {
	if f, o := pb.isFive(a); f {
		return patFive
	} else if o {
		return patOver
	}
	if p := pb.level4(key); p != patNone {
		return p
	}
	if p := pb.level3(key); p != patNone {
		return p
	}
	res := patNone
	for e := 0; e < 11 && res != patF2; e++ {
		if e == 5 || a[e] != 0 {
			continue
		}
		switch pb.level3(key | 1<<(2*keyIdx(e))) {
		case patF3:
			res = patF2
		case patB3:
			res = patB2
		}
	}
	return res
}
