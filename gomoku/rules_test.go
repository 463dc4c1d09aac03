package gomoku

import (
	"errors"
	"fmt"
	"testing"

	"github.com/inarow/inarow"
)

// alternate returns the tokens of a game in which the stone first plays
// a[0], the other stone b[0], then a[1], b[1], …
func alternate(first string, a, b []string) []string {
	second := White
	if first == White {
		second = Black
	}
	var out []string
	for i := 0; i < len(a) || i < len(b); i++ {
		if i < len(a) {
			out = append(out, first+a[i])
		}
		if i < len(b) {
			out = append(out, second+b[i])
		}
	}
	return out
}

// pts returns the points (row, column) from (h, z) stepping (dh, dz), n
// of them, in the order given by order (indices into the line).
func pts(h, z, dh, dz int, order ...int) []string {
	out := make([]string, len(order))
	for i, k := range order {
		out[i] = fmt.Sprintf("%02d-%02d", h+k*dh, z+k*dz)
	}
	return out
}

// TestWins: exactly five in each of the four directions wins, for either
// stone, whether it opened or not, with the last stone at the end or in
// the middle of the line.
func TestWins(t *testing.T) {
	dirs := []struct {
		name             string
		h, z, dh, dz     int
		fh, fz, fdh, fdz int // the loser's stones: a harmless line of four
	}{
		{"row (横点 fixed)", 5, 1, 0, 1, 1, 1, 0, 2},
		{"column", 1, 5, 1, 0, 9, 1, 0, 2},
		{"falling diagonal (右斜连)", 1, 1, 1, 1, 9, 1, 0, 2},
		{"rising diagonal (左斜连)", 9, 1, -1, 1, 1, 1, 0, 2},
		{"falling diagonal at the far corner", 5, 5, 1, 1, 1, 1, 0, 2},
	}
	orders := map[string][]int{"last at the end": {0, 1, 2, 3, 4}, "last in the middle": {0, 4, 1, 3, 2}, "last first": {4, 3, 2, 1, 0}}
	for _, d := range dirs {
		for oname, order := range orders {
			for _, winner := range []string{Black, White} {
				for _, opens := range []bool{true, false} {
					name := fmt.Sprintf("%s/%s/%s opens %v", d.name, oname, winner, opens)
					t.Run(name, func(t *testing.T) {
						five := pts(d.h, d.z, d.dh, d.dz, order...)
						other := pts(d.fh, d.fz, d.fdh, d.fdz, 0, 1, 2, 3, 4)
						var tokens []string
						if opens {
							tokens = alternate(winner, five, other[:4])
						} else {
							loser := Black
							if winner == Black {
								loser = White
							}
							tokens = alternate(loser, other, five)
						}
						g := NewGobang()
						for i, tok := range tokens {
							if g.Over() {
								t.Fatalf("over (%s) before move %d", g.Status(), i)
							}
							g = mustPlay(t, g, tok)
						}
						if want := WonStatus(winner); g.Status() != want {
							t.Fatalf("status %q, want %q\n%s", g.Status(), want, draw(boardOf(g)))
						}
						if g.Next() != "" || !g.Over() {
							t.Errorf("next %q after the end", g.Next())
						}
					})
				}
			}
		}
	}
}

