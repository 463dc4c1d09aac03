package solve

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/inarow/inarow"
)

// This file is the solver for gravity boards whose padded bitboard needs
// more than one word but fits two, (Rows+1)·Cols ≤ 128: 9×7, 8×8, 10×6,
// 12×9… It is a copy of the one-word solver (board.go, winning.go,
// c4.go) with a 128-bit word, kept apart so that the one-word hot path
// stays as it is: in Go a generic word type would need methods instead of
// the operators, and calls through a generic dictionary are not inlined.
// It has the same search — threat anticipation, move ordering by threats,
// a table of bounds split in two, the null-window bisection — but not the
// one-word solver's mirror keys and enhanced transposition cutoffs: tried
// here, on 7×6 L1_R1 the cutoffs saved 11% of the nodes and cost 60% more
// time (a 16-byte entry per probe, a 128-bit multiply per key), and
// mirror keys changed neither; no opening book either.

// u128 is a 128-bit word: bit i of lo is cell i, bit i of hi cell 64+i.
type u128 struct{ lo, hi uint64 }

func (a u128) and(b u128) u128    { return u128{a.lo & b.lo, a.hi & b.hi} }
func (a u128) or(b u128) u128     { return u128{a.lo | b.lo, a.hi | b.hi} }
func (a u128) xor(b u128) u128    { return u128{a.lo ^ b.lo, a.hi ^ b.hi} }
func (a u128) andNot(b u128) u128 { return u128{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a u128) zero() bool         { return a.lo|a.hi == 0 }
func (a u128) ones() int          { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return u128{lo, a.hi + b.hi + c}
}

func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	return u128{lo, a.hi - b.hi - c}
}

// mul returns a·b mod 2¹²⁸.
func (a u128) mul(b u128) u128 {
	hi, lo := bits.Mul64(a.lo, b.lo)
	return u128{lo, hi + a.lo*b.hi + a.hi*b.lo}
}

func (a u128) shl(n uint) u128 {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{0, a.lo << (n - 64)}
	}
	return u128{a.lo << n, a.hi<<n | a.lo>>(64-n)}
}

func (a u128) shr(n uint) u128 {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{a.hi >> (n - 64), 0}
	}
	return u128{a.lo>>n | a.hi<<(64-n), a.hi >> n}
}

func bit128(i uint) u128 { return u128{1, 0}.shl(i) }

// maxBigCols: (H+1)·W ≤ 128 with H ≥ 1.
const maxBigCols = 64

// BigGeometry is Geometry (see there) in a 128-bit word.
type BigGeometry struct {
	W, H, K int
	stride  uint
	cells   int
	base    int
	bottom  u128
	board   u128
	keyBits uint
	col     [maxBigCols]u128
	top     [maxBigCols]u128
	order   [maxBigCols]int
}

// BigBoard is a position of a BigGeometry (see Board).
type BigBoard struct {
	current, mask u128
	moves         int
}

// Moves returns the number of stones on the board.
func (b BigBoard) Moves() int { return b.moves }

// NewBigGeometry checks that r is a gravity game with the overline rule
// whose padded board fits 128 bits and returns its geometry.
func NewBigGeometry(r inarow.Rules) (*BigGeometry, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	switch {
	case !r.Gravity:
		return nil, fmt.Errorf("%w: the bitboard solver needs gravity rules, not %v", inarow.ErrBadRules, r)
	case r.Win != inarow.Overline:
		return nil, fmt.Errorf("%w: the bitboard solver supports only the overline rule (K or more wins), not %v", inarow.ErrBadRules, r)
	case (r.Rows+1)*r.Cols > 128:
		return nil, fmt.Errorf("%w: %d×%d needs (rows+1)·cols = %d bits, more than 128", inarow.ErrBadRules, r.Cols, r.Rows, (r.Rows+1)*r.Cols)
	}
	g := &BigGeometry{W: r.Cols, H: r.Rows, K: r.K, stride: uint(r.Rows + 1), cells: r.Cols * r.Rows}
	g.base = (g.cells + 1) / 2
	g.keyBits = uint(g.W) * g.stride
	for x := 0; x < g.W; x++ {
		b := bit128(uint(x) * g.stride)
		g.bottom = g.bottom.or(b)
		g.col[x] = b.shl(uint(g.H)).sub(b)
		g.top[x] = b.shl(uint(g.H - 1))
		g.board = g.board.or(g.col[x])
		c := (g.W-1)/2 + (1-2*(x%2))*(x+1)/2
		if g.W%2 == 0 {
			c = (g.W-1)/2 - (1-2*(x%2))*(x+1)/2
		}
		g.order[x] = c
	}
	return g, nil
}

