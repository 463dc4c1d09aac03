package gomokuengine

import (
	"context"
	"slices"
	"sync"
)

// The multi-threaded search: Lazy SMP. The helper threads search the same
// root by iterative deepening, each on its own copy of the board, with
// their own killers, history and threat table, but one transposition
// table shared with the main thread (its slots are atomic, see TT): what
// one thread finds orders and cuts the others' searches. The odd helpers
// start one ply deeper than the even ones, so that the threads do not
// all search the same depth at the same time. The main thread alone
// decides: the helpers' results reach it only through the table. With
// one thread (the default) nothing of this runs and the search is
// deterministic.

// clone returns a copy of b that shares nothing mutable with it: the
// fixed-size arrays are copied with the struct, the slices and the renju
// board anew. A field added to board that holds a slice or a pointer to
// something the search changes must be copied here too (the race test of
// the multi-threaded search catches one that is not).
func (b *board) clone() *board {
	c := new(board)
	*c = *b
	c.moves = slices.Clone(b.moves)
	c.changes = slices.Clone(b.changes)
	c.frames = slices.Clone(b.frames)
	if b.renju != nil {
		r := *b.renju
		c.renju = &r
	}
	return c
}

// threads is the number of search threads: Threads, at least 1.
func (g *Engine) threads() int { return max(g.Threads, 1) }

// helpers runs the helper threads of the search s (threads-1 of them) on
// copies of its board until the returned stop is called (or ctx ends or
// s's hard limit passes); stop waits for them and returns the nodes they
// searched, the same on every call. With one thread it starts nothing.
func (g *Engine) helpers(ctx context.Context, s *searcher, maxDepth int) (stop func() int64) {
	n := g.threads() - 1
	if n <= 0 {
		return func() int64 { return 0 }
	}
	hctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	hs := make([]*searcher, n)
	for i := range hs {
		h := &searcher{b: s.b.clone(), tt: s.tt, threats: g.helperThreats[i], ctx: hctx, start: s.start, hard: s.hard}
		hs[i] = h
		wg.Add(1)
		go func(first int) {
			defer wg.Done()
			for depth := first; depth <= maxDepth; depth++ {
				h.search(depth, -WinScore-1, WinScore+1, 0)
				if h.stopped {
					return
				}
			}
		}(1 + (i+1)%2)
	}
	var nodes int64
	stopped := false
	return func() int64 {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
			for _, h := range hs {
				nodes += h.total()
			}
		}
		return nodes
	}
}
