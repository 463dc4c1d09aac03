package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// gen plays games of a Gomocup brain against itself from random openings
// and writes every position with the brain's own evaluation (INFO EVAL of
// its last iteration, for the side to move), its move there and the
// game's result:
//
//	game ply eval best result x,y x,y ...
//
// eval is the brain's value for the side to move (M<n>/-M<n> for a mate
// it found), best the move the brain chose (x,y; the game may go on with
// another: a random move or the second brain's), result 1, 0 or -1 for
// the side to move, the moves from the
// empty board in order (black first). The openings are 3 to 5 stones
// within 3 of the centre, none of them (under the board's 8 symmetries) a
// line of the -exclude file: keep the match openings out of the data.
func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	brain := fs.String("brain", "pbrain-rapfi", "the Gomocup brain that plays and labels")
	games := fs.Int("games", 100, "games to play")
	first := fs.Int("first", 0, "number of the first game (its seed): runs with other numbers add fresh games")
	depth := fs.Int("depth", 8, "the brain's max_depth a move")
	turn := fs.Int("turn", 1000, "the brain's timeout_turn, ms (a bound; depth is the limit)")
	player := fs.String("player", "", "a second brain that plays one side (black in even games, white in odd) while the first labels every position: positions of that brain's games")
	playerTurn := fs.Int("playerturn", 100, "the second brain's timeout_turn, ms")
	random := fs.Float64("random", 0.08, "chance of a random move near the stones instead of the brain's, in the first 20 plies after the opening")
	plies := fs.Int("plies", 0, "stop each game when it has this many stones (0: play it out); a game stopped so has result 0 in every line: fit it with -lambda 1")
	workers := fs.Int("workers", 1, "brains playing at once")
	exclude := fs.String("exclude", "", "openings file to keep out (c-gomoku-cli offset format)")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the rule the games are played under (the file does not record it: label and fit take the same -rule)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rule := *rulep
	var ex map[string]bool
	if *exclude != "" {
		var err error
		if ex, err = readOpenings(*exclude); err != nil {
			return err
		}
	}
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	defer done()
	var mu sync.Mutex
	next := *first
	var firstErr error
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := startBrain(*brain, *depth, *turn, rule)
			if err != nil {
				mu.Lock()
				firstErr = errors.Join(firstErr, err)
				mu.Unlock()
				return
			}
			defer func() { e.close() }()
			var pl *brainProc
			if *player != "" {
				if pl, err = startBrain(*player, 64, *playerTurn, rule); err != nil {
					mu.Lock()
					firstErr = errors.Join(firstErr, err)
					mu.Unlock()
					return
				}
				defer func() { pl.close() }()
			}
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= *first+*games {
					return
				}
				// a brain that loses a line of the protocol (Rapfi once
				// read a game's first BOARD line as lost) is started
				// afresh and the game played again
				lines, err := playGame(e, pl, g, rule, *random, *plies, ex)
				for try := 0; err != nil && try < 3; try++ {
					e.close()
					if e, err = startBrain(*brain, *depth, *turn, rule); err == nil {
						lines, err = playGame(e, pl, g, rule, *random, *plies, ex)
					}
				}
				mu.Lock()
				if err != nil {
					// the game is left out, the next one played
					fmt.Fprintf(os.Stderr, "game %d left out: %v\n", g, err)
					mu.Unlock()
					e.close()
					if e, err = startBrain(*brain, *depth, *turn, rule); err != nil {
						mu.Lock()
						firstErr = errors.Join(firstErr, err)
						mu.Unlock()
						return
					}
					continue
				}
				for _, l := range lines {
					bw.WriteString(l)
				}
				bw.Flush()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

const genSize = 15

// ruleFlag is gen's, label's and fit's -rule: the rules gen plays and
// the fit has values for (caro is not one of them), checked as the flags
// are parsed.
type ruleFlag gomoku.Rule

func (f *ruleFlag) String() string { return gomoku.Rule(*f).String() }

