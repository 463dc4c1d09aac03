package tictactoe

import (
	"errors"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// The test cases of taku-hatano/tic-tac-toe-type's src/index.test-d.ts:
// after each move, FormatPlayboard of the unfinished board, and the line
// the last move prints.
var originalBitboardCases = []struct {
	name    string
	moves   []int
	formats []string // FormatPlayboard after each move but the last
	last    string   // what TicTacToe gives for the last move
}{
	{"縦の勝利 (vertical win)", []int{0, 1, 3, 4, 6},
		[]string{"O-- / --- / ---", "OX- / --- / ---", "OX- / O-- / ---", "OX- / OX- / ---"},
		"Winner is Player1!"},
	{"横の勝利 (horizontal win)", []int{0, 3, 1, 4, 2},
		[]string{"O-- / --- / ---", "O-- / X-- / ---", "OO- / X-- / ---", "OO- / XX- / ---"},
		"Winner is Player1!"},
	{"斜めの勝利パターン (diagonal win)", []int{0, 3, 4, 2, 8},
		[]string{"O-- / --- / ---", "O-- / X-- / ---", "O-- / XO- / ---", "O-X / XO- / ---"},
		"Winner is Player1!"},
	{"引き分けパターン (draw)", []int{1, 0, 4, 2, 5, 3, 6, 7, 8},
		[]string{"-O- / --- / ---", "XO- / --- / ---", "XO- / -O- / ---", "XOX / -O- / ---",
			"XOX / -OO / ---", "XOX / XOO / ---", "XOX / XOO / O--", "XOX / XOO / OX-"},
		"Draw!"},
	{"既に埋まっているマスに置こうとした場合 (occupied)", []int{0, 0},
		[]string{"O-- / --- / ---"},
		"Hey! Player2!! Invalid Move!"},
}

// playDocument plays moves as the document's chain of TicTacToe types: the
// line printed after the last move (a result, the board, or the invalid
// move line), and the boards before it.
func playDocument(t *testing.T, b Playboard, moves []int) (formats []string, last string) {
	t.Helper()
	for i, m := range moves {
		next, err := b.Play(m)
		if err != nil {
			if !errors.Is(err, inarow.ErrOccupied) && !errors.Is(err, inarow.ErrOffBoard) {
				t.Fatalf("Play(%d): %v", m, err)
			}
			if next != b {
				t.Fatalf("refused Play(%d) changed the board", m)
			}
			if i != len(moves)-1 {
				t.Fatalf("moves after an invalid move")
			}
			return formats, b.InvalidMove()
		}
		b = next
		if i < len(moves)-1 {
			if b.Text() != b.Format() {
				t.Fatalf("the game ended (%s) before the last move", b.Text())
			}
			formats = append(formats, b.Format())
		}
	}
	return formats, b.Text()
}

func TestOriginalBitboardCases(t *testing.T) {
	for _, tc := range originalBitboardCases {
		formats, last := playDocument(t, NewPlayboard(), tc.moves)
		if strings.Join(formats, "\n") != strings.Join(tc.formats, "\n") {
			t.Errorf("%s: boards\n%s\nwant\n%s", tc.name, strings.Join(formats, "\n"), strings.Join(tc.formats, "\n"))
		}
		if last != tc.last {
			t.Errorf("%s: last line %q, want %q", tc.name, last, tc.last)
		}
	}
}

// TestBitboardEveryLine wins each of the eight lines for each player.
func TestBitboardEveryLine(t *testing.T) {
	for li, line := range refLines() {
		on := map[int]bool{line[0]: true, line[1]: true, line[2]: true}
		var others []int
		for c := 0; c < 9; c++ {
			if !on[c] {
				others = append(others, c)
			}
		}
		_, last := playDocument(t, NewPlayboard(), []int{line[0], others[0], line[1], others[1], line[2]})
		if last != "Winner is Player1!" {
			t.Errorf("line %v for Player1: %q", line, last)
		}
		x := pickNonLine(others)
		_, last = playDocument(t, NewPlayboard(), []int{x[0], line[0], x[1], line[1], x[2], line[2]})
		if last != "Winner is Player2!" {
			t.Errorf("line %v for Player2: %q", line, last)
		}
		// The exported masks hold the same lines (as sets, in the document's order).
		var want uint16
		for _, c := range line {
			want |= 1 << c
		}
		if WinLines[li] != want {
			t.Errorf("WinLines[%d] = %09b, want %09b", li, WinLines[li], want)
		}
	}
}

func TestBitboardInvalidMoves(t *testing.T) {
	b1 := NewPlayboard() // Player1 to move
	b2, _ := b1.Play(4)  // Player2 to move
	b3, _ := b2.Play(0)  // Player1 to move again
	for _, tc := range []struct {
		b    Playboard
		cell int
		err  error
		text string
	}{
		{b1, -1, inarow.ErrOffBoard, "Hey! Player1!! Invalid Move!"},
		{b1, 9, inarow.ErrOffBoard, "Hey! Player1!! Invalid Move!"},
		{b1, 16, inarow.ErrOffBoard, "Hey! Player1!! Invalid Move!"},
		{b1, 1 << 40, inarow.ErrOffBoard, "Hey! Player1!! Invalid Move!"},
		{b2, 4, inarow.ErrOccupied, "Hey! Player2!! Invalid Move!"},
		{b2, 10, inarow.ErrOffBoard, "Hey! Player2!! Invalid Move!"},
		{b3, 0, inarow.ErrOccupied, "Hey! Player1!! Invalid Move!"},
		{b3, 4, inarow.ErrOccupied, "Hey! Player1!! Invalid Move!"},
	} {
		got, err := tc.b.Play(tc.cell)
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: Play(%d) error %v, want %v", tc.b.Format(), tc.cell, err, tc.err)
		}
		if got != tc.b {
			t.Errorf("%s: Play(%d) changed the board", tc.b.Format(), tc.cell)
		}
		if got.InvalidMove() != tc.text {
			t.Errorf("%s: InvalidMove() = %q, want %q", tc.b.Format(), got.InvalidMove(), tc.text)
		}
	}
}

