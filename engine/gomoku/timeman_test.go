package gomokuengine

import (
	"testing"
	"time"
)

const ms = time.Millisecond

// TestAllot checks the allotment's arithmetic against the controls of
// Gomocup and c-gomoku-cli: never past the turn less its margin, never
// past a quarter of what is left of the match, and an optimum that is a
// share of the time left over the moves to come.
func TestAllot(t *testing.T) {
	for _, c := range []struct {
		name             string
		lim              Limits
		stones, cells    int
		optimum, maximum time.Duration
		match            bool
	}{
		{"no limit", Limits{}, 10, 225, 2421875 * time.Microsecond, 4843750 * time.Microsecond, false},
		{"turn 200ms", Limits{TurnTime: 200 * ms}, 10, 225, 85 * ms, 170 * ms, false},
		{"turn 1s", Limits{TurnTime: time.Second}, 10, 225, 484375 * time.Microsecond, 968750 * time.Microsecond, false},
		{"turn 40ms: half of it", Limits{TurnTime: 40 * ms}, 10, 225, 10 * ms, 20 * ms, false},
		{"turn 1ms", Limits{TurnTime: ms}, 10, 225, ms, ms, false},
		// Gomocup's freestyle league: 30 s a move, 180 s a match, 20×20.
		// 40 moves to go; 50 ms + 60 moves × 10 ms kept back:
		// (180 s - 650 ms)/40, and 2.5 times that at most
		{"match start", Limits{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second}, 0, 400, 4483750 * time.Microsecond, 11209375 * time.Microsecond, true},
		// 40-60/6 = 30 to go: (90 s - 650 ms)/30
		{"match half spent", Limits{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second, TimeLeft: 90 * time.Second}, 60, 400, 2978333333, 7445833332, true},
		// 10 moves to go at least: (2 s - 650 ms)/10
		{"match late", Limits{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second, TimeLeft: 2 * time.Second}, 200, 400, 135 * ms, 337500 * time.Microsecond, true},
		// 50 ms above the reserve: a quarter of it at most
		{"match nearly out", Limits{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second, TimeLeft: 700 * ms}, 200, 400, 5 * ms, 12500 * time.Microsecond, true},
		// below the reserve: as fast as can be
		{"match in the reserve", Limits{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second, TimeLeft: 600 * ms}, 200, 400, ms, ms, true},
		{"time_left 1ms", Limits{MatchTime: 180 * time.Second, TimeLeft: ms}, 200, 400, ms, ms, true},
		// a turn limit tighter than the match's share
		{"turn binds", Limits{TurnTime: 200 * ms, MatchTime: 180 * time.Second}, 20, 225, 85 * ms, 170 * ms, true},
		// the match alone: no turn limit
		{"match only", Limits{MatchTime: 60 * time.Second}, 0, 225, 1483750 * time.Microsecond, 3709375 * time.Microsecond, true},
		// a small board: fewer moves to go, and less kept back
		{"small board", Limits{MatchTime: 10 * time.Second, TimeLeft: 10 * time.Second}, 15, 25, 1980 * ms, 2475 * ms, true},
	} {
		a := c.lim.Allot(c.stones, c.cells)
		if a.Optimum != c.optimum || a.Maximum != c.maximum || a.Match != c.match {
			t.Errorf("%s: got %v/%v match %v, want %v/%v match %v", c.name, a.Optimum, a.Maximum, a.Match, c.optimum, c.maximum, c.match)
		}
		if a.Optimum > a.Maximum {
			t.Errorf("%s: optimum %v above the maximum %v", c.name, a.Optimum, a.Maximum)
		}
		if c.lim.TurnTime > ms && a.Maximum > c.lim.TurnTime-min(turnMargin, c.lim.TurnTime/2) {
			t.Errorf("%s: maximum %v leaves no margin in a %v turn", c.name, a.Maximum, c.lim.TurnTime)
		}
		if c.lim.MatchTime > 0 && c.lim.TimeLeft > 4*ms && a.Maximum > max(c.lim.TimeLeft/4, ms) {
			t.Errorf("%s: maximum %v is more than a quarter of the %v left", c.name, a.Maximum, c.lim.TimeLeft)
		}
	}
}

// TestAllotWholeMatch plays long games on a fake clock (100 own moves
// on 20×20), every move taking its maximum (the worst case: each search
// cut at its hard limit) plus the overhead the allotment assumes: the
// clock never runs out, and no move exceeds the turn.
func TestAllotWholeMatch(t *testing.T) {
	for _, lim := range []Limits{
		{TurnTime: 30 * time.Second, MatchTime: 180 * time.Second},
		{TurnTime: 5 * time.Second, MatchTime: 30 * time.Second},
		{TurnTime: 500 * ms, MatchTime: 10 * time.Second},
		{MatchTime: 5 * time.Second},
	} {
		left := lim.MatchTime
		for stones := 0; stones < 200; stones += 2 {
			l := lim
			l.TimeLeft = left
			a := l.Allot(stones, 400)
			if lim.TurnTime > 0 && a.Maximum >= lim.TurnTime {
				t.Fatalf("%v: move %d may take %v of a %v turn", lim, stones/2, a.Maximum, lim.TurnTime)
			}
			left -= a.Maximum + moveOverhead
			if left <= 0 {
				t.Fatalf("%v: out of time at move %d", lim, stones/2)
			}
		}
	}
}

