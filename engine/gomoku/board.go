package gomokuengine

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/inarow/inarow"

	"github.com/inarow/inarow/gomoku"
)

// Colours of the search board.
const (
	black = 0 // moves first
	white = 1
	empty = 2
	wall  = 3
)

// The cells of the padded board are numbered row by row; the arrays
// indexed by cell hold a power of two of them, the cells past the
// board's last row walls too, so that the hot path indexes them with
// q&cellMask and the compiler drops its bounds checks (an eighth of
// Play and Undo's instructions).
const (
	pad      = 5
	stride   = 20 + 2*pad // padded row length
	nCells   = 1024       // ≥ stride·stride, a power of two
	cellMask = nCells - 1
	nWords   = nCells / 64 // a bit set of cells
)

var _ [nCells - stride*stride]struct{} // the padded board fits

var dirOff = [4]int{1, stride, stride + 1, stride - 1}

// Cell classes of an empty cell for one colour (the four directions
// combined), strongest first.
const (
	clsNone  = iota
	clsTwo   // some two
	clsThree // an open three
	clsB4    // a four
	clsF3F3  // two open threes
	clsB4F3  // a four and an open three
	clsFlex4 // a straight four or a double four: wins next move
	clsFive  // five
	nCls
)

var zobrist [2][nCells]uint64

func init() {
	r := rand.New(rand.NewPCG(0x696e61726f77, 0x676f6d6f6b75))
	for c := range zobrist {
		for i := range stride * stride { // (the cells of the board and its walls)
			zobrist[c][i] = r.Uint64()
		}
	}
}

// ErrBadBoard reports a board size or a move the search board refuses.
var ErrBadBoard = errors.New("engine: bad gomoku board")

// board is the mutable gomoku board of the search: stones on a padded
// array, and for every cell and direction the line pattern each colour
// would make there, kept up to date by Play and Undo.
type board struct {
	W, H int
	Rule gomoku.Rule

	cell [nCells]uint8
	key  [nCells][4]uint64    // black's key in the low half, white's in the high
	st   [2][nCells]cellState // each colour's patterns, class and value of each cell
	row  [2]uint8             // each colour's row of combos: 1 for renju black
	// each colour's row of combos.cls and of evt.cell (Play's lookups,
	// the row picked once here rather than at each change)
	comboCls  [2]*[nCombo]uint8
	comboEval [2]*[nCombo]evalPair
	nb        [nCells]uint8  // stones within 2 along the lines
	near      [nWords]uint64 // the cells whose nb is not 0 (stones among them)
	clsCnt    [2][nCls]int
	clsSet    [2][nCls][nWords]uint64 // the empty cells of each class
	evSum     [2]evalPair             // the cells' values' sums, and the line terms'
	evt       *evalTables             // the rule's values
	ord       *orderTables            // the rule's move order (orderOf)
	// lines is the line values by key (see nLineKey): set when the rule
	// is freestyle or standard and the evaluation file gives line values,
	// else nil.
	lines []evalPair
	// toOver reads each colour's keys as freestyle's (overKeyTable; nil
	// where they are), the keys the line values are by; lineKeys: both
	// colours' keys have that reading (not under caro)
	toOver   [2][]uint16
	lineKeys bool
	tables   [2][]uint8              // per colour, indexed by key
	weight   [2][2*winLen + 1]uint32 // each offset's digit weight in key, per colour
	delta    [2][16]uint64           // what a stone of each colour adds to both keys (by winLen-offset; 16 for a mask)
	reach    int                     // the farthest weight
	hash     uint64
	moves    []int // played cells, in order
	toMove   int
	winner   int // -1 none
	winPly   int
	// renju holds the stones for package gomoku's renju checker (renju
	// only, else nil): the module's one forbidden-point check.
	renju   *gomoku.Board
	changes []change // what setCell changed, for clearCell to put back
	frames  []frame  // one per stone set
	// quiet: the threat searches are playing, which read the classes
	// and never the evaluation, so Play leaves the cells' values and
	// their sums alone; Undo puts back what it found (set by tabled,
	// the threat searches' entry).
	quiet bool
}