// TestOverline: six or seven in a row does not win, in any direction, and
// the game goes on; exactly five later still wins.
func TestOverline(t *testing.T) {
	cases := []struct {
		name         string
		h, z, dh, dz int
		n            int // stones in the line, the last one played at index gap
		gap          int
	}{
		{"six in a row, gap filled", 5, 1, 0, 1, 6, 3},
		{"six in a row, next to the end", 5, 1, 0, 1, 6, 1},
		{"six in a column", 1, 5, 1, 0, 6, 2},
		{"seven in a column", 1, 5, 1, 0, 7, 3},
		{"six on the falling diagonal", 1, 1, 1, 1, 6, 4},
		{"six on the rising diagonal", 9, 1, -1, 1, 6, 1},
		{"nine in a row", 5, 1, 0, 1, 9, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var order []int
			for i := 0; i < c.n; i++ {
				if i != c.gap {
					order = append(order, i)
				}
			}
			order = append(order, c.gap)
			line := pts(c.h, c.z, c.dh, c.dz, order...)
			// White plays a harmless scatter far from the line.
			var white []string
			for i := 0; len(white) < c.n-1; i++ {
				p := fmt.Sprintf("%02d-%02d", 1+(i*4)%9, 1+(i*7+3)%9)
				if !contains(line, p) && !contains(white, p) {
					white = append(white, p)
				}
			}
			g := mustPlay(t, NewGobang(), alternate(Black, line, white[:c.n-1])...)
			if g.Status() != StatusOngoing {
				t.Fatalf("%d in a row: status %q\n%s", c.n, g.Status(), draw(boardOf(g)))
			}
			if StatusOf(toList(g), [2]string{Black, line[len(line)-1]}) != StatusOngoing {
				t.Errorf("StatusOf sees a win")
			}
			if g.Next() != White {
				t.Fatalf("next %q, want ⚪", g.Next())
			}
		})
	}
	// A six earlier does not stop a later exact five.
	g := mustPlay(t, NewGobang(), alternate(Black,
		append(pts(1, 1, 0, 1, 0, 1, 2, 4, 5, 3), pts(3, 1, 0, 1, 0, 1, 2, 3, 4)...),
		append(pts(9, 1, 0, 1, 0, 2, 4, 6, 8), pts(7, 1, 0, 2, 0, 1, 2, 3, 4)...))...)
	if g.Status() != BlackWon {
		t.Fatalf("status %q\n%s", g.Status(), draw(boardOf(g)))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// toList returns the stones of g as the document's list.
func toList(g Gobang) [][2]string {
	var out [][2]string
	for y, row := range boardOf(g) {
		for x, c := range row {
			if c != EmptyPoint {
				out = append(out, [2]string{c, FormatPoint(GobangRules.MoveAt(x, y))})
			}
		}
	}
	return out
}

// TestAlternation: either stone opens, then the colours alternate; bare
// points play the stone whose turn it is.
func TestAlternation(t *testing.T) {
	g := NewGobang()
	if g.Next() != Black || g.Status() != StatusNotStarted {
		t.Fatalf("new game: next %q, status %q", g.Next(), g.Status())
	}
	w := mustPlay(t, g, "⚪05-05")
	if w.Next() != Black || w.Stone(inarow.First) != White || w.Status() != StatusOngoing {
		t.Fatalf("after ⚪ opens: next %q, first %q", w.Next(), w.Stone(inarow.First))
	}
	w = mustPlay(t, w, "04-04", "03-03")
	if b := boardOf(w); b[3][3] != Black || b[2][2] != White {
		t.Fatalf("bare points played\n%s", draw(b))
	}
	b := mustPlay(t, g, "05-05", "⚪04-04", "03-03")
	if bb := boardOf(b); bb[4][4] != Black || bb[3][3] != White || bb[2][2] != Black || b.Next() != White {
		t.Fatalf("bare opening\n%s", draw(bb))
	}
	// The zero value is the new game.
	var zero Gobang
	z := mustPlay(t, zero, "05-05")
	sameGobang(t, "zero value", z, mustPlay(t, NewGobang(), "⚫05-05"))
	if zero.Status() != StatusNotStarted || zero.Rendered()["05"] != "□□|□□|□□|□□|□□|□□|□□|□□|□□|" {
		t.Errorf("zero value: %q %v", zero.Status(), zero.Rendered())
	}
}

// fullBoard plays the whole board without any five: the colour of a point
// is ((column/2) + row) % 2, which never makes more than two in a row.
func fullBoard(t *testing.T) Gobang {
	var black, white []string
	for y := 0; y < gobangSize; y++ {
		for x := 0; x < gobangSize; x++ {
			p := FormatPoint(GobangRules.MoveAt(x, y))
			if (x/2+y)%2 == 0 {
				black = append(black, p)
			} else {
				white = append(white, p)
			}
		}
	}
	return mustPlay(t, NewGobang(), alternate(Black, black, white)...)
}

// TestRefused: every refused move returns the game unchanged with the
// reason.
func TestRefused(t *testing.T) {
	started := mustPlay(t, NewGobang(), "⚫05-05")
	whiteOpened := mustPlay(t, NewGobang(), "⚪05-05")
	won := mustPlay(t, NewGobang(), "⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05")
	full := fullBoard(t)
	if full.Status() != StatusOngoing || won.Status() != BlackWon {
		t.Fatalf("setup: full %q, won %q", full.Status(), won.Status())
	}
	cases := []struct {
		name, token string
		g           Gobang
		err         error
	}{
		{"wrong colour", "⚫01-01", started, ErrWrongStone},
		{"wrong colour after ⚪ opened", "⚪01-01", whiteOpened, ErrWrongStone},
		{"occupied", "⚪05-05", started, inarow.ErrOccupied},
		{"occupied, bare point", "05-05", started, inarow.ErrOccupied},
		{"row 10", "10-01", started, inarow.ErrOffBoard},
		{"row 00", "⚪00-05", started, inarow.ErrOffBoard},
		{"column 00", "05-00", NewGobang(), inarow.ErrOffBoard},
		{"column 10", "⚫05-10", NewGobang(), inarow.ErrOffBoard},
		{"empty token", "", NewGobang(), inarow.ErrBadMove},
		{"stone alone", "⚫", NewGobang(), inarow.ErrBadMove},
		{"one digit", "5-5", NewGobang(), inarow.ErrBadMove},
		{"underscore", "05_05", NewGobang(), inarow.ErrBadMove},
		{"other stone", "🔴05-05", NewGobang(), inarow.ErrBadMove},
		{"space after the stone", "⚫ 05-05", NewGobang(), inarow.ErrBadMove},
		{"trailing space", "05-05 ", NewGobang(), inarow.ErrBadMove},
		{"letters", "e5", NewGobang(), inarow.ErrBadMove},
		{"two stones", "⚫⚪05-05", NewGobang(), inarow.ErrBadMove},
		{"after the win", "⚪09-09", won, inarow.ErrGameOver},
		{"after the win, bare", "09-09", won, inarow.ErrGameOver},
		{"after the win, winner again", "⚫09-09", won, inarow.ErrGameOver},
		{"full board", "⚪05-05", full, inarow.ErrGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.g.Play(c.token)
			if !errors.Is(err, c.err) {
				t.Fatalf("Play(%q) = %v, want %v", c.token, err, c.err)
			}
			identical(t, "refused", got, c.g)
		})
	}
}

