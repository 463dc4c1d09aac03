package connect4

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"testing"
)

// seedCasesPath is the documents' own cases, shared by the project.
const seedCasesPath = "../../shared/vectors/seed_cases.json"

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
	data, err := os.ReadFile(seedCasesPath)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is absent", seedCasesPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, raw := range all {
		var head struct{ Game string }
		if err := json.Unmarshal(raw, &head); err != nil {
			t.Fatal(err)
		}
		if head.Game != "connect4" {
			continue
		}
		var c seedCase
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		n++
		t.Run(c.ID, func(t *testing.T) {
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
	if n == 0 {
		t.Fatalf("%s has no connect4 case", seedCasesPath)
	}
}
