package gomoku

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/inarow/inarow"
)

// refRenju is a deliberately plain re-implementation of the forbidden
// rule, from the definitions, for the differential test: a grid of int8,
// runs counted by walking, a four recognised by the stones it is made of
// (two completion points of the same four stones are one straight four),
// a three by trying every point of its line.
type refRenju struct {
	n int
	g [][]int8 // 0 empty, 1 black, 2 white
}

var refLines = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

func refFrom(p inarow.Position) *refRenju {
	r := p.Rules()
	ref := &refRenju{n: r.Cols, g: make([][]int8, r.Rows)}
	for y := range ref.g {
		ref.g[y] = make([]int8, r.Cols)
		for x := range ref.g[y] {
			switch p.At(r.MoveAt(x, y)) {
			case inarow.First:
				ref.g[y][x] = 1
			case inarow.Second:
				ref.g[y][x] = 2
			}
		}
	}
	return ref
}

func (r *refRenju) on(x, y int) bool { return x >= 0 && y >= 0 && x < r.n && y < len(r.g) }

// run is the length of the black run through (x, y) along d.
func (r *refRenju) run(x, y int, d [2]int) int {
	n := 1
	for i := 1; r.on(x+i*d[0], y+i*d[1]) && r.g[y+i*d[1]][x+i*d[0]] == 1; i++ {
		n++
	}
	for i := 1; r.on(x-i*d[0], y-i*d[1]) && r.g[y-i*d[1]][x-i*d[0]] == 1; i++ {
		n++
	}
	return n
}

// fours counts the distinct fours through the black stone (x, y) along d:
// sets of four stones that one more stone turns into exactly five.
func (r *refRenju) fours(x, y int, d [2]int) int {
	sets := map[string]bool{}
	for k := -5; k <= 5; k++ {
		ex, ey := x+k*d[0], y+k*d[1]
		if k == 0 || !r.on(ex, ey) || r.g[ey][ex] != 0 {
			continue
		}
		r.g[ey][ex] = 1
		if r.run(x, y, d) == 5 {
			var cells []int
			for _, c := range r.runCells(x, y, d) {
				if c != ey*r.n+ex {
					cells = append(cells, c)
				}
			}
			sets[fmt.Sprint(cells)] = true
		}
		r.g[ey][ex] = 0
	}
	return len(sets)
}

// runCells lists the points of the black run through (x, y) along d.
func (r *refRenju) runCells(x, y int, d [2]int) []int {
	cx, cy := x, y
	for r.on(cx-d[0], cy-d[1]) && r.g[cy-d[1]][cx-d[0]] == 1 {
		cx, cy = cx-d[0], cy-d[1]
	}
	var cells []int
	for ; r.on(cx, cy) && r.g[cy][cx] == 1; cx, cy = cx+d[0], cy+d[1] {
		cells = append(cells, cy*r.n+cx)
	}
	return cells
}

// straightFour reports whether the black run through (x, y) along d is a
// straight four: four long, and each end an empty point whose stone makes
// exactly five.
func (r *refRenju) straightFour(x, y int, d [2]int) bool {
	if r.run(x, y, d) != 4 {
		return false
	}
	lo, hi := 0, 0
	for r.on(x+(lo-1)*d[0], y+(lo-1)*d[1]) && r.g[y+(lo-1)*d[1]][x+(lo-1)*d[0]] == 1 {
		lo--
	}
	for r.on(x+(hi+1)*d[0], y+(hi+1)*d[1]) && r.g[y+(hi+1)*d[1]][x+(hi+1)*d[0]] == 1 {
		hi++
	}
	for _, k := range []int{lo - 1, hi + 1} {
		ex, ey := x+k*d[0], y+k*d[1]
		if !r.on(ex, ey) || r.g[ey][ex] != 0 {
			return false
		}
		r.g[ey][ex] = 1
		five := r.run(x, y, d) == 5
		r.g[ey][ex] = 0
		if !five {
			return false
		}
	}
	return true
}

