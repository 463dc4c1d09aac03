package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// judge sets brains' moves in the same positions side by side: each file
// is label's output for one brain (its move in each position), and a
// judging brain, searching to a fixed depth, values the position after
// each move. A move's grade is the mover's win chance there in the
// judge's eyes, σ(value/scale); judge prints each file's mean grade over
// the positions every file holds and its paired difference from the first
// file's, ± 2σ. It answers where matches cannot say why: whether a brain
// given more time picks better moves (issue 23, session 41: five times
// the turn gained the engine little by this measure, while it gained
// Rapfi more; docs/performance.md).
//
// A move that makes a four leaves the other side one answer, which a
// Gomocup brain plays at once with the value of a shallow search (Rapfi
// does: a mate it would have found deeper reads as an even game). So the
// forced blocks are played out first, by the rules alone, and the judge
// values the position where a choice is left; a five made, or two five
// points against the side to move, settle the game without it.
func judge(args []string) error {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	brain := fs.String("brain", "pbrain-rapfi", "the Gomocup brain that judges")
	depth := fs.Int("depth", 18, "the judge's max_depth")
	turn := fs.Int("turn", 100000, "the judge's timeout_turn, ms (a bound; depth is the limit)")
	scale := fs.Float64("scale", 200, "the judge's value v is the win chance σ(v/scale)")
	cache := fs.String("cache", "", `a file of the judge's values ("value x,y ..." a line): read first, and the new ones added`)
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the positions' rule")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("judge: name label's output files, one a brain")
	}
	rules := genRules(*rulep)
	values := map[string]string{}
	if *cache != "" {
		if err := readJudged(*cache, values); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("judge: %w", err)
		}
	}
	// each file's move in each of its positions, and the position the
	// judge is asked about after it
	files := make([]map[string]judgedMove, fs.NArg())
	var asks [][]inarow.Move
	over := 0
	for i, path := range fs.Args() {
		files[i] = map[string]judgedMove{}
		err := eachGenLine(path, rules, func(l genLine) error {
			if l.Best == inarow.NoMove {
				return errors.New("no move: judge reads label's lines, which have one")
			}
			w, err := walkForced(rules, append(l.Moves[:len(l.Moves):len(l.Moves)], l.Best))
			if errors.Is(err, inarow.ErrGameOver) {
				over++ // (label's brain may answer there)
				return nil
			}
			if err != nil {
				return err
			}
			files[i][movesKey(rules, l.Moves)] = judgedMove{move: l.Best, walk: w}
			if k := movesKey(rules, w.moves); w.outcome == open && values[k] == "" {
				values[k] = "?" // asked once
				asks = append(asks, w.moves)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("judge: %w", err)
		}
	}
	if over > 0 {
		fmt.Fprintf(os.Stderr, "judge: %d lines left out: the game was over before the move\n", over)
	}
	if len(asks) > 0 {
		if err := askJudge(*brain, *depth, *turn, *rulep, rules, asks, values, *cache); err != nil {
			return fmt.Errorf("judge: %w", err)
		}
	}
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	if err := judgeReport(bw, rules, fs.Args(), files, values, *scale); err != nil {
		done()
		return err
	}
	return done()
}

// A walk is the position after a move with the forced blocks played out:
// its moves, and the game's outcome for the side to move there if the
// rules settle it (a five made, a five point of its own, two of the
// other side's or one it may not block).
type walk struct {
	moves   []inarow.Move
	plies   int // the forced blocks played after the move
	outcome int
}

const (
	open = iota
	wins
	loses
	drawn
)

type judgedMove struct {
	move inarow.Move
	walk walk
}

// walkForced plays out the forced blocks after moves (the last one the
// judged move).
func walkForced(rules inarow.Rules, moves []inarow.Move) (walk, error) {
	p, err := inarow.NewPosition(rules)
	if err != nil {
		return walk{}, err
	}
	for _, m := range moves {
		if p, err = gomoku.Play(p, m); err != nil {
			return walk{}, err
		}
	}
	w := walk{moves: moves}
	for {
		switch o := p.Outcome(); o.Status {
		case inarow.Won: // the side that just moved
			w.outcome = loses
			return w, nil
		case inarow.Drawn:
			w.outcome = drawn
			return w, nil
		}
		me := p.ToMove()
		if len(fivePoints(p, me)) > 0 {
			w.outcome = wins
			return w, nil
		}
		f := fivePoints(p, me.Other())
		if len(f) == 0 {
			return w, nil
		}
		if len(f) > 1 {
			w.outcome = loses
			return w, nil
		}
		// (gomoku.Play: renju black may not block on a forbidden point)
		if p, err = gomoku.Play(p, f[0]); err != nil {
			w.outcome = loses
			return w, nil
		}
		w.moves = append(w.moves[:len(w.moves):len(w.moves)], f[0])
		w.plies++
	}
}

// fivePoints returns the points where who would complete a winning line
// in p, had who the move: the core's own rules decide, by playing each
// empty point.
func fivePoints(p inarow.Position, who inarow.Player) []inarow.Move {
	if p.ToMove() != who {
		p = p.Passed()
	}
	var out []inarow.Move
	for m := inarow.Move(0); int(m) < p.Rules().Cells(); m++ {
		if p.At(m) != inarow.NoPlayer {
			continue
		}
		if c, err := p.Play(m); err == nil && c.Outcome().Status == inarow.Won {
			out = append(out, m)
		}
	}
	return out
}

// movesKey is a position's key: its moves as gen writes them.
func movesKey(rules inarow.Rules, moves []inarow.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = gomoku.FormatXY(rules, m)
	}
	return strings.Join(s, " ")
}

