package tictactoe

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/inarow/inarow"
)

var allNames = []string{
	"top-left", "top-center", "top-right",
	"middle-left", "middle-center", "middle-right",
	"bottom-left", "bottom-center", "bottom-right",
}

func TestNew(t *testing.T) {
	got, err := json.Marshal(New())
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"board":[["  ","  ","  "],["  ","  ","  "],["  ","  ","  "]],"state":"❌"}`
	if string(got) != want {
		t.Errorf("New() = %s, want %s", got, want)
	}
	if New().Over() {
		t.Error("New().Over()")
	}
}

// TestEveryPosition plays each position name on the new board and checks
// that ❌ lands on that row and column and ⭕ is to move.
func TestEveryPosition(t *testing.T) {
	rows := map[string]int{"top": 0, "middle": 1, "bottom": 2}
	cols := map[string]int{"left": 0, "center": 1, "right": 2}
	for i, name := range allNames {
		var row, col string
		for r := range rows {
			for c := range cols {
				if r+"-"+c == name {
					row, col = r, c
				}
			}
		}
		g, err := New().Play(name)
		if err != nil {
			t.Fatalf("Play(%q): %v", name, err)
		}
		var b refBoard
		b[rows[row]*3+cols[col]] = 'x'
		if want := refGame(b, "⭕"); !reflect.DeepEqual(g, want) {
			t.Errorf("Play(%q) = %+v, want %+v", name, g, want)
		}
		m, err := ParseMove(name)
		if err != nil || int(m) != i || FormatMove(m) != name {
			t.Errorf("ParseMove(%q) = %d, %v; FormatMove = %q", name, m, err, FormatMove(m))
		}
	}
}

func TestBadMoveNames(t *testing.T) {
	g, _ := New().Play("middle-center")
	for _, name := range []string{
		"", "top", "left", "Top-Left", "TOP-LEFT", "top_left", "top left", "left-top",
		"center-middle", "middle-middle", "center-center", "top-left ", " top-left",
		"top-left-right", "top--left", "-", "0", "a3", "top-centre", "bottom-right\x00",
	} {
		if _, err := ParseMove(name); !errors.Is(err, inarow.ErrBadMove) {
			t.Errorf("ParseMove(%q) error = %v, want ErrBadMove", name, err)
		}
		got, err := g.Play(name)
		if !errors.Is(err, inarow.ErrBadMove) {
			t.Errorf("Play(%q) error = %v, want ErrBadMove", name, err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("Play(%q) changed the game", name)
		}
	}
	for _, m := range []inarow.Move{-1, 9, 100, inarow.NoMove} {
		if got := FormatMove(m); got[0] != '?' {
			t.Errorf("FormatMove(%d) = %q, want ?…", m, got)
		}
	}
}

// playRef plays names from New through Game.Play and through the plain
// reference, comparing every step.
func playRef(t *testing.T, names ...string) Game {
	t.Helper()
	g := New()
	var b refBoard
	mover := byte('x')
	for _, name := range names {
		next, err := g.Play(name)
		if err != nil {
			t.Fatalf("Play(%q) after %v: %v", name, names, err)
		}
		m, _ := ParseMove(name)
		b[m] = mover
		want := refGame(b, refState(b, mover))
		if !reflect.DeepEqual(next, want) {
			t.Fatalf("after %q: got %+v, want %+v", name, next, want)
		}
		g = next
		mover = 'x' + 'o' - mover
	}
	return g
}

// TestEveryLine wins each of the eight lines, once for ❌ and once for ⭕.
func TestEveryLine(t *testing.T) {
	for li, line := range refLines() {
		on := map[int]bool{line[0]: true, line[1]: true, line[2]: true}
		var others []int
		for c := 0; c < 9; c++ {
			if !on[c] {
				others = append(others, c)
			}
		}
		// ❌ takes the line while ⭕ takes two other cells.
		g := playRef(t, allNames[line[0]], allNames[others[0]], allNames[line[1]], allNames[others[1]], allNames[line[2]])
		if g.State != CrossWon {
			t.Errorf("line %d for ❌: state %q", li, g.State)
		}
		// ⭕ takes the line while ❌ takes three other cells that are not a line.
		x := pickNonLine(others)
		g = playRef(t, allNames[x[0]], allNames[line[0]], allNames[x[1]], allNames[line[1]], allNames[x[2]], allNames[line[2]])
		if g.State != NoughtWon {
			t.Errorf("line %d for ⭕: state %q", li, g.State)
		}
		if !g.Over() {
			t.Errorf("line %d: Over() is false for %q", li, g.State)
		}
	}
}

// pickNonLine returns three of cells that are not a line of three.
func pickNonLine(cells []int) [3]int {
	for i := 0; i < len(cells); i++ {
		for j := i + 1; j < len(cells); j++ {
			for k := j + 1; k < len(cells); k++ {
				var b refBoard
				b[cells[i]], b[cells[j]], b[cells[k]] = 'x', 'x', 'x'
				if b.winner('x', 'o') == 0 {
					return [3]int{cells[i], cells[j], cells[k]}
				}
			}
		}
	}
	panic("no three cells without a line")
}

func TestDrawAndLastMoveWin(t *testing.T) {
	// A full board without a line is a draw.
	g := playRef(t, "top-left", "top-center", "top-right", "middle-center", "middle-left",
		"middle-right", "bottom-center", "bottom-left", "bottom-right")
	if g.State != Draw {
		t.Errorf("draw: state %q", g.State)
	}
	// Filling the board with a line is a win, not a draw.
	g = playRef(t, "top-left", "middle-left", "top-center", "middle-center", "middle-right",
		"bottom-center", "bottom-left", "bottom-right", "top-right")
	if g.State != CrossWon {
		t.Errorf("win on the last cell: state %q", g.State)
	}
}

// TestTurnFromState: the chip to move is the state, not the count.
func TestTurnFromState(t *testing.T) {
	for _, tc := range []struct {
		start, move, want string
	}{
		// ⭕ to move on an empty board (unreachable by ❌-first play).
		{`{"board":[["  ","  ","  "],["  ","  ","  "],["  ","  ","  "]],"state":"⭕"}`, "top-left",
			`{"board":[["⭕","  ","  "],["  ","  ","  "],["  ","  ","  "]],"state":"❌"}`},
		// ❌ to move although ❌ already has one more chip.
		{`{"board":[["❌","  ","  "],["  ","  ","  "],["  ","  ","  "]],"state":"❌"}`, "bottom-right",
			`{"board":[["❌","  ","  "],["  ","  ","  "],["  ","  ","❌"]],"state":"⭕"}`},
		// ⭕ with two more chips wins.
		{`{"board":[["⭕","⭕","  "],["  ","  ","  "],["  ","  ","  "]],"state":"⭕"}`, "top-right",
			`{"board":[["⭕","⭕","⭕"],["  ","  ","  "],["  ","  ","  "]],"state":"⭕ Won"}`},
	} {
		g, err := ParseGame([]byte(tc.start))
		if err != nil {
			t.Fatalf("ParseGame(%s): %v", tc.start, err)
		}
		g, err = g.Play(tc.move)
		if err != nil {
			t.Fatalf("Play(%q): %v", tc.move, err)
		}
		if got, _ := json.Marshal(g); string(got) != tc.want {
			t.Errorf("%s + %s:\n got %s\nwant %s", tc.start, tc.move, got, tc.want)
		}
	}
}

func TestOccupied(t *testing.T) {
	g := playRef(t, "middle-center", "top-left", "bottom-right")
	for _, name := range []string{"middle-center", "top-left", "bottom-right"} {
		got, err := g.Play(name)
		if !errors.Is(err, inarow.ErrOccupied) {
			t.Errorf("Play(%q) error = %v, want ErrOccupied", name, err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("Play(%q) changed the game: %+v", name, got)
		}
	}
}

// TestAfterEnd: every move after a win or a draw, on an empty cell or not,
// returns the game unchanged.
func TestAfterEnd(t *testing.T) {
	ends := map[string]Game{
		"❌ Won": playRef(t, "top-left", "middle-left", "top-center", "middle-center", "top-right"),
		"⭕ Won": playRef(t, "top-left", "middle-left", "top-center", "middle-center", "bottom-right", "middle-right"),
		"Draw": playRef(t, "top-left", "top-center", "top-right", "middle-center", "middle-left",
			"middle-right", "bottom-center", "bottom-left", "bottom-right"),
	}
	for state, g := range ends {
		if g.State != state || !g.Over() {
			t.Fatalf("setup: state %q, want %q", g.State, state)
		}
		for _, name := range allNames {
			got, err := g.Play(name)
			if !errors.Is(err, inarow.ErrGameOver) {
				t.Errorf("%s: Play(%q) error = %v, want ErrGameOver", state, name, err)
			}
			if !reflect.DeepEqual(got, g) {
				t.Errorf("%s: Play(%q) changed the game", state, name)
			}
		}
	}
}

// TestPlayDoesNotMutate: Play never writes into the board it was given.
func TestPlayDoesNotMutate(t *testing.T) {
	g := New()
	before, _ := json.Marshal(g)
	next, err := g.Play("top-left")
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := json.Marshal(g); string(after) != string(before) {
		t.Errorf("Play changed its receiver: %s", after)
	}
	next.Board[0][1] = "⭕"
	if g.Board[0][1] != Empty {
		t.Error("the new game shares its board with the old one")
	}
}

func TestPositionRoundTrip(t *testing.T) {
	games := []Game{
		New(),
		playRef(t, "top-center"),
		playRef(t, "top-left", "middle-left", "top-center", "middle-center", "top-right"),
		playRef(t, "top-left", "middle-left", "top-center", "middle-center", "bottom-right", "middle-right"),
		playRef(t, "top-left", "top-center", "top-right", "middle-center", "middle-left",
			"middle-right", "bottom-center", "bottom-left", "bottom-right"),
	}
	draw, err := ParseGame([]byte(`{"board":[["⭕","❌","⭕"],["⭕","❌","❌"],["❌","⭕","⭕"]],"state":"Draw"}`))
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, draw)
	for _, g := range games {
		p, err := g.Position()
		if err != nil {
			t.Fatalf("%+v: %v", g, err)
		}
		if p.Rules() != inarow.TicTacToe {
			t.Errorf("rules %v", p.Rules())
		}
		if back := FromPosition(p); !reflect.DeepEqual(back, g) {
			t.Errorf("FromPosition(Position(%+v)) = %+v", g, back)
		}
	}
	// The turn of a won game goes to the loser, of a draw to the chip with
	// fewer stones.
	p, _ := draw.Position()
	if p.ToMove() != inarow.First {
		t.Errorf("draw with 5 ⭕ and 4 ❌: to move %v, want first (❌)", p.ToMove())
	}
	p, _ = games[3].Position()
	if p.ToMove() != inarow.First || p.Outcome().Winner != inarow.Second {
		t.Errorf("⭕ Won: to move %v, winner %v", p.ToMove(), p.Outcome().Winner)
	}
}

func TestFromPositionPanicsOnOtherRules(t *testing.T) {
	p, err := inarow.NewPosition(inarow.ConnectFour)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("FromPosition of a Connect Four position did not panic")
		}
	}()
	FromPosition(p)
}

// TestPlayInvalidGame: a hand-made game that is not valid is refused
// with ErrBadSetup and left as it is.
func TestPlayInvalidGame(t *testing.T) {
	for _, g := range []Game{
		{},
		{Board: New().Board, State: "X"},
		{Board: [][]string{{"❌", "❌", "❌"}, {"  ", "  ", "  "}, {"  ", "  ", "  "}}, State: "⭕"},
		{Board: [][]string{{"x", "  ", "  "}, {"  ", "  ", "  "}, {"  ", "  ", "  "}}, State: "⭕"},
	} {
		got, err := g.Play("bottom-right")
		if !errors.Is(err, inarow.ErrBadSetup) {
			t.Errorf("%+v: error %v, want ErrBadSetup", g, err)
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("%+v changed", g)
		}
	}
}
