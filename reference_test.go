package inarow

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// refBoard is a deliberately plain implementation of the rules, written
// without bit tricks so that the engine can be checked against it: a
// grid of int8 (0 empty, 1 First, 2 Second), legal moves by scanning, the
// winner by scanning every line of the whole board after each move, and
// gravity by scanning the column from the bottom.
type refBoard struct {
	r      Rules
	grid   [][]int8 // grid[y][x], y from the top
	toMove int      // 0 First, 1 Second
	ply    int
	last   Move
	winner int // -1 nobody, else 0 or 1
	full   bool
}

func newRef(r Rules) *refBoard {
	g := make([][]int8, r.Rows)
	for y := range g {
		g[y] = make([]int8, r.Cols)
	}
	return &refBoard{r: r, grid: g, last: NoMove, winner: -1}
}

func (b *refBoard) over() bool { return b.winner >= 0 || b.full }

func (b *refBoard) on(x, y int) bool { return x >= 0 && x < b.r.Cols && y >= 0 && y < b.r.Rows }

// landing is the lowest empty row of column x, or -1 when it is full.
func (b *refBoard) landing(x int) int {
	for y := b.r.Rows - 1; y >= 0; y-- {
		if b.grid[y][x] == 0 {
			return y
		}
	}
	return -1
}

// legal lists the legal moves in the engine's order: increasing cell
// order, or with gravity the landing cell of each open column from left
// to right.
func (b *refBoard) legal() []Move {
	var ms []Move
	if b.over() {
		return ms
	}
	if b.r.Gravity {
		for x := 0; x < b.r.Cols; x++ {
			if y := b.landing(x); y >= 0 {
				ms = append(ms, b.r.MoveAt(x, y))
			}
		}
		return ms
	}
	for y := 0; y < b.r.Rows; y++ {
		for x := 0; x < b.r.Cols; x++ {
			if b.grid[y][x] == 0 {
				ms = append(ms, b.r.MoveAt(x, y))
			}
		}
	}
	return ms
}

// refDirs are the four line directions (dx, dy).
var refDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}

// wins reports whether a maximal run of n stones of who (0 First, 1
// Second) wins; blocked says that both cells just beyond its ends are on
// the board and hold the other player's stones.
func (b *refBoard) wins(n, who int, blocked bool) bool {
	switch b.r.Win {
	case ExactlyK:
		return n == b.r.K
	case FirstExactlyK:
		return n == b.r.K || (n > b.r.K && who == 1)
	case Caro:
		return n > b.r.K || (n == b.r.K && !blocked)
	case CaroExactlyK:
		return n == b.r.K && !blocked
	}
	return n >= b.r.K
}

// runWins reports whether the maximal run of n stones that starts at
// (x, y) and goes along d wins.
func (b *refBoard) runWins(x, y int, d [2]int, n int) bool {
	s := b.grid[y][x]
	bx, by := x-d[0], y-d[1]
	ax, ay := x+n*d[0], y+n*d[1]
	opp := 3 - s
	blocked := b.on(bx, by) && b.grid[by][bx] == opp && b.on(ax, ay) && b.grid[ay][ax] == opp
	return b.wins(n, int(s)-1, blocked)
}

// scanWinner looks at every maximal run of every line of the board and
// returns the player (0 or 1) who has a winning run, or -1.
func (b *refBoard) scanWinner() int {
	winner := -1
	for _, d := range refDirs {
		for y := 0; y < b.r.Rows; y++ {
			for x := 0; x < b.r.Cols; x++ {
				s := b.grid[y][x]
				if s == 0 || (b.on(x-d[0], y-d[1]) && b.grid[y-d[1]][x-d[0]] == s) {
					continue // empty, or not the start of a run
				}
				n := 0
				for cx, cy := x, y; b.on(cx, cy) && b.grid[cy][cx] == s; cx, cy = cx+d[0], cy+d[1] {
					n++
				}
				if b.runWins(x, y, d, n) {
					winner = int(s) - 1
				}
			}
		}
	}
	return winner
}

