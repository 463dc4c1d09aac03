package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// Connect4 is the computer player of gravity games that the bitboard
// solver takes: Connect Four and every gravity k-in-a-row game whose
// padded board fits 64 bits ((Rows+1)·Cols ≤ 64). On other rules it plays
// as Greedy. Its levels are the factory's; the zero Level is Best:
//   - Beginner plays Greedy (takes a win, blocks one) but a third of the
//     time drops a stone in a random column instead.
//   - Club looks four plies ahead with the heuristic search and picks
//     among the moves it judges nearly best at random; it never misses a
//     win or a forced loss it can see.
//   - Best plays exactly, as below.
//
// At Best it plays the best score: the fastest win, else a draw, else
// the slowest loss, at random among equal moves, using the solver and its
// opening book. When ctx has a deadline it never searches past it: it
// first runs the heuristic search (iterative deepening, a twentieth of
// the time), then finds a move that keeps the game's value (a weak
// search: win, draw or loss) and then the exact best moves. With the
// built-in 7×6 book (up to 7 stones) every position sampled fits 2 s of a
// quiet core (at most 1.4 s, docs/connect4-book.md). If the exact search
// cannot finish in time — a loaded machine, a shorter move time — it
// plays the best move the exact search proved so far, else the weak
// search's move, which gives away neither a win nor a draw, else (a lost
// position, or not even the weak search finished) the heuristic's
// choice. Its solver keeps its table between moves, so the searches of
// one game help each other.
//
// A Connect4 is not safe for concurrent use; use one per game or per
// goroutine.
type Connect4 struct {
	Level int
	Rand  *rand.Rand
	// TableBytes is the solver's table size; 0 means solve.DefaultTableBytes.
	TableBytes int
	// Threads is how many threads the solver searches with at Best
	// (solve.Options.Threads); 0 means one.
	Threads int

	solver *solve.C4Solver
}

// Move returns the player's move in p.
func (e *Connect4) Move(ctx context.Context, p inarow.Position) (inarow.Move, error) {
	if p.Over() {
		return inarow.NoMove, inarow.ErrFinished
	}
	r := p.Rules()
	if e.Level == Beginner {
		legal := p.AppendLegal(nil)
		if intn(e.Rand, 3) == 0 {
			return legal[intn(e.Rand, len(legal))], nil
		}
		return Greedy{Rand: e.Rand}.Move(ctx, p)
	}
	s, err := e.solverFor(r)
	if err != nil {
		return Greedy{Rand: e.Rand}.Move(ctx, p)
	}
	g := s.Geometry()
	b, err := g.FromPosition(p)
	if err != nil {
		return inarow.NoMove, err
	}
	if e.Level != Club {
		return e.perfect(ctx, s, p, b)
	}
	col, err := e.club(ctx, g, b)
	if err != nil {
		return inarow.NoMove, err
	}
	return p.Drop(col)
}

func (e *Connect4) solverFor(r inarow.Rules) (*solve.C4Solver, error) {
	if e.solver != nil && e.solver.Geometry().Rules() == r {
		return e.solver, nil
	}
	if _, err := solve.NewGeometry(r); err != nil {
		return nil, err
	}
	bytes, threads := e.TableBytes, e.Threads
	if e.Level == Club {
		bytes, threads = 64<<10, 1 // the club player only uses the geometry
	}
	s, err := solve.NewC4(r, solve.Options{TableBytes: bytes, Threads: threads})
	if err != nil {
		return nil, err
	}
	e.solver = s
	return s, nil
}

