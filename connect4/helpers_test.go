package connect4

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Short names for the test tables: y, r and _ stand for the document's
// cells.
const (
	y = Yellow
	r = Red
	e = Empty
)

// rows builds a board from seven-character strings, one a row from the
// top: 'Y' 🟡, 'R' 🔴, '.' empty.
func rows(lines ...string) [][]string {
	b := make([][]string, len(lines))
	for i, l := range lines {
		b[i] = make([]string, len(l))
		for j, c := range l {
			switch c {
			case 'Y':
				b[i][j] = Yellow
			case 'R':
				b[i][j] = Red
			case '.':
				b[i][j] = Empty
			default:
				b[i][j] = string(c)
			}
		}
	}
	return b
}

// pic draws a board the way rows reads it.
func pic(b [][]string) string {
	var s strings.Builder
	for _, row := range b {
		for _, c := range row {
			switch c {
			case Yellow:
				s.WriteByte('Y')
			case Red:
				s.WriteByte('R')
			case Empty:
				s.WriteByte('.')
			default:
				s.WriteString("[" + c + "]")
			}
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// clone deep-copies a game, so that tests can check that nothing changed
// it.
func clone(g Game) Game {
	var c Game
	b, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	return c
}

func sameGame(t *testing.T, what string, got, want Game) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\ngot  state %q\n%s\nwant state %q\n%s", what, got.State, pic(got.Board), want.State, pic(want.Board))
	}
}

// mustPlay plays the columns from g, failing the test on a refusal.
func mustPlay(t testing.TB, g Game, cols ...int) Game {
	t.Helper()
	for _, c := range cols {
		var err error
		if g, err = g.PlayColumn(c); err != nil {
			t.Fatalf("column %d: %v", c, err)
		}
	}
	return g
}
