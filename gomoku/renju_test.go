package gomoku

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/cases"
	"github.com/inarow/inarow/internal/sketch"
)

type renjuCase struct {
	ID           string   `json:"id"`
	Size         int      `json:"size"`
	Black        [][2]int `json:"black"`
	White        [][2]int `json:"white"`
	Complete     bool     `json:"complete"`
	Forbidden    [][3]any `json:"forbidden"`
	NotForbidden [][2]int `json:"not_forbidden"`
}

func (c renjuCase) position(t testing.TB) inarow.Position {
	t.Helper()
	r, err := Renju.Board(c.Size)
	if err != nil {
		t.Fatal(err)
	}
	var b, w []inarow.Move
	for _, s := range c.Black {
		b = append(b, r.MoveAt(s[0], s[1]))
	}
	for _, s := range c.White {
		w = append(w, r.MoveAt(s[0], s[1]))
	}
	p, err := inarow.Setup(r, b, w, inarow.First)
	if err != nil {
		t.Fatalf("%s: %v", c.ID, err)
	}
	return p
}

func loadCases(t testing.TB) []renjuCase {
	// The renju positions with their forbidden points (package
	// internal/cases, its testdata/gomoku/README.md).
	var out []renjuCase
	sc := bufio.NewScanner(bytes.NewReader(cases.Renju()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c renjuCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var kindNames = map[string]ForbiddenKind{"double_three": DoubleThree, "double_four": DoubleFour, "overline": Overline}

// TestRenjuCases checks the 62 shared positions: exactly the listed
// forbidden points when the case is complete, else the listed ones and
// the listed legal ones; and the kind whenever the case gives it.
func TestRenjuCases(t *testing.T) {
	cases := loadCases(t)
	if len(cases) != 62 {
		t.Errorf("%d cases, want 62", len(cases))
	}
	for _, c := range cases {
		p := c.position(t)
		r := p.Rules()
		got := Forbidden(p)
		gotKind := map[inarow.Move]ForbiddenKind{}
		for _, f := range got {
			gotKind[f.Move] = f.Kind
		}
		want := map[inarow.Move]bool{}
		for _, f := range c.Forbidden {
			m := r.MoveAt(int(f[0].(float64)), int(f[1].(float64)))
			want[m] = true
			k, ok := gotKind[m]
			if !ok {
				t.Errorf("%s: %s (%v,%v) is not found forbidden", c.ID, r.FormatMove(m), f[0], f[1])
				continue
			}
			if wk, named := kindNames[f[2].(string)]; named && wk != k {
				t.Errorf("%s: %s is %v, want %v", c.ID, r.FormatMove(m), k, wk)
			}
			if k2, ok := IsForbidden(p, m); !ok || k2 != k {
				t.Errorf("%s: IsForbidden(%s) = %v, %v; Forbidden says %v", c.ID, r.FormatMove(m), k2, ok, k)
			}
		}
		for _, nf := range c.NotForbidden {
			m := r.MoveAt(nf[0], nf[1])
			if k, ok := IsForbidden(p, m); ok {
				t.Errorf("%s: %s is found %v, but is legal", c.ID, r.FormatMove(m), k)
			}
		}
		if c.Complete {
			for _, f := range got {
				if !want[f.Move] {
					t.Errorf("%s: %s is found %v, but is not forbidden", c.ID, r.FormatMove(f.Move), f.Kind)
				}
			}
		}
	}
}

// TestForbiddenErrorAndPlay: Play refuses black's forbidden move with an
// error that is inarow.ErrForbidden and tells the kind; white may play
// the same point; other rules have no forbidden moves.
func TestForbiddenErrorAndPlay(t *testing.T) {
	// Black's double-three at h8: g8, i8? No — a cross: f8 g8 and h6 h7.
	p := renjuPicture(t, inarow.First,
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		"...............",
		".....XX*.......", // row 8 (y=7)
		".......X.......",
		".......X.......",
		"...............",
		"OO.O.O.........",
		"...............",
		"...............",
		"...............",
	)
	r := p.Rules()
	h8, _ := r.ParseMove("h8")
	q, err := Play(p, h8)
	if !errors.Is(err, inarow.ErrForbidden) || q != p {
		t.Fatalf("Play(h8) = %v, want ErrForbidden and p unchanged", err)
	}
	var fe *ForbiddenError
	if !errors.As(err, &fe) || fe.Kind != DoubleThree || fe.Move != h8 {
		t.Fatalf("error %v is not a double-three on h8", err)
	}
	if !strings.Contains(err.Error(), "h8") || !strings.Contains(err.Error(), "double-three") {
		t.Errorf("message %q does not name the point and kind", err)
	}
	if Legal(p, h8) {
		t.Error("Legal(h8)")
	}
	// Whoever is to move, the point is forbidden to black …
	if k, ok := IsForbidden(p, h8); !ok || k != DoubleThree {
		t.Errorf("IsForbidden(h8) = %v %v", k, ok)
	}
	// … but white may take it.
	pw := renjuWith(t, p, inarow.Second)
	if _, err := Play(pw, h8); err != nil {
		t.Errorf("white on h8: %v", err)
	}
	// Freestyle and standard have no forbidden moves.
	for _, rule := range []Rule{Freestyle, Standard, Caro, CaroExact} {
		rr, _ := rule.Board(15)
		q, err := inarow.Setup(rr, stonesOf(p, inarow.First), stonesOf(p, inarow.Second), inarow.First)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Play(q, h8); err != nil {
			t.Errorf("%v: %v", rule, err)
		}
	}
}

func stonesOf(p inarow.Position, who inarow.Player) []inarow.Move {
	var ms []inarow.Move
	for m := inarow.Move(0); int(m) < p.Rules().Cells(); m++ {
		if p.At(m) == who {
			ms = append(ms, m)
		}
	}
	return ms
}

func renjuWith(t *testing.T, p inarow.Position, toMove inarow.Player) inarow.Position {
	t.Helper()
	q, err := inarow.Setup(p.Rules(), stonesOf(p, inarow.First), stonesOf(p, inarow.Second), toMove)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// renjuPicture sets up a renju board from rows (see package sketch).
func renjuPicture(t testing.TB, toMove inarow.Player, rows ...string) inarow.Position {
	t.Helper()
	r, err := Renju.Board(len(rows))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := sketch.Position(t, r, toMove, rows...)
	return p
}

// TestForbiddenKinds: small constructed positions for each kind and the
// rule's exceptions.
func TestForbiddenKinds(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		at   string // the point '*'
		want ForbiddenKind
	}{
		{"overline", []string{
			"XXX*XX.........",
		}, "*", Overline},
		{"five beats overline elsewhere", []string{
			"XX.*XX.........",
			"...X...........",
			"...X...........",
			"...X...........",
			"...X...........",
		}, "*", NotForbidden},
		{"double four in two lines", []string{
			"XXX*...........",
			"...X...........",
			"...X...........",
			"...X...........",
		}, "*", DoubleFour},
		{"double four on one line", []string{
			"X.X*X.X........",
		}, "*", DoubleFour},
		{"double four on one line XX.XX.XX", []string{
			"XX.*X.XX.......",
		}, "*", DoubleFour},
		{"straight four is one four", []string{
			".XX*X..........",
		}, "*", NotForbidden},
		{"four-three is legal", []string{
			".....XX*X......",
			"...............",
			".......X.......",
			".......X.......",
		}, "*", NotForbidden},
		{"double three", []string{
			"...............",
			".....XX*.......",
			".......X.......",
			".......X.......",
			"...............",
		}, "*", DoubleThree},
		{"a blocked three is no three", []string{
			"...............",
			"....OXX*.......",
			".......X.......",
			".......X.......",
			"...............",
		}, "*", NotForbidden},
		{"the edge blocks a three", []string{
			"...............",
			"XX*............",
			"..X............",
			"..X............",
			"...............",
		}, "*", NotForbidden},
		{"split three counts", []string{
			"...............",
			"....X.X*.......",
			".......X.......",
			".......X.......",
			"...............",
		}, "*", DoubleThree},
		{"a three whose four would be an overline is none", []string{
			"...............",
			"X.XX*..........",
			"....X..........",
			"....X..........",
			"...............",
		}, "*", NotForbidden},
		{"five exactly beats double four", []string{
			"XXXX*..........",
			"....X..........",
			"....X..........",
			"....X..........",
		}, "*", NotForbidden},
	}
	for _, c := range cases {
		rows := make([]string, 15)
		copy(rows, c.rows)
		for i := range rows {
			rows[i] = (rows[i] + strings.Repeat(".", 15))[:15]
		}
		var at inarow.Move = inarow.NoMove
		for y, row := range rows {
			if x := strings.IndexByte(row, '*'); x >= 0 {
				at = inarow.Move(y*15 + x)
			}
		}
		p := renjuPicture(t, inarow.First, rows...)
		k, ok := IsForbidden(p, at)
		if k != c.want || ok != (c.want != NotForbidden) {
			t.Errorf("%s: IsForbidden = %v, %v; want %v", c.name, k, ok, c.want)
		}
		// Mirrored and transposed, the answer is the same.
		for _, tr := range transforms {
			q := transform(t, p, tr)
			x, y := p.Rules().XY(at)
			tx, ty := tr(x, y, 15)
			if k2, _ := IsForbidden(q, q.Rules().MoveAt(tx, ty)); k2 != k {
				t.Errorf("%s transformed: %v, want %v", c.name, k2, k)
			}
		}
	}
}

var transforms = []func(x, y, n int) (int, int){
	func(x, y, n int) (int, int) { return n - 1 - x, y },
	func(x, y, n int) (int, int) { return x, n - 1 - y },
	func(x, y, n int) (int, int) { return y, x },
	func(x, y, n int) (int, int) { return n - 1 - y, n - 1 - x },
}

func transform(t testing.TB, p inarow.Position, tr func(x, y, n int) (int, int)) inarow.Position {
	r := p.Rules()
	var b, w []inarow.Move
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		x, y := r.XY(m)
		tx, ty := tr(x, y, r.Cols)
		switch p.At(m) {
		case inarow.First:
			b = append(b, r.MoveAt(tx, ty))
		case inarow.Second:
			w = append(w, r.MoveAt(tx, ty))
		}
	}
	q, err := inarow.Setup(r, b, w, p.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	return q
}

var _ = slices.Contains[[]int]
