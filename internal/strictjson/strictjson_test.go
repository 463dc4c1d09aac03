package strictjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

func TestDocument(t *testing.T) {
	var a string
	var n int
	fields := func() map[string]any { a, n = "", 0; return map[string]any{"a": &a, "n": &n} }
	seen, err := Document([]byte(` {"a": "x", "n": 3} `), "thing", fields())
	if err != nil || !seen["a"] || !seen["n"] || a != "x" || n != 3 {
		t.Fatalf("good document: %v %v %q %d", seen, err, a, n)
	}
	for in, want := range map[string]string{
		``:                     "no thing: the input is empty",
		`[]`:                   `the thing is a JSON object with the fields "a", "n", not "["`,
		`{"a": "x", "a": "y"}`: `field "a" given twice`,
		`{"b": 1}`:             `unknown field "b" in the thing`,
		`{"A": "x"}`:           `unknown field "A"`,
		`{"a": null}`:          "want a string, not null",
		`{"a": 1}`:             "cannot unmarshal number",
		`{"a": "x"`:            "ends too early",
		`{"a": "x"} {}`:        `"{" after the thing object`,
		`{"a": "x"} 7`:         "7 after the thing object",
		`{"n": "7"}`:           "cannot unmarshal string",
		`{"a": "x",}`:          "bad JSON",
	} {
		_, err := Document([]byte(in), "thing", fields())
		if !errors.Is(err, inarow.ErrBadSetup) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want ErrBadSetup saying %q", in, err, want)
		}
	}
	var ute *json.UnmarshalTypeError
	if _, err := Document([]byte(`{"a": 1}`), "thing", fields()); !errors.As(err, &ute) {
		t.Errorf("a number for a string should wrap the json error: %v", err)
	}
}

// A reader function consumes its value; its ErrBadSetup errors pass as
// they are, other errors are wrapped as bad JSON.
func TestReaderField(t *testing.T) {
	var inner string
	fields := map[string]any{"o": func(dec *json.Decoder) error {
		_, err := Object(dec, "inner", map[string]any{"k": &inner})
		return err
	}}
	if _, err := Document([]byte(`{"o": {"k": "v"}}`), "outer", fields); err != nil || inner != "v" {
		t.Fatalf("nested: %v %q", err, inner)
	}
	_, err := Document([]byte(`{"o": {"z": "v"}}`), "outer", fields)
	if err == nil || !strings.Contains(err.Error(), `unknown field "z" in the inner`) || strings.Contains(err.Error(), "bad JSON") {
		t.Errorf("nested unknown field: %v", err)
	}
}

func TestBoardState(t *testing.T) {
	b, s, err := BoardState([]byte(`{"state": "x", "board": [["a"], []]}`))
	if err != nil || s != "x" || len(b) != 2 || b[0][0] != "a" {
		t.Fatalf("good game: %v %q %v", b, s, err)
	}
	for in, want := range map[string]string{
		`{"state": "x"}`:                             `no "board" field`,
		`{"board": [[]]}`:                            `no "state" field`,
		`{"board": null, "state": "x"}`:              "the board is null",
		`{"board": [[], null], "state": "x"}`:        "row 1 of the board is null",
		`{"board": [[]], "state": "x", "next": "y"}`: `unknown field "next"`,
	} {
		if _, _, err := BoardState([]byte(in)); !errors.Is(err, inarow.ErrBadSetup) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
}
