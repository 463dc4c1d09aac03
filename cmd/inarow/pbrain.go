package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/inarow/inarow/pbrain"
)

// runPbrain is "inarow pbrain": the gomoku engine as a Gomocup brain on
// the standard streams (the same protocol loop as cmd/pbrain-inarow).
func runPbrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pbrain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timelog := fs.String("timelog", "", "append a line for each move to `FILE`: time from command to answer, the plan, CPU and stolen time")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "inarow pbrain: unexpected %q (it speaks the Gomocup protocol on stdin/stdout)\n", fs.Args())
		return exitUsage
	}
	var opt pbrain.Options
	if *timelog != "" {
		f, err := os.OpenFile(*timelog, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, "inarow pbrain:", err)
			return 1
		}
		defer f.Close()
		opt.TimeLog = f
	}
	if err := pbrain.RunWith(context.Background(), stdin, stdout, opt); err != nil {
		fmt.Fprintln(stderr, "inarow pbrain:", err)
		return 1
	}
	return 0
}
