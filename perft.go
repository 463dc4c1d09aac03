package inarow

import "context"

// PerftPly counts what is reachable at one ply (stones added) from a
// position.
type PerftPly struct {
	Ply int
	// Nodes is the number of game-tree nodes: move sequences of this
	// length, stopping at finished games.
	Nodes uint64
	// Positions is the number of distinct positions (same stones, same
	// player to move) among those nodes.
	Positions uint64
	// Leaves is the number of move sequences whose game ends at this ply:
	// summed over all plies, the number of complete games.
	Leaves uint64
}

// Perft walks the game tree from p to depth plies and returns one count
// per ply, starting with ply 0 (p itself). It stops early with ctx's error.
// The distinct-position counts keep one set of keys per ply in memory, so
// it is meant for the depths at which published figures exist.
func Perft(ctx context.Context, p Position, depth int) ([]PerftPly, error) {
	out := make([]PerftPly, 0, depth+1)
	level := []Position{p}
	counts := map[Key]uint64{p.Key(): 1} // distinct positions and their multiplicity
	for ply := 0; ; ply++ {
		c := PerftPly{Ply: ply, Positions: uint64(len(level))}
		for _, q := range level {
			n := counts[q.Key()]
			c.Nodes += n
			if q.Over() {
				c.Leaves += n
			}
		}
		out = append(out, c)
		if ply == depth {
			return out, nil
		}
		if err := ctx.Err(); err != nil {
			return out, err
		}
		next := make(map[Key]uint64, len(level)*2)
		var nextLevel []Position
		var buf [MaxSize * MaxSize]Move
		for _, q := range level {
			n := counts[q.Key()]
			for _, m := range q.AppendLegal(buf[:0]) {
				child, _ := q.Play(m)
				k := child.Key()
				if _, seen := next[k]; !seen {
					nextLevel = append(nextLevel, child)
				}
				next[k] += n
			}
		}
		level, counts = nextLevel, next
	}
}
