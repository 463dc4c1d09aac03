package gomokuengine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/inarow/inarow"
)

// Engine is the five-in-a-row engine: threat-space search (VCF, VCT) and
// an alpha-beta (PVS) iterative deepening search over an incremental
// pattern evaluation, with a transposition table. It plays gomoku
// positions (K = 5, no gravity, 5×5 to 20×20) under the rule package
// gomoku reads from their rules (gomoku.RuleOf). It keeps its tables
// between searches, so it is meant to follow one game; it is not safe for
// concurrent use.
type Engine struct {
	// MaxMemory bounds the tables (bytes); 0 means 64 MiB.
	MaxMemory int64
	// Limits are the budget Move uses (Search takes its own).
	Limits Limits
	// Threads is the number of threads a search uses (smp.go); 0 or 1
	// means one, which keeps the search deterministic.
	Threads int
	// Tuning, if not zero, moves the search's pruning, reductions and
	// extensions and the evaluation's groups from the package's values
	// (tuning.go): for gomoku-evalfit tune. The zero Tuning plays as the
	// package does.
	Tuning Tuning

	par     *params // Tuning's, worked out (params)
	parOf   Tuning
	tt      *TT
	threats *threatTable
	ttMem   int64
	// the helper threads' threat tables, an eighth of MaxMemory between
	// them
	helperThreats []*threatTable
	// hist is the main search's move history at the end of the last
	// search of the game, which the next one starts from, halved (as the
	// table is kept)
	hist [2][nCells]int32
}

// Win says how the search proved a win at the root.
type Win uint8

const (
	NoWin   Win = iota // no forced win found (the search's own choice)
	WinFive            // the move makes five
	WinFour            // the move makes a four the opponent cannot stop
	WinVCF             // a victory by continuous fours starts with the move
	WinVCT             // a victory by continuous threats (fours and threes)
)

var winNames = [...]string{NoWin: "none", WinFive: "five", WinFour: "four", WinVCF: "VCF", WinVCT: "VCT"}

func (w Win) String() string {
	if int(w) < len(winNames) {
		return winNames[w]
	}
	return fmt.Sprintf("Win(%d)", uint8(w))
}

// Result is the outcome of Search.
type Result struct {
	Move  inarow.Move // the move chosen: always a legal point
	Score int         // for the side to move; beyond ±WinBound a proven win or loss
	Depth int         // the depth of the last completed iteration
	Nodes int64       // every node searched: alpha-beta and threats
	PV    []inarow.Move
	Win   Win // how a win was proven, if one was
}

// tables returns the search's table and the threat searches', made anew when
// MaxMemory changes: half of it for the one, an eighth for the other.
func (g *Engine) tables() (*TT, *threatTable) {
	mem := g.MaxMemory
	if mem <= 0 {
		mem = 64 << 20
	}
	if g.tt == nil || g.ttMem != mem {
		g.tt, g.threats, g.ttMem, g.helperThreats = NewTT(mem/2), newThreatTable(mem/8), mem, nil
	}
	if n := g.threads() - 1; len(g.helperThreats) != n {
		g.helperThreats = make([]*threatTable, n)
		for i := range g.helperThreats {
			g.helperThreats[i] = newThreatTable(mem / 8 / int64(n))
		}
	}
	return g.tt, g.threats
}

// startHistory starts s's move history from the last search's, halved:
// what cut off a move ago mostly still does, and the halving lets the
// new position's cutoffs take over.
func (g *Engine) startHistory(s *searcher) {
	for c := range g.hist {
		for i, h := range g.hist[c] {
			s.hist[c][i] = h / 2
		}
	}
}

// NewGame clears what the engine learnt about the previous game and
// makes its tables if it has none for MaxMemory yet (Reserve).
func (g *Engine) NewGame() {
	g.hist = [2][nCells]int32{}
	old := g.tt
	g.Reserve()
	if g.tt == old { // the tables of the game before, not new ones
		g.tt.Clear()
		g.threats.clear()
		for _, t := range g.helperThreats {
			t.clear()
		}
	}
}

