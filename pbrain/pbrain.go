// Package pbrain speaks the Gomocup protocol (Piskvork's "pbrain"
// interface) on a pair of streams, with the gomoku engine of engine/gomoku
// (package gomokuengine) thinking behind it. Both cmd/pbrain-inarow and
// "inarow pbrain" run Run on the standard streams.
//
// Commands: START N, RECTSTART W,H, RESTART, BEGIN, TURN x,y,
// BOARD…DONE (x,y,field with 1 own stone, 2 opponent, 3 ignored),
// TAKEBACK x,y, INFO key value (timeout_turn, timeout_match, time_left,
// max_memory, rule, game_type, folder, max_depth, max_node, thread_num,
// show_detail; others are accepted and ignored), END, ABOUT,
// SWAP2BOARD…DONE, and the Yixin extensions YXSTOP (answer now),
// YXBOARD…DONE (set a position without thinking), YXNBEST n (the n best
// moves) and YXSHOWFORBID, with MESSAGE REALTIME lines while it thinks
// (INFO show_detail 1 or 2; always under YXNBEST). Lines may end in CRLF or LF; a line of 1 MiB
// or more, a BOARD that already holds a five and anything else unknown
// are answered with UNKNOWN or ERROR, and nothing crashes the brain. The
// brain reads its input while it thinks, so YXSTOP and END are obeyed at
// once.
package pbrain

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// About is the answer to ABOUT.
const About = `name="inarow", version="1.0", author="inarow", country="-", www="https://github.com/inarow/inarow"`

type stone struct{ x, y, f int } // f: 1 own, 2 opponent

// Brain is the state of one protocol session.
type Brain struct {
	out  *bufio.Writer
	omu  sync.Mutex
	w, h int // 0: no START yet

	stones []stone
	rule   gomoku.Rule
	lim    gomokuengine.Limits
	mem    int64
	eng    *gomokuengine.Engine
	detail int           // INFO show_detail: 1 the MESSAGE REALTIME lines, 2 with POS and DONE
	lag    time.Duration // how far the last moves ran past their allotment (nextLag)
	// the command's clock: when the reader had the line being handled,
	// and when the last move was answered (think)
	cmdAt, answered time.Time
	log             io.Writer // Options.TimeLog
	tuning          gomokuengine.Tuning
	played          int // moves answered, for the time log
	// guard is the watchdog of the search think made last (watchdog.go),
	// for RunWith to start; abandoned is closed when a search the
	// watchdog answered for returns (nil if none is out)
	guard     *guard
	abandoned <-chan struct{}
	// search runs a move's search: eng.Search but in tests; cpu reads
	// the process's CPU time for the watchdog: processCPU but in tests
	search searchFunc
	cpu    func() time.Duration

	// multi-line commands
	collect   string // "BOARD", "YXBOARD", "SWAP2BOARD" or ""
	collected []stone
}

// Run reads commands from in and answers on out until END or the end of
// in. It returns nil after END or EOF.
func Run(ctx context.Context, in io.Reader, out io.Writer) error {
	return RunWith(ctx, in, out, Options{})
}

// Options are a brain's settings from outside the protocol.
type Options struct {
	// TimeLog, if not nil, gets a line for each move the brain plays
	// (BEGIN, TURN, BOARD): how long it took from the command to the
	// answer against the search's plan, and the CPU time and the
	// machine's stolen time meanwhile (timelog.go says how to read it);
	// a line for each ERROR it answers; and the watchdog's report, with
	// every goroutine's stack, when it answers for a search that did not
	// (watchdog.go).
	TimeLog io.Writer

	// Tuning, if not zero, moves the engine's search and evaluation
	// from the package's values (gomokuengine.Tuning): to play a tuned
	// engine against others in a manager, as gomoku-evalfit tune found it.
	Tuning gomokuengine.Tuning

	// search, if set, stands for the engine's Search, and cpu for the
	// process's CPU time (tests).
	search searchFunc
	cpu    func() time.Duration
}

// A searchFunc runs a move's search with an engine: the engine's Search,
// or a stand-in in tests.
type searchFunc func(ctx context.Context, eng *gomokuengine.Engine, p inarow.Position, lim gomokuengine.Limits) (gomokuengine.Result, error)

