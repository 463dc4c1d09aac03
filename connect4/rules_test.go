package connect4

import (
	"errors"
	"strconv"
	"testing"

	"github.com/inarow/inarow"
)

// TestWins plays a line of four in every direction for both chips, from
// the new game by move strings (1-based columns), and checks that the game
// ends exactly with the last move.
func TestWins(t *testing.T) {
	cases := []struct {
		name, moves, state string
	}{
		{"yellow row", "1122334", YellowWon},
		{"red row", "12136465", RedWon},
		{"yellow column", "1212121", YellowWon},
		{"red column", "71212131", RedWon},
		{"yellow rising diagonal", "12234334474", YellowWon},
		{"yellow falling diagonal", "76654554414", YellowWon},
		{"red rising diagonal", "712234334474", RedWon},
		{"red falling diagonal", "176654554414", RedWon},
		{"yellow row of five (overline wins)", "11223355664", YellowWon},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cols, err := ParseMoves(c.moves)
			if err != nil {
				t.Fatal(err)
			}
			g := New()
			for i, col := range cols {
				if g.Over() {
					t.Fatalf("the game ended (%q) before move %d", g.State, i)
				}
				if g, err = g.PlayColumn(col); err != nil {
					t.Fatalf("move %d (column %d): %v", i, col, err)
				}
			}
			if g.State != c.state {
				t.Fatalf("state %q, want %q\n%s", g.State, c.state, pic(g.Board))
			}
			if w := referenceWinner(g.Board); w+" Won" != c.state {
				t.Errorf("the plain reference sees winner %q on\n%s", w, pic(g.Board))
			}
		})
	}
}

// TestTurnFromState: the chip to move is the state's, whatever the counts.
func TestTurnFromState(t *testing.T) {
	start := Game{Board: rows(
		".......",
		".......",
		".......",
		".......",
		".......",
		"RR.....",
	), State: Red}
	g, err := start.PlayColumn(2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Board[5][2] != Red || g.State != Yellow {
		t.Errorf("got state %q\n%s", g.State, pic(g.Board))
	}
}

// TestRefused: every refused move returns the game unchanged with the
// reason.
func TestRefused(t *testing.T) {
	full1 := mustPlay(t, New(), 0, 0, 0, 0, 0, 0) // column 0 full: 🟡🔴 alternate
	won := mustPlay(t, New(), 0, 1, 0, 1, 0, 1, 0)
	drawStart := Game{Board: rows(
		"YRRYYR.",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR",
		"YRRYYRY",
		"RYYRRYR",
	), State: Yellow}
	draw := mustPlay(t, drawStart, 6)
	cases := []struct {
		name string
		g    Game
		move string
		err  error
	}{
		{"full column", full1, "0", inarow.ErrColumnFull},
		{"column 7", New(), "7", inarow.ErrOffBoard},
		{"column -1", New(), "-1", inarow.ErrOffBoard},
		{"huge column", New(), "99999999999999999999999", inarow.ErrOffBoard},
		{"empty move", New(), "", inarow.ErrBadMove},
		{"letter", New(), "a", inarow.ErrBadMove},
		{"space before", New(), " 3", inarow.ErrBadMove},
		{"space after", New(), "3 ", inarow.ErrBadMove},
		{"plus sign", New(), "+3", inarow.ErrBadMove},
		{"lone minus", New(), "-", inarow.ErrBadMove},
		{"decimal", New(), "3.0", inarow.ErrBadMove},
		{"leading zero", New(), "03", inarow.ErrBadMove},
		{"minus zero", New(), "-0", inarow.ErrOffBoard},
		{"arabic digit", New(), "٣", inarow.ErrBadMove},
		{"after a win", won, "3", inarow.ErrGameOver},
		{"after a win, full column", mustPlay(t, mustPlay(t, New(), 1, 1, 1, 1, 1, 1), 0, 2, 0, 2, 0, 2, 0), "1", inarow.ErrGameOver},
		{"after the draw", draw, "6", inarow.ErrGameOver},
		{"not a game", Game{}, "3", inarow.ErrBadSetup},
		{"floating chip", Game{Board: rows(".......", ".......", ".......", ".......", "Y......", "......."), State: Red}, "1", inarow.ErrBadSetup},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := clone(c.g)
			got, err := c.g.Play(c.move)
			if !errors.Is(err, c.err) {
				t.Fatalf("Play(%q) = %v, want %v", c.move, err, c.err)
			}
			sameGame(t, "the refused game", got, before)
			sameGame(t, "the game itself", c.g, before)
		})
	}
	if won.State != YellowWon || draw.State != Draw {
		t.Fatalf("setup: won %q, draw %q", won.State, draw.State)
	}
}

// TestPlayDoesNotAlias: the game Play returns shares nothing with its
// receiver, so changing one cannot change the other.
func TestPlayDoesNotAlias(t *testing.T) {
	g := New()
	next, err := g.Play("3")
	if err != nil {
		t.Fatal(err)
	}
	next.Board[0][0] = Red
	if g.Board[0][0] != Empty {
		t.Fatal("the new game shares its board with the old one")
	}
}

// TestPosition: the conversion to the core and back.
func TestPosition(t *testing.T) {
	g := mustPlay(t, New(), 3, 3, 4)
	p, err := g.Position()
	if err != nil {
		t.Fatal(err)
	}
	if p.Rules() != inarow.ConnectFour || p.Ply() != 3 || p.ToMove() != inarow.Second {
		t.Fatalf("rules %v, ply %d, to move %v", p.Rules(), p.Ply(), p.ToMove())
	}
	r := inarow.ConnectFour
	for _, c := range []struct {
		x, y int
		who  inarow.Player
	}{{3, 5, inarow.First}, {3, 4, inarow.Second}, {4, 5, inarow.First}, {4, 4, inarow.NoPlayer}} {
		if got := p.At(r.MoveAt(c.x, c.y)); got != c.who {
			t.Errorf("cell (%d,%d) holds %v, want %v", c.x, c.y, got, c.who)
		}
	}
	sameGame(t, "FromPosition(Position)", FromPosition(p), g)
	for _, s := range []string{Yellow, Red, YellowWon, RedWon, Draw} {
		if (Game{State: s}).Over() != (s != Yellow && s != Red) {
			t.Errorf("Over for state %q", s)
		}
	}
}

// TestPlayColumnMatchesPlay: the two spellings of a move agree.
func TestPlayColumnMatchesPlay(t *testing.T) {
	g := mustPlay(t, New(), 3, 2, 3)
	for col := -1; col <= Cols; col++ {
		a, errA := g.PlayColumn(col)
		b, errB := g.Play(strconv.Itoa(col))
		sameGame(t, "Play vs PlayColumn", a, b)
		if (errA == nil) != (errB == nil) || (errA != nil && !errors.Is(errB, inarow.ErrOffBoard)) {
			t.Errorf("column %d: %v vs %v", col, errA, errB)
		}
	}
}
