package pbrain

import (
	"bytes"
	"context"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestStealOf(t *testing.T) {
	for _, c := range []struct {
		stat string
		want time.Duration
	}{
		{"cpu  1958363 6314510 377647 1508170 8394 0 4991 68596 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n", 685960 * time.Millisecond},
		{"cpu  1 2 3 4 5 6 7 0\n", 0},
		{"cpu  1 2 3 4 5 6 7\n", -1},   // no steal column
		{"cpu0 1 2 3 4 5 6 7 8\n", -1}, // not the sum line
		{"cpu  1 2 3 4 5 6 7 x\n", -1},
		{"", -1},
	} {
		if got := stealOf(c.stat); got != c.want {
			t.Errorf("stealOf(%q) = %v, want %v", c.stat, got, c.want)
		}
	}
}

// The time log has a line for each move played, in order, with the plan
// the search was given and, on Linux, the CPU and stolen time.
func TestTimeLog(t *testing.T) {
	var out, log bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	in := "START 15\nINFO timeout_turn 200\nBEGIN\nTURN 9,9\nYXBOARD\n7,7,1\nDONE\nABOUT\n"
	began := time.Now().Truncate(time.Millisecond)
	if err := RunWith(ctx, strings.NewReader(in), &out, Options{TimeLog: &log}); err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^move (\d+) stones (\d+) wall_ms (\d+\.\d) plan_ms (\d+\.\d) cpu_ms (\d+\.\d|-) thread_ms (\d+\.\d|-) steal_ms (\d+\.\d|-) wait_ms (\d+\.\d) at (\S+)$`)
	lines := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	if len(lines) != 2 { // BEGIN and TURN play; YXBOARD and ABOUT do not
		t.Fatalf("time log:\n%s\nwant two lines", log.String())
	}
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q: not the log's form", l)
		}
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(2*i) {
			t.Errorf("line %q: want move %d with %d stones", l, i+1, 2*i)
		}
		// 200 ms less the 30 ms margin and the time from the command to
		// the search (under a millisecond unless the machine is loaded);
		// the second move's less the lag of the first too, if it ran late
		// on a loaded machine (down to half of a quarter of the turn)
		if plan, _ := strconv.ParseFloat(m[4], 64); i == 0 && plan < 160 || plan > 170 || plan < 25 {
			t.Errorf("line %q: plan %s ms, want 170.0 less the wait (and a lag after the first move)", l, m[4])
		}
		if at, err := time.Parse(time.RFC3339Nano, m[9]); err != nil || at.Before(began) || at.After(time.Now()) {
			t.Errorf("line %q: the command's time %q (%v), want between the session's start and now", l, m[9], err)
		}
		wall, _ := strconv.ParseFloat(m[3], 64)
		if wall > 5000 {
			t.Errorf("line %q: a move of %v ms", l, wall)
		}
		if runtime.GOOS != "linux" {
			continue
		}
		if m[5] == "-" || m[6] == "-" || m[7] == "-" {
			t.Fatalf("line %q: CPU, the thread's CPU and steal are read on Linux", l)
		}
		// the search thread's time is the process's in part, within the
		// move, and not nothing: it searched (the readings are to a
		// microsecond, the log's to a tenth of a millisecond)
		cpu, _ := strconv.ParseFloat(m[5], 64)
		thread, _ := strconv.ParseFloat(m[6], 64)
		if thread <= 0 || thread > cpu+0.2 || thread > wall+0.2 {
			t.Errorf("line %q: the search thread's CPU %v ms, want within (0, min(cpu, wall)]", l, thread)
		}
	}
}

// TestStolen: the machine's steal counts against a move only as far as
// the process was off its CPU, and only when both are known.
func TestStolen(t *testing.T) {
	const ms = time.Millisecond
	t0 := time.Unix(1000, 0)
	at := func(wall, cpu, steal time.Duration) usage {
		return usage{wall: t0.Add(wall), cpu: cpu, thread: -1, steal: steal}
	}
	th := func(u usage, thread time.Duration) usage { u.thread = thread; return u }
	for _, c := range []struct {
		name string
		a, b usage
		want time.Duration
	}{
		// session 58's move of 257 ms: 158 ms on the CPU, 100 ms stolen
		{"stopped machine", at(0, 5*ms, 700*ms), at(257*ms, 163*ms, 800*ms), 99 * ms},
		{"steal elsewhere", at(0, 0, 0), at(170*ms, 165*ms, 100*ms), 5 * ms},
		{"loaded, no steal", at(0, 0, 0), at(250*ms, 120*ms, 0), 0},
		{"threads", at(0, 0, 0), at(100*ms, 180*ms, 50*ms), 0},
		{"no steal known", at(0, 0, -1), at(257*ms, 158*ms, -1), 0},
		{"no CPU known", at(0, -1, 0), at(257*ms, -1, 100*ms), 0},
		// the search thread's own time, where known, says how long the
		// search was off its CPU: session 58's 259 ms move had 253 ms
		// of the process's CPU, the collector's threads with the search's
		{"thread ran 165 of 259", th(at(0, 0, 0), 2*ms), th(at(259*ms, 253*ms, 100*ms), 167*ms), 94 * ms},
		{"thread ran all", th(at(0, 0, 0), 0), th(at(200*ms, 240*ms, 100*ms), 199*ms), 1 * ms},
		{"threads, the search's own known", th(at(0, 0, 0), 0), th(at(100*ms, 180*ms, 50*ms), 60*ms), 40 * ms},
		{"thread known, process not", th(at(0, -1, 0), 0), th(at(257*ms, -1, 100*ms), 157*ms), 100 * ms},
		{"one thread reading missing", th(at(0, 0, 0), -1), th(at(257*ms, 158*ms, 100*ms), 100*ms), 99 * ms},
		{"thread known, no steal", th(at(0, 0, -1), 0), th(at(257*ms, 158*ms, -1), 100*ms), 0},
	} {
		if got := stolen(c.a, c.b); got != c.want {
			t.Errorf("%s: stolen = %v, want %v", c.name, got, c.want)
		}
	}
}

// threadCPU is the calling thread's time, not the process's: while a
// goroutine locked to its thread waits, another burns 30 ms of CPU, which
// the process's time counts and the waiting thread's does not.
func TestThreadCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		if got := threadCPU(); got != -1 {
			t.Fatalf("threadCPU() = %v off Linux, want -1", got)
		}
		t.Skip("a thread's CPU time is read on Linux only")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, p0 := threadCPU(), processCPU()
	done := make(chan time.Duration)
	go func() {
		deadline := time.Now().Add(5 * time.Second)
		x := 0
		for processCPU()-p0 < 30*time.Millisecond && time.Now().Before(deadline) {
			for i := range 100000 {
				x += i
			}
		}
		done <- time.Duration(x % 2) // keep the loop
	}()
	<-done
	t1, p1 := threadCPU(), processCPU()
	if t0 < 0 || t1 < t0 {
		t.Fatalf("threadCPU: %v, then %v", t0, t1)
	}
	if p1-p0 < 30*time.Millisecond {
		t.Fatalf("the burner used %v of CPU in 5 s", p1-p0)
	}
	if t1-t0 > 5*time.Millisecond {
		t.Errorf("the waiting thread used %v while the process used %v", t1-t0, p1-p0)
	}
}

// A move's turn runs from when the reader had its command: time the brain
// took to get to it comes off the search's plan and counts in the move's
// time. A command read while the last move was still searched (input fed
// ahead, as in TestTimeLog) runs from that move's answer instead.
func TestTimeLogWait(t *testing.T) {
	var out, log bytes.Buffer
	b := newBrain(&out, Options{TimeLog: &log})
	for _, l := range []string{"START 15", "INFO timeout_turn 200"} {
		if think, _ := b.handle(l); think != nil {
			t.Fatalf("%s: a search", l)
		}
	}
	b.cmdAt = time.Now().Add(-60 * time.Millisecond) // read 60 ms ago
	think, _ := b.handle("BEGIN")
	if think == nil {
		t.Fatal("BEGIN: no search")
	}
	think(context.Background())
	re := regexp.MustCompile(`wall_ms (\d+\.\d) plan_ms (\d+\.\d) .* wait_ms (\d+\.\d) at `)
	m := re.FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("time log %q: not the log's form", log.String())
	}
	wall, _ := strconv.ParseFloat(m[1], 64)
	plan, _ := strconv.ParseFloat(m[2], 64)
	wait, _ := strconv.ParseFloat(m[3], 64)
	// 200 ms less the 60 waited, less the 30 ms margin
	if wait < 60 || plan > 110 || plan < 50 || wall < wait {
		t.Errorf("time log %q: want wait ≥ 60 ms, plan ≤ 110 ms (200 less the wait and the margin), the wait within the move's time", log.String())
	}
	// the next command, read before that answer, runs from the answer
	log.Reset()
	b.cmdAt = time.Now().Add(-time.Second)
	if think, _ = b.handle("TURN 9,9"); think == nil {
		t.Fatal("TURN: no search")
	}
	think(context.Background())
	if m = re.FindStringSubmatch(log.String()); m == nil {
		t.Fatalf("time log %q: not the log's form", log.String())
	}
	if wait, _ = strconv.ParseFloat(m[3], 64); wait > 50 {
		t.Errorf("time log %q: a command read before the last answer waited %v ms, want the time since that answer", log.String(), wait)
	}
}

// Every ERROR answered has its line in the time log, in its place among
// the moves' lines: a manager that drops ERROR lines shows a refused
// command only as a loss on time.
func TestTimeLogErrors(t *testing.T) {
	var out, log bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	in := "START 15\nINFO timeout_turn 100\nTURN 99,99\nBEGIN\nTURN 7,7\n"
	began := time.Now().Truncate(time.Millisecond)
	if err := RunWith(ctx, strings.NewReader(in), &out, Options{TimeLog: &log}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("time log:\n%s\nwant three lines: two errors and a move", log.String())
	}
	re := regexp.MustCompile(`^error at (\S+): (ERROR .+)$`)
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	var errs []string
	for _, a := range answers {
		if strings.HasPrefix(a, "ERROR") {
			errs = append(errs, a)
		}
	}
	for i, k := range []int{0, 2} {
		m := re.FindStringSubmatch(lines[k])
		if m == nil {
			t.Fatalf("line %q: not an error line", lines[k])
		}
		if i >= len(errs) || m[2] != errs[i] {
			t.Errorf("line %q: want the brain's answer %q", lines[k], errs)
		}
		if at, err := time.Parse(time.RFC3339Nano, m[1]); err != nil || at.Before(began) || at.After(time.Now()) {
			t.Errorf("line %q: time %q (%v), want between the session's start and now", lines[k], m[1], err)
		}
	}
	if !strings.HasPrefix(lines[1], "move 1 stones 0 ") {
		t.Errorf("line %q: want BEGIN's move between the errors", lines[1])
	}
}

// slowMoveWriter takes a while to return from writing a move: the
// manager, woken by the line, runs before the brain's thread does again.
// It keeps when the first move reached it.
type slowMoveWriter struct {
	bytes.Buffer
	delay   time.Duration
	movedAt time.Time
}

var moveLine = regexp.MustCompile(`^\d+,\d+\n$`)

func (w *slowMoveWriter) Write(p []byte) (int, error) {
	n, err := w.Buffer.Write(p)
	if moveLine.Match(p) && w.movedAt.IsZero() {
		w.movedAt = time.Now()
		time.Sleep(w.delay)
	}
	return n, err
}

// A move's time in the log ends when its line is written: time the
// brain's thread waits after the write (here 300 ms in Write) is neither
// the move's in the log nor lag taken off the next turns (session 73 saw
// a 265 ms move the manager had in under 174).
func TestTimeLogEndsAtAnswer(t *testing.T) {
	var log bytes.Buffer
	out := &slowMoveWriter{delay: 300 * time.Millisecond}
	b := newBrain(out, Options{TimeLog: &log})
	for _, l := range []string{"START 15", "INFO timeout_turn 200"} {
		if think, _ := b.handle(l); think != nil {
			t.Fatalf("%s: a search", l)
		}
	}
	b.cmdAt = time.Now()
	think, _ := b.handle("BEGIN")
	if think == nil {
		t.Fatal("BEGIN: no search")
	}
	think(context.Background())
	if out.movedAt.IsZero() {
		t.Fatalf("no move written: %q", out.String())
	}
	m := regexp.MustCompile(`wall_ms (\d+\.\d) `).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("time log %q: not the log's form", log.String())
	}
	wall, _ := strconv.ParseFloat(m[1], 64)
	if seen := float64(out.movedAt.Sub(b.cmdAt)) / 1e6; wall > seen+0.1 {
		t.Errorf("time log %q: the move took %.1f ms to reach the manager, the log says %.1f", log.String(), seen, wall)
	}
	if b.lag >= 100*time.Millisecond {
		t.Errorf("lag %v after a move written within its plan: the wait after the write counted", b.lag)
	}
}