// A cellState is what one colour makes of an empty cell: its line
// patterns in the four directions, their number (comboIdx), its class
// and its evaluation terms, kept together so that a change notes and
// puts it back as one 16-byte value.
type cellState struct {
	pat   [4]uint8
	combo uint16
	cls   uint8
	_     uint8
	ev    evalPair
}

// A change is one colour's state of a cell as it was before a stone
// changed it: clearCell puts it back instead of working it out again.
type change struct {
	q   uint16
	c   uint8
	old cellState
}

// A frame holds the totals before a stone was set, and where its
// changes start.
type frame struct {
	changes int
	clsCnt  [2][nCls]int
	evSum   [2]evalPair
}

// ruleVariants returns the pattern table variants of black and white
// under rule r.
func ruleVariants(r gomoku.Rule) [2]int {
	switch r {
	case gomoku.Standard:
		return [2]int{varExact, varExact}
	case gomoku.Renju:
		return [2]int{varExact, varOver}
	case gomoku.Caro:
		return [2]int{varCaro, varCaro}
	case gomoku.CaroExact:
		return [2]int{varCaroExact, varCaroExact}
	}
	return [2]int{varOver, varOver}
}

// evalReadsLines reports whether the evaluation reads line values on a
// board of key variants v: freestyle's keys, or standard's read as them
// (evalTables.exact). Renju's colours' keys are not one variant, and its
// values have none (fitted by its own keys, they overfit; by each
// colour's keys read as freestyle's, they gained nothing on held-out
// games: issue 23, sessions 40 and 46); caro's keys have no freestyle
// reading. The fit's features (lineCounts) follow it.
func evalReadsLines(v [2]int) bool {
	return v == [2]int{varOver, varOver} || v == [2]int{varExact, varExact}
}

// newBoard returns an empty w×h board (5 ≤ w,h ≤ 20) under rule r.
func newBoard(w, h int, r gomoku.Rule) (*board, error) { return newBoardTuned(w, h, r, Tuning{}) }

// newBoardTuned is newBoard with rule r's values moved by t's evaluation
// groups (evalTables.tuned).
func newBoardTuned(w, h int, r gomoku.Rule, t Tuning) (*board, error) {
	if w < 5 || h < 5 || w > 20 || h > 20 {
		return nil, fmt.Errorf("%w: size %d×%d is outside 5×5 to 20×20", ErrBadBoard, w, h)
	}
	b := &board{W: w, H: h, Rule: r, winner: -1}
	if r == gomoku.Renju {
		b.row[black] = 1
		b.renju = gomoku.NewBoard(inarow.Rules{Cols: w, Rows: h, K: 5, Win: r.WinRule()})
	}
	v := ruleVariants(r)
	b.lineKeys = true
	for c := range 2 {
		b.toOver[c] = overKeyTable(v[c])
		b.lineKeys = b.lineKeys && (v[c] == varOver || b.toOver[c] != nil)
	}
	b.evt = evalFor(r).tuned(t)
	for c := range 2 {
		b.comboCls[c], b.comboEval[c] = &combos.cls[b.row[c]], &b.evt.cell[b.row[c]]
	}
	b.ord = orderOf(r)
	if b.evt.lineOn && evalReadsLines(v) {
		b.lines = b.evt.line[:]
		if v[0] == varExact { // standard's keys, read as freestyle's
			b.lines = b.evt.exact
		}
	}
	for c := range 2 {
		b.tables[c], b.weight[c] = patTable(v[c]), digitWeights(v[c])
		b.reach = max(b.reach, varReach[v[c]])
	}
	for c := range 2 { // own digit 1, the opponent's 2
		for o := range b.weight[c] {
			own, opp := uint64(b.weight[c][o]), uint64(b.weight[c^1][o])
			b.delta[c][o] = (own << (32 * c)) + (2 * opp << (32 * (c ^ 1)))
		}
	}
	for i := range b.cell {
		b.cell[i] = wall
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b.cell[b.Idx(x, y)] = empty
		}
	}
	edge := uint32(2)
	if r == gomoku.Caro || r == gomoku.CaroExact {
		edge = 3 // the edge does not block a caro five
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			q := b.Idx(x, y)
			for d := 0; d < 4; d++ {
				for o := -winLen; o <= winLen; o++ {
					if o != 0 && b.cell[q+o*dirOff[d]] == wall {
						b.key[q][d] += uint64(edge*b.weight[0][o+winLen]) | uint64(edge*b.weight[1][o+winLen])<<32
					}
				}
			}
			b.refresh(q)
		}
	}
	return b, nil
}