// three reports whether the black stone (x, y) makes a three along d: a
// legal black stone on the line makes a straight four through it.
func (r *refRenju) three(x, y int, d [2]int) bool {
	for k := -5; k <= 5; k++ {
		ex, ey := x+k*d[0], y+k*d[1]
		if k == 0 || !r.on(ex, ey) || r.g[ey][ex] != 0 {
			continue
		}
		r.g[ey][ex] = 1
		sf := r.straightFour(x, y, d)
		r.g[ey][ex] = 0
		if sf && r.forbidden(ex, ey) == NotForbidden {
			return true
		}
	}
	return false
}

// forbidden is the kind of the empty point (x, y) for black.
func (r *refRenju) forbidden(x, y int) ForbiddenKind {
	r.g[y][x] = 1
	defer func() { r.g[y][x] = 0 }()
	over := false
	for _, d := range refLines {
		switch n := r.run(x, y, d); {
		case n == 5:
			return NotForbidden
		case n > 5:
			over = true
		}
	}
	if over {
		return Overline
	}
	fours, threes := 0, 0
	var isFour [4]bool
	for i, d := range refLines {
		f := r.fours(x, y, d)
		fours += f
		isFour[i] = f > 0
	}
	if fours >= 2 {
		return DoubleFour
	}
	for i, d := range refLines {
		if !isFour[i] && r.three(x, y, d) {
			threes++
		}
	}
	if threes >= 2 {
		return DoubleThree
	}
	return NotForbidden
}

// randomRenju sets up a random crowded position: stones near the centre
// and near each other, black somewhat more often, so that threes and
// fours abound; positions where someone has five are drawn again.
func randomRenju(rng *rand.Rand, size int) inarow.Position {
	r, _ := Renju.Board(size)
	for {
		var b, w []inarow.Move
		used := map[inarow.Move]bool{}
		span := 3 + rng.IntN(size-3)
		off := (size - span) / 2
		n := min(6+rng.IntN(40), span*span*2/3)
		for len(used) < n {
			m := r.MoveAt(off+rng.IntN(span), off+rng.IntN(span))
			if used[m] {
				continue
			}
			used[m] = true
			if rng.IntN(5) < 3 {
				b = append(b, m)
			} else {
				w = append(w, m)
			}
		}
		p, err := inarow.Setup(r, b, w, inarow.First)
		if err == nil && !p.Over() {
			return p
		}
	}
}

// TestForbiddenDifferential compares every point of random positions with
// the plain implementation, and the Position functions with a Board kept
// by Set and Clear.
func TestForbiddenDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 15))
	positions := 1500
	if testing.Short() || raceOn {
		positions = 200
	}
	kinds := map[ForbiddenKind]int{}
	for range positions {
		size := 15
		if rng.IntN(4) == 0 {
			size = MinSize + rng.IntN(MaxSize-MinSize+1)
		}
		p := randomRenju(rng, size)
		ref := refFrom(p)
		r := p.Rules()
		got := Forbidden(p)
		var want []ForbiddenPoint
		for m := inarow.Move(0); int(m) < r.Cells(); m++ {
			x, y := r.XY(m)
			if ref.g[y][x] != 0 {
				continue
			}
			if k := ref.forbidden(x, y); k != NotForbidden {
				want = append(want, ForbiddenPoint{m, k})
				kinds[k]++
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("\n%s\nForbidden = %v\nwant        %v", p, got, want)
		}
		// A board built by Set, then a stone cleared again, agrees.
		b := NewBoard(r)
		for m := inarow.Move(0); int(m) < r.Cells(); m++ {
			if who := p.At(m); who != inarow.NoPlayer {
				b.Set(m, who)
			}
		}
		extra := r.MoveAt(rng.IntN(size), rng.IntN(size))
		if p.At(extra) == inarow.NoPlayer {
			b.Set(extra, inarow.Player(rng.IntN(2)))
			b.Clear(extra)
		}
		if got2 := b.AppendForbidden(nil); !slices.Equal(got2, want) {
			t.Fatalf("\n%s\nBoard.AppendForbidden = %v\nwant %v", p, got2, want)
		}
	}
	t.Logf("%d positions: %v", positions, kinds)
	for _, k := range []ForbiddenKind{DoubleThree, DoubleFour, Overline} {
		if kinds[k] == 0 {
			t.Errorf("no %v drawn", k)
		}
	}
}
