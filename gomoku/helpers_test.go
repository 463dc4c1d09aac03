package gomoku

import (
	"reflect"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// boardOf returns the board of g as rows of the document's cells, from
// the position (not from Rendered).
func boardOf(g Gobang) [][]string {
	p := g.Position()
	b := make([][]string, gobangSize)
	for y := range b {
		b[y] = make([]string, gobangSize)
		for x := range b[y] {
			switch who := p.At(GobangRules.MoveAt(x, y)); who {
			case inarow.First, inarow.Second:
				b[y][x] = g.Stone(who)
			default:
				b[y][x] = EmptyPoint
			}
		}
	}
	return b
}

// picture builds a board from nine-character lines: 'B' ⚫, 'W' ⚪, '.'
// empty.
func picture(lines ...string) [][]string {
	b := make([][]string, len(lines))
	for i, l := range lines {
		for _, c := range l {
			switch c {
			case 'B':
				b[i] = append(b[i], Black)
			case 'W':
				b[i] = append(b[i], White)
			default:
				b[i] = append(b[i], EmptyPoint)
			}
		}
	}
	return b
}

func draw(b [][]string) string {
	var s strings.Builder
	for _, row := range b {
		for _, c := range row {
			switch c {
			case Black:
				s.WriteByte('B')
			case White:
				s.WriteByte('W')
			case EmptyPoint:
				s.WriteByte('.')
			default:
				s.WriteString("[" + c + "]")
			}
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// mustPlay plays the tokens from g, failing the test on a refusal.
func mustPlay(t testing.TB, g Gobang, tokens ...string) Gobang {
	t.Helper()
	for _, tok := range tokens {
		var err error
		if g, err = g.Play(tok); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return g
}

// sameGobang compares two games by everything they show: board, status,
// the stones of the players, the player to move. (Not the last move,
// which a game read from JSON does not know.)
func sameGobang(t *testing.T, what string, got, want Gobang) {
	t.Helper()
	gp, wp := got.Position(), want.Position()
	if !reflect.DeepEqual(got.Rendered(), want.Rendered()) || got.Status() != want.Status() ||
		got.Next() != want.Next() || got.Stone(inarow.First) != want.Stone(inarow.First) ||
		gp.Key() != wp.Key() || gp.ToMove() != wp.ToMove() || gp.Outcome().Status != wp.Outcome().Status ||
		gp.Outcome().Winner != wp.Outcome().Winner || gp.Rules() != wp.Rules() || got.opener != want.opener {
		t.Errorf("%s: got status %q next %q opener %q\n%swant status %q next %q opener %q\n%s", what,
			got.Status(), got.Next(), got.opener, draw(boardOf(got)), want.Status(), want.Next(), want.opener, draw(boardOf(want)))
	}
}

// identical checks that a refused move returned the game exactly as it
// was.
func identical(t *testing.T, what string, got, want Gobang) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the game changed:\n%s\nbecame\n%s", what, draw(boardOf(want)), draw(boardOf(got)))
	}
}