// perfect returns a best move of p, whose board is b (see Connect4).
func (e *Connect4) perfect(ctx context.Context, s *solve.C4Solver, p inarow.Position, b solve.Board) (inarow.Move, error) {
	g := s.Geometry()
	var wins []int
	for c := 0; c < g.W; c++ {
		if g.CanPlay(b, c) && g.IsWinningMove(b, c) {
			wins = append(wins, c)
		}
	}
	if len(wins) > 0 { // winning now is the fastest win
		return p.Drop(wins[intn(e.Rand, len(wins))])
	}
	deadline, timed := ctx.Deadline()
	if !timed {
		res, err := s.Search(ctx, p, solve.Limits{})
		if err != nil {
			return inarow.NoMove, err
		}
		return res.Best[intn(e.Rand, len(res.Best))], nil
	}
	// Inside the book (the position and its children) the answer is at
	// once: no need for the fallbacks.
	if bk := s.Book(); bk != nil && b.Moves() < bk.Depth() {
		if res, err := s.Search(ctx, p, solve.Limits{}); err == nil {
			return res.Best[intn(e.Rand, len(res.Best))], nil
		}
	}
	left := time.Until(deadline)
	hctx, cancel := context.WithTimeout(ctx, min(left/20, 100*time.Millisecond))
	fallback, err := e.heuristicChoice(hctx, g, b, g.W*g.H, 0)
	cancel()
	if err != nil {
		return inarow.NoMove, err
	}
	// Keep a little time back to answer.
	margin := min(time.Until(deadline)/20, 20*time.Millisecond)
	xctx, cancel := context.WithDeadline(ctx, deadline.Add(-margin))
	defer cancel()
	// First a move that keeps the game's value (weak), then the exact
	// best moves: the weak search costs a third of the exact one out of
	// the book and leaves bounds that the exact one uses, so the pair
	// costs about what the exact search alone does, and a position whose
	// exact search cannot finish in time still gets a move that loses
	// neither a won nor a drawn game.
	if sign, col, err := s.ValueMove(xctx, b, centreFirst(g.W)); err == nil && col >= 0 && sign >= 0 {
		fallback = col
	} else if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return inarow.NoMove, err
	}
	res, err := s.Search(xctx, p, solve.Limits{})
	if len(res.Best) > 0 {
		return res.Best[intn(e.Rand, len(res.Best))], nil
	}
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		return p.Drop(fallback)
	}
	return inarow.NoMove, err
}

// centreFirst returns the columns of a board w wide from the centre out,
// the order in which the weak search tries them: on random 7×6 positions
// of 7 stones it searches 0.80–0.87 times the nodes of a random order (centre
// columns keep the value more often, and a column that does not costs a
// refutation). The exact search that follows picks at random among the
// best moves; only the safety net is not random.
func centreFirst(w int) []int {
	order := make([]int, w)
	for i := range order {
		d := (i + 1) / 2
		if i%2 == 0 {
			d = -d
		}
		order[i] = (w-1)/2 + d
	}
	return order
}

// club is the level-2 player: a four-ply heuristic search with noise.
func (e *Connect4) club(ctx context.Context, g *solve.Geometry, b solve.Board) (int, error) {
	return e.heuristicChoice(ctx, g, b, 4, 6)
}

// heuristicChoice searches b by iterative deepening up to maxDepth plies
// or until ctx ends (it always finishes depth 1) and returns a column of
// the best value of the deepest search finished, at random among those
// within noise of it that are not proven results.
func (e *Connect4) heuristicChoice(ctx context.Context, g *solve.Geometry, b solve.Board, maxDepth, noise int) (int, error) {
	var best []int
	for depth := 1; depth <= maxDepth; depth++ {
		dctx := ctx
		if depth == 1 {
			dctx = context.WithoutCancel(ctx)
		}
		v, err := g.Heuristic(dctx, b, depth)
		if err != nil {
			break
		}
		best = v
		if proven(v) || depth >= g.W*g.H-b.Moves() {
			break
		}
	}
	top := int(solve.FullColumn)
	for _, v := range best {
		top = max(top, v)
	}
	var cols []int
	for c, v := range best {
		if v == int(solve.FullColumn) {
			continue
		}
		if v == top || (noise > 0 && top < solve.HeuristicWin && v > -solve.HeuristicWin && v >= top-noise) {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 {
		return 0, inarow.ErrFinished
	}
	return cols[intn(e.Rand, len(cols))], nil
}

// proven reports whether a heuristic search has settled the position:
// every column is a proven result, or one is a proven win.
func proven(v []int) bool {
	all := true
	for _, x := range v {
		if x == int(solve.FullColumn) {
			continue
		}
		if x > solve.HeuristicWin {
			return true
		}
		if x >= -solve.HeuristicWin {
			all = false
		}
	}
	return all
}

// Connect4Fits reports whether Connect4 plays r with its solver (rather
// than as Greedy): gravity rules, the overline win, (Rows+1)·Cols ≤ 64.
func Connect4Fits(r inarow.Rules) bool {
	_, err := solve.NewGeometry(r)
	return err == nil
}