// Rules returns the rules of the geometry.
func (g *BigGeometry) Rules() inarow.Rules {
	return inarow.Rules{Cols: g.W, Rows: g.H, K: g.K, Gravity: true}
}

// CanPlay reports whether column col has room.
func (g *BigGeometry) CanPlay(b BigBoard, col int) bool {
	return col >= 0 && col < g.W && b.mask.and(g.top[col]).zero()
}

// Play returns b after the player to move drops a stone in column col.
func (g *BigGeometry) Play(b BigBoard, col int) BigBoard {
	return playBig(b, b.mask.add(g.bottom.and(g.col[col])).and(g.col[col]))
}

func playBig(b BigBoard, move u128) BigBoard {
	return BigBoard{current: b.current.xor(b.mask), mask: b.mask.or(move), moves: b.moves + 1}
}

func (g *BigGeometry) possible(mask u128) u128 { return mask.add(g.bottom).and(g.board) }

// IsWinningMove reports whether dropping in col wins at once.
func (g *BigGeometry) IsWinningMove(b BigBoard, col int) bool {
	return !g.winning(b.current, b.mask).and(g.possible(b.mask)).and(g.col[col]).zero()
}

// CanWinNext reports whether the player to move has a winning move.
func (g *BigGeometry) CanWinNext(b BigBoard) bool {
	return !g.winning(b.current, b.mask).and(g.possible(b.mask)).zero()
}

func (g *BigGeometry) win(moves int) int { return g.base - moves/2 }

// winning is Geometry.winning in 128 bits.
func (g *BigGeometry) winning(p, mask u128) u128 {
	if g.K == 4 {
		r := p.shl(1).and(p.shl(2)).and(p.shl(3))
		for _, s := range [3]uint{g.stride, g.stride - 1, g.stride + 1} {
			l1, r1 := p.shl(s), p.shr(s)
			l2, r2 := l1.and(p.shl(2*s)), r1.and(p.shr(2*s))
			r = r.or(l2.and(p.shl(3 * s))).or(l2.and(r1)).or(r2.and(l1)).or(r2.and(p.shr(3 * s)))
		}
		return r.and(g.board.xor(mask))
	}
	k := uint(g.K)
	all := u128{^uint64(0), ^uint64(0)}
	r := all
	for i := uint(1); i < k; i++ {
		r = r.and(p.shl(i))
	}
	for _, s := range [3]uint{g.stride, g.stride - 1, g.stride + 1} {
		before := all
		for i := uint(0); i < k; i++ {
			if i > 0 {
				before = before.and(p.shl(i * s))
			}
			after := all
			for j := uint(1); j < k-i; j++ {
				after = after.and(p.shr(j * s))
			}
			r = r.or(before.and(after))
		}
	}
	return r.and(g.board.xor(mask))
}

func (g *BigGeometry) nonLosing(b BigBoard) u128 {
	possible := g.possible(b.mask)
	opp := g.winning(b.current.xor(b.mask), b.mask)
	if forced := possible.and(opp); !forced.zero() {
		if forced.ones() > 1 {
			return u128{}
		}
		possible = forced
	}
	return possible.andNot(opp.shr(1))
}

func (g *BigGeometry) moveScore(b BigBoard, move u128) int {
	return g.winning(b.current.or(move), b.mask).ones()
}

// FromPosition converts a gravity position of the geometry's rules.
func (g *BigGeometry) FromPosition(p inarow.Position) (BigBoard, error) {
	r := p.Rules()
	if r.Cols != g.W || r.Rows != g.H || r.K != g.K || !r.Gravity || r.Win != inarow.Overline {
		return BigBoard{}, fmt.Errorf("%w: rules %v, the solver's are %v", ErrBadBoard, r, g.Rules())
	}
	if o := p.Outcome(); o.Status == inarow.Won {
		return BigBoard{}, inarow.ErrGameOver
	}
	me := p.ToMove()
	var b BigBoard
	for x := 0; x < g.W; x++ {
		for h := 0; h < p.Height(x); h++ {
			bit := bit128(uint(x)*g.stride + uint(h))
			b.mask = b.mask.or(bit)
			if p.At(r.MoveAt(x, g.H-1-h)) == me {
				b.current = b.current.or(bit)
			}
		}
	}
	b.moves = p.Ply()
	return b, nil
}

