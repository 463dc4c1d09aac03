package agent

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// Brain is a player that runs a Gomocup brain — a pbrain-* program, such
// as the field's engines or cmd/pbrain-inarow — speaking the Gomocup
// protocol on its standard input and output. Every move sends the whole
// position (BOARD … DONE), so one Brain plays any number of games, in
// any order; a brain that answers ERROR, late, malformed or illegally, or
// exits, loses the game and the Brain cannot be used again. It is not
// safe for concurrent use.
type Brain struct {
	// MoveTime is the brain's timeout_turn (default one second); Grace is
	// added before it is declared out of time (default 500 ms).
	MoveTime, Grace time.Duration
	// MaxMemory is sent as INFO max_memory (0: not sent).
	MaxMemory int64
	// Log, if set, receives the brain's MESSAGE and DEBUG lines and its
	// stderr.
	Log io.Writer

	child

	rules   inarow.Rules // of the last START
	started bool
	played  []inarow.Move // the stones of the last BOARD, in its order
	mu      sync.Mutex
}

// StartBrain runs command (through sh -c) and checks that it answers
// ABOUT within timeout.
func StartBrain(ctx context.Context, command string, timeout time.Duration, log io.Writer) (*Brain, error) {
	c, err := startChild(command, "pbrain", log)
	if err != nil {
		return nil, err
	}
	b := &Brain{child: c, Log: log}
	if err := b.send("ABOUT"); err != nil {
		b.Close()
		return nil, err
	}
	line, err := b.answer(ctx, greetTime(timeout))
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("pbrain: %q did not answer ABOUT: %w", command, err)
	}
	if name := AboutField(line, "name"); name != "" {
		b.name = name
	}
	return b, nil
}

// Name is the name the brain gave in its ABOUT answer, or its command.
func (b *Brain) Name() string { return b.name }

// SetMoveTime sets MoveTime (MoveTimer).
func (b *Brain) SetMoveTime(d time.Duration) { b.MoveTime = d }

// AboutField returns the value of key in a Gomocup ABOUT answer such as
// `name="pbrain-x", version="1.0", author="…"`, "" if it has none.
func AboutField(about, key string) string {
	for _, part := range strings.Split(about, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), key) {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}

// ParseBrainMove reads a brain's move answer "x,y" (spaces allowed around
// the numbers) for a board of rules r: x the column from the left, y the
// row from the top, both from 0.
func ParseBrainMove(r inarow.Rules, line string) (inarow.Move, error) {
	xs, ys, ok := strings.Cut(line, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || err1 != nil || err2 != nil {
		return inarow.NoMove, fmt.Errorf("%w: %q is not a move x,y", ErrProtocol, line)
	}
	if x < 0 || y < 0 || x >= r.Cols || y >= r.Rows {
		return inarow.NoMove, fmt.Errorf("%w: %d,%d is off the %d×%d board", ErrProtocol, x, y, r.Cols, r.Rows)
	}
	return r.MoveAt(x, y), nil
}

// answer returns the brain's next line that is not MESSAGE, DEBUG or
// SUGGEST (logged), within timeout. ERROR and UNKNOWN answers are errors.
func (b *Brain) answer(ctx context.Context, timeout time.Duration) (string, error) {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		line, err := b.next(ctx, t.C)
		if err != nil {
			return "", err
		}
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch strings.ToUpper(word) {
		case "":
			continue
		case "MESSAGE", "DEBUG", "SUGGEST":
			if b.Log != nil {
				fmt.Fprintf(b.Log, "%s: %s\n", b.name, line)
			}
			continue
		case "ERROR", "UNKNOWN":
			b.err = fmt.Errorf("%w: the brain answered %q", ErrProtocol, line)
			return "", b.err
		}
		return strings.TrimSpace(line), nil
	}
}

// start sends START (or RECTSTART) and the INFO lines for rules r.
func (b *Brain) start(ctx context.Context, r inarow.Rules, turn time.Duration) error {
	rule, ok := gomoku.RuleOf(r)
	if !ok || r.Gravity {
		return fmt.Errorf("pbrain: a Gomocup brain plays five in a row without gravity, not %v", r)
	}
	if r.Cols == r.Rows {
		b.send("START %d", r.Cols)
	} else {
		b.send("RECTSTART %d,%d", r.Cols, r.Rows)
	}
	line, err := b.answer(ctx, 10*time.Second)
	if err != nil {
		return err
	}
	if !strings.EqualFold(line, "OK") {
		b.err = fmt.Errorf("%w: START answered %q", ErrProtocol, line)
		return b.err
	}
	b.send("INFO timeout_turn %d", turn.Milliseconds())
	b.send("INFO timeout_match 0")
	b.send("INFO game_type 1")
	b.send("INFO rule %d", rule.Gomocup())
	if b.MaxMemory > 0 {
		b.send("INFO max_memory %d", b.MaxMemory)
	}
	b.rules, b.started = r, true
	return b.err
}

// Move sends the position as BOARD … DONE and reads the brain's move.
func (b *Brain) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err != nil {
		return inarow.NoMove, b.err
	}
	r := pos.Rules()
	turn, grace := turnTimes(b.MoveTime, b.Grace)
	if !b.started || b.rules != r {
		if err := b.start(ctx, r, turn); err != nil {
			b.kill()
			return inarow.NoMove, err
		}
	} else {
		b.send("INFO timeout_turn %d", turn.Milliseconds())
	}
	// A position has no history: the stones go in an order that reaches
	// it, the last BOARD's order extended when the game grew from it (so
	// within one game, the order played).
	moves, err := MoveList(pos, b.played)
	if err != nil {
		return inarow.NoMove, err
	}
	b.played = moves
	// BOARD: 1 the brain's own stones, 2 the opponent's (the protocol's
	// field numbers).
	me := pos.ToMove()
	b.send("BOARD")
	for i, m := range moves {
		x, y := r.XY(m)
		field := 2
		if (i%2 == 0) == (me == inarow.First) {
			field = 1
		}
		b.send("%d,%d,%d", x, y, field)
	}
	if err := b.send("DONE"); err != nil {
		return inarow.NoMove, err
	}
	line, err := b.answer(ctx, turn+grace)
	if err != nil {
		b.kill()
		return inarow.NoMove, err
	}
	m, err := ParseBrainMove(r, line)
	if err == nil && !pos.Legal(m) {
		err = fmt.Errorf("%w: illegal move %q", ErrProtocol, line)
	}
	if err != nil {
		b.err = err
		b.kill()
		return inarow.NoMove, err
	}
	return m, nil
}

// Close sends END and stops the brain.
func (b *Brain) Close() error {
	b.stop("END")
	return nil
}
