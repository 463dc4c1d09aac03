package connect4

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/inarow/inarow/internal/golden"

	"github.com/inarow/inarow"
)

// TestGoldenJSON writes several games in the document's JSON, as the CLI
// prints them (no HTML escaping), one a line after its name.
func TestGoldenJSON(t *testing.T) {
	games := []struct {
		name  string
		moves string // 1-based columns from the new game
	}{
		{"new game", ""},
		{"one chip", "1"},
		{"opening 4453", "4453"},
		{"typehero test_move6", "111232"},
		{"yellow wins in a column", "1212121"},
		{"red wins on a falling diagonal", "176654554414"},
	}
	var out bytes.Buffer
	write := func(name string, g Game) {
		out.WriteString("# " + name + "\n")
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(g); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range games {
		p, err := Replay(inarow.ConnectFour, c.moves)
		if err != nil {
			t.Fatal(err)
		}
		write(c.name, FromPosition(p))
	}
	draw, err := Game{Board: rows(
		"YRRYYR.",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR",
	), State: Yellow}.Play("6")
	if err != nil {
		t.Fatal(err)
	}
	write("typehero test_draw", draw)
	golden.Check(t, "games.golden", out.Bytes())
}
