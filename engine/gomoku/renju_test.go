package gomokuengine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/internal/cases"
)

// TestRenjuForbiddenCases checks the search's legal points for black
// (legalFor: its patterns' filter, then package gomoku's checker) against
// the renju positions of package internal/cases.
func TestRenjuForbiddenCases(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(cases.Renju()))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var c struct {
			ID           string
			Size         int
			Black, White [][2]int
			Complete     bool
			Forbidden    [][3]any `json:"forbidden"`
			NotForbidden [][2]int `json:"not_forbidden"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		b, err := newBoard(c.Size, c.Size, gomoku.Renju)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.Black {
			b.Place(p[0], p[1], black)
		}
		for _, p := range c.White {
			b.Place(p[0], p[1], white)
		}
		b.SetToMove(black)
		want := map[[2]int]bool{}
		for _, p := range c.Forbidden {
			x, y := int(p[0].(float64)), int(p[1].(float64))
			want[[2]int{x, y}] = true
			if b.legalFor(black, b.Idx(x, y)) {
				t.Errorf("%s: %d,%d (%v) not found forbidden", c.ID, x, y, p[2])
			}
		}
		for _, p := range c.NotForbidden {
			if !b.legalFor(black, b.Idx(p[0], p[1])) {
				t.Errorf("%s: %d,%d found forbidden, want legal", c.ID, p[0], p[1])
			}
		}
		if c.Complete {
			for y := 0; y < b.H; y++ {
				for x := 0; x < b.W; x++ {
					if i := b.Idx(x, y); b.Empty(i) && !b.legalFor(black, i) && !want[[2]int{x, y}] {
						t.Errorf("%s: %d,%d found forbidden, not in the list", c.ID, x, y)
					}
				}
			}
		}
	}
	if n != 62 {
		t.Errorf("%d cases, want 62", n)
	}
}
