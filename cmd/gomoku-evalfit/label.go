package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	e, err := startBrain(*brain, *depth, *turn)
	if err != nil {
		return err
	}
	defer func() { e.close() }()
	rules := inarow.Rules{Cols: genSize, Rows: genSize, K: 5, Win: gomoku.Freestyle.WinRule()}
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for n := 1; sc.Scan(); n++ {
			fl := strings.Fields(sc.Text())
			if len(fl) == 0 {
				continue
			}
			ply, err := strconv.Atoi(fl[1])
			if err != nil || len(fl)-ply != 5 || ply == 0 {
				f.Close()
				return fmt.Errorf("%s line %d: not gen's game ply eval best result moves", path, n)
			}
			var b strings.Builder
			b.WriteString("BOARD\n")
			for i, t := range fl[5:] {
				m, err := gomoku.ParseXY(rules, t)
				if err != nil {
					f.Close()
					return fmt.Errorf("%s line %d: %w", path, n, err)
				}
				x, y := rules.XY(m)
				own := 2 // the last stone is the other's
				if (ply-1-i)%2 == 1 {
					own = 1
				}
				fmt.Fprintf(&b, "%d,%d,%d\n", x, y, own)
			}
			b.WriteString("DONE\n")
			if err := e.idle(); err != nil {
				return err
			}
			if _, err := io.WriteString(e.in, b.String()); err != nil {
				return err
			}
			eval, ans, err := e.answerEval()
			if err != nil {
				return fmt.Errorf("%s line %d: %w", path, n, err)
			}
			if eval == "" {
				return fmt.Errorf("%s line %d: no INFO EVAL before %q", path, n, ans)
			}
			fl[2], fl[3] = eval, ans
			bw.WriteString(strings.Join(fl, " ") + "\n")
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return err
		}
	}
	return nil
}
