package gomokuengine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/inarow/inarow/gomoku"

	"github.com/inarow/inarow"
)

// MoveValue is one root move's value from Engine.Analyze.
type MoveValue struct {
	Move  inarow.Move
	Score int // for the side to move; above WinBound a forced win in WinScore-Score plies, below -WinBound a forced loss
	Depth int // the depth of the last completed iteration that scored it
	// PV, for the best move when it is a forced win, is the line the
	// search expects after it (the defender's replies and the winner's
	// moves in turn), as far as the table remembers it.
	PV []inarow.Move
}

// Proven reports whether v is a forced win or loss found by the search.
func (v MoveValue) Proven() bool { return v.Score > WinBound || v.Score < -WinBound }

// boardOf returns the search board of a gomoku inarow.Position (K = 5,
// no gravity, 5×5 to 20×20) under its rule (gomoku.RuleOf), with p's side
// to move. Its stones are played black and white in turn in the board's
// order, except the last moves: the last two of recent (oldest first;
// Limits.Recent, which may be a whole game), or where recent is empty
// p.LastMove(), are played last and in their order,
// for the search reads the last two stones as the last moves (the move
// order's places beside them, the reductions of moves far from them:
// issue 23, session 42 found them wrong at the root, each colour's stone
// last in the board's order read as its last move). A recent move that
// is not a stone of p is an error wrapping ErrBadBoard.
func boardOf(p inarow.Position, recent []inarow.Move) (*board, error) {
	return boardTuned(p, recent, Tuning{})
}

// boardTuned is boardOf with the evaluation moved by t's groups
// (evalTables.tuned).
func boardTuned(p inarow.Position, recent []inarow.Move, t Tuning) (*board, error) {
	r := p.Rules()
	rule, ok := gomoku.RuleOf(r)
	if !ok {
		return nil, fmt.Errorf("%w: the gomoku engine plays five in a row without gravity on 5×5 to 20×20, not %v", ErrBadBoard, r)
	}
	b, err := newBoardTuned(r.Cols, r.Rows, rule, t)
	if err != nil {
		return nil, err
	}
	recent = recent[max(0, len(recent)-2):] // all the search reads
	if len(recent) == 0 && p.LastMove() != inarow.NoMove {
		recent = []inarow.Move{p.LastMove()}
	}
	for i, m := range recent {
		switch {
		case !r.OnBoard(m):
			return nil, fmt.Errorf("%w: recent move %d is off the %d×%d board", ErrBadBoard, m, r.Cols, r.Rows)
		case p.At(m) == inarow.NoPlayer:
			return nil, fmt.Errorf("%w: recent move %s is an empty point, not a stone of the position", ErrBadBoard, r.FormatMove(m))
		case slices.Contains(recent[:i], m):
			return nil, fmt.Errorf("%w: recent move %s is given twice", ErrBadBoard, r.FormatMove(m))
		}
	}
	var first, second []int
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		if slices.Contains(recent, m) {
			continue
		}
		switch p.At(m) {
		case inarow.First:
			first = append(first, b.cellOf(m))
		case inarow.Second:
			second = append(second, b.cellOf(m))
		}
	}
	for i := 0; i < max(len(first), len(second)); i++ {
		if i < len(first) {
			b.toMove = black
			b.Play(first[i])
		}
		if i < len(second) {
			b.toMove = white
			b.Play(second[i])
		}
	}
	for _, m := range recent {
		b.toMove = black
		if p.At(m) == inarow.Second {
			b.toMove = white
		}
		b.Play(b.cellOf(m))
	}
	b.toMove = black
	if p.ToMove() == inarow.Second {
		b.toMove = white
	}
	return b, nil
}

// Analyze scores up to n of the best candidate moves of the side to move
// of p (the search's own move ordering; never a renju forbidden point) by
// iterative deepening with a full window for each, within lim and ctx. It
// returns the values of the deepest iteration that finished for every
// candidate (of the first one, partly, if even that did not), sorted best
// first. Without a MaxDepth it does not start an iteration that the
// growth of the previous ones says cannot finish in the time left. Its
// errors are Search's.
func (g *Engine) Analyze(ctx context.Context, p inarow.Position, n int, lim Limits) ([]MoveValue, error) {
	b, err := boardTuned(p, lim.Recent, g.Tuning)
	if err != nil {
		return nil, err
	}
	if p.Over() {
		return nil, inarow.ErrFinished
	}
	var out []MoveValue
	for _, v := range g.analyze(ctx, b, n, lim) {
		out = append(out, MoveValue{Move: b.move(v.Move), Score: v.Score, Depth: v.Depth, PV: b.movesOf(v.PV)})
	}
	return out, nil
}

// cellValue is a MoveValue on the board, in cell indices.
type cellValue struct {
	Move, Score, Depth int
	PV                 []int
}

func (v cellValue) Proven() bool { return v.Score > WinBound || v.Score < -WinBound }

