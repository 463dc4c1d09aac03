package tictactoe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/inarow/inarow/internal/golden"
)

// TestGoldenGames records the JSON of typehero games move by move,
// refusals included.
func TestGoldenGames(t *testing.T) {
	games := []struct {
		name  string
		start string // JSON, or "" for New()
		moves []string
	}{
		{"❌ wins the middle column", "", []string{"top-center", "top-left", "middle-center", "bottom-left", "bottom-center"}},
		{"⭕ wins the left column", "", []string{"top-center", "top-left", "middle-center", "bottom-left", "bottom-right", "middle-left"}},
		{"draw from the document's unreachable start",
			`{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","  "]],"state":"⭕"}`, []string{"bottom-right", "top-left"}},
		{"a full game to a draw", "", []string{"middle-center", "top-left", "top-right", "bottom-left", "middle-left",
			"middle-right", "top-center", "bottom-center", "bottom-right"}},
		{"refusals", "", []string{"top-center", "top-center", "Top-Left", "bottom-right", "top-left"}},
		{"moves after a win", "", []string{"top-left", "middle-left", "top-center", "middle-center", "top-right", "bottom-right"}},
	}
	var out bytes.Buffer
	for _, gm := range games {
		fmt.Fprintf(&out, "## %s\n", gm.name)
		g := New()
		if gm.start != "" {
			var err error
			if g, err = ParseGame([]byte(gm.start)); err != nil {
				t.Fatal(err)
			}
		}
		js, _ := json.Marshal(g)
		fmt.Fprintf(&out, "start\n%s\n", js)
		for _, m := range gm.moves {
			next, err := g.Play(m)
			if err != nil {
				fmt.Fprintf(&out, "%s: refused: %v\n", m, err)
			} else {
				fmt.Fprintf(&out, "%s\n", m)
			}
			g = next
			js, _ := json.Marshal(g)
			fmt.Fprintf(&out, "%s\n", js)
		}
		ind, _ := json.MarshalIndent(g, "", "  ")
		fmt.Fprintf(&out, "final, indented\n%s\n\n", ind)
	}
	golden.Check(t, "games.golden", out.Bytes())
}

// TestGoldenPlayboard records the bitboard document's lines: after each
// move, the line the document prints, and FormatPlayboard.
func TestGoldenPlayboard(t *testing.T) {
	games := []struct {
		name  string
		view  string // "" for NewPlayboard()
		moves []int
	}{
		{"vertical win", "", []int{0, 1, 3, 4, 6}},
		{"Player2 wins the anti-diagonal", "", []int{0, 2, 1, 4, 8, 6}},
		{"draw", "", []int{1, 0, 4, 2, 5, 3, 6, 7, 8}},
		{"invalid moves", "", []int{4, 4, 9, -1, 0, 0}},
		{"after the end", "", []int{0, 3, 1, 4, 2, 5, 8}},
		{"view mode", "XX- OOO ---", nil},
		{"view mode, both have a line", "XXX OOO ---", nil},
		{"view mode, playing on", "X-- -O- ---", []int{8, 2, 6}},
	}
	var out bytes.Buffer
	for _, gm := range games {
		fmt.Fprintf(&out, "## %s\n", gm.name)
		b := NewPlayboard()
		if gm.view != "" {
			var err error
			if b, err = ParseView(gm.view); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "view %q\n", gm.view)
		}
		fmt.Fprintf(&out, "start: %s | %s | next %s\n", b.Text(), b.Format(), b.NextPlayer)
		for _, c := range gm.moves {
			next, err := b.Play(c)
			switch {
			case err == nil:
				fmt.Fprintf(&out, "%d: %s | %s | next %s\n", c, next.Text(), next.Format(), next.NextPlayer)
			case next.Over():
				fmt.Fprintf(&out, "%d: refused (%v) | %s\n", c, err, next.Text())
			default:
				fmt.Fprintf(&out, "%d: %s (%v) | %s\n", c, next.InvalidMove(), err, next.Format())
			}
			b = next
		}
		p1, p2 := b.Bits()
		fmt.Fprintf(&out, "player1 %v\nplayer2 %v\ngrid %v\n\n", p1, p2, b.Grid())
	}
	golden.Check(t, "playboard.golden", out.Bytes())
}
