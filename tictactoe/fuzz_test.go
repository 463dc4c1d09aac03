package tictactoe

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// FuzzParseGame: ParseGame never panics; what it accepts marshals back to
// JSON that it parses to the same game, and can be played on.
func FuzzParseGame(f *testing.F) {
	f.Add(`{"board":[["  ","❌","  "],["  ","  ","  "],["  ","  ","  "]],"state":"⭕"}`)
	f.Add(`{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","  "]],"state":"⭕"}`)
	f.Add(`{"state":"Draw","board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","⭕"]]}`)
	f.Add(`{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"❌ Won"}`)
	f.Add(`{"board":null,"state":"❌"}`)
	f.Fuzz(func(t *testing.T, in string) {
		g, err := ParseGame([]byte(in))
		if err != nil {
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("error %q does not wrap ErrBadSetup", err)
			}
			return
		}
		js, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		g2, err := ParseGame(js)
		if err != nil {
			t.Fatalf("ParseGame(%s), marshalled from %q: %v", js, in, err)
		}
		if !reflect.DeepEqual(g, g2) {
			t.Fatalf("round trip: %+v became %+v", g, g2)
		}
		p, err := g.Position()
		if err != nil {
			t.Fatalf("Position of a parsed game: %v", err)
		}
		if back := FromPosition(p); !reflect.DeepEqual(back, g) {
			t.Fatalf("FromPosition(Position(%+v)) = %+v", g, back)
		}
		for _, name := range allNames {
			next, err := g.Play(name)
			if err != nil {
				if !reflect.DeepEqual(next, g) {
					t.Fatalf("refused %s changed the game", name)
				}
				continue
			}
			if _, err := ParseGame(mustJSON(t, next)); err != nil {
				t.Fatalf("%+v + %s = %+v, which ParseGame refuses: %v", g, name, next, err)
			}
		}
	})
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// FuzzParseMove: only the nine names parse, and FormatMove gives them back.
func FuzzParseMove(f *testing.F) {
	for _, name := range []string{"top-left", "middle-center", "bottom-right", "Top-Left", "center-middle", ""} {
		f.Add(name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		m, err := ParseMove(name)
		if err != nil {
			if !errors.Is(err, inarow.ErrBadMove) || m != inarow.NoMove {
				t.Fatalf("ParseMove(%q) = %d, %v", name, m, err)
			}
			return
		}
		if m < 0 || m > 8 || FormatMove(m) != name {
			t.Fatalf("ParseMove(%q) = %d, FormatMove gives %q", name, m, FormatMove(m))
		}
	})
}

// FuzzParseView: a view that parses has nine cells, all X/O/- of the
// input in order, and Player1 to move; Format reads back to the same board.
func FuzzParseView(f *testing.F) {
	for _, v := range []string{"XX-OOO---", "XX- / OOO / ---", `["X","X","-","O","O","O","-","-","-"]`, "xx-ooo---", "OOOOOOOOOO"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, in string) {
		b, err := ParseView(in)
		if err != nil {
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("error %q does not wrap ErrBadSetup", err)
			}
			return
		}
		cells := strings.Map(func(r rune) rune {
			if r == 'X' || r == 'O' || r == '-' {
				return r
			}
			return -1
		}, in)
		g := b.Grid()
		if got := strings.Join(g[0][:], "") + strings.Join(g[1][:], "") + strings.Join(g[2][:], ""); got != cells {
			t.Fatalf("ParseView(%q) grid %v, want cells %q", in, g, cells)
		}
		if b.NextPlayer != Player1 || b.Player1&b.Player2 != 0 || (b.Player1|b.Player2)>>9 != 0 {
			t.Fatalf("ParseView(%q) = %+v", in, b)
		}
		if b2, err := ParseView(b.Format()); err != nil || b2 != b {
			t.Fatalf("ParseView(Format()) = %+v, %v; want %+v", b2, err, b)
		}
		_ = b.Text()
	})
}

// FuzzParseCell: what parses is the integer written, and Play accepts it
// on the empty board exactly when it is 0–8.
func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"0", "8", "9", "-1", " 4 ", "+3", "99999999999999999999", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseCell(s)
		if err != nil {
			if !errors.Is(err, inarow.ErrBadMove) {
				t.Fatalf("error %q does not wrap ErrBadMove", err)
			}
			return
		}
		if want, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || want != n {
			t.Fatalf("ParseCell(%q) = %d", s, n)
		}
		if back, err := ParseCell(strconv.Itoa(n)); err != nil || back != n {
			t.Fatalf("ParseCell(Itoa(%d)) = %d, %v", n, back, err)
		}
		b, err := NewPlayboard().Play(n)
		if onBoard := n >= 0 && n <= 8; onBoard != (err == nil) {
			t.Fatalf("Play(%d) = %v", n, err)
		}
		if err == nil && b.Player1 != 1<<n {
			t.Fatalf("Play(%d) = %+v", n, b)
		}
	})
}
