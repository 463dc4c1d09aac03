package solve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/inarow/inarow"
)

// Options configure a C4Solver.
type Options struct {
	// TableBytes bounds the transposition table, the solver's only large
	// memory; 0 means DefaultTableBytes.
	TableBytes int
	// Book is the opening book to use; nil means the book built into the
	// program for the rules (EmbeddedBook), if any.
	Book *Book
	// NoBook turns the opening book off: every position is searched.
	NoBook bool
	// Weak makes Solve, SolveBoard, Analyze, AnalyzeBoard and the other
	// scores of a position give only their sign: 1 a win, 0 a draw, −1 a
	// loss for the player to move. A weak solve asks at most two null
	// windows, around 0 and −1, which cut more than the exact score's
	// probes. BestMoves and GenerateBook still work with exact scores.
	Weak bool
	// Threads is how many goroutines search each position (0 means 1),
	// over one shared table: ABDADA, see parallel.go. Every score is the
	// one a single thread finds; the node count varies from run to run.
	Threads int
}

// DefaultTableBytes is the table size when Options.TableBytes is 0: 2²⁴
// four-byte entries for 7×6, as many entries as Pons' solver keeps in
// its 84 MB.
const DefaultTableBytes = 64 << 20

// FullColumn marks a column that cannot be played in Analyze's scores.
const FullColumn Score = math.MinInt32

// pollMask: the search looks at its context (and at halt, see
// parallel.go) once in pollMask+1 nodes, a power of two: about every
// 0.2 ms, so that a solve with threads waits little for the threads that
// another has halted (with 2^14 nodes, some 3 ms a solve). A variable so
// that the lockstep test of the parallel search can look at every node.
var pollMask uint64 = 1<<10 - 1

// C4Solver computes exact values of gravity k-in-a-row games on boards
// whose padded bitboard fits one word — Connect Four and its relatives —
// in Pascal Pons' score convention (see Score). It keeps its
// transposition table between calls, so the positions of one game or of
// one test set help each other; Reset empties it. A C4Solver is not safe
// for concurrent use.
//
// The search is Pons' design: negamax with alpha-beta on scores, each node
// first anticipating the opponent's immediate threats (nonLosing), moves
// ordered by the threats they create, a table of upper and lower bounds,
// and at the root a sequence of null-window searches that narrows the
// score range (see bisect). Positions of the opening (fewer than SymmetryPlies stones)
// share their table entry with their mirror image.
type C4Solver struct {
	g     *Geometry
	t     *table
	nodes uint64
	// lower bound codes start above upper bound codes; see encode.
	span    int
	minCode int // the smallest score encoded
	symPly  int
	near    *table
	nearPly int
	ttPly   int // nodes with fewer stones use the table
	etcPly  int // enhanced transposition cutoffs at nodes of fewer stones

	book    *Book
	bookPly int // nodes with at most this many stones look in the book; -1: none

	weak bool // see Options.Weak

	// The parallel search (see parallel.go): the helpers share g, the
	// tables, the book and busy; halt, shared by all, stops them all when
	// one has finished. Nodes of fewer than busyPly stones put off the
	// moves another thread is searching.
	helpers []*C4Solver
	halt    *atomic.Bool
	busy    *busyTable
	busyPly int

	ctx     context.Context
	stopped bool
}

// etcCells: nodes with fewer empty cells than this skip the enhanced
// transposition cutoff (it costs more than it saves near the end).
var etcCells = 8

// ttCells: nodes with fewer empty cells than this skip the table: their
// subtrees cost less to search again than a cache miss.
var ttCells = 6

// The table is in two parts. Nodes with fewer empty cells than nearCells
// (by default half the board, 22 for 7×6) — the many positions with small
// subtrees — use a small table of at most nearBytes that stays in the
// processor's cache; the positions nearer the root, fewer and dearer,
// keep the large one to themselves. nearCells < 0 turns the split off.
var nearCells, nearBytes = 0, 4 << 20

// SymmetryPlies: positions with fewer stones than this are looked up in
// the table under the smaller of their key and their mirror's key.
const SymmetryPlies = 12