// newBrain is a brain that answers on out.
func newBrain(out io.Writer, opt Options) *Brain {
	b := &Brain{out: bufio.NewWriter(out), mem: 64 << 20, log: opt.TimeLog, tuning: opt.Tuning, search: opt.search, cpu: opt.cpu}
	b.eng = &gomokuengine.Engine{MaxMemory: b.mem, Tuning: b.tuning}
	if b.cpu == nil {
		b.cpu = processCPU
	}
	if b.search == nil {
		b.search = func(ctx context.Context, eng *gomokuengine.Engine, p inarow.Position, lim gomokuengine.Limits) (gomokuengine.Result, error) {
			return eng.Search(ctx, p, lim)
		}
	}
	return b
}

// RunWith is Run with options.
func RunWith(ctx context.Context, in io.Reader, out io.Writer, opt Options) error {
	b := newBrain(out, opt)
	lines := make(chan input)
	go func() {
		r := bufio.NewReaderSize(in, 64<<10)
		for {
			line, err := readLine(r, maxLine)
			if err != nil {
				break
			}
			select {
			case lines <- input{line, time.Now()}:
			case <-ctx.Done():
				return
			}
		}
		close(lines)
	}()
	var pending []input
	eof := false
	next := func() (input, bool) {
		if len(pending) > 0 {
			l := pending[0]
			pending = pending[1:]
			return l, true
		}
		if eof {
			return input{}, false
		}
		select {
		case l, ok := <-lines:
			return l, ok
		case <-ctx.Done():
			return input{}, false
		}
	}
	for {
		c, ok := next()
		if !ok {
			return nil
		}
		b.cmdAt = c.at
		think, quit := b.handle(c.line)
		// a move's search has a watchdog (watchdog.go)
		g := b.guard
		b.guard = nil
		if quit {
			return nil
		}
		if think == nil {
			continue
		}
		// think in the background, reading on: YXSTOP stops, END quits
		tctx, cancel := context.WithCancel(ctx)
		returned := make(chan struct{})
		go func() {
			defer close(returned)
			think(tctx)
		}()
		done := (<-chan struct{})(returned)
		// with a watchdog, done is closed once the move is answered, by
		// the search or for it
		stop := func() {}
		if g != nil {
			stop = g.watch(cancel)
			done = g.until(done)
		}
		quitting := false
	wait:
		for {
			select {
			case <-done:
				break wait
			case l, ok := <-lines:
				if !ok { // EOF: finish this move and what is queued, then stop
					lines = nil
					eof = true
					continue
				}
				switch strings.ToUpper(strings.TrimSpace(l.line)) {
				case "YXSTOP", "STOP":
					cancel()
				case "END":
					if len(pending) == 0 {
						cancel()
						quitting = true
					} else {
						pending = append(pending, l)
					}
				default:
					pending = append(pending, l)
				}
			case <-ctx.Done():
				cancel()
				<-done
				stop()
				return nil
			}
		}
		stop()
		cancel()
		if g != nil && g.wasRescued() {
			// the search had not returned: its engine is its own until
			// it does (engine)
			b.abandoned = returned
		}
		if quitting {
			return nil
		}
	}
}

// An input is a line and when the reader had it: a move's clock starts
// there, not when the brain gets to it (think).
type input struct {
	line string
	at   time.Time
}

// maxLine bounds an input line (its newline aside). A longer one is read
// to its end and stands for tooLong, which is answered with ERROR: the
// protocol asks a manager not to crash on a long line, and a brain should
// not either, nor take the line for the end of its input.
const maxLine = 1<<20 - 1

// tooLong replaces a line longer than maxLine. It cannot be a line read
// from the input: readLine cuts lines at their newline.
const tooLong = "\nline too long"

// readLine returns the next line of r without its newline, tooLong for a
// line longer than limit, and an error (io.EOF) only when nothing is left.
func readLine(r *bufio.Reader, limit int) (string, error) {
	var line []byte
	long := false
	for {
		frag, err := r.ReadSlice('\n')
		if !long && len(line)+len(frag) <= limit+1 { // +1: the newline
			line = append(line, frag...)
		} else {
			long, line = true, nil
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && len(line) == 0 && !long:
			return "", err
		}
		if long {
			return tooLong, nil
		}
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
		}
		if len(line) > limit {
			return tooLong, nil
		}
		return string(line), nil
	}
}

func (b *Brain) println(format string, args ...any) {
	b.omu.Lock()
	defer b.omu.Unlock()
	line := fmt.Sprintf(format, args...)
	b.out.WriteString(line)
	b.out.WriteString("\n")
	b.out.Flush()
	if b.log != nil && strings.HasPrefix(line, "ERROR") {
		errorLog(b.log, line, time.Now())
	}
}

