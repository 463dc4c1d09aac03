package connect4

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/inarow/inarow"
)

// ParseGame reads a game written in the document's JSON,
// {"board": [[…], …], "state": "🟡"}, and checks it strictly, so that a
// game it accepts is one the document could be asked to continue:
//
//   - one JSON object with exactly the fields "board" and "state" (spelled
//     so, each once), and nothing after it;
//   - a board of 6 rows of 7 cells, row 0 at the top, each cell "🟡", "🔴"
//     or "  " (two spaces);
//   - no floating chip: below every chip its column is filled;
//   - a known state: "🟡", "🔴", "🟡 Won", "🔴 Won" or "Draw";
//   - a state that fits the board: a chip to move only while nobody has
//     four in a row and the board is not full, "🟡 Won"/"🔴 Won" only with
//     a four of that chip (and none of the other), "Draw" only for a full
//     board without a four.
//
// The number of chips of each colour is not checked: the turn comes from
// the state, as in the document. Every error wraps inarow.ErrBadSetup
// (and, for malformed JSON, the encoding/json error too).
func ParseGame(data []byte) (Game, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return Game{}, fmt.Errorf("%w: no game: the input is empty", inarow.ErrBadSetup)
		}
		return Game{}, badJSON(err)
	}
	if tok != json.Delim('{') {
		return Game{}, fmt.Errorf("%w: a game is a JSON object {\"board\": …, \"state\": …}, not %s",
			inarow.ErrBadSetup, describeToken(tok))
	}
	var g Game
	var haveBoard, haveState bool
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return Game{}, badJSON(err)
		}
		key, _ := tok.(string) // inside an object, More means a key follows
		var dst any
		switch {
		case key == "board" && !haveBoard:
			haveBoard, dst = true, &g.Board
		case key == "state" && !haveState:
			haveState, dst = true, &g.State
		case key == "board" || key == "state":
			return Game{}, fmt.Errorf("%w: field %q given twice", inarow.ErrBadSetup, key)
		default:
			return Game{}, fmt.Errorf("%w: unknown field %q (a game has only \"board\" and \"state\")", inarow.ErrBadSetup, key)
		}
		if err := dec.Decode(dst); err != nil {
			return Game{}, badJSON(fmt.Errorf("field %q: %w", key, err))
		}
	}
	if _, err := dec.Token(); err != nil { // the closing '}'
		return Game{}, badJSON(err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return Game{}, badJSON(err)
		}
		return Game{}, fmt.Errorf("%w: %s after the game object", inarow.ErrBadSetup, describeToken(tok))
	}
	switch {
	case !haveBoard:
		return Game{}, fmt.Errorf("%w: the game has no \"board\" field", inarow.ErrBadSetup)
	case !haveState:
		return Game{}, fmt.Errorf("%w: the game has no \"state\" field", inarow.ErrBadSetup)
	}
	for y, row := range g.Board {
		if row == nil {
			return Game{}, fmt.Errorf("%w: row %d of the board is null", inarow.ErrBadSetup, y)
		}
	}
	if _, err := g.Position(); err != nil {
		return Game{}, err
	}
	return g, nil
}

// badJSON wraps an encoding/json error so that it matches both
// inarow.ErrBadSetup and the original error.
func badJSON(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return fmt.Errorf("%w: the game JSON ends too early: %w", inarow.ErrBadSetup, err)
	}
	return fmt.Errorf("%w: the game JSON: %w", inarow.ErrBadSetup, err)
}

// describeToken names a JSON token for an error message.
func describeToken(tok json.Token) string {
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
