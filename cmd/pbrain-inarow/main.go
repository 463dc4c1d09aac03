// Command pbrain-inarow is the inarow gomoku engine as a Gomocup brain:
// it speaks the Gomocup protocol (with the Yixin extensions YXSTOP,
// YXBOARD, YXNBEST, YXSHOWFORBID and the MESSAGE REALTIME lines) on its
// standard input and output, so that
// Piskvork, c-gomoku-cli and the other managers can run it.
//
// Usage:
//
//	pbrain-inarow [-timelog FILE] [-tuning LIST]
//
// -timelog appends a line for each move the brain plays to FILE: its
// time from the command to the answer against the search's plan, with
// the CPU time and the machine's stolen time meanwhile (to tell a search
// that overran from a process that was not running).
//
// -tuning plays with the engine's search and evaluation values moved, as
// gomoku-evalfit tune writes them: "Futility=-40,Me=5" (each a change in
// percent; engine/gomoku's Tuning).
package main

import (
	"os"

	"github.com/inarow/inarow/pbrain"
)

func main() {
	os.Exit(pbrain.Command("pbrain-inarow", os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