// handle processes one line; it returns a thinking job to run, or quit.
func (b *Brain) handle(raw string) (think func(context.Context), quit bool) {
	defer func() {
		if r := recover(); r != nil {
			b.println("ERROR internal error: %v", r)
			think, quit = nil, false
		}
	}()
	if raw == tooLong {
		b.println("ERROR input line of more than %d bytes ignored", maxLine)
		return nil, false
	}
	line := strings.TrimSpace(strings.TrimRight(raw, "\r\n"))
	if line == "" {
		return nil, false
	}
	if b.collect != "" {
		if strings.EqualFold(line, "DONE") {
			return b.done(), false
		}
		return nil, b.collectLine(line)
	}
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToUpper(cmd) {
	case "START":
		n, err := strconv.Atoi(rest)
		if err != nil {
			b.println("ERROR START wants a board size, got %q", rest)
			return
		}
		b.start(n, n)
	case "RECTSTART":
		ws, hs, _ := strings.Cut(rest, ",")
		w, err1 := strconv.Atoi(strings.TrimSpace(ws))
		h, err2 := strconv.Atoi(strings.TrimSpace(hs))
		if err1 != nil || err2 != nil {
			b.println("ERROR RECTSTART wants width,height, got %q", rest)
			return
		}
		b.start(w, h)
	case "RESTART":
		if b.w == 0 {
			b.println("ERROR RESTART before START")
			return
		}
		b.start(b.w, b.h)
	case "BEGIN":
		if !b.ready() {
			return
		}
		return b.think(), false
	case "TURN":
		if !b.ready() {
			return
		}
		x, y, err := b.parseXY(rest)
		if err != nil {
			b.println("ERROR %v", err)
			return
		}
		if b.occupied(x, y) {
			b.println("ERROR %d,%d is occupied", x, y)
			return
		}
		b.stones = append(b.stones, stone{x, y, 2})
		return b.think(), false
	case "BOARD", "YXBOARD", "SWAP2BOARD":
		if !b.ready() {
			return
		}
		b.collect, b.collected = strings.ToUpper(cmd), nil
	case "TAKEBACK":
		if !b.ready() {
			return
		}
		x, y, err := b.parseXY(rest)
		if err != nil {
			b.println("ERROR %v", err)
			return
		}
		for i := len(b.stones) - 1; i >= 0; i-- {
			if b.stones[i].x == x && b.stones[i].y == y {
				b.stones = append(b.stones[:i], b.stones[i+1:]...)
				b.println("OK")
				return
			}
		}
		b.println("ERROR no stone at %d,%d", x, y)
	case "INFO":
		b.info(rest)
	case "END":
		return nil, true
	case "ABOUT":
		b.println("%s", About)
	case "YXSHOWFORBID":
		if !b.ready() {
			return
		}
		b.showForbid()
	case "YXNBEST":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 {
			b.println("ERROR YXNBEST wants a number of moves (1 or more), got %q", rest)
			return
		}
		if !b.ready() {
			return
		}
		return b.nbest(min(n, maxNBest)), false
	case "YXSTOP", "STOP":
		// nothing to stop
	case "PLAY":
		b.println("ERROR PLAY is not supported")
	default:
		b.println("UNKNOWN %s", cmd)
	}
	return nil, false
}

func (b *Brain) ready() bool {
	if b.w == 0 {
		b.println("ERROR no START yet")
		return false
	}
	return true
}

func (b *Brain) start(w, h int) {
	if w < 5 || h < 5 || w > 20 || h > 20 {
		b.println("ERROR unsupported board size %dx%d (5 to 20)", w, h)
		return
	}
	b.w, b.h, b.stones, b.collect = w, h, nil, ""
	b.engine().NewGame()
	b.println("OK")
}

func (b *Brain) parseXY(s string) (x, y int, err error) {
	f := strings.Split(s, ",")
	if len(f) < 2 {
		return 0, 0, fmt.Errorf("want x,y, got %q", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(f[0]))
	y, err2 := strconv.Atoi(strings.TrimSpace(f[1]))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("want x,y, got %q", s)
	}
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return 0, 0, fmt.Errorf("%d,%d is off the %dx%d board", x, y, b.w, b.h)
	}
	return x, y, nil
}