// params is what the search reads of g.Tuning.
func (g *Engine) params() *params {
	if g.Tuning == (Tuning{}) {
		return defaultParams
	}
	if g.par == nil || g.parOf != g.Tuning {
		g.par, g.parOf = newParams(g.Tuning), g.Tuning
	}
	return g.par
}

// Reserve makes the tables for MaxMemory and Threads now, unless the
// engine has them: otherwise the next search makes them on its own time
// (a turn's first 64 MiB took over 100 ms in a test under the race
// detector on a loaded machine; a Gomocup brain does this at START and
// at INFO max_memory, which have no clock).
func (g *Engine) Reserve() { g.tables() }

// Move is engine.Player: it searches p within g.Limits and returns the
// chosen move.
func (g *Engine) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	res, err := g.Search(ctx, p, g.Limits)
	return res.Move, err
}

// MoveAfter is Move in p, which moves (oldest first) led to: the last
// two are the search's last stones (Limits.Recent), where Move reads
// only p's last move; without moves it is Move. A last move that is no
// stone of p is an error wrapping ErrBadBoard.
func (g *Engine) MoveAfter(ctx context.Context, p inarow.Position, moves []inarow.Move) (inarow.Move, error) {
	lim := g.Limits
	if len(moves) > 0 {
		lim.Recent = moves
	}
	res, err := g.Search(ctx, p, lim)
	return res.Move, err
}

// Search picks a move for the side to move of p within lim and ctx; ctx
// ending or a limit reached stops it early with its best move so far, not
// an error. The move is always a legal point (empty; not forbidden to
// renju black). It returns an error wrapping ErrBadBoard for rules that
// are not gomoku's (see gomoku.RuleOf) and inarow.ErrFinished for a
// finished position.
func (g *Engine) Search(ctx context.Context, p inarow.Position, lim Limits) (Result, error) {
	b, err := boardTuned(p, lim.Recent, g.Tuning)
	if err != nil {
		return Result{Move: inarow.NoMove}, err
	}
	if p.Over() {
		return Result{Move: inarow.NoMove}, inarow.ErrFinished
	}
	res := g.search(ctx, b, lim)
	if res.Move < 0 {
		return Result{Move: inarow.NoMove}, inarow.ErrFinished
	}
	return Result{Move: b.move(res.Move), Score: res.Score, Depth: res.Depth, Nodes: res.Nodes, PV: b.movesOf(res.PV), Win: res.Win}, nil
}

// boardResult is a search's result on the board, in cell indices.
type boardResult struct {
	Move  int // -1 if none
	Score int
	Depth int
	Nodes int64
	PV    []int
	Win   Win
}