// TestFullBoard: the document has no draw; a full board stays 进行中 and
// takes no move.
func TestFullBoard(t *testing.T) {
	g := fullBoard(t)
	if g.Status() != StatusOngoing || !g.Over() || g.Next() != "" {
		t.Fatalf("status %q, over %v, next %q", g.Status(), g.Over(), g.Next())
	}
	if g.Position().Outcome().Status != inarow.Drawn {
		t.Errorf("the core outcome is %v", g.Position().Outcome())
	}
}

func TestPoints(t *testing.T) {
	for m := inarow.Move(0); m < 81; m++ {
		s := FormatPoint(m)
		back, err := ParsePoint(s)
		if err != nil || back != m {
			t.Fatalf("FormatPoint(%d) = %q, read back %d, %v", m, s, back, err)
		}
	}
	cases := []struct {
		in   string
		x, y int
		err  error
	}{
		{"01-01", 0, 0, nil},
		{"01-02", 1, 0, nil}, // the second number is the column
		{"02-01", 0, 1, nil}, // the first the row
		{"09-09", 8, 8, nil},
		{"05-07", 6, 4, nil},
		{"00-01", 0, 0, inarow.ErrOffBoard},
		{"01-10", 0, 0, inarow.ErrOffBoard},
		{"99-99", 0, 0, inarow.ErrOffBoard},
		{"1-1", 0, 0, inarow.ErrBadMove},
		{"01-1", 0, 0, inarow.ErrBadMove},
		{"01--1", 0, 0, inarow.ErrBadMove},
		{"0101", 0, 0, inarow.ErrBadMove},
		{"01-01-", 0, 0, inarow.ErrBadMove},
		{"+1-01", 0, 0, inarow.ErrBadMove},
		{"", 0, 0, inarow.ErrBadMove},
	}
	for _, c := range cases {
		m, err := ParsePoint(c.in)
		if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("ParsePoint(%q) = %v, want %v", c.in, err, c.err)
			continue
		}
		if err == nil && m != GobangRules.MoveAt(c.x, c.y) {
			x, y := GobangRules.XY(m)
			t.Errorf("ParsePoint(%q) = column %d row %d, want column %d row %d", c.in, x, y, c.x, c.y)
		}
	}
	if s := FormatPoint(81); s != "?81" {
		t.Errorf("FormatPoint(81) = %q", s)
	}
}

