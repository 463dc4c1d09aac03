package solve

import "context"

// ValueMove returns the sign of b's score for the player to move (1 a
// win, 0 a draw, −1 a loss) and the first column of order whose move
// keeps it: a move that gives away neither a won nor a drawn game. It
// asks only the null windows of a weak solve (Options.Weak) and stops at
// the first such column, where BestMoves needs the exact score and tests
// every column: on random 7×6 positions of 7 stones, a third of
// BestMoves' nodes (docs/connect4-book.md). It is the safety net of a
// player whose exact search may not finish in its time; the bounds it
// leaves in the table also shorten the exact search that follows.
//
// Given the columns in a uniformly random order, the column is uniform
// among those that keep the value. Columns that cannot be played are
// skipped. In a lost position every move keeps the value and the first
// playable one is returned. When ctx ends first, col is −1 with ctx's
// error; a full board is col −1 with no error.
func (s *C4Solver) ValueMove(ctx context.Context, b Board, order []int) (sign Score, col int, err error) {
	g := s.g
	v, err := s.solve(ctx, b, true)
	if err != nil {
		return 0, -1, err
	}
	for _, c := range order {
		if c < 0 || c >= g.W || !g.CanPlay(b, c) {
			continue
		}
		if v < 0 || g.IsWinningMove(b, c) {
			return v, c, nil
		}
		// The move keeps a win if the child scores ≤ −1 for its player,
		// a draw if ≤ 0.
		better, err := s.AtLeast(ctx, g.Play(b, c), 1-int(v))
		if err != nil {
			return v, -1, err
		}
		if !better {
			return v, c, nil
		}
	}
	return v, -1, nil
}