// search is Search on the board b, which is used for the search and left
// as it was.
func (g *Engine) search(ctx context.Context, b *board, lim Limits) boardResult {
	start := time.Now()
	tm := newTimeManager(lim.Allot(b.Count(), b.W*b.H))
	hardD := tm.Maximum
	tt, threats := g.tables()
	s := &searcher{b: b, p: g.params(), tt: tt, threats: threats, ctx: ctx, start: start, hard: start.Add(tm.deepening()), maxNodes: lim.MaxNodes, onRoot: rootHook(b, lim), onCut: cutHook(b, lim)}
	g.startHistory(s)
	defer func() { g.hist = s.hist }()
	hardT := start.Add(hardD)
	if dl, ok := ctx.Deadline(); ok && dl.Before(hardT) {
		hardT = dl
		if dl.Before(s.hard) {
			s.hard = dl
		}
	}
	me, op := b.toMove, b.toMove^1
	res := boardResult{Move: -1}
	var helpers *helperSet // the other threads, while the deepening runs
	report := func() {
		if lim.Progress != nil {
			n := s.total()
			if helpers != nil {
				n += helpers.count()
			}
			lim.Progress(Info{Depth: res.Depth, Score: res.Score, Nodes: n, Elapsed: time.Since(start), PV: b.movesOf(res.PV)})
		}
	}
	if b.Full() {
		return res
	}
	if len(b.moves) == 0 {
		res.Move = b.Idx(b.W/2, b.H/2)
		return res
	}
	var buf [16]int
	if q := b.fivePoint(me); q >= 0 {
		res.Move, res.Score, res.Win, res.Depth = q, WinScore-1, WinFive, 1
		res.PV = []int{res.Move}
		report()
		return res
	}
	if b.clsCnt[op][clsFive] > 0 {
		f := s.cellsOf(op, clsFive, buf[:0])
		for _, q := range f {
			if b.legalFor(me, q) {
				res.Move = q
				break
			}
		}
		blk := -1
		if len(f) > 1 {
			blk = b.blockFives(op, f)
		}
		if blk >= 0 {
			res.Move = blk // caro: this block leaves the other five blocked at both ends
		}
		if res.Move >= 0 {
			res.Score, res.Depth = 0, 1
			if len(f) > 1 && blk < 0 {
				res.Score = -WinScore + 2
			}
			res.PV = []int{res.Move}
			report()
			return res
		}
	}
	if q := s.legalFlex4(me); q >= 0 && b.clsCnt[op][clsFive] == 0 {
		res.Move, res.Score, res.Win, res.Depth = q, WinScore-3, WinFour, 3
		res.PV = []int{q}
		report()
		return res
	}
	// forced wins by threats
	if b.clsCnt[op][clsFive] == 0 {
		s.threatBudget(min(200_000, max(2000, int64(hardD/time.Microsecond)/8)))
		if ok, q := s.vcf(20); ok {
			res.Move, res.Score, res.Win, res.Depth = q, WinScore-20, WinVCF, 1
			res.PV = []int{q}
			res.Nodes = s.total()
			report()
			return res
		}
	}
	// iterative deepening
	var rootBest = -1
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth > 60 {
		maxDepth = 60
	}
	vctDone := false
	checked, checkedSafe := -1, false     // the last best move checked during the deepening
	var lastEl time.Duration              // when the last iteration finished
	tm.only = len(s.genMoves(0, -1)) == 1 // one move worth searching: one iteration tells all
	// where the deepening is cut once a best move is checked; the helpers
	// run to it (or until stopped below, with the deepening)
	checkedHard := s.hard
	if e := start.Add(tm.checkedDeepening()); e.Before(hardT) {
		checkedHard = e
	}
	helpers = g.helpers(ctx, s, maxDepth, checkedHard)
	defer helpers.stop()
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootMove = -1
		v := s.aspirate(depth, res.Score)
		if s.stopped {
			// a move that beat the previous iteration's best (searched
			// first) at the deeper depth is the better guess
			if q := s.rootMove; q >= 0 && q != res.Move && res.Move >= 0 && b.legalFor(me, q) && s.rootScore > -WinBound {
				res.Move, res.Score = q, s.rootScore
				res.PV = []int{q}
			}
			// Cut at the unchecked deepening's end with the best move
			// not yet checked: check it now, and if it holds, search
			// this depth again up to the checked deepening's end (the
			// table makes the part already searched quick) rather than
			// answer with a fifth of the turn unused (tm.resume).
			if tm.resume(time.Since(start)) && rootBest >= 0 && res.Move >= 0 && ctx.Err() == nil && (s.maxNodes == 0 || s.nodes < s.maxNodes) {
				lost, cut := g.loses(s, res.Move, hardT, hardD)
				if !cut {
					checked, checkedSafe = res.Move, !lost
				}
				if !lost && !cut && tm.resume(time.Since(start)) {
					tm.checked, s.hard, s.stopped = true, checkedHard, false
					depth--
					continue
				}
			}
			break
		}
		e, ok := s.tt.probe(b.Hash())
		if !ok || !b.legalFor(me, int(e.move)) {
			break
		}
		rootBest = int(e.move)
		res.Move, res.Score, res.Depth = rootBest, v, depth
		res.PV = g.pv(b, depth)
		res.Nodes = s.total()
		report()
		if v > WinBound || v < -WinBound {
			break
		}
		tm.iteration(rootBest, v)
		// Late in the deepening — past half of it, or where the next
		// iteration, taking about twice this one's time, would not
		// finish within it — check the best move for a threat sequence
		// against it now rather than after: if it holds, the deepening
		// may go on longer (tm.end), and the check at the end is needed
		// only if the move changes; if it loses, the rest of the turn
		// goes to finding a move that does not.
		el := time.Since(start)
		iter := el - lastEl
		lastEl = el
		if depth >= 4 && rootBest != checked && (el >= tm.deepening()/2 || el+2*iter >= tm.deepening()) {
			lost, cut := g.loses(s, rootBest, hardT, hardD)
			if cut {
				break
			}
			checked, checkedSafe = rootBest, !lost
			if lost {
				break
			}
			tm.checked, s.hard = true, checkedHard
		}
		if !vctDone && depth >= 4 && tm.more(time.Since(start)) && b.clsCnt[op][clsFive] == 0 && b.clsCnt[op][clsFlex4] == 0 {
			vctDone = true
			if ok, q, _ := s.vctDeepening(12, min(50_000, max(1000, int64(hardD/time.Microsecond)/40))); ok {
				res.Move, res.Score, res.Win = q, WinScore-30, WinVCT
				res.PV = []int{q}
				report()
				return res
			}
			s.stopped = false
			if time.Now().After(s.hard) || ctx.Err() != nil {
				break
			}
		}
		if !tm.more(time.Since(start)) {
			break
		}
	}
	helperNodes := helpers.stop()
	if res.Move < 0 || !b.legalFor(me, res.Move) {
		res.Move = g.fallback(s)
	}
	if res.Score > -WinBound && res.Win == NoWin && (res.Move != checked || !checkedSafe) {
		known := -1
		if checkedSafe && b.legalFor(me, checked) {
			known = checked
		}
		// (the deepening's check may have found this move lost already)
		lost := res.Move == checked && !checkedSafe
		res.Move = g.safeMove(s, res.Move, known, lost, hardT, hardD)
	}
	res.Nodes = s.total() + helperNodes // the threat checks after the deepening too
	return res
}

