package gomoku

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/inarow/inarow"
)

// ForbiddenKind says why a point is forbidden to black in renju.
type ForbiddenKind uint8

const (
	NotForbidden ForbiddenKind = iota
	// DoubleThree: the move makes two or more threes at once.
	DoubleThree
	// DoubleFour: the move makes two or more fours at once (two on one
	// line count too, as in X.XXX.X).
	DoubleFour
	// Overline: the move makes six or more in a row.
	Overline
)

func (k ForbiddenKind) String() string {
	switch k {
	case DoubleThree:
		return "double-three"
	case DoubleFour:
		return "double-four"
	case Overline:
		return "overline"
	}
	return "not forbidden"
}

// ForbiddenError refuses black's forbidden move in renju. It wraps
// inarow.ErrForbidden: errors.Is(err, inarow.ErrForbidden) holds, and
// errors.As(err, &fe) tells the kind.
type ForbiddenError struct {
	Move  inarow.Move
	Kind  ForbiddenKind
	Rules inarow.Rules // the board, to name the point
}

func (e *ForbiddenError) Error() string {
	return fmt.Sprintf("gomoku: %s is forbidden to black in renju (%s)", e.Rules.FormatMove(e.Move), e.Kind)
}

// Unwrap returns inarow.ErrForbidden.
func (e *ForbiddenError) Unwrap() error { return inarow.ErrForbidden }

// ForbiddenPoint is a point forbidden to black and why.
type ForbiddenPoint struct {
	Move inarow.Move
	Kind ForbiddenKind
}

// The grid of a Board: the board of up to 20×20 points with a margin of
// pad walls around it, stride cells a row, so that a line of 11 points
// centred on any point of the board reads without a bounds check.
const (
	pad       = 5
	stride    = 32
	gridCells = (MaxSize + 2*pad) * stride
)

// Cell values of the grid.
const (
	empty uint8 = iota
	blackStone
	whiteStone
	wall
)

// dirs are the grid steps of the four lines: across, down, down-right,
// down-left.
var dirs = [4]int{1, stride, stride + 1, stride - 1}

// Board is a mutable board for renju's pattern checks. An engine that
// keeps one up to date with Set and Clear asks IsForbidden at the cost
// of the check alone; the functions over an inarow.Position build one
// per call. The zero Board is not usable: use NewBoard or BoardOf.
type Board struct {
	cols, rows int
	walled     bool // the margin around cols×rows holds walls
	cell       [gridCells]uint8
}

// NewBoard returns the empty board of r's size (r.Cols×r.Rows, at most
// 20×20; the win rule is not looked at: the checks are renju's).
func NewBoard(r inarow.Rules) *Board {
	// the line table is built once, on the first board: not inside the
	// first check, where an engine's search would pay for it
	lineTableOnce.Do(buildLineTable)
	b := &Board{}
	b.Reset(r)
	return b
}

// Reset empties b and gives it r's size.
func (b *Board) Reset(r inarow.Rules) {
	cols, rows := min(max(r.Cols, 0), MaxSize), min(max(r.Rows, 0), MaxSize)
	if !b.walled || cols != b.cols || rows != b.rows {
		// Walls everywhere first; a board of the same size keeps them.
		for i := range b.cell {
			b.cell[i] = wall
		}
		b.walled = true
	}
	b.cols, b.rows = cols, rows
	for y := 0; y < b.rows; y++ {
		row := b.cell[(y+pad)*stride+pad:]
		clear(row[:b.cols])
	}
}

// BoardOf returns a board holding p's stones, black being inarow.First.
func BoardOf(p inarow.Position) *Board {
	b := &Board{}
	b.Load(p)
	return b
}