// Idx is the cell index of column x, row y (from the top).
func (b *board) Idx(x, y int) int { return (y+pad)*stride + x + pad }

// move is the inarow.Move of cell i (y·W + x, as inarow.Rules numbers
// the points of a W-column board).
func (b *board) move(i int) inarow.Move {
	x, y := b.XY(i)
	return inarow.Move(y*b.W + x)
}

// cellOf is the cell of the point m of the board.
func (b *board) cellOf(m inarow.Move) int { return b.Idx(int(m)%b.W, int(m)/b.W) }

// movesOf converts cells to moves (nil stays nil).
func (b *board) movesOf(cells []int) []inarow.Move {
	if cells == nil {
		return nil
	}
	ms := make([]inarow.Move, len(cells))
	for k, i := range cells {
		ms[k] = b.move(i)
	}
	return ms
}

// XY is the column and row of a cell index.
func (b *board) XY(i int) (x, y int) { return i%stride - pad, i/stride - pad }

// OnBoard reports whether (x, y) is a point of the board.
func (b *board) OnBoard(x, y int) bool { return x >= 0 && y >= 0 && x < b.W && y < b.H }

// At returns black, white or -1 for an empty point.
func (b *board) At(x, y int) int {
	if c := b.cell[b.Idx(x, y)]; c < 2 {
		return int(c)
	}
	return -1
}

// ToMove is the colour to play.
func (b *board) ToMove() int { return b.toMove }

// SetToMove sets the colour to play (positions given by the protocol's
// BOARD command need not alternate).
func (b *board) SetToMove(c int) { b.toMove = c }

// Moves returns the played cells in order (indices for XY).
func (b *board) Moves() []int { return b.moves }

// Count is the number of stones.
func (b *board) Count() int { return len(b.moves) }

// Hash is the Zobrist hash of the stones (and the side to move).
func (b *board) Hash() uint64 { return b.hash ^ uint64(b.toMove) }

// Winner is the colour that has made a winning line, or -1.
func (b *board) Winner() int { return b.winner }

// Full reports whether no empty point is left.
func (b *board) Full() bool { return len(b.moves) >= b.W*b.H }

// Empty reports whether the cell index is an empty point.
func (b *board) Empty(i int) bool { return i >= 0 && i < nCells && b.cell[i] == empty }

// PlayXY plays the side to move at (x, y), refusing off-board, occupied
// and (renju, black) forbidden points.
func (b *board) PlayXY(x, y int) error {
	if !b.OnBoard(x, y) {
		return fmt.Errorf("%w: %d,%d is off the %d×%d board", ErrBadBoard, x, y, b.W, b.H)
	}
	i := b.Idx(x, y)
	if b.cell[i] != empty {
		return fmt.Errorf("%w: %d,%d is occupied", ErrBadBoard, x, y)
	}
	if b.toMove == black && b.IsForbidden(i) {
		return fmt.Errorf("%w: %d,%d is forbidden for black", ErrBadBoard, x, y)
	}
	b.Play(i)
	return nil
}