func (f *ruleFlag) Set(name string) error {
	r, err := gomoku.ParseRule(name)
	if err != nil {
		return err
	}
	if r != gomoku.Freestyle && r != gomoku.Standard && r != gomoku.Renju {
		return fmt.Errorf("rule %s: gen, label and fit take freestyle, standard or renju", r)
	}
	*f = ruleFlag(r)
	return nil
}

// addRuleFlag defines -rule (freestyle by default) on fs.
func addRuleFlag(fs *flag.FlagSet, usage string) *gomoku.Rule {
	var f ruleFlag
	fs.Var(&f, "rule", usage+": freestyle (the default), standard or renju")
	return (*gomoku.Rule)(&f)
}

// readOpenings reads an offset openings file ("x,y, x,y, ..." from the
// centre) into the set of its openings' canonical keys.
func readOpenings(path string) (map[string]bool, error) {
	ops, err := readOffsets(path)
	if err != nil {
		return nil, err
	}
	m := map[string]bool{}
	for _, st := range ops {
		m[openingKey(st)] = true
	}
	return m, nil
}

// readOffsets reads an offset openings file in order: each line's stones
// as offsets from the centre, black first (blank lines skipped).
func readOffsets(path string) ([][][2]int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ops [][][2]int
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })
		if len(f) == 0 {
			continue
		}
		if len(f)%2 != 0 {
			return nil, fmt.Errorf("%s line %d: odd number of coordinates", path, n+1)
		}
		var st [][2]int
		for i := 0; i < len(f); i += 2 {
			x, err1 := strconv.Atoi(f[i])
			y, err2 := strconv.Atoi(f[i+1])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s line %d: %q", path, n+1, line)
			}
			st = append(st, [2]int{x, y})
		}
		ops = append(ops, st)
	}
	return ops, nil
}

// openingKey is the least of the 8 symmetric images of the stones (in
// order, offsets from the centre), written out.
func openingKey(st [][2]int) string {
	best := ""
	for s := range 8 {
		var b strings.Builder
		for _, p := range st {
			x, y := p[0], p[1]
			if s&1 != 0 {
				x = -x
			}
			if s&2 != 0 {
				y = -y
			}
			if s&4 != 0 {
				x, y = y, x
			}
			fmt.Fprintf(&b, "%d,%d ", x, y)
		}
		if k := b.String(); best == "" || k < best {
			best = k
		}
	}
	return best
}

type brainProc struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // the brain's output lines; closed at its end
	err   error       // why lines was closed
	// mateNodes is, after answerEval, the INFO TOTALNODES of the first
	// iteration whose INFO EVAL was a mate for the brain (+M), -1 if none:
	// how soon its search proved the win
	mateNodes int64
	// seen, if set, is given every line answerEval reads (depths reads
	// the iterations from them)
	seen func(line string)
}

func startBrain(path string, depth, turn int, rule gomoku.Rule) (*brainProc, error) {
	return startBrainSize(path, genSize, depth, turn, rule)
}

// startBrainSize starts the brain on a size×size board.
func startBrainSize(path string, size, depth, turn int, rule gomoku.Rule) (*brainProc, error) {
	cmd := exec.CommandContext(context.Background(), path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &brainProc{cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(outp)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- strings.TrimSpace(sc.Text())
		}
		e.err = sc.Err()
		close(e.lines)
	}()
	fmt.Fprintf(in, "START %d\n", size)
	if _, err := e.answer(); err != nil {
		return nil, err
	}
	fmt.Fprintf(in, "INFO rule %d\nINFO max_memory 67108864\nINFO timeout_match 0\nINFO timeout_turn %d\nINFO max_depth %d\nINFO SHOW_DETAIL 2\n", rule.Gomocup(), turn, depth)
	return e, nil
}

func (e *brainProc) close() {
	fmt.Fprintln(e.in, "END")
	e.in.Close()
	e.cmd.Wait()
}