// NewC4 returns a solver for r, which must be gravity rules whose padded
// board, (Rows+1)·Cols bits, fits 64 bits, with the overline win rule.
func NewC4(r inarow.Rules, opts Options) (*C4Solver, error) {
	g, err := NewGeometry(r)
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
	s := &C4Solver{g: g, symPly: SymmetryPlies, etcPly: g.cells - etcCells, ttPly: g.cells - ttCells, bookPly: -1, weak: opts.Weak}
	if !opts.NoBook {
		bk := opts.Book
		if bk == nil {
			if bk, err = EmbeddedBook(r); err != nil {
				return nil, err
			}
		} else if bk.Rules() != g.Rules() {
			return nil, fmt.Errorf("solve: the book is for %v, the solver for %v", bk.Rules(), g.Rules())
		}
		s.setBook(bk)
	}
	// Scores lie in [-base, base]; codes 1..span are upper bounds, span+1..2·span lower bounds.
	s.minCode = -g.base
	s.span = 2*g.base + 1
	vbits := uint(bits.Len(uint(2 * s.span)))
	near := min(nearBytes, bytes/8)
	cells := nearCells
	if cells == 0 {
		cells = (g.cells + 2) / 2
	}
	if cells < 0 || near < 64<<10 {
		s.t = newTable(bytes, g.keyBits, vbits)
		s.near, s.nearPly = s.t, g.cells+1
	} else {
		s.t = newTable(bytes-near, g.keyBits, vbits)
		s.near, s.nearPly = newTable(near, g.keyBits, vbits), g.cells-cells
	}
	if opts.Threads < 0 {
		return nil, fmt.Errorf("solve: negative thread count %d", opts.Threads)
	}
	if opts.Threads > 1 {
		s.addHelpers(opts.Threads)
	}
	return s, nil
}

// setBook makes bk (nil: none) the solver's book.
func (s *C4Solver) setBook(bk *Book) {
	s.book, s.bookPly = bk, -1
	if bk != nil {
		s.bookPly = bk.depth
	}
	for _, h := range s.helpers {
		h.setBook(bk)
	}
}

// Book returns the solver's opening book, nil if it has none.
func (s *C4Solver) Book() *Book { return s.book }

// bookLookup returns the book's score of b, if the solver has a book
// that holds it.
func (s *C4Solver) bookLookup(b Board) (Score, bool) {
	if b.moves > s.bookPly {
		return 0, false
	}
	return s.book.Lookup(b)
}

// Geometry returns the board geometry of the solver.
func (s *C4Solver) Geometry() *Geometry { return s.g }

// Nodes returns the number of positions searched since NewC4 or Reset;
// a position with a forced move (see negamax) is not counted, as in
// Steininger's solver.
func (s *C4Solver) Nodes() uint64 {
	n := s.nodes
	for _, h := range s.helpers {
		n += h.nodes
	}
	return n
}

// TableBytes returns the memory of the transposition table.
func (s *C4Solver) TableBytes() int {
	if s.near == s.t {
		return s.t.bytes()
	}
	return s.t.bytes() + s.near.bytes()
}

// Reset empties the transposition table and the node counter.
func (s *C4Solver) Reset() {
	s.t.reset()
	if s.near != s.t {
		s.near.reset()
	}
	s.nodes = 0
	for _, h := range s.helpers {
		h.nodes = 0
	}
}

// win is the score of the player to move at a position of moves stones
// who wins with their next stone.
func (g *Geometry) win(moves int) int { return g.base - moves/2 }

// Solve returns the exact score of p for the player to move. A finished
// position scores as Terminal does.
func (s *C4Solver) Solve(ctx context.Context, p inarow.Position) (Score, error) {
	if p.Over() {
		return Terminal(p), nil
	}
	b, err := s.g.FromPosition(p)
	if err != nil {
		return 0, err
	}
	return s.SolveBoard(ctx, b)
}

// SolveBoard returns the exact score of b, a position where nobody has
// won, for the player to move (its sign with Options.Weak).
func (s *C4Solver) SolveBoard(ctx context.Context, b Board) (Score, error) {
	return s.solve(ctx, b, s.weak)
}