// Place puts a stone of colour c at (x, y) without rule checks (for
// positions given by the protocol) and gives the move to the other colour.
func (b *board) Place(x, y, c int) error {
	if !b.OnBoard(x, y) {
		return fmt.Errorf("%w: %d,%d is off the %d×%d board", ErrBadBoard, x, y, b.W, b.H)
	}
	i := b.Idx(x, y)
	if b.cell[i] != empty {
		return fmt.Errorf("%w: %d,%d is occupied", ErrBadBoard, x, y)
	}
	b.toMove = c
	b.Play(i)
	return nil
}

// Play places the side to move's stone at cell i (empty, unchecked).
func (b *board) Play(i int) {
	c := b.toMove
	if b.winner < 0 && b.st[c][i].cls == clsFive {
		b.winner, b.winPly = c, len(b.moves)
	}
	b.setCell(i, c)
	b.moves = append(b.moves, i)
	b.toMove = c ^ 1
}

// Undo takes back the last stone.
func (b *board) Undo() {
	n := len(b.moves) - 1
	i := b.moves[n]
	b.moves = b.moves[:n]
	c := int(b.cell[i])
	b.clearCell(i)
	b.toMove = c
	if b.winner >= 0 && b.winPly == n {
		b.winner = -1
	}
}

// setCell adds the stone's digit to the keys of the cells within reach on
// its four lines (1 for its colour, 2 for the other) and refreshes those
// cells' patterns, noting each change; clearCell takes the digits away
// and puts the noted patterns, classes and totals back.
func (b *board) setCell(i, c int) {
	b.frames = append(b.frames, frame{len(b.changes), b.clsCnt, b.evSum})
	b.unrefreshCell(i)
	b.cell[i] = uint8(c)
	b.hash ^= zobrist[c][i]
	if b.renju != nil {
		b.renju.Set(b.move(i), inarow.Player(c))
	}
	start := len(b.changes)
	b.changes = slices.Grow(b.changes, maxChanges)
	ch := b.changes[start : start+maxChanges]
	n := 0
	dl := &b.delta[c]
	// the line terms' changes, added to the sums once at the end
	var dMe, dOp [2]int32
	lt := b.lines
	if b.quiet {
		lt = nil
	}
	t0, t1 := b.tables[black], b.tables[white]
	for d := 0; d < 4; d++ {
		off := dirOff[d]
		for o := -b.reach; o <= b.reach; o++ {
			// (o == 0, the stone's own cell, is no longer empty and
			// its delta is 0)
			q := (i + o*off) & cellMask
			if b.cell[q] == wall {
				continue
			}
			kp := &b.key[q][d]
			kold := *kp
			knew := kold + dl[(winLen-o)&15]
			*kp = knew
			if b.cell[q] != empty {
				continue
			}
			// each colour's key: colour 0's is the low half
			kb, kw := uint32(knew), uint32(knew>>32)
			if lt != nil {
				// the line terms of both colours move with the keys (a
				// key's term is 0 where it makes no pattern); Undo puts
				// the sums back from the frame
				a, z := &lt[kb], &lt[uint32(kold)]
				dMe[0] += a.me - z.me
				dOp[0] += a.op - z.op
				a, z = &lt[kw], &lt[uint32(kold>>32)]
				dMe[1] += a.me - z.me
				dOp[1] += a.op - z.op
			}
			// the two colours written out: a loop over them cost a
			// sixth of the walk
			if np := t0[kb]; np != b.st[black][q].pat[d] {
				b.patChange(&ch[n&(maxChanges-1)], q, black, d, np)
				n++
			}
			if np := t1[kw]; np != b.st[white][q].pat[d] {
				b.patChange(&ch[n&(maxChanges-1)], q, white, d, np)
				n++
			}
		}
	}
	b.addNear(i)
	for c := range 2 {
		b.evSum[c].me += dMe[c]
		b.evSum[c].op += dOp[c]
	}
	b.changes = b.changes[:start+n]
}

