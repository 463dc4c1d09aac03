package pbrain

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// stuckSearch stands for a search that does not return until released,
// whatever its context says.
type stuckSearch struct {
	mu      sync.Mutex
	calls   int
	engines []*gomokuengine.Engine
	pv      []inarow.Move // the first call's progress (none if empty)
	after   time.Duration // if > 0, the first call returns after it on its own
	release chan struct{}
	err     chan error // the first call's context error when released
}

func newStuck(pv ...inarow.Move) *stuckSearch {
	return &stuckSearch{pv: pv, release: make(chan struct{}), err: make(chan error, 1)}
}

// search blocks the first call; later calls play r's 5,5 at once.
func (s *stuckSearch) search(ctx context.Context, eng *gomokuengine.Engine, p inarow.Position, lim gomokuengine.Limits) (gomokuengine.Result, error) {
	s.mu.Lock()
	s.calls++
	first := s.calls == 1
	s.engines = append(s.engines, eng)
	s.mu.Unlock()
	r := p.Rules()
	if !first {
		return gomokuengine.Result{Move: r.MoveAt(5, 5)}, nil
	}
	if len(s.pv) > 0 {
		lim.Progress(gomokuengine.Info{Depth: 5, PV: s.pv})
	}
	if s.after > 0 {
		time.Sleep(s.after)
	} else {
		<-s.release
	}
	s.err <- ctx.Err()
	return gomokuengine.Result{Move: r.MoveAt(4, 4)}, nil
}

// spinning is a process CPU time that keeps up with the wall clock: the
// search runs on the CPU all along (and does not stop).
func spinning() func() time.Duration {
	t0 := time.Now()
	return func() time.Duration { return time.Since(t0) }
}

// starved is a process CPU time that does not move: the process is kept
// off the CPU (or its search is blocked).
func starved() time.Duration { return time.Second }

// session runs a brain on a pipe: send writes a line, answer reads the
// next line that is not a MESSAGE.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	ended chan error
}

func startSession(t *testing.T, opt Options) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 100), ended: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	go func() {
		s.ended <- RunWith(ctx, inR, outW, opt)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	return s
}

// start starts a game on 15×15 with a turn of ms milliseconds.
func (s *session) start(ms int) {
	s.t.Helper()
	s.send("START 15")
	s.send("INFO timeout_turn " + strconv.Itoa(ms))
	if a := s.answer(); a != "OK" {
		s.t.Fatalf("START: %q", a)
	}
}

func (s *session) send(line string) {
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

func (s *session) answer() string {
	s.t.Helper()
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatal("the brain ended its output")
			}
			if !strings.HasPrefix(l, "MESSAGE") {
				return l
			}
		case <-time.After(15 * time.Second):
			s.t.Fatal("no answer in 15 s")
		}
	}
}