// Load sets b to p's size and stones. It reads the stones from p's key,
// whose bit y·(cols+1)+x is the point (x, y) (see the core's bit layout),
// so it costs about one step per stone.
func (b *Board) Load(p inarow.Position) {
	r := p.Rules()
	b.Reset(r)
	k := p.Key()
	s := r.Cols + 1
	for who, words := range [2][]uint64{k.First[:], k.Second[:]} {
		v := blackStone + uint8(who)
		for w, word := range words {
			for word != 0 {
				i := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				b.cell[(i/s+pad)*stride+i%s+pad] = v
			}
		}
	}
}

func (b *Board) index(m inarow.Move) int {
	x, y := int(m)%b.cols, int(m)/b.cols
	return (y+pad)*stride + x + pad
}

func (b *Board) onBoard(m inarow.Move) bool { return m >= 0 && int(m) < b.cols*b.rows }

// Set puts who's stone (inarow.First is black) on m.
func (b *Board) Set(m inarow.Move, who inarow.Player) {
	if b.onBoard(m) && who <= inarow.Second {
		b.cell[b.index(m)] = blackStone + uint8(who)
	}
}

// Clear empties m.
func (b *Board) Clear(m inarow.Move) {
	if b.onBoard(m) {
		b.cell[b.index(m)] = empty
	}
}

// At returns who holds m (NoPlayer for an empty or off-board point).
func (b *Board) At(m inarow.Move) inarow.Player {
	if !b.onBoard(m) {
		return inarow.NoPlayer
	}
	switch b.cell[b.index(m)] {
	case blackStone:
		return inarow.First
	case whiteStone:
		return inarow.Second
	}
	return inarow.NoPlayer
}

// IsForbidden reports whether black may not play m under renju: it
// returns the kind and true for a forbidden point, NotForbidden and false
// for a legal one — and for an occupied or off-board point, which is not
// a forbidden one. It asks as if black were to move, whoever is.
//
// The RIF rule: five in a row (exactly) is always legal; else an overline
// is forbidden, two fours (also on one line) are forbidden, and two threes
// are forbidden, where a three is a line that one more stone turns into a
// straight four (.XXXX., both ends making five) — a stone that must itself
// be legal for black, checked recursively.
func (b *Board) IsForbidden(m inarow.Move) (ForbiddenKind, bool) {
	if !b.onBoard(m) {
		return NotForbidden, false
	}
	i := b.index(m)
	if b.cell[i] != empty {
		return NotForbidden, false
	}
	lineTableOnce.Do(buildLineTable)
	k := b.forbidden(i, 0)
	return k, k != NotForbidden
}

// AppendForbidden appends every point forbidden to black, in increasing
// order, to dst.
func (b *Board) AppendForbidden(dst []ForbiddenPoint) []ForbiddenPoint {
	lineTableOnce.Do(buildLineTable)
	for y := 0; y < b.rows; y++ {
		for x := 0; x < b.cols; x++ {
			i := (y+pad)*stride + x + pad
			if b.cell[i] != empty || !b.nearBlack(i) {
				continue
			}
			if k := b.forbidden(i, 0); k != NotForbidden {
				dst = append(dst, ForbiddenPoint{inarow.Move(y*b.cols + x), k})
			}
		}
	}
	return dst
}

