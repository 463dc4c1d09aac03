package main

import (
	"context"
	"fmt"
	"io"

	"github.com/inarow/inarow/pbrain"
)

// runPbrain is "inarow pbrain": the gomoku engine as a Gomocup brain on
// the standard streams (the same protocol loop as cmd/pbrain-inarow).
func runPbrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "inarow pbrain: takes no arguments (speaks the Gomocup protocol on stdin/stdout)\n")
		return 2
	}
	if err := pbrain.Run(context.Background(), stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "inarow pbrain:", err)
		return 1
	}
	return 0
}
