package sketch

import (
	"testing"

	"github.com/inarow/inarow"
)

func TestPosition(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 3}
	p, at := Position(t, r, inarow.Second,
		".....",
		".X*..",
		"...O.",
	)
	if p.At(r.MoveAt(1, 1)) != inarow.First || p.At(r.MoveAt(3, 2)) != inarow.Second || p.ToMove() != inarow.Second {
		t.Fatalf("stones or side to move wrong:\n%v", p)
	}
	if at != r.MoveAt(2, 1) || p.At(at) != inarow.NoPlayer {
		t.Fatalf("marked %v", at)
	}
	n := 0
	for m := inarow.Move(0); int(m) < r.Cells(); m++ {
		if p.At(m) != inarow.NoPlayer {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("%d stones", n)
	}
	if _, at := Position(t, r, inarow.First); at != inarow.NoMove {
		t.Fatalf("an empty drawing marks %v", at)
	}
}