func (b *Brain) occupied(x, y int) bool {
	for _, s := range b.stones {
		if s.x == x && s.y == y {
			return true
		}
	}
	return false
}

func (b *Brain) collectLine(line string) (quit bool) {
	if strings.EqualFold(line, "END") {
		return true
	}
	f := strings.Split(line, ",")
	x, y, err := b.parseXY(line)
	if err != nil {
		b.println("ERROR %v", err)
		return false
	}
	field := 0
	if len(f) >= 3 {
		field, err = strconv.Atoi(strings.TrimSpace(f[2]))
		if err != nil || field < 1 || field > 3 {
			b.println("ERROR bad field in %q", line)
			return false
		}
	} else if b.collect != "SWAP2BOARD" {
		b.println("ERROR want x,y,field, got %q", line)
		return false
	}
	for _, s := range b.collected {
		if s.x == x && s.y == y {
			b.println("ERROR %d,%d given twice", x, y)
			return false
		}
	}
	if field == 3 {
		return false
	}
	if b.collect == "SWAP2BOARD" {
		field = 1 + len(b.collected)%2 // black, white, black…
	}
	b.collected = append(b.collected, stone{x, y, field})
	return false
}

func (b *Brain) done() func(context.Context) {
	kind := b.collect
	b.collect = ""
	switch kind {
	case "BOARD":
		b.stones = b.collected
		return b.think()
	case "YXBOARD":
		b.stones = b.collected
		return nil
	case "SWAP2BOARD":
		st := b.collected
		return func(ctx context.Context) { b.swap2(ctx, st) }
	}
	return nil
}

func (b *Brain) info(rest string) {
	key, val, _ := strings.Cut(rest, " ")
	val = strings.TrimSpace(val)
	n, err := strconv.ParseInt(val, 10, 64)
	num := func() bool {
		if err != nil {
			b.println("ERROR INFO %s wants a number, got %q", key, val)
			return false
		}
		return true
	}
	ms := func() time.Duration { return time.Duration(max(n, 0)) * time.Millisecond }
	switch strings.ToLower(key) {
	case "timeout_turn":
		if num() {
			b.lim.TurnTime = ms()
		}
	case "timeout_match":
		if num() {
			b.lim.MatchTime = ms()
		}
	case "time_left":
		if num() {
			b.lim.TimeLeft = ms()
			if n <= 0 {
				b.lim.TimeLeft = time.Millisecond
			}
		}
	case "max_memory":
		if num() {
			b.mem = n
			if n <= 0 {
				b.mem = 64 << 20
			}
			e := b.engine()
			e.MaxMemory = b.mem
			e.Reserve() // not on the next move's time
		}
	case "rule":
		if num() {
			r, err := gomoku.FromGomocup(int(n))
			if err != nil {
				b.println("ERROR INFO rule %d: %v (the rule stays %s)", n, err, b.rule)
				return
			}
			b.rule = r
		}
	case "max_depth":
		if num() {
			b.lim.MaxDepth = int(n)
		}
	case "max_node":
		if num() {
			b.lim.MaxNodes = n
		}
	case "thread_num": // Yixin's THREAD_NUM too: keys are read in any case
		if num() {
			b.engine().Threads = int(min(max(n, 1), maxThreads))
		}
	case "show_detail":
		if num() {
			b.detail = int(n)
		}
	}
	// game_type, folder, evaluate… are accepted and ignored
}

// maxThreads bounds INFO thread_num; maxNBest bounds YXNBEST.
const (
	maxThreads = 64
	maxNBest   = 32
)

// rules are the core rules of the board under the rule in force.
func (b *Brain) rules() inarow.Rules {
	return inarow.Rules{Cols: b.w, Rows: b.h, K: 5, Win: b.rule.WinRule()}
}

// position is the current stones as a position with the brain to move:
// the side with more stones (own on a tie, since the brain is to move) is
// black.
func (b *Brain) position(stones []stone) (inarow.Position, error) {
	own, opp := 0, 0
	for _, s := range stones {
		if s.f == 1 {
			own++
		} else {
			opp++
		}
	}
	me := inarow.First
	if opp > own {
		me = inarow.Second
	}
	r := b.rules()
	var colour [2][]inarow.Move
	for _, s := range stones {
		c := me
		if s.f != 1 {
			c = me.Other()
		}
		colour[c] = append(colour[c], r.MoveAt(s.x, s.y))
	}
	return inarow.Setup(r, colour[0], colour[1], me)
}

