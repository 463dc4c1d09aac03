package pbrain

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// The watchdog answers a move whose search does not return in time.
//
// The search stops itself at its plan (the allotment's maximum, 30 ms
// short of a 200 ms turn), past it by the machine's scheduling delays and
// now and then by some 30 ms more (session 62). Yet once in 2,880 games
// under c-gomoku-cli (session 61) the brain stayed silent for ten seconds
// on a move it answers in 0.2 s whenever it is replayed, and lost on
// time. A manager counts a silent brain as lost whatever the cause, so
// the brain keeps a clock outside the search: at the plan and cancelGrace
// it cancels the search's context; from the plan and answerGrace, or the
// turn's end less answerEarly if that is later, it answers for the
// search (when, below) with the best move of its last finished
// iteration, or else the free point nearest the last stone, and writes
// the stacks of every goroutine to the time log so that the cause shows
// the next time. The
// search it answered for keeps its engine until it returns; if it has not
// by the next command that needs one, the brain takes a fresh engine (and
// loses the tables of the game so far, once).
//
// A search that is late only because the process was kept off the CPU
// (a loaded machine, a hypervisor's steal) will answer as soon as it runs
// again: its clock is past. So the watchdog answers for it only once the
// process has had the CPU time for the search's plan and cancelGrace
// since the turn began — a search that spins on without stopping — or,
// if it has not, starvedWait after answerAt — a search that is blocked,
// or a process starved that long (c-gomoku-cli's default tolerance of 3 s
// allows a turn 1.5 s of overrun). answerGrace keeps the watchdog past the
// scheduling delays of a search that was runnable (tens of milliseconds
// on a loaded 2-core machine, the time logs of sessions 57–61). At 0.2 s
// a turn it answers a spinning search 20 ms past the turn; at longer
// turns, 5 ms before its end.
const (
	cancelGrace = 10 * time.Millisecond
	answerGrace = 50 * time.Millisecond
	answerEarly = 5 * time.Millisecond
	starvedWait = time.Second
	recheck     = 10 * time.Millisecond // between looks past answerAt
)

// A guard is the watchdog of one move's search.
type guard struct {
	at       time.Time     // the turn's start (think's at.wall)
	cancelAt time.Duration // from at: cancel the search's context
	answerAt time.Duration // from at: answer for the search (due)
	planned  time.Duration
	cpu0     time.Duration        // the process's CPU time when the guard was made, -1 if not known
	cpu      func() time.Duration // the process's CPU time now (processCPU but in tests)

	mu       sync.Mutex
	answered bool // the move is answered (by the search or the watchdog)
	rescued  bool // … by the watchdog
	best     inarow.Move
	depth    int
	rescue   func()        // answers for the search (Brain.rescue)
	fired    chan struct{} // closed once the watchdog's answer is out
}

// newGuard is the guard of a search planned to take planned from at, in
// a turn of turn (0: no turn limit); cpu reads the process's CPU time.
func newGuard(at time.Time, planned, turn time.Duration, cpu func() time.Duration) *guard {
	answer := planned + answerGrace
	if turn > 0 {
		answer = max(answer, turn-answerEarly)
	}
	return &guard{at: at, cancelAt: planned + cancelGrace, answerAt: answer, planned: planned,
		cpu0: cpu(), cpu: cpu, best: -1, fired: make(chan struct{})}
}

// due says the watchdog is to answer now (it is answerAt or later): the
// process has had the CPU time for the search's plan since the turn
// began, or it is starvedWait past answerAt, or the CPU time is not known.
func (g *guard) due() bool {
	if time.Since(g.at) >= g.answerAt+starvedWait {
		return true
	}
	now := g.cpu()
	return now < 0 || g.cpu0 < 0 || now-g.cpu0 >= g.planned+cancelGrace
}

// ifOpen runs print while the move is not answered, holding the guard:
// the search's progress and root lines are printed only while it is, and
// none after the watchdog's answer (claim waits for a line being
// printed), so none after Run returns either.
func (g *guard) ifOpen(print func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.answered {
		print()
	}
}

// note keeps the first move of a finished iteration's PV as the
// watchdog's answer.
func (g *guard) note(in gomokuengine.Info) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(in.PV) > 0 {
		g.best, g.depth = in.PV[0], in.Depth
	}
}

// claim takes the right to answer the move; false if it is taken.
func (g *guard) claim(rescue bool) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.answered {
		return false
	}
	g.answered, g.rescued = true, rescue
	return true
}