// rootHook is lim.Root for the searcher on b (nil without one).
func rootHook(b *board, lim Limits) func(m, depth int, done bool, score int) {
	if lim.Root == nil {
		return nil
	}
	return func(m, depth int, done bool, score int) {
		lim.Root(RootMove{Move: b.move(m), Depth: depth, Done: done, Score: score})
	}
}

// cutHook is lim.Cut for the searcher on b (nil without one).
func cutHook(b *board, lim Limits) func(m, depth, beta int) {
	if lim.Cut == nil {
		return nil
	}
	return func(m, depth, beta int) {
		lim.Cut(Cut{Moves: b.movesOf(b.moves), Move: b.move(m), Depth: depth, Beta: beta})
	}
}

// The VCT check of safeMove gets a node for every safeVCTDiv µs of the
// turn, at most safeVCTMax. After our moves in 40 lost games against
// Rapfi (BenchmarkVCTCorpus: 468 positions without a VCF for it within 20,000
// nodes) our VCT finds Rapfi's win in 102 of them within 10,625 nodes
// (16 µs a node at 0.2 s a move), 119 within 42,500 (4 µs), 152 within
// 300,000; but a node every 4 µs (at most 200,000) scored 13.0 % ± 1.9
// against full Rapfi at 0.2 s a move where this scored 12.4 % ± 1.9,
// side by side (1,200 games each: the noise, docs/performance.md). In 6
// of the first 7 corpus positions where only the longer check saw the
// VCT, every other candidate lost as well: the game was lost a move or
// more before. A cap of 60,000 (a node every 16 µs up to 1 s a move)
// scored −1.5 ± 5.9 points (2σ) against full Rapfi at 0.5 s a move over
// 240 paired games (issue 23, session 74).
var safeVCTDiv, safeVCTMax int64 = 16, 12_000