// A search that spins on without returning is answered for by the
// watchdog 50 ms past its plan, with the move of its last iteration; its
// late result is never printed, the next search gets a fresh engine, and
// the time log holds the goroutines' stacks.
func TestWatchdog(t *testing.T) {
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5}
	stuck := newStuck(r.MoveAt(3, 3))
	var log syncBuffer
	s := startSession(t, Options{TimeLog: &log, search: stuck.search, cpu: spinning()})
	s.start(200)
	sent := time.Now()
	s.send("TURN 7,7")
	if a := s.answer(); a != "3,3" {
		t.Fatalf("TURN 7,7 with the search stuck: %q, want the last iteration's 3,3", a)
	}
	// the answer is at the plan (170 ms) and answerGrace; a bound below
	// that shows the watchdog waited for the search
	if el := time.Since(sent); el < 170*time.Millisecond || el >= 220*time.Millisecond+starvedWait {
		t.Errorf("answered after %v: want after the search's plan (170 ms), before starvedWait (the process ran)", el)
	}
	s.send("TURN 8,8")
	if a := s.answer(); a != "5,5" {
		t.Fatalf("TURN 8,8: %q, want the second search's 5,5", a)
	}
	close(stuck.release)
	if err := <-stuck.err; err != context.Canceled {
		t.Errorf("the stuck search's context: %v, want it cancelled", err)
	}
	time.Sleep(100 * time.Millisecond) // its result, 4,4, would be printed by now
	s.send("END")
	if err := <-s.ended; err != nil {
		t.Fatal(err)
	}
	for l := range s.lines {
		if !strings.HasPrefix(l, "MESSAGE") {
			t.Errorf("after END: %q (the abandoned search's result?)", l)
		}
	}
	stuck.mu.Lock()
	if len(stuck.engines) != 2 || stuck.engines[0] == stuck.engines[1] {
		t.Errorf("searches' engines %v: want two, the second fresh", stuck.engines)
	}
	stuck.mu.Unlock()
	tl := log.String()
	for _, want := range []string{
		"move 1 stones 1 ",
		"watchdog at ",
		": move 1 not answered by the search ",
		"answered the search's move of depth 5; the search is abandoned; goroutines:\n  goroutine ",
		"stuckSearch).search", // the stuck goroutine's stack
		"move 2 stones 3 ",
	} {
		if !strings.Contains(tl, want) {
			t.Errorf("time log lacks %q:\n%s", want, tl)
		}
	}
	for _, l := range strings.Split(strings.TrimSuffix(tl, "\n"), "\n") {
		if !strings.HasPrefix(l, "move ") && !strings.HasPrefix(l, "watchdog at ") && !strings.HasPrefix(l, "  ") {
			t.Errorf("time log line %q: neither a move, the watchdog's nor indented", l)
		}
	}
}

// A search the watchdog answered for gives its engine back once it
// returns: the next search has the game's tables.
func TestWatchdogEngineBack(t *testing.T) {
	stuck := newStuck()
	s := startSession(t, Options{search: stuck.search, cpu: spinning()})
	s.start(100)
	s.send("TURN 7,7")
	if a := s.answer(); a != "6,6" {
		t.Fatalf("TURN 7,7 with the search stuck: %q, want 6,6, the first free point beside 7,7", a)
	}
	close(stuck.release)
	<-stuck.err
	time.Sleep(200 * time.Millisecond) // for the search to return
	s.send("TURN 9,9")
	if a := s.answer(); a != "5,5" {
		t.Fatalf("TURN 9,9: %q, want the second search's 5,5", a)
	}
	stuck.mu.Lock()
	defer stuck.mu.Unlock()
	if len(stuck.engines) != 2 || stuck.engines[0] != stuck.engines[1] {
		t.Errorf("searches' engines %v: want the same one twice", stuck.engines)
	}
}

// A search late because the process had no CPU is not answered for: it
// answers itself once it runs (here 400 ms into a 200 ms turn). One that
// neither runs nor returns is answered for starvedWait past answerAt.
func TestWatchdogStarved(t *testing.T) {
	late := newStuck(inarow.Rules{Cols: 15, Rows: 15, K: 5}.MoveAt(3, 3))
	late.after = 400 * time.Millisecond
	var log syncBuffer
	s := startSession(t, Options{TimeLog: &log, search: late.search, cpu: starved})
	s.start(200)
	s.send("TURN 7,7")
	if a := s.answer(); a != "4,4" {
		t.Fatalf("TURN 7,7, the search 400 ms late without CPU: %q, want its own 4,4", a)
	}
	if strings.Contains(log.String(), "watchdog") {
		t.Errorf("time log:\n%s\nwant no watchdog", log.String())
	}

	stuck := newStuck()
	defer close(stuck.release)
	s = startSession(t, Options{search: stuck.search, cpu: starved})
	s.start(200)
	sent := time.Now()
	s.send("TURN 7,7")
	if a := s.answer(); a != "6,6" {
		t.Fatalf("TURN 7,7 with the search blocked: %q, want 6,6", a)
	}
	if el := time.Since(sent); el < 220*time.Millisecond+starvedWait {
		t.Errorf("answered after %v, before answerAt and starvedWait", el)
	}
}

