package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/inarow/inarow/gomoku"
)

// positions writes the positions of a match's games (c-gomoku-cli's
// records) as gen's lines, for label to value and compare to score: a
// match's positions are those its brains steer into, which a fit's
// self-play games need not hold (session 40 found the engine's value of
// the positions Rapfi's moves made too high by 0.17 on the logistic
// scale, and of its own not):
//
//	gomoku-evalfit positions -brain main -side moved -o ours.txt g.sgf
//
// Each position after the opening up to -maxply stones (but the game's
// last) is written with the value 0 and no move (label gives both), the
// game's result for the side to move, and the moves; -brain and -side
// keep the positions just after that brain's move (moved) or those where
// it is to move (tomove).
// The game's number is -first plus its place in the records.
func positions(args []string) error {
	fs := flag.NewFlagSet("positions", flag.ContinueOnError)
	brain := fs.String("brain", "", "keep only the positions by this brain's moves (see -side)")
	side := fs.String("side", "moved", "with -brain: the positions just after its move (moved) or before it (tomove)")
	maxPly := fs.Int("maxply", 40, "the last position's number of stones")
	first := fs.Int("first", 500000, "the first game's number")
	out := fs.String("o", "-", "output file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *side != "moved" && *side != "tomove" {
		return fmt.Errorf("positions: -side %q: moved or tomove", *side)
	}
	recs, err := readRecords(fs.Args())
	if err != nil {
		return err
	}
	for i, r := range recs {
		if r.Cols != genSize || r.Rows != genSize {
			return fmt.Errorf("positions: game %d is on %d×%d; gen's lines are %d×%d", i+1, r.Cols, r.Rows, genSize, genSize)
		}
	}
	bw, done, err := createOut(*out)
	if err != nil {
		return err
	}
	kept := 0
	for i, r := range recs {
		rules, err := r.Rules()
		if err != nil {
			done()
			return fmt.Errorf("positions: game %d: %w", i+1, err)
		}
		winner := -1 // 0 black, 1 white
		switch {
		case strings.HasPrefix(r.Result, "B+"):
			winner = 0
		case strings.HasPrefix(r.Result, "W+"):
			winner = 1
		}
		mine := -1 // the colour of -brain
		if *brain != "" {
			switch *brain {
			case r.Black:
				mine = 0
			case r.White:
				mine = 1
			default:
				done()
				return fmt.Errorf("positions: game %d (%s – %s) has no brain %q", i+1, r.Black, r.White, *brain)
			}
		}
		xy := make([]string, len(r.Moves))
		for k, m := range r.Moves {
			xy[k] = gomoku.FormatXY(rules, m)
		}
		// the last position is left out: its game is over (a five, a
		// full board) or was given up, with no move to label
		for p := max(r.Opening, 1) + 1; p <= min(len(r.Moves)-1, *maxPly); p++ {
			toMove := p % 2 // after p stones: black (0) to move when p is even
			if mine >= 0 && (*side == "tomove") != (toMove == mine) {
				continue
			}
			res := 0
			if winner >= 0 {
				res = -1
				if winner == toMove {
					res = 1
				}
			}
			fmt.Fprintf(bw, "%d %d 0 %d %s\n", *first+i, p, res, strings.Join(xy[:p], " "))
			kept++
		}
	}
	fmt.Fprintf(os.Stderr, "%d positions of %d games\n", kept, len(recs))
	return done()
}

// readRecords reads the games of c-gomoku-cli's record files (SGF).
func readRecords(paths []string) ([]gomoku.Record, error) {
	if len(paths) == 0 {
		return nil, errors.New("no record file")
	}
	var recs []gomoku.Record
	for _, name := range paths {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		rs, err := gomoku.ParseSGFCollection(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		recs = append(recs, rs...)
	}
	if len(recs) == 0 {
		return nil, errors.New("no game in the records")
	}
	return recs, nil
}