// recent is the last two of the stones, oldest first: the moves played
// last, for TURN appends the opponent's move after the brain's own and
// BOARD lists the stones in the order they were played. The position
// alone (inarow.Setup) does not know them, and the search reads them as
// the last moves (gomokuengine.Limits.Recent).
func (b *Brain) recent(stones []stone) []inarow.Move {
	r := b.rules()
	var ms []inarow.Move
	for _, s := range stones[max(0, len(stones)-2):] {
		ms = append(ms, r.MoveAt(s.x, s.y))
	}
	return ms
}

// limits are the search's limits, its progress written as MESSAGE lines
// and, with INFO show_detail, as the Yixin protocol's MESSAGE REALTIME
// lines: REFRESH and the BEST move after every iteration, LOSE for a
// root move proven to lose and, from show_detail 2, POS and DONE as each
// root move's search starts and ends; detail is show_detail's level. It
// sets the engine's memory too. closeRoot, called once the search has
// returned and before its answer, closes the root move whose search was
// cut last with its DONE. (When the watchdog answered instead, nothing
// of that search is printed after its answer: that POS stays open.)
func (b *Brain) limits(detail int) (lim gomokuengine.Limits, closeRoot func()) {
	lim = b.lim
	closeRoot = func() {}
	r := b.rules()
	xy := func(m inarow.Move) string {
		x, y := r.XY(m)
		return fmt.Sprintf("%d,%d", x, y)
	}
	lim.Progress = func(in gomokuengine.Info) {
		var pv strings.Builder
		for _, m := range in.PV {
			fmt.Fprintf(&pv, " %s", xy(m))
		}
		b.println("MESSAGE depth %d ev %d n %d n/s %d tm %d pv%s", in.Depth, in.Score, in.Nodes, in.NPS(), in.Elapsed.Milliseconds(), pv.String())
		if detail >= 1 && len(in.PV) > 0 {
			b.println("MESSAGE REALTIME REFRESH")
			b.println("MESSAGE REALTIME BEST %s", xy(in.PV[0]))
		}
	}
	if detail >= 1 {
		lost := map[inarow.Move]bool{}
		// A root move whose search was cut (the iteration stopped at its
		// time) has a POS and no DONE; the next POS of this search (the
		// same depth searched again after the cut at four fifths, or the
		// final check's) closes it first, and closeRoot the search's last,
		// so that a GUI sees every POS closed before the next and before
		// the answer. (Root is called from the search's own goroutine
		// only, as lost assumes; closeRoot after the search returned.)
		var open inarow.Move
		isOpen := false
		closeRoot = func() {
			if isOpen {
				isOpen = false
				b.println("MESSAGE REALTIME DONE %s", xy(open))
			}
		}
		lim.Root = func(rm gomokuengine.RootMove) {
			switch {
			case !rm.Done:
				if detail >= 2 {
					if isOpen {
						b.println("MESSAGE REALTIME DONE %s", xy(open))
					}
					open, isOpen = rm.Move, true
					b.println("MESSAGE REALTIME POS %s", xy(rm.Move))
				}
				return
			case detail >= 2:
				isOpen = false
				b.println("MESSAGE REALTIME DONE %s", xy(rm.Move))
			}
			if rm.Score < -gomokuengine.WinBound && !lost[rm.Move] {
				lost[rm.Move] = true
				b.println("MESSAGE REALTIME LOSE %s", xy(rm.Move))
			}
		}
	}
	return lim, closeRoot
}