// boardCommand is the BOARD command of the position after moves (black
// first): the side to move's stones are the brain's own (1), the last
// stone the other's (2).
func boardCommand(rules inarow.Rules, moves []inarow.Move) string {
	var b strings.Builder
	b.WriteString("BOARD\n")
	for i, m := range moves {
		x, y := rules.XY(m)
		own := 2
		if (len(moves)-i)%2 == 0 {
			own = 1
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", x, y, own)
	}
	b.WriteString("DONE\n")
	return b.String()
}

// ask sends a BOARD command once the brain takes commands and returns its
// answer with the last INFO EVAL value before it.
func (e *brainProc) ask(board string) (eval, ans string, err error) {
	if err := e.idle(); err != nil {
		return "", "", err
	}
	if _, err := io.WriteString(e.in, board); err != nil {
		return "", "", err
	}
	return e.answerEval()
}

// createOut opens the output file (- for standard output) behind a
// buffer; done flushes the buffer and closes the file.
func createOut(path string) (w *bufio.Writer, done func() error, err error) {
	if path == "-" {
		w = bufio.NewWriter(os.Stdout)
		return w, w.Flush, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	w = bufio.NewWriter(f)
	return w, func() error { return errors.Join(w.Flush(), f.Close()) }, nil
}

// answer reads lines up to the brain's answer (not INFO, MESSAGE or
// DEBUG) and returns it with the last INFO EVAL value seen.
func (e *brainProc) answer() (string, error) {
	_, a, err := e.answerEval()
	return a, err
}

func (e *brainProc) answerEval() (eval, ans string, err error) {
	e.mateNodes = -1
	var nodes int64 = -1
	for l := range e.lines {
		if e.seen != nil {
			e.seen(l)
		}
		switch {
		case strings.HasPrefix(l, "INFO TOTALNODES "):
			nodes, _ = strconv.ParseInt(strings.TrimPrefix(l, "INFO TOTALNODES "), 10, 64)
		case strings.HasPrefix(l, "INFO EVAL "):
			eval = strings.TrimPrefix(l, "INFO EVAL ")
			if e.mateNodes < 0 && strings.HasPrefix(eval, "+M") {
				e.mateNodes = nodes
			}
		case strings.HasPrefix(l, "INFO"), strings.HasPrefix(l, "MESSAGE"), strings.HasPrefix(l, "DEBUG"), l == "",
			strings.HasPrefix(l, "name="): // a late answer to idle's ABOUT
		case strings.HasPrefix(l, "ERROR"):
			return "", "", fmt.Errorf("brain: %s", l)
		default:
			return eval, l, nil
		}
	}
	if e.err != nil {
		return "", "", e.err
	}
	return "", "", io.ErrUnexpectedEOF
}

// idle waits until the brain takes commands again. Rapfi drops a command
// that comes while its search is still marked as running, just after it
// has answered a move: ABOUT is sent until one is answered.
func (e *brainProc) idle() error {
	for {
		if _, err := io.WriteString(e.in, "ABOUT\n"); err != nil {
			return err
		}
		t := time.NewTimer(200 * time.Millisecond)
	wait:
		for {
			select {
			case l, ok := <-e.lines:
				if !ok {
					t.Stop()
					return io.ErrUnexpectedEOF
				}
				if strings.HasPrefix(l, "name=") {
					// answers to ABOUTs sent before may follow: answerEval
					// passes over them
					t.Stop()
					return nil
				}
			case <-t.C:
				break wait
			}
		}
	}
}

// playGame plays game g (its number seeds the opening and the random
// moves) and returns its lines. pl, if not nil, plays black in even games
// and white in odd ones; e plays the other side and labels every position.
// Under renju a move the rule forbids is an error of the brain, and the
// random moves are legal ones. With plies > 0 the game stops when it has
// that many stones (the early positions alone, for an opening's data):
// its result is then 0, unknown.
func playGame(e, pl *brainProc, g int, rule gomoku.Rule, random float64, plies int, ex map[string]bool) ([]string, error) {
	r := rand.New(rand.NewPCG(uint64(g), 0x6576616c67656e))
	rules := genRules(rule)
	var p inarow.Position
	var moves []inarow.Move
	for {
		k := 3 + r.IntN(3)
		var st [][2]int
		used := map[[2]int]bool{}
		for len(st) < k {
			s := [2]int{r.IntN(7) - 3, r.IntN(7) - 3}
			if !used[s] {
				used[s] = true
				st = append(st, s)
			}
		}
		if ex[openingKey(st)] {
			continue
		}
		var err error
		if p, err = inarow.NewPosition(rules); err != nil {
			return nil, err
		}
		moves = moves[:0]
		for _, s := range st {
			m := rules.MoveAt(genSize/2+s[0], genSize/2+s[1])
			if p, err = gomoku.Play(p, m); err != nil {
				break // a renju opening with a stone black may not play: drawn again
			}
			moves = append(moves, m)
		}
		if err == nil && !p.Over() {
			break
		}
	}
	type rec struct {
		ply        int
		eval, best string
	}
	var recs []rec
	var hist []string
	open := len(moves)
	for !p.Over() && (plies <= 0 || len(moves) < plies) {
		me := p.ToMove()
		board := boardCommand(rules, moves)
		eval, ans, err := e.ask(board)
		if err != nil {
			return nil, err
		}
		if eval == "" {
			return nil, fmt.Errorf("no INFO EVAL before %q", ans)
		}
		bm, err := gomoku.ParseXY(rules, ans)
		if err != nil || p.At(bm) != inarow.NoPlayer {
			return nil, fmt.Errorf("brain move %q: not an empty point", ans)
		}
		bx, by := rules.XY(bm)
		best := fmt.Sprintf("%d,%d", bx, by)
		if pl != nil && int(me) == g%2 {
			if _, ans, err = pl.ask(board); err != nil {
				return nil, fmt.Errorf("player: %w", err)
			}
		}
		m := bm
		if pl != nil && int(me) == g%2 {
			if m, err = gomoku.ParseXY(rules, ans); err != nil {
				return nil, fmt.Errorf("player's move %q: %w", ans, err)
			}
		}
		recs = append(recs, rec{len(moves), eval, best})
		if len(moves) < open+20 && r.Float64() < random {
			if q, ok := randomNear(r, p, rules); ok {
				m = q
			}
		}
		if p, err = gomoku.Play(p, m); err != nil {
			return nil, fmt.Errorf("brain move %q: %w", ans, err)
		}
		moves = append(moves, m)
	}
	for _, m := range moves {
		x, y := rules.XY(m)
		hist = append(hist, fmt.Sprintf("%d,%d", x, y))
	}
	winner := -1
	if o := p.Outcome(); o.Status == inarow.Won {
		winner = int(o.Winner)
	}
	lines := make([]string, len(recs))
	for i, x := range recs {
		res := 0
		if winner >= 0 {
			res = -1
			if winner == x.ply%2 {
				res = 1
			}
		}
		lines[i] = fmt.Sprintf("%d %d %s %s %d %s\n", g, x.ply, x.eval, x.best, res, strings.Join(hist[:x.ply], " "))
	}
	return lines, nil
}

// randomNear picks a legal empty point within 2 of a stone.
func randomNear(r *rand.Rand, p inarow.Position, rules inarow.Rules) (inarow.Move, bool) {
	var c []inarow.Move
	for m := range inarow.Move(rules.Cells()) {
		if p.At(m) != inarow.NoPlayer || !gomoku.Legal(p, m) {
			continue
		}
		x, y := rules.XY(m)
		near := false
		for dy := -2; dy <= 2 && !near; dy++ {
			for dx := -2; dx <= 2 && !near; dx++ {
				if x+dx >= 0 && y+dy >= 0 && x+dx < genSize && y+dy < genSize && p.At(rules.MoveAt(x+dx, y+dy)) != inarow.NoPlayer {
					near = true
				}
			}
		}
		if near {
			c = append(c, m)
		}
	}
	if len(c) == 0 {
		return 0, false
	}
	return c[r.IntN(len(c))], true
}
