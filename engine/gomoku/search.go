package gomokuengine

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
	"time"

	"github.com/inarow/inarow"

	"github.com/inarow/inarow/gomoku"
)

// Scores of the gomoku search: WinScore-ply for a win found ply plies
// from the root; a score beyond ±WinBound is a proven win or loss.
const (
	WinScore = 20000
	WinBound = WinScore - 1000
	maxPly   = 96
)

// Limits bound one search. Zero fields do not limit.
type Limits struct {
	TurnTime  time.Duration // the protocol's timeout_turn
	MatchTime time.Duration // timeout_match (0: no match limit)
	TimeLeft  time.Duration // time_left of the match (used if MatchTime > 0)
	MaxDepth  int           // iterative deepening stops after this depth
	MaxNodes  int64         // node budget
	// Progress, if set, receives the progress after every iteration (in
	// the goroutine that called Search).
	Progress func(Info)
	// Root, if set, hears of every root move the main search takes up
	// and finishes (in the goroutine that called Search or Analyze): what
	// a GUI shows as the search goes (the Yixin protocol's MESSAGE
	// REALTIME lines).
	Root func(RootMove)
	// Cut, if set, hears of every node below the root at which a move
	// the move order chose cut off: no table move there, no four or
	// four-three of the opponent's to answer (the main thread only; in
	// the goroutine that called Search). These are the samples that
	// gomoku-evalfit cuts writes and gomoku-evalfit order fits the order
	// to.
	Cut func(Cut)
	// Recent, if set, is the moves played last, oldest first (a whole
	// game's may be given): the search reads the last two, each a stone
	// of the position, as the last moves of the two sides (the move
	// order's places beside them, the reductions of moves far from
	// them); the others are not read. A position set up from its
	// stones (inarow.Setup, the Gomocup protocol's BOARD) does not know
	// them; without Recent the search takes the position's LastMove and,
	// for the move before it, a stone of the board's order.
	Recent []inarow.Move
}

// Cut is a cutoff at a node of the search: the node's position (its
// stones as the search board holds them, black and white in turn, a
// fresh slice: the searched position's in the board's order, then the
// search's moves, so that the last two are what the search read as the
// last moves), the move that cut off, the node's depth and its beta (the
// bound the move's value reached, for the side to move; CutCosts).
type Cut struct {
	Moves []inarow.Move
	Move  inarow.Move
	Depth int
	Beta  int
}

// RootMove is one root move's search starting (Done false) or finished
// (Done true) in an iteration of Depth. Score is its value for the side
// to move when the move was searched with a full window, else a bound
// for it; a Score below -WinBound is a proven loss either way.
type RootMove struct {
	Move  inarow.Move
	Depth int
	Done  bool
	Score int
}

// Info is the progress of a search, reported after every iteration.
type Info struct {
	Depth   int
	Score   int
	Nodes   int64
	Elapsed time.Duration
	PV      []inarow.Move
	// Values, from Analyze, are the candidates' values after the
	// iteration of Depth, best first.
	Values []MoveValue
}

// NPS is the speed in nodes per second.
func (in Info) NPS() int64 {
	if in.Elapsed <= 0 {
		return 0
	}
	return int64(float64(in.Nodes) / in.Elapsed.Seconds())
}

// ttEntry is one position's entry in the table, as probe returns it.
type ttEntry struct {
	score int16
	move  int16
	depth int8
	flag  uint8
}

const (
	ttExact = 1
	ttLower = 2
	ttUpper = 3
)

// TT is the transposition table of the search, shared by the threads of
// a multi-threaded search (smp.go). A slot holds the entry packed in one
// word and the key xor that word, each read and written atomically: a
// slot that two threads wrote at once holds a key that matches neither
// position, so a torn entry is never taken for a position's (the
// lockless table of Hyatt and Mann). On amd64 the loads are plain moves.
type TT struct{ e []ttSlot }

type ttSlot struct{ key, data atomic.Uint64 }

func (e ttEntry) pack() uint64 {
	return uint64(uint16(e.score)) | uint64(uint16(e.move))<<16 | uint64(uint8(e.depth))<<32 | uint64(e.flag)<<40
}

func unpack(d uint64) ttEntry {
	return ttEntry{score: int16(d), move: int16(d >> 16), depth: int8(d >> 32), flag: uint8(d >> 40)}
}

// NewTT sizes a table to use at most bytes bytes (a power of two entries,
// 1<<12 at least).
func NewTT(bytes int64) *TT {
	n := 1 << 12
	for int64(n*2*16) <= bytes && n < 1<<26 {
		n *= 2
	}
	return &TT{e: make([]ttSlot, n)}
}

// probe returns the entry of the position of key k, if the table has it.
func (t *TT) probe(k uint64) (ttEntry, bool) {
	e := &t.e[k&uint64(len(t.e)-1)]
	d := e.data.Load()
	if e.key.Load()^d != k || d == 0 {
		return ttEntry{}, false
	}
	return unpack(d), true
}

func (t *TT) store(k uint64, depth, score, flag, move int) {
	e := &t.e[k&uint64(len(t.e)-1)]
	if d := e.data.Load(); e.key.Load()^d == k && int(unpack(d).depth) > depth && flag != ttExact {
		return
	}
	d := ttEntry{score: int16(score), move: int16(move), depth: int8(depth), flag: uint8(flag)}.pack()
	e.data.Store(d)
	e.key.Store(k ^ d)
}