// Without an iteration finished, the watchdog plays the free point
// nearest the last stone that the rule allows: under renju black skips
// the double three at 7,7 for 8,7.
func TestWatchdogNearest(t *testing.T) {
	stuck := newStuck()
	defer close(stuck.release)
	s := startSession(t, Options{search: stuck.search, cpu: spinning()})
	for _, l := range []string{"START 15", "INFO rule 4", "INFO timeout_turn 100", "BOARD",
		"7,5,1", "0,0,2", "7,6,1", "0,14,2", "5,7,1", "14,0,2", "6,7,1", "8,8,2", "DONE"} {
		s.send(l)
	}
	if a := s.answer(); a != "OK" {
		t.Fatalf("START: %q", a)
	}
	if a := s.answer(); a != "8,7" {
		t.Fatalf("BOARD with the search stuck: %q, want 8,7", a)
	}
}

func TestNearestFree(t *testing.T) {
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: gomoku.Renju.WinRule()}
	var black, white []inarow.Move
	for _, xy := range [][2]int{{7, 5}, {7, 6}, {5, 7}, {6, 7}} {
		black = append(black, r.MoveAt(xy[0], xy[1]))
	}
	for _, xy := range [][2]int{{0, 0}, {0, 14}, {14, 0}, {8, 8}} {
		white = append(white, r.MoveAt(xy[0], xy[1]))
	}
	p, err := inarow.Setup(r, black, white, inarow.First)
	if err != nil {
		t.Fatal(err)
	}
	xy := func(m inarow.Move) [2]int { x, y := r.XY(m); return [2]int{x, y} }
	for _, c := range []struct {
		renju bool
		x, y  int
		want  [2]int
	}{
		{false, 8, 8, [2]int{7, 7}},  // the double three is free
		{true, 8, 8, [2]int{8, 7}},   // and forbidden for black
		{true, -1, -1, [2]int{6, 6}}, // from the centre (7,7, forbidden): the first at 1 in scan order
		{false, 0, 0, [2]int{1, 0}},
	} {
		if got := xy(nearestFree(p, c.renju, c.x, c.y)); got != c.want {
			t.Errorf("nearestFree(renju %v, %d,%d) = %v, want %v", c.renju, c.x, c.y, got, c.want)
		}
	}
}

// syncBuffer is a bytes.Buffer for writers on several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// afterWriter fails a test for every write once closed is set.
type afterWriter struct {
	mu     sync.Mutex
	closed bool
	late   []string
	buf    bytes.Buffer
}

func (w *afterWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		w.late = append(w.late, string(p))
	}
	return w.buf.Write(p)
}

// A search that goes on reporting progress after the watchdog answered
// for it prints nothing more: not after the answer, and not after Run
// returned (its caller may read the output then). A progress line that
// was being printed as the watchdog answered ends before the answer.
func TestWatchdogQuietAfterAnswer(t *testing.T) {
	for range 20 {
		release := make(chan struct{})
		finished := make(chan struct{})
		search := func(ctx context.Context, eng *gomokuengine.Engine, p inarow.Position, lim gomokuengine.Limits) (gomokuengine.Result, error) {
			defer close(finished)
			m := p.Rules().MoveAt(3, 3)
			for {
				select {
				case <-release:
					return gomokuengine.Result{Move: m}, nil
				default:
					lim.Progress(gomokuengine.Info{Depth: 5, PV: []inarow.Move{m}})
				}
			}
		}
		var w afterWriter
		in := "START 15\nINFO timeout_turn 20\nBEGIN\n"
		if err := RunWith(context.Background(), strings.NewReader(in), &w, Options{search: search, cpu: spinning()}); err != nil {
			t.Fatal(err)
		}
		w.mu.Lock()
		w.closed = true
		out := w.buf.String()
		w.mu.Unlock()
		close(release)
		<-finished
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if last := lines[len(lines)-1]; last != "3,3" {
			t.Fatalf("last line %q, want the watchdog's answer 3,3 (output ends %q)", last, lines[max(0, len(lines)-3):])
		}
		if len(w.late) > 0 {
			t.Fatalf("written after Run returned: %q", w.late)
		}
	}
}
