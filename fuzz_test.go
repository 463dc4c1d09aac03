package inarow

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// The seed corpora are in testdata/fuzz/FuzzX; the f.Add calls below hold
// a few more.

// FuzzParseRules checks that whatever ParseRules accepts is valid and
// comes back unchanged through String, and that rules built from numbers
// round-trip through String when valid and are refused when not.
func FuzzParseRules(f *testing.F) {
	f.Add("connect4,m=8,n=7", 7, 6, 4, uint8(1))
	f.Fuzz(func(t *testing.T, s string, cols, rows, k int, flags uint8) {
		r, err := ParseRules(s)
		if err != nil {
			if !errors.Is(err, ErrBadRules) || r != (Rules{}) {
				t.Fatalf("ParseRules(%q) = %+v, %v: want ErrBadRules and zero rules", s, r, err)
			}
		} else {
			if err := r.Validate(); err != nil {
				t.Fatalf("ParseRules(%q) = %+v, which is invalid: %v", s, r, err)
			}
			back, err := ParseRules(r.String())
			if err != nil || back != r {
				t.Fatalf("ParseRules(%q) = %+v, %v; want %+v", r.String(), back, err, r)
			}
		}

		r = Rules{Cols: cols, Rows: rows, K: k, Gravity: flags&1 != 0, Win: WinRule(flags>>1) % (CaroExactlyK + 1)}
		back, err := ParseRules(r.String())
		if verr := r.Validate(); verr != nil {
			if !errors.Is(verr, ErrBadRules) || !errors.Is(err, ErrBadRules) {
				t.Fatalf("%+v: Validate = %v, ParseRules(%q) = %v; want ErrBadRules for both", r, verr, r.String(), err)
			}
			return
		}
		if err != nil || back != r {
			t.Fatalf("ParseRules(%q) = %+v, %v; want %+v", r.String(), back, err, r)
		}
	})
}

// FuzzParseMove checks that a move ParseMove accepts is on the board and
// is written back by FormatMove as it was read (but in lower case), and
// that every cell round-trips the other way.
func FuzzParseMove(f *testing.F) {
	f.Add(uint8(14), uint8(14), "H8", int16(112))
	f.Fuzz(func(t *testing.T, cols, rows uint8, s string, cell int16) {
		r := Rules{Cols: 1 + int(cols)%MaxSize, Rows: 1 + int(rows)%MaxSize, K: 1}
		m, err := r.ParseMove(s)
		if err != nil {
			if m != NoMove || !(errors.Is(err, ErrBadMove) || errors.Is(err, ErrOffBoard)) {
				t.Fatalf("%v: ParseMove(%q) = %d, %v", r, s, m, err)
			}
		} else {
			if !r.OnBoard(m) {
				t.Fatalf("%v: ParseMove(%q) = %d, off the board", r, s, m)
			}
			if got, want := r.FormatMove(m), string(s[0]|0x20)+s[1:]; got != want {
				t.Fatalf("%v: ParseMove(%q) = %d, written back as %q", r, s, m, got)
			}
		}

		m = Move(cell)
		text := r.FormatMove(m)
		back, err := r.ParseMove(text)
		if r.OnBoard(m) != (err == nil) || (err == nil && back != m) {
			t.Fatalf("%v: FormatMove(%d) = %q, read back as %d, %v", r, m, text, back, err)
		}
	})
}

// FuzzUnmarshalText checks that UnmarshalText never panics, leaves the
// game alone when it fails, and that a record it accepts comes back the
// same through MarshalText.
func FuzzUnmarshalText(f *testing.F) {
	f.Add([]byte("rules connect4\nmoves d1 d2 d3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _ := NewGame(TicTacToe)
		if err := g.UnmarshalText(data); err != nil {
			if g.Position() != newPos(t, TicTacToe) || len(g.Moves()) != 0 {
				t.Fatalf("UnmarshalText(%q) failed (%v) but changed the game", data, err)
			}
			return
		}
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%q) = %v, from MarshalText of %q", text, err, data)
		}
		if back.Start() != g.Start() || back.Position() != g.Position() || !slices.Equal(back.Moves(), g.Moves()) {
			t.Fatalf("%q → %q reads back as another game", data, text)
		}
		again, _ := back.MarshalText()
		if !bytes.Equal(again, text) {
			t.Fatalf("MarshalText gives %q, then %q", text, again)
		}
		// Replaying the moves from the start gives the same positions.
		p := g.Start()
		for _, m := range g.Moves() {
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if p != g.Position() {
			t.Fatal("replayed moves give another position")
		}
	})
}

// FuzzPlay plays fuzzed moves — legal or not — on fuzzed rules side by
// side with the reference implementation of reference_test.go.
func FuzzPlay(f *testing.F) {
	f.Add(uint8(6), uint8(5), uint8(3), uint8(1), []byte{3, 3, 2, 4, 1, 5, 0})
	f.Fuzz(func(t *testing.T, cols, rows, k, flags uint8, moves []byte) {
		r := Rules{Cols: 1 + int(cols)%MaxSize, Rows: 1 + int(rows)%MaxSize, Gravity: flags&1 != 0, Win: WinRule(flags>>1) % (CaroExactlyK + 1)}
		r.K = 1 + int(k)%max(r.Cols, r.Rows)
		p := newPos(t, r)
		ref := newRef(r)
		buf := make([]Move, 0, MaxSize*MaxSize)
		for len(moves) > 0 {
			// Two bytes make a cell number, so that every cell (and some
			// beyond the board) can be reached; with gravity, one byte
			// below 0x80 is a column to drop into.
			var m Move
			if r.Gravity && moves[0] < 0x80 {
				m = NoMove
				if y := ref.landing(int(moves[0]) % r.Cols); y >= 0 {
					m = r.MoveAt(int(moves[0])%r.Cols, y)
				}
				moves = moves[1:]
			} else if len(moves) >= 2 {
				m = Move(int(moves[0]&0x7f)<<8|int(moves[1])) % Move(r.Cells()+8)
				moves = moves[2:]
			} else {
				m = Move(moves[0]) - 4
				moves = moves[1:]
			}
			want := ref.expectErr(m)
			q, err := p.Play(m)
			if !errors.Is(err, want) || (err == nil) != (want == nil) {
				t.Fatalf("%v: Play(%d) = %v, want %v\n%s", r, m, err, want, p)
			}
			if err != nil {
				if q != p {
					t.Fatalf("%v: refused Play(%d) changed the position", r, m)
				}
				continue
			}
			p = q
			ref.play(m)
			if err := ref.compare(p, buf); err != nil {
				t.Fatalf("%v after %d: %v\n%s", r, m, err, p)
			}
		}
		if err := ref.checkSetup(buf); err != nil {
			t.Fatalf("%v: %v", r, err)
		}
	})
}
