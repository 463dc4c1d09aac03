package solve

import (
	"sync"
	"sync/atomic"
)

// The parallel search (Options.Threads > 1) is ABDADA (Weill 1996) over
// the shared transposition table, in the simple form that keeps the
// "being searched" marks in a small table of their own rather than in the
// transposition table's entries:
//
//   - every thread runs the whole search of the position — the same
//     bisection by null windows, the same move order — and the first to
//     finish gives the score and halts the others;
//   - at a node with many empty cells (busyCells or more), a thread
//     searches the first move always, and puts off every later move whose
//     position another thread is searching at that moment, to search it
//     after the node's other moves. By then the other thread has usually
//     finished it and left its bound in the table, so the second search of
//     it is a table hit or a short one;
//   - the threads therefore spread over the moves of the nodes that need
//     them all (the fail-low nodes of a null-window search), where the
//     work divides, and meet at the nodes that a first move refutes,
//     where it does not.
//
// Putting a move off changes only the order in which a node searches its
// moves, and every entry of the table is a true bound of its position, so
// every thread's result is the exact score one thread finds; the node
// count varies from run to run.
//
// Lazy SMP — the same threads without the marks, the helpers' move order
// shuffled instead — searched 2.1 times one thread's nodes with two threads
// here (the null windows leave little for a helper to find that the main
// search does not search itself), so it was slower than one thread.
//
// Scaling. Two costs take the second thread's gain: nodes and the price
// of a node. Nodes: TestParallelLockstep runs the threads in lockstep on
// coroutines, one node each in turn — a model of idle cores of equal
// speed, deterministic and free of the machine's load; the first
// thread to finish stands for the wall time. On 4453 it gives 1.82×
// one thread's speed with 2 threads, 3.04× with 4, 4.75× with 8, 8.8×
// with 16 (1.10×, 1.32×, 1.68×, 1.82× the nodes in all); 1.61× with 2
// on the empty board (1.24× the nodes), 1.70× on 40 random middle-game
// positions. Since the root walks its probes from 0 (MTD(f), see
// bisect) the empty board models 1.45× (1.38× the nodes: 102 M on the
// critical path against one thread's 148 M) and 4453 1.63× (1.23×);
// marks from 12 empty cells, not 16, take the empty board's path to
// 95 M (4453 unchanged), but were slower in real runs (see busyCells;
// again in session 15: 13.5–14.8 s against 13.2–13.6 s, 2 threads, 3
// runs each, load 13). The price of a node: with both threads really
// running at once (chrt -f 1 on this 2-core machine shared with other work), a node
// costs about 1.2× what it costs one thread — 1.13× with two threads
// sharing nothing (the cores' common cache and memory), the rest the
// lines of the shared table that go from core to core; with atomic
// stores it was 1.4× (see store_norace.go), and marks at fewer nodes
// (busyCells) took another tenth off. So 2 threads measured 1.78× one
// thread's speed on 4453, 1.52× on the 40 positions, 1.55× on the empty
// board (1.26× the nodes), one run each (docs/performance.md); with the
// blocked-lines claimeven bound (session 16) the empty board 1.50–1.65×
// in three rounds (1.26–1.29× the nodes).
//
// On 16–64 cores expect the model's curve times the price of a node,
// which grows with the cores that share the table's lines and with the
// distance between them (sockets, chiplets): perhaps 6–7× at 16 cores
// and little more beyond. The threads meet on the first-move line of
// every node a first move refutes (the more threads, the more of them
// there); a node has at most 7 moves to share out, so only the nodes of
// many empty cells give each thread work of its own; the table is shared
// by all, so give many threads a large one (--table-mb of a few GB). The
// marks are not the limit: 2^busyBits slots for about threads × 40 marks
// at a time.

// busyCells: nodes with at least this many empty cells put off moves that
// another thread is searching. Below, the subtrees are too small for the
// marks to pay for their writes: the marks' lines go from core to core.
// 12 to 18 were within ±3 % of the nodes in the lockstep model; 16 rather
// than 12, with both threads running at once (chrt -f 1, 2 threads, 6
// alternated runs), took 4453 from 2.09 s to 1.90 s and the 40 random
// positions from 1.38 s to 1.28 s (3 runs), a node 10 % cheaper.
var busyCells = 16

// busyBits is the size of the table of marks, 2^busyBits words: a thread
// marks at most the positions of its line from the root (fewer than 40 on
// 7×6), so collisions (which only put off a move that need not be) stay
// rare up to 64 threads. Only the slots in use are ever in the cache.
const busyBits = 14

// busyTable marks the positions that some thread is searching, by key
// (key 0, an empty board, is never marked: only children are). Two
// threads may mark the same position, or two positions the same slot; the
// first to leave clears the mark. The marks only steer the threads, so an
// approximate table costs some nodes, never a wrong score.
type busyTable struct {
	slot [1 << busyBits]uint64 // read atomically, written by store64
}

func busyIndex(key uint64) uint64 { return key * 0x9e3779b97f4a7c15 >> (64 - busyBits) }

// searching reports whether another thread is searching the position of key.
func (t *busyTable) searching(key uint64) bool {
	return atomic.LoadUint64(&t.slot[busyIndex(key)]) == key
}

// enter marks key as being searched.
func (t *busyTable) enter(key uint64) { store64(&t.slot[busyIndex(key)], key) }

// leave clears key's mark, if the slot still holds it.
func (t *busyTable) leave(key uint64) {
	if e := &t.slot[busyIndex(key)]; atomic.LoadUint64(e) == key {
		store64(e, 0)
	}
}

// cacheLine is a cache line's size, rounded up to cover the pairs of
// lines that some processors fetch together.
const cacheLine = 128

// addHelpers makes s search with threads goroutines (threads > 1): the
// helpers share g, the tables, the book and the marks.
func (s *C4Solver) addHelpers(threads int) {
	s.t.shared, s.near.shared = true, true
	s.halt = new(atomic.Bool)
	s.busy = new(busyTable)
	s.busyPly = s.g.cells - busyCells
	for i := 1; i < threads; i++ {
		// Each helper on cache lines of its own: it writes its node
		// counter at every node, and the others read their fields
		// (stopped, the tables) at every node. Allocated one after the
		// other, helpers of 176 bytes shared lines, so that with three
		// threads or more a line went from core to core at each node.
		p := new(struct {
			_ [cacheLine]byte
			s C4Solver
			_ [cacheLine]byte
		})
		p.s = *s
		s.helpers = append(s.helpers, &p.s)
	}
}

// onEveryThread runs search on s and its helpers at once: the first to
// finish gives the result and halts the others; false if none finished
// (the context ended). Without helpers it is search(s).
func (s *C4Solver) onEveryThread(search func(*C4Solver) (int, bool)) (int, bool) {
	if len(s.helpers) == 0 {
		return search(s)
	}
	s.halt.Store(false)
	var (
		once   sync.Once
		result int
		found  bool
		wg     sync.WaitGroup
	)
	finish := func(v int, ok bool) {
		if ok {
			once.Do(func() { result, found = v, true })
		}
		s.halt.Store(true)
	}
	for _, h := range s.helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			finish(search(h))
		}()
	}
	finish(search(s))
	wg.Wait()
	return result, found
}