// wasRescued says the watchdog answered the move.
func (g *guard) wasRescued() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rescued
}

// watch starts the guard's clocks: cancel at cancelAt, then, if the
// search has not answered by answerAt, once due, g.rescue (which
// answers) and close fired. stop stops what has not run.
func (g *guard) watch(cancel context.CancelFunc) (stop func()) {
	left := func(d time.Duration) time.Duration { return d - time.Since(g.at) }
	t1 := time.AfterFunc(left(g.cancelAt), cancel)
	quit := make(chan struct{})
	go func() {
		wait := time.NewTimer(left(g.answerAt))
		defer wait.Stop()
		for {
			select {
			case <-quit:
				return
			case <-wait.C:
			}
			if g.due() {
				break
			}
			wait.Reset(recheck)
		}
		if g.claim(true) {
			g.rescue()
			close(g.fired)
		}
	}()
	var once sync.Once
	return func() { t1.Stop(); once.Do(func() { close(quit) }) }
}

// until is closed once the move is answered and the brain may go on:
// when the search (done) returned having answered, or when the watchdog
// answered for it (fired), whether or not the search returned since.
func (g *guard) until(done <-chan struct{}) chan struct{} {
	c := make(chan struct{})
	go func() {
		defer close(c)
		select {
		case <-g.fired:
		case <-done:
			if g.wasRescued() { // the search returned as the watchdog answered
				<-g.fired
			}
		}
	}()
	return c
}

// rescue answers the move g guards in p for a search that has not
// returned (on the watchdog's goroutine: the brain's own is waiting for
// the search or for g.fired), and logs why with every goroutine's stack.
func (b *Brain) rescue(g *guard, p inarow.Position, planned, waited time.Duration, at usage) {
	g.mu.Lock()
	m, depth := g.best, g.depth
	g.mu.Unlock()
	how := fmt.Sprintf("the search's move of depth %d", depth)
	if m < 0 || !p.Legal(m) {
		x, y := b.lastStone()
		m, how = nearestFree(p, b.rule == gomoku.Renju, x, y), "the free point nearest the last stone"
	}
	b.answer(p, m, planned, waited, at, false)
	if b.log == nil {
		return
	}
	stacks := make([]byte, 1<<20)
	stacks = stacks[:runtime.Stack(stacks, true)]
	b.omu.Lock()
	defer b.omu.Unlock()
	fmt.Fprintf(b.log, "watchdog at %s: move %d not answered by the search %.1f ms after its command (plan %.1f ms); answered %s; the search is abandoned; goroutines:\n%s",
		logTime(time.Now()), b.played, float64(time.Since(at.wall))/1e6, float64(planned)/1e6, how, indent(string(stacks)))
}

// indent prefixes every line of s with two spaces (the time log's lines
// that are not its own start in column 0).
func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	return "  " + strings.ReplaceAll(s, "\n", "\n  ") + "\n"
}

// lastStone is the last stone given to the brain (a BOARD's last line,
// TURN's move, or its own last move), or -1,-1 for none.
func (b *Brain) lastStone() (x, y int) {
	if len(b.stones) == 0 {
		return -1, -1
	}
	s := b.stones[len(b.stones)-1]
	return s.x, s.y
}

// nearestFree is the point of p nearest (x, y) — the centre for -1,-1 —
// where the side to move may play: free, and for black under renju not
// forbidden. If every free point is forbidden, black has lost anyway and
// plays the nearest free one. p must have a free point.
func nearestFree(p inarow.Position, renju bool, x, y int) inarow.Move {
	r := p.Rules()
	if x < 0 {
		x, y = r.Cols/2, r.Rows/2
	}
	forbidden := map[inarow.Move]bool{}
	if renju && p.ToMove() == inarow.First {
		for _, f := range gomoku.Forbidden(p) {
			forbidden[f.Move] = true
		}
	}
	best, bestD, free, freeD := inarow.Move(-1), 1<<30, inarow.Move(-1), 1<<30
	for cy := range r.Rows {
		for cx := range r.Cols {
			m := r.MoveAt(cx, cy)
			if !p.Legal(m) {
				continue
			}
			d := max(abs(cx-x), abs(cy-y))
			if d < freeD {
				free, freeD = m, d
			}
			if d < bestD && !forbidden[m] {
				best, bestD = m, d
			}
		}
	}
	if best < 0 {
		return free
	}
	return best
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
