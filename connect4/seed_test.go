package connect4

import (
	"encoding/json"
	"testing"

	"github.com/inarow/inarow/internal/seedcases"
)

type seedCase struct {
	ID     string          `json:"id"`
	Game   string          `json:"game"`
	Start  json.RawMessage `json:"start"`
	Moves  []int           `json:"moves"`
	Expect Game            `json:"expect"`
}

// TestSeedCases plays every connect4 case of seed_cases.json through the
// library and compares board and state exactly.
func TestSeedCases(t *testing.T) {
	for _, c := range seedcases.Load[seedCase](t, "connect4") {
		t.Run(c.ID, func(t *testing.T) {
			var err error
			g := New()
			if string(c.Start) != `"new"` {
				if g, err = ParseGame(c.Start); err != nil {
					t.Fatalf("start: %v", err)
				}
			}
			for _, col := range c.Moves {
				if g, err = g.PlayColumn(col); err != nil {
					t.Fatalf("column %d: %v", col, err)
				}
			}
			sameGame(t, c.ID, g, c.Expect)
			// And the output reads back as the same game.
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseGame(b)
			if err != nil {
				t.Fatalf("ParseGame(%s): %v", b, err)
			}
			sameGame(t, "read back", back, g)
		})
	}
}
