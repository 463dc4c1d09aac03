package gomokuengine

import (
	"context"
	"errors"
	"time"

	"github.com/inarow/inarow"
)

// VCFLimits bound FindVCF: the winner's fours (the line is at most twice
// as long) and the nodes of the search (0: no bound).
type VCFLimits struct {
	Fours int
	Nodes int64
}

// DefaultVCFLimits are 20 fours and a million nodes.
var DefaultVCFLimits = VCFLimits{Fours: 20, Nodes: 1 << 20}

// ErrVCFLimit reports that FindVCF gave up at its node limit.
var ErrVCFLimit = errors.New("gomokuengine: VCF node limit reached")

// FindVCF looks for a victory by continuous fours for the side to move of
// p — a sequence of fours, each of which the defender must block at its
// one completion point, ending in a five or in a four that cannot be
// blocked (two completion points; under renju, a point forbidden to black
// when black defends) — with the search's own VCF, the one the engine
// plays by. It obeys p's rule (gomoku.RuleOf): the fives are the rule's
// wins, and black never plays a forbidden point in renju. If the defender
// has a four, the winner's move must block it. The search is exhaustive
// within lim; the node limit reached is ErrVCFLimit, ctx done is ctx's
// error, both with found false; other errors are Search's.
//
// The line is the winner's moves and the defender's forced replies in
// turn, ending with the winning move; NoMove stands for a reply that does
// not matter (black, unable to block on a forbidden point, plays
// anywhere).
func FindVCF(ctx context.Context, p inarow.Position, lim VCFLimits) (line []inarow.Move, found bool, err error) {
	b, err := boardOf(p, nil)
	if err != nil {
		return nil, false, err
	}
	if p.Over() {
		return nil, false, inarow.ErrFinished
	}
	nodes := lim.Nodes
	if nodes <= 0 {
		nodes = 1 << 62
	}
	fours := max(lim.Fours, 1)
	now := time.Now()
	s := &searcher{b: b, ctx: ctx, start: now, hard: now.Add(24 * time.Hour), threats: newThreatTable(min(nodes*16, 1<<20))}
	if dl, ok := ctx.Deadline(); ok {
		s.hard = dl
	}
	s.threatBudget(nodes)
	ok, q := s.vcf(fours)
	switch {
	case !ok && s.cut && ctx.Err() != nil:
		return nil, false, ctx.Err()
	case !ok && s.cut:
		return nil, false, ErrVCFLimit
	case !ok:
		return nil, false, nil
	}
	cells := s.vcfLine(q, fours, nodes)
	line = make([]inarow.Move, len(cells))
	for k, i := range cells {
		line[k] = inarow.NoMove
		if i >= 0 {
			line[k] = b.move(i)
		}
	}
	return line, true, nil
}

// vcfLine follows the VCF that starts at q, found within depth fours:
// the attacker's fours, the defender's forced blocks (-1 for black's
// block on a forbidden point: any move), to the five. The table of the
// search that found q answers most of each step's search again.
func (s *searcher) vcfLine(q, depth int, nodes int64) []int {
	b := s.b
	att, def := b.toMove, b.toMove^1
	line := []int{q}
	played := 0
	defer func() {
		for ; played > 0; played-- {
			b.Undo()
		}
	}()
	for depth >= 0 {
		b.Play(q)
		played++
		if b.winner >= 0 {
			return line
		}
		var fb [4]int
		fp := s.fivePoints(att, q, fb[:0])
		if len(fp) == 0 {
			return line // not a four: the search's moves are, so this does not happen
		}
		blk := fp[0]
		if len(fp) >= 2 {
			if stop := b.blockFives(att, fp); stop >= 0 {
				blk = stop // caro: one block leaves the other five blocked at both ends
			}
		}
		if !b.legalFor(def, blk) {
			// black may not block on a forbidden point: it plays
			// anywhere, and the five follows
			return append(line, -1, fp[0])
		}
		line = append(line, blk)
		b.Play(blk)
		played++
		depth--
		s.threatBudget(nodes)
		ok, next := s.vcf(depth)
		if !ok || next < 0 {
			return line // the search found the win within depth: not reached
		}
		line = append(line, next)
		q = next
	}
	return line
}

// VCFMove reports whether the move m of the side to move of p wins by
// continuous fours within lim: it makes five, or it is a four after whose
// forced block (every block, when a four has two completion points that
// one stone can stop) the mover has a VCF again — FindVCF's own step, so
// a move FindVCF's line starts with is one. It answers the question a
// game report asks of a move played from a won position: did it keep the
// win? A move that is not a legal point for the mover (taken, off the
// board, forbidden to renju black) is no win. Its errors are FindVCF's.
func VCFMove(ctx context.Context, p inarow.Position, m inarow.Move, lim VCFLimits) (bool, error) {
	b, err := boardOf(p, nil)
	if err != nil {
		return false, err
	}
	if p.Over() {
		return false, inarow.ErrFinished
	}
	if m < 0 || int(m) >= p.Rules().Cells() {
		return false, nil
	}
	q, att := b.cellOf(m), b.toMove
	if !b.Empty(q) || !b.legalFor(att, q) {
		return false, nil
	}
	b.Play(q)
	five := b.winner == att
	b.Undo()
	if five {
		return true, nil
	}
	nodes := lim.Nodes
	if nodes <= 0 {
		nodes = 1 << 62
	}
	now := time.Now()
	s := &searcher{b: b, ctx: ctx, start: now, hard: now.Add(24 * time.Hour), threats: newThreatTable(min(nodes*16, 1<<20))}
	if dl, ok := ctx.Deadline(); ok {
		s.hard = dl
	}
	s.threatBudget(nodes)
	win := s.fourWins(q, max(lim.Fours, 1))
	switch {
	case !win && s.cut && ctx.Err() != nil:
		return false, ctx.Err()
	case !win && s.cut:
		return false, ErrVCFLimit
	}
	return win, nil
}
