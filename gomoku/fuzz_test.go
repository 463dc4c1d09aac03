package gomoku

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/inarow/inarow"
)

// FuzzParseGobang: whatever ParseGobang accepts writes out and reads back
// as the same game, and plays on without breaking; whatever it refuses it
// refuses with inarow.ErrBadSetup.
func FuzzParseGobang(f *testing.F) {
	f.Add([]byte(`{"board":{"00":"01|02|03|04|05|06|07|08|09|","01":"⚫|⚪|□□|□□|□□|□□|□□|□□|□□|","02":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","03":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","04":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","05":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","06":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","07":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","08":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","09":"□□|□□|□□|□□|□□|□□|□□|□□|□□|"},"status":"进行中"}`))
	f.Add([]byte(`{"board":{},"status":"未开始","next":"⚪"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGobang(data)
		if err != nil {
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("ParseGobang(%q): %v does not wrap ErrBadSetup", data, err)
			}
			return
		}
		out, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseGobang(out)
		if err != nil {
			t.Fatalf("ParseGobang(%s), written from %q: %v", out, data, err)
		}
		if !reflect.DeepEqual(back, g) {
			t.Fatalf("round trip of %q changed the game: %s", data, out)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(out) {
			t.Fatalf("written twice differently:\n%s\n%s", out, again)
		}
		// Every point either takes the next stone or is refused unchanged.
		p := g.Position()
		for m := inarow.Move(0); m < 81; m++ {
			next, err := g.Play(FormatPoint(m))
			switch {
			case err != nil:
				if !reflect.DeepEqual(next, g) {
					t.Fatalf("refused %s changed the game", FormatPoint(m))
				}
				if !p.Over() && p.At(m) == inarow.NoPlayer {
					t.Fatalf("empty point %s refused: %v", FormatPoint(m), err)
				}
			case next.Position().Ply() != p.Ply()+1:
				t.Fatalf("%s did not add a stone", FormatPoint(m))
			default:
				b, _ := json.Marshal(next)
				if _, err := ParseGobang(b); err != nil {
					t.Fatalf("after %s: %s does not read back: %v", FormatPoint(m), b, err)
				}
			}
		}
	})
}

// FuzzParsePoint: ParsePoint accepts exactly "HH-ZZ" with HH and ZZ in
// 01–09, and FormatPoint writes the point back.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"05-05", "01-09", "10-01", "00-00", "5-5", "", "⚫05-05"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParsePoint(s)
		valid := len(s) == 5 && s[0] == '0' && s[1] >= '1' && s[1] <= '9' && s[2] == '-' && s[3] == '0' && s[4] >= '1' && s[4] <= '9'
		if valid != (err == nil) {
			t.Fatalf("ParsePoint(%q) = %d, %v", s, m, err)
		}
		if err != nil {
			if !errors.Is(err, inarow.ErrBadMove) && !errors.Is(err, inarow.ErrOffBoard) {
				t.Fatalf("ParsePoint(%q): %v", s, err)
			}
			return
		}
		if FormatPoint(m) != s {
			t.Fatalf("ParsePoint(%q) = %d, written back %q", s, m, FormatPoint(m))
		}
		x, y := GobangRules.XY(m)
		if int(s[1]-'1') != y || int(s[4]-'1') != x {
			t.Fatalf("ParsePoint(%q) = row %d column %d", s, y, x)
		}
	})
}

// FuzzParseXY: on several boards, what ParseXY accepts is a cell of the
// board that FormatXY writes canonically and reads back.
func FuzzParseXY(f *testing.F) {
	for _, s := range []string{"7,7", "0,0", "14,14", "19,19", " 3 , 4", "15,0", "-1,2", "1,2,3", "x"} {
		f.Add(s)
	}
	boards := []inarow.Rules{inarow.Gomoku, GobangRules, {Cols: 20, Rows: 20, K: 5}, {Cols: 7, Rows: 12, K: 5}}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range boards {
			m, err := ParseXY(r, s)
			if err != nil {
				if !errors.Is(err, inarow.ErrBadMove) && !errors.Is(err, inarow.ErrOffBoard) {
					t.Fatalf("ParseXY(%v, %q): %v", r, s, err)
				}
				continue
			}
			if !r.OnBoard(m) {
				t.Fatalf("ParseXY(%v, %q) = %d, off the board", r, s, m)
			}
			back, err := ParseXY(r, FormatXY(r, m))
			if err != nil || back != m {
				t.Fatalf("ParseXY(%v, %q) = %d, written %q, read back %d, %v", r, s, m, FormatXY(r, m), back, err)
			}
		}
	})
}
