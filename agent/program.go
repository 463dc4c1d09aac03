package agent

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
)

// Program is a player that runs an outside program speaking the protocol
// on its standard input and output. It is not safe for concurrent use.
type Program struct {
	// MoveTime is what "go" offers (default one second); Grace is added
	// before the program is declared out of time (default 500 ms).
	MoveTime, Grace time.Duration
	// Log, if set, receives the program's info lines and its stderr.
	Log io.Writer

	child

	rules  inarow.Rules
	sent   bool
	played []inarow.Move // the position line last sent
	mu     sync.Mutex
}

// Start runs command (through sh -c, so it may have arguments and
// quotes), sends the greeting and waits up to timeout for "ok".
func Start(ctx context.Context, command string, timeout time.Duration, log io.Writer) (*Program, error) {
	c, err := startChild(command, "agent", log)
	if err != nil {
		return nil, err
	}
	p := &Program{child: c, Log: log}
	if err := p.send("inarow %d", Version); err != nil {
		p.Close()
		return nil, err
	}
	words, err := p.await(ctx, greetTime(timeout), "ok")
	if err != nil {
		p.Close()
		return nil, fmt.Errorf("agent: %q did not greet: %w", command, err)
	}
	if len(words) > 1 {
		p.name = strings.Join(words[1:], " ")
	}
	return p, nil
}

// Name is the name the program gave in its greeting, or its command.
func (p *Program) Name() string { return p.name }

// SetMoveTime sets MoveTime (MoveTimer).
func (p *Program) SetMoveTime(d time.Duration) { p.MoveTime = d }

// await reads lines until one starts with want, skipping info and
// comments, for at most timeout.
func (p *Program) await(ctx context.Context, timeout time.Duration, want string) ([]string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		line, err := p.next(ctx, t.C)
		if err != nil {
			return nil, err
		}
		words := strings.Fields(line)
		if len(words) == 0 || words[0] == "info" || strings.HasPrefix(words[0], "#") {
			if p.Log != nil && len(words) > 0 {
				fmt.Fprintf(p.Log, "%s: %s\n", p.name, line)
			}
			continue
		}
		if words[0] != want {
			p.err = fmt.Errorf("%w: want %q, got %q", ErrProtocol, want, line)
			return nil, p.err
		}
		return words, nil
	}
}

// Move sends the position and "go", and reads the program's move. A
// program that answers late, illegally or not at all is killed and the
// error returned; the Program cannot be used again.
func (p *Program) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return inarow.NoMove, p.err
	}
	r := pos.Rules()
	moves, err := MoveList(pos, p.played)
	if err != nil {
		return inarow.NoMove, err
	}
	if !p.sent || r != p.rules || !extends(moves, p.played) {
		if err := p.send("rules %s", r); err != nil {
			return inarow.NoMove, err
		}
		p.rules, p.sent = r, true
	}
	p.played = moves
	legal := pos.AppendLegal(nil)
	mt, grace := turnTimes(p.MoveTime, p.Grace)
	if err := p.send("position %s", formatMoves(r, moves)); err != nil {
		return inarow.NoMove, err
	}
	if err := p.send("go %d legal %s", max(1, mt.Milliseconds()), formatMoves(r, legal)); err != nil {
		return inarow.NoMove, err
	}
	words, err := p.await(ctx, mt+grace, "move")
	if err != nil {
		p.kill()
		return inarow.NoMove, err
	}
	if len(words) != 2 {
		p.err = fmt.Errorf("%w: %q", ErrProtocol, strings.Join(words, " "))
		p.kill()
		return inarow.NoMove, p.err
	}
	m, err := r.ParseMove(words[1])
	if err != nil || !pos.Legal(m) {
		p.err = fmt.Errorf("%w: illegal move %q", ErrProtocol, words[1])
		p.kill()
		return inarow.NoMove, p.err
	}
	return m, nil
}

func extends(moves, prefix []inarow.Move) bool {
	if len(prefix) > len(moves) {
		return false
	}
	for i, m := range prefix {
		if moves[i] != m {
			return false
		}
	}
	return true
}

// Close asks the program to quit, waits a moment, and kills it (and the
// processes it started) if it is still there.
func (p *Program) Close() error {
	p.stop("quit")
	return nil
}
