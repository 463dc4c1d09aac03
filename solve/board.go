package solve

import (
	"fmt"

	"github.com/inarow/inarow"
)

// maxCols bounds the columns of a one-word gravity board: (H+1)·W ≤ 64
// with H ≥ 1 leaves at most 32 columns.
const maxCols = 32

// Geometry is the shape of a gravity board packed into one uint64, column
// by column from the left, each column read from the bottom, with one
// always-empty padding bit on top of every column. For 7×6 Connect Four
// (bit numbers; column x holds bits 7x … 7x+6):
//
//	6 13 20 27 34 41 48   ← padding row, never a stone
//	5 12 19 26 33 40 47   top row
//	4 11 18 25 32 39 46
//	3 10 17 24 31 38 45
//	2  9 16 23 30 37 44
//	1  8 15 22 29 36 43
//	0  7 14 21 28 35 42   bottom row
//
// Moving up a column is +1, to the next column +(H+1), along the two
// diagonals +H and +(H+2). The padding bit stops every shift-and-AND run:
// a run that leaves the top of a column lands on a padding bit, which no
// player ever holds, and one that leaves the bottom lands on the previous
// column's padding bit. So (H+1)·W ≤ 64 is the whole size condition:
// 7×6 uses 49 bits, 8×7 and 6×9 all 64.
//
// A position is two words (see Board): current, the stones of the player
// to move, and mask, every stone. Since the stones of a column fill its
// lowest cells, current + mask is unique: the mask of a column plus its
// bottom bit is the first empty cell, and adding current to it sets one
// marker bit above the stack while keeping which stones are current's.
type Geometry struct {
	W, H, K int
	c4      bool   // 7×6, K = 4: the constant-shift fast paths
	stride  uint   // H+1
	cells   int    // W·H
	base    int    // (W·H+1)/2: the score of a win with the first stone is base
	bottom  uint64 // the bottom cell of every column
	board   uint64 // every cell of the board (no padding)
	keyBits uint   // W·(H+1): keys are below 1<<keyBits
	col     [maxCols]uint64
	top     [maxCols]uint64 // the top cell of each column
	order   [maxCols]int    // columns from the centre outwards
	// evenRows is every cell of the rows numbered 2, 4, 6… from the bottom
	// (bits 1, 3, 5… of each column): the cells the second player claims
	// by answering every move on top of it (see claimEvenBound). Zero when
	// H is odd, where that strategy does not exist.
	evenRows uint64
	// below[d][i] is every cell below the line of K cells that starts at
	// bit i in direction d (along a row, down and up a diagonal), in the
	// line's columns (see linesOf).
	below [3][64]uint64
}

// NewGeometry checks that r is a gravity game whose padded board fits one
// word and returns its geometry. Only the Overline win rule (K or more in
// a row) is supported, which is Connect Four's.
func NewGeometry(r inarow.Rules) (*Geometry, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	switch {
	case !r.Gravity:
		return nil, fmt.Errorf("%w: the bitboard solver needs gravity rules, not %v", inarow.ErrBadRules, r)
	case r.Win != inarow.Overline:
		return nil, fmt.Errorf("%w: the bitboard solver supports only the overline rule (K or more wins), not %v", inarow.ErrBadRules, r)
	case (r.Rows+1)*r.Cols > 64:
		return nil, fmt.Errorf("%w: %d×%d needs (rows+1)·cols = %d bits, more than 64", inarow.ErrBadRules, r.Cols, r.Rows, (r.Rows+1)*r.Cols)
	}
	g := &Geometry{W: r.Cols, H: r.Rows, K: r.K, stride: uint(r.Rows + 1), cells: r.Cols * r.Rows}
	g.base = (g.cells + 1) / 2
	g.c4 = g.W == 7 && g.H == 6 && g.K == 4
	g.keyBits = uint(g.W) * g.stride
	for x := 0; x < g.W; x++ {
		b := uint64(1) << (uint(x) * g.stride)
		g.bottom |= b
		g.col[x] = (b << uint(g.H)) - b
		g.top[x] = b << uint(g.H-1)
		g.board |= g.col[x]
		// centre first, then alternately left and right of it (for 7:
		// 3 2 4 1 5 0 6); for an even width the left centre first, then
		// right and left (for 8: 3 4 2 5 1 6 0 7).
		c := (g.W-1)/2 + (1-2*(x%2))*(x+1)/2
		if g.W%2 == 0 {
			c = (g.W-1)/2 - (1-2*(x%2))*(x+1)/2
		}
		g.order[x] = c
		if g.H%2 == 0 {
			for y := 1; y < g.H; y += 2 {
				g.evenRows |= b << uint(y)
			}
		}
	}
	for d, s := range [3]uint{g.stride, g.stride - 1, g.stride + 1} {
		for i := uint(0); i < 64; i++ {
			// The line's cells, less the bottom cells of its K columns:
			// one cell a column, so no borrow crosses a column. Only the
			// starts of lines on the board are ever looked up.
			x, y := i/g.stride, i%g.stride
			if int(x)+g.K > g.W || y >= uint(g.H) {
				continue
			}
			for j := uint(0); j < uint(g.K); j++ {
				g.below[d][i] += 1<<(i+j*s) - 1<<((x+j)*g.stride)
			}
		}
	}
	return g, nil
}

