// Command pbrain-inarow is the inarow gomoku engine as a Gomocup brain:
// it speaks the Gomocup protocol (with the Yixin extensions YXSTOP,
// YXBOARD, YXNBEST, YXSHOWFORBID and the MESSAGE REALTIME lines) on its
// standard input and output, so that
// Piskvork, c-gomoku-cli and the other managers can run it.
//
// Usage:
//
//	pbrain-inarow [-timelog FILE]
//
// -timelog appends a line for each move the brain plays to FILE: its
// time from the command to the answer against the search's plan, with
// the CPU time and the machine's stolen time meanwhile (to tell a search
// that overran from a process that was not running).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/inarow/inarow/pbrain"
)

func main() {
	timelog := flag.String("timelog", "", "append a line for each move to `FILE`: time from command to answer, the plan, CPU and stolen time")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "pbrain-inarow: unexpected %q (it speaks the Gomocup protocol on stdin/stdout)\n", flag.Args())
		os.Exit(2)
	}
	var opt pbrain.Options
	if *timelog != "" {
		f, err := os.OpenFile(*timelog, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pbrain-inarow:", err)
			os.Exit(1)
		}
		defer f.Close()
		opt.TimeLog = f
	}
	if err := pbrain.RunWith(context.Background(), os.Stdin, os.Stdout, opt); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-inarow:", err)
		os.Exit(1)
	}
}
