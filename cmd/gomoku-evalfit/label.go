package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/inarow/inarow/gomoku"
)

// label gives gen's positions the labelling brain's value and move at
// another depth: the same positions (games played by the brain at gen's
// depth), labels of another search. The lines keep gen's format, the
// game's number, ply and result as they were.
func label(args []string) error {
	fs := flag.NewFlagSet("label", flag.ContinueOnError)
	brain := fs.String("brain", "pbrain-rapfi", "the Gomocup brain that labels")
	depth := fs.Int("depth", 2, "the brain's max_depth")
	turn := fs.Int("turn", 1000, "the brain's timeout_turn, ms (a bound; depth is the limit)")
	out := fs.String("o", "-", "output file")
	rulep := addRuleFlag(fs, "the rule of gen's games")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rule := *rulep
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	e, err := startBrain(*brain, *depth, *turn, rule)
	if err != nil {
		done()
		return err
	}
	defer e.close()
	for _, path := range fs.Args() {
		if err := labelFile(e, path, rule, bw); err != nil {
			done()
			return err
		}
	}
	return done()
}

// labelFile writes the lines of gen's file at path to w with e's value
// and move.
func labelFile(e *brainProc, path string, rule gomoku.Rule, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rules := genRules(rule)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		fl := strings.Fields(sc.Text())
		if len(fl) == 0 {
			continue
		}
		l, err := parseGenLine(rules, sc.Text())
		if err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
		if l.Ply == 0 {
			return fmt.Errorf("%s line %d: the empty board", path, n)
		}
		eval, ans, err := e.ask(boardCommand(rules, l.Moves))
		if err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
		if eval == "" {
			return fmt.Errorf("%s line %d: no INFO EVAL before %q", path, n, ans)
		}
		// game ply eval best result moves, whether or not the line had
		// a best move
		out := append([]string{fl[0], fl[1], eval, ans}, fl[len(fl)-l.Ply-1:]...)
		if _, err := io.WriteString(w, strings.Join(out, " ")+"\n"); err != nil {
			return err
		}
	}
	return sc.Err()
}
