package pbrain

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// The time log answers one question about a move that came back late:
// did the search overrun its plan, or was it not running? Its line for a
// move holds the time from the command to the answer (wall), the search's
// hard limit (plan), the CPU time the process used meanwhile (cpu), the
// CPU time of the thread the search ran on (thread), the time the
// machine's hypervisor took from all its virtual CPUs (steal, from
// /proc/stat), the time from the command to the search's plan (wait) and
// when the command came (at). A search that overruns shows thread close
// to wall; a search that was not scheduled shows wall well above thread,
// and a virtual machine that was stopped shows steal besides. The
// process's CPU time counts helper threads and the garbage collector too,
// so it can hide a stop (performance.md, session 58: a 259 ms move with
// 253 ms of it and 100 ms of steal); the search thread's cannot. The same
// readings keep stolen time out of the lag (nextLag). What the lines
// showed on our machine is in docs/performance.md, sessions 58 and 59.
//
// Every ERROR the brain answers gets a line too ("error at TIME: ERROR
// …"): a manager such as c-gomoku-cli drops a brain's ERROR lines and
// waits on for a move, so a command the brain refused shows in a match
// only as a loss on time (session 61 met a loss on time it could not
// explain).

// clockHz is the unit of /proc/stat's counters (USER_HZ): 100 a second
// on every Linux architecture Go runs on.
const clockHz = 100

// usage is what the time log reads at a move's command and at its answer.
type usage struct {
	wall time.Time
	cpu  time.Duration // the process's; -1: not known on this system
	// the search thread's, set by the search's goroutine locked to its
	// thread (readUsage runs elsewhere too); -1: not known
	thread time.Duration
	steal  time.Duration // -1: not known (no /proc/stat)
}

func readUsage() usage {
	return usage{wall: time.Now(), cpu: processCPU(), thread: -1, steal: machineSteal()}
}

// machineSteal is the time stolen from all CPUs since the machine booted,
// or -1 without /proc/stat.
func machineSteal() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return -1
	}
	return stealOf(string(b))
}

// stealOf reads the steal time off /proc/stat's first line, the sum over
// CPUs: "cpu user nice system idle iowait irq softirq steal …" in ticks
// of 1/clockHz. Kernels before 2.6.11 have no steal column: -1.
func stealOf(stat string) time.Duration {
	line, _, _ := strings.Cut(stat, "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return -1
	}
	ticks, err := strconv.ParseInt(f[8], 10, 64)
	if err != nil || ticks < 0 {
		return -1
	}
	return time.Duration(ticks) * time.Second / clockHz
}

// stolen is what the hypervisor took of the time from a to b from the
// search: the machine's steal meanwhile (all its CPUs), but no more than
// the search was off its CPU (the wall time less the search thread's CPU
// time). Where the thread's time is not known the process's stands in,
// and counts nothing once the process used more CPU than wall time
// (threads). With the steal or both CPU times unknown, nothing.
func stolen(a, b usage) time.Duration {
	if a.steal < 0 || b.steal < 0 {
		return 0
	}
	ran := b.thread - a.thread
	if a.thread < 0 || b.thread < 0 {
		if a.cpu < 0 || b.cpu < 0 {
			return 0
		}
		ran = b.cpu - a.cpu
	}
	off := b.wall.Sub(a.wall) - ran
	return max(0, min(b.steal-a.steal, off))
}

// timeLog writes one line to w for a move: number n of the session, with
// stones on the board before it, planned as its hard limit, from a to b,
// of which it waited from the command to the search's plan.
func timeLog(w io.Writer, n, stones int, planned, waited time.Duration, a, b usage) {
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 1, 64) }
	diff := func(x, y time.Duration) string {
		if x < 0 || y < 0 {
			return "-"
		}
		return ms(y - x)
	}
	// the command's time, to set a late move beside what else the machine
	// ran then (a match's record dates its games)
	fmt.Fprintf(w, "move %d stones %d wall_ms %s plan_ms %s cpu_ms %s thread_ms %s steal_ms %s wait_ms %s at %s\n",
		n, stones, ms(b.wall.Sub(a.wall)), ms(planned), diff(a.cpu, b.cpu), diff(a.thread, b.thread), diff(a.steal, b.steal),
		ms(waited), logTime(a.wall))
}

// errorLog writes the time log's line for an ERROR answer sent at t.
func errorLog(w io.Writer, line string, t time.Time) {
	fmt.Fprintf(w, "error at %s: %s\n", logTime(t), line)
}

// logTime is the time log's form of a time: UTC to the millisecond.
func logTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