// think returns the search of the brain's move, or nil after an ERROR for
// a position that has none: already won (a five of either side under the
// rule in force, as the core reads it) or full.
func (b *Brain) think() func(context.Context) {
	p, ok := b.playable()
	if !ok {
		return nil
	}
	at := readUsage()
	// The turn runs from the command (the reader's time), or from the last
	// answer for a command that was read while the brain still thought,
	// as a manager's would be sent after it: what the brain did meanwhile
	// (handling the line, finishing the last move) comes off this search.
	var waited time.Duration
	if from := laterOf(b.cmdAt, b.answered); !from.IsZero() && from.Before(at.wall) {
		waited, at.wall = at.wall.Sub(from), from
	}
	lim, closeRoot := b.limits(b.detail)
	lim.Recent = b.recent(b.stones)
	turn := lim.TurnTime
	if lim.TurnTime > 0 {
		lim.TurnTime = max(lim.TurnTime-b.lag-waited, lim.TurnTime/4)
	}
	planned := lim.Allot(len(b.stones), b.w*b.h).Maximum
	// the watchdog's (watchdog.go): once it answered, the search's
	// lines are no longer printed
	g := newGuard(at.wall, planned, turn, b.cpu)
	progress, root := lim.Progress, lim.Root
	lim.Progress = func(in gomokuengine.Info) {
		g.note(in)
		g.ifOpen(func() { progress(in) })
	}
	if root != nil {
		lim.Root = func(rm gomokuengine.RootMove) {
			g.ifOpen(func() { root(rm) })
		}
	}
	g.rescue = func() { b.rescue(g, p, planned, waited, at) }
	b.guard = g
	eng, search := b.engine(), b.search
	return func(ctx context.Context) {
		// The search runs on this goroutine (its helpers, if any, on
		// others): locked to its thread, the thread's CPU time is the
		// search's (the time log, stolen).
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := at // (at is the watchdog's too)
		start.thread = threadCPU()
		res, err := search(ctx, eng, p, lim)
		if !g.claim(false) {
			return // the watchdog answered for it
		}
		closeRoot()
		if err != nil {
			b.println("ERROR %v", err)
			return
		}
		b.answer(p, res.Move, planned, waited, start, true)
	}
}

// answer plays m, the brain's move in p, and answers it: the move of a
// turn that started at at, planned to take planned after waited (think).
// onSearch says the caller is the search's goroutine, locked to the
// thread whose CPU time at.thread read; the watchdog's is not.
func (b *Brain) answer(p inarow.Position, m inarow.Move, planned, waited time.Duration, at usage, onSearch bool) {
	x, y := p.Rules().XY(m)
	b.stones = append(b.stones, stone{x, y, 1})
	// The move's time ends as it is written, not when the log reads its
	// clocks: the write wakes the manager, whose next engine may take
	// this thread's CPU before the readings are made. On a loaded 2-CPU
	// machine that once logged 265 ms for a move the manager saw in
	// under 174 (issue 23, session 73), and the lag it made shortened
	// the next turns.
	done := time.Now()
	b.println("%d,%d", x, y)
	end := readUsage()
	end.wall = done
	end.thread = -1
	if onSearch {
		end.thread = threadCPU()
	} else {
		at.thread = -1
	}
	b.answered = end.wall
	b.lag = nextLag(b.lag, end.wall.Sub(at.wall)-stolen(at, end), planned)
	b.played++
	if b.log != nil {
		b.omu.Lock() // (println writes ERROR lines to the log too)
		timeLog(b.log, b.played, len(b.stones)-1, planned, waited, at, end)
		b.omu.Unlock()
	}
}

// engine is the brain's engine. After the watchdog answered for a search
// that had not returned, the engine is that search's until it returns:
// then the brain has it back, tables and all; while it runs on, the
// brain takes a fresh one (the search keeps the old).
func (b *Brain) engine() *gomokuengine.Engine {
	if b.abandoned != nil {
		select {
		case <-b.abandoned:
		default:
			b.eng = &gomokuengine.Engine{MaxMemory: b.mem, Threads: b.eng.Threads, Tuning: b.tuning}
		}
		b.abandoned = nil
	}
	return b.eng
}

// laterOf is the later of two times.
func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// nextLag is the lag after a move that took elapsed, from its command
// to its answer, against the planned maximum of its search: the overrun,
// or three quarters of the lag before if that is more. On a loaded
// machine the process is not scheduled for tens of milliseconds at a
// time and a search overruns its plan by as much; the next turns then
// plan that much less (down to a quarter of the turn), so that the moves
// come back inside timeout_turn. Time the hypervisor stole from the move
// is not counted in elapsed (see stolen): a virtual machine stopped for
// 100 ms once says nothing of the next moves, and counting it cut the
// next move's search by half and the seven after it by less (session 58).
// A match clock needs no such correction: time_left, which the manager
// measures, already holds every overrun.
func nextLag(lag, elapsed, planned time.Duration) time.Duration {
	return max(elapsed-planned, lag*3/4, 0)
}