// bigTable is the table of the 128-bit solver: 2^m entries of two words.
// The key times an odd constant (a bijection mod 2¹²⁸) gives the index,
// its top m bits, and the rest, which the entry keeps with the bound code
// in its low 8 bits; so a hit is the key itself, never a collision.
type bigTable struct {
	m       uint
	entries []u128
}

var bigMul = u128{0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9}

func newBigTable(bytes int) *bigTable {
	m := uint(10)
	for 16<<(m+1) <= bytes {
		m++
	}
	t := &bigTable{m: m, entries: make([]u128, 1<<m)}
	for i := 0; i < len(t.entries); i += 256 {
		t.entries[i] = u128{}
	}
	return t
}

func (t *bigTable) slot(key u128) (uint64, u128) {
	p := key.mul(bigMul)
	i := p.hi >> (64 - t.m)
	return i, p.shl(t.m).shr(t.m - 8)
}

func (t *bigTable) get(key u128) int {
	i, rest := t.slot(key)
	e := t.entries[i]
	if e.hi != rest.hi || e.lo&^0xff != rest.lo {
		return 0
	}
	return int(e.lo & 0xff)
}

func (t *bigTable) put(key u128, code int) {
	i, rest := t.slot(key)
	t.entries[i] = u128{rest.lo | uint64(code), rest.hi}
}

// BigSolver is C4Solver for boards of up to 128 padded bits.
type BigSolver struct {
	g       *BigGeometry
	t       *bigTable
	near    *bigTable // nodes with at least nearPly stones (see C4Solver)
	nearPly int
	nodes   uint64
	span    int
	minCode int
	ttPly   int
	weak    bool // see Options.Weak
	ctx     context.Context
	stopped bool
}

// NewBig returns a solver for gravity rules whose padded board fits 128
// bits. It takes the small boards too (tests compare it with C4Solver),
// but C4Solver is faster on them.
func NewBig(r inarow.Rules, opts Options) (*BigSolver, error) {
	g, err := NewBigGeometry(r)
	if err != nil {
		return nil, err
	}
	bytes := opts.TableBytes
	if bytes == 0 {
		bytes = DefaultTableBytes
	}
	if bytes < 0 {
		return nil, fmt.Errorf("solve: negative table size %d", bytes)
	}
	s := &BigSolver{g: g, ttPly: g.cells - ttCells, weak: opts.Weak}
	if near := min(nearBytes, bytes/8); near >= 64<<10 {
		s.t, s.near = newBigTable(bytes-near), newBigTable(near)
		s.nearPly = g.cells - (g.cells+2)/2
	} else {
		s.t = newBigTable(bytes)
		s.near, s.nearPly = s.t, g.cells+1
	}
	s.minCode = -g.base
	s.span = 2*g.base + 1
	if 2*s.span >= 256 {
		return nil, fmt.Errorf("%w: %d cells are too many for the 128-bit solver's bounds", inarow.ErrBadRules, g.cells)
	}
	return s, nil
}

// Geometry returns the board geometry of the solver.
func (s *BigSolver) Geometry() *BigGeometry { return s.g }

// Nodes returns the number of positions searched.
func (s *BigSolver) Nodes() uint64 { return s.nodes }

// Reset empties the table and the node counter.
func (s *BigSolver) Reset() {
	clear(s.t.entries)
	clear(s.near.entries)
	s.nodes = 0
}

// Solve returns the exact score of p for the player to move.
func (s *BigSolver) Solve(ctx context.Context, p inarow.Position) (Score, error) {
	if p.Over() {
		return Terminal(p), nil
	}
	b, err := s.g.FromPosition(p)
	if err != nil {
		return 0, err
	}
	return s.SolveBoard(ctx, b)
}