// expectErr is the error Play must return for m, or nil.
func (b *refBoard) expectErr(m Move) error {
	if b.over() {
		return ErrGameOver
	}
	if m < 0 || int(m) >= b.r.Cells() {
		return ErrOffBoard
	}
	x, y := b.r.XY(m)
	if b.grid[y][x] != 0 {
		return ErrOccupied
	}
	if b.r.Gravity && b.landing(x) != y {
		return ErrFloating
	}
	return nil
}

func (b *refBoard) play(m Move) {
	x, y := b.r.XY(m)
	b.grid[y][x] = int8(b.toMove + 1)
	b.toMove ^= 1
	b.ply++
	b.last = m
	b.winner = b.scanWinner()
	b.full = b.ply == b.r.Cells()
}

// runThrough is the length of the maximal run of cell (x, y)'s stone
// along (dx, dy) through (x, y).
func (b *refBoard) runThrough(x, y, dx, dy int) int {
	s := b.grid[y][x]
	n := 1
	for cx, cy := x+dx, y+dy; b.on(cx, cy) && b.grid[cy][cx] == s; cx, cy = cx+dx, cy+dy {
		n++
	}
	for cx, cy := x-dx, y-dy; b.on(cx, cy) && b.grid[cy][cx] == s; cx, cy = cx-dx, cy-dy {
		n++
	}
	return n
}

// compare checks every observable of p against the reference.
func (b *refBoard) compare(p Position, buf []Move) error {
	r := b.r
	if p.Rules() != r {
		return fmt.Errorf("rules %v, want %v", p.Rules(), r)
	}
	for y := 0; y < r.Rows; y++ {
		for x := 0; x < r.Cols; x++ {
			want := Player(b.grid[y][x]+2) % 3 // 0→NoPlayer, 1→First, 2→Second
			if got := p.At(r.MoveAt(x, y)); got != want {
				return fmt.Errorf("cell %s holds %v, want %v", r.FormatMove(r.MoveAt(x, y)), got, want)
			}
		}
	}
	if got := p.At(Move(r.Cells())); got != NoPlayer {
		return fmt.Errorf("At(off board) = %v", got)
	}
	if p.ToMove() != Player(b.toMove) {
		return fmt.Errorf("to move %v, want %v", p.ToMove(), Player(b.toMove))
	}
	if p.Ply() != b.ply || p.LastMove() != b.last {
		return fmt.Errorf("ply %d last %d, want %d %d", p.Ply(), p.LastMove(), b.ply, b.last)
	}
	legal := b.legal()
	if got := p.AppendLegal(buf[:0]); !slices.Equal(got, legal) {
		return fmt.Errorf("legal moves %v, want %v", got, legal)
	}
	if p.LegalCount() != len(legal) {
		return fmt.Errorf("LegalCount %d, want %d", p.LegalCount(), len(legal))
	}
	// Drop and Height, with or without gravity.
	for x := 0; x < r.Cols; x++ {
		m, err := p.Drop(x)
		if y := b.landing(x); y < 0 {
			if !errors.Is(err, ErrColumnFull) || m != NoMove {
				return fmt.Errorf("Drop(%d) = %d, %v on a full column", x, m, err)
			}
		} else if err != nil || m != r.MoveAt(x, y) {
			return fmt.Errorf("Drop(%d) = %d, %v, want %d", x, m, err, r.MoveAt(x, y))
		}
		h := 0
		for y := 0; y < r.Rows; y++ {
			if b.grid[y][x] != 0 {
				h++
			}
		}
		if p.Height(x) != h {
			return fmt.Errorf("Height(%d) = %d, want %d", x, p.Height(x), h)
		}
	}
	o := p.Outcome()
	switch {
	case b.winner >= 0:
		if o.Status != Won || o.Winner != Player(b.winner) || o.Reason != ReasonLine || !p.Over() {
			return fmt.Errorf("outcome %+v, want a win for %v", o, Player(b.winner))
		}
		if err := b.checkLine(o.Line, b.last); err != nil {
			return err
		}
	case b.full:
		if o != (Outcome{Status: Drawn, Winner: NoPlayer, Reason: ReasonFull}) || !p.Over() {
			return fmt.Errorf("outcome %+v, want a draw", o)
		}
	default:
		if o != (Outcome{Status: Ongoing, Winner: NoPlayer}) || p.Over() {
			return fmt.Errorf("outcome %+v, want ongoing", o)
		}
	}
	return nil
}

