package gomokuengine

import "time"

// The time manager: how long one move may take under Gomocup's controls
// (timeout_turn, timeout_match, time_left), and, while the deepening
// runs, whether another iteration is worth starting. It reads no clock
// itself: the search passes the elapsed time in, so a test can drive it
// with a fake one.

// Time manager constants. The margins are what the search keeps back for
// what happens outside it: the manager's pipe, the process being
// scheduled late on a loaded machine, the garbage collector, and the
// check that the chosen move does not lose to a threat sequence (which
// runs late in the deepening or after it, up to the hard limit). Session
// 58 measured them with pbrain's time log under two matches on two cores
// (15,362 moves at 0.2 s and 1 s a turn): apart from the time the
// hypervisor stole, no move came back more than 4 ms past its hard limit
// at 1 s, nor more than 17 ms at 0.2 s (with builds beside the matches at
// a higher priority). An eighth of a 1 s turn (125 ms) kept back four
// times the 30 ms that covers that. A stopped virtual machine (100 ms or
// more stolen from a 0.2 s move, three times in 24,509) is beyond any
// margin a turn can spare (docs/performance.md, session 58).
const (
	defaultTurn   = 5 * time.Second       // no turn and no match limit: an analysis default
	turnMargin    = 30 * time.Millisecond // at least this much of a turn is never used
	turnMarginDiv = 32                    // nor less than a thirty-second of it
	matchReserve  = 50 * time.Millisecond // kept back from time_left for the game's end
	moveOverhead  = 10 * time.Millisecond // what each move still to come may cost outside the search
	reserveMoves  = 60                    // the own moves moveOverhead is kept back for
	minMovesToGo  = 10                    // a game always has at least this many own moves left, as far as the clock knows
)

// Allotment is the time given to one move.
type Allotment struct {
	// Optimum is the time a move takes under a match clock when the
	// best move is stable: no iteration starts after Optimum times the
	// instability factor.
	Optimum time.Duration
	// Maximum is never exceeded: inside timeout_turn and what is left of
	// the match, each less its margin.
	Maximum time.Duration
	// Match says a match clock governs: time saved now is spent later,
	// so a stable best move stops the deepening early. Under a turn limit
	// alone time not spent is lost: the deepening goes on to its hard
	// limit.
	Match bool
}

// movesToGo is the number of own moves the clock expects still to make:
// games on the Gomocup boards end after some 60 to 120 stones, so the
// expectation shrinks as the board fills, never below minMovesToGo
// unless the board has fewer points left.
func movesToGo(stones, cells int) int {
	return max(1, min(max(minMovesToGo, 40-stones/6), (cells-stones+1)/2))
}

// deepening is the part of Maximum the deepening may use: the search cuts
// it there, and the rest is kept for checking that the chosen move does
// not lose to a threat sequence.
func (a Allotment) deepening() time.Duration { return a.Maximum * 4 / 5 }

// checkedDeepening is the part of Maximum the deepening may use once the
// best move has been checked during it (see Engine.search): a check is
// then needed at the end only if a later iteration changes the move,
// which an iteration cut short rarely does, and if that check cannot
// finish (there is little time left for it) the checked move is played.
func (a Allotment) checkedDeepening() time.Duration { return a.Maximum * 97 / 100 }

