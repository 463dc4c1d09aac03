package server

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/tictactoe"
)

// Notations of moves in the API, one per kind of game.
const (
	NotationTicTacToe = "tictactoe" // top-left … bottom-right
	NotationColumn    = "column"    // gravity games: the column, 1 = leftmost (the move strings' digits)
	NotationCoord     = "coord"     // a column letter and a row number from the bottom: h8
	NotationPoint     = "point"     // the gobang document's HH-ZZ, row then column from 01: 05-05
)

// RulesJSON is the "rules" object of the API: the board and, for gomoku,
// the rule variant (gomoku.Rule's name: freestyle, standard, renju, caro,
// caro-exact).
type RulesJSON struct {
	M       int    `json:"m"`
	N       int    `json:"n"`
	K       int    `json:"k"`
	Gravity bool   `json:"gravity"`
	Exact   bool   `json:"exact"`
	Rule    string `json:"rule,omitempty"`
}

// setup is a game's fixed part: its kind, rules and notation, and for
// gomoku its rule variant.
type setup struct {
	kind  string
	rules inarow.Rules
	// rule is the gomoku variant when hasRule; the other games (gobang
	// included) have none, stored and shown as "".
	rule     gomoku.Rule
	hasRule  bool
	notation string
}

// variant is the stored and shown name of the gomoku variant, "" for the
// other games.
func (s setup) variant() string {
	if !s.hasRule {
		return ""
	}
	return s.rule.String()
}

// renju reports whether black's forbidden points apply.
func (s setup) renju() bool { return s.hasRule && s.rule == gomoku.Renju }

// ruleNamed is the gomoku variant named exactly as gomoku.Rule.String
// writes it (the API and the store take no other spelling, unlike
// gomoku.ParseRule's aliases and Gomocup numbers).
func ruleNamed(name string) (gomoku.Rule, bool) {
	for _, r := range gomoku.AllRules {
		if r.String() == name {
			return r, true
		}
	}
	return 0, false
}

// newSetup checks a create request's game and rules.
func newSetup(kind string, rj *RulesJSON) (setup, error) {
	s := setup{kind: kind}
	var given RulesJSON
	if rj != nil {
		given = *rj
	}
	switch kind {
	case "tictactoe":
		s.rules, s.notation = inarow.TicTacToe, NotationTicTacToe
	case "connect4":
		s.rules, s.notation = inarow.ConnectFour, NotationColumn
	case "gobang":
		s.rules, s.notation = gomoku.GobangRules, NotationPoint
	case "gomoku":
		s.rules, s.notation = inarow.Gomoku, NotationCoord
		s.rule, s.hasRule = gomoku.Freestyle, true
		if given.Rule != "" {
			var ok bool
			if s.rule, ok = ruleNamed(given.Rule); !ok {
				return s, fmt.Errorf("unknown gomoku rule %q (want freestyle, standard, renju, caro or caro-exact)", given.Rule)
			}
		}
		// In renju black's overline never wins (nor may it be played: it
		// is forbidden); white's does. The forbidden points are package
		// gomoku's.
		s.rules.Win = s.rule.WinRule()
	case "mnk":
		if rj == nil {
			return s, errors.New(`mnk needs "rules": {"m": COLS, "n": ROWS, "k": K, "gravity": BOOL, "exact": BOOL}`)
		}
		s.rules = inarow.Rules{Cols: given.M, Rows: given.N, K: given.K, Gravity: given.Gravity}
		if given.Exact {
			s.rules.Win = inarow.ExactlyK
		}
		if err := s.rules.Validate(); err != nil {
			return s, fmt.Errorf("bad rules: %s", strings.TrimPrefix(err.Error(), "inarow: "))
		}
		s.notation = NotationCoord
		if s.rules.Gravity {
			s.notation = NotationColumn
		}
	case "":
		return s, errors.New(`"game" is required: tictactoe, connect4, gomoku, gobang or mnk`)
	default:
		return s, fmt.Errorf("unknown game %q (want tictactoe, connect4, gomoku, gobang or mnk)", kind)
	}
	return s, nil
}

// setupOf rebuilds the setup of a stored game.
func setupOf(g *store.Game) (setup, error) {
	r, err := inarow.ParseRules(g.Rules)
	if err != nil {
		return setup{}, err
	}
	s := setup{kind: g.Kind, rules: r}
	if g.Variant != "" {
		if s.rule, s.hasRule = ruleNamed(g.Variant); !s.hasRule {
			return setup{}, fmt.Errorf("unknown gomoku rule %q in the store", g.Variant)
		}
	}
	switch g.Kind {
	case "tictactoe":
		s.notation = NotationTicTacToe
	case "gobang":
		s.notation = NotationPoint
	default:
		s.notation = NotationCoord
		if r.Gravity {
			s.notation = NotationColumn
		}
	}
	return s, nil
}

func (s setup) rulesJSON() RulesJSON {
	return RulesJSON{M: s.rules.Cols, N: s.rules.Rows, K: s.rules.K, Gravity: s.rules.Gravity, Exact: s.rules.Win == inarow.ExactlyK || s.rules.Win == inarow.CaroExactlyK, Rule: s.variant()}
}

// errSyntax marks a move that is not written in the game's notation.
var errSyntax = errors.New("malformed move")

// parseMove reads a move in the game's notation in position p. A move that
// cannot be read returns an error wrapping errSyntax; a well-formed move
// that cannot be played (off the board, full column) returns the core's
// sentinel error.
func (s setup) parseMove(p inarow.Position, text string) (inarow.Move, error) {
	text = strings.TrimSpace(text)
	switch s.notation {
	case NotationTicTacToe:
		m, err := tictactoe.ParseMove(strings.ToLower(text))
		if err != nil {
			return m, fmt.Errorf("%w: %q is not a tic-tac-toe cell (want top-left … bottom-right)", errSyntax, text)
		}
		return m, nil
	case NotationColumn:
		c, err := strconv.Atoi(text)
		if err != nil || text == "" || text[0] < '0' || text[0] > '9' {
			return inarow.NoMove, fmt.Errorf("%w: %q is not a column number (want 1 to %d)", errSyntax, text, s.rules.Cols)
		}
		if c < 1 || c > s.rules.Cols {
			return inarow.NoMove, fmt.Errorf("%w: column %d is outside 1 to %d", inarow.ErrOffBoard, c, s.rules.Cols)
		}
		if p.Over() {
			return inarow.NoMove, inarow.ErrGameOver
		}
		return p.Drop(c - 1)
	case NotationPoint:
		m, err := gomoku.ParsePoint(text)
		if errors.Is(err, inarow.ErrOffBoard) {
			return m, err
		}
		if err != nil {
			return m, fmt.Errorf("%w: %q is not a point like 05-05", errSyntax, text)
		}
		return m, nil
	default:
		m, err := s.rules.ParseMove(text)
		if errors.Is(err, inarow.ErrOffBoard) {
			return m, err
		}
		if err != nil {
			return m, fmt.Errorf("%w: %q is not a cell like %s", errSyntax, text, s.rules.FormatMove(s.rules.MoveAt(s.rules.Cols/2, s.rules.Rows/2)))
		}
		return m, nil
	}
}

// formatMove writes a played move in the game's notation.
func (s setup) formatMove(m inarow.Move) string {
	switch s.notation {
	case NotationTicTacToe:
		return tictactoe.FormatMove(m)
	case NotationColumn:
		x, _ := s.rules.XY(m)
		return strconv.Itoa(x + 1)
	case NotationPoint:
		return gomoku.FormatPoint(m)
	}
	return s.rules.FormatMove(m)
}