// nbest answers YXNBEST n: the n best moves by the engine's analysis
// (which scores a few more candidates than n, so that a move ordered late
// may still be among them), each on a MESSAGE NBEST line (rank, move,
// score, depth) after every iteration with the MESSAGE REALTIME lines
// whatever show_detail says (the command is a GUI's), then the best move
// as the answer. Like Yixin's engines it plays no stone: a GUI sets the
// board with YXBOARD before it asks.
func (b *Brain) nbest(n int) func(context.Context) {
	p, ok := b.playable()
	if !ok {
		return nil
	}
	lim, closeRoot := b.limits(max(b.detail, 1))
	lim.Recent = b.recent(b.stones)
	r := p.Rules()
	xy := func(m inarow.Move) string {
		x, y := r.XY(m)
		return fmt.Sprintf("%d,%d", x, y)
	}
	list := func(vs []gomokuengine.MoveValue) {
		for i, v := range vs[:min(n, len(vs))] {
			b.println("MESSAGE NBEST %d %s ev %d depth %d", i+1, xy(v.Move), v.Score, v.Depth)
		}
	}
	progress := lim.Progress
	lim.Progress = func(in gomokuengine.Info) {
		progress(in)
		list(in.Values)
	}
	eng := b.engine()
	return func(ctx context.Context) {
		vs, err := eng.Analyze(ctx, p, n+4, lim)
		closeRoot()
		if err != nil {
			b.println("ERROR %v", err)
			return
		}
		if len(vs) == 0 {
			b.println("ERROR no move to analyse")
			return
		}
		list(vs)
		b.println("%s", xy(vs[0].Move))
	}
}

// playable returns the position of the stones with the brain to move,
// or answers ERROR for one that has no move: already won (a five of
// either side under the rule in force, as the core reads it) or full.
func (b *Brain) playable() (inarow.Position, bool) {
	p, err := b.position(b.stones)
	if err != nil {
		b.println("ERROR %v", err)
		return p, false
	}
	switch o := p.Outcome(); o.Status {
	case inarow.Won:
		b.println("ERROR the board already holds a five (%v wins); no move to make", o.Winner)
		return p, false
	case inarow.Drawn:
		b.println("ERROR the board is full")
		return p, false
	}
	return p, true
}

// showForbid answers YXSHOWFORBID: black's forbidden points under renju
// (none under the other rules), whoever is to move.
func (b *Brain) showForbid() {
	var sb strings.Builder
	sb.WriteString("FORBID ")
	if p, err := b.position(b.stones); err == nil && b.rule == gomoku.Renju {
		r := p.Rules()
		for _, f := range gomoku.Forbidden(p) {
			x, y := r.XY(f.Move)
			fmt.Fprintf(&sb, "%02d%02d", x, y)
		}
	}
	sb.WriteString(".")
	b.println("%s", sb.String())
}

// swap2 answers SWAP2BOARD: with no stones it places three (black, white,
// black); with three or five it swaps when black stands better, else it
// plays white's move.
func (b *Brain) swap2(ctx context.Context, st []stone) {
	switch len(st) {
	case 0:
		cx, cy := b.w/2, b.h/2
		b.println("%d,%d %d,%d %d,%d", cx, cy, cx+1, cy-1, cx+2, cy+1)
		return
	case 3, 5:
	default:
		b.println("ERROR SWAP2BOARD wants 0, 3 or 5 stones, got %d", len(st))
		return
	}
	r := b.rules()
	var colour [2][]inarow.Move
	for i, s := range st {
		colour[i%2] = append(colour[i%2], r.MoveAt(s.x, s.y))
	}
	p, err := inarow.Setup(r, colour[0], colour[1], inarow.Second)
	if err != nil {
		b.println("ERROR %v", err)
		return
	}
	lim, closeRoot := b.limits(b.detail)
	lim.Recent = b.recent(st)
	eng := b.engine()
	res, err := eng.Search(ctx, p, lim)
	closeRoot()
	if err != nil {
		b.println("ERROR %v", err)
		return
	}
	if res.Score < -30 {
		b.stones = nil
		for i, s := range st { // we take black
			f := 2
			if i%2 == 0 {
				f = 1
			}
			b.stones = append(b.stones, stone{s.x, s.y, f})
		}
		b.println("SWAP")
		return
	}
	b.stones = nil
	for i, s := range st {
		f := 1
		if i%2 == 0 {
			f = 2
		}
		b.stones = append(b.stones, stone{s.x, s.y, f})
	}
	x, y := r.XY(res.Move)
	b.stones = append(b.stones, stone{x, y, 1})
	b.println("%d,%d", x, y)
}