// Allot divides the time: stones are on the board of cells points.
// TurnTime 0 means no turn limit; MatchTime 0 no match limit; TimeLeft 0
// with a MatchTime means nothing of the match is spent yet. With neither
// limit a move takes defaultTurn.
func (l Limits) Allot(stones, cells int) Allotment {
	var a Allotment
	turn := l.TurnTime
	if turn <= 0 && l.MatchTime <= 0 {
		turn = defaultTurn
	}
	maximum := time.Duration(1<<63 - 1)
	if turn > 0 {
		maximum = turn - max(turnMargin, turn/turnMarginDiv)
		if maximum < turn/2 { // a very short turn: half of it rather than nothing
			maximum = turn / 2
		}
	}
	optimum := maximum / 2
	if l.MatchTime > 0 {
		a.Match = true
		left := l.TimeLeft
		if left <= 0 {
			left = l.MatchTime
		}
		// The reserve pays for the overhead of every move the game may
		// still take (up to reserveMoves), so that a match in which every
		// search runs to its maximum still does not lose on time; once
		// time_left is below it, the moves are as fast as can be.
		togo := movesToGo(stones, cells)
		avail := left - matchReserve - time.Duration(min(reserveMoves, (cells-stones+1)/2))*moveOverhead
		if avail <= 0 {
			return Allotment{Optimum: time.Millisecond, Maximum: time.Millisecond, Match: true}
		}
		// a move may take up to 2.5 times its share, never more than a
		// quarter of what is left
		optimum = min(optimum, avail/time.Duration(togo))
		maximum = min(maximum, optimum*5/2, avail/4)
	}
	a.Optimum, a.Maximum = max(optimum, time.Millisecond), max(maximum, time.Millisecond)
	return a
}

// Budget returns the time the search may use: the hard limit (never
// exceeded, well inside the turn and the match time) and the soft one
// (no new iteration starts after it when the best move is steady).
func (l Limits) Budget(stones, cells int) (hard, soft time.Duration) {
	a := l.Allot(stones, cells)
	return a.Maximum, a.Optimum
}

// timeManager follows one search's deepening.
type timeManager struct {
	Allotment
	best     int     // the best move of the last iteration, -1 before the first
	score    int     // its score
	unstable float64 // changes of the best move, each worth half as much an iteration later
	drop     bool    // the last iteration's score fell
	only     bool    // the root has a single move worth searching
	checked  bool    // a best move passed the threat check during the deepening
}

// end is where the deepening is cut: later once a best move is checked.
func (t *timeManager) end() time.Duration {
	if t.checked {
		return t.checkedDeepening()
	}
	return t.deepening()
}

func newTimeManager(a Allotment) *timeManager {
	return &timeManager{Allotment: a, best: -1}
}

// factor is how much of Optimum the deepening may use now under a match
// clock: from a half (a best move that has not changed for several
// iterations) to two and a half (one that keeps changing), and more
// after a drop of the score.
func (t *timeManager) factor() float64 {
	return min(0.5+t.unstable, 2.5) // unstable is never negative
}

// iteration records the best move and the score of an iteration that
// finished.
func (t *timeManager) iteration(best, score int) {
	t.drop = false
	if t.best >= 0 {
		t.unstable /= 2
		if best != t.best {
			t.unstable++
		}
		t.drop = score < t.score-50 // the previous best turned out worse: look further
	} else {
		t.unstable = 0.5 // nothing is known yet: the plain optimum
	}
	t.best, t.score = best, score
}

// resume says whether a deepening cut at its unchecked end at elapsed,
// whose best move has then passed the check, goes on to the checked end:
// under a turn limit alone, where time not spent is lost, while a
// sixteenth of the maximum is left before that end. (Under a match clock
// the time is kept for later moves.) At 0.2 s a turn one thinking move
// in eight ended at the unchecked end with a fifth of its turn unused
// (issue 23, session 60).
func (t *timeManager) resume(elapsed time.Duration) bool {
	return !t.Match && !t.checked && elapsed+t.Maximum/16 < t.checkedDeepening()
}

// more says whether another iteration may start at elapsed: under a turn
// limit alone until the deepening's hard limit (4/5 of the maximum, 97/100
// once a best move is checked, where the search cuts the iteration short;
// a cut iteration still tells when a move beat the best so far), under a
// match clock until the optimum times the factor.
func (t *timeManager) more(elapsed time.Duration) bool {
	if t.only {
		return false
	}
	if !t.Match {
		return elapsed < t.end()
	}
	f := t.factor()
	if t.drop {
		f *= 1.5
	}
	return elapsed < min(time.Duration(float64(t.Optimum)*f), t.end())
}