// nearSteps are the cells whose nb a stone at 0 counts in: within two
// along each line, 16 in all. They are walked apart from the keys' reach
// (4 or 5 each side), which would test a nearness of 0 at half its cells.
var nearSteps = [16]int{
	-2, -1, 1, 2,
	-2 * stride, -stride, stride, 2 * stride,
	-2 * (stride + 1), -(stride + 1), stride + 1, 2 * (stride + 1),
	-2 * (stride - 1), -(stride - 1), stride - 1, 2 * (stride - 1),
}

// addNear counts the stone at i in the nb of the cells near it.
func (b *board) addNear(i int) {
	for _, s := range nearSteps {
		q := (i + s) & cellMask
		if b.cell[q] == wall {
			continue
		}
		b.nb[q]++
		b.near[q>>6&(nWords-1)] |= 1 << (q & 63)
	}
}

// removeNear takes the stone at i out of the nb of the cells near it.
func (b *board) removeNear(i int) {
	for _, s := range nearSteps {
		q := (i + s) & cellMask
		if b.cell[q] == wall {
			continue
		}
		nb := b.nb[q] - 1
		b.nb[q] = nb
		// without a branch: with one (if nb == 0) cachegrind's branch
		// simulation counted 91 mispredictions a Play and Undo, not 55
		var gone uint64
		if nb == 0 {
			gone = 1
		}
		b.near[q>>6&(nWords-1)] &^= gone << (q & 63)
	}
}

// maxChanges bounds the changes of one stone: two colours' patterns of
// the cells within reach on four lines (80), rounded up to a power of
// two so that setCell indexes its part of the log without a check.
const maxChanges = 128

var _ [maxChanges - 2*4*2*winLen]struct{}

// patChange notes colour c's pattern of cell q in direction d, with the
// cell's class and value, in x and sets the pattern to np.
func (b *board) patChange(x *change, q, c, d int, np uint8) {
	q, c, d = q&cellMask, c&1, d&3
	st := &b.st[c][q]
	x.q, x.c, x.old = uint16(q), uint8(c), *st
	op := st.pat[d]
	st.pat[d] = np
	k := uint16(int(st.combo) + (int(np)-int(op))*comboPow[d])
	st.combo = k
	// the class and value looked up here, not in a call (the call was a
	// tenth of a change's cost); the cell sets are updated without a
	// branch (clsSet[c][clsNone] holds the empty cells of no class)
	cl, old := b.comboCls[c][k]&(nCls-1), st.cls&(nCls-1)
	b.clsCnt[c][old]--
	b.clsCnt[c][cl]++
	set := &b.clsSet[c]
	set[old][q>>6] &^= 1 << (q & 63)
	set[cl][q>>6] |= 1 << (q & 63)
	st.cls = cl
	if b.quiet {
		return
	}
	e := b.comboEval[c][k]
	b.evSum[c].me += e.me - st.ev.me
	b.evSum[c].op += e.op - st.ev.op
	st.ev = e
}

// clearCell walks the lines as setCell does, written out again on
// purpose: the pair is the search's hottest loop (every node plays and
// takes back a stone), and a shared walk would take a callback or a sign
// to test in it; duplicates lists the pair, and it stays.
func (b *board) clearCell(i int) {
	c := int(b.cell[i])
	b.cell[i] = empty
	b.hash ^= zobrist[c][i]
	if b.renju != nil {
		b.renju.Clear(b.move(i))
	}
	dl := &b.delta[c]
	for d := 0; d < 4; d++ {
		off := dirOff[d]
		for o := -b.reach; o <= b.reach; o++ {
			q := (i + o*off) & cellMask
			if b.cell[q] == wall {
				continue
			}
			b.key[q][d] -= dl[(winLen-o)&15]
		}
	}
	b.removeNear(i)
	f := &b.frames[len(b.frames)-1]
	// a stone changes each colour's state of a cell at most once (a
	// cell is on one line through it), so the changes are put back in
	// any order
	cs := b.changes[f.changes:]
	for k := range cs {
		x := &cs[k]
		q, c, w := int(x.q)&cellMask, x.c&1, x.q>>6&(nWords-1)
		st := &b.st[c][q]
		set := &b.clsSet[c]
		set[st.cls&(nCls-1)][w] &^= 1 << (q & 63)
		set[x.old.cls&(nCls-1)][w] |= 1 << (q & 63)
		*st = x.old
	}
	b.changes = b.changes[:f.changes]
	b.clsCnt, b.evSum = f.clsCnt, f.evSum
	b.frames = b.frames[:len(b.frames)-1]
}

