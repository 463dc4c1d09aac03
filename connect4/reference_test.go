package connect4

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/inarow/inarow"
)

// A deliberately plain reference of the document's Connect4 type, written
// as the document writes it: FindEmptyRow, Check4 over rows, columns and
// the twelve diagonals of its DiagonalMap, CheckDraw, NextGameState.

var diagonalMap = [][][2]int{
	{{0, 3}, {1, 2}, {2, 1}, {3, 0}},
	{{0, 4}, {1, 3}, {2, 2}, {3, 1}, {4, 0}},
	{{0, 5}, {1, 4}, {2, 3}, {3, 2}, {4, 1}, {5, 0}},
	{{0, 6}, {1, 5}, {2, 4}, {3, 3}, {4, 2}, {5, 1}},
	{{1, 6}, {2, 5}, {3, 4}, {4, 3}, {5, 2}},
	{{2, 6}, {3, 5}, {4, 4}, {5, 3}},
	{{2, 0}, {3, 1}, {4, 2}, {5, 3}},
	{{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 4}},
	{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}},
	{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}},
	{{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}},
	{{0, 3}, {1, 4}, {2, 5}, {3, 6}},
}

// check4 returns the chip of four equal chips in a row in cells, or "".
func check4(cells []string) string {
	run, chip := 0, ""
	for _, c := range cells {
		switch {
		case c != Yellow && c != Red:
			run, chip = 0, ""
		case c == chip:
			run++
		default:
			run, chip = 1, c
		}
		if run == 4 {
			return chip
		}
	}
	return ""
}

// referenceWinner returns the chip with four in a row anywhere on the
// board, or "".
func referenceWinner(b [][]string) string {
	var lines [][]string
	lines = append(lines, b...)
	for x := 0; x < Cols; x++ {
		var col []string
		for y := 0; y < Rows; y++ {
			col = append(col, b[y][x])
		}
		lines = append(lines, col)
	}
	for _, d := range diagonalMap {
		var diag []string
		for _, rc := range d {
			diag = append(diag, b[rc[0]][rc[1]])
		}
		lines = append(lines, diag)
	}
	for _, l := range lines {
		if w := check4(l); w != "" {
			return w
		}
	}
	return ""
}

// referencePlay is the document's Connect4<Game, Column> for a game that
// is going on and a column with room: the new board and state.
func referencePlay(g Game, col int) (Game, bool) {
	row := -1
	for y := Rows - 1; y >= 0; y-- { // FindEmptyRow: from the bottom
		if g.Board[y][col] == Empty {
			row = y
			break
		}
	}
	if row < 0 {
		return g, false
	}
	b := make([][]string, len(g.Board))
	for i, r := range g.Board {
		b[i] = append([]string(nil), r...)
	}
	b[row][col] = g.State
	state := ""
	switch w := referenceWinner(b); {
	case w != "":
		state = w + " Won"
	case !hasEmpty(b):
		state = Draw
	case g.State == Red:
		state = Yellow
	default:
		state = Red
	}
	return Game{Board: b, State: state}, true
}

func hasEmpty(b [][]string) bool {
	for _, row := range b {
		for _, c := range row {
			if c == Empty {
				return true
			}
		}
	}
	return false
}

// TestAgainstReference plays random games through the library and the
// plain reference, move by move.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2023))
	games := 2000
	if testing.Short() {
		games = 200
	}
	ends := map[string]int{}
	for i := 0; i < games; i++ {
		g := New()
		for !g.Over() {
			col := rng.IntN(Cols)
			want, ok := referencePlay(g, col)
			got, err := g.PlayColumn(col)
			if !ok {
				if !errors.Is(err, inarow.ErrColumnFull) {
					t.Fatalf("column %d is full in\n%sbut PlayColumn says %v", col, pic(g.Board), err)
				}
				sameGame(t, "refused", got, g)
				continue
			}
			if err != nil {
				t.Fatalf("column %d of\n%s: %v", col, pic(g.Board), err)
			}
			sameGame(t, "after column "+string(rune('0'+col)), got, want)
			if t.Failed() {
				t.FailNow()
			}
			g = got
		}
		ends[g.State]++
	}
	for _, s := range []string{YellowWon, RedWon} {
		if ends[s] == 0 {
			t.Errorf("no random game ended %q: %v", s, ends)
		}
	}
	t.Logf("ends: %v", ends)
}

// TestDrawsAgainstReference plays random games in which nobody takes a
// win the reference sees (while another column is open), so that many of
// them end in a draw.
func TestDrawsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 42))
	draws := 0
	for i := 0; i < 300; i++ {
		g := New()
		for !g.Over() {
			var quiet, open []int
			for col := 0; col < Cols; col++ {
				if next, ok := referencePlay(g, col); ok {
					open = append(open, col)
					if !next.Over() || next.State == Draw {
						quiet = append(quiet, col)
					}
				}
			}
			if len(quiet) == 0 {
				quiet = open
			}
			col := quiet[rng.IntN(len(quiet))]
			want, _ := referencePlay(g, col)
			got, err := g.PlayColumn(col)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, "quiet game", got, want)
			if t.Failed() {
				t.FailNow()
			}
			g = got
		}
		if g.State == Draw {
			draws++
		}
	}
	if draws == 0 {
		t.Error("no game reached a draw")
	}
	t.Logf("%d draws of 300", draws)
}