// checkLine checks that l is a winning run of the winner's stones along
// one direction, maximal (so of the length the win rule asks for), and
// through through (unless through is NoMove).
func (b *refBoard) checkLine(l Line, through Move) error {
	r := b.r
	cells := l.Cells(r)
	if len(cells) != l.Len {
		return fmt.Errorf("line %+v: %d cells, k=%d %v", l, len(cells), r.K, r.Win)
	}
	if cells[0] != l.From || cells[len(cells)-1] != l.To {
		return fmt.Errorf("line %+v: cells %v do not run from From to To", l, cells)
	}
	stone := int8(b.winner + 1)
	for _, m := range cells {
		if !r.OnBoard(m) {
			return fmt.Errorf("line %+v: cell %d off the board", l, m)
		}
		if x, y := r.XY(m); b.grid[y][x] != stone {
			return fmt.Errorf("line %+v: cell %s is not the winner's", l, r.FormatMove(m))
		}
	}
	if through != NoMove && !slices.Contains(cells, through) {
		return fmt.Errorf("line %+v does not go through the last move %s", l, r.FormatMove(through))
	}
	fx, fy := r.XY(l.From)
	if l.Len == 1 {
		// Any direction in which the single stone is a whole run will do.
		for _, d := range refDirs {
			if b.runThrough(fx, fy, d[0], d[1]) == 1 && b.runWins(fx, fy, d, 1) {
				return nil
			}
		}
		return fmt.Errorf("line %+v: the stone is not a winning run of 1", l)
	}
	tx, ty := r.XY(l.To)
	dx, dy := sign(tx-fx), sign(ty-fy)
	if tx-fx != dx*(l.Len-1) || ty-fy != dy*(l.Len-1) {
		return fmt.Errorf("line %+v is not straight", l)
	}
	for i, m := range cells {
		if x, y := r.XY(m); x != fx+i*dx || y != fy+i*dy {
			return fmt.Errorf("line %+v: cells %v are not consecutive", l, cells)
		}
	}
	if n := b.runThrough(fx, fy, dx, dy); n != l.Len {
		return fmt.Errorf("line %+v: the run there is %d long", l, n)
	}
	if !b.runWins(fx, fy, [2]int{dx, dy}, l.Len) {
		return fmt.Errorf("line %+v does not win under %v", l, r.Win)
	}
	return nil
}

// illegalMove picks a move that Play must refuse, or ok=false when the
// position has none of the kind drawn.
func (b *refBoard) illegalMove(rng *rand.Rand) (Move, bool) {
	r := b.r
	if b.over() {
		switch rng.IntN(3) {
		case 0:
			return Move(rng.IntN(r.Cells())), true
		case 1:
			return NoMove, true
		}
		if ms := b.legalIgnoringEnd(); len(ms) > 0 {
			return ms[rng.IntN(len(ms))], true
		}
		return Move(r.Cells()), true
	}
	switch rng.IntN(4) {
	case 0: // off the board
		offs := [...]Move{NoMove, -2, Move(r.Cells()), Move(r.Cells() + rng.IntN(500)), 32767, -32768}
		return offs[rng.IntN(len(offs))], true
	case 1, 2: // occupied
		if b.ply == 0 {
			return 0, false
		}
		for {
			m := Move(rng.IntN(r.Cells()))
			if x, y := r.XY(m); b.grid[y][x] != 0 {
				return m, true
			}
		}
	default: // floating, or any empty cell without gravity (legal then)
		if !r.Gravity {
			return 0, false
		}
		var ms []Move
		for y := 0; y < r.Rows; y++ {
			for x := 0; x < r.Cols; x++ {
				if b.grid[y][x] == 0 && b.landing(x) != y {
					ms = append(ms, r.MoveAt(x, y))
				}
			}
		}
		if len(ms) == 0 {
			return 0, false
		}
		return ms[rng.IntN(len(ms))], true
	}
}