// storeQ stores a quiescence search's entry (qsearch.go) at depth 0,
// over no deeper entry of the same position.
func (t *TT) storeQ(k uint64, score, flag, move int) {
	e := &t.e[k&uint64(len(t.e)-1)]
	if d := e.data.Load(); e.key.Load()^d == k && unpack(d).depth > 0 {
		return
	}
	d := ttEntry{score: int16(score), move: int16(move), depth: 0, flag: uint8(flag)}.pack()
	e.data.Store(d)
	e.key.Store(k ^ d)
}

// Clear empties the table. No search may be running.
func (t *TT) Clear() {
	for i := range t.e {
		t.e[i].key.Store(0)
		t.e[i].data.Store(0)
	}
}

// settles reports whether an entry whose score, brought to this ply, is
// sc decides a search within (alpha, beta): an exact value, or a bound
// on the window's side.
func (e ttEntry) settles(sc, alpha, beta int) bool {
	return e.flag == ttExact || e.flag == ttLower && sc >= beta || e.flag == ttUpper && sc <= alpha
}

// boundOf is the table's flag for a fail-soft value best of a search
// begun with the window (alpha, beta).
func boundOf(best, alpha, beta int) int {
	switch {
	case best <= alpha:
		return ttUpper
	case best >= beta:
		return ttLower
	}
	return ttExact
}

