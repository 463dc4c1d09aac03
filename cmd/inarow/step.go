package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/connect4"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/tictactoe"
)

// stepper is one document's game as step sees it: play a move written in
// the document's format, and print the game in the document's format.
type stepper interface {
	play(move string) (stepper, error)
	output() ([]byte, error)
}

// stepUsage is the command line of inarow step.
const stepUsage = "usage: inarow step GAME [--game FILE|-] [--view CELLS] [--strict] [--] MOVE..."

func runStep(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, stepUsage)
		return exitUsage
	}
	game := args[0]
	fs := flag.NewFlagSet("step", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, stepUsage); fs.PrintDefaults() }
	gameFile := fs.String("game", "", "start from the game in `FILE` (- for stdin), in the document's format")
	view := fs.String("view", "", "tictactoe-bits: start from nine `CELLS` of X, O and - (the document's view mode)")
	strict := fs.Bool("strict", false, "exit with status 3 when a move is refused")
	if isHelp(game) { // inarow step --help: its usage and flags
		fs.Usage()
		return exitOK
	}
	if err := fs.Parse(args[1:]); err != nil {
		return helpOrUsage(err)
	}
	var start []byte
	if *gameFile != "" {
		var err error
		if *gameFile == "-" {
			start, err = io.ReadAll(stdin)
		} else {
			start, err = os.ReadFile(*gameFile)
		}
		if err != nil {
			fmt.Fprintf(stderr, "inarow step: %v\n", err)
			return exitUsage
		}
	}
	g, err := newStepper(game, start, *view)
	if err != nil {
		fmt.Fprintf(stderr, "inarow step: %v\n", err)
		return exitUsage
	}
	refused := 0
	for i, mv := range fs.Args() {
		next, err := g.play(mv) // on error, next is the game unchanged
		g = next
		if err != nil {
			refused++
			fmt.Fprintf(stderr, "inarow step: move %d %q refused, game unchanged: %v\n", i+1, mv, err)
		}
	}
	out, err := g.output()
	if err != nil {
		fmt.Fprintf(stderr, "inarow step: %v\n", err)
		return 1
	}
	stdout.Write(out)
	if refused > 0 && *strict {
		return exitRefused
	}
	return exitOK
}

func newStepper(game string, start []byte, view string) (stepper, error) {
	if view != "" && game != "tictactoe-bits" {
		return nil, fmt.Errorf("--view is for tictactoe-bits only")
	}
	switch game {
	case "tictactoe":
		g, err := startFrom(start, tictactoe.New, tictactoe.ParseGame)
		if err != nil {
			return nil, err
		}
		return tttStep{g}, nil
	case "connect4":
		g, err := startFrom(start, connect4.New, connect4.ParseGame)
		if err != nil {
			return nil, err
		}
		return c4Step{g}, nil
	case "gobang":
		g, err := startFrom(start, gomoku.NewGobang, gomoku.ParseGobang)
		if err != nil {
			return nil, err
		}
		return gobangStep{g}, nil
	case "tictactoe-bits":
		b := tictactoe.NewPlayboard()
		if start != nil && view != "" {
			return nil, fmt.Errorf("give either --game or --view, not both")
		}
		if start != nil {
			view = string(bytes.TrimSpace(start))
		}
		if view != "" {
			var err error
			if b, err = tictactoe.ParseView(view); err != nil {
				return nil, err
			}
		}
		return bitsStep{b: b}, nil
	}
	return nil, fmt.Errorf("unknown game %q (want tictactoe, connect4, gobang or tictactoe-bits)", game)
}

// startFrom is a JSON document's game to step from: the one read from
// start (--game), or its new game.
func startFrom[G any](start []byte, newGame func() G, parse func([]byte) (G, error)) (G, error) {
	if start == nil {
		return newGame(), nil
	}
	return parse(start)
}

// marshal writes v as one line of JSON without HTML escaping, the
// documents' emoji as they are.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.Bytes(), err
}

type tttStep struct{ g tictactoe.Game }

func (s tttStep) play(m string) (stepper, error) {
	g, err := s.g.Play(m)
	return tttStep{g}, err
}
func (s tttStep) output() ([]byte, error) { return marshal(s.g) }

type c4Step struct{ g connect4.Game }

func (s c4Step) play(m string) (stepper, error) {
	g, err := s.g.Play(m)
	return c4Step{g}, err
}
func (s c4Step) output() ([]byte, error) { return marshal(s.g) }

type gobangStep struct{ g gomoku.Gobang }

func (s gobangStep) play(m string) (stepper, error) {
	g, err := s.g.Play(m)
	return gobangStep{g}, err
}
func (s gobangStep) output() ([]byte, error) { return marshal(s.g) }

// bitsStep is the bitboard document, whose result is a line of text. A
// refused move keeps the board; if the last move was refused for its cell
// the line is the document's "Hey! PlayerN!! Invalid Move!".
type bitsStep struct {
	b       tictactoe.Playboard
	invalid bool
}

func (s bitsStep) play(m string) (stepper, error) {
	cell, err := tictactoe.ParseCell(m)
	if err == nil {
		var b tictactoe.Playboard
		if b, err = s.b.Play(cell); err == nil {
			return bitsStep{b: b}, nil
		}
	}
	// A move after the end keeps the end's line; any other refusal is the
	// document's invalid move.
	return bitsStep{b: s.b, invalid: !errors.Is(err, inarow.ErrGameOver)}, err
}

func (s bitsStep) output() ([]byte, error) {
	if s.invalid {
		return []byte(s.b.InvalidMove() + "\n"), nil
	}
	return []byte(s.b.Text() + "\n"), nil
}
