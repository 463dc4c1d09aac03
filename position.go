package inarow

import (
	"fmt"
	"math/bits"
	"slices"
)

// Move is a cell index y*Cols + x (x from the left, y from the top).
type Move int16

// NoMove stands for the absence of a move (the last move of a new game).
const NoMove Move = -1

// Status is the state of a position's game.
type Status uint8

const (
	Ongoing Status = iota
	Won
	Drawn
)

func (s Status) String() string {
	switch s {
	case Won:
		return "won"
	case Drawn:
		return "drawn"
	}
	return "ongoing"
}

// Reason says why a game ended.
type Reason uint8

const (
	ReasonNone Reason = iota
	// ReasonLine: the winner made K in a row.
	ReasonLine
	// ReasonFull: the board filled up with no winner.
	ReasonFull
)

func (r Reason) String() string {
	switch r {
	case ReasonLine:
		return "line"
	case ReasonFull:
		return "board full"
	}
	return "none"
}

// Line is a run of stones from From to To (both included), Len cells long.
type Line struct {
	From, To Move
	Len      int
}

// Cells returns the cells of the line in order from From to To.
func (l Line) Cells(r Rules) []Move {
	if l.Len == 0 {
		return nil
	}
	fx, fy := r.XY(l.From)
	tx, ty := r.XY(l.To)
	dx, dy := sign(tx-fx), sign(ty-fy)
	cells := make([]Move, l.Len)
	for i := range cells {
		cells[i] = r.MoveAt(fx+i*dx, fy+i*dy)
	}
	return cells
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// Outcome is the result of a position: who won, why, and with which line.
type Outcome struct {
	Status Status
	Winner Player // NoPlayer unless Status == Won
	Reason Reason
	Line   Line // the winning line when Reason == ReasonLine
}

// geom is the compact form of Rules that a Position carries.
type geom struct {
	cols, rows, k, stride int8
	words                 uint8
	gravity               bool
	win                   WinRule
	recip                 uint16 // ⌈2¹⁵/cols⌉: see xy
}

func (r Rules) geom() geom {
	s := r.Cols + 1
	return geom{
		cols: int8(r.Cols), rows: int8(r.Rows), k: int8(r.K), stride: int8(s),
		words: uint8((r.Rows*s + 63) / 64), gravity: r.Gravity, win: r.Win,
		recip: uint16((1<<15 + r.Cols - 1) / r.Cols),
	}
}

// xy splits an on-board move into column and row with a multiplication
// instead of a division: for m < 400 and cols ≤ 20 the error of the
// reciprocal, below m/2¹⁵ < 0.013, never reaches the 1/cols ≥ 0.05 that
// would carry into the next row.
func (g *geom) xy(m Move) (x, y int) {
	y = int(uint32(m) * uint32(g.recip) >> 15)
	return int(m) - y*int(g.cols), y
}

// Position is an immutable game position. The zero value is not a valid
// position: use NewPosition or Setup.
type Position struct {
	g      geom
	toMove Player
	ply    int16 // stones on the board
	last   Move
	stones [2]bitset
	height [MaxSize]uint8 // stones in each column (kept for gravity games)
	result Outcome
}

// NewPosition returns the empty board of r with First to move.
func NewPosition(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	return Position{g: r.geom(), last: NoMove, result: Outcome{Winner: NoPlayer}}, nil
}

// Rules returns the rules of the position.
func (p Position) Rules() Rules {
	return Rules{Cols: int(p.g.cols), Rows: int(p.g.rows), K: int(p.g.k), Gravity: p.g.gravity, Win: p.g.win}
}

// ToMove returns the player whose turn it is (in a finished game, the one
// who would have moved next).
func (p Position) ToMove() Player { return p.toMove }

// Ply returns the number of stones on the board.
func (p Position) Ply() int { return int(p.ply) }

// LastMove returns the move that made this position, or NoMove.
func (p Position) LastMove() Move { return p.last }

// Outcome returns the result of the game at this position.
func (p Position) Outcome() Outcome { return p.result }

// Over reports whether the game has ended.
func (p Position) Over() bool { return p.result.Status != Ongoing }

// At returns who holds cell m: First, Second, or NoPlayer for an empty or
// off-board cell.
func (p Position) At(m Move) Player {
	if m < 0 || int(m) >= int(p.g.cols)*int(p.g.rows) {
		return NoPlayer
	}
	i := p.index(m)
	switch {
	case p.stones[First].has(i):
		return First
	case p.stones[Second].has(i):
		return Second
	}
	return NoPlayer
}

// index returns the padded bit index of on-board move m: one extra bit
// per row above it.
func (p *Position) index(m Move) int {
	_, y := p.g.xy(m)
	return int(m) + y
}

func (p *Position) move(i int) Move {
	s := int(p.g.stride)
	return Move(i/s*int(p.g.cols) + i%s)
}

// Drop returns the landing cell of column col: the lowest empty cell,
// which in a gravity game is the only legal one of the column; or
// ErrColumnFull / ErrOffBoard. (Without gravity the column is searched
// from the bottom; the cell returned is legal while the game goes on.)
func (p Position) Drop(col int) (Move, error) {
	if col < 0 || col >= int(p.g.cols) {
		return NoMove, ErrOffBoard
	}
	s := int(p.g.stride)
	for y := int(p.g.rows) - 1 - int(p.height[col]); y >= 0; y-- {
		if i := y*s + col; !p.stones[0].has(i) && !p.stones[1].has(i) {
			return Move(y*int(p.g.cols) + col), nil
		}
	}
	return NoMove, ErrColumnFull
}

// Height returns the number of stones in column col (0 for a column off
// the board).
func (p Position) Height(col int) int {
	if col < 0 || col >= int(p.g.cols) {
		return 0
	}
	if p.g.gravity {
		return int(p.height[col])
	}
	n := 0
	for y := 0; y < int(p.g.rows); y++ {
		if i := y*int(p.g.stride) + col; p.stones[0].has(i) || p.stones[1].has(i) {
			n++
		}
	}
	return n
}

// Legal reports whether m may be played now; Play returns the reason when
// it may not.
func (p Position) Legal(m Move) bool {
	_, _, err := p.check(m)
	return err == nil
}

// check returns the padded index and the column of m when it is legal.
func (p *Position) check(m Move) (i, x int, err error) {
	if p.result.Status != Ongoing {
		return 0, 0, ErrGameOver
	}
	if m < 0 || int(m) >= int(p.g.cols)*int(p.g.rows) {
		return 0, 0, ErrOffBoard
	}
	x, y := p.g.xy(m)
	i = int(m) + y
	if p.stones[0].has(i) || p.stones[1].has(i) {
		return 0, 0, ErrOccupied
	}
	if p.g.gravity && y != int(p.g.rows)-1-int(p.height[x]) {
		return 0, 0, ErrFloating
	}
	return i, x, nil
}

// Play returns the position after the player to move places a stone on m.
// A refused move returns p unchanged with the reason: ErrGameOver,
// ErrOffBoard, ErrOccupied or (with gravity) ErrFloating.
func (p Position) Play(m Move) (Position, error) {
	// Small enough to be inlined, so that the caller's copy is the only
	// one made.
	err := p.play(m)
	return p, err
}

// play plays m on p if it is legal.
func (p *Position) play(m Move) error {
	i, x, err := p.check(m)
	if err != nil {
		return err
	}
	p.place(m, i, x)
	return nil
}

// place puts the stone of the player to move on the empty, legal cell m
// (padded index i, column x) and updates turn, history and outcome.
func (p *Position) place(m Move, i, x int) {
	me := p.toMove
	p.stones[me].set(i)
	if p.g.gravity {
		p.height[x]++
	}
	p.ply++
	p.last = m
	p.toMove = me.Other()
	if line, ok := p.lineThrough(i, me); ok {
		p.result = Outcome{Status: Won, Winner: me, Reason: ReasonLine, Line: line}
	} else if int(p.ply) == int(p.g.cols)*int(p.g.rows) {
		p.result = Outcome{Status: Drawn, Winner: NoPlayer, Reason: ReasonFull}
	}
}

// lineThrough looks for a winning line of player who through padded index
// i: along each direction it steps outward from i while it lands on the
// player's stones, so it costs O(run length) per direction. Stepping past
// the left or right edge lands on a padding bit, which is never set.
func (p *Position) lineThrough(i int, who Player) (Line, bool) {
	s := int(p.g.stride)
	if p.g.words == 1 {
		return p.lineThrough64(uint(i), who)
	}
	b := &p.stones[who]
	limit := int(p.g.rows) * s
	for _, d := range [4]int{1, s, s + 1, s - 1} {
		lo, hi := i, i
		for lo-d >= 0 && b.has(lo-d) {
			lo -= d
		}
		for hi+d < limit && b.has(hi+d) {
			hi += d
		}
		if line, ok := p.wins(lo, hi, d, who); ok {
			return line, true
		}
	}
	return Line{}, false
}

// lineThrough64 is lineThrough for a board that fits one word, b. Bits
// shifted in beyond the top or bottom of the word are zero, which ends a
// run as the board's edge does.
//
// Before walking it asks, without a branch per cell, whether b holds a
// run of K anywhere in a direction (see runs); usually no direction does,
// and one that does not cannot win through i.
func (p *Position) lineThrough64(i uint, who Player) (Line, bool) {
	b := p.stones[who][0]
	s, k := uint(p.g.stride), uint(p.g.k)
	h, v, dr, dl := runs(b, 1, k), runs(b, s, k), runs(b, s+1, k), runs(b, s-1, k)
	if h|v|dr|dl == 0 {
		return Line{}, false
	}
	for n, d := range [4]uint{1, s, s + 1, s - 1} {
		if [4]uint64{h, v, dr, dl}[n] == 0 {
			continue
		}
		lo, hi := i, i
		for lo >= d && b>>(lo-d)&1 != 0 {
			lo -= d
		}
		for b>>(hi+d)&1 != 0 { // hi+d < 64+22: a shift ≥ 64 gives 0
			hi += d
		}
		if line, ok := p.wins(int(lo), int(hi), int(d), who); ok {
			return line, true
		}
	}
	return Line{}, false
}

// runs returns a word with bit j set when b holds a run of k from j in
// steps of d (j, j+d, …, j+(k-1)d all set), built by doubling: a run of
// 2n is two runs of n, n·d apart, and the last step overlaps to reach
// exactly k. Shifts are taken mod 64, which may leave bits that should
// have gone (a false alarm, which the walk settles) but never clears one
// that should stay.
func runs(b uint64, d, k uint) uint64 {
	r, have := b, uint(1)
	for ; have*2 <= k; have *= 2 {
		r &= r >> (have * d & 63)
	}
	if have < k {
		r &= r >> ((k - have) * d & 63)
	}
	return r
}

// wins reports whether the maximal run of who's stones from padded index
// lo to hi in steps of d wins, and returns it as a Line.
func (p *Position) wins(lo, hi, d int, who Player) (Line, bool) {
	// (hi-lo)/d+1 without a division: a run of n is (n-1)·d bits long.
	span, k := hi-lo, (int(p.g.k)-1)*d
	var ok bool
	switch p.g.win {
	case Overline:
		ok = span >= k
	case ExactlyK:
		ok = span == k
	case FirstExactlyK:
		ok = span == k || (span > k && who == Second)
	case Caro:
		ok = span > k || (span == k && !p.blockedBoth(lo, hi, d, who))
	case CaroExactlyK:
		ok = span == k && !p.blockedBoth(lo, hi, d, who)
	}
	if !ok {
		return Line{}, false
	}
	return Line{From: p.move(lo), To: p.move(hi), Len: span/d + 1}, true
}

// blockedBoth reports whether the cells just beyond both ends of the run
// lo…hi (step d) hold the opponent's stones. Beyond the left or right edge
// lies a padding bit and beyond the top or bottom no cell at all: neither
// is a stone, so the edge of the board never blocks.
func (p *Position) blockedBoth(lo, hi, d int, who Player) bool {
	opp := &p.stones[who.Other()]
	before, after := lo-d, hi+d
	return before >= 0 && after < int(p.g.rows)*int(p.g.stride) && opp.has(before) && opp.has(after)
}

// AppendLegal appends the legal moves to dst in increasing cell order
// (with gravity: one landing cell per open column, left to right) and
// returns the extended slice. With a dst of enough capacity it does not
// allocate.
func (p Position) AppendLegal(dst []Move) []Move { return p.appendLegal(dst) }

func (p *Position) appendLegal(dst []Move) []Move {
	if p.result.Status != Ongoing {
		return dst
	}
	if p.g.gravity {
		for x := 0; x < int(p.g.cols); x++ {
			if h := int(p.height[x]); h < int(p.g.rows) {
				dst = append(dst, Move((int(p.g.rows)-1-h)*int(p.g.cols)+x))
			}
		}
		return dst
	}
	// The bits come in increasing order, so the row y of bit i (which is
	// also the number of padding bits before it: move(i) = i - y) only
	// has to be caught up.
	// There are exactly Cells-Ply of them: grow dst once, then fill it.
	n := len(dst)
	dst = slices.Grow(dst, int(p.g.cols)*int(p.g.rows)-int(p.ply))
	dst = dst[:n+int(p.g.cols)*int(p.g.rows)-int(p.ply)]
	out := dst[n:]
	s, g := int(p.g.stride), p.g
	y, rowEnd, k := 0, s, 0
	for w := 0; w < int(g.words); w++ {
		empty := g.boardWord(w) &^ (p.stones[0][w] | p.stones[1][w])
		for empty != 0 {
			i := w*64 + bits.TrailingZeros64(empty)
			empty &= empty - 1
			for i >= rowEnd {
				y++
				rowEnd += s
			}
			out[k] = Move(i - y)
			k++
		}
	}
	return dst
}

// LegalCount returns the number of legal moves.
func (p Position) LegalCount() int {
	if p.result.Status != Ongoing {
		return 0
	}
	if p.g.gravity {
		n := 0
		for x := 0; x < int(p.g.cols); x++ {
			if int(p.height[x]) < int(p.g.rows) {
				n++
			}
		}
		return n
	}
	return int(p.g.cols)*int(p.g.rows) - int(p.ply)
}

// Key identifies the stones on the board: two positions of the same rules
// have equal keys exactly when every cell holds the same stone. (The
// player to move is not part of it.)
type Key struct{ First, Second bitset }

// Key returns the position's key, a comparable value for maps.
func (p Position) Key() Key { return Key{p.stones[0], p.stones[1]} }

// Key64 returns the stones as two words when the padded board fits 64
// bits (ok is false otherwise): a cheaper map key for small boards.
func (p Position) Key64() (first, second uint64, ok bool) {
	return p.stones[0][0], p.stones[1][0], p.g.words == 1
}

// Passed returns p with the other player to move: the same stones and
// outcome, no last move. It asks where the player not to move would win
// (a threat the player to move must block), which p's own moves cannot.
func (p Position) Passed() Position {
	p.toMove = p.toMove.Other()
	p.last = NoMove
	return p
}

// Setup builds a position from arbitrary stones — for boards read from a
// file or a document — with toMove to play. It checks that the stones are
// on the board and distinct, that a gravity board has no floating stone,
// and computes the outcome from the whole board: a line of K for one
// player makes it Won (for both players at once it is an error), a full
// board Drawn. The last move of a set-up position is NoMove.
func Setup(r Rules, first, second []Move, toMove Player) (Position, error) {
	p, err := NewPosition(r)
	if err != nil {
		return p, err
	}
	if toMove != First && toMove != Second {
		return Position{}, fmt.Errorf("%w: player to move is %v", ErrBadSetup, toMove)
	}
	for who, ms := range [2][]Move{first, second} {
		for _, m := range ms {
			if !r.OnBoard(m) {
				return Position{}, fmt.Errorf("%w: stone %d is off the %d×%d board", ErrBadSetup, m, r.Cols, r.Rows)
			}
			i := p.index(m)
			if p.stones[0].has(i) || p.stones[1].has(i) {
				return Position{}, fmt.Errorf("%w: two stones on %s", ErrBadSetup, r.FormatMove(m))
			}
			p.stones[who].set(i)
			p.ply++
			if r.Gravity {
				p.height[int(m)%r.Cols]++
			}
		}
	}
	if r.Gravity {
		for x := 0; x < r.Cols; x++ {
			for y := r.Rows - int(p.height[x]); y < r.Rows; y++ {
				if p.At(r.MoveAt(x, y)) == NoPlayer {
					return Position{}, fmt.Errorf("%w: floating stone in column %d", ErrBadSetup, x)
				}
			}
		}
	}
	p.toMove = toMove
	var wins [2]Line
	var won [2]bool
	for who := First; who <= Second; who++ {
		for m := Move(0); int(m) < r.Cells() && !won[who]; m++ {
			if p.At(m) == who {
				wins[who], won[who] = p.lineThrough(p.index(m), who)
			}
		}
	}
	switch {
	case won[0] && won[1]:
		return Position{}, fmt.Errorf("%w: both players have %d in a row", ErrBadSetup, r.K)
	case won[0] || won[1]:
		w := First
		if won[1] {
			w = Second
		}
		p.result = Outcome{Status: Won, Winner: w, Reason: ReasonLine, Line: wins[w]}
	case p.ply == int16(r.Cells()):
		p.result = Outcome{Status: Drawn, Winner: NoPlayer, Reason: ReasonFull}
	}
	return p, nil
}

// String draws the board: X for First, O for Second, '.' for empty, rows
// from the top.
func (p Position) String() string {
	r := p.Rules()
	b := make([]byte, 0, (r.Cols+1)*r.Rows)
	for y := 0; y < r.Rows; y++ {
		for x := 0; x < r.Cols; x++ {
			b = append(b, ".XO"[(p.At(r.MoveAt(x, y))+1)%3])
		}
		b = append(b, '\n')
	}
	return string(b)
}
