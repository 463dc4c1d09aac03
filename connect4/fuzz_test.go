package connect4

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/inarow/inarow"
)

// FuzzParseGame: whatever ParseGame accepts is a valid game that writes
// out and reads back as itself, converts to the core and back unchanged,
// and plays every column without corrupting it; whatever it refuses, it
// refuses with inarow.ErrBadSetup.
func FuzzParseGame(f *testing.F) {
	f.Add([]byte(`{"board":[["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["🟡","  ","  ","  ","  ","  ","  "]],"state":"🔴"}`))
	f.Add([]byte(`{"state":"🟡","board":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGame(data)
		if err != nil {
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("ParseGame(%q): %v does not wrap ErrBadSetup", data, err)
			}
			return
		}
		out, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseGame(out)
		if err != nil {
			t.Fatalf("ParseGame(%s), written from %q: %v", out, data, err)
		}
		if !reflect.DeepEqual(back, g) {
			t.Fatalf("round trip of %q: %v became %v", data, g, back)
		}
		p, err := g.Position()
		if err != nil {
			t.Fatalf("Position of an accepted game: %v", err)
		}
		if !reflect.DeepEqual(FromPosition(p), g) {
			t.Fatalf("FromPosition(Position) of %s: %v", out, FromPosition(p))
		}
		for col := 0; col < Cols; col++ {
			next, err := g.PlayColumn(col)
			if err != nil {
				if !reflect.DeepEqual(next, g) {
					t.Fatalf("refused column %d changed the game", col)
				}
				continue
			}
			if _, err := next.Position(); err != nil {
				t.Fatalf("column %d of %s made an invalid game: %v", col, out, err)
			}
		}
	})
}

// FuzzParseMoves: ParseMoves accepts exactly the strings of digits 1–7,
// and FormatMoves writes them back; Replay agrees on the valid prefix.
func FuzzParseMoves(f *testing.F) {
	f.Add("4453")
	f.Add("")
	f.Add("1111111")
	f.Add("48")
	f.Fuzz(func(t *testing.T, s string) {
		cols, err := ParseMoves(s)
		valid := true
		for i := 0; i < len(s); i++ {
			if s[i] < '1' || s[i] > '7' {
				valid = false
			}
		}
		if valid != (err == nil) {
			t.Fatalf("ParseMoves(%q) = %v, %v", s, cols, err)
		}
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Index < 0 || me.Index >= len(s) || s[me.Index] >= '1' && s[me.Index] <= '7' {
				t.Fatalf("ParseMoves(%q): %v names the wrong move", s, err)
			}
			return
		}
		if len(cols) != len(s) || FormatMoves(cols) != s {
			t.Fatalf("ParseMoves(%q) = %v, written back %q", s, cols, FormatMoves(cols))
		}
		p, err := Replay(inarow.ConnectFour, s)
		if err == nil {
			if p.Ply() != len(s) {
				t.Fatalf("Replay(%q): ply %d", s, p.Ply())
			}
			return
		}
		var me *MoveError
		if !errors.As(err, &me) || !(errors.Is(err, inarow.ErrColumnFull) || errors.Is(err, inarow.ErrGameOver)) {
			t.Fatalf("Replay(%q): %v", s, err)
		}
		if _, err := Replay(inarow.ConnectFour, s[:me.Index]); err != nil {
			t.Fatalf("Replay(%q) fails at %d but its prefix fails too: %v", s, me.Index, err)
		}
	})
}
