package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Colours of the search board.
const (
	Black = 0 // moves first
	White = 1
	empty = 2
	wall  = 3
)

const (
	pad    = 5
	stride = 20 + 2*pad // padded row length
	nCells = stride * stride
	nWords = (nCells + 63) / 64 // a bit set of cells
)

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
		for i := range zobrist[c] {
			zobrist[c][i] = r.Uint64()
		}
	}
}

// ErrBadBoard reports a board size or a move the search board refuses.
var ErrBadBoard = errors.New("engine: bad gomoku board")

// Board is the mutable gomoku board of the search: stones on a padded
// array, and for every cell and direction the line pattern each colour
// would make there, kept up to date by Play and Undo.
type Board struct {
	W, H int
	Rule GomokuRule

	cell    [nCells]uint8
	key     [2][nCells][4]uint32
	pat     [2][nCells][4]uint8
	cls     [2][nCells]uint8
	nb      [nCells]uint8 // stones within 2 along the lines
	clsCnt  [2][nCls]int
	clsSet  [2][nCls][nWords]uint64 // the cells of each class but clsNone
	ev      [2][nCells]evalPair     // the evaluation's per-cell terms
	evSum   [2]evalPair
	tables  [2][]uint8
	hash    uint64
	moves   []int // played cells, in order
	toMove  int
	winner  int // -1 none
	winPly  int
	forbidF func(b *Board, m int) bool
}

// NewBoard returns an empty w×h board (5 ≤ w,h ≤ 20) under rule r.
func NewBoard(w, h int, r GomokuRule) (*Board, error) {
	if w < 5 || h < 5 || w > 20 || h > 20 {
		return nil, fmt.Errorf("%w: size %d×%d is outside 5×5 to 20×20", ErrBadBoard, w, h)
	}
	b := &Board{W: w, H: h, Rule: r, winner: -1}
	switch r {
	case Standard:
		b.tables = [2][]uint8{patTable(varExact), patTable(varExact)}
	case Renju:
		b.tables = [2][]uint8{patTable(varExact), patTable(varOver)}
	case Caro:
		b.tables = [2][]uint8{patTable(varCaro), patTable(varCaro)}
	case CaroExact:
		b.tables = [2][]uint8{patTable(varCaroExact), patTable(varCaroExact)}
	default:
		b.tables = [2][]uint8{patTable(varOver), patTable(varOver)}
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
	if r == Caro || r == CaroExact {
		edge = 3 // the edge does not block a caro five
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			q := b.Idx(x, y)
			for d := 0; d < 4; d++ {
				var k uint32
				for o := -winLen; o <= winLen; o++ {
					if o != 0 && b.cell[q+o*dirOff[d]] == wall {
						k |= edge << (2 * offIdx(o))
					}
				}
				b.key[0][q][d], b.key[1][q][d] = k, k
			}
			b.refresh(q)
		}
	}
	return b, nil
}

// offIdx maps an offset -5..-1, 1..5 to its key field.
func offIdx(o int) int {
	if o < 0 {
		return o + winLen
	}
	return o + winLen - 1
}

// Idx is the cell index of column x, row y (from the top).
func (b *Board) Idx(x, y int) int { return (y+pad)*stride + x + pad }

// XY is the column and row of a cell index.
func (b *Board) XY(i int) (x, y int) { return i%stride - pad, i/stride - pad }

// OnBoard reports whether (x, y) is a point of the board.
func (b *Board) OnBoard(x, y int) bool { return x >= 0 && y >= 0 && x < b.W && y < b.H }

// At returns Black, White or -1 for an empty point.
func (b *Board) At(x, y int) int {
	if c := b.cell[b.Idx(x, y)]; c < 2 {
		return int(c)
	}
	return -1
}

// ToMove is the colour to play.
func (b *Board) ToMove() int { return b.toMove }

// SetToMove sets the colour to play (positions given by the protocol's
// BOARD command need not alternate).
func (b *Board) SetToMove(c int) { b.toMove = c }

// Moves returns the played cells in order (indices for XY).
func (b *Board) Moves() []int { return b.moves }

// Count is the number of stones.
func (b *Board) Count() int { return len(b.moves) }

// Hash is the Zobrist hash of the stones (and the side to move).
func (b *Board) Hash() uint64 { return b.hash ^ uint64(b.toMove) }

// Winner is the colour that has made a winning line, or -1.
func (b *Board) Winner() int { return b.winner }

