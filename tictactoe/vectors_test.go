package tictactoe

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/inarow/inarow/internal/seedcases"

	"github.com/inarow/inarow"
)

type seedCase struct {
	ID     string          `json:"id"`
	Game   string          `json:"game"`
	Start  json.RawMessage `json:"start"`
	Moves  json.RawMessage `json:"moves"`
	Expect json.RawMessage `json:"expect"`
}

func loadSeedCases(t *testing.T, game string) []seedCase {
	t.Helper()
	return seedcases.Load[seedCase](t, game)
}

func isNew(start json.RawMessage) bool {
	var s string
	return json.Unmarshal(start, &s) == nil && s == "new"
}

// TestSeedTicTacToe plays every typehero case and compares the JSON of the
// result with the document's expectation byte for byte.
func TestSeedTicTacToe(t *testing.T) {
	for _, c := range loadSeedCases(t, "tictactoe") {
		t.Run(c.ID, func(t *testing.T) {
			g := New()
			if !isNew(c.Start) {
				var err error
				if g, err = ParseGame(c.Start); err != nil {
					t.Fatalf("start: %v", err)
				}
			}
			var moves []string
			if err := json.Unmarshal(c.Moves, &moves); err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				next, err := g.Play(m)
				if err != nil {
					if !errors.Is(err, inarow.ErrOccupied) && !errors.Is(err, inarow.ErrGameOver) {
						t.Fatalf("Play(%q): unexpected error %v", m, err)
					}
					if !reflect.DeepEqual(next, g) {
						t.Fatalf("Play(%q) refused but changed the game: %+v", m, next)
					}
				}
				g = next
			}
			got, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := json.Compact(&want, c.Expect); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("after %v:\n got %s\nwant %s", moves, got, want.Bytes())
			}
			parsed, err := ParseGame(c.Expect)
			if err != nil {
				t.Fatalf("ParseGame(expect): %v", err)
			}
			if !reflect.DeepEqual(parsed, g) {
				t.Errorf("ParseGame(expect) = %+v, played %+v", parsed, g)
			}
		})
	}
}

// TestSeedBitboard plays every case of the bitboard document: the line it
// prints, and for unfinished games its FormatPlayboard, its playboard
// tuples and the grid.
func TestSeedBitboard(t *testing.T) {
	for _, c := range loadSeedCases(t, "bitboard-tictactoe") {
		t.Run(c.ID, func(t *testing.T) {
			b := NewPlayboard()
			if !isNew(c.Start) {
				var start struct {
					View []string     `json:"view"`
					Grid [3][3]string `json:"grid"`
				}
				dec := json.NewDecoder(bytes.NewReader(c.Start))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&start); err != nil {
					t.Fatalf("start: %v", err)
				}
				var err error
				if b, err = ParseView(strings.Join(start.View, "")); err != nil {
					t.Fatalf("ParseView: %v", err)
				}
				if b.Grid() != start.Grid {
					t.Errorf("view grid = %v, want %v", b.Grid(), start.Grid)
				}
				// The document's tuple, pasted as it is written, reads the same.
				tuple, _ := json.Marshal(start.View)
				if b2, err := ParseView(string(tuple)); err != nil || b2 != b {
					t.Errorf("ParseView(%s) = %+v, %v; want %+v", tuple, b2, err, b)
				}
			}
			var moves []int
			if err := json.Unmarshal(c.Moves, &moves); err != nil {
				t.Fatal(err)
			}
			line := ""
			for i, m := range moves {
				next, err := b.Play(m)
				if err != nil {
					if !errors.Is(err, inarow.ErrOccupied) && !errors.Is(err, inarow.ErrOffBoard) {
						t.Fatalf("Play(%d): unexpected error %v", m, err)
					}
					if next != b {
						t.Fatalf("Play(%d) refused but changed the board", m)
					}
					if i != len(moves)-1 {
						t.Fatalf("the document stops at an invalid move, but moves follow")
					}
					line = b.InvalidMove()
					break
				}
				b = next
			}
			if line == "" {
				line = b.Text()
			}
			var want string
			if json.Unmarshal(c.Expect, &want) == nil {
				if line != want {
					t.Errorf("after %v: %q, want %q", moves, line, want)
				}
				return
			}
			var exp struct {
				Format    string `json:"FormatPlayboard"`
				Playboard *struct {
					Player1    [9]int `json:"player1"`
					Player2    [9]int `json:"player2"`
					NextPlayer Player `json:"nextPlayer"`
				} `json:"playboard"`
				Grid *[3][3]string `json:"grid"`
			}
			dec := json.NewDecoder(bytes.NewReader(c.Expect))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&exp); err != nil {
				t.Fatalf("expect: %v", err)
			}
			if exp.Format == "" {
				t.Fatal("expect has no FormatPlayboard")
			}
			if got := b.Format(); got != exp.Format {
				t.Errorf("FormatPlayboard after %v = %q, want %q", moves, got, exp.Format)
			}
			if line != exp.Format {
				t.Errorf("the document's line after %v = %q, want the unfinished board %q", moves, line, exp.Format)
			}
			if p := exp.Playboard; p != nil {
				p1, p2 := b.Bits()
				if p1 != p.Player1 || p2 != p.Player2 || b.NextPlayer != p.NextPlayer {
					t.Errorf("playboard = %v %v %s, want %v %v %s", p1, p2, b.NextPlayer, p.Player1, p.Player2, p.NextPlayer)
				}
			}
			if exp.Grid != nil && b.Grid() != *exp.Grid {
				t.Errorf("grid = %v, want %v", b.Grid(), *exp.Grid)
			}
		})
	}
}
