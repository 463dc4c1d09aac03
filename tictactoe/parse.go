package tictactoe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/inarow/inarow"
)

// ParseGame reads a game written in the document's JSON,
// {"board": [[…],[…],[…]], "state": "❌"}, and checks it strictly, so that
// a game it accepts is one the document could be asked to continue:
//
//   - one JSON object with exactly the fields "board" and "state" (spelled
//     so, each once), and nothing after it;
//   - a board of 3 rows of 3 cells, each "❌", "⭕" or "  " (two spaces);
//   - a known state: "❌", "⭕", "❌ Won", "⭕ Won" or "Draw";
//   - a state that fits the board: "❌"/"⭕" only while no one has three in
//     a row and the board is not full, "❌ Won"/"⭕ Won" only with a line of
//     that chip, "Draw" only for a full board without a line.
//
// The number of chips of each kind is not checked: the turn comes from the
// state, and the document's own draw test starts from a board that ❌-first
// play cannot reach. Every error wraps inarow.ErrBadSetup (and, for bad
// JSON, the encoding/json error too).
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
	case g.Board == nil:
		return Game{}, fmt.Errorf("%w: the board is null", inarow.ErrBadSetup)
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
