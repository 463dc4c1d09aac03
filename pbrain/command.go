package pbrain

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// Command is the brain as a program: cmd/pbrain-inarow and "inarow
// pbrain" both run it, named name in their messages. Its flags: -timelog
// FILE appends the time log (Options.TimeLog) to FILE; -tuning LIST plays
// with the engine's values moved (Options.Tuning). Anything else on the
// command line is refused with exit status 2, as is a bad LIST. It
// returns the exit status: 0 after END or the end of stdin, 1 for a log
// it cannot open or a failed session.
func Command(name string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	timelog := fs.String("timelog", "", "append a line for each move to `FILE`: time from command to answer, the plan, the process's and the search thread's CPU, stolen time, the wait before the search, and the command's time; a line for each ERROR answered; and the watchdog's report, with every goroutine's stack, when it answers for a search")
	tuning := fs.String("tuning", "", "play with the engine's values moved: `LIST` of NAME=PERCENT, comma-separated, as gomoku-evalfit tune writes them (LMR, Kind, Count, Futility, FailHigh, Ext, PV, History, Moves, Me, Op, Threat, Lines)")
	if err := fs.Parse(args); err == flag.ErrHelp {
		return 0 // -h: the usage is printed
	} else if err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected %q (it speaks the Gomocup protocol on stdin/stdout)\n", name, fs.Args())
		return 2
	}
	var opt Options
	var err error
	if opt.Tuning, err = gomokuengine.ParseTuning(*tuning); err != nil {
		fmt.Fprintf(stderr, "%s: -tuning: %v\n", name, err)
		return 2
	}
	if *timelog != "" {
		f, err := os.OpenFile(*timelog, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, name+":", err)
			return 1
		}
		defer f.Close()
		opt.TimeLog = f
	}
	if err := RunWith(context.Background(), stdin, stdout, opt); err != nil {
		fmt.Fprintln(stderr, name+":", err)
		return 1
	}
	return 0
}
