package gomoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/inarow/inarow"
)

// The stones, empty point and statuses of the gobang document, spelled
// exactly as it spells them.
const (
	Black      = "⚫"
	White      = "⚪"
	EmptyPoint = "□□"

	StatusNotStarted = "未开始"
	StatusOngoing    = "进行中"
	BlackWon         = "对局结束【" + Black + "】✌🏻✌🏻✌🏻"
	WhiteWon         = "对局结束【" + White + "】✌🏻✌🏻✌🏻"
)

// ErrWrongStone refuses a stone of the colour that moved last: after the
// first stone the colours alternate.
var ErrWrongStone = errors.New("gomoku: it is the other stone's turn")

// WonStatus returns the document's status for a game won by stone:
// "对局结束【⚫】✌🏻✌🏻✌🏻" or "对局结束【⚪】✌🏻✌🏻✌🏻".
func WonStatus(stone string) string { return "对局结束【" + stone + "】✌🏻✌🏻✌🏻" }

// Gobang is the gobang document's game: an immutable value whose Play
// returns a new game. The zero value is the new game, as is NewGobang().
type Gobang struct {
	pos inarow.Position // First is the stone that opened
	// opener is the stone of inarow.First: noStone while either may open
	// (an empty board), else black or white.
	opener stone
}

type stone uint8

const (
	noStone stone = iota
	black
	white
)

func (s stone) String() string {
	switch s {
	case black:
		return Black
	case white:
		return White
	}
	return ""
}

func (s stone) other() stone { return black + white - s }

func parseStone(s string) stone {
	switch s {
	case Black:
		return black
	case White:
		return white
	}
	return noStone
}

var emptyPosition = func() inarow.Position {
	p, err := inarow.NewPosition(gobangRules)
	if err != nil {
		panic(err)
	}
	return p
}()

// NewGobang returns the new game: the empty board, either stone may open.
func NewGobang() Gobang { return Gobang{pos: emptyPosition} }

// Position returns the game's position of GobangRules. Its inarow.First is
// the stone that opened (Stone says which).
func (g Gobang) Position() inarow.Position {
	if g.pos.Rules().Cols == 0 { // the zero Gobang
		return emptyPosition
	}
	return g.pos
}

// Stone returns the stone of player p in this game: inarow.First is the
// stone that opened — ⚫ while nobody has (a bare point opens with ⚫).
func (g Gobang) Stone(p inarow.Player) string {
	op := g.opener
	if op == noStone {
		op = black
	}
	switch p {
	case inarow.First:
		return op.String()
	case inarow.Second:
		return op.other().String()
	}
	return ""
}

// Next returns the stone that a bare point plays now (⚫ on the empty
// board, where either stone may open), or "" once the game is over.
func (g Gobang) Next() string {
	p := g.Position()
	if p.Over() {
		return ""
	}
	return g.Stone(p.ToMove())
}

// Over reports whether no move is possible any more: a stone made five, or
// the board is full.
func (g Gobang) Over() bool { return g.Position().Over() }

// Play returns the game after the move token: a stone and a point,
// "⚫05-05" or "⚪01-02", as the document's 落子("⚫", "05-05"), or a bare
// point "05-05" for the stone whose turn it is (⚫ on the empty board). A
// refused move returns g itself, unchanged, with an error wrapping
// inarow.ErrBadMove (a malformed token), inarow.ErrOffBoard (a point
// outside 01–09), inarow.ErrGameOver (a stone has won, or the board is
// full), ErrWrongStone (the colour that moved last) or inarow.ErrOccupied.
func (g Gobang) Play(token string) (Gobang, error) {
	want, point := noStone, token
	switch {
	case strings.HasPrefix(token, Black):
		want, point = black, token[len(Black):]
	case strings.HasPrefix(token, White):
		want, point = white, token[len(White):]
	}
	m, err := ParsePoint(point)
	if err != nil {
		if want == noStone {
			return g, fmt.Errorf("%w (a move is a point like 05-05, or a stone and a point like ⚫05-05)", err)
		}
		return g, err
	}
	p := g.Position()
	if p.Over() {
		return g, fmt.Errorf("%w: %s", inarow.ErrGameOver, g.Status())
	}
	opener := g.opener
	if p.Ply() == 0 && opener == noStone {
		opener = want
		if opener == noStone {
			opener = black
		}
	}
	toMove := opener
	if p.ToMove() == inarow.Second {
		toMove = opener.other()
	}
	if want != noStone && want != toMove {
		return g, fmt.Errorf("%w: %s is to play, not %s", ErrWrongStone, toMove, want)
	}
	next, err := p.Play(m)
	if err != nil {
		return g, fmt.Errorf("gomoku: point %s: %w", point, err)
	}
	return Gobang{pos: next, opener: opener}, nil
}

