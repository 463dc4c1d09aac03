package tictactoe

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

const emptyRows = `[["  ","  ","  "],["  ","  ","  "],["  ","  ","  "]]`

func TestParseGameAccepts(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     Game
	}{
		{"new", `{"board":` + emptyRows + `,"state":"❌"}`, New()},
		{"state first, spaces", " {\n \"state\" : \"❌\",\n \"board\" : " + emptyRows + " }\n", New()},
		{"escaped emoji", `{"board":` + emptyRows + `,"state":"\u274c"}`, New()},
		{"x won", `{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"❌ Won"}`,
			Game{[][]string{{"❌", "❌", "❌"}, {"⭕", "⭕", "  "}, {"  ", "  ", "  "}}, "❌ Won"}},
		{"o won diagonal", `{"board":[["⭕","❌","❌"],["  ","⭕","❌"],["  ","  ","⭕"]],"state":"⭕ Won"}`,
			Game{[][]string{{"⭕", "❌", "❌"}, {"  ", "⭕", "❌"}, {"  ", "  ", "⭕"}}, "⭕ Won"}},
		{"won on a full board", `{"board":[["❌","❌","❌"],["⭕","⭕","❌"],["❌","⭕","⭕"]],"state":"❌ Won"}`,
			Game{[][]string{{"❌", "❌", "❌"}, {"⭕", "⭕", "❌"}, {"❌", "⭕", "⭕"}}, "❌ Won"}},
		{"draw", `{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","⭕"]],"state":"Draw"}`,
			Game{[][]string{{"⭕", "❌", "⭕"}, {"⭕", "❌", "❌"}, {"❌", "⭕", "⭕"}}, "Draw"}},
		{"counts not checked", `{"board":[["⭕","⭕","  "],["  ","  ","  "],["  ","  ","  "]],"state":"❌"}`,
			Game{[][]string{{"⭕", "⭕", "  "}, {"  ", "  ", "  "}, {"  ", "  ", "  "}}, "❌"}},
	} {
		g, err := ParseGame([]byte(tc.in))
		if err != nil {
			t.Errorf("%s: ParseGame: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, g, tc.want)
		}
	}
}

