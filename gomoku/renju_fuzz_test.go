package gomoku

import (
	"slices"
	"testing"

	"github.com/inarow/inarow"
)

// FuzzForbidden reads a board from the bytes — the first picks the size
// (5 to 13), each next one a point: 0 empty, 1 black, 2 white (mod 3) —
// and checks every empty point against the plain implementation, with
// no game-over check, so that boards with fives and overlines come too.
func FuzzForbidden(f *testing.F) {
	f.Add([]byte{10, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{4, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 2, 2, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 2, 0, 0, 1, 1, 1})
	f.Add([]byte{8, 2, 1, 1, 1, 0, 1, 1, 2, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		size := 5 + int(data[0])%9
		r, _ := Renju.Board(size)
		b := NewBoard(r)
		ref := &refRenju{n: size, g: make([][]int8, size)}
		for y := range ref.g {
			ref.g[y] = make([]int8, size)
		}
		stones := 0
		for i, c := range data[1:] {
			if i >= size*size {
				break
			}
			if v := int8(c % 3); v != 0 {
				m := inarow.Move(i)
				b.Set(m, inarow.Player(v-1))
				ref.g[i/size][i%size] = v
				stones++
			}
		}
		if stones > 40 {
			return // the plain implementation's recursion grows fast
		}
		var want []ForbiddenPoint
		for m := inarow.Move(0); int(m) < size*size; m++ {
			x, y := int(m)%size, int(m)/size
			if ref.g[y][x] != 0 {
				if k, ok := b.IsForbidden(m); ok {
					t.Fatalf("occupied %d is %v", m, k)
				}
				continue
			}
			if k := ref.forbidden(x, y); k != NotForbidden {
				want = append(want, ForbiddenPoint{m, k})
			}
		}
		if got := b.AppendForbidden(nil); !slices.Equal(got, want) {
			t.Fatalf("size %d: Forbidden = %v, want %v", size, got, want)
		}
	})
}