// nearBlack reports whether some line through i holds two black stones
// within four points of it: a point without that makes no three, four or
// overline.
func (b *Board) nearBlack(i int) bool {
	for _, d := range dirs {
		n := 0
		for j := 1; j <= 4; j++ {
			if b.cell[i+j*d] == blackStone {
				n++
			}
			if b.cell[i-j*d] == blackStone {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// maxDepth bounds the recursion of three-checks (each level puts one more
// stone on the board, so it ends anyway; real positions need a few).
const maxDepth = 32

// forbidden is IsForbidden on the empty grid point i.
func (b *Board) forbidden(i, depth int) ForbiddenKind {
	var lines [4]lineInfo
	over, fours, threeDirs := false, 0, 0
	for n, d := range dirs {
		l := lineTable[b.window(i, d)]
		if l.five {
			return NotForbidden
		}
		lines[n] = l
		over = over || l.over
		fours += int(l.fours)
		if l.fours == 0 && l.threeAt != 0 {
			threeDirs++
		}
	}
	switch {
	case over:
		return Overline
	case fours >= 2:
		return DoubleFour
	case threeDirs < 2 || depth >= maxDepth:
		return NotForbidden
	}
	// Two or more lines may be threes: each is one if a stone that makes
	// it a straight four is legal with this one on the board.
	b.cell[i] = blackStone
	threes := 0
	for n, d := range dirs {
		l := lines[n]
		if l.fours != 0 || l.threeAt == 0 {
			continue
		}
		for at := l.threeAt; at != 0; at &= at - 1 {
			e := i + (bits.TrailingZeros16(at)-5)*d
			if b.forbidden(e, depth+1) == NotForbidden {
				threes++
				break
			}
		}
		if threes >= 2 {
			break
		}
	}
	b.cell[i] = empty
	if threes >= 2 {
		return DoubleThree
	}
	return NotForbidden
}

// window returns the key in lineTable of the line through i along d: its
// points from i-5d to i+5d but i itself, each 0 (empty), 1 (black) or 2
// (white, or the edge: anything that blocks), as the digits of a number
// in base 3, i-5d first.
func (b *Board) window(i, d int) int {
	key := 0
	for j := -5; j <= 5; j++ {
		if j != 0 {
			key = key*3 + int(cellState[b.cell[i+j*d]])
		}
	}
	return key
}

// cellState is a grid cell's digit in a window key.
var cellState = [4]uint8{empty: 0, blackStone: 1, whiteStone: 2, wall: 2}

// lineInfo is what a black stone on the centre of a line makes there.
type lineInfo struct {
	five, over bool
	fours      uint8  // fours through the centre (a straight four is one)
	threeAt    uint16 // points (bits of the window) that make a straight four
}

// runLen returns the length of the run of black through the centre bit 5.
func runLen(black uint16) int {
	up := bits.TrailingZeros16(^(black >> 5))   // bits 5, 6, … set
	down := bits.LeadingZeros16(^(black << 10)) // bits 5, 4, … set
	return up + down - 1
}

// completions returns the points of the window at offsets -4…4 whose
// black stone makes exactly five through the centre.
func completions(black, free uint16) uint16 {
	var c uint16
	for f := free & 0x3fe; f != 0; f &= f - 1 {
		bit := f & -f
		if runLen(black|bit) == 5 {
			c |= bit
		}
	}
	return c
}

// straight reports whether completion points c hold two points five apart:
// the ends of a straight four (four in a row between them, as only they
// can make both fives).
func straight(c uint16) bool { return c&(c>>5) != 0 }

// lineTable holds analyzeSlow of every window, indexed by its ten points
// other than the centre in base 3 (see window); built on first use.
var (
	lineTable     [59049]lineInfo
	lineTableOnce sync.Once
)

func buildLineTable() {
	for key := range lineTable {
		var black, free uint16
		k := key
		for j := 10; j >= 0; j-- {
			if j == 5 {
				continue
			}
			switch k % 3 {
			case 1:
				black |= 1 << j
			case 0:
				free |= 1 << j
			}
			k /= 3
		}
		lineTable[key] = analyzeSlow(black|1<<5, free)
	}
}

func analyzeSlow(black, free uint16) lineInfo {
	var l lineInfo
	switch n := runLen(black); {
	case n == 5:
		l.five = true
		return l
	case n > 5:
		l.over = true
		return l
	}
	c := completions(black, free)
	switch n := bits.OnesCount16(c); {
	case n == 2 && straight(c):
		l.fours = 1
	default:
		l.fours = uint8(n)
	}
	if l.fours != 0 {
		return l
	}
	// A stone within three of the centre that leaves a straight four
	// through it makes this line a three.
	for f := free & 0x1fc; f != 0; f &= f - 1 {
		bit := f & -f
		if straight(completions(black|bit, free&^bit)) {
			l.threeAt |= bit
		}
	}
	return l
}