// analyze is Analyze on the board b, which it leaves as it was.
func (g *Engine) analyze(ctx context.Context, b *board, n int, lim Limits) []cellValue {
	start := time.Now()
	hardD, _ := lim.Budget(b.Count(), b.W*b.H)
	tt, threats := g.tables()
	s := &searcher{b: b, p: g.params(), tt: tt, threats: threats, ctx: ctx, start: start, hard: start.Add(hardD), maxNodes: lim.MaxNodes}
	if dl, ok := ctx.Deadline(); ok && dl.Before(s.hard) {
		s.hard = dl
	}
	if b.Full() || b.winner >= 0 || n <= 0 {
		return nil
	}
	cands := slices.Clone(s.genMoves(0, -1))
	if len(cands) > n {
		cands = cands[:n]
	}
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 || maxDepth > 60 {
		maxDepth = 60
	}
	// more threads fill the table that the candidates' searches read
	helpers := g.helpers(ctx, s, maxDepth, s.hard)
	defer helpers.stop()
	var done []cellValue // the last finished iteration
	var last, before time.Duration
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 2 && last > 0 && lim.MaxDepth <= 0 {
			growth := max(2, float64(last)/float64(max(before, time.Microsecond)))
			if time.Now().Add(time.Duration(float64(last) * growth)).After(s.hard) {
				break
			}
		}
		t0 := time.Now()
		cur := make([]cellValue, 0, len(cands))
		root := rootHook(b, lim)
		for _, c := range cands {
			if root != nil {
				root(c.m, depth, false, 0)
			}
			b.Play(c.m)
			v := -s.search(depth-1, -WinScore-1, WinScore+1, 1, false)
			b.Undo()
			if s.stopped {
				break
			}
			if root != nil {
				root(c.m, depth, true, v)
			}
			cur = append(cur, cellValue{Move: c.m, Score: v, Depth: depth})
		}
		if s.stopped {
			if done == nil {
				done = cur
			}
			break
		}
		before, last = last, time.Since(t0)
		done = cur
		slices.SortStableFunc(done, func(a, c cellValue) int { return c.Score - a.Score })
		// The next iteration searches the best first.
		for i, v := range done {
			cands[i].m = v.Move
		}
		if lim.Progress != nil {
			vs := make([]MoveValue, len(done))
			for i, v := range done {
				vs[i] = MoveValue{Move: b.move(v.Move), Score: v.Score, Depth: v.Depth}
			}
			lim.Progress(Info{Depth: depth, Score: done[0].Score, Nodes: s.total() + helpers.count(), Elapsed: time.Since(start), PV: []inarow.Move{vs[0].Move}, Values: vs})
		}
		// Deeper iterations cannot change proven values.
		all := true
		for _, v := range done {
			if !v.Proven() {
				all = false
			}
		}
		if all || done[0].Score > WinBound {
			break
		}
	}
	slices.SortStableFunc(done, func(a, c cellValue) int { return c.Score - a.Score })
	if len(done) > 0 && done[0].Score > WinBound {
		b.Play(done[0].Move)
		done[0].PV = g.pv(b, WinScore-done[0].Score)
		b.Undo()
	}
	return done
}

// ThreatWin is a forced win by threats found by FindVCT.
type ThreatWin struct {
	Depth int           // the threat search's depth that found it (threats before the four that wins)
	Moves int           // the attacker's moves in Line
	Line  []inarow.Move // one line of it: the attacker's moves and, between them, the defender's first defence; under renju it may end at white's four whose five point is forbidden to black
}

// FindVCT looks for a victory by continuous threats — fours and open
// threes, which the defender must answer — for the side to move of p, of
// at most depth of its moves, within maxNodes nodes (0: 2,000,000) and ctx.
// It deepens one threat at a time, so the win found is a shortest one by
// the search's measure. A VCF is a VCT too. Its errors are Search's.
func FindVCT(ctx context.Context, p inarow.Position, depth int, maxNodes int64) (win ThreatWin, found bool, nodes int64, err error) {
	b, err := boardOf(p, nil)
	if err != nil {
		return win, false, 0, err
	}
	if p.Over() {
		return win, false, 0, inarow.ErrFinished
	}
	line, d, found, nodes := findVCT(ctx, b, depth, maxNodes)
	if !found {
		return win, false, nodes, nil
	}
	return ThreatWin{Depth: d, Moves: (len(line) + 1) / 2, Line: b.movesOf(line)}, true, nodes, nil
}

// findVCT is FindVCT on the board b, which it leaves as it was: the line
// in cell indices and the depth that found it.
func findVCT(ctx context.Context, b *board, depth int, maxNodes int64) (line []int, d int, found bool, nodes int64) {
	if maxNodes <= 0 {
		maxNodes = 2_000_000
	}
	if b.winner >= 0 || b.Full() {
		return nil, 0, false, 0
	}
	s := &searcher{b: b, ctx: ctx, start: time.Now(), hard: time.Now().Add(24 * time.Hour), threats: newThreatTable(min(maxNodes*16, 32<<20))}
	if dl, ok := ctx.Deadline(); ok {
		s.hard = dl
	}
	ok, q, d := s.vctDeepening(depth, maxNodes)
	nodes = s.vcfTotal
	if !ok || q < 0 {
		return nil, 0, false, nodes
	}
	return s.vctLine(q, d), d, true, nodes
}

// vctLine follows a threat win that starts at q: the attacker's move,
// the defender's first answer that the threat search considers (all of
// them lose), the attacker's next winning move, and so on to the five.
func (s *searcher) vctLine(q, depth int) []int {
	b := s.b
	att := b.toMove
	line := []int{q}
	played := 0
	defer func() {
		for ; played > 0; played-- {
			b.Undo()
		}
	}()
	for len(line) < 80 {
		b.Play(line[len(line)-1])
		played++
		if b.winner >= 0 {
			return line
		}
		def, r := b.toMove, b.fivePoint(att) // block the five
		if r < 0 {
			var buf [256]int
			if ds := s.defences(def, att, buf[:0]); len(ds) > 0 {
				r = ds[0]
			}
		}
		if r < 0 || !b.legalFor(def, r) {
			return line // the defender has no legal answer
		}
		line = append(line, r)
		b.Play(r)
		played++
		s.threatBudget(1_000_000)
		ok, next := s.vctAtt(depth)
		if !ok || next < 0 {
			return line // not followed further
		}
		line = append(line, next)
	}
	return line
}
