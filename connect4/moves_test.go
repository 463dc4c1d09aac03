package connect4

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/cases"
)

func TestParseMoves(t *testing.T) {
	cases := []struct {
		in    string
		want  []int
		err   error
		index int
	}{
		{"", []int{}, nil, 0},
		{"4453", []int{3, 3, 4, 2}, nil, 0},
		{"1234567", []int{0, 1, 2, 3, 4, 5, 6}, nil, 0},
		{"0", nil, inarow.ErrBadMove, 0},
		{"448", nil, inarow.ErrOffBoard, 2},
		{"4449", nil, inarow.ErrOffBoard, 3},
		{"44 5", nil, inarow.ErrBadMove, 2},
		{"4a", nil, inarow.ErrBadMove, 1},
		{"4,5", nil, inarow.ErrBadMove, 1},
		{"45\n", nil, inarow.ErrBadMove, 2},
		{"4٣", nil, inarow.ErrBadMove, 1},
		{"-1", nil, inarow.ErrBadMove, 0},
	}
	for _, c := range cases {
		got, err := ParseMoves(c.in)
		if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("ParseMoves(%q) error %v, want %v", c.in, err, c.err)
			continue
		}
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Index != c.index {
				t.Errorf("ParseMoves(%q) error %v, want index %d", c.in, err, c.index)
			}
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseMoves(%q) = %v, want %v", c.in, got, c.want)
		}
		if back := FormatMoves(got); back != c.in {
			t.Errorf("FormatMoves(%v) = %q, want %q", got, back, c.in)
		}
	}
	if got := FormatMoves([]int{0, 8, 9, -1}); got != "19??" {
		t.Errorf("FormatMoves = %q", got)
	}
}

func TestReplay(t *testing.T) {
	wide := inarow.Rules{Cols: 9, Rows: 7, K: 4, Gravity: true}
	cases := []struct {
		name  string
		rules inarow.Rules
		moves string
		err   error
		index int
		ply   int
	}{
		{"empty", inarow.ConnectFour, "", nil, 0, 0},
		{"opening", inarow.ConnectFour, "4453", nil, 0, 4},
		{"win on the last move", inarow.ConnectFour, "1212121", nil, 0, 7},
		{"move after the win", inarow.ConnectFour, "12121213", inarow.ErrGameOver, 7, 0},
		{"full column", inarow.ConnectFour, "1111111", inarow.ErrColumnFull, 6, 0},
		{"column 8 of 7", inarow.ConnectFour, "48", inarow.ErrOffBoard, 1, 0},
		{"not a digit", inarow.ConnectFour, "44x", inarow.ErrBadMove, 2, 0},
		{"zero", inarow.ConnectFour, "0", inarow.ErrBadMove, 0, 0},
		{"nine columns", wide, "99887", nil, 0, 5},
		{"tall column", wide, "1111111", nil, 0, 7},
		{"tall column full", wide, "11111111", inarow.ErrColumnFull, 7, 0},
		{"no gravity", inarow.Gomoku, "1", inarow.ErrBadRules, -1, 0},
		{"ten columns", inarow.Rules{Cols: 10, Rows: 6, K: 4, Gravity: true}, "1", inarow.ErrBadRules, -1, 0},
		{"invalid rules", inarow.Rules{Cols: 7, Rows: 0, K: 4, Gravity: true}, "1", inarow.ErrBadRules, -1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Replay(c.rules, c.moves)
			if c.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				if p.Ply() != c.ply || p.Rules() != c.rules {
					t.Fatalf("ply %d, rules %v", p.Ply(), p.Rules())
				}
				return
			}
			if !errors.Is(err, c.err) {
				t.Fatalf("Replay(%q) = %v, want %v", c.moves, err, c.err)
			}
			var me *MoveError
			if errors.As(err, &me) != (c.index >= 0) || (me != nil && me.Index != c.index) {
				t.Fatalf("Replay(%q) = %v, want index %d", c.moves, err, c.index)
			}
			if c.index >= 0 && !strings.Contains(err.Error(), "index "+string(rune('0'+c.index))) {
				t.Errorf("the error %q does not name index %d", err, c.index)
			}
		})
	}
}

// TestReplayMatchesGame: the move string and the document's game reach the
// same position.
func TestReplayMatchesGame(t *testing.T) {
	p, err := Replay(inarow.ConnectFour, "12234334474")
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := ParseMoves("12234334474")
	sameGame(t, "Replay vs Play", FromPosition(p), mustPlay(t, New(), cols...))
}

// TestPonsSets replays every position of Pascal Pons' test sets: each is a
// legal game that has not ended, and reads back through the document's
// format.
func TestPonsSets(t *testing.T) {
	n := 0
	for _, f := range cases.PonsSetNames {
		data, err := fs.ReadFile(cases.PonsSets(), f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			moves, _, _ := strings.Cut(sc.Text(), " ")
			p, err := Replay(inarow.ConnectFour, moves)
			if err != nil {
				t.Fatalf("%s: %q: %v", f, moves, err)
			}
			if p.Over() || p.Ply() != len(moves) {
				t.Fatalf("%s: %q: over %v, ply %d", f, moves, p.Over(), p.Ply())
			}
			cols, err := ParseMoves(moves)
			if err != nil || FormatMoves(cols) != moves {
				t.Fatalf("%s: %q: %v %v", f, moves, cols, err)
			}
			g := FromPosition(p)
			b, _ := json.Marshal(g)
			back, err := ParseGame(b)
			if err != nil {
				t.Fatalf("%s: %q: %v", f, moves, err)
			}
			q, err := back.Position()
			if err != nil || q.Key() != p.Key() || q.ToMove() != p.ToMove() {
				t.Fatalf("%s: %q: the position does not read back: %v", f, moves, err)
			}
			n++
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if n != 6000 {
		t.Errorf("%d positions, want 6,000", n)
	}
}
