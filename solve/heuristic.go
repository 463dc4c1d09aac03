package solve

import (
	"context"
	"math/bits"
	"slices"
)

// HeuristicWin is the magnitude above which a Heuristic value is a proven
// result: a value v > HeuristicWin is a forced win found within the
// horizon, with Pons' score v − HeuristicWin (a lower bound of the true
// score: a faster win may lie beyond the horizon); v < −HeuristicWin a
// forced loss. Values in between are guesses of the evaluation.
const HeuristicWin = 1 << 20

// heuristicNodesPoll: the heuristic search looks at its context once in
// this many nodes.
const heuristicNodesPoll = 1 << 12

// Heuristic searches b to depth plies with alpha-beta (no table) and
// returns the value of every column for the player to move, from their
// side; FullColumn for a column without room. Leaves are judged by the
// threats each side holds (empty cells that would complete K in a row),
// those on the rows that suit the side (odd rows for the first player,
// even for the second) counting more, and by the stones in the central
// columns. Immediate wins and forced losses are found exactly (see
// HeuristicWin). It is the fallback of a player whose exact search would
// exceed its time, and the search of the weaker levels. b must be a
// position where nobody has won.
func (g *Geometry) Heuristic(ctx context.Context, b Board, depth int) ([]int, error) {
	h := heuristic{g: g, ctx: ctx}
	out := make([]int, g.W)
	for c := range out {
		switch {
		case !g.CanPlay(b, c):
			out[c] = int(FullColumn)
		case g.IsWinningMove(b, c):
			out[c] = HeuristicWin + g.win(b.moves)
		default:
			out[c] = -h.search(g.Play(b, c), depth-1, -2*HeuristicWin, 2*HeuristicWin)
			if h.stopped {
				return nil, ctx.Err()
			}
		}
	}
	return out, nil
}

type heuristic struct {
	g       *Geometry
	ctx     context.Context
	nodes   int
	stopped bool
}

func (h *heuristic) search(b Board, depth, alpha, beta int) int {
	g := h.g
	h.nodes++
	if h.nodes%heuristicNodesPoll == 0 && h.ctx.Err() != nil {
		h.stopped = true
	}
	if h.stopped {
		return 0
	}
	if g.CanWinNext(b) {
		return HeuristicWin + g.win(b.moves)
	}
	if b.moves >= g.cells {
		return 0
	}
	next := g.nonLosing(b)
	if next == 0 {
		return -(HeuristicWin + g.win(b.moves+1))
	}
	if b.moves >= g.cells-2 {
		return 0
	}
	if depth <= 0 {
		return g.evaluate(b)
	}
	var moves moveList
	for i := g.W - 1; i >= 0; i-- {
		if m := next & g.col[g.order[i]]; m != 0 {
			moves.add(m, g.moveScore(b, m))
		}
	}
	best := -3 * HeuristicWin
	for moves.n > 0 {
		moves.n--
		v := -h.search(play(b, moves.cell(moves.n)), depth-1, -beta, -alpha)
		if h.stopped {
			return 0
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return best
}

// evaluate judges a quiet position for the player to move.
func (g *Geometry) evaluate(b Board) int {
	me, opp := b.current, b.current^b.mask
	myThreats, oppThreats := g.winning(me, b.mask), g.winning(opp, b.mask)
	// Rows numbered from 1 at the bottom: the first player's threats on
	// odd rows and the second's on even rows decide most endgames.
	var oddRows uint64
	for y := 0; y < g.H; y += 2 {
		oddRows |= g.bottom << uint(y)
	}
	mine, theirs := oddRows, g.board&^oddRows
	if b.moves%2 == 1 { // the second player to move
		mine, theirs = theirs, mine
	}
	v := 8*(bits.OnesCount64(myThreats&mine)-bits.OnesCount64(oppThreats&theirs)) +
		4*(bits.OnesCount64(myThreats&theirs)-bits.OnesCount64(oppThreats&mine))
	// Stones in the central columns take part in more lines.
	for i := 0; i < g.W && i < 3; i++ {
		c := g.col[g.order[i]]
		w := 3 - i
		v += w * (bits.OnesCount64(me&c) - bits.OnesCount64(opp&c))
	}
	return v
}

// BestMoves returns the exact score of b for the player to move and the
// columns that attain it (in increasing order): the fastest win, else a
// draw, else the slowest loss. It solves b, then proves for every column,
// centre first, with one null-window search whether it reaches that
// score, which costs less than Analyze's full score of every column. If
// ctx ends after the score is known, BestMoves returns it with the
// columns proven so far (each of them a best move) and ctx's error. b
// must be a position where nobody has won and that is not full.
func (s *C4Solver) BestMoves(ctx context.Context, b Board) (Score, []int, error) {
	g := s.g
	v, err := s.solve(ctx, b, false)
	if err != nil {
		return 0, nil, err
	}
	var cols []int
	for i := 0; i < g.W; i++ {
		c := g.order[i]
		if !g.CanPlay(b, c) {
			continue
		}
		if g.IsWinningMove(b, c) {
			if int(v) == g.win(b.moves) {
				cols = append(cols, c)
			}
			continue
		}
		// The move keeps v if the child scores at most −v for its player.
		better, err := s.AtLeast(ctx, g.Play(b, c), 1-int(v))
		if err != nil {
			slices.Sort(cols)
			return v, cols, err
		}
		if !better {
			cols = append(cols, c)
		}
	}
	slices.Sort(cols)
	return v, cols, nil
}

// AtLeast reports whether b's score for the player to move is at least
// w, by one null-window search on every thread (the score's bound, not
// the score: a proof that costs one of the probes of SolveBoard). Scores
// past the range a position can have answer at once.
func (s *C4Solver) AtLeast(ctx context.Context, b Board, w int) (bool, error) {
	g := s.g
	if b.moves >= g.cells {
		return 0 >= w, nil
	}
	if g.CanWinNext(b) {
		return g.win(b.moves) >= w, nil
	}
	if v, ok := s.bookLookup(b); ok {
		return int(v) >= w, nil
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
	r, ok := s.onEveryThread(func(h *C4Solver) (int, bool) { return h.window(ctx, b, w-1) })
	if !ok {
		return false, ctx.Err()
	}
	return r >= w, nil
}

// window is one null-window search of b around w on this thread: b's
// score if ≤ w, else a lower bound > w; false if ctx ended or halt
// stopped it first.
func (s *C4Solver) window(ctx context.Context, b Board, w int) (int, bool) {
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	r := s.negamax(b, w, w+1)
	return r, !s.stopped
}
