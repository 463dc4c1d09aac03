package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// depths sets brains' deepening side by side on the same positions: each
// brain searches each position for one turn, and for every iteration it
// finishes the depth, the nodes and the milliseconds so far are noted.
// It answers how many nodes and how much time a brain takes to reach a
// depth beside another on the same positions (issue 23: the depth
// Rapfi reaches at 0.2 s a move beside ours):
//
//	gomoku-evalfit depths -brain pbrain-inarow -brain pbrain-rapfi -turn 1000 pos.txt
//
// The positions are gen's lines (positions writes a match's). A brain is
// a Gomocup brain's path, or inarow for the engine in this process; the
// iterations are read from Rapfi's INFO DEPTH, TOTALNODES and TOTALTIME
// lines (INFO SHOW_DETAIL) or pbrain-inarow's MESSAGE depth lines. Each
// brain first plays a move on another board, so that its tables are
// allocated before the first timed turn. The output has a line per
// position, brain and iteration, then the table depthTable writes.
// Depths are each brain's own: both count fractional extensions and
// reductions in plies, but not the same ones.
func depths(args []string) error {
	fs := flag.NewFlagSet("depths", flag.ContinueOnError)
	var brains stringsFlag
	fs.Var(&brains, "brain", "a brain to run (repeated; the first is the others' reference): a Gomocup brain's path, or inarow")
	turn := fs.Int("turn", 200, "each search's timeout_turn, ms")
	every := fs.Int("every", 1, "take every nth position of the files")
	most := fs.Int("max", 0, "at most this many positions (0: all)")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the positions' rule")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if len(brains) == 0 || fs.NArg() == 0 || *turn <= 0 || *every <= 0 {
		return errors.New("depths: -brain (one or more), a positive -turn and -every, and gen's files are needed")
	}
	rule := *rulep
	rules := genRules(rule)
	var pos [][]inarow.Move
	n := 0
	for _, path := range fs.Args() {
		err := eachGenLine(path, rules, func(l genLine) error {
			if n++; (n-1)%*every == 0 && (*most == 0 || len(pos) < *most) {
				pos = append(pos, l.Moves)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if len(pos) == 0 {
		return errors.New("depths: no positions")
	}
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	runs := make([][][]iteration, len(brains))
	for i, name := range brains {
		d, err := startDeepener(name, *turn, rule)
		if err != nil {
			done()
			return fmt.Errorf("depths: %s: %w", name, err)
		}
		for j, moves := range pos {
			its, err := d.deepen(rules, moves)
			if err != nil {
				d.close()
				done()
				return fmt.Errorf("depths: %s, position %d: %w", name, j+1, err)
			}
			runs[i] = append(runs[i], its)
			for _, it := range its {
				fmt.Fprintf(bw, "%d %s %d %d %d\n", j+1, name, it.depth, it.nodes, it.ms)
			}
		}
		d.close()
	}
	depthTable(bw, brains, runs, *turn)
	return done()
}

// stringsFlag is a repeated flag's values.
type stringsFlag []string

func (f *stringsFlag) String() string     { return strings.Join(*f, ",") }
func (f *stringsFlag) Set(s string) error { *f = append(*f, s); return nil }

// An iteration is one finished iteration of a deepening: its depth, and
// the nodes and milliseconds from the turn's start to its end.
type iteration struct {
	depth int
	nodes int64
	ms    int64
}

// A deepener searches a position for a turn and reports its iterations.
type deepener interface {
	deepen(rules inarow.Rules, moves []inarow.Move) ([]iteration, error)
	close()
}

// warmBoard is the board a brain plays on before the timed turns.
const warmBoard = "BOARD\n0,0,2\nDONE\n"

func startDeepener(name string, turn int, rule gomoku.Rule) (deepener, error) {
	if name == "inarow" {
		e := &engineDeepener{g: &gomokuengine.Engine{MaxMemory: 64 << 20}, turn: time.Duration(turn) * time.Millisecond}
		warm := []inarow.Move{0}
		if _, err := e.deepen(genRules(rule), warm); err != nil {
			return nil, err
		}
		return e, nil
	}
	b, err := startBrain(name, 99, turn, rule)
	if err != nil {
		return nil, err
	}
	d := &brainDeepener{b}
	fmt.Fprintf(b.in, "INFO SHOW_DETAIL 3\nINFO timeout_turn %d\n", min(turn, 30))
	if _, err := d.ask(warmBoard); err != nil {
		b.close()
		return nil, err
	}
	fmt.Fprintf(b.in, "INFO timeout_turn %d\n", turn)
	return d, nil
}

type brainDeepener struct{ *brainProc }

func (d *brainDeepener) deepen(rules inarow.Rules, moves []inarow.Move) ([]iteration, error) {
	return d.ask(boardCommand(rules, moves))
}

// ask sends a board and returns the iterations the brain reports up to
// its answer (brainProc.ask reads the lines).
func (d *brainDeepener) ask(board string) ([]iteration, error) {
	var its []iteration
	var p iterParser
	d.seen = func(l string) {
		if it, ok := p.line(l); ok {
			its = append(its, it)
		}
	}
	defer func() { d.seen = nil }()
	if _, _, err := d.brainProc.ask(board); err != nil {
		return nil, err
	}
	return its, nil
}

// iterParser reads a brain's iterations from its output: Rapfi's INFO
// DEPTH, INFO TOTALNODES and INFO TOTALTIME lines (an iteration ends at
// its TOTALTIME) and pbrain-inarow's MESSAGE depth lines.
type iterParser struct {
	cur          iteration
	depth, nodes bool
}

var messageDepth = regexp.MustCompile(`^MESSAGE depth (\d+) ev -?\d+ n (\d+) n/s \d+ tm (\d+)`)

func (p *iterParser) line(l string) (iteration, bool) {
	if m := messageDepth.FindStringSubmatch(l); m != nil {
		d, _ := strconv.Atoi(m[1])
		n, _ := strconv.ParseInt(m[2], 10, 64)
		ms, _ := strconv.ParseInt(m[3], 10, 64)
		return iteration{d, n, ms}, true
	}
	f := strings.Fields(l)
	if len(f) != 3 || f[0] != "INFO" {
		return iteration{}, false
	}
	v, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return iteration{}, false
	}
	switch f[1] {
	case "DEPTH":
		p.cur, p.depth, p.nodes = iteration{depth: int(v)}, true, false
	case "TOTALNODES":
		p.cur.nodes, p.nodes = v, p.depth
	case "TOTALTIME":
		if p.nodes {
			p.cur.ms, p.depth, p.nodes = v, false, false
			return p.cur, true
		}
	}
	return iteration{}, false
}

// engineDeepener is the engine in this process, its table cleared for
// each position.
type engineDeepener struct {
	g    *gomokuengine.Engine
	turn time.Duration
}

func (e *engineDeepener) deepen(rules inarow.Rules, moves []inarow.Move) ([]iteration, error) {
	game, err := gameOf(rules, moves)
	if err != nil {
		return nil, err
	}
	e.g.NewGame()
	var its []iteration
	lim := gomokuengine.Limits{TurnTime: e.turn, Progress: func(in gomokuengine.Info) {
		its = append(its, iteration{in.Depth, in.Nodes, in.Elapsed.Milliseconds()})
	}}
	if _, err := e.g.Search(context.Background(), game.Position(), lim); err != nil {
		return nil, err
	}
	return its, nil
}

func (e *engineDeepener) close() {}

// depthTable writes, for each depth, how many positions each brain
// finished it on and, for each brain after the first, the geometric mean
// over the positions both finished it on of its nodes and its time to
// that depth over the first brain's; then each brain's mean deepest depth
// finished within a fifth of the turn (ms), half of it and all of it, a
// position it answered without an iteration (a forced move, a win found
// before the deepening) counted as depth 0. A brain that proves a win
// stops deepening: the rows of the deep iterations hold the positions
// that no brain settled.
func depthTable(w io.Writer, names []string, runs [][][]iteration, turn int) {
	at := func(its []iteration, d int) (iteration, bool) {
		for _, it := range its {
			if it.depth == d {
				return it, true
			}
		}
		return iteration{}, false
	}
	top := 0
	for _, r := range runs {
		for _, its := range r {
			for _, it := range its {
				top = max(top, it.depth)
			}
		}
	}
	fmt.Fprintf(w, "\n%5s", "depth")
	for i, name := range names {
		fmt.Fprintf(w, " | %s: positions", name)
		if i > 0 {
			fmt.Fprintf(w, ", nodes and time over %s's (paired)", names[0])
		}
	}
	fmt.Fprintln(w)
	for d := 1; d <= top; d++ {
		fmt.Fprintf(w, "%5d", d)
		for i := range names {
			var reached, paired int
			var ln, lt float64
			for j := range runs[i] {
				it, ok := at(runs[i][j], d)
				if !ok {
					continue
				}
				reached++
				if ref, ok := at(runs[0][j], d); ok && i > 0 {
					paired++
					ln += math.Log(float64(max(it.nodes, 1)) / float64(max(ref.nodes, 1)))
					lt += math.Log(float64(max(it.ms, 1)) / float64(max(ref.ms, 1)))
				}
			}
			fmt.Fprintf(w, " | %d", reached)
			if paired > 0 {
				fmt.Fprintf(w, ", %.2f and %.2f (%d)", math.Exp(ln/float64(paired)), math.Exp(lt/float64(paired)), paired)
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "mean deepest depth finished within a fifth, a half and all of the %d ms turn:", turn)
	for i, name := range names {
		var sums [3]float64
		for _, its := range runs[i] {
			for k, frac := range []float64{0.2, 0.5, 1} {
				deepest := 0
				for _, it := range its {
					if float64(it.ms) <= frac*float64(turn) {
						deepest = max(deepest, it.depth)
					}
				}
				sums[k] += float64(deepest)
			}
		}
		m := float64(max(len(runs[i]), 1))
		fmt.Fprintf(w, " %s %.1f, %.1f, %.1f;", name, sums[0]/m, sums[1]/m, sums[2]/m)
	}
	fmt.Fprintln(w)
}