// TestTimeManagerInstability drives the deepening's stop rule with a
// fake clock: a steady best move stops early under a match clock, and
// under a turn limit alone the deepening goes on to 4/5 of the maximum;
// a best move that keeps changing extends the time, up to 4/5 of the
// maximum; a single move stops at once.
func TestTimeManagerInstability(t *testing.T) {
	match := Allotment{Optimum: 100 * ms, Maximum: 300 * ms, Match: true}
	turn := Allotment{Optimum: 100 * ms, Maximum: 200 * ms}
	// iterations run with the given best moves; the last one finishes at
	// elapsed: may another start?
	run := func(a Allotment, bests []int, elapsed time.Duration) bool {
		tm := newTimeManager(a)
		for _, b := range bests {
			tm.iteration(b, 0)
		}
		return tm.more(elapsed)
	}
	steady := []int{5, 5, 5, 5, 5, 5}
	changing := []int{5, 6, 5, 7, 8, 9}
	for _, c := range []struct {
		name    string
		a       Allotment
		bests   []int
		elapsed time.Duration
		want    bool
	}{
		{"first iteration: the optimum", match, []int{5}, 99 * ms, true},
		{"first iteration past the optimum", match, []int{5}, 101 * ms, false},
		{"steady, match: stops at about half", match, steady, 60 * ms, false},
		{"steady, match: goes on early", match, steady, 45 * ms, true},
		{"steady, turn only: past the optimum", turn, steady, 101 * ms, true},
		{"steady, turn only: on to 4/5 of the maximum", turn, steady, 159 * ms, true},
		{"steady, turn only: not past it", turn, steady, 161 * ms, false},
		{"first iteration, turn only: on to 4/5 of the maximum", turn, []int{5}, 159 * ms, true},
		{"changing: goes on past the optimum", match, changing, 180 * ms, true},
		{"changing: not past 4/5 of the maximum", match, changing, 241 * ms, false},
		{"changing, turn: capped at 4/5 of the maximum", turn, changing, 161 * ms, false},
	} {
		if got := run(c.a, c.bests, c.elapsed); got != c.want {
			t.Errorf("%s: more at %v = %v, want %v", c.name, c.elapsed, got, c.want)
		}
	}
	tm := newTimeManager(match)
	tm.iteration(5, 100)
	tm.iteration(5, 20) // the score fell: half as long again
	if !tm.more(110 * ms) {
		t.Error("a falling score did not extend the time")
	}
	tm.only = true
	if tm.more(0) {
		t.Error("a single candidate did not stop the deepening")
	}
}

// TestTimeManagerChecked: once a best move has passed the threat check
// during the deepening, the deepening may go on to 97/100 of the maximum
// instead of 4/5, under a turn limit and under a match clock alike.
func TestTimeManagerChecked(t *testing.T) {
	for _, c := range []struct {
		name      string
		a         Allotment
		bests     []int
		was, ends time.Duration
	}{
		{"turn", Allotment{Optimum: 100 * ms, Maximum: 200 * ms}, []int{5, 5}, 160 * ms, 194 * ms},
		{"match, changing", Allotment{Optimum: 120 * ms, Maximum: 300 * ms, Match: true}, []int{5, 6, 5, 7, 8, 9}, 240 * ms, 291 * ms},
	} {
		tm := newTimeManager(c.a)
		for _, b := range c.bests {
			tm.iteration(b, 0)
		}
		if tm.end() != c.was || !tm.more(c.was-ms) || tm.more(c.was+ms) {
			t.Errorf("%s: unchecked, the deepening ends at %v, want %v", c.name, tm.end(), c.was)
		}
		tm.checked = true
		if tm.end() != c.ends || !tm.more(c.ends-ms) || tm.more(c.ends+ms) {
			t.Errorf("%s: checked, the deepening ends at %v, want %v", c.name, tm.end(), c.ends)
		}
	}
}

// TestTimeManagerResume: a deepening cut at its unchecked end goes on to
// the checked end under a turn limit while a sixteenth of the maximum is
// left before it; not under a match clock, nor once checked.
func TestTimeManagerResume(t *testing.T) {
	turn := newTimeManager(Limits{TurnTime: 200 * ms}.Allot(20, 225)) // maximum 170 ms
	if turn.Match || turn.Maximum != 170*ms {
		t.Fatalf("a 200 ms turn: %+v", turn.Allotment)
	}
	// the checked end 164.9 ms, a sixteenth of the maximum 10.625 ms
	for _, c := range []struct {
		at   time.Duration
		want bool
	}{{136 * ms, true}, {140 * ms, true}, {154 * ms, true}, {155 * ms, false}, {170 * ms, false}} {
		if got := turn.resume(c.at); got != c.want {
			t.Errorf("a 200 ms turn cut at %v: resume %v, want %v", c.at, got, c.want)
		}
	}
	turn.checked = true
	if turn.resume(136 * ms) {
		t.Error("a checked deepening resumes")
	}
	match := newTimeManager(Limits{TurnTime: 200 * ms, MatchTime: 60 * time.Second, TimeLeft: 30 * time.Second}.Allot(20, 225))
	if !match.Match || match.resume(match.deepening()) {
		t.Errorf("a match clock's deepening resumes: %+v", match.Allotment)
	}
}