// Status returns the document's 对局状态: "未开始" before the first stone,
// "对局结束【⚫】✌🏻✌🏻✌🏻" or "对局结束【⚪】✌🏻✌🏻✌🏻" once a stone has made
// exactly five, else "进行中" (also for a full board, which the document
// does not treat apart).
func (g Gobang) Status() string {
	p := g.Position()
	switch {
	case p.Ply() == 0:
		return StatusNotStarted
	case p.Outcome().Status == inarow.Won:
		return WonStatus(g.Stone(p.Outcome().Winner))
	}
	return StatusOngoing
}

// cell returns the document's string for point m.
func (g Gobang) cell(p *inarow.Position, m inarow.Move) string {
	switch who := p.At(m); who {
	case inarow.First, inarow.Second:
		return g.Stone(who)
	}
	return EmptyPoint
}

// header is the rendered key row "00".
const header = "01|02|03|04|05|06|07|08|09|"

// rowKeys are the keys of the rendered board, "00" then a key per row.
var rowKeys = [gobangSize + 1]string{"00", "01", "02", "03", "04", "05", "06", "07", "08", "09"}

// Rendered returns the document's 棋盘状态 (渲染棋盘<更新棋盘<棋盘, 落子结果>>):
// key "00" maps to the column numbers "01|02|03|04|05|06|07|08|09|", and
// each row key "01" to "09" to the nine points of that row, each followed
// by "|", e.g. "⚫|⚪|□□|□□|□□|□□|□□|□□|□□|".
func (g Gobang) Rendered() map[string]string {
	p := g.Position()
	out := make(map[string]string, gobangSize+1)
	out[rowKeys[0]] = header
	var b strings.Builder
	for y := 0; y < gobangSize; y++ {
		b.Reset()
		b.Grow(gobangSize * len(EmptyPoint+"|"))
		for x := 0; x < gobangSize; x++ {
			b.WriteString(g.cell(&p, gobangRules.MoveAt(x, y)))
			b.WriteByte('|')
		}
		out[rowKeys[y+1]] = b.String()
	}
	return out
}

// UnmarshalJSON reads a game as ParseGobang does, so that json.Unmarshal
// into a Gobang is as strict.
func (g *Gobang) UnmarshalJSON(data []byte) error {
	v, err := ParseGobang(data)
	if err != nil {
		return err
	}
	*g = v
	return nil
}

// gobangJSON is the JSON form of a game.
type gobangJSON struct {
	Board  map[string]string `json:"board"`
	Status string            `json:"status"`
	Next   string            `json:"next,omitempty"`
}

// MarshalJSON writes the game as {"board": {"00": …, "01": …, …, "09": …},
// "status": "…"}: the rendered board (see Rendered) and the status. A
// field "next" is added only when the stone to move cannot be told from
// the board as ParseGobang tells it — a game opened by ⚪ that has as many
// stones of each colour, or an empty board whose opener is fixed — so that
// ParseGobang reads every game back as it was.
func (g Gobang) MarshalJSON() ([]byte, error) {
	v := gobangJSON{Board: g.Rendered(), Status: g.Status()}
	p := g.Position()
	nFirst, nSecond := count(&p)
	var blacks, whites int
	if g.Stone(inarow.First) == Black {
		blacks, whites = nFirst, nSecond
	} else {
		blacks, whites = nSecond, nFirst
	}
	next := noStone
	if p.Ply() > 0 || g.opener != noStone {
		next = parseStone(g.Stone(p.ToMove()))
	}
	var winner stone
	if out := p.Outcome(); out.Status == inarow.Won {
		winner = parseStone(g.Stone(out.Winner))
	}
	if next != defaultNext(blacks, whites, winner) {
		v.Next = next.String()
	}
	return json.Marshal(v)
}

// count returns the number of stones of inarow.First and inarow.Second.
func count(p *inarow.Position) (first, second int) {
	for m := inarow.Move(0); int(m) < gobangRules.Cells(); m++ {
		switch p.At(m) {
		case inarow.First:
			first++
		case inarow.Second:
			second++
		}
	}
	return first, second
}

// defaultNext is the stone to move of a board without a "next" field: none
// on the empty board (either may open), the one with fewer stones, the
// loser of a won game, else ⚫.
func defaultNext(blacks, whites int, winner stone) stone {
	switch {
	case blacks+whites == 0:
		return noStone
	case blacks < whites:
		return black
	case whites < blacks:
		return white
	case winner != noStone:
		return winner.other()
	}
	return black
}
