package gomokuengine

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The multi-threaded search: Lazy SMP. The helper threads search the same
// root by iterative deepening, each on its own copy of the board, with
// their own history and threat table, but one transposition
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

// helperSet is the helper threads of one search.
type helperSet struct {
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	hs      []*searcher
	live    atomic.Int64 // their nodes so far, as they publish them
	nodes   int64        // all their nodes, once stopped
	stopped bool
}

// helpers runs the helper threads of the search s (threads-1 of them) on
// copies of its board until stop is called (or ctx ends or hard passes).
// With one thread it starts nothing.
func (g *Engine) helpers(ctx context.Context, s *searcher, maxDepth int, hard time.Time) *helperSet {
	h := &helperSet{}
	n := g.threads() - 1
	if n <= 0 {
		h.stopped = true
		return h
	}
	hctx, cancel := context.WithCancel(ctx)
	h.cancel = cancel
	h.hs = make([]*searcher, n)
	for i := range h.hs {
		hs := &searcher{b: s.b.clone(), p: s.p, tt: s.tt, threats: g.helperThreats[i], ctx: hctx, start: s.start, hard: hard, live: &h.live}
		h.hs[i] = hs
		h.wg.Add(1)
		go func(first int) {
			defer h.wg.Done()
			for depth := first; depth <= maxDepth; depth++ {
				hs.search(depth, -WinScore-1, WinScore+1, 0, false)
				if hs.stopped {
					return
				}
			}
		}(1 + (i+1)%2)
	}
	return h
}

// stop stops the helpers, waits for them and returns the nodes they
// searched, the same on every call.
func (h *helperSet) stop() int64 {
	if !h.stopped {
		h.stopped = true
		h.cancel()
		h.wg.Wait()
		for _, s := range h.hs {
			h.nodes += s.total()
		}
	}
	return h.nodes
}

// count is the helpers' nodes so far: while they run, what they have
// published (every 128 nodes or so); once stopped, all of them.
func (h *helperSet) count() int64 {
	if h.stopped {
		return h.nodes
	}
	return h.live.Load()
}
