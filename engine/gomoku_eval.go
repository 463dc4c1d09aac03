package engine

// The static evaluation of a gomoku position, for the side to move (me):
//
//	eval = ( Σ cells ev.me of me − Σ cells ev.op of op + threat[mask] ) / 2
//
// Every empty cell carries, for each colour, a value by the four line
// patterns that colour would make there (evalCell), counted one way when
// that colour is to move and another when it is not; the threat table
// adds what the per-cell sums cannot: who can cash a double threat first.
// Board keeps the sums up to date in Play and Undo.

// evalPair is a cell's value for its colour as the side to move (me) and
// as the other side (op), in half units.
type evalPair struct{ me, op int32 }

// evalCell[r][comboIdx(p)] is the value of a cell with patterns p (r = 1:
// renju black). The hand-set values: 1.5 × combine's value for the side
// to move, 1 × for the other.
var evalCell = func() (t [2][nPat * nPat * nPat * nPat]evalPair) {
	for i := range t[0] {
		for r := range t {
			v := combos[r][i] >> 4
			t[r][i] = evalPair{3 * v, 2 * v}
		}
	}
	return t
}()

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

func threatMask(b *Board, me, op int) int {
	m, o := &b.clsCnt[me], &b.clsCnt[op]
	mask := 0
	bit := func(on bool, v int) {
		if on {
			mask |= v
		}
	}
	bit(m[clsB4F3] > 0, tmMeB4F3)
	bit(m[clsF3F3] > 0, tmMeF3F3)
	bit(m[clsB4] > 0, tmMeB4)
	bit(m[clsThree] > 0, tmMeThree)
	bit(o[clsB4F3] > 0, tmOpB4F3)
	bit(o[clsF3F3] > 0, tmOpF3F3)
	bit(o[clsB4] > 0, tmOpB4)
	bit(o[clsThree] > 0, tmOpThree)
	bit(o[clsFlex4] > 0, tmOpFlex4)
	bit(o[clsF3F3]+o[clsB4F3] >= 2, tmOpDouble)
	bit(m[clsFlex4] > 0, tmMeFlex4)
	return mask
}

// threatEval[mask], in half units. The hand-set terms: the side to move
// cashes its four-three (or its double three, if op has no three to
// answer with) before op can; op's double-threat cells cost me when I
// have no four to force with (me can take one such point, not two).
// Without the second term the engine let Rapfi build them with quiet
// moves and lost as white; with it, it scores 81–83 % against Rapfi
// depth 2 instead of 72–74 % (see issue 4's note).
var threatEval = func() (t [nThreatMask]int32) {
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
}()

func (s *searcher) eval() int {
	b := s.b
	me, op := b.toMove, b.toMove^1
	return int(b.evSum[me].me-b.evSum[op].op+threatEval[threatMask(b, me, op)]) >> 1
}