// loses says whether our move m lets the opponent win by a VCF or a
// short VCT, as far as the check sees within budget (a turn's time, which
// sets its nodes) and before hard; cut says the time ran out first.
func (g *Engine) loses(s *searcher, m int, hard time.Time, budget time.Duration) (lost, cut bool) {
	b := s.b
	saved := s.hard
	s.stopped, s.hard = false, hard
	defer func() { s.stopped, s.hard = false, saved }()
	us := int64(budget / time.Microsecond)
	vcfLim, vctLim := min(20_000, max(3000, us/8)), min(safeVCTMax, max(1500, us/safeVCTDiv))
	if time.Now().After(hard) {
		return false, true
	}
	b.Play(m)
	defer b.Undo()
	s.threatBudget(vcfLim)
	if ok, _ := s.vcf(20); ok {
		return true, false
	}
	if s.stopped {
		return false, true
	}
	ok, _, _ := s.vctDeepening(10, vctLim)
	return ok, !ok && s.stopped
}

// safeMove keeps m unless it lets the opponent win by a VCF (or a short
// VCT) that the search did not see; then it takes known (a move that
// passed the check earlier in the turn, -1 if none) or else the first
// candidate that does not, while time allows. If m's check cannot finish,
// known is played in its place. lost says a check earlier in the turn
// found m lost: it is not checked again.
func (g *Engine) safeMove(s *searcher, m, known int, lost bool, hard time.Time, budget time.Duration) int {
	b := s.b
	if !lost {
		l, cut := g.loses(s, m, hard, budget)
		if cut && known >= 0 {
			return known
		}
		if !l {
			return m
		}
	}
	if known >= 0 && known != m {
		return known
	}
	// the alternatives, best first by what the search found of them (the
	// table's value of the position after each), else in the move order
	cands := slices.Clone(s.genMoves(0, m))
	if len(cands) > 24 {
		cands = cands[:24]
	}
	for i := range cands {
		c := &cands[i]
		c.s = -2 * WinScore
		b.Play(c.m)
		if e, ok := s.tt.probe(b.Hash()); ok { // a bound at worst
			c.s = -int(e.score)
		}
		b.Undo()
	}
	slices.SortStableFunc(cands, func(a, c scored) int { return c.s - a.s })
	for _, c := range cands {
		if time.Now().After(hard) {
			break
		}
		if c.m == m {
			continue
		}
		if lost, cut := g.loses(s, c.m, hard, budget); !lost && !cut {
			return c.m
		}
	}
	return m
}

// fallback is the best-ordered legal move, or any legal point.
func (g *Engine) fallback(s *searcher) int {
	b := s.b
	me := b.toMove
	if ms := s.genMoves(0, -1); len(ms) > 0 {
		return ms[0].m
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			if i := b.Idx(x, y); b.legalFor(me, i) {
				return i
			}
		}
	}
	for y := 0; y < b.H; y++ { // every point forbidden: black has lost anyway
		for x := 0; x < b.W; x++ {
			if i := b.Idx(x, y); b.cell[i] == empty {
				return i
			}
		}
	}
	return -1
}

func (g *Engine) pv(b *board, depth int) []int {
	var pv []int
	for len(pv) < depth {
		e, ok := g.tt.probe(b.Hash())
		if !ok || !b.Empty(int(e.move)) || slices.Contains(pv, int(e.move)) || b.winner >= 0 {
			break
		}
		pv = append(pv, int(e.move))
		b.Play(int(e.move))
	}
	for range pv {
		b.Undo()
	}
	return pv
}
