package connect4

import (
	"testing"
)

// The cases of the original test file, typehero/typehero
// challenges/aot/2023/23/tests.ts, transcribed as data.

// TestTypeheroMoves is test_move1 … test_move6: each case plays one column
// on the previous result.
func TestTypeheroMoves(t *testing.T) {
	steps := []struct {
		col   int
		board [][]string
		state string
	}{
		{0, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
		}, r},
		{0, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{r, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
		}, y},
		{0, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
			{r, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
		}, r},
		{1, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
			{r, e, e, e, e, e, e},
			{y, r, e, e, e, e, e},
		}, y},
		{2, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
			{r, e, e, e, e, e, e},
			{y, r, y, e, e, e, e},
		}, r},
		{1, [][]string{
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{e, e, e, e, e, e, e},
			{y, e, e, e, e, e, e},
			{r, r, e, e, e, e, e},
			{y, r, y, e, e, e, e},
		}, y},
	}
	g := New()
	for i, s := range steps {
		next, err := g.Play(string(rune('0' + s.col)))
		if err != nil {
			t.Fatalf("test_move%d: %v", i+1, err)
		}
		sameGame(t, "test_move"+string(rune('1'+i)), next, Game{Board: s.board, State: s.state})
		g = next
	}
}

// TestTypeheroEnds is test_red_win, test_yellow_win,
// test_diagonal_yellow_win and test_draw.
func TestTypeheroEnds(t *testing.T) {
	cases := []struct {
		name  string
		start Game
		col   int
		want  Game
	}{
		{"test_red_win",
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{r, r, r, e, e, e, e},
				{y, r, y, y, e, e, e},
			}, State: r},
			3,
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{r, r, r, r, e, e, e},
				{y, r, y, y, e, e, e},
			}, State: "🔴 Won"}},
		{"test_yellow_win",
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{r, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{r, e, r, r, e, e, e},
				{y, e, y, y, e, e, e},
			}, State: y},
			1,
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{r, e, e, e, e, e, e},
				{y, e, e, e, e, e, e},
				{r, e, r, r, e, e, e},
				{y, y, y, y, e, e, e},
			}, State: "🟡 Won"}},
		{"test_diagonal_yellow_win",
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{e, e, y, r, e, e, e},
				{r, y, r, r, e, e, e},
				{y, r, y, y, e, e, e},
			}, State: y},
			3,
			Game{Board: [][]string{
				{e, e, e, e, e, e, e},
				{e, e, e, e, e, e, e},
				{e, e, e, y, e, e, e},
				{e, e, y, r, e, e, e},
				{r, y, r, r, e, e, e},
				{y, r, y, y, e, e, e},
			}, State: "🟡 Won"}},
		{"test_draw",
			Game{Board: [][]string{
				{y, r, r, y, y, r, e},
				{r, y, y, r, r, y, r},
				{y, r, r, y, y, r, y},
				{r, y, y, r, r, y, r},
				{y, r, r, y, y, r, y},
				{r, y, y, r, r, y, r},
			}, State: y},
			6,
			Game{Board: [][]string{
				{y, r, r, y, y, r, y},
				{r, y, y, r, r, y, r},
				{y, r, r, y, y, r, y},
				{r, y, y, r, r, y, r},
				{y, r, r, y, y, r, y},
				{r, y, y, r, r, y, r},
			}, State: "Draw"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := clone(c.start)
			got, err := c.start.PlayColumn(c.col)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, c.name, got, c.want)
			sameGame(t, "the start after the move", c.start, before)
			// The finished game refuses every further move, unchanged.
			for col := 0; col < Cols; col++ {
				again, err := got.PlayColumn(col)
				if err == nil {
					t.Errorf("column %d after %q was accepted", col, got.State)
				}
				sameGame(t, "a refused move", again, c.want)
			}
		})
	}
}