// SolveBoard returns the exact score of b for the player to move (its
// sign with Options.Weak).
func (s *BigSolver) SolveBoard(ctx context.Context, b BigBoard) (Score, error) {
	g := s.g
	if b.moves >= g.cells {
		return 0, nil
	}
	if g.CanWinNext(b) {
		return weakScore(g.win(b.moves), s.weak), nil
	}
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	lo, hi := -g.win(b.moves+1), g.win(b.moves)
	if s.weak {
		lo, hi = -1, 1 // see C4Solver.solve
	}
	for lo < hi {
		med := probe(lo, hi)
		r := s.negamax(b, med, med+1)
		if s.stopped {
			return 0, ctx.Err()
		}
		if r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return weakScore(lo, s.weak), nil
}

// AtLeast is C4Solver.AtLeast for a BigBoard: whether b's score is at
// least w, by one null-window search.
func (s *BigSolver) AtLeast(ctx context.Context, b BigBoard, w int) (bool, error) {
	g := s.g
	if b.moves >= g.cells {
		return 0 >= w, nil
	}
	if g.CanWinNext(b) {
		return g.win(b.moves) >= w, nil
	}
	if w <= -g.win(b.moves+1) {
		return true, nil
	}
	if w > g.win(b.moves) {
		return false, nil
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	r := s.negamax(b, w-1, w)
	if s.stopped {
		return false, ctx.Err()
	}
	return r >= w, nil
}

// Analyze returns the score of every column of p (FullColumn: no room).
func (s *BigSolver) Analyze(ctx context.Context, p inarow.Position) ([]Score, error) {
	if p.Over() {
		return nil, inarow.ErrGameOver
	}
	b, err := s.g.FromPosition(p)
	if err != nil {
		return nil, err
	}
	return s.AnalyzeBoard(ctx, b)
}

// AnalyzeBoard is Analyze for a BigBoard.
func (s *BigSolver) AnalyzeBoard(ctx context.Context, b BigBoard) ([]Score, error) {
	g := s.g
	out := make([]Score, g.W)
	for col := range out {
		switch {
		case !g.CanPlay(b, col):
			out[col] = FullColumn
		case g.IsWinningMove(b, col):
			out[col] = weakScore(g.win(b.moves), s.weak)
		default:
			v, err := s.SolveBoard(ctx, g.Play(b, col))
			if err != nil {
				return nil, err
			}
			out[col] = -v
		}
	}
	return out, nil
}

func (s *BigSolver) negamax(b BigBoard, alpha, beta int) int {
	g := s.g
	s.nodes++
	if s.nodes&pollMask == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	next := g.nonLosing(b)
	if next.zero() {
		return -g.win(b.moves + 1)
	}
	if b.moves >= g.cells-2 {
		return 0
	}
	if lo := -g.win(b.moves + 3); alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	if hi := g.win(b.moves + 2); beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	key := b.current.add(b.mask)
	useTT := b.moves < s.ttPly
	t := s.t
	if b.moves >= s.nearPly {
		t = s.near
	}
	if useTT {
		if c := t.get(key); c != 0 {
			if c > s.span {
				if lo := c - s.span - 1 + s.minCode; alpha < lo {
					alpha = lo
					if alpha >= beta {
						return alpha
					}
				}
			} else if hi := c - 1 + s.minCode; beta > hi {
				beta = hi
				if alpha >= beta {
					return beta
				}
			}
		}
	}
	var moves bigMoveList
	for i := g.W - 1; i >= 0; i-- {
		if m := next.and(g.col[g.order[i]]); !m.zero() {
			moves.add(m, g.moveScore(b, m))
		}
	}
	for moves.n > 0 {
		moves.n--
		v := -s.negamax(playBig(b, moves.cell[moves.n]), -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v >= beta {
			if useTT {
				t.put(key, v-s.minCode+1+s.span)
			}
			return v
		}
		if v > alpha {
			alpha = v
		}
	}
	if useTT {
		t.put(key, alpha-s.minCode+1)
	}
	return alpha
}

type bigMoveList struct {
	n     int
	cell  [maxBigCols]u128
	score [maxBigCols]int
}

func (l *bigMoveList) add(cell u128, score int) {
	i := l.n
	l.n++
	for ; i > 0 && l.score[i-1] > score; i-- {
		l.cell[i], l.score[i] = l.cell[i-1], l.score[i-1]
	}
	l.cell[i], l.score[i] = cell, score
}
