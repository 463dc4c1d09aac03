package inarow

import (
	"context"
	"math/bits"
)

// PerftPly counts the game tree from a position at one depth: the
// positions reached after exactly Ply more moves, where a finished game
// (won or drawn) has no moves after it.
type PerftPly struct {
	// Ply is the number of moves played from the root, 0 for the root.
	Ply int
	// Nodes is the number of game-tree nodes at this depth: the legal move
	// sequences of length Ply from the root in which no position before
	// the last is a finished game. Finished games at this depth are
	// counted; those at earlier depths have no descendants.
	Nodes uint64
	// Positions is the number of distinct positions among those nodes, two
	// nodes being the same position when every cell holds the same stone
	// (the player to move follows from Ply). For Connect Four from the
	// empty board these are the terms of OEIS A212693.
	Positions uint64
	// Leaves is the number of those nodes that are finished games; summed
	// over every ply down to the last possible move, it is the number of
	// complete games.
	Leaves uint64
}

// Perft walks the game tree from p to depth plies and returns one count
// per ply, starting with ply 0 (p itself), so depth+1 of them. It stops
// with ctx's error (and the plies counted so far) when ctx is done.
//
// The walk is breadth-first over distinct positions, each with the number
// of move sequences that reach it, so transpositions are expanded once and
// Nodes and Leaves come out as sums of those multiplicities. Every count
// is exact: positions are told apart by comparing all their stones, never
// by a hash alone.
//
// Memory grows with the number of distinct positions at the deepest two
// plies: the unfinished positions of the current ply are kept as stones
// and a count (24 bytes each when the padded board fits 64 bits, like
// Connect Four's; 120 bytes on bigger boards), the next ply's in a map.
// Connect Four to ply 11 (4,568,683 positions at the last ply) peaks near
// 260 MB, to ply 12 (12,236,101) near 550 MB.
//
// (Whether a position is finished depends on its stones alone: the move
// that completes a winning line ends the game, so no unfinished position
// holds one. Perft relies on this to keep stones only.)
func Perft(ctx context.Context, p Position, depth int) ([]PerftPly, error) {
	if p.g.words == 1 {
		return perft(ctx, p, depth, 1<<23,
			func(q *Position) [2]uint64 { return [2]uint64{q.stones[0][0], q.stones[1][0]} },
			func(q *Position, k [2]uint64) { q.stones[0][0], q.stones[1][0] = k[0], k[1] })
	}
	return perft(ctx, p, depth, 1<<20,
		func(q *Position) Key { return Key{q.stones[0], q.stones[1]} },
		func(q *Position, k Key) { q.stones[0], q.stones[1] = k.First, k.Second })
}

// perft is Perft with the key of a position (its stones) and the way back
// from a key to the stones as parameters, and a cap on the size to which
// a map is made up front.
func perft[K comparable](ctx context.Context, root Position, depth, maxHint int, key func(*Position) K, load func(*Position, K)) ([]PerftPly, error) {
	type entry struct {
		k K
		n uint64 // move sequences from the root that reach it
	}
	out := make([]PerftPly, 0, max(depth, 0)+1)
	c := PerftPly{Nodes: 1, Positions: 1}
	if root.Over() {
		c.Leaves = 1
	}
	out = append(out, c)
	if depth <= 0 || root.Over() {
		for ply := 1; ply <= depth; ply++ {
			out = append(out, PerftPly{Ply: ply})
		}
		return out, nil
	}

	// Column masks give back the heights of a gravity board from its
	// stones.
	var cols [MaxSize]bitset
	if root.g.gravity {
		for x := 0; x < int(root.g.cols); x++ {
			for y := 0; y < int(root.g.rows); y++ {
				cols[x].set(y*int(root.g.stride) + x)
			}
		}
	}
	// rebuild turns a key of the level at ply into its (unfinished)
	// position.
	tmpl := root
	tmpl.last = NoMove
	rebuild := func(q *Position, k K, ply int) {
		*q = tmpl
		load(q, k)
		q.ply = root.ply + int16(ply)
		q.toMove = root.toMove ^ Player(ply&1)
		if q.g.gravity {
			for x := 0; x < int(q.g.cols); x++ {
				h := 0
				for w := 0; w < int(q.g.words); w++ {
					h += bits.OnesCount64((q.stones[0][w] | q.stones[1][w]) & cols[x][w])
				}
				q.height[x] = uint8(h)
			}
		}
	}

	level := []entry{{key(&root), 1}}
	prevLen := 1 // positions in the level before, to guess the growth
	var buf [MaxSize * MaxSize]Move
	for ply := 1; ply <= depth; ply++ {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		// A map sized from the last growth rate mostly avoids growing
		// (and the garbage that leaves) without wasting much; the guess
		// is capped at some 200 MB of map.
		hint := min(len(level)*len(level)/prevLen, len(level)*int(root.g.cols)*int(root.g.rows), maxHint)
		// The next ply's unfinished positions, with their counts; its
		// finished ones; at the last ply, only the set of all.
		var next map[K]uint64
		var seen map[K]struct{}
		last := ply == depth
		if last {
			seen = make(map[K]struct{}, hint)
		} else {
			next = make(map[K]uint64, hint)
		}
		done := make(map[K]struct{})
		c := PerftPly{Ply: ply}
		var q Position
		for j, e := range level {
			if j&0x3fff == 0x3fff {
				if err := ctx.Err(); err != nil {
					return out, err
				}
			}
			rebuild(&q, e.k, ply-1)
			// Each child is q with one more stone: set it, take the key,
			// look for a line through it, take it back. (Children are
			// only counted here; the next ply rebuilds them from keys.)
			me, full := q.toMove, int(q.ply)+1 == int(q.g.cols)*int(q.g.rows)
			for _, m := range q.AppendLegal(buf[:0]) {
				i := q.index(m)
				q.stones[me].set(i)
				k := key(&q)
				_, won := q.lineThrough(i, me)
				q.stones[me].clear(i)
				c.Nodes += e.n
				over := won || full
				if over {
					c.Leaves += e.n
				}
				switch {
				case last:
					seen[k] = struct{}{}
				case over:
					done[k] = struct{}{}
				default:
					next[k] += e.n
				}
			}
		}
		c.Positions = uint64(len(seen) + len(next) + len(done))
		out = append(out, c)
		if last {
			break
		}
		prevLen = len(level)
		if cap(level) < len(next) {
			level = make([]entry, 0, len(next))
		}
		level = level[:0]
		for k, n := range next {
			level = append(level, entry{k, n})
		}
		if len(level) == 0 { // every game has ended
			for ply++; ply <= depth; ply++ {
				out = append(out, PerftPly{Ply: ply})
			}
			break
		}
	}
	return out, nil
}
