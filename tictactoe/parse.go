package tictactoe

import (
	"github.com/inarow/inarow/internal/strictjson"
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
	board, state, err := strictjson.BoardState(data)
	if err != nil {
		return Game{}, err
	}
	g := Game{Board: board, State: state}
	if _, err := g.Position(); err != nil {
		return Game{}, err
	}
	return g, nil
}