// unrefreshCell takes an empty cell's class and value out of the totals
// (it is about to be occupied), noting them.
func (b *board) unrefreshCell(i int) {
	for c := 0; c < 2; c++ {
		b.changes = append(b.changes, change{q: uint16(i), c: uint8(c), old: b.st[c][i]})
		b.clsCnt[c][b.st[c][i].cls]--
		b.clsSet[c][b.st[c][i].cls][i>>6] &^= 1 << (i & 63)
		b.st[c][i].cls = clsNone
		b.clsCnt[c][clsNone]++
		if b.quiet {
			continue
		}
		b.evSum[c].me -= b.st[c][i].ev.me
		b.evSum[c].op -= b.st[c][i].ev.op
		if lt := b.lines; lt != nil {
			for d := 0; d < 4; d++ {
				z := &lt[uint32(b.key[i][d]>>(32*c))]
				b.evSum[c].me -= z.me
				b.evSum[c].op -= z.op
			}
		}
		b.st[c][i].ev = evalPair{}
	}
}

// refresh works out a new empty cell's patterns, class and value (at
// start-up; Play and Undo keep them since): patChange from the zero state,
// in every direction, so that each cell's first state is counted the way
// later changes are.
func (b *board) refresh(q int) {
	var scratch change
	for c := 0; c < 2; c++ {
		for d := 0; d < 4; d++ {
			b.patChange(&scratch, q, c, d, b.tables[c][uint32(b.key[q][d]>>(32*c))])
		}
	}
}

var patValue = [nPat]int32{patNone: 0, patB2: 2, patF2: 8, patB3: 10, patF3: 40, patB4: 48, patF4: 300, patF4D: 300, patFive: 2000, patOver: 0}

// combine is what the four line patterns of a cell make of it for one
// colour: its class and its value. renjuBlack applies black's renju
// restrictions. The board looks it up in combos, built from it at start-up.
func combine(p [4]uint8, renjuBlack bool) (cl int, v int32) {
	var n [nPat]int
	for d := 0; d < 4; d++ {
		n[p[d]]++
		v += patValue[p[d]]
	}
	switch {
	case n[patFive] > 0:
		cl = clsFive
	case n[patF4] > 0 || n[patF4D] > 0 || n[patB4] >= 2:
		cl = clsFlex4
	case n[patB4] > 0 && n[patF3] > 0:
		cl = clsB4F3
	case n[patF3] >= 2:
		cl = clsF3F3
	case n[patB4] > 0:
		cl = clsB4
	case n[patF3] > 0:
		cl = clsThree
	case n[patF2]+n[patB3]+n[patB2] > 0:
		cl = clsTwo
	}
	if renjuBlack && cl != clsFive {
		// black's overlines and double fours are forbidden: no threat and
		// no value; a double three mostly is: worth one three
		if n[patOver] > 0 || n[patF4D] > 0 || n[patB4]+n[patF4] >= 2 {
			cl, v = clsNone, 0
		} else if cl == clsF3F3 {
			cl = clsThree
		}
	}
	switch cl {
	case clsFlex4:
		v += 400
	case clsB4F3:
		v += 250
	case clsF3F3:
		v += 150
	}
	if n[patF2] >= 2 {
		v += 12
	}
	if n[patF3] > 0 && n[patF2] > 0 {
		v += 20
	}
	return cl, v
}

// comboIdx numbers the four patterns of a cell: the digits of a number
// in base nPat.
func comboIdx(p *[4]uint8) int {
	return ((int(p[0])*nPat+int(p[1]))*nPat+int(p[2]))*nPat + int(p[3])
}

const nCombo = nPat * nPat * nPat * nPat

