// Package spiel offers inarow's games through OpenSpiel's interface, so
// that research code written against OpenSpiel carries over: the same game
// strings, player ids, action ids, action strings, returns, serialization
// and observation tensors.
//
// Four OpenSpiel games are provided, each exactly as OpenSpiel defines it
// (checked against OpenSpiel's playthrough files in testdata/openspiel):
//
//	tic_tac_toe()                                action r·3+c (row r from the top); "x(r,c)"
//	connect_four(rows=6,columns=7,x_in_row=4)    action = column;                  "x3"
//	mnk(m=15,n=15,k=5)                           action r·m+c (m columns);         "o(r,c)"
//	gomoku(size=15,connect=5)                    action r·size+c;                  "r,c"
//
// Observation tensors (float32, row-major, shape from ObservationTensorShape):
//
//	tic_tac_toe, mnk:  [3, rows, cols]  planes: empty, o (player 1), x (player 0); row 0 at the top
//	connect_four:      [3, rows, cols]  planes: x (player 0), o (player 1), empty; row 0 at the BOTTOM;
//	                   with egocentric_obs_tensor=true: opponent, own, empty
//	gomoku:            [3, size·size]   planes: black (player 0), white (player 1), all ones when
//	                   player 0 is to move (zeros otherwise and at the end)
//
// CurrentPlayer is 0 or 1 while the game goes on and TerminalPlayer (−4)
// at its end; Returns are +1/−1 for a win, 0 for a draw (gomoku with
// anti=true negates them). Serialize writes the action history one a line,
// as OpenSpiel's default State::Serialize does.
package spiel

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
)

// Player ids of OpenSpiel.
const (
	InvalidPlayer  = -3
	TerminalPlayer = -4
)

// Errors.
var (
	ErrGameString    = errors.New("spiel: bad game string")
	ErrIllegalAction = errors.New("spiel: illegal action")
	ErrUndo          = errors.New("spiel: cannot undo")
	ErrSerialized    = errors.New("spiel: bad serialized state")
)

type kind uint8

const (
	ticTacToe kind = iota
	connectFour
	mnk
	gomoku
)

// Game is a loaded game with its parameters.
type Game struct {
	kind       kind
	name       string
	given      map[string]string // the parameters written in the game string
	rules      inarow.Rules
	egocentric bool // connect_four
	anti       bool // gomoku
}

// paramSpec lists each game's parameters and defaults (as OpenSpiel's).
var paramSpec = map[string]map[string]string{
	"tic_tac_toe":  {},
	"connect_four": {"rows": "6", "columns": "7", "x_in_row": "4", "egocentric_obs_tensor": "false"},
	"mnk":          {"m": "15", "n": "15", "k": "5"},
	"gomoku":       {"size": "15", "connect": "5", "dims": "2", "anti": "false", "wrap": "false"},
}

// LoadGame reads an OpenSpiel game string such as "tic_tac_toe()",
// "connect_four(rows=6,columns=7,x_in_row=4)", "mnk(m=15,n=15,k=5)" or
// "gomoku(size=15,connect=5)". The parentheses may be left out when there
// are no parameters. Boards are limited to inarow.MaxSize on a side;
// gomoku takes only dims=2 and wrap=false.
func LoadGame(s string) (*Game, error) {
	name, params, err := parseGameString(s)
	if err != nil {
		return nil, err
	}
	spec, ok := paramSpec[name]
	if !ok {
		return nil, fmt.Errorf("%w: unknown game %q (want tic_tac_toe, connect_four, mnk or gomoku)", ErrGameString, name)
	}
	val := map[string]string{}
	for k, v := range spec {
		val[k] = v
	}
	for k, v := range params {
		if _, ok := spec[k]; !ok {
			return nil, fmt.Errorf("%w: %s has no parameter %q", ErrGameString, name, k)
		}
		val[k] = v
	}
	g := &Game{name: name, given: params}
	num := func(k string) (int, error) {
		n, err := strconv.Atoi(val[k])
		if err != nil {
			return 0, fmt.Errorf("%w: %s=%q is not an integer", ErrGameString, k, val[k])
		}
		return n, nil
	}
	flag := func(k string) (bool, error) {
		switch val[k] {
		case "true", "True":
			return true, nil
		case "false", "False":
			return false, nil
		}
		return false, fmt.Errorf("%w: %s=%q is not true or false", ErrGameString, k, val[k])
	}
	var errs []error
	get := func(k string) int { n, err := num(k); errs = append(errs, err); return n }
	getb := func(k string) bool { b, err := flag(k); errs = append(errs, err); return b }
	switch name {
	case "tic_tac_toe":
		g.kind, g.rules = ticTacToe, inarow.TicTacToe
	case "connect_four":
		g.kind = connectFour
		g.rules = inarow.Rules{Cols: get("columns"), Rows: get("rows"), K: get("x_in_row"), Gravity: true}
		g.egocentric = getb("egocentric_obs_tensor")
	case "mnk":
		g.kind = mnk
		g.rules = inarow.Rules{Cols: get("m"), Rows: get("n"), K: get("k")}
	case "gomoku":
		g.kind = gomoku
		size := get("size")
		g.rules = inarow.Rules{Cols: size, Rows: size, K: get("connect")}
		g.anti = getb("anti")
		if get("dims") != 2 {
			errs = append(errs, fmt.Errorf("%w: only dims=2 is supported", ErrGameString))
		}
		if getb("wrap") {
			errs = append(errs, fmt.Errorf("%w: wrap=true is not supported", ErrGameString))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := g.rules.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrGameString, err)
	}
	return g, nil
}

