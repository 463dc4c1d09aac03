package connect4

import (
	"github.com/inarow/inarow/internal/strictjson"
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
