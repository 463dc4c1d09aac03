package mcts

import (
	"github.com/inarow/inarow"
)

// Cell values of a board's grid.
const (
	empty  uint8 = 0
	stone1 uint8 = 1 // inarow.First
	stone2 uint8 = 2 // inarow.Second
	border uint8 = 3
)

// board is the search's own mutable copy of a position, built for
// playouts: a mailbox grid with a border, so that walking along a line
// needs no bounds check, and a list of the open slots (empty cells, or
// open columns with gravity) so that a random move costs one random
// number and a swap.
//
// The grid has stride S = Cols+1: cell (x, y) is g = (y+1)·S + x + 1. The
// extra column and the rows above and below the board hold border, so
// the four line directions +1, +S, +S+1, +S−1 and their negatives step
// from any cell of the board to a cell of the board or to a border cell.
type board struct {
	geo    *geometry
	grid   []uint8
	slots  []int16  // open slots: grid cells, or columns with gravity
	where  []int16  // slot → its index in slots (cells: by grid index)
	height []uint8  // gravity: stones in each column
	toMove uint8    // stone1 or stone2
	last   [3]int16 // last grid cell played by stone1 / stone2; 0 for none
	ply    int
	winner uint8 // the winner's stone once someone has K in a row
}

// geometry is what boards of one Rules share.
type geometry struct {
	rules      inarow.Rules
	cols, rows int
	k, stride  int
	gravity    bool
	exact      bool
	cells      int
	dirs       [4]int
	toGrid     []int16 // Move → grid cell
	toMove     []inarow.Move
	template   []uint8 // the empty grid
}

func newGeometry(r inarow.Rules) *geometry {
	s := r.Cols + 1
	g := &geometry{
		rules: r, cols: r.Cols, rows: r.Rows, k: r.K, stride: s,
		gravity: r.Gravity, exact: r.Win == inarow.ExactlyK, cells: r.Cells(),
		dirs: [4]int{1, s, s + 1, s - 1},
	}
	n := (r.Rows+2)*s + 2
	g.template = make([]uint8, n)
	g.toMove = make([]inarow.Move, n)
	for i := range g.template {
		g.template[i] = border
		g.toMove[i] = inarow.NoMove
	}
	g.toGrid = make([]int16, r.Cells())
	for y := 0; y < r.Rows; y++ {
		for x := 0; x < r.Cols; x++ {
			c := (y+1)*s + x + 1
			g.template[c] = empty
			m := r.MoveAt(x, y)
			g.toGrid[m] = int16(c)
			g.toMove[c] = m
		}
	}
	return g
}

// col returns the column of grid cell c.
func (g *geometry) col(c int) int { return (c - 1) % g.stride }

// top returns the landing cell of column x holding h stones.
func (g *geometry) top(x, h int) int { return (g.rows-h)*g.stride + x + 1 }

func newBoard(g *geometry) *board {
	b := &board{geo: g, grid: make([]uint8, len(g.template))}
	if g.gravity {
		b.slots = make([]int16, 0, g.cols)
		b.where = make([]int16, g.cols)
		b.height = make([]uint8, g.cols)
	} else {
		b.slots = make([]int16, 0, g.cells)
		b.where = make([]int16, len(g.template))
	}
	return b
}

// set makes b the position p (whose rules must be b's).
func (b *board) set(p inarow.Position) {
	g := b.geo
	copy(b.grid, g.template)
	b.slots = b.slots[:0]
	for m := inarow.Move(0); int(m) < g.cells; m++ {
		switch p.At(m) {
		case inarow.First:
			b.grid[g.toGrid[m]] = stone1
		case inarow.Second:
			b.grid[g.toGrid[m]] = stone2
		}
	}
	if g.gravity {
		for x := 0; x < g.cols; x++ {
			h := p.Height(x)
			b.height[x] = uint8(h)
			if h < g.rows {
				b.where[x] = int16(len(b.slots))
				b.slots = append(b.slots, int16(x))
			}
		}
	} else {
		for c := range b.grid {
			if b.grid[c] == empty {
				b.where[c] = int16(len(b.slots))
				b.slots = append(b.slots, int16(c))
			}
		}
	}
	b.toMove = stone1 + uint8(p.ToMove())
	b.last = [3]int16{}
	if m := p.LastMove(); m != inarow.NoMove {
		b.last[3-b.toMove] = g.toGrid[m]
	}
	b.ply = p.Ply()
	b.winner = 0
	if o := p.Outcome(); o.Status == inarow.Won {
		b.winner = stone1 + uint8(o.Winner)
	}
	if p.Over() {
		b.slots = b.slots[:0]
	}
}

// copyFrom makes b a copy of o (same geometry) without allocating.
func (b *board) copyFrom(o *board) {
	copy(b.grid, o.grid)
	b.slots = b.slots[:len(o.slots)]
	copy(b.slots, o.slots)
	if b.geo.gravity {
		copy(b.where, o.where)
		copy(b.height, o.height)
	} else {
		for i, c := range b.slots {
			b.where[c] = int16(i)
		}
	}
	b.toMove, b.last, b.ply, b.winner = o.toMove, o.last, o.ply, o.winner
}