func toTT(score, ply int) int {
	if score > WinBound {
		return score + ply
	}
	if score < -WinBound {
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	if score > WinBound {
		return score - ply
	}
	if score < -WinBound {
		return score + ply
	}
	return score
}

type scored struct {
	m, s int
}

type searcher struct {
	b        *board
	p        *params // nil: defaultParams (par)
	tt       *TT
	ctx      context.Context
	start    time.Time
	hard     time.Time
	maxNodes int64
	nodes    int64
	reNodes  int64 // of nodes, those of the aspiration windows' re-searches
	stopped  bool
	killers  [maxPly + 2][2]int
	hist     [2][nCells]int32
	moveBuf  [maxPly + 2][]scored
	threats  *threatTable // nil: the threat searches keep no table
	cut      bool         // the threat search's budget or the clock cut it short
	vcfLimit int64
	vcfNodes int64
	vcfTotal int64
	calls    int64 // checkStop calls: the clock is read every 128
	// reference turns off the pruning below: the plain search the
	// tests compare it with
	reference bool
	// fullPV turns off the principal variation's own reductions alone,
	// the alpha-improvement and the table-depth reductions (a test's
	// switch: they make the value depend on the window)
	fullPV bool
	// the best root move so far of the current iteration and its score
	// (fully searched moves only): an interrupted iteration still tells
	rootMove, rootScore int
	// onRoot, if set, hears of each root move's search (Limits.Root)
	onRoot func(m, depth int, done bool, score int)
	// onCut, if set, hears of the order's cutoffs (Limits.Cut)
	onCut func(m, depth, beta int)
	// cutNodes counts the nodes that cut off, firstCuts those whose
	// first move did: how often the move order is right
	// (BenchmarkSearchDeepening)
	cutNodes, firstCuts int64
	// live, for a helper thread, adds up the helpers' nodes as they
	// search (published of them by this one)
	live      *atomic.Int64
	published int64
	// frac is the fraction of a ply, in hundredths, that the path to
	// each ply has been extended by beyond its whole plies (carry)
	frac [maxPly + 2]int
	// fours says whether the move made at each ply was a four (or
	// better) of its mover's: reverse futility waits out an attack
	fours [maxPly + 2]bool
	// threes says whether it made a three or better (lateReduction)
	threes [maxPly + 2]bool
	// skip is, at each ply, the move the node there leaves out plus
	// one (0: none): the singular extension's search (singular)
	skip [maxPly + 2]int
}

// total is the number of nodes of all searches (alpha-beta and threats).
func (s *searcher) total() int64 { return s.nodes + s.vcfTotal }

func (s *searcher) checkStop() bool {
	if s.stopped {
		return true
	}
	s.calls++
	if s.calls&127 == 0 {
		if time.Now().After(s.hard) || s.ctx.Err() != nil {
			s.stopped = true
		}
		if s.live != nil { // a helper thread: its nodes so far, for the progress
			n := s.total()
			s.live.Add(n - s.published)
			s.published = n
		}
	}
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	return s.stopped
}

// quickWin reports whether the side to move, with no five point on
// either side, wins in five plies without a search (after Rapfi's quick
// win check): it holds a four-three point or a double-three point, and
// the opponent has no four to play in between. The four's forced block
// lies on the four's line, which meets the three's only at the move, so
// the three becomes a straight four next; of two threes the opponent can
// block one. Freestyle and standard only: renju black's threes may end
// on forbidden points, and caro's fives need an open end.
func (s *searcher) quickWin() bool {
	b := s.b
	me, op := b.toMove, b.toMove^1
	if b.Rule != gomoku.Freestyle && b.Rule != gomoku.Standard ||
		b.clsCnt[op][clsB4]+b.clsCnt[op][clsB4F3]+b.clsCnt[op][clsFlex4] > 0 {
		return false
	}
	return b.clsCnt[me][clsB4F3]+b.clsCnt[me][clsF3F3] > 0
}

// cellsOf lists the empty cells where colour c has class cl (not
// clsNone), in index order.
func (s *searcher) cellsOf(c, cl int, dst []int) []int {
	set := &s.b.clsSet[c][cl]
	for w, word := range set {
		for word != 0 {
			dst = append(dst, w<<6+bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
	return dst
}

// legalFlex4 reports a cell where c makes a straight or double four legally.
func (s *searcher) legalFlex4(c int) int {
	if s.b.clsCnt[c][clsFlex4] == 0 {
		return -1
	}
	var buf [16]int
	for _, q := range s.cellsOf(c, clsFlex4, buf[:0]) {
		if s.b.legalFor(c, q) {
			return q
		}
	}
	return -1
}

var clsOwn = [nCls]int{clsNone: 0, clsTwo: 20, clsThree: 400, clsB4: 350, clsF3F3: 3000, clsB4F3: 6000, clsFlex4: 20000, clsFive: 100000}
var clsOpp = [nCls]int{clsNone: 0, clsTwo: 15, clsThree: 300, clsB4: 200, clsF3F3: 2000, clsB4F3: 4000, clsFlex4: 10000, clsFive: 50000}

// genMoves lists the moves worth searching, best first.
func (s *searcher) genMoves(ply, ttMove int) []scored {
	buf := s.candidates(ply, ttMove)
	slices.SortFunc(buf, func(a, c scored) int { return c.s - a.s })
	return buf
}

// pick moves the best of ms[n:] to ms[n]: the search orders its moves
// one at a time, as it needs them, since most nodes stop after a few
// (sorting them all took a sixth of the search).
func pick(ms []scored, n int) {
	best := n
	for k := n + 1; k < len(ms); k++ {
		if ms[k].s > ms[best].s {
			best = k
		}
	}
	ms[n], ms[best] = ms[best], ms[n]
}

// A moveFilter says which cells a node searches: near the stones, or
// only fours and defences when the opponent threatens an open four or
// holds a four-three point. The move loop asks it of the table's move
// before the list is made (admits), and candidates of every cell.
type moveFilter struct {
	me, op int
	threat bool           // the opponent threatens an open four
	answer bool           // the opponent holds a four-three point: def lists the answers
	def    [nWords]uint64 // (defend.go)
}

func (s *searcher) filter() (f moveFilter) {
	b := s.b
	f.me, f.op = b.toMove, b.toMove^1
	f.threat = b.clsCnt[f.op][clsFlex4] > 0
	f.answer = !f.threat && !s.reference && b.clsCnt[f.op][clsB4F3] > 0 && b.b4f3Defence(f.op, &f.def)
	return f
}

// admits reports whether the node searches the empty cell i, near a stone.
func (s *searcher) admits(f *moveFilter, i int) bool {
	b := s.b
	if f.threat {
		if b.st[f.me][i].cls < clsB4 || b.st[f.me][i].cls == clsF3F3 {
			p := &b.st[f.op][i].pat
			if p[0] < patB4 && p[1] < patB4 && p[2] < patB4 && p[3] < patB4 {
				return false
			}
		}
	} else if f.answer && f.def[i>>6]&(1<<(i&63)) == 0 {
		if c := b.st[f.me][i].cls; c < clsB4 || c == clsF3F3 {
			return false
		}
	}
	return !(f.me == black && b.Rule == gomoku.Renju && b.maybeForbidden(i) && b.IsForbidden(i))
}

// candidates lists the moves the filter admits, unordered, with their
// ordering scores.
func (s *searcher) candidates(ply, ttMove int) []scored {
	f := s.filter()
	return s.listMoves(&f, ply, ttMove)
}

func (s *searcher) listMoves(f *moveFilter, ply, ttMove int) []scored {
	b, p := s.b, s.par()
	me, op := f.me, f.op
	buf := s.moveBuf[ply][:0]
	if len(b.moves) == 0 {
		buf = append(buf, scored{b.Idx(b.W/2, b.H/2), 0})
		s.moveBuf[ply] = buf
		return buf
	}
	// only a four's threat, an answer to a four-three or renju black's
	// forbidden points keep a point near the stones out
	all := !f.threat && !f.answer && (me != black || b.Rule != gomoku.Renju)
	for w, word := range b.near {
		for ; word != 0; word &= word - 1 {
			i := w<<6 + bits.TrailingZeros64(word)
			if b.cell[i] != empty || !all && !s.admits(f, i) {
				continue
			}
			// the order's values (order.go), then the history; the
			// killers first where the rule's order keeps them (not
			// freestyle's or standard's: see orderTables.killers)
			sc := b.orderValue(me, op, i) + int(s.hist[me][i])*p.histMul/64
			if i == ttMove {
				sc += 1 << 28
			} else if b.ord.killers {
				if i == s.killers[ply][0] {
					sc += 1 << 20
				} else if i == s.killers[ply][1] {
					sc += 1 << 19
				}
			}
			buf = append(buf, scored{i, sc})
		}
	}
	s.moveBuf[ply] = buf
	return buf
}

// The pruning's margins, in the evaluation's units, and the moves
// searched before move-count pruning, by depth (the last for any deeper):
// Rapfi's own shapes, scaled at about 4.2 of our units to one of Rapfi's
// (the evaluation is fitted to σ(eval/925.7) against σ(Rapfi/200), about
// 4.6 to one). They were set at 11 to one, when the evaluation was fitted
// to σ(eval/2263); scaled down to the evaluation's present units (×0.42)
// the reverse futility, razoring and fail-high margins scored +22 Elo
// [+12, +33] head to head over 1,000 opening pairs (issue 23, session 56;
// session 31's test of every margin and the aspiration window scaled so
// had 195 pairs, −1 [−26, +24]). The aspiration window stays at its 11
// to one (aspiration.go): narrowed, its re-searches went from 48 % of the
// benchmark's nodes to 70 %. Against full Rapfi at 0.2 s a move these
// counts did a little better than {6, 8, 11, 15, 19} (22.7 % against
// 20.7 %, 200 games each: within the noise). Since issue 23's session 66
// they, and the reductions, extensions and weights below, are session
// 64's SPSA run's (tuning.go says how): the margins ×0.71, the
// counts ×0.93. Rapfi's counts go on growing with the depth (3 + d^1.32);
// counts of 18, 21, …, 35 from depth 8 to 14, with the cap on a node's
// moves (maxMovesDeep) raised to them, took 37 % more nodes to depth 16
// and scored −0.8 ± 6.2 points (2σ) against full Rapfi at 0.5 s a move
// over 240 paired games (issue 23, session 74): the last count stands
// for every depth.
const (
	futDepth  = 4
	futMargin = 209
)

// Late-move reductions: from the third move on, the nth move (from 0)
// of a node at depth 3 or more is searched params.lmr[depth][n] hundredths
// of a ply shallower, ln(depth)·ln(n)/lmrDiv less a tenth (the shape of
// Rapfi's published reductions; the tenth keeps the mean of the whole
// plies it was, rounded from 0.4, until issue 23's session 36); a ply
// less at a principal-variation node; never below depth 1. The fraction
// is carried down the path as the extensions' are (carry). A reduced
// move that beats alpha is searched again in full. Fours are reduced
// too: the answer to a four costs no depth (see search), so a reduced
// four still sees its threat line through.
// Against full Rapfi at 0.2 s a move this scored 14.0 % where one ply
// from the seventh move scored 9.2 % (840 games each); reducing quiet
// moves only (/2.5), or harder (/0.8), gained nothing (docs/performance.md).
// SPSA (tuning.go) made the reductions 7 % larger and the principal
// variation's lesser reduction 95 hundredths.
const (
	lmrDiv = 1.2 / 1.07
	pvLess = 95
)

// The history orders the moves after the order's values (listMoves): a
// move that cuts off gains depth², the moves searched before it at that
// node lose as much, and every change is damped by the value's distance
// from ±histMax (Stockfish's history gravity), so no value grows without
// bound. The engine keeps it from one move of a game to the next,
// halved (Engine.search). Against the history that only grew and began
// each search at zero: +5 Elo [+1, +10] head to head in freestyle over
// 4,524 opening pairs, where a sequential test (Elo 0 against 5) accepted
// the gain (issue 23, sessions 46 to 49). The history that only grew
// outweighed the order's values by ten times after 400,000 nodes (a 1 s
// turn); this one stays within ±4,608 in the order's units (hist·histWeight/64), as
// BenchmarkHistoryScale shows.
const histMax = 32768

// histMoved is the history h moved by bonus (negative: a penalty).
func histMoved(h, bonus int32) int32 {
	return h + bonus - h*max(bonus, -bonus)/histMax
}

// alphaRedMaxDepth: the alpha-improvement reduction (see search) stops
// here, as Rapfi's does, where a node's later moves are few and deep.
const alphaRedMaxDepth = 12

// rankReduction is how many hundredths of a ply the nth move of a node
// at depth is reduced by for its rank alone (below 0 at a principal-
// variation node: the move's kind may make it up; lateReduction). A move
// that makes or stops a three is reduced as much as any (it was a ply
// less until session 32 of issue 23: without it, and with move-count
// pruning of every move, the search proved 46 of the proof corpus's 80
// wins within 200,000 nodes instead of 29).
func (p *params) rankReduction(depth, n int, pv bool) int {
	r := int(p.lmr[min(depth, len(p.lmr)-1)][min(n, len(p.lmr[0])-1)])
	if pv {
		r -= p.pvLess
	}
	return r
}

// The reduction by what a move is (after Rapfi's published search, its
// coefficients): by complexFor[kind] hundredths of a ply for every unit
// of the natural log of the node's complexity (1 and the points where
// either side makes a two, a three, a four or a double three), most for
// a trivial move (no two or better for either side there) far from
// both last stones, least for an important one (a three or better for
// either side); and continuousAttack hundredths less for a three or
// better of the side to move whose move before was one too, while the
// opponent holds no four point. With the pruning of trivial and
// distracting moves (futileMove) and the quiescence search's six fours
// and table (qsearch.go) they scored +12 Elo [+5, +20] head to head over
// 2,000 opening pairs (issue 23, sessions 36 and 37; docs/performance.md).
const (
	kindTrivialFar = iota
	kindTrivial
	kindQuiet
	kindImportant
)

// (×0.97 by SPSA, tuning.go, from 9.68, 3.85, 2.22, 0.55 and 53)
var complexFor = [...]float64{kindTrivialFar: 9.68 * 0.97, kindTrivial: 3.85 * 0.97, kindQuiet: 2.22 * 0.97, kindImportant: 0.55 * 0.97}

const continuousAttack = 51

// complexity is the natural log of a node's complexity (see complexFor).
func (b *board) complexity() float64 {
	n := 1
	for c := range 2 {
		n += b.clsCnt[c][clsTwo] + b.clsCnt[c][clsThree] + b.clsCnt[c][clsB4] + b.clsCnt[c][clsF3F3]
	}
	return logTab[min(n, len(logTab)-1)]
}

var logTab = func() (t [256]float64) {
	for i := 1; i < len(t); i++ {
		t[i] = math.Log(float64(i))
	}
	return t
}()

// moveKind is what move m of the side to move is (complexFor).
func (s *searcher) moveKind(m int) int {
	b := s.b
	me, op := b.toMove, b.toMove^1
	switch {
	case b.st[me][m].cls >= clsThree || b.st[op][m].cls >= clsThree:
		return kindImportant
	case b.st[me][m].cls != clsNone || b.st[op][m].cls != clsNone:
		return kindQuiet
	case s.distract(m):
		return kindTrivialFar
	}
	return kindTrivial
}

// distract reports a move more than four points from both last stones.
func (s *searcher) distract(m int) bool {
	n := len(s.b.moves)
	return n >= 2 && chebyshev(m, s.b.moves[n-1]) > 4 && chebyshev(m, s.b.moves[n-2]) > 4
}

// lateReduction is how many hundredths of a ply move m, the nth of a
// node at depth ply plies from the root, is reduced by: by its rank
// (rankReduction), by what it is in a position of complexity cplx, and for
// a useless defence (uselessDefence); oppo4 says the opponent holds a
// four point.
func (s *searcher) lateReduction(m, depth, n, ply int, pv, oppo4 bool, cplx float64) int {
	if depth < 3 || n < 2 {
		return 0
	}
	b, p := s.b, s.par()
	r := p.rankReduction(depth, n, pv) + int(p.kind[s.moveKind(m)]*cplx)
	if !oppo4 && ply >= 2 && s.threes[ply-2] && b.st[b.toMove][m].cls >= clsThree {
		r -= p.contAttack
	}
	return max(r, 0) + 100*s.uselessDefence(m)
}

// futileMove reports a move not searched at a node of depth 4 or less
// once the node has a move that does not lose (Rapfi's): one that makes
// no two or better for either side, or one far from both last stones
// that takes none of the opponent's four points where it holds one.
func (s *searcher) futileMove(m int, oppo4 bool) bool {
	b := s.b
	me, op := b.toMove, b.toMove^1
	if b.st[me][m].cls == clsNone && b.st[op][m].cls == clsNone {
		return true
	}
	return oppo4 && !isFour(b.st[op][m].cls) && s.distract(m)
}

// futileDepth is the depth up to which futileMove's moves are pruned.
const futileDepth = 4

// reduce searches to depth less r hundredths of a ply what the path to
// ply+1 would search to depth d with the fraction f carried (carry):
// the reduced depth and its fraction, never below one ply and never
// deeper than d.
func reduce(d, f, r int) (int, int) {
	c := f - r
	q := c / 100
	if c%100 < 0 {
		q--
	}
	rd, rf := d+q, c-q*100
	if rd < 1 {
		rd, rf = 1, 0
	}
	if rd > d || rd == d && rf > f {
		return d, f
	}
	return rd, rf
}

var (
	razorMargin = [...]int{0, 110, 161}
	lmpCount    = [...]int{0, 4, 5, 7, 8, 10, 12, 15}
)

// Fail-high reduction (after Rapfi's published search): at an expected
// cut node whose static value stands well above beta, the moves that
// make no four are searched a ply shallower (and not searched again:
// the node is expected to fail high on its first move anyway). The
// margin grows with the depth, and by fhOppMargin where the opponent
// holds a four point; Rapfi's -9 + 15·depth + 87·oppo4 in its units,
// at about 4.2 of ours (see the pruning's margins above). With the answers to a four-three point (defend.go)
// and the whole turn (timeman.go) it beat the search without them by
// about 50 Elo in self-play (docs/performance.md, issue 23, session 25).
// SPSA (tuning.go) took the depth and four margins to 43 % of 69 and 402.
const (
	fhMargin      = -42
	fhDepthMargin = 30
	fhOppMargin   = 173
)

// Fractional extensions (after Rapfi's, whose depths are fractional).
// This search's depths are whole plies, so an extension by a fraction of
// a ply is carried down the path in hundredths (searcher.frac) and turns
// into a whole ply where the path's fractions add up to one. A forced
// block of a four keeps its ply (search) and gains blockExt more: Rapfi
// extends it by 1.3 plies. The table's move gains ttExt, ttExtPV at a
// principal-variation node, and ttExtFour more when it makes a four
// within four points of one's own last stone. With the further reduction
// of useless defences (uselessDefence) they scored +16 Elo [+5, +27]
// head to head over 1,000 opening pairs (issue 23, session 35;
// docs/performance.md). SPSA (tuning.go) took them to 72 % of 30, 8,
// 25 and 24.
const (
	blockExt  = 22
	ttExt     = 6
	ttExtPV   = 18
	ttExtFour = 17
)

// The principal-variation table-depth reduction (after Rapfi's
// reduction of a principal-variation node whose table move has not been
// chosen for a few iterations): a node of the principal variation whose
// table entry is shallower than the node is searched pvTTRed hundredths
// of a ply shallower for each ply the entry lacks, at most pvTTRedMax
// (Rapfi's 0.28 and 3.6 plies), the fraction carried down the path as
// the reductions' are. Along the principal variation of an iteration
// most entries are an iteration old, so the variation's own line loses
// about a ply every four nodes; where the variation has changed, the
// new line, whose entries are older, loses more. It takes 40 %
// fewer nodes to depth 10 (`inarow bench gomoku --depth 10`). Against
// full Rapfi at 0.2 s a move it scored −1.4 ± 6.0 points (2σ) over 320
// paired games (issue 23, session 71), at 1 s +5.8 ± 5.1 over 320 (session
// 72: 36.1 % against 30.3 %, rand280d-15 lines 161–280 and rand280c-15
// lines 1–40); the singular extensions likewise gained more with the
// time.
// docs/performance.md has the runs.
const (
	pvTTRed    = 28
	pvTTRedMax = 360
)

// pvTTReduction is the reduction, in hundredths of a ply, of a
// principal-variation node at depth whose table entry is ttDepth deep.
func pvTTReduction(depth, ttDepth int) int {
	return min(max((depth-ttDepth)*pvTTRed, 0), pvTTRedMax)
}

// carry extends the path to ply+1 by x hundredths of a ply beyond the
// path to ply and returns the whole plies that makes (the rest is carried
// down).
func (s *searcher) carry(ply, x int) int {
	c := s.frac[ply] + x
	s.frac[ply+1] = c % 100
	return c / 100
}

// uselessDefence is the further reduction of move m, by the side to move,
// where the opponent holds a four point and m takes none (after Rapfi's
// reduction of a useless defence, its 1.93 and 0.96 plies rounded): two
// plies when m lies more than four points from the opponent's last
// stone, one more when it does from one's own.
func (s *searcher) uselessDefence(m int) int {
	b := s.b
	op := b.toMove ^ 1
	n := len(b.moves)
	if n < 2 || b.clsCnt[op][clsB4]+b.clsCnt[op][clsB4F3]+b.clsCnt[op][clsFlex4] == 0 {
		return 0
	}
	if isFour(b.st[op][m].cls) {
		return 0
	}
	r := 0
	if chebyshev(m, b.moves[n-1]) > 4 {
		r += 2
	}
	if chebyshev(m, b.moves[n-2]) > 4 {
		r++
	}
	return r
}

// isFour reports a cell class that makes a four or better (a double three
// makes none).
func isFour(c uint8) bool { return c >= clsB4 && c != clsF3F3 }

// chebyshev is the distance of two cells in the larger of the two axes.
func chebyshev(a, c int) int {
	return max(abs(a%stride-c%stride), abs(a/stride-c/stride))
}

// settle reads what a node ply plies from the root holds before any
// search: a game over, a five point of the side to move, a full board,
// or a four of the opponent's that must be blocked. done says v is the
// node's value; else block is the forced block's cell (-1: none).
func (s *searcher) settle(ply int) (v, block int, done bool) {
	b := s.b
	me, op := b.toMove, b.toMove^1
	switch {
	case b.winner >= 0 && b.winner == me, b.clsCnt[me][clsFive] > 0:
		return WinScore - ply, -1, true
	case b.winner >= 0:
		return -WinScore + ply, -1, true
	case b.Full():
		return 0, -1, true
	case b.clsCnt[op][clsFive] == 0:
		return 0, -1, false
	}
	var fb [8]int
	f := s.cellsOf(op, clsFive, fb[:0])
	if len(f) >= 2 {
		if f[0] = b.blockFives(op, f); f[0] < 0 {
			return -WinScore + ply + 1, -1, true
		}
	} else if !b.legalFor(me, f[0]) {
		return -WinScore + ply + 1, -1, true
	}
	return 0, f[0], false
}

// fourThreeWins reports a win by a short VCF where the side to move holds
// a four-three point: one wins 98 % of the time by a VCF of a few nodes.
func (s *searcher) fourThreeWins() bool {
	if s.b.clsCnt[s.b.toMove][clsB4F3] == 0 {
		return false
	}
	s.threatBudget(200)
	ok, _ := s.vcf(6)
	return ok
}

// search returns the value of the position for the side to move, searched
// depth plies deep within (alpha, beta), ply plies from the root. cut says
// the node is expected to fail high (the null-window search of a move
// after the first, or of the first move of an expected all node): the
// parent tells, as in Stockfish and Rapfi.
func (s *searcher) search(depth, alpha, beta, ply int, cut bool) int {
	b, p := s.b, s.par()
	s.nodes++
	if s.checkStop() {
		return 0
	}
	me, op := b.toMove, b.toMove^1
	if ply == 0 {
		s.frac[0] = 0
	}
	v, block, done := s.settle(ply)
	if done {
		return v
	}
	if block >= 0 {
		if ply >= maxPly {
			return s.eval()
		}
		s.fours[ply] = isFour(b.st[me][block].cls)
		s.threes[ply] = b.st[me][block].cls >= clsThree
		b.Play(block)
		ext := p.blockExt
		if s.reference {
			ext = 0
		}
		d := depth + s.carry(ply, ext)
		if ply > 2*depth+8 {
			d--
		}
		v := -s.search(d, -beta, -alpha, ply+1, beta-alpha == 1 && !cut)
		b.Undo()
		return v
	}
	if s.legalFlex4(me) >= 0 {
		return WinScore - ply - 2
	}
	if !s.reference && ply > 0 && s.quickWin() {
		return WinScore - ply - 4
	}
	if ply >= maxPly {
		return s.eval()
	}
	if depth <= 0 && !s.reference {
		// the value, or what the side to move's fours make of it
		return s.qsearch(alpha, beta, ply, qsFours)
	}
	if depth <= 0 {
		// (the reference search's leaf, and qsearch's first step) a
		// four-three wins (98 % of the time) by a VCF of a few nodes.
		// From plain fours a VCF found a win at 6 % of the leaves it
		// was tried at and took 57 % of a 0.2 s move: searching deeper
		// instead scores 89.8 % against Rapfi depth 2, not 85.8 %
		if s.fourThreeWins() {
			return WinScore - ply - 11
		}
		return s.eval()
	}
	hk := b.Hash()
	ttMove := -1
	tte, ttHit := s.tt.probe(hk)
	if ttHit {
		ttMove = int(tte.move)
		// (not while a move is left out: the entry is the whole node's)
		if sc := fromTT(int(tte.score), ply); int(tte.depth) >= depth && ply > 0 && s.skip[ply] == 0 && tte.settles(sc, alpha, beta) {
			return sc
		}
	}
	// The killers two plies down were left by the grandchildren of
	// another node, cousins of ours: they are forgotten (Rapfi's and
	// Stockfish's), and this node's children's own are kept for the
	// later ones.
	if ply+2 < len(s.killers) {
		s.killers[ply+2] = [2]int{-1, -1}
	}
	// Pruning on the static value (after Rapfi's published search), at
	// nodes off the principal variation only, and only where the
	// opponent neither threatens an open four nor holds a four-three or a
	// double-three point, which the value cannot weigh: reverse futility
	// (far above beta: the opponent will not get back in a few plies),
	// razoring (far below alpha near the horizon: the quiescence
	// search's value, as Rapfi's razoring drops into its search of fours).
	// Reverse futility waits while the side to move is attacking: its two
	// moves before were fours (Rapfi's). Move-count pruning, in the move
	// loop, reads no value and runs at every node but the root.
	pvNode := beta-alpha > 1
	quietPos := b.clsCnt[op][clsFlex4] == 0 && b.clsCnt[op][clsB4F3] == 0 && b.clsCnt[op][clsF3F3] == 0
	prune := !s.reference && !pvNode && ply > 0 && quietPos
	cutNode := !pvNode && cut
	reduceFH := cutNode && !s.reference && ply > 0 && beta > -WinBound && beta < WinBound && b.clsCnt[op][clsFlex4] == 0
	pruneEv := prune && alpha > -WinBound && beta < WinBound
	var ev int
	if reduceFH || pruneEv {
		ev = s.eval()
	}
	failHigh := false
	if reduceFH {
		m := fhMargin + p.fhDepth*depth
		if b.clsCnt[op][clsB4]+b.clsCnt[op][clsB4F3] > 0 {
			m += p.fhOpp
		}
		failHigh = ev >= beta+m
	}
	if pruneEv {
		if depth <= futDepth && ev-p.fut*depth >= beta && !(ply >= 4 && s.fours[ply-2] && s.fours[ply-4]) {
			return ev
		}
		if depth < len(p.razor) && ev+p.razor[depth] < alpha {
			return s.qsearch(alpha, alpha+1, ply, qsFours)
		}
	}
	// A principal-variation node whose table move comes from a
	// shallower search is searched shallower (pvTTReduction).
	if pvNode && ply > 0 && depth > 1 && ttMove >= 0 && !s.reference && !s.fullPV {
		depth, s.frac[ply] = reduce(depth, s.frac[ply], pvTTReduction(depth, int(tte.depth)))
	}
	// The table's move, which the order puts first, is searched before
	// the list is made: at most nodes it fails high, and the list (a
	// look at every point near a stone, each valued) is never needed. The rest are ordered after
	// it has been searched, with the history it left.
	filt := s.filter()
	first := -1
	if ttMove >= 0 && ttMove < nCells && len(b.moves) > 0 && b.cell[ttMove] == empty && b.nb[ttMove] > 0 && s.admits(&filt, ttMove) && s.skip[ply] != ttMove+1 {
		first = ttMove
	}
	var moves []scored // moves is s.moveBuf[ply]: the plies below use their own buffers
	maxMoves := 40
	if depth > 1 {
		maxMoves = p.maxMoves
	}
	limit := maxMoves
	if first < 0 {
		moves = s.listMoves(&filt, ply, ttMove)
		if len(moves) == 0 {
			// every point is forbidden or none is near: lost for renju black
			if b.clsCnt[op][clsFlex4] > 0 || me == black && b.Rule == gomoku.Renju {
				return -WinScore + ply + 2
			}
			return s.eval()
		}
		limit = min(len(moves), maxMoves)
	}
	countPrune := !s.reference && ply > 0
	oppo4 := b.clsCnt[op][clsB4]+b.clsCnt[op][clsB4F3]+b.clsCnt[op][clsFlex4] > 0
	var cplx float64
	if depth >= 3 && !s.reference {
		cplx = b.complexity()
	}
	best, bestMove := -WinScore-1, -1 // the first move searched sets both
	a0 := alpha
	// the moves searched before the one that cuts off, whose history it
	// lowers (the first ones: a cut after more is rare)
	var tried [32]int
	nTried := 0
	for n := 0; n < limit; n++ {
		// once the node has a move that does not lose, the moves past
		// its count are not searched, threats among them (the order
		// puts the strong ones first), at every node but the root:
		// Rapfi's move-count pruning (issue 23, session 32). The rest
		// of the loop is skipped, not only the move: picking each
		// skipped move took a tenth of a game's search.
		if countPrune && n >= p.lmp[min(depth, len(p.lmp)-1)] && best > -WinBound {
			break
		}
		var m int
		if n == 0 && first >= 0 {
			m = first
		} else {
			if moves == nil {
				// the table's move has its own score (1<<28): first
				// in the list, and searched
				moves = s.listMoves(&filt, ply, ttMove)
				limit = min(len(moves), maxMoves)
				pick(moves, 0)
				if n >= limit {
					break
				}
			}
			pick(moves, n)
			m = moves[n].m
		}
		if countPrune && n > 0 && depth <= futileDepth && best > -WinBound && s.futileMove(m, oppo4) {
			continue
		}
		if s.skip[ply] == m+1 {
			continue
		}
		// the singular extension's plies (singular.go): for the table's
		// move searched first, before the list is made, since the
		// search that leaves it out runs at this ply and fills the
		// ply's move buffer
		se := 0
		if n == 0 && m == first && ttHit {
			var multiCut bool
			if se, multiCut = s.singular(tte, m, depth, beta, ply, cut); multiCut {
				return beta
			}
			if s.stopped {
				return 0
			}
		}
		if ply == 0 && s.onRoot != nil {
			s.onRoot(m, depth, false, 0)
		}
		nd := depth - 1 + se
		if failHigh && b.st[me][m].cls < clsB4 {
			nd--
		}
		ext, r := 0, 0 // hundredths of a ply
		if !s.reference {
			if m == ttMove {
				ext = p.ttExt
				if pvNode {
					ext = p.ttExtPV
				}
				if isFour(b.st[me][m].cls) && len(b.moves) >= 2 && chebyshev(m, b.moves[len(b.moves)-2]) <= 4 {
					ext += p.ttExtFour
				}
			}
			r = s.lateReduction(m, depth, n, ply, pvNode, oppo4, cplx)
		}
		nd += s.carry(ply, ext)
		s.fours[ply] = isFour(b.st[me][m].cls)
		s.threes[ply] = b.st[me][m].cls >= clsThree
		var v int
		if n == 0 {
			b.Play(m)
			v = -s.search(nd, -beta, -alpha, ply+1, !pvNode && !cutNode)
		} else {
			f := s.frac[ply+1]
			rd, rf := reduce(nd, f, r)
			s.frac[ply+1] = rf
			b.Play(m)
			v = -s.search(rd, -alpha-1, -alpha, ply+1, true)
			if reduced := rd < nd || rf < f; v > alpha && (reduced || v < beta) {
				s.frac[ply+1] = f
				v = -s.search(nd, -beta, -alpha, ply+1, !cutNode)
			}
		}
		b.Undo()
		if s.stopped {
			return 0
		}
		if nTried < len(tried) {
			tried[nTried] = m
			nTried++
		}
		if ply == 0 && s.onRoot != nil {
			s.onRoot(m, depth, true, v)
		}
		if v > best {
			best, bestMove = v, m
			// (after a fail low of the root's window the later moves'
			// values are bounds: one that fails low too tells nothing)
			if ply == 0 && (n == 0 || v > a0) {
				s.rootMove, s.rootScore = m, v
			}
			if v > alpha {
				alpha = v
				// Alpha-improvement reduction (after Rapfi's published
				// search): once a move of a principal-variation node
				// raises alpha without failing high, the moves after
				// it are searched a ply shallower; they must beat a
				// real value now, and most do not. It may put off a
				// win by an iteration or two (prune_test.go); alone it
				// measured +6 Elo [−7, +19] head to head, landed with
				// qsearch and quickWin (issue 23, session 34).
				if pvNode && v < beta && depth > 2 && depth < alphaRedMaxDepth && v > -WinBound && v < WinBound && !s.reference && !s.fullPV {
					depth--
				}
				if v >= beta {
					s.cutNodes++
					if n == 0 {
						s.firstCuts++
					}
					if s.onCut != nil && ply > 0 && ttMove < 0 && !filt.threat && !filt.answer {
						s.onCut(m, depth, beta)
					}
					if m != s.killers[ply][0] {
						s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
					}
					bonus := int32(depth * depth)
					s.hist[me][m] = histMoved(s.hist[me][m], bonus)
					for _, q := range tried[:nTried] {
						if q != m {
							s.hist[me][q] = histMoved(s.hist[me][q], -bonus)
						}
					}
					break
				}
			}
		}
	}
	if s.skip[ply] == 0 {
		s.tt.store(hk, depth, toTT(best, ply), boundOf(best, a0, beta), bestMove)
	}
	return best
}
