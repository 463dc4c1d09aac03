package inarow

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Game is a position with its history: it can undo moves and be written
// as a text record. Unlike Position it is a mutable object; it is not safe
// for concurrent use without a lock.
type Game struct {
	history []Position // history[0] is the start, the last one is current
	moves   []Move
}

// NewGame starts a game on the empty board of r.
func NewGame(r Rules) (*Game, error) {
	p, err := NewPosition(r)
	if err != nil {
		return nil, err
	}
	return GameFrom(p), nil
}

// GameFrom starts a game from any position.
func GameFrom(p Position) *Game { return &Game{history: []Position{p}} }

// Position returns the current position.
func (g *Game) Position() Position { return g.history[len(g.history)-1] }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.history[0] }

// Moves returns a copy of the moves played since the start.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Play plays m; a refused move leaves the game unchanged and returns the
// reason.
func (g *Game) Play(m Move) error {
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.history = append(g.history, next)
	g.moves = append(g.moves, m)
	return nil
}

// Undo takes back the last move, or returns an error wrapping ErrNoMoves
// at the start.
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return errNothingToUndo
	}
	g.history = g.history[:len(g.history)-1]
	g.moves = g.moves[:len(g.moves)-1]
	return nil
}

// MarshalText writes the record:
//
//	rules m=15,n=15,k=5
//	first h8 i9          (only for a set-up start: its stones)
//	second g7
//	to-move second
//	moves h8 i9 h9
func (g *Game) MarshalText() ([]byte, error) {
	start := g.Start()
	r := start.Rules()
	var b bytes.Buffer
	fmt.Fprintf(&b, "rules %s\n", r)
	if start.Ply() > 0 || start.ToMove() != First {
		for who := First; who <= Second; who++ {
			b.WriteString(who.String())
			for m := Move(0); int(m) < r.Cells(); m++ {
				if start.At(m) == who {
					b.WriteString(" " + r.FormatMove(m))
				}
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "to-move %s\n", start.ToMove())
	}
	b.WriteString("moves")
	for _, m := range g.moves {
		b.WriteString(" " + r.FormatMove(m))
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// UnmarshalText reads a record written by MarshalText, replaying and
// checking every move. On error g is left unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	var (
		r       Rules
		haveR   bool
		stones  [2][]Move
		toMove  = First
		moves   []string
		sawMove bool
	)
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		key, args := fields[0], fields[1:]
		var err error
		switch {
		case key == "rules" && len(args) == 1 && !haveR:
			r, err = ParseRules(args[0])
			haveR = true
		case !haveR:
			err = fmt.Errorf("want \"rules ...\" first")
		case (key == "first" || key == "second") && !sawMove:
			who := First
			if key == "second" {
				who = Second
			}
			for _, a := range args {
				m, perr := r.ParseMove(a)
				if perr != nil {
					err = perr
					break
				}
				stones[who] = append(stones[who], m)
			}
		case key == "to-move" && len(args) == 1 && (args[0] == "first" || args[0] == "second") && !sawMove:
			if args[0] == "second" {
				toMove = Second
			}
		case key == "moves" && !sawMove:
			moves, sawMove = args, true
		default:
			err = fmt.Errorf("unexpected %q", sc.Text())
		}
		if err != nil {
			return fmt.Errorf("inarow: record line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("inarow: record: %w", err)
	}
	if !haveR {
		return fmt.Errorf("inarow: record has no rules line")
	}
	start, err := Setup(r, stones[0], stones[1], toMove)
	if err != nil {
		return err
	}
	ng := GameFrom(start)
	for i, s := range moves {
		m, err := r.ParseMove(s)
		if err == nil {
			err = ng.Play(m)
		}
		if err != nil {
			return fmt.Errorf("inarow: record move %d (%s): %w", i+1, s, err)
		}
	}
	*g = *ng
	return nil
}