// legalIgnoringEnd lists the empty cells a move could go to if the game
// had not ended.
func (b *refBoard) legalIgnoringEnd() []Move {
	w, f := b.winner, b.full
	b.winner, b.full = -1, false
	ms := b.legal()
	b.winner, b.full = w, f
	return ms
}

// pickMove chooses the next move: uniformly at random, or (half the time,
// without gravity) next to the mover's own last stone so that games make
// long runs, overlines and wins along the edges more often.
func (b *refBoard) pickMove(rng *rand.Rand, legal []Move, own Move) Move {
	if !b.r.Gravity && own != NoMove && rng.IntN(2) == 0 {
		d := refDirs[rng.IntN(4)]
		step := 1 + rng.IntN(2)
		if rng.IntN(2) == 0 {
			step = -step
		}
		x, y := b.r.XY(own)
		x, y = x+step*d[0], y+step*d[1]
		if b.on(x, y) && b.grid[y][x] == 0 {
			return b.r.MoveAt(x, y)
		}
	}
	return legal[rng.IntN(len(legal))]
}

// stones lists each player's stones, for Setup.
func (b *refBoard) stones() (first, second []Move) {
	for y := 0; y < b.r.Rows; y++ {
		for x := 0; x < b.r.Cols; x++ {
			switch b.grid[y][x] {
			case 1:
				first = append(first, b.r.MoveAt(x, y))
			case 2:
				second = append(second, b.r.MoveAt(x, y))
			}
		}
	}
	return first, second
}

// checkSetup rebuilds the reference board with Setup and compares it. A
// set-up position has no last move, so its winning line is only checked
// to be a maximal winning run.
func (b *refBoard) checkSetup(buf []Move) error {
	first, second := b.stones()
	p, err := Setup(b.r, first, second, Player(b.toMove))
	if err != nil {
		return fmt.Errorf("Setup: %v", err)
	}
	last := b.last
	b.last = NoMove
	defer func() { b.last = last }()
	if err := b.compare(p, buf); err != nil {
		return fmt.Errorf("Setup: %v", err)
	}
	return nil
}

// diffRules are the differential test's variants and their share of moves.
var diffRules = []struct {
	name  string
	rules Rules // zero: random rules for every game
	moves int
}{
	{"tictactoe", TicTacToe, 100_000},
	{"connect4", ConnectFour, 200_000},
	{"exact5-9x9", Rules{Cols: 9, Rows: 9, K: 5, Win: ExactlyK}, 150_000},
	{"gomoku15", Gomoku, 150_000},
	{"board20", Rules{Cols: 20, Rows: 20, K: 5}, 120_000},
	{"exact5-20", Rules{Cols: 20, Rows: 20, K: 5, Win: ExactlyK}, 30_000},
	{"renju-win15", Rules{Cols: 15, Rows: 15, K: 5, Win: FirstExactlyK}, 60_000},
	{"caro15", Rules{Cols: 15, Rows: 15, K: 5, Win: Caro}, 60_000},
	{"caro-exact9", Rules{Cols: 9, Rows: 9, K: 5, Win: CaroExactlyK}, 40_000},
	{"caro-exact20", Rules{Cols: 20, Rows: 20, K: 5, Win: CaroExactlyK}, 30_000},
	{"random", Rules{}, 260_000},
}

