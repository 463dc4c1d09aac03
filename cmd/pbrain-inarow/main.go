// Command pbrain-inarow is the inarow gomoku engine as a Gomocup brain:
// it speaks the Gomocup protocol (with the Yixin extensions YXSTOP,
// YXBOARD, YXNBEST, YXSHOWFORBID and the MESSAGE REALTIME lines) on its
// standard input and output, so that
// Piskvork, c-gomoku-cli and the other managers can run it.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/inarow/inarow/pbrain"
)

func main() {
	if err := pbrain.Run(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-inarow:", err)
		os.Exit(1)
	}
}
