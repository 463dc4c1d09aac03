package gomokuengine

import (
	"strings"
	"testing"
)

// textKey numbers a line drawn as text for variant v's table: '+' the
// empty centre where the stone goes, 'X' own stones, 'O' the other's
// (or the edge), '.' empty; the centre's place in the text need not be
// the middle, and cells beyond the variant's reach are not read.
func textKey(t *testing.T, v int, line string) uint32 {
	t.Helper()
	c := strings.IndexByte(line, '+')
	if c < 0 {
		t.Fatalf("%q: no centre", line)
	}
	w := digitWeights(v)
	var k uint32
	for i, ch := range line {
		o := i - c
		if o == 0 || o < -varReach[v] || o > varReach[v] {
			continue
		}
		switch ch {
		case 'X':
			k += w[o+winLen]
		case 'O':
			k += 2 * w[o+winLen]
		}
	}
	return k
}

// TestLinePatterns: what a stone at the centre makes of its line, each
// pattern from a lone stone to an overline. (Issue 23, session 80, told
// the open twos apart by their open-three points, .XX. from .X.X. and
// X..X, and fitted the evaluation to them: it played no better.)
func TestLinePatterns(t *testing.T) {
	for _, c := range []struct {
		line string
		v    int
		want uint8
	}{
		{"....+....", varOver, patNone},
		{"...O+....", varOver, patNone},
		{"...X+O...", varOver, patB2}, // blocked on one side
		{"..OX+....", varOver, patB2}, // the same, the other way
		{"...X+....", varOver, patF2}, // .XX.
		{"..X.+....", varOver, patF2}, // .X.X.
		{".X..+....", varOver, patF2}, // X..X
		{"O.X.+....", varOver, patF2}, // split and hemmed in
		{"X...+....", varOver, patB2}, // X...X: a blocked three at best
		{"OX..+....", varOver, patB2}, // only a blocked three
		{"..XX+....", varOver, patF3},
		{"..X.+X...", varOver, patF3},
		{"O.XX+....", varOver, patF3}, // .XXX. with room for .XXXX.
		{"OXX+.....", varOver, patB3},
		{"..X.+.X..", varOver, patB3},
		{"..XXX+O..", varOver, patB4},
		{"..XXX+...", varOver, patF4},
		{"X.X+X.X..", varOver, patF4D},
		{"XXXX+....", varOver, patFive},
		{"XXX+XX...", varOver, patFive}, // six wins under freestyle
		{"XXX+XX...", varExact, patOver},
		{"..XX+.X..", varExact, patB4},
	} {
		if got := patTable(c.v)[textKey(t, c.v, c.line)]; got != c.want {
			t.Errorf("%q (variant %d): %s, want %s", c.line, c.v, patNames[got], patNames[c.want])
		}
	}
}
