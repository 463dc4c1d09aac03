package gomoku

import (
	"context"
	"errors"
	"fmt"

	"github.com/inarow/inarow"
)

// ThreatSearch finds a forced win for the player to move in p by threats,
// and returns its principal line: the winner's moves and the defender's
// forced replies in turn, ending with the winning move. FindVCF is one;
// an engine's VCT search can stand in for it.
type ThreatSearch func(ctx context.Context, p inarow.Position) (line []inarow.Move, found bool, err error)

// ErrNotGomoku refuses a position whose rules are none of the Rules.
var ErrNotGomoku = errors.New("gomoku: not a gomoku position")

// VCFLimits bound FindVCF: the number of fours of the winner (the line
// is at most twice as long) and of the points it visits (0: no bound).
type VCFLimits struct {
	Fours int
	Nodes int
}

// DefaultVCFLimits are FindVCF's: 20 fours, a million nodes.
var DefaultVCFLimits = VCFLimits{Fours: 20, Nodes: 1 << 20}

// FindVCF looks for a victory by continuous fours for the player to move:
// a sequence of fours, each of which the defender must block at its one
// completion point, ending in a five — or in a four that cannot be
// blocked (two completion points; or, in renju, a point forbidden to
// black when black defends). It obeys p's rule (see RuleOf): the fives
// are the rule's wins, and black never plays a forbidden point in renju.
// If the defender has a four, the winner's move must block it. The
// search is exhaustive within DefaultVCFLimits; a limit reached or ctx
// done is reported as an error with found false. In the line, NoMove
// stands for a defender's reply that does not matter (black, unable to
// block on a forbidden point, plays anywhere).
func FindVCF(ctx context.Context, p inarow.Position) ([]inarow.Move, bool, error) {
	return FindVCFLimited(ctx, p, DefaultVCFLimits)
}

// FindVCFLimited is FindVCF within the given limits.
func FindVCFLimited(ctx context.Context, p inarow.Position, lim VCFLimits) ([]inarow.Move, bool, error) {
	rule, ok := RuleOf(p.Rules())
	if !ok {
		return nil, false, fmt.Errorf("%w: %v", ErrNotGomoku, p.Rules())
	}
	if p.Over() {
		return nil, false, inarow.ErrGameOver
	}
	lineTableOnce.Do(buildLineTable)
	s := &vcfSearch{b: BoardOf(p), rule: rule, ctx: ctx, limit: lim.Nodes}
	a := blackStone + uint8(p.ToMove())
	line, found := s.search(a, max(lim.Fours, 1))
	if s.err != nil {
		return nil, false, s.err
	}
	if !found {
		return nil, false, nil
	}
	ms := make([]inarow.Move, len(line))
	for i, g := range line {
		ms[i] = inarow.NoMove
		if g >= 0 {
			ms[i] = s.b.move(g)
		}
	}
	return ms, true, nil
}

// ErrVCFLimit reports that FindVCF gave up at its node limit.
var ErrVCFLimit = errors.New("gomoku: VCF node limit reached")

type vcfSearch struct {
	b     *Board
	rule  Rule
	ctx   context.Context
	nodes int
	limit int
	err   error
}

func (b *Board) move(i int) inarow.Move {
	x, y := i%stride-pad, i/stride-pad
	return inarow.Move(y*b.cols + x)
}

// wins reports whether a stone of c on the empty grid point i wins under
// the rule.
func (s *vcfSearch) wins(i int, c uint8) bool {
	b := s.b
	opp := blackStone + whiteStone - c
	for _, d := range dirs {
		n, lo, hi := 1, i, i
		for b.cell[lo-d] == c {
			lo -= d
			n++
		}
		for b.cell[hi+d] == c {
			hi += d
			n++
		}
		blocked := b.cell[lo-d] == opp && b.cell[hi+d] == opp
		var ok bool
		switch s.rule {
		case Freestyle:
			ok = n >= 5
		case Standard:
			ok = n == 5
		case Renju:
			ok = n == 5 || (n > 5 && c == whiteStone)
		case Caro:
			ok = n > 5 || (n == 5 && !blocked)
		case CaroExact:
			ok = n == 5 && !blocked
		}
		if ok {
			return true
		}
	}
	return false
}