func randomRules(rng *rand.Rand) Rules {
	r := Rules{Cols: 1 + rng.IntN(MaxSize), Rows: 1 + rng.IntN(MaxSize), Gravity: rng.IntN(2) == 0}
	r.Win = WinRule(rng.IntN(int(CaroExactlyK) + 1))
	// Small k most of the time, so that games end with lines.
	kmax := max(r.Cols, r.Rows)
	if rng.IntN(4) == 0 {
		r.K = 1 + rng.IntN(kmax)
	} else {
		r.K = 1 + rng.IntN(min(kmax, 6))
	}
	// Now and then a small board, where edges and full boards abound.
	if rng.IntN(4) == 0 {
		r.Cols, r.Rows = 1+rng.IntN(5), 1+rng.IntN(5)
		r.K = 1 + rng.IntN(max(r.Cols, r.Rows))
	}
	return r
}

// TestDifferential plays more than a million random moves (fewer with
// -short or -race) with the engine and the reference side by side and
// compares them after every move, with illegal moves tried in between.
func TestDifferential(t *testing.T) {
	total := 0
	for _, v := range diffRules {
		total += v.moves
	}
	if total < 1_000_000 {
		t.Fatalf("the variants add up to %d moves, want at least a million", total)
	}
	scale := 1
	switch {
	case testing.Short():
		scale = 20
	case raceEnabled:
		scale = 8
	}
	for vi, v := range diffRules {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(20240601, uint64(vi)))
			buf := make([]Move, 0, MaxSize*MaxSize)
			moves, games, wins, draws, illegal := 0, 0, 0, 0, 0
			for moves < v.moves/scale {
				r := v.rules
				if r == (Rules{}) {
					r = randomRules(rng)
				}
				if err := r.Validate(); err != nil {
					t.Fatal(err)
				}
				p, err := NewPosition(r)
				if err != nil {
					t.Fatal(err)
				}
				ref := newRef(r)
				var history []Move
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf("%v after %s: %s\n%s", r, formatMoves(r, history), fmt.Sprintf(format, args...), p)
				}
				if err := ref.compare(p, buf); err != nil {
					fail("%v", err)
				}
				for {
					// A refused move must leave the position as it was.
					if rng.IntN(3) == 0 {
						if m, ok := ref.illegalMove(rng); ok {
							want := ref.expectErr(m)
							if want == nil {
								fail("test bug: %d is legal", m)
							}
							q, err := p.Play(m)
							if !errors.Is(err, want) || q != p || p.Legal(m) {
								fail("Play(%d) = %v, want %v and the position unchanged", m, err, want)
							}
							illegal++
						}
					}
					if ref.over() {
						break
					}
					own := NoMove
					if len(history) >= 2 {
						own = history[len(history)-2]
					}
					m := ref.pickMove(rng, ref.legal(), own)
					if !p.Legal(m) {
						fail("Legal(%s) = false", r.FormatMove(m))
					}
					q, err := p.Play(m)
					if err != nil {
						fail("Play(%s): %v", r.FormatMove(m), err)
					}
					p = q
					ref.play(m)
					history = append(history, m)
					moves++
					if err := ref.compare(p, buf); err != nil {
						fail("%v", err)
					}
					if moves%50 == 0 {
						if err := ref.checkSetup(buf); err != nil {
							fail("%v", err)
						}
					}
				}
				if err := ref.checkSetup(buf); err != nil {
					fail("%v", err)
				}
				games++
				switch p.Outcome().Status {
				case Won:
					wins++
				case Drawn:
					draws++
				}
			}
			t.Logf("%d moves, %d games (%d won, %d drawn), %d illegal moves tried", moves, games, wins, draws, illegal)
		})
	}
}

func formatMoves(r Rules, ms []Move) string {
	s := "["
	for i, m := range ms {
		if i > 0 {
			s += " "
		}
		s += r.FormatMove(m)
	}
	return s + "]"
}
