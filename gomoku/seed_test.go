package gomoku

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/inarow/inarow/internal/seedcases"
)

type seedCase struct {
	ID    string          `json:"id"`
	Game  string          `json:"game"`
	Check string          `json:"check"`
	Start json.RawMessage `json:"start"`
	Moves [][2]string     `json:"moves"`
	// Expect is an object for games, a status string for the helper
	// cases.
	Expect json.RawMessage `json:"expect"`
}

type seedExpect struct {
	Board        [][]string        `json:"board"`
	State        string            `json:"state"`
	Rendered     map[string]string `json:"棋盘状态"`
	CompileError json.RawMessage   `json:"compile_error"`
}

// TestSeedCases runs every gobang case of seed_cases.json through the
// library: the games move by move (board, status and 棋盘状态 exactly), and
// the document's 判断胜利 cases through StatusOf.
func TestSeedCases(t *testing.T) {
	games, helpers := 0, 0
	for _, c := range seedcases.Load[seedCase](t, "gobang") {
		t.Run(c.ID, func(t *testing.T) {
			if c.Check != "" {
				helpers++
				var start struct {
					Stones [][2]string `json:"stones"`
				}
				var want string
				if err := json.Unmarshal(c.Start, &start); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(c.Expect, &want); err != nil {
					t.Fatal(err)
				}
				if len(c.Moves) != 1 {
					t.Fatalf("a %s case has one last stone, not %d", c.Check, len(c.Moves))
				}
				if got := StatusOf(start.Stones, c.Moves[0]); got != want {
					t.Errorf("StatusOf(%v, %v) = %q, want %q", start.Stones, c.Moves[0], got, want)
				}
				if got := referenceStatus(start.Stones, c.Moves[0]); got != want {
					t.Errorf("the plain reference says %q, want %q", got, want)
				}
				return
			}
			games++
			var exp seedExpect
			if err := json.Unmarshal(c.Expect, &exp); err != nil {
				t.Fatal(err)
			}
			if string(c.Start) != `"new"` {
				t.Fatalf("unexpected start %s", c.Start)
			}
			g := NewGobang()
			for i, m := range c.Moves {
				next, err := g.Play(m[0] + m[1])
				if i == len(c.Moves)-1 && exp.CompileError != nil {
					if err == nil {
						t.Fatalf("the last move %v was accepted", m)
					}
					identical(t, "the refused move", next, g)
					return
				}
				if err != nil {
					t.Fatalf("move %d %v: %v", i, m, err)
				}
				g = next
			}
			if got := boardOf(g); !reflect.DeepEqual(got, exp.Board) {
				t.Errorf("board\n%swant\n%s", draw(got), draw(exp.Board))
			}
			if g.Status() != exp.State {
				t.Errorf("status %q, want %q", g.Status(), exp.State)
			}
			if exp.Rendered != nil && !reflect.DeepEqual(g.Rendered(), exp.Rendered) {
				t.Errorf("棋盘状态 %v, want %v", g.Rendered(), exp.Rendered)
			}
			// The JSON reads back as the same game.
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseGobang(b)
			if err != nil {
				t.Fatalf("ParseGobang(%s): %v", b, err)
			}
			sameGobang(t, "read back", back, g)
		})
	}
	if games == 0 || helpers == 0 {
		t.Fatalf("%s: %d gobang games and %d helper cases", seedcases.Path, games, helpers)
	}
}
