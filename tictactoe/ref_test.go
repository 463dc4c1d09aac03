package tictactoe

// A plain reference for the tests: a board as nine bytes, row-major, and
// the lines of three found by walking coordinates — deliberately sharing
// nothing with WinLines or the core's shift-and-AND.

type refBoard [9]byte // 'x' (❌, Player2's X is unrelated), 'o' or 0

// refLines lists the lines of three by coordinates, computed by walking
// rows, columns and the two diagonals of a 3×3 grid.
func refLines() [][3]int { return refLineList }

var refLineList = computeRefLines()

func computeRefLines() [][3]int {
	var ls [][3]int
	for y := 0; y < 3; y++ {
		ls = append(ls, [3]int{y * 3, y*3 + 1, y*3 + 2})
	}
	for x := 0; x < 3; x++ {
		ls = append(ls, [3]int{x, 3 + x, 6 + x})
	}
	ls = append(ls, [3]int{0, 4, 8}, [3]int{2, 4, 6})
	return ls
}

// winner returns the byte of a player with three in a row, or 0; when both
// have one it returns the first it finds in check order (c1 then c2).
func (b refBoard) winner(c1, c2 byte) byte {
	for _, c := range [2]byte{c1, c2} {
		for _, l := range refLines() {
			if b[l[0]] == c && b[l[1]] == c && b[l[2]] == c {
				return c
			}
		}
	}
	return 0
}

func (b refBoard) full() bool {
	for _, c := range b {
		if c == 0 {
			return false
		}
	}
	return true
}

// refState is the typehero state the document computes for board b after
// a move by mover ('x' or 'o').
func refState(b refBoard, mover byte) string {
	switch b.winner('x', 'o') {
	case 'x':
		return "❌ Won"
	case 'o':
		return "⭕ Won"
	}
	if b.full() {
		return "Draw"
	}
	if mover == 'x' {
		return "⭕"
	}
	return "❌"
}

// refGame renders b as the document's game with state.
func refGame(b refBoard, state string) Game {
	g := Game{Board: [][]string{make([]string, 3), make([]string, 3), make([]string, 3)}, State: state}
	for i, c := range b {
		s := "  "
		switch c {
		case 'x':
			s = "❌"
		case 'o':
			s = "⭕"
		}
		g.Board[i/3][i%3] = s
	}
	return g
}
