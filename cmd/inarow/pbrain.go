package main

import (
	"io"

	"github.com/inarow/inarow/pbrain"
)

// runPbrain is "inarow pbrain": the gomoku engine as a Gomocup brain on
// the standard streams (the same program as cmd/pbrain-inarow).
func runPbrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return pbrain.Command("inarow pbrain", args, stdin, stdout, stderr)
}