func TestParseGameRefuses(t *testing.T) {
	board := func(rows string) string { return `{"board":` + rows + `,"state":"❌"}` }
	for _, tc := range []struct {
		name, in string
		also     any // a further error type or value the error must match, or nil
	}{
		// Not JSON, or not one object.
		{"empty", ``, nil},
		{"spaces", "  \n", nil},
		{"syntax", `{"board":`, nil},
		{"trailing comma", `{"board":` + emptyRows + `,"state":"❌",}`, new(*json.SyntaxError)},
		{"bad token", `{"board":` + emptyRows + `,"state":❌}`, new(*json.SyntaxError)},
		{"array", `[]`, nil},
		{"string", `"❌"`, nil},
		{"null", `null`, nil},
		{"number", `3`, nil},
		{"two objects", `{"board":` + emptyRows + `,"state":"❌"}{}`, nil},
		{"trailing garbage", `{"board":` + emptyRows + `,"state":"❌"} x`, new(*json.SyntaxError)},
		// Fields.
		{"no fields", `{}`, nil},
		{"no state", `{"board":` + emptyRows + `}`, nil},
		{"no board", `{"state":"❌"}`, nil},
		{"unknown field", `{"board":` + emptyRows + `,"state":"❌","next":"⭕"}`, nil},
		{"field in other case", `{"Board":` + emptyRows + `,"state":"❌"}`, nil},
		{"STATE", `{"board":` + emptyRows + `,"STATE":"❌"}`, nil},
		{"board twice", `{"board":` + emptyRows + `,"board":` + emptyRows + `,"state":"❌"}`, nil},
		{"state twice", `{"board":` + emptyRows + `,"state":"❌","state":"❌"}`, nil},
		{"board null", `{"board":null,"state":"❌"}`, nil},
		{"state null", `{"board":` + emptyRows + `,"state":null}`, nil},
		{"board string", `{"board":"  ","state":"❌"}`, new(*json.UnmarshalTypeError)},
		{"state number", `{"board":` + emptyRows + `,"state":1}`, new(*json.UnmarshalTypeError)},
		{"cell number", board(`[[1,"  ","  "],["  ","  ","  "],["  ","  ","  "]]`), new(*json.UnmarshalTypeError)},
		// Shape.
		{"no rows", board(`[]`), nil},
		{"two rows", board(`[["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"four rows", board(`[["  ","  ","  "],["  ","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"short row", board(`[["  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"long row", board(`[["  ","  ","  "],["  ","  ","  ","  "],["  ","  ","  "]]`), nil},
		{"null row", board(`[null,["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"flat", board(`["  ","  ","  ","  ","  ","  ","  ","  ","  "]`), new(*json.UnmarshalTypeError)},
		// Cells.
		{"one space", board(`[[" ","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"empty string", board(`[["","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"null cell", board(`[[null,"  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"letter X", board(`[["X","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"letter O", board(`[["O","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"chip with space", board(`[["❌ ","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"cross mark without emoji", board(`[["✖","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		{"state as cell", board(`[["Draw","  ","  "],["  ","  ","  "],["  ","  ","  "]]`), nil},
		// States.
		{"empty state", `{"board":` + emptyRows + `,"state":""}`, nil},
		{"unknown state", `{"board":` + emptyRows + `,"state":"X"}`, nil},
		{"lower case draw", `{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","⭕"]],"state":"draw"}`, nil},
		{"won without space", `{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"❌Won"}`, nil},
		{"state cell", `{"board":` + emptyRows + `,"state":"  "}`, nil},
		// Consistency.
		{"turn with a line", `{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"⭕"}`, nil},
		{"turn with a line, winner to move", `{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"❌"}`, nil},
		{"turn on a full board", `{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","⭕"]],"state":"❌"}`, nil},
		{"won without a line", `{"board":` + emptyRows + `,"state":"❌ Won"}`, nil},
		{"wrong winner", `{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"⭕ Won"}`, nil},
		{"both have a line", `{"board":[["❌","❌","❌"],["⭕","⭕","⭕"],["  ","  ","  "]],"state":"❌ Won"}`, nil},
		{"draw not full", `{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","  "]],"state":"Draw"}`, nil},
		{"draw with a line", `{"board":[["❌","❌","❌"],["⭕","⭕","❌"],["❌","⭕","⭕"]],"state":"Draw"}`, nil},
		{"draw on an empty board", `{"board":` + emptyRows + `,"state":"Draw"}`, nil},
	} {
		g, err := ParseGame([]byte(tc.in))
		if err == nil {
			t.Errorf("%s: ParseGame(%s) = %+v, want an error", tc.name, tc.in, g)
			continue
		}
		if !errors.Is(err, inarow.ErrBadSetup) {
			t.Errorf("%s: error %q does not wrap ErrBadSetup", tc.name, err)
		}
		if tc.also != nil && !errors.As(err, tc.also) {
			t.Errorf("%s: error %q does not wrap a %T", tc.name, err, tc.also)
		}
		if !reflect.DeepEqual(g, Game{}) {
			t.Errorf("%s: a refused game returned %+v", tc.name, g)
		}
		if !strings.HasPrefix(err.Error(), "inarow: invalid position: ") {
			t.Errorf("%s: error %q does not say what is wrong first", tc.name, err)
		}
	}
}

// TestParseGameMessages spot-checks that errors say what is wrong.
func TestParseGameMessages(t *testing.T) {
	for in, want := range map[string]string{
		`{"board":[["❌","❌","❌"],["⭕","⭕","  "],["  ","  ","  "]],"state":"⭕"}`:     `state "⭕" does not fit the board: ❌ has three in a row`,
		`{"board":` + emptyRows + `,"state":"Draw"}`:                                `state "Draw" does not fit the board: the game on it is not over`,
		`{"board":[["x","  ","  "],["  ","  ","  "],["  ","  ","  "]],"state":"❌"}`: `cell top-left is "x"`,
		`{"board":` + emptyRows + `,"state":"❌","x":1}`:                             `unknown field "x"`,
		`{"board":[["  ","  ","  "]],"state":"❌"}`:                                  `the board has 1 rows, want 3`,
		`{"board":` + emptyRows + `,"state":"won"}`:                                 `unknown state "won"`,
	} {
		_, err := ParseGame([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGame(%s) error %v, want it to contain %q", in, err, want)
		}
	}
}
