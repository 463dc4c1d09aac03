package connect4

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

func gameJSON(t *testing.T, board [][]string, state string) string {
	t.Helper()
	b, err := json.Marshal(Game{Board: board, State: state})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseGameAccepts(t *testing.T) {
	cases := []struct {
		name  string
		board [][]string
		state string
	}{
		{"new", New().Board, Yellow},
		{"red to move on the empty board", New().Board, Red},
		{"yellow won in a row", rows(".......", ".......", ".......", ".......", "RRR....", "YYYY..."), YellowWon},
		{"red won on a diagonal", rows(".......", ".......", "...R...", "..RY...", ".RYY...", "RYYR..."), RedWon},
		{"red won in a full board", rows(
			"YRRYYRR",
			"RYYRRYR",
			"YRRYYRR",
			"RYYRRYR",
			"YRRYYRY",
			"RYYRRYR"), RedWon},
		{"draw", rows(
			"YRRYYRY",
			"RYYRRYR",
			"YRRYYRY",
			"RYYRRYR",
			"YRRYYRY",
			"RYYRRYR"), Draw},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := gameJSON(t, c.board, c.state)
			g, err := ParseGame([]byte(in))
			if err != nil {
				t.Fatalf("ParseGame(%s): %v", in, err)
			}
			sameGame(t, "parsed", g, Game{Board: c.board, State: c.state})
			if _, err := g.Position(); err != nil {
				t.Fatal(err)
			}
		})
	}
	// Whitespace and key order do not matter.
	g, err := ParseGame([]byte("\n { \"state\" : \"🔴\" ,\n \"board\": " + mustJSON(t, New().Board) + " }\n"))
	if err != nil || g.State != Red {
		t.Fatalf("got %v, %v", g, err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseGameRefuses(t *testing.T) {
	empty := New().Board
	board := mustJSON(t, empty)
	fourY := rows(".......", ".......", ".......", ".......", "RRR....", "YYYY...")
	full := rows(
		"YRRYYRY",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR")
	cases := []struct {
		name, in, why string
	}{
		{"empty input", "", "empty"},
		{"not an object", `[1,2]`, "JSON object"},
		{"null", `null`, "JSON object"},
		{"bad JSON", `{"board": [`, "ends too early"},
		{"unknown field", `{"board": ` + board + `, "state": "🟡", "turn": 1}`, `unknown field "turn"`},
		{"capitalised field", `{"Board": ` + board + `, "state": "🟡"}`, `unknown field "Board"`},
		{"field twice", `{"board": ` + board + `, "state": "🟡", "state": "🔴"}`, "twice"},
		{"no board", `{"state": "🟡"}`, `no "board"`},
		{"no state", `{"board": ` + board + `}`, `no "state"`},
		{"trailing data", `{"board": ` + board + `, "state": "🟡"} {}`, "after the game"},
		{"null board", `{"board": null, "state": "🟡"}`, "the board is null"},
		{"null row", `{"board": [null,null,null,null,null,null], "state": "🟡"}`, "null"},
		{"state not a string", `{"board": ` + board + `, "state": 1}`, "state"},
		{"five rows", gameJSON(t, empty[:5], Yellow), "5 rows"},
		{"seven rows", gameJSON(t, append(rows("......."), empty...), Yellow), "7 rows"},
		{"short row", gameJSON(t, rows(".......", ".......", ".......", ".......", ".......", "......"), Yellow), "6 cells"},
		{"one space", gameJSON(t, rows(".......", ".......", ".......", ".......", ".......", " ......"), Yellow), `" "`},
		{"other chip", gameJSON(t, rows(".......", ".......", ".......", ".......", ".......", "X......"), Yellow), `"X"`},
		{"unknown state", gameJSON(t, empty, "🟢"), "unknown state"},
		{"state with a space", gameJSON(t, empty, "🟡Won"), "unknown state"},
		{"floating chip", gameJSON(t, rows(".......", ".......", ".......", ".......", "...Y...", "......."), Red), "floating"},
		{"floating above a gap", gameJSON(t, rows(".......", ".......", "R......", ".......", "Y......", "Y......"), Red), "floating"},
		{"chip to move after a four", gameJSON(t, fourY, Red), "four in a row"},
		{"chip to move on a full board", gameJSON(t, full, Yellow), "full"},
		{"won without a line", gameJSON(t, rows(".......", ".......", ".......", ".......", "RRR....", "YYY...."), YellowWon), "no four"},
		{"won by the other chip", gameJSON(t, fourY, RedWon), "no four"},
		{"both have four", gameJSON(t, rows(".......", ".......", ".......", ".......", "RRRR...", "YYYY..."), YellowWon), "both"},
		{"draw on a board with room", gameJSON(t, empty, Draw), "not full"},
		{"draw with a four", gameJSON(t, rows(
			"YRRYYRR",
			"RYYRRYR",
			"YRRYYRR",
			"RYYRRYR",
			"YRRYYRY",
			"RYYRRYR"), Draw), "four in a row"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := ParseGame([]byte(c.in))
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("ParseGame(%s) = %v, %v; want an error wrapping ErrBadSetup", c.in, g, err)
			}
			if !strings.Contains(err.Error(), c.why) {
				t.Errorf("error %q does not say %q", err, c.why)
			}
		})
	}
}