// Rules returns the rules of the geometry.
func (g *Geometry) Rules() inarow.Rules {
	return inarow.Rules{Cols: g.W, Rows: g.H, K: g.K, Gravity: true}
}

// Board is a position of a Geometry: the stones of the player to move,
// all the stones, and how many there are. It is a small value; play
// returns a new one.
type Board struct {
	current, mask uint64
	moves         int
}

// Moves returns the number of stones on the board.
func (b Board) Moves() int { return b.moves }

// Key returns current + mask, unique for every position of one geometry
// (see Geometry) and below 1<<(W·(H+1)).
func (b Board) Key() uint64 { return b.current + b.mask }

// CanPlay reports whether column col has room.
func (g *Geometry) CanPlay(b Board, col int) bool {
	return col >= 0 && col < g.W && b.mask&g.top[col] == 0
}

// Play returns b after the player to move drops a stone in column col,
// which must have room (CanPlay).
func (g *Geometry) Play(b Board, col int) Board {
	return play(b, (b.mask+(g.bottom&g.col[col]))&g.col[col])
}

// play puts the player to move's stone on cell bit move and passes the
// turn: the new current is the opponent's stones.
func play(b Board, move uint64) Board {
	return Board{current: b.current ^ b.mask, mask: b.mask | move, moves: b.moves + 1}
}

// possible returns the cell each non-full column would receive.
func (g *Geometry) possible(mask uint64) uint64 { return (mask + g.bottom) & g.board }

// IsWinningMove reports whether dropping in col (which must have room)
// wins at once for the player to move.
func (g *Geometry) IsWinningMove(b Board, col int) bool {
	return g.winning(b.current, b.mask)&g.possible(b.mask)&g.col[col] != 0
}

// CanWinNext reports whether the player to move has a winning move.
func (g *Geometry) CanWinNext(b Board) bool {
	return g.winning(b.current, b.mask)&g.possible(b.mask) != 0
}

// Won reports whether the player who just moved (the opponent of the
// player to move) has K in a row.
func (g *Geometry) Won(b Board) bool {
	return g.hasLine(b.current ^ b.mask)
}

// hasLine reports whether stones hold K in a row.
func (g *Geometry) hasLine(p uint64) bool {
	if g.c4 {
		return hasLine7x6(p)
	}
	k := uint(g.K)
	for _, s := range [4]uint{1, g.stride, g.stride - 1, g.stride + 1} {
		// run = cells that start a run of i stones in direction s.
		run := p
		for i := uint(1); i < k && run != 0; i++ {
			run &= p >> (i * s)
		}
		if run != 0 {
			return true
		}
	}
	return false
}

// Empty returns the empty board.
func (g *Geometry) Empty() Board { return Board{} }

// mirror returns the key of the position reflected left to right.
func (g *Geometry) mirror(key uint64) uint64 {
	var m uint64
	colBits := uint64(1)<<g.stride - 1
	for x, y := uint(0), uint(g.W-1); y < uint(g.W); x, y = x+1, y-1 {
		m |= (key >> (x * g.stride) & colBits) << (y * g.stride)
	}
	return m
}

// hasLine7x6 is hasLine for 7×6, K = 4, with constant shifts.
func hasLine7x6(p uint64) bool {
	m := p & (p >> 1)
	h := p & (p >> 7)
	d1 := p & (p >> 6)
	d2 := p & (p >> 8)
	return m&(m>>2)|h&(h>>14)|d1&(d1>>12)|d2&(d2>>16) != 0
}
