package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/store"
)

// Friend games with clocks (issue 21). The server keeps the time: each
// move stores the mover's time left (increment included) and the moment
// the next mover's time runs out. Each side's first move is not timed:
// the clocks start once both have moved, so that nobody loses on time
// before both have come (a friend who has yet to open the invite link);
// from then on the side to move's clock runs from the previous move's
// stored time. A flag falls when the side to move's time
// reaches zero: whoever notices first records it as a forfeit with
// flagReason, by the store's compare-and-swap, so of two servers sharing
// a database exactly one records it and both then read it. Noticing is a
// timer of this process for every running clock it has seen, a sweep of
// the store's running clocks at start-up and every sweepEvery (which
// finds the games another process was watching when it died), and every
// load of a game (a read, an event stream, a move).

// Clock is the server's source of time: the game clocks, their timers and
// the rate limits. Tests pass a fake one.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f (in a goroutine of its own) once d has passed and
	// returns a function that cancels the call if it has not started.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// systemClock is the real time, or Options.Now when only that was given.
type systemClock struct{ now func() time.Time }

func (c systemClock) Now() time.Time { return c.now() }
func (c systemClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// flagReason is the stored reason of a loss on time.
const flagReason = "ran out of time"

// TimeControls are the controls a friend game may be created with, as
// "minutes+increment seconds"; "" or "none" is no clock.
var TimeControls = []string{"3+2", "5+3", "10+5", "15+10"}

// parseControl reads a time control "M+S": M minutes (a decimal number
// for the tests' short controls) and S seconds of increment.
func parseControl(text string) (store.Clock, error) {
	m, s, ok := strings.Cut(text, "+")
	minutes, err1 := strconv.ParseFloat(m, 64)
	inc, err2 := strconv.ParseFloat(s, 64)
	if !ok || err1 != nil || err2 != nil || !(minutes > 0) || !(inc >= 0) || minutes > 24*60 || inc > 3600 ||
		math.IsInf(minutes, 0) || math.IsInf(inc, 0) {
		return store.Clock{}, fmt.Errorf("time control %q is not minutes+seconds such as 5+3", text)
	}
	return store.Clock{
		Initial:   time.Duration(minutes * float64(time.Minute)).Truncate(time.Millisecond),
		Increment: time.Duration(inc * float64(time.Second)).Truncate(time.Millisecond),
	}, nil
}

// formatControl writes a clock as its "M+S" name.
func formatControl(c store.Clock) string {
	return strconv.FormatFloat(c.Initial.Minutes(), 'f', -1, 64) + "+" + strconv.FormatFloat(c.Increment.Seconds(), 'f', -1, 64)
}

// control checks a create request's "clock" against the controls this
// server offers (TimeControls and Options.TimeControls).
func (s *Server) control(text, opponent string, moves bool) (store.Clock, error) {
	text = strings.TrimSpace(text)
	if text == "" || text == "none" {
		return store.Clock{}, nil
	}
	if opponent != "friend" {
		return store.Clock{}, errors.New(`"clock" is for games against a friend`)
	}
	if moves {
		return store.Clock{}, errors.New(`a game with a "clock" starts from the empty board (no "moves" or "record")`)
	}
	for _, name := range append(TimeControls[:len(TimeControls):len(TimeControls)], s.opt.TimeControls...) {
		if name == text {
			return parseControl(text)
		}
	}
	return store.Clock{}, fmt.Errorf("unknown time control %q (want none, %s)", text, strings.Join(TimeControls, ", "))
}

// untimed counts the moves before the clocks run: each side's first.
const untimed = 2

// clocks is where a game's clocks stand at a moment.
type clocks struct {
	left     [2]time.Duration // each seat's time left
	running  int              // the seat whose clock runs, -1 for none
	deadline time.Time        // when running's time runs out
}

// clocksAt returns st's clocks at now; ok is false for a game without a
// clock.
func clocksAt(st *state, now time.Time) (c clocks, ok bool) {
	g := st.g
	if g.Clock == (store.Clock{}) {
		return c, false
	}
	c.left = [2]time.Duration{g.Clock.Initial, g.Clock.Initial}
	for i, m := range g.Moves {
		c.left[i%2] = m.Left // moves alternate from the first seat
	}
	c.running = -1
	n := len(g.Moves)
	switch {
	case g.Forfeit != nil:
		if g.Forfeit.Reason == flagReason {
			c.left[g.Forfeit.Seat] = 0
		}
	case n >= untimed && !st.pos.Over():
		c.running = n % 2
		c.deadline = g.Moves[n-1].At.Add(c.left[c.running])
		c.left[c.running] = max(0, c.deadline.Sub(now))
	}
	return c, true
}

// errFlag refuses a move made after the mover's time ran out.
var errFlag = errors.New("your time ran out before the move arrived: the game is lost on time")

// timed returns the move m of st made at now, with its clock: the mover's
// time left and the next mover's deadline (none when next, the position
// after it, is over). It returns errFlag when the mover's time ran out.
func timed(st *state, m inarow.Move, next inarow.Position, now time.Time) (store.Move, error) {
	mv := store.Move{Cell: int(m)}
	c, ok := clocksAt(st, now)
	if !ok {
		return mv, nil // the store stamps At
	}
	mv.At = now
	seat := len(st.g.Moves) % 2
	switch {
	case len(st.g.Moves) < untimed: // a side's first move: not timed
		mv.Left = c.left[seat]
	case !now.Before(c.deadline):
		return mv, errFlag
	default:
		mv.Left = c.left[seat] + st.g.Clock.Increment
	}
	if !next.Over() && len(st.g.Moves)+1 >= untimed {
		mv.Deadline = now.Add(c.left[1-seat])
	}
	return mv, nil
}

// settle records the loss on time of st's side to move if its time has
// run out, and otherwise watches its deadline; it returns the game as it
// then is. A lost race (another process moved or recorded the flag
// first) reloads the game and looks again.
func (s *Server) settle(ctx context.Context, st *state) (*state, error) {
	c, ok := clocksAt(st, s.opt.Clock.Now())
	if !ok || c.running < 0 {
		return st, nil
	}
	if c.left[c.running] > 0 {
		s.flags.watch(st.g.ID, c.deadline)
		return st, nil
	}
	version, err := s.store.Forfeit(context.WithoutCancel(ctx), st.g.ID, st.g.Version, c.running, flagReason)
	if errors.Is(err, store.ErrConflict) {
		return s.load(ctx, st.g.ID)
	}
	if err != nil {
		return nil, err
	}
	s.hub.publish(st.g.ID)
	s.log.Info("flag fell", "id", st.g.ID, "seat", seatNames[c.running])
	g := *st.g
	g.Version = version
	g.Forfeit = &store.Forfeit{Seat: c.running, Reason: flagReason, At: s.opt.Clock.Now()}
	return &state{g: &g, set: st.set, pos: st.pos}, nil
}

// flagTimers holds a timer for every running clock this process has
// seen, which loads the game (and so settles it) at its deadline.
type flagTimers struct {
	s      *Server
	ctx    context.Context // ends with the server
	mu     sync.Mutex
	timers map[string]flagTimer
	sweep  func() bool    // stops the next periodic sweep
	busy   sync.WaitGroup // the timers' checks and sweeps under way
}

// sweepEvery is how often a server reads the store's running clocks: one
// indexed query, for the games whose watching process died.
const sweepEvery = time.Minute

type flagTimer struct {
	at   time.Time
	stop func() bool
}

func newFlagTimers(s *Server, ctx context.Context) *flagTimers {
	return &flagTimers{s: s, ctx: ctx, timers: map[string]flagTimer{}}
}

// watch makes sure game id is looked at again at deadline at (replacing
// the timer of an earlier deadline).
func (f *flagTimers) watch(id string, at time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ctx.Err() != nil {
		return
	}
	if t, ok := f.timers[id]; ok {
		if t.at.Equal(at) {
			return
		}
		t.stop()
	}
	stop := f.s.opt.Clock.AfterFunc(at.Sub(f.s.opt.Clock.Now()), func() {
		f.mu.Lock()
		if t, ok := f.timers[id]; ok && t.at.Equal(at) {
			delete(f.timers, id)
		}
		if f.ctx.Err() != nil { // the server closed
			f.mu.Unlock()
			return
		}
		f.busy.Add(1)
		f.mu.Unlock()
		defer f.busy.Done()
		f.s.check(f.ctx, id)
	})
	f.timers[id] = flagTimer{at: at, stop: stop}
}

// sweepLater arms the next periodic sweep.
func (f *flagTimers) sweepLater() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ctx.Err() != nil {
		return
	}
	f.sweep = f.s.opt.Clock.AfterFunc(sweepEvery, func() {
		f.mu.Lock()
		if f.ctx.Err() != nil {
			f.mu.Unlock()
			return
		}
		f.busy.Add(1)
		f.mu.Unlock()
		defer f.busy.Done()
		f.s.sweepFlags(f.ctx)
		f.sweepLater()
	})
}

