package gomoku

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/strictjson"
)

// ParseGobang reads a game written by MarshalJSON,
// {"board": {"00": "01|02|…|09|", "01": "⚫|⚪|□□|…|", …, "09": …},
// "status": "进行中"}, with an optional "next": "⚫" or "⚪", and checks it
// strictly, so that a game it accepts is one the document could reach:
//
//   - one JSON object with the fields "board" and "status" and at most
//     "next" (spelled so, each once), and nothing after it;
//   - a board object with exactly the keys "00" to "09": "00" is
//     "01|02|03|04|05|06|07|08|09|", every other key nine points "⚫", "⚪"
//     or "□□", each followed by "|";
//   - stones that alternate: as many of each colour, or one more of the
//     colour that opened;
//   - a known status that fits the board: "未开始" for the empty board
//     only, "进行中" while nobody has exactly five in a row (a full board
//     too), "对局结束【⚫】✌🏻✌🏻✌🏻"/"对局结束【⚪】✌🏻✌🏻✌🏻" only with exactly
//     five of that stone — which then moved last.
//
// The stone to move is "next" when given (it must fit the counts); else
// the colour with fewer stones, the loser of a won game, and ⚫ when the
// counts are equal. On the empty board "next" fixes the opening stone;
// without it either stone may open. Every error wraps inarow.ErrBadSetup
// (and, for malformed JSON, the encoding/json error too).
func ParseGobang(data []byte) (Gobang, error) {
	var status, nextField string
	var board map[string]string
	seen, err := strictjson.Document(data, "game", map[string]any{
		"board":  func(dec *json.Decoder) error { return readBoard(dec, &board) },
		"status": &status,
		"next":   &nextField,
	})
	switch {
	case err != nil:
		return Gobang{}, err
	case !seen["board"]:
		return Gobang{}, fmt.Errorf("%w: the game has no \"board\" field", inarow.ErrBadSetup)
	case !seen["status"]:
		return Gobang{}, fmt.Errorf("%w: the game has no \"status\" field", inarow.ErrBadSetup)
	}
	next := noStone
	if seen["next"] {
		if next = parseStone(nextField); next == noStone {
			return Gobang{}, fmt.Errorf("%w: next is %q, want %q or %q", inarow.ErrBadSetup, nextField, Black, White)
		}
	}
	return gobangFrom(board, status, next)
}

// readBoard reads the rendered board object: the keys "00" to "09", each
// once, each a string.
func readBoard(dec *json.Decoder, board *map[string]string) error {
	rows := make([]string, len(rowKeys))
	fields := make(map[string]any, len(rowKeys))
	for i, k := range rowKeys {
		fields[k] = &rows[i]
	}
	seen, err := strictjson.Object(dec, "board", fields)
	if err != nil {
		return err
	}
	m := make(map[string]string, len(rowKeys))
	for i, k := range rowKeys {
		if seen[k] {
			m[k] = rows[i]
		}
	}
	*board = m
	return nil
}

// gobangFrom checks a rendered board, a status and the stone to move
// (noStone: the default) and builds the game.
func gobangFrom(board map[string]string, status string, next stone) (Gobang, error) {
	for _, k := range rowKeys {
		if _, ok := board[k]; !ok {
			return Gobang{}, fmt.Errorf("%w: the board has no row %q", inarow.ErrBadSetup, k)
		}
	}
	if board[rowKeys[0]] != header {
		return Gobang{}, fmt.Errorf("%w: board row \"00\" is %q, want %q", inarow.ErrBadSetup, board[rowKeys[0]], header)
	}
	var stones [3][]inarow.Move // by stone
	for y := 0; y < gobangSize; y++ {
		key := rowKeys[y+1]
		rest := board[key]
		for x := 0; x < gobangSize; x++ {
			cell, after, ok := strings.Cut(rest, "|")
			if !ok {
				return Gobang{}, fmt.Errorf("%w: board row %q has %d points, want %d, each followed by \"|\"", inarow.ErrBadSetup, key, x, gobangSize)
			}
			switch cell {
			case Black:
				stones[black] = append(stones[black], gobangRules.MoveAt(x, y))
			case White:
				stones[white] = append(stones[white], gobangRules.MoveAt(x, y))
			case EmptyPoint:
			default:
				return Gobang{}, fmt.Errorf("%w: point %s (row %q, column %d) is %q, want %q, %q or %q",
					inarow.ErrBadSetup, FormatPoint(gobangRules.MoveAt(x, y)), key, x+1, cell, Black, White, EmptyPoint)
			}
			rest = after
		}
		if rest != "" {
			return Gobang{}, fmt.Errorf("%w: board row %q has %q after its %d points", inarow.ErrBadSetup, key, rest, gobangSize)
		}
	}
	blacks, whites := len(stones[black]), len(stones[white])
	var winner stone
	switch status {
	case StatusNotStarted, StatusOngoing:
	case BlackWon:
		winner = black
	case WhiteWon:
		winner = white
	default:
		return Gobang{}, fmt.Errorf("%w: unknown status %q (want %q, %q, %q or %q)",
			inarow.ErrBadSetup, status, StatusNotStarted, StatusOngoing, BlackWon, WhiteWon)
	}
	if blacks+whites == 0 {
		if status != StatusNotStarted {
			return Gobang{}, fmt.Errorf("%w: the board is empty but the status is %q, not %q", inarow.ErrBadSetup, status, StatusNotStarted)
		}
		return Gobang{pos: emptyPosition, opener: next}, nil
	}
	if status == StatusNotStarted {
		return Gobang{}, fmt.Errorf("%w: the status is %q but the board has %d stones", inarow.ErrBadSetup, status, blacks+whites)
	}
	if d := blacks - whites; d > 1 || d < -1 {
		return Gobang{}, fmt.Errorf("%w: %d ⚫ and %d ⚪: the stones do not alternate", inarow.ErrBadSetup, blacks, whites)
	}
	def := defaultNext(blacks, whites, winner)
	switch {
	case next == noStone:
		next = def
	case blacks != whites && next != def:
		return Gobang{}, fmt.Errorf("%w: next is %s but with %d ⚫ and %d ⚪ it is %s's turn", inarow.ErrBadSetup, next, blacks, whites, def)
	}
	if winner != noStone && next == winner {
		return Gobang{}, fmt.Errorf("%w: the status is %q but with %d ⚫ and %d ⚪ (next %s) %s did not move last",
			inarow.ErrBadSetup, status, blacks, whites, next, winner)
	}
	// The opener is the colour with more stones, or with as many the one to
	// move.
	opener := next
	if blacks != whites {
		opener = next.other()
	}
	toMove := inarow.First
	if next != opener {
		toMove = inarow.Second
	}
	p, err := inarow.Setup(gobangRules, stones[opener], stones[opener.other()], toMove)
	if err != nil {
		return Gobang{}, fmt.Errorf("gomoku: %w", err)
	}
	g := Gobang{pos: p, opener: opener}
	out := p.Outcome()
	switch {
	case winner == noStone && out.Status == inarow.Won:
		return Gobang{}, fmt.Errorf("%w: the status is %q but %s has five in a row (%s to %s)",
			inarow.ErrBadSetup, status, g.Stone(out.Winner), FormatPoint(out.Line.From), FormatPoint(out.Line.To))
	case winner != noStone && (out.Status != inarow.Won || g.Stone(out.Winner) != winner.String()):
		return Gobang{}, fmt.Errorf("%w: the status is %q but %s has no five in a row", inarow.ErrBadSetup, status, winner)
	}
	return g, nil
}
