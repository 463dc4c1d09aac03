package agent

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// child is the process of an outside player, a Program (this package's
// protocol) or a Brain (Gomocup's): run through sh -c, so that the command
// may have arguments and quotes, in a process group of its own, its
// output read a line at a time, its stderr to the log. The two protocols
// differ in their words, not in how their programs run.
type child struct {
	name  string // the name it gave, or its command
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // its output lines without a trailing CR; closed when it exits
	done  chan struct{}
	err   error // why it can no longer play
}

// startChild runs command; what ("agent", "pbrain") opens its errors.
func startChild(command, what string, log io.Writer) (child, error) {
	cmd := exec.Command("sh", "-c", command)
	setGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return child{}, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return child{}, err
	}
	if log != nil {
		cmd.Stderr = log
	}
	if err := cmd.Start(); err != nil {
		return child{}, fmt.Errorf("%s: start %q: %w", what, command, err)
	}
	c := child{name: command, cmd: cmd, stdin: stdin, lines: make(chan string, 16), done: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			c.lines <- strings.TrimRight(sc.Text(), "\r")
		}
		close(c.lines)
	}()
	go func() { cmd.Wait(); close(c.done) }()
	return c, nil
}

// greetTime is the time a program has to greet [5s].
func greetTime(timeout time.Duration) time.Duration {
	if timeout <= 0 {
		return 5 * time.Second
	}
	return timeout
}

// turnTimes returns a move's time [1s] and the grace added before the
// program is out of time [500ms].
func turnTimes(moveTime, grace time.Duration) (time.Duration, time.Duration) {
	if moveTime <= 0 {
		moveTime = time.Second
	}
	if grace <= 0 {
		grace = 500 * time.Millisecond
	}
	return moveTime, grace
}

// send writes a line; a program that cannot read it has exited.
func (c *child) send(format string, args ...any) error {
	if c.err != nil {
		return c.err
	}
	if _, err := fmt.Fprintf(c.stdin, format+"\n", args...); err != nil {
		c.err = fmt.Errorf("%w: %v", ErrExited, err)
		return c.err
	}
	return nil
}

// next returns the program's next line before expiry fires or ctx ends:
// ErrExited or ErrTimeout (kept: the program cannot play on) or ctx's
// error.
func (c *child) next(ctx context.Context, expiry <-chan time.Time) (string, error) {
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.err = ErrExited
			return "", c.err
		}
		return line, nil
	case <-expiry:
		c.err = ErrTimeout
		return "", c.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// stop sends bye, closes the program's input, waits a moment, and kills
// it (and the processes it started) if it is still there.
func (c *child) stop(bye string) {
	c.send(bye)
	c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(time.Second):
		c.kill()
		<-c.done
	}
}

func (c *child) kill() {
	killGroup(c.cmd)
	if c.err == nil {
		c.err = ErrExited
	}
}