// parseGameString splits "name(k=v,k=v)" into the name and parameters.
func parseGameString(s string) (string, map[string]string, error) {
	s = strings.TrimSpace(s)
	name, rest, paren := strings.Cut(s, "(")
	params := map[string]string{}
	if !validName(name) {
		return "", nil, fmt.Errorf("%w: %q", ErrGameString, s)
	}
	if !paren {
		return name, params, nil
	}
	body, ok := strings.CutSuffix(rest, ")")
	if !ok || strings.ContainsAny(body, "()") {
		return "", nil, fmt.Errorf("%w: %q (unbalanced parentheses)", ErrGameString, s)
	}
	if strings.TrimSpace(body) == "" {
		return name, params, nil
	}
	for _, kv := range strings.Split(body, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || !validName(k) || v == "" {
			return "", nil, fmt.Errorf("%w: %q (want key=value in %q)", ErrGameString, kv, s)
		}
		if _, dup := params[k]; dup {
			return "", nil, fmt.Errorf("%w: %q given twice", ErrGameString, k)
		}
		params[k] = v
	}
	return name, params, nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// String returns the game string with the parameters given to LoadGame in
// sorted order, as OpenSpiel's Game::ToString ("connect_four()").
func (g *Game) String() string {
	keys := make([]string, 0, len(g.given))
	for k := range g.given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + g.given[k]
	}
	return g.name + "(" + strings.Join(parts, ",") + ")"
}

// ShortName is OpenSpiel's short name of the game ("connect_four").
func (g *Game) ShortName() string { return g.name }

// Rules returns the inarow rules of the game.
func (g *Game) Rules() inarow.Rules { return g.rules }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// NumDistinctActions: the columns for connect_four, the cells otherwise.
func (g *Game) NumDistinctActions() int {
	if g.kind == connectFour {
		return g.rules.Cols
	}
	return g.rules.Cells()
}

// MaxGameLength is the number of cells.
func (g *Game) MaxGameLength() int { return g.rules.Cells() }

// MinUtility, MaxUtility and UtilitySum are −1, 1 and 0.
func (g *Game) MinUtility() float64 { return -1 }
func (g *Game) MaxUtility() float64 { return 1 }
func (g *Game) UtilitySum() float64 { return 0 }

// ObservationTensorShape is [3, rows, cols], or [3, size·size] for gomoku.
func (g *Game) ObservationTensorShape() []int {
	if g.kind == gomoku {
		return []int{3, g.rules.Cells()}
	}
	return []int{3, g.rules.Rows, g.rules.Cols}
}

// ObservationTensorSize is the product of the shape.
func (g *Game) ObservationTensorSize() int { return 3 * g.rules.Cells() }

// NewInitialState returns the empty board with player 0 to move.
func (g *Game) NewInitialState() *State {
	p, err := inarow.NewPosition(g.rules)
	if err != nil {
		panic(err) // the rules were validated by LoadGame
	}
	return &State{game: g, pos: []inarow.Position{p}}
}

// DeserializeState replays a state written by State.Serialize: one
// action a line (blank lines are skipped), checking every action.
func (g *Game) DeserializeState(s string) (*State, error) {
	st := g.NewInitialState()
	for i, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		a, err := strconv.Atoi(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %q is not an action", ErrSerialized, i+1, line)
		}
		if err := st.ApplyAction(a); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrSerialized, i+1, err)
		}
	}
	return st, nil
}