// Full reports whether no empty point is left.
func (b *Board) Full() bool { return len(b.moves) >= b.W*b.H }

// SetForbidden replaces the renju forbidden-move test (for black) with f;
// nil restores the board's own.
func (b *Board) SetForbidden(f func(b *Board, m int) bool) { b.forbidF = f }

// Empty reports whether the cell index is an empty point.
func (b *Board) Empty(i int) bool { return i >= 0 && i < nCells && b.cell[i] == empty }

// PlayXY plays the side to move at (x, y), refusing off-board, occupied
// and (renju, black) forbidden points.
func (b *Board) PlayXY(x, y int) error {
	if !b.OnBoard(x, y) {
		return fmt.Errorf("%w: %d,%d is off the %d×%d board", ErrBadBoard, x, y, b.W, b.H)
	}
	i := b.Idx(x, y)
	if b.cell[i] != empty {
		return fmt.Errorf("%w: %d,%d is occupied", ErrBadBoard, x, y)
	}
	if b.toMove == Black && b.IsForbidden(i) {
		return fmt.Errorf("%w: %d,%d is forbidden for black", ErrBadBoard, x, y)
	}
	b.Play(i)
	return nil
}

// Place puts a stone of colour c at (x, y) without rule checks (for
// positions given by the protocol) and gives the move to the other colour.
func (b *Board) Place(x, y, c int) error {
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
func (b *Board) Play(i int) {
	c := b.toMove
	if b.winner < 0 && b.cls[c][i] == clsFive {
		b.winner, b.winPly = c, len(b.moves)
	}
	b.setCell(i, c)
	b.moves = append(b.moves, i)
	b.toMove = c ^ 1
}

// Undo takes back the last stone.
func (b *Board) Undo() {
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

func (b *Board) setCell(i, c int) {
	b.unrefreshCell(i)
	b.cell[i] = uint8(c)
	b.hash ^= zobrist[c][i]
	for d := 0; d < 4; d++ {
		off := dirOff[d]
		for o := -winLen; o <= winLen; o++ {
			if o == 0 {
				continue
			}
			q := i + o*off
			if b.cell[q] == wall {
				continue
			}
			sh := 2 * offIdx(-o)
			b.key[c][q][d] |= 1 << sh
			b.key[c^1][q][d] |= 2 << sh
			if o >= -2 && o <= 2 {
				b.nb[q]++
			}
			if b.cell[q] == empty {
				b.refreshDir(q, d)
			}
		}
	}
}

func (b *Board) clearCell(i int) {
	c := int(b.cell[i])
	b.cell[i] = empty
	b.hash ^= zobrist[c][i]
	for d := 0; d < 4; d++ {
		off := dirOff[d]
		for o := -winLen; o <= winLen; o++ {
			if o == 0 {
				continue
			}
			q := i + o*off
			if b.cell[q] == wall {
				continue
			}
			sh := 2 * offIdx(-o)
			b.key[0][q][d] &^= 3 << sh
			b.key[1][q][d] &^= 3 << sh
			if o >= -2 && o <= 2 {
				b.nb[q]--
			}
			if b.cell[q] == empty {
				b.refreshDir(q, d)
			}
		}
	}
	b.refresh(i)
}

// unrefreshCell removes an empty cell's class and value from the totals
// (it is about to be occupied).
func (b *Board) unrefreshCell(i int) {
	for c := 0; c < 2; c++ {
		b.clsCnt[c][b.cls[c][i]]--
		b.clsSet[c][b.cls[c][i]][i>>6] &^= 1 << (i & 63)
		b.evSum[c].me -= b.ev[c][i].me
		b.evSum[c].op -= b.ev[c][i].op
		b.cls[c][i], b.ev[c][i] = clsNone, evalPair{}
		b.clsCnt[c][clsNone]++
	}
}

func (b *Board) refresh(q int) {
	for c := 0; c < 2; c++ {
		for d := 0; d < 4; d++ {
			b.pat[c][q][d] = b.tables[c][b.key[c][q][d]]
		}
		b.recls(q, c)
	}
}

func (b *Board) refreshDir(q, d int) {
	for c := 0; c < 2; c++ {
		np := b.tables[c][b.key[c][q][d]]
		if np != b.pat[c][q][d] {
			b.pat[c][q][d] = np
			b.recls(q, c)
		}
	}
}

var patValue = [nPat]int32{patNone: 0, patB2: 2, patF2: 8, patB3: 10, patF3: 40, patB4: 48, patF4: 300, patF4D: 300, patFive: 2000, patOver: 0}

// combine is what the four line patterns of a cell make of it for one
// colour: its class and its value. renjuBlack applies black's renju
// restrictions. Board looks it up in combos, built from it at start-up.
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

// combos[r][comboIdx(p)] is the class of a cell with patterns p (r = 1:
// renju black) and its evaluation terms: the hot path of Play and Undo
// looks a cell up instead of counting.
var combos = func() (t [2][nPat * nPat * nPat * nPat]cellCombo) {
	for i := range t[0] {
		p := [4]uint8{uint8(i / (nPat * nPat * nPat)), uint8(i / (nPat * nPat) % nPat), uint8(i / nPat % nPat), uint8(i % nPat)}
		for r := range t {
			cl, v := combine(p, r == 1)
			t[r][i] = cellCombo{cls: uint8(cl), ev: handEval(v)}
		}
	}
	return t
}()

type cellCombo struct {
	ev  evalPair
	cls uint8
}

func (b *Board) recls(q, c int) {
	r := 0
	if c == Black && b.Rule == Renju {
		r = 1
	}
	cc := &combos[r][comboIdx(&b.pat[c][q])]
	cl := cc.cls
	old := b.cls[c][q]
	b.clsCnt[c][old]--
	b.clsCnt[c][cl]++
	if old != cl {
		b.clsSet[c][old][q>>6] &^= 1 << (q & 63)
		if cl != clsNone {
			b.clsSet[c][cl][q>>6] |= 1 << (q & 63)
		}
	}
	b.cls[c][q] = cl
	e := cc.ev
	b.evSum[c].me += e.me - b.ev[c][q].me
	b.evSum[c].op += e.op - b.ev[c][q].op
	b.ev[c][q] = e
}

// IsForbidden reports whether black may not play the empty cell i (renju
// only: double three, double four, overline; exactly five is allowed).
func (b *Board) IsForbidden(i int) bool {
	if b.Rule != Renju || b.cell[i] != empty {
		return false
	}
	if b.forbidF != nil {
		return b.forbidF(b, i)
	}
	return b.forbidden(i, 0)
}

func (b *Board) maybeForbidden(i int) bool {
	p := &b.pat[Black][i]
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

func (b *Board) forbidden(i, depth int) bool {
	p := &b.pat[Black][i]
	threes, fours, over := 0, 0, false
	for d := 0; d < 4; d++ {
		switch p[d] {
		case patFive:
			return false
		case patOver:
			over = true
		case patF4D:
			fours += 2
		case patB4, patF4:
			fours++
		case patF3:
			threes++
		}
	}
	if over || fours >= 2 {
		return true
	}
	if threes < 2 || depth > 6 {
		return false
	}
	// each three must be real: a point that makes it a straight four and
	// is itself not forbidden.
	var dirs [4]bool
	for d := 0; d < 4; d++ {
		dirs[d] = p[d] == patF3
	}
	save := b.toMove
	b.toMove = Black
	b.setCell(i, Black)
	real := 0
	for d := 0; d < 4; d++ {
		if !dirs[d] {
			continue
		}
		for o := -4; o <= 4; o++ {
			q := i + o*dirOff[d]
			if o == 0 || b.cell[q] != empty || b.pat[Black][q][d] != patF4 {
				continue
			}
			if !b.forbidden(q, depth+1) {
				real++
				break
			}
		}
	}
	b.clearCell(i)
	b.toMove = save
	return real >= 2
}

// ForbiddenPoints lists the empty points (x, y) forbidden to black.
func (b *Board) ForbiddenPoints() [][2]int {
	var out [][2]int
	if b.Rule != Renju {
		return out
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			if i := b.Idx(x, y); b.cell[i] == empty && b.IsForbidden(i) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

// blockFives returns a point where att's opponent, with one stone, leaves
// att no five point of f (two or more), or -1. Under the caro rules a
// stone that blocks one five can leave the other blocked at both ends;
// under the other rules two five points cannot both be stopped.
func (b *Board) blockFives(att int, f []int) int {
	if b.Rule != Caro && b.Rule != CaroExact {
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

// fivePoint returns the cell where colour c completes five, or -1.
func (b *Board) hasFive(c int) bool { return b.clsCnt[c][clsFive] > 0 }

func (b *Board) legalFor(c, i int) bool {
	return b.cell[i] == empty && !(c == Black && b.Rule == Renju && b.maybeForbidden(i) && b.IsForbidden(i))
}