// readJudged reads a cache of the judge's values into values.
func readJudged(path string, values map[string]string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		v, moves, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if v == "" {
			continue
		}
		if _, err := winChance(v, 1); err != nil || !ok {
			return fmt.Errorf("%s:%d: %q is not a value and moves", path, n, sc.Text())
		}
		values[moves] = v
	}
	return sc.Err()
}

// askJudge has the judging brain value each position of asks, writing
// each value to the cache as it comes.
func askJudge(brain string, depth, turn int, rule gomoku.Rule, rules inarow.Rules, asks [][]inarow.Move, values map[string]string, cache string) error {
	var out io.Writer = io.Discard
	if cache != "" {
		f, err := os.OpenFile(cache, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		out = f
	}
	b, err := startBrain(brain, depth, turn, rule)
	if err != nil {
		return err
	}
	defer b.close()
	for _, moves := range asks {
		eval, _, err := b.ask(boardCommand(rules, moves))
		if err != nil {
			return err
		}
		k := movesKey(rules, moves)
		if _, err := winChance(eval, 1); err != nil {
			return fmt.Errorf("%s: the judge's value %q: %w", k, eval, err)
		}
		values[k] = eval
		if _, err := fmt.Fprintf(out, "%s %s\n", eval, k); err != nil {
			return err
		}
	}
	return nil
}

// winChance is the side to move's win chance for a Gomocup value: a mate
// (+Mn, -Mn) is certain, else σ(v/scale).
func winChance(v string, scale float64) (float64, error) {
	switch {
	case strings.HasPrefix(v, "+M"):
		return 1, nil
	case strings.HasPrefix(v, "-M"):
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, err
	}
	return 1 / (1 + math.Exp(-float64(n)/scale)), nil
}

// grade is the mover's win chance after the move of jm.
func (jm judgedMove) grade(rules inarow.Rules, values map[string]string, scale float64) float64 {
	var v float64 // for the side to move at the walk's end
	switch jm.walk.outcome {
	case wins:
		v = 1
	case loses:
		v = 0
	case drawn:
		v = 0.5
	default:
		v, _ = winChance(values[movesKey(rules, jm.walk.moves)], scale)
	}
	if jm.walk.plies%2 == 0 { // the mover's opponent is to move there
		return 1 - v
	}
	return v
}

// judgeReport prints each file's mean grade over the positions all of
// them hold, and its paired difference from the first file's.
func judgeReport(w io.Writer, rules inarow.Rules, names []string, files []map[string]judgedMove, values map[string]string, scale float64) error {
	var common []string
	for k := range files[0] {
		all := true
		for _, f := range files[1:] {
			if _, ok := f[k]; !ok {
				all = false
				break
			}
		}
		if all {
			common = append(common, k)
		}
	}
	if len(common) == 0 {
		return errors.New("judge: no position is in every file")
	}
	sort.Strings(common)
	grades := make([][]float64, len(files))
	for i, f := range files {
		for _, k := range common {
			grades[i] = append(grades[i], f[k].grade(rules, values, scale))
		}
	}
	n := float64(len(common))
	fmt.Fprintf(w, "%d positions in every file; the mover's win chance after each move, by the judge\n", len(common))
	fmt.Fprintf(w, "%-24s %8s  %-17s  %s\n", "file", "mean", "less the first", "same move")
	for i, name := range names {
		mean, line := 0.0, ""
		for _, g := range grades[i] {
			mean += g / n
		}
		if i > 0 {
			var d, dd float64
			same := 0
			for j, k := range common {
				x := grades[i][j] - grades[0][j]
				d += x
				dd += x * x
				if files[i][k].move == files[0][k].move {
					same++
				}
			}
			d /= n
			sd := math.Sqrt(max(0, dd/n-d*d) * n / max(1, n-1))
			line = fmt.Sprintf("  %+.4f ± %.4f  %d/%d", d, 2*sd/math.Sqrt(n), same, len(common))
		}
		if _, err := fmt.Fprintf(w, "%-24s %8.4f%s\n", name, mean, line); err != nil {
			return err
		}
	}
	return nil
}