// stopAll cancels the timers and waits for the checks under way; the
// server's context has ended (at Close), so no timer starts again.
func (f *flagTimers) stopAll() {
	f.mu.Lock()
	if f.sweep != nil {
		f.sweep()
	}
	for id, t := range f.timers {
		t.stop()
		delete(f.timers, id)
	}
	f.mu.Unlock()
	f.busy.Wait()
}

// check loads game id, which settles its clock, logging a failure.
func (s *Server) check(ctx context.Context, id string) {
	if ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := s.load(ctx, id); err != nil && ctx.Err() == nil {
		s.log.Error("checking a game's clock", "id", id, "err", err)
	}
}

// sweepFlags looks at every game whose clock runs (at start-up, then
// every sweepEvery): the flags that fell while no server was watching are
// recorded now, the others watched.
func (s *Server) sweepFlags(ctx context.Context) {
	ds, err := s.store.Deadlines(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing the running clocks", "err", err)
		}
		return
	}
	now := s.opt.Clock.Now()
	for _, d := range ds {
		if d.At.After(now) {
			s.flags.watch(d.ID, d.At)
			continue
		}
		s.check(ctx, d.ID)
	}
}

// ClockView is a game's clocks in the API ("clock" of a view, absent
// without a clock).
type ClockView struct {
	Control     string `json:"control"` // "5+3": minutes + increment seconds
	InitialMS   int64  `json:"initial_ms"`
	IncrementMS int64  `json:"increment_ms"`
	// FirstMS and SecondMS are each seat's time left when the answer was
	// made; Running names the seat whose clock counts down from then
	// (null when none runs: until both sides have moved, and after the end).
	FirstMS  int64   `json:"first_ms"`
	SecondMS int64   `json:"second_ms"`
	Running  *string `json:"running"`
	// Flag names the seat that lost on time, once one has.
	Flag *string `json:"flag,omitempty"`
}

// withClock returns v with st's clocks as they are now (v is cached per
// version and shared: a copy carries them).
func (s *Server) withClock(st *state, v *View) *View {
	c, ok := clocksAt(st, s.opt.Clock.Now())
	if !ok {
		return v
	}
	g := st.g
	cv := &ClockView{
		Control: formatControl(g.Clock), InitialMS: g.Clock.Initial.Milliseconds(), IncrementMS: g.Clock.Increment.Milliseconds(),
		FirstMS: c.left[0].Milliseconds(), SecondMS: c.left[1].Milliseconds(),
	}
	if c.running >= 0 {
		cv.Running = seatName(inarow.Player(c.running))
	}
	if g.Forfeit != nil && g.Forfeit.Reason == flagReason {
		cv.Flag = seatName(inarow.Player(g.Forfeit.Seat))
	}
	out := *v
	out.Clock = cv
	return &out
}

// overText words the refusal of a move in a game that is over.
func overText(st *state) string {
	if f := st.g.Forfeit; f != nil && f.Reason == flagReason {
		return fmt.Sprintf("too late: the game is over, %s ran out of time (lost on time)", seatNames[f.Seat])
	}
	return "the game is over"
}