func TestBitboardAfterEnd(t *testing.T) {
	won1, _ := ParseView("OOO XX- ---")
	won2 := Playboard{Player1: 1<<0 | 1<<1 | 1<<5, Player2: 1<<3 | 1<<4 | 1<<6, NextPlayer: Player1}
	won2, err := won2.Play(8)
	if err != nil {
		t.Fatal(err)
	}
	won2, err = won2.Play(2) // Player2 takes 2-4-6
	if err != nil {
		t.Fatal(err)
	}
	draw, _ := ParseView("XOX XOO OXO")
	for want, b := range map[string]Playboard{"Winner is Player1!": won1, "Winner is Player2!": won2, "Draw!": draw} {
		if b.Text() != want || !b.Over() {
			t.Fatalf("%s: Text %q Over %v, want %q", b.Format(), b.Text(), b.Over(), want)
		}
		for cell := -1; cell <= 9; cell++ {
			got, err := b.Play(cell)
			if !errors.Is(err, inarow.ErrGameOver) {
				t.Errorf("%s: Play(%d) error %v, want ErrGameOver", want, cell, err)
			}
			if got != b {
				t.Errorf("%s: Play(%d) changed the board", want, cell)
			}
		}
	}
}

func TestBitboardBadBoards(t *testing.T) {
	for _, b := range []Playboard{
		{},
		{NextPlayer: "player1"},
		{Player1: 1 << 9, NextPlayer: Player1},
		{Player2: 1 << 15, NextPlayer: Player2},
		{Player1: 1 << 4, Player2: 1 << 4, NextPlayer: Player1},
	} {
		got, err := b.Play(0)
		if !errors.Is(err, inarow.ErrBadSetup) {
			t.Errorf("%+v: Play error %v, want ErrBadSetup", b, err)
		}
		if got != b {
			t.Errorf("%+v changed", b)
		}
	}
}

func TestPlayerOther(t *testing.T) {
	if Player1.Other() != Player2 || Player2.Other() != Player1 || Player("").Other() != Player1 {
		t.Error("Other")
	}
}

