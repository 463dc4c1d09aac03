package agent

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
)

// MoveTimer is a player that can be told how long it may think for a move.
type MoveTimer interface {
	SetMoveTime(d time.Duration)
}

// Serve is the agent side of the protocol: it reads the host's commands
// from in and answers on out, choosing moves with the player that
// newPlayer makes for each new rules. It returns nil after "quit" or at
// the end of the input.
func Serve(ctx context.Context, in io.Reader, out io.Writer, name string, newPlayer func(inarow.Rules) (engine.Player, error)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) error {
		fmt.Fprintf(w, format+"\n", args...)
		return w.Flush()
	}
	var (
		rules  inarow.Rules
		pos    inarow.Position
		player engine.Player
		have   bool
	)
	defer func() {
		if c, ok := player.(io.Closer); ok {
			c.Close()
		}
	}()
	for sc.Scan() {
		words := strings.Fields(sc.Text())
		if len(words) == 0 {
			continue
		}
		switch cmd, args := words[0], words[1:]; cmd {
		case "inarow":
			if err := say("ok %s", name); err != nil {
				return err
			}
		case "rules":
			if len(args) != 1 {
				return fmt.Errorf("%w: %q", ErrProtocol, sc.Text())
			}
			r, err := inarow.ParseRules(args[0])
			if err != nil {
				return fmt.Errorf("%w: %v", ErrProtocol, err)
			}
			if !have || r != rules || player == nil {
				if c, ok := player.(io.Closer); ok {
					c.Close()
				}
				if player, err = newPlayer(r); err != nil {
					return err
				}
			}
			rules, have = r, true
			pos, _ = inarow.NewPosition(r)
		case "position":
			if !have {
				return fmt.Errorf("%w: position before rules", ErrProtocol)
			}
			p, _ := inarow.NewPosition(rules)
			for _, s := range args {
				m, err := rules.ParseMove(s)
				if err == nil {
					p, err = p.Play(m)
				}
				if err != nil {
					return fmt.Errorf("%w: position move %s: %v", ErrProtocol, s, err)
				}
			}
			pos = p
		case "go":
			if !have {
				return fmt.Errorf("%w: go before rules", ErrProtocol)
			}
			ms := 1000
			if len(args) > 0 {
				n, err := strconv.Atoi(args[0])
				if err != nil || n <= 0 {
					return fmt.Errorf("%w: %q", ErrProtocol, sc.Text())
				}
				ms = n
			}
			budget := time.Duration(ms) * time.Millisecond
			if t, ok := player.(MoveTimer); ok {
				t.SetMoveTime(budget * 8 / 10)
			}
			mctx, cancel := context.WithTimeout(ctx, budget*9/10)
			m, err := player.Move(mctx, pos)
			cancel()
			if !pos.Legal(m) {
				if err == nil {
					err = fmt.Errorf("player chose illegal move %v", m)
				}
				return err
			}
			if err := say("move %s", rules.FormatMove(m)); err != nil {
				return err
			}
		case "quit":
			return nil
		default:
			// Unknown commands are ignored, so hosts may extend the protocol.
		}
	}
	return sc.Err()
}