// over reports whether the game has ended.
func (b *board) over() bool { return len(b.slots) == 0 }

// run returns the length of the run of who's stones through c along d,
// counting c itself as who's (whatever it holds).
func (b *board) run(c, d int, who uint8) int {
	n := 1
	for i := c + d; b.grid[i] == who; i += d {
		n++
	}
	for i := c - d; b.grid[i] == who; i -= d {
		n++
	}
	return n
}

// winsAt reports whether who would have a winning line through c (empty
// or just played) in any direction.
func (b *board) winsAt(c int, who uint8) bool {
	for _, d := range b.geo.dirs {
		if b.winsAlong(c, d, who) {
			return true
		}
	}
	return false
}

func (b *board) winsAlong(c, d int, who uint8) bool {
	n := b.run(c, d, who)
	return n == b.geo.k || (n > b.geo.k && !b.geo.exact)
}

// playable reports whether empty cell c can be played now.
func (b *board) playable(c int) bool {
	if b.grid[c] != empty {
		return false
	}
	return !b.geo.gravity || b.grid[c+b.geo.stride] != empty
}

// play puts the stone of the player to move on grid cell c, which must be
// playable, and reports whether it won.
func (b *board) play(c int) bool {
	g := b.geo
	me := b.toMove
	b.grid[c] = me
	if g.gravity {
		x := g.col(c)
		b.height[x]++
		if int(b.height[x]) == g.rows {
			b.remove(x)
		}
	} else {
		b.remove(c)
	}
	b.last[me] = int16(c)
	b.ply++
	b.toMove = 3 - me
	if b.winsAt(c, me) {
		b.winner = me
		b.slots = b.slots[:0]
		return true
	}
	return false
}

// remove takes slot s out of the open slots.
func (b *board) remove(s int) {
	i := b.where[s]
	last := b.slots[len(b.slots)-1]
	b.slots[i] = last
	b.where[last] = i
	b.slots = b.slots[:len(b.slots)-1]
}

// slotCell returns the cell where slot s is played.
func (b *board) slotCell(s int16) int {
	if b.geo.gravity {
		return b.geo.top(int(s), int(b.height[s]))
	}
	return int(s)
}

// lineThreat looks along the lines through who's stone at c for a
// playable cell that would complete a winning line for who: from c it
// walks each way along each direction over who's stones, and the first
// other cell it reaches is the only one that can extend this run. It
// returns the cell or 0.
func (b *board) lineThreat(c int, who uint8) int {
	if c == 0 {
		return 0
	}
	g, k := b.grid, b.geo.k
	for _, d := range b.geo.dirs {
		f := c + d
		for g[f] == who {
			f += d
		}
		r := c - d
		for g[r] == who {
			r -= d
		}
		// The run through c is f−r−d long in steps of d: (f−r)/d − 1 stones.
		if g[f] != empty && g[r] != empty {
			continue
		}
		n := (f-r)/d - 1
		if g[f] == empty && b.playable(f) {
			m := n + 1
			for i := f + d; g[i] == who; i += d {
				m++
			}
			if m == k || (m > k && !b.geo.exact) {
				return f
			}
		}
		if g[r] == empty && b.playable(r) {
			m := n + 1
			for i := r - d; g[i] == who; i -= d {
				m++
			}
			if m == k || (m > k && !b.geo.exact) {
				return r
			}
		}
	}
	return 0
}

// urgent is the playout's cheap tactical check: a cell where the player to
// move wins at once, else one where the opponent would win next move, as
// far as the last stone of each side and (with gravity) the cell freshly
// opened above the opponent's last stone can tell. It returns 0 if it
// finds neither.
func (b *board) urgent() int {
	me, opp := b.toMove, 3-b.toMove
	above := 0
	if b.geo.gravity && b.last[opp] != 0 {
		if a := int(b.last[opp]) - b.geo.stride; b.grid[a] == empty {
			above = a
		}
	}
	if c := b.lineThreat(int(b.last[me]), me); c != 0 {
		return c
	}
	if above != 0 && b.winsAt(above, me) {
		return above
	}
	if c := b.lineThreat(int(b.last[opp]), opp); c != 0 {
		return c
	}
	if above != 0 && b.winsAt(above, opp) {
		return above
	}
	return 0
}

// playout plays the game out at random, with the urgent check each move,
// and returns the winner's stone or 0 for a draw.
func (b *board) playout(rng *rng, tactics bool) uint8 {
	for len(b.slots) > 0 {
		c := 0
		if tactics {
			c = b.urgent()
		}
		if c == 0 {
			c = b.slotCell(b.slots[rng.intn(len(b.slots))])
		}
		if b.play(c) {
			return b.winner
		}
	}
	return b.winner
}

// rng is a small, fast generator (xorshift64*), one per worker.
type rng struct{ s uint64 }

func newRNG(seed uint64) rng {
	seed = seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
	if seed == 0 {
		seed = 1
	}
	return rng{seed}
}

func (r *rng) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 0x2545F4914F6CDD1D
}

// intn returns a number in [0, n) by Lemire's multiply-shift.
func (r *rng) intn(n int) int {
	return int((r.next() >> 32) * uint64(n) >> 32)
}