// solve returns the score of b, only its sign if weak.
func (s *C4Solver) solve(ctx context.Context, b Board, weak bool) (Score, error) {
	g := s.g
	if b.moves >= g.cells {
		return 0, nil
	}
	if g.CanWinNext(b) {
		return weakScore(g.win(b.moves), weak), nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if v, ok := s.bookLookup(b); ok {
		return weakScore(int(v), weak), nil
	}
	lo, hi := -g.win(b.moves+1), g.win(b.moves)
	if weak {
		// The bisection of [−1, 1] probes 0, then −1 if the score is ≤ 0.
		lo, hi = -1, 1
	}
	v, ok := s.onEveryThread(func(h *C4Solver) (int, bool) { return h.bisect(ctx, b, lo, hi) })
	if !ok {
		return 0, ctx.Err()
	}
	return weakScore(v, weak), nil
}

// bisect returns the score of b, known to lie in [lo, hi], by null-window
// searches; false if ctx ended or halt stopped it first. While the range
// reaches beyond ±nearScore the probes lean to its ends (see probe); once
// it lies within, they start at 0 and then follow the bound each search
// returns (negamax fails soft), one score a step, as MTD(f) does: near 0
// every probe is dear, and the walk asks fewer of them than halving or
// leaning.
func (s *C4Solver) bisect(ctx context.Context, b Board, lo, hi int) (int, bool) {
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	near, guess := false, 0
	for lo < hi {
		med := probe(lo, hi)
		if lo >= -nearScore && hi <= nearScore {
			if !near {
				near, guess = true, 0
			}
			med = min(max(guess, lo), hi-1)
		}
		r := s.negamax(b, med, med+1)
		if s.stopped {
			return 0, false
		}
		if r <= med {
			hi, guess = r, r-1
		} else {
			lo, guess = r, r
		}
	}
	return lo, true
}

// nearScore bounds the scores bisect walks to from 0. Measured against
// leaning all the way (one thread, 1 GB, no book): the empty board 209 M →
// 148 M nodes, 52 → 40 s of CPU; 4453 12.0 M → 11.1 M; 40 random
// positions of 9–18 stones 8.3 M → 6.2 M; Pons' L2_R2 14.9 k → 10.4 k
// nodes a position. A wider zone (8) costs the beginning-easy set, whose
// scores are all 8 or more from 0 (L1_R1 462 → 835 nodes a position), a
// narrower one (6) gains less; a walk from 0 over the whole range costs it
// 44 times the nodes.
const nearScore = 7

// weakScore is v, or its sign if weak.
func weakScore(v int, weak bool) Score {
	if weak {
		return Score(min(max(v, -1), 1))
	}
	return Score(v)
}

// probe returns the score at which to test next, by a null window, a
// position whose score lies in [lo, hi], lo < hi. It leans 7/8 of the way
// from 0 to the end of the range on the midpoint's side. A null window far
// from 0 asks for a fast win (or a fast loss), which a shallow search
// settles, so the range closes from its ends in cheap steps and the dear
// probes near 0 come last (bisect walks those from 0). Pons halves instead; on his sets 7/8
// searches 0.36× the nodes on L1_R1 and 0.8× on L2_R1, for 1.14× on L2_R2
// and 1.04× on L1_R2.
func probe(lo, hi int) int {
	med := lo + (hi-lo)/2
	if med <= 0 && lo*7/8 < med {
		med = lo * 7 / 8
	} else if med >= 0 && hi*7/8 > med {
		med = hi * 7 / 8
	}
	return med
}

// Analyze returns the score of every column of p for the player to move
// (the score after playing there, from the mover's side), FullColumn for
// a column without room. A finished position is an error.
func (s *C4Solver) Analyze(ctx context.Context, p inarow.Position) ([]Score, error) {
	if p.Over() {
		return nil, inarow.ErrGameOver
	}
	b, err := s.g.FromPosition(p)
	if err != nil {
		return nil, err
	}
	return s.AnalyzeBoard(ctx, b)
}

// AnalyzeBoard is Analyze for a Board.
func (s *C4Solver) AnalyzeBoard(ctx context.Context, b Board) ([]Score, error) {
	out := make([]Score, s.g.W)
	for col := range out {
		v, err := s.column(ctx, b, col)
		if err != nil {
			return nil, err
		}
		out[col] = v
	}
	return out, nil
}

// negamax returns the score of b within [alpha, beta] the fail-soft way:
// the exact score when it lies inside, else a bound on the side it lies
// (≤ alpha or ≥ beta), as tight as the search found — below alpha, the
// best of the children's upper bounds, not alpha itself. A tighter bound
// narrows the root's range by more than one probe's step and makes the
// table's entries worth more. b must be a position where the player to
// move cannot win at once.
func (s *C4Solver) negamax(b Board, alpha, beta int) int {
	g := s.g
	next, opp := g.nonLosingThreats(b)
	if next == 0 { // every move lets the opponent win at once
		return -g.win(b.moves + 1)
	}
	if b.moves >= g.cells-2 { // two cells left: neither side can win any more
		return 0
	}
	// A forced move — the block of the opponent's one playable threat, or
	// the only move that does not hand them a win — is played at once: the
	// position is worth what the one after it is, so it costs no node,
	// no table entry and no ordering.
	if next&(next-1) == 0 {
		return -s.negamax(play(b, next), -beta, -alpha)
	}
	s.nodes++
	if s.nodes&pollMask == 0 && (s.ctx.Err() != nil || s.halt != nil && s.halt.Load()) {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	// The opponent cannot win with their next stone: score ≥ -win(moves+3).
	if lo := -g.win(b.moves + 3); alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	// Nor can we with this one: score ≤ win(moves+2).
	if hi := g.win(b.moves + 2); beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}

	// A side none of whose lines is still open can at best draw.
	empty := g.board &^ b.mask
	if beta > 0 && !g.hasLine(b.current|empty) {
		beta = 0
		if alpha >= beta {
			return beta
		}
	}
	if alpha < 0 && !g.hasLine(b.current^b.mask|empty) {
		alpha = 0
		if alpha >= beta {
			return alpha
		}
	}

	// The second player's claimeven strategy bounds the first's score.
	// Without the blocked lines: the parent asked with them (below) before
	// it searched this node, and asking again costs more than it finds
	// (the empty board 131.5 M nodes with them here alone, 123.3 M with
	// them in the parent alone, 122.6 M with both).
	if g.evenRows != 0 && b.moves%2 == 0 {
		if hi := g.claimEvenBound(b, false); beta > hi {
			beta = hi
			if alpha >= beta {
				return beta
			}
		}
	}

	if b.moves <= s.bookPly {
		if v, ok := s.book.Lookup(b); ok {
			return int(v)
		}
	}

	key := b.current + b.mask
	t := s.t
	if b.moves >= s.nearPly {
		t = s.near
	}
	if b.moves < s.ttPly {
		if b.moves < s.symPly {
			key = min(key, g.mirror(key))
		}
		if c := int(t.get(key)); c != 0 {
			if c > s.span { // a lower bound
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

	var moves moveList
	for i := g.W - 1; i >= 0; i-- {
		if m := next & g.col[g.order[i]]; m != 0 {
			v, wins := g.orderScore(b, m, opp)
			if wins {
				// The best score left (beta ≤ it): the opponent loses
				// with their next stone whatever they play.
				return g.win(b.moves + 2)
			}
			if g.evenRows != 0 && b.moves%2 == 1 {
				if lo := -g.claimEvenBound(play(b, m), true); lo >= beta {
					return lo
				}
			}
			moves.add(m, v)
		}
	}
	// No move leaves the opponent without a reply that does not lose at
	// once, so we cannot win with our next stone either: score ≤
	// win(moves+4). The probes that ask for so fast a win end here.
	if hi := g.win(b.moves + 4); beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	// Enhanced transposition cutoff: a child whose table entry already
	// bounds its value low enough refutes beta without a search. The probes
	// also bring the children's entries into the cache for the searches.
	if b.moves < s.etcPly {
		ct := s.t
		if b.moves+1 >= s.nearPly {
			ct = s.near
		}
		for i := 0; i < moves.n; i++ {
			child := play(b, moves.cell(i))
			ck := child.current + child.mask
			if b.moves+1 < s.symPly {
				ck = min(ck, g.mirror(ck))
			}
			if c := int(ct.get(ck)); c != 0 && c <= s.span {
				if v := -(c - 1 + s.minCode); v >= beta {
					t.put(key, uint64(v-s.minCode+1+s.span))
					return v
				}
			}
		}
	}
	// With other threads (ABDADA, see parallel.go), a move other than the
	// first whose position another thread is searching is put off (later,
	// by index) until the others have been searched.
	abdada := s.busy != nil && b.moves < s.busyPly
	best := math.MinInt
	for i, later := moves.n, uint32(0); i > 0 || later != 0; {
		var m int
		firstPass := i > 0
		if firstPass {
			i--
			m = i
		} else {
			m = bits.Len32(later) - 1
			later &^= 1 << m
		}
		child := play(b, moves.cell(m))
		var v int
		if abdada {
			ck := child.current + child.mask
			if firstPass && m < moves.n-1 && s.busy.searching(ck) {
				later |= 1 << m
				continue
			}
			s.busy.enter(ck)
			v = -s.negamax(child, -beta, -alpha)
			s.busy.leave(ck)
		} else {
			v = -s.negamax(child, -beta, -alpha)
		}
		if s.stopped {
			return 0
		}
		if v >= beta {
			if b.moves < s.ttPly {
				t.put(key, uint64(v-s.minCode+1+s.span))
			}
			return v
		}
		best = max(best, v)
		alpha = max(alpha, v)
	}
	// Every move searched scored at most best (< beta): b does.
	if b.moves < s.ttPly {
		t.put(key, uint64(best-s.minCode+1))
	}
	return best
}

// claimEvenBound returns an upper bound of the score of b, a position of
// the first player to move (an even number of stones) on a board of even
// height, from a strategy of the second player: claimeven, answering every
// move in the same column, on top of it. In a column of even height that
// gives the second player every empty cell of an even row (numbered from 1
// at the bottom). The columns of odd height, an even number of them, come
// in pairs whose playable cells are on even rows: the second player
// answers a move into one of them by taking the other's, and from then on
// both columns are of even height. Give the first player every playable
// cell and every empty odd-row cell, the second the other empty even-row
// cells: the second gets at least those. If the first player's cells hold
// no line they cannot win: the score is at most 0, and below 0 if the
// second player's cells hold one. Then the second player wins at the
// latest when the last cell of that line is filled, and at that moment
// the cells above it in its column are still empty: if the line lies in
// the rows 1…r, that is with stone number W·H − (H − r) at the latest. So
// the lowest such r bounds the score (r = H: a loss with the last stone,
// −1). Otherwise the strategy says nothing: the bound is the largest score.
//
// With blocks, a line of the first player's cells that lies above one of
// the second's in its own columns (see linesOf) does not count either: the
// second player's line is complete first, so the first player's never is.
// That bound is tighter (the empty 7×6 board 17 % fewer nodes, Pons' sets
// 5–10 %) but costs a pass over the first player's lines.
func (g *Geometry) claimEvenBound(b Board, blocks bool) int {
	opp := b.current ^ b.mask | g.evenRows&^b.mask&^g.possible(b.mask)
	var line, unblocked bool
	if blocks {
		line, unblocked = g.linesOf(g.board&^opp, opp)
	} else {
		line = g.hasLine(g.board &^ opp)
		unblocked = line
	}
	switch {
	case unblocked:
		return g.win(b.moves)
	case !line && !g.hasLine(opp):
		return 0
	}
	for r := 1; r < g.H; r++ {
		// g.bottom·(2^r − 1): the rows 1…r of every column (no carries:
		// r < H+1, the distance between two columns' bottom cells).
		if g.hasLine(opp & (g.bottom * (1<<uint(r) - 1))) {
			return -g.win(g.cells - g.H + r - 1)
		}
	}
	return -g.win(g.cells - 1)
}

// linesOf reports whether mine holds a line, and whether one of its lines
// is not blocked: a line is blocked when it lies above a line of opp in
// its own columns, each cell of the opp line below the mine line's cell of
// that column. Gravity fills the opp line's cell of a column before the
// mine line's, so the opp line is complete before the line above it is,
// and the second player's claimeven strategy (see claimEvenBound) wins
// before the first player completes a blocked line. A vertical line has
// nothing of opp below it in its column. The test is one pass: the cells
// that start a line in each direction, then one table lookup (below) and
// line test a start until one is not blocked — mostly the first.
func (g *Geometry) linesOf(mine, opp uint64) (line, unblocked bool) {
	if g.c4 {
		return g.linesOf7x6(mine, opp)
	}
	var runs [4]uint64
	var starts uint64
	for d, s := range [4]uint{g.stride, g.stride - 1, g.stride + 1, 1} {
		run := mine
		for i := uint(1); i < uint(g.K) && run != 0; i++ {
			run &= mine >> (i * s)
		}
		runs[d] = run
		starts |= run
	}
	switch {
	case starts == 0:
		return false, false
	case runs[3] != 0:
		return true, true
	}
	for d, run := range runs[:3] {
		for ; run != 0; run &= run - 1 {
			if !g.hasLine(opp & g.below[d][bits.TrailingZeros64(run)]) {
				return true, true
			}
		}
	}
	return true, false
}

// linesOf7x6 is linesOf for 7×6, K = 4, with constant shifts: a second
// version for speed (the claimeven bound asks it at up to seven children
// of every odd node), checked against the general one in
// TestFastPath7x6AgreesWithGeneral.
func (g *Geometry) linesOf7x6(mine, opp uint64) (line, unblocked bool) {
	v := mine & (mine >> 1)
	v &= v >> 2
	h := mine & (mine >> 7)
	h &= h >> 14
	d := mine & (mine >> 6)
	d &= d >> 12
	u := mine & (mine >> 8)
	u &= u >> 16
	switch {
	case v|h|d|u == 0:
		return false, false
	case v != 0:
		return true, true
	}
	for ; h != 0; h &= h - 1 {
		if !hasLine7x6(opp & g.below[0][bits.TrailingZeros64(h)]) {
			return true, true
		}
	}
	for ; d != 0; d &= d - 1 {
		if !hasLine7x6(opp & g.below[1][bits.TrailingZeros64(d)]) {
			return true, true
		}
	}
	for ; u != 0; u &= u - 1 {
		if !hasLine7x6(opp & g.below[2][bits.TrailingZeros64(u)]) {
			return true, true
		}
	}
	return true, false
}

// moveList is the moves of a node sorted by increasing score, the best
// last; equal scores keep the last added on top (the columns are added
// from the edges in, so the centre wins ties). It lives on the stack, so
// it is small: an entry is one uint32, the score (≥ 0, below 2²¹) above
// the rank of addition (for the ties) above the cell's bit number, and
// the whole list two cache lines that the recursion keeps reusing (the
// score and the cell as two words an entry made a node 512 bytes
// larger, and the search slower).
type moveList struct {
	n int
	e [maxCols]uint32
}

// add adds the move on cell, a single bit, with its score.
func (l *moveList) add(cell uint64, score int) {
	e := uint32(score)<<11 | uint32(l.n)<<6 | uint32(bits.TrailingZeros64(cell))
	i := l.n
	l.n++
	for ; i > 0 && l.e[i-1] > e; i-- {
		l.e[i] = l.e[i-1]
	}
	l.e[i] = e
}

// cell returns the cell of the i-th move (0: the worst).
func (l *moveList) cell(i int) uint64 { return 1 << (l.e[i] & 63) }

// ErrBadBoard is returned for a position the bitboard solver cannot take.
var ErrBadBoard = errors.New("solve: position does not fit the solver")