// comboPow is each direction's digit weight in comboIdx: Play moves a
// cell's number by the change of one pattern instead of numbering it
// again.
var comboPow = [4]int{nPat * nPat * nPat, nPat * nPat, nPat, 1}

// comboPats is comboIdx's inverse: the four patterns numbered i.
func comboPats(i int) [4]uint8 {
	return [4]uint8{uint8(i / (nPat * nPat * nPat)), uint8(i / (nPat * nPat) % nPat), uint8(i / nPat % nPat), uint8(i % nPat)}
}

// combos.cls[r][comboIdx(p)] is the class of a cell with patterns p (r = 1:
// renju black), and the rule's evalTables.cell[r][comboIdx(p)] its
// evaluation terms: the hot path of Play looks a cell up instead of
// counting. The classes are kept apart from the values so that they fit
// the nearest cache (10 KB each).
var combos = func() (t struct {
	cls [2][nCombo]uint8
}) {
	for i := range nCombo {
		p := comboPats(i)
		for r := range 2 {
			cl, _ := combine(p, r == 1)
			t.cls[r][i] = uint8(cl)
		}
	}
	return t
}()

// IsForbidden reports whether black may not play the empty cell i (renju
// only: double three, double four, overline; exactly five is allowed), by
// package gomoku's checker.
func (b *board) IsForbidden(i int) bool {
	if b.renju == nil || b.cell[i] != empty {
		return false
	}
	_, bad := b.renju.IsForbidden(b.move(i))
	return bad
}

// maybeForbidden is a necessary condition of IsForbidden read from the
// search's own line patterns (two threes, two fours, a double four on one
// line, an overline; no five): it is no checker, it lets legalFor skip the
// check at the most points, where it cannot be forbidden.
// TestRenjuLegalDifferential and FuzzRenjuLegal keep legalFor equal to
// package gomoku's answer.
func (b *board) maybeForbidden(i int) bool {
	p := &b.st[black][i].pat
	threes, fours := 0, 0
	for d := 0; d < 4; d++ {
		switch p[d] {
		case patFive:
			return false
		case patOver, patF4D:
			return true
		case patB4, patF4:
			fours++
		case patF3:
			threes++
		}
	}
	return fours >= 2 || threes >= 2
}

// blockFives returns a point where att's opponent, with one stone, leaves
// att no five point of f (two or more), or -1. Under the caro rules a
// stone that blocks one five can leave the other blocked at both ends;
// under the other rules two five points cannot both be stopped.
func (b *board) blockFives(att int, f []int) int {
	if b.Rule != gomoku.Caro && b.Rule != gomoku.CaroExact {
		return -1
	}
	def, save := att^1, b.toMove
	for _, q := range f {
		if !b.legalFor(def, q) {
			continue
		}
		b.toMove = def
		b.Play(q)
		stopped := b.clsCnt[att][clsFive] == 0
		b.Undo()
		b.toMove = save
		if stopped {
			return q
		}
	}
	return -1
}

// hasFive reports whether colour c completes five with one stone.
func (b *board) hasFive(c int) bool { return b.clsCnt[c][clsFive] > 0 }

// fivePoint returns the first cell where colour c completes five, or -1.
func (b *board) fivePoint(c int) int { return b.firstOf(c, clsFive) }

// firstOf returns the first empty cell where colour c has class cl, or -1.
func (b *board) firstOf(c, cl int) int {
	for w, word := range b.clsSet[c][cl] {
		if word != 0 {
			return w<<6 + bits.TrailingZeros64(word)
		}
	}
	return -1
}

// legalFor reports whether colour c may play cell i: empty, and not a
// point forbidden to renju black. i may be -1, the move of a table entry
// left by a node with no move to play (every point forbidden to black):
// no move is legal.
func (b *board) legalFor(c, i int) bool {
	return i >= 0 && b.cell[i] == empty && !(c == black && b.Rule == gomoku.Renju && b.maybeForbidden(i) && b.IsForbidden(i))
}