func TestParseView(t *testing.T) {
	for _, tc := range []struct {
		in     string
		p1, p2 uint16
		text   string
	}{
		{"XX-OOO---", 1<<3 | 1<<4 | 1<<5, 1<<0 | 1<<1, "Winner is Player1!"},
		{"XX- / OOO / ---", 1<<3 | 1<<4 | 1<<5, 1<<0 | 1<<1, "Winner is Player1!"},
		{`["X", "X", "-", "O", "O", "O", "-", "-", "-"]`, 1<<3 | 1<<4 | 1<<5, 1<<0 | 1<<1, "Winner is Player1!"},
		{"X,X,-,\nO,O,O,\n-,-,-\n", 1<<3 | 1<<4 | 1<<5, 1<<0 | 1<<1, "Winner is Player1!"},
		{"---------", 0, 0, "--- / --- / ---"},
		{"X--\t-X-\t--X", 0, 1<<0 | 1<<4 | 1<<8, "Winner is Player2!"},
		// Both have a line: Player1 is checked first, as in the document.
		{"OOO XXX ---", 1<<0 | 1<<1 | 1<<2, 1<<3 | 1<<4 | 1<<5, "Winner is Player1!"},
		{"XXX OOO ---", 1<<3 | 1<<4 | 1<<5, 1<<0 | 1<<1 | 1<<2, "Winner is Player1!"},
		{"XOX XOO OXO", 1<<1 | 1<<4 | 1<<5 | 1<<6 | 1<<8, 1<<0 | 1<<2 | 1<<3 | 1<<7, "Draw!"},
		{"XXX XXX XXX", 0, 0x1FF, "Winner is Player2!"},
		{"OX- / O-- / ---", 1<<0 | 1<<3, 1 << 1, "OX- / O-- / ---"},
	} {
		b, err := ParseView(tc.in)
		if err != nil {
			t.Errorf("ParseView(%q): %v", tc.in, err)
			continue
		}
		want := Playboard{Player1: tc.p1, Player2: tc.p2, NextPlayer: Player1}
		if b != want {
			t.Errorf("ParseView(%q) = %+v, want %+v", tc.in, b, want)
		}
		if b.Text() != tc.text {
			t.Errorf("ParseView(%q).Text() = %q, want %q", tc.in, b.Text(), tc.text)
		}
	}
	for _, in := range []string{
		"", "XX-OOO--", "XX-OOO----", "xx-ooo---", "XX-OOO--.", "XX-OOO--0",
		"XX-OOO--\u00a0-", "XX-OOO--\xff", "XX-OOO--—", "❌❌-⭕⭕⭕---",
	} {
		if b, err := ParseView(in); !errors.Is(err, inarow.ErrBadSetup) {
			t.Errorf("ParseView(%q) = %+v, %v; want ErrBadSetup", in, b, err)
		}
	}
}

func TestParseCell(t *testing.T) {
	for in, want := range map[string]int{
		"0": 0, "8": 8, " 4\n": 4, "9": 9, "-1": -1, "+3": 3, "007": 7, "1000": 1000,
	} {
		if got, err := ParseCell(in); err != nil || got != want {
			t.Errorf("ParseCell(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", " ", "a", "4a", "0x4", "4.0", "١", "99999999999999999999", "top-left"} {
		if got, err := ParseCell(in); !errors.Is(err, inarow.ErrBadMove) {
			t.Errorf("ParseCell(%q) = %d, %v; want ErrBadMove", in, got, err)
		}
	}
}

func TestBitsAndGrid(t *testing.T) {
	b, err := ParseView("OX- / -O- / X--")
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := b.Bits()
	if p1 != [9]int{1, 0, 0, 0, 1, 0, 0, 0, 0} || p2 != [9]int{0, 1, 0, 0, 0, 0, 1, 0, 0} {
		t.Errorf("Bits() = %v %v", p1, p2)
	}
	if g := b.Grid(); g != [3][3]string{{"O", "X", "-"}, {"-", "O", "-"}, {"X", "-", "-"}} {
		t.Errorf("Grid() = %v", g)
	}
	if f := b.Format(); f != "OX- / -O- / X--" {
		t.Errorf("Format() = %q", f)
	}
	// A cell in both masks shows as O, as the document looks at player1 first.
	both := Playboard{Player1: 1, Player2: 1 | 2, NextPlayer: Player1}
	if f := both.Format(); f != "OX- / --- / ---" {
		t.Errorf("Format() of overlapping masks = %q", f)
	}
	if g := both.Grid(); g[0][0] != "O" {
		t.Errorf("Grid() of overlapping masks = %v", g)
	}
}
