package solve

import "context"

// WinScore is the score, in Pons' convention, of a win with the winner's
// n-th stone on a board of cells cells: (cells+1)/2 + 1 − n. A faster win
// scores higher; the loser's score is its negative.
func WinScore(cells, n int) Score { return Score((cells+1)/2 + 1 - n) }

// Unsolved marks, in AnalyzePartial's scores, a column whose search the
// context ended before it was solved.
const Unsolved = FullColumn + 1

// CentreFirst returns the columns of a board cols wide in the order a
// partial analysis solves them: nearest the centre first (the likeliest
// best moves), the left one first of two as near.
func CentreFirst(cols int) []int {
	order := make([]int, 0, cols)
	for d := 0; len(order) < cols; d++ {
		left, right := (cols-1)/2-d, cols/2+d
		order = append(order, left)
		if right != left {
			order = append(order, right)
		}
	}
	return order
}

// column is the score of playing col in b, for the player to move:
// FullColumn without room, the win's score for an immediate win, else the
// negated score of the position after it.
func (s *C4Solver) column(ctx context.Context, b Board, col int) (Score, error) {
	g := s.g
	switch {
	case !g.CanPlay(b, col):
		return FullColumn, nil
	case g.IsWinningMove(b, col):
		return weakScore(g.win(b.moves), s.weak), nil
	}
	v, err := s.SolveBoard(ctx, g.Play(b, col))
	return -v, err
}

// AnalyzePartial is AnalyzeBoard for a caller with a time bound that wants
// what was proven before it ran out (a computer player choosing its move,
// a page showing the columns' scores): it solves the columns in
// CentreFirst order and, when ctx ends, returns the scores found so far,
// Unsolved for the others, with ctx's error.
func (s *C4Solver) AnalyzePartial(ctx context.Context, b Board) ([]Score, error) {
	out := make([]Score, s.g.W)
	for c := range out {
		out[c] = Unsolved
	}
	for _, c := range CentreFirst(s.g.W) {
		v, err := s.column(ctx, b, c)
		if err != nil {
			return out, err
		}
		out[c] = v
	}
	return out, nil
}
