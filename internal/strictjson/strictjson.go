// Package strictjson reads the documents' JSON games strictly: one object,
// only known fields, each at most once, strings that are strings (not
// null), and nothing after the object — so that a game accepted is one the
// document could have written. Every error wraps inarow.ErrBadSetup and,
// for malformed JSON, the encoding/json error too.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/inarow/inarow"
)

// Document reads data, which must hold exactly one JSON object, the
// "what" (a game, a board…) whose fields are described by fields (see
// Object). It returns the set of keys present.
func Document(data []byte, what string, fields map[string]any) (map[string]bool, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	seen, err := Object(dec, what, fields)
	if err != nil {
		return nil, err
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, BadJSON(err)
		}
		return nil, fmt.Errorf("%w: %s after the %s object", inarow.ErrBadSetup, describe(tok), what)
	}
	return seen, nil
}

// Object reads a JSON object from dec. Each key must be one of fields,
// at most once; its value is read according to fields[key]:
//
//   - *string: a JSON string (null and other types are refused);
//   - func(*json.Decoder) error: a reader that consumes the value itself;
//   - any other pointer: json.Decoder.Decode.
func Object(dec *json.Decoder, what string, fields map[string]any) (map[string]bool, error) {
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("%w: no %s: the input is empty", inarow.ErrBadSetup, what)
		}
		return nil, BadJSON(err)
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("%w: the %s is a JSON object with %s, not %s", inarow.ErrBadSetup, what, keyList(fields), describe(tok))
	}
	seen := make(map[string]bool, len(fields))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, BadJSON(err)
		}
		key, _ := tok.(string) // inside an object, More means a key follows
		dst, known := fields[key]
		switch {
		case !known:
			return nil, fmt.Errorf("%w: unknown field %q in the %s (want %s)", inarow.ErrBadSetup, key, what, keyList(fields))
		case seen[key]:
			return nil, fmt.Errorf("%w: field %q given twice in the %s", inarow.ErrBadSetup, key, what)
		}
		seen[key] = true
		switch dst := dst.(type) {
		case *string:
			err = decodeString(dec, dst)
		case func(*json.Decoder) error:
			if err = dst(dec); errors.Is(err, inarow.ErrBadSetup) {
				return nil, err
			}
		default:
			err = dec.Decode(dst)
		}
		if err != nil {
			return nil, BadJSON(fmt.Errorf("field %q: %w", key, err))
		}
	}
	if _, err := dec.Token(); err != nil { // the closing '}'
		return nil, BadJSON(err)
	}
	return seen, nil
}

// decodeString decodes a JSON string (not null, not another type).
func decodeString(dec *json.Decoder, dst *string) error {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	if string(raw) == "null" { // json.Unmarshal would quietly keep dst
		return fmt.Errorf("want a string, not null")
	}
	return json.Unmarshal(raw, dst) // another type is a *json.UnmarshalTypeError
}

// BadJSON wraps an encoding/json error so that it matches both
// inarow.ErrBadSetup and the original error.
func BadJSON(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return fmt.Errorf("%w: the JSON ends too early: %w", inarow.ErrBadSetup, err)
	}
	return fmt.Errorf("%w: bad JSON: %w", inarow.ErrBadSetup, err)
}

// describe names a JSON token for an error message.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return fmt.Sprintf("the string %q", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

func keyList(fields map[string]any) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, fmt.Sprintf("%q", k))
	}
	sort.Strings(keys)
	return "the fields " + strings.Join(keys, ", ")
}

// BoardState reads the {"board": [[…], …], "state": "…"} game of the
// typehero documents (tic-tac-toe and Connect Four): both fields present,
// neither the board nor a row null. The cells and the state are the
// caller's to check.
func BoardState(data []byte) (board [][]string, state string, err error) {
	seen, err := Document(data, "game", map[string]any{"board": &board, "state": &state})
	switch {
	case err != nil:
		return nil, "", err
	case !seen["board"]:
		return nil, "", fmt.Errorf("%w: the game has no \"board\" field", inarow.ErrBadSetup)
	case !seen["state"]:
		return nil, "", fmt.Errorf("%w: the game has no \"state\" field", inarow.ErrBadSetup)
	case board == nil:
		return nil, "", fmt.Errorf("%w: the board is null", inarow.ErrBadSetup)
	}
	for y, row := range board {
		if row == nil {
			return nil, "", fmt.Errorf("%w: row %d of the board is null", inarow.ErrBadSetup, y)
		}
	}
	return board, state, nil
}
