package gomoku

import (
	"github.com/inarow/inarow"
)

// StatusOf is the document's 判断胜利<落子集合, 最后一次落子>: the status after
// the stone last, given the stones already on the board, each a pair
// [stone, "HH-ZZ"]. From last it counts, along each of the four lines
// through it, the consecutive stones of its colour that the list holds;
// a line of exactly five (with last) gives "对局结束【⚫】✌🏻✌🏻✌🏻" (or ⚪),
// none gives "进行中", and a last that is not a stone on a point — such as
// the zero pair, the document's [] — gives "未开始".
//
// As in the document the list need not alternate colours nor hold last
// itself, stones of the other colour never count, and a pair that is not
// a stone on a point is never found.
//
// The counting is the core's: each of the four lines through last, up to
// five points either side, is laid out as a one-row board of exactly-five
// rules, set up with the list's stones of last's colour, and last is
// played on it.
func StatusOf(stones [][2]string, last [2]string) string {
	colour := parseStone(last[0])
	at, err := ParsePoint(last[1])
	if colour == noStone || err != nil {
		return StatusNotStarted
	}
	var mine [gobangSize * gobangSize]bool
	for _, s := range stones {
		if parseStone(s[0]) != colour {
			continue
		}
		if m, err := ParsePoint(s[1]); err == nil && m != at {
			mine[m] = true
		}
	}
	x0, y0 := gobangRules.XY(at)
	const reach = 5 // K: enough to tell exactly five from six
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		// The points of the line from reach before last to reach after it,
		// on the board.
		var line []inarow.Move
		lastAt := -1
		for i := -reach; i <= reach; i++ {
			x, y := x0+i*d[0], y0+i*d[1]
			if x < 0 || x >= gobangSize || y < 0 || y >= gobangSize {
				continue
			}
			if i == 0 {
				lastAt = len(line)
			}
			line = append(line, gobangRules.MoveAt(x, y))
		}
		if lineWins(line, lastAt, &mine) {
			return WonStatus(colour.String())
		}
	}
	return StatusOngoing
}

// lineWins reports whether playing the point line[lastAt] makes exactly
// five in a row with the points of line marked in mine.
func lineWins(line []inarow.Move, lastAt int, mine *[gobangSize * gobangSize]bool) bool {
	r := inarow.Rules{Cols: len(line), Rows: 1, K: gobangRules.K, Win: inarow.ExactlyK}
	if r.Validate() != nil { // shorter than five: no line fits
		return false
	}
	var own []inarow.Move
	for i, m := range line {
		if mine[m] {
			own = append(own, inarow.Move(i))
		}
	}
	p, err := inarow.Setup(r, own, nil, inarow.First)
	if err != nil || p.Over() {
		// Five already stand on the line without last: within five points
		// of it they can only be its neighbours, so last makes six or more.
		return false
	}
	p, err = p.Play(inarow.Move(lastAt))
	return err == nil && p.Outcome().Status == inarow.Won
}