// legal reports whether c may play the empty grid point i.
func (s *vcfSearch) legal(i int, c uint8) bool {
	return s.rule != Renju || c != blackStone || s.b.forbidden(i, 0) == NotForbidden
}

// near reports whether some line through i holds at least n stones of c
// within four points of it.
func (s *vcfSearch) near(i int, c uint8, n int) bool {
	for _, d := range dirs {
		k := 0
		for j := 1; j <= 4; j++ {
			if s.b.cell[i+j*d] == c {
				k++
			}
			if s.b.cell[i-j*d] == c {
				k++
			}
		}
		if k >= n {
			return true
		}
	}
	return false
}

// fives appends to dst the empty points where a stone of c wins (and c
// may play them).
func (s *vcfSearch) fives(dst []int, c uint8) []int {
	b := s.b
	for y := 0; y < b.rows; y++ {
		for x := 0; x < b.cols; x++ {
			i := (y+pad)*stride + x + pad
			if b.cell[i] == empty && s.near(i, c, 4) && s.wins(i, c) && s.legal(i, c) {
				dst = append(dst, i)
			}
		}
	}
	return dst
}

// search returns a winning line for a (to move) by fours, at most depth
// of them.
func (s *vcfSearch) search(a uint8, depth int) ([]int, bool) {
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit {
		s.err = ErrVCFLimit
		return nil, false
	}
	if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.err = s.ctx.Err()
		return nil, false
	}
	d := blackStone + whiteStone - a
	if f := s.fives(nil, a); len(f) > 0 {
		return f[:1], true
	}
	if depth == 0 {
		return nil, false
	}
	must := s.fives(nil, d) // the defender's fives: a must block
	if len(must) > 1 {
		return nil, false
	}
	b := s.b
	var cands []int
	if len(must) == 1 {
		cands = must
	} else {
		for y := 0; y < b.rows; y++ {
			for x := 0; x < b.cols; x++ {
				i := (y+pad)*stride + x + pad
				if b.cell[i] == empty && s.near(i, a, 3) {
					cands = append(cands, i)
				}
			}
		}
	}
	for _, p := range cands {
		if !s.legal(p, a) {
			continue
		}
		b.cell[p] = a
		threats := s.fives(nil, a)
		if len(threats) == 0 || len(s.fives(nil, d)) > 0 {
			b.cell[p] = empty
			if s.err != nil {
				return nil, false
			}
			continue
		}
		block := threats[0]
		if len(threats) >= 2 {
			// The defender blocks one; another wins — unless one stone
			// stops them all (caro: a block at one end can leave the
			// five at the other blocked at both ends).
			stop := -1
			for _, t := range threats {
				if s.legal(t, d) {
					b.cell[t] = d
					left := len(s.fives(nil, a))
					b.cell[t] = empty
					if left == 0 {
						stop = t
						break
					}
				}
			}
			if stop < 0 {
				next := threats[1]
				b.cell[block] = d
				if rest := s.fives(nil, a); len(rest) > 0 {
					next = rest[0]
				}
				b.cell[block] = empty
				b.cell[p] = empty
				return []int{p, block, next}, true
			}
			block = stop
		}
		switch {
		case !s.legal(block, d):
			// Black may not block on a forbidden point: it plays
			// anywhere else, and the five follows.
			b.cell[p] = empty
			return []int{p, -1, block}, true
		}
		b.cell[block] = d
		sub, ok := s.search(a, depth-1)
		b.cell[block] = empty
		b.cell[p] = empty
		if ok {
			return append([]int{p, block}, sub...), true
		}
		if s.err != nil {
			return nil, false
		}
	}
	return nil, false
}