// TestStatusOfDocument is the four 判断胜利 tests of the original source
// (index.ts: 测试横连胜利, 测试纵连胜利, 测试左斜连胜利, 测试右斜连胜利), each with
// a stone that does not connect (不连), plus the empty last stone.
func TestStatusOfDocument(t *testing.T) {
	cases := []struct {
		name   string
		stones [][2]string
		last   [2]string
		want   string
	}{
		{"测试横连胜利", [][2]string{{"⚫", "01-01"}, {"⚫", "02-01"}, {"⚫", "04-01"}, {"⚫", "05-01"}, {"⚫", "06-02"}}, [2]string{"⚫", "03-01"}, "对局结束【⚫】✌🏻✌🏻✌🏻"},
		{"测试纵连胜利", [][2]string{{"⚫", "01-01"}, {"⚫", "01-02"}, {"⚫", "01-04"}, {"⚫", "01-05"}, {"⚫", "02-06"}}, [2]string{"⚫", "01-03"}, "对局结束【⚫】✌🏻✌🏻✌🏻"},
		{"测试左斜连胜利", [][2]string{{"⚫", "06-04"}, {"⚫", "05-05"}, {"⚫", "09-01"}, {"⚫", "08-02"}, {"⚫", "04-04"}}, [2]string{"⚫", "07-03"}, "对局结束【⚫】✌🏻✌🏻✌🏻"},
		{"测试右斜连胜利", [][2]string{{"⚫", "04-04"}, {"⚫", "05-05"}, {"⚫", "01-01"}, {"⚫", "02-02"}, {"⚫", "06-05"}}, [2]string{"⚫", "03-03"}, "对局结束【⚫】✌🏻✌🏻✌🏻"},
		{"white five", [][2]string{{"⚪", "04-04"}, {"⚪", "05-05"}, {"⚪", "01-01"}, {"⚪", "02-02"}}, [2]string{"⚪", "03-03"}, "对局结束【⚪】✌🏻✌🏻✌🏻"},
		{"the other colour does not count", [][2]string{{"⚪", "04-04"}, {"⚫", "05-05"}, {"⚫", "01-01"}, {"⚫", "02-02"}}, [2]string{"⚫", "03-03"}, "进行中"},
		{"six", [][2]string{{"⚫", "04-04"}, {"⚫", "05-05"}, {"⚫", "01-01"}, {"⚫", "02-02"}, {"⚫", "06-06"}}, [2]string{"⚫", "03-03"}, "进行中"},
		{"five beside last, six with it", [][2]string{{"⚫", "01-01"}, {"⚫", "01-02"}, {"⚫", "01-03"}, {"⚫", "01-04"}, {"⚫", "01-05"}}, [2]string{"⚫", "01-06"}, "进行中"},
		{"five apart from last", [][2]string{{"⚫", "01-01"}, {"⚫", "01-02"}, {"⚫", "01-03"}, {"⚫", "01-04"}, {"⚫", "01-05"}}, [2]string{"⚫", "01-07"}, "进行中"},
		{"last in the list", [][2]string{{"⚫", "01-01"}, {"⚫", "01-02"}, {"⚫", "01-03"}, {"⚫", "01-04"}, {"⚫", "01-05"}}, [2]string{"⚫", "01-05"}, "对局结束【⚫】✌🏻✌🏻✌🏻"},
		{"no stones", nil, [2]string{"⚫", "05-05"}, "进行中"},
		{"no last stone ([])", [][2]string{{"⚫", "01-01"}}, [2]string{}, "未开始"},
		{"last off the board", [][2]string{{"⚫", "01-01"}}, [2]string{"⚫", "10-01"}, "未开始"},
		{"last not a stone", [][2]string{{"⚫", "01-01"}}, [2]string{"●", "01-02"}, "未开始"},
	}
	for _, c := range cases {
		if got := StatusOf(c.stones, c.last); got != c.want {
			t.Errorf("%s: StatusOf = %q, want %q", c.name, got, c.want)
		}
		if got := referenceStatus(c.stones, c.last); got != c.want {
			t.Errorf("%s: the reference says %q, want %q", c.name, got, c.want)
		}
	}
}
