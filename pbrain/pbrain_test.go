package pbrain

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// run runs a session on input and returns its answers but the MESSAGE
// lines.
func run(t testing.TB, input string) []string {
	t.Helper()
	var lines []string
	for _, l := range runAll(t, input) {
		if !strings.HasPrefix(l, "MESSAGE") {
			lines = append(lines, l)
		}
	}
	return lines
}

// runAll runs a session on input and returns every line it wrote.
func runAll(t testing.TB, input string) []string {
	t.Helper()
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := Run(ctx, strings.NewReader(input), &out); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestSession(t *testing.T) {
	got := run(t, "START 15\r\nINFO timeout_turn 100\r\nBEGIN\r\nTURN 8,8\r\nRESTART\r\nABOUT\r\nEND\r\n")
	if len(got) != 5 || got[0] != "OK" || got[1] != "7,7" || got[3] != "OK" || got[4] != About {
		t.Fatalf("got %q", got)
	}
}

func TestRuleBits(t *testing.T) {
	got := run(t, "START 15\nINFO rule 5\nYXBOARD\n7,5,1\n7,6,1\n5,7,1\n6,7,1\n0,0,2\n14,0,2\n0,14,2\nDONE\nYXSHOWFORBID\n")
	if len(got) != 2 || got[1] != "FORBID 0707." {
		t.Fatalf("got %q", got)
	}
}

// TestInfoRule: each "INFO rule" value is read by gomoku.FromGomocup; a
// value it refuses (renju with caro, an undefined bit) is answered with
// ERROR and leaves the rule as it was. The position has black's double
// three at 7,7: forbidden only while the rule is renju.
func TestInfoRule(t *testing.T) {
	const pos = "YXBOARD\n7,5,1\n7,6,1\n5,7,1\n6,7,1\n0,0,2\n14,0,2\n0,14,2\nDONE\nYXSHOWFORBID\n"
	for _, tc := range []struct {
		info string
		want []string
	}{
		{"INFO rule 0\n", []string{"OK", "FORBID ."}},
		{"INFO rule 4\n", []string{"OK", "FORBID 0707."}},
		{"INFO rule 6\n", []string{"OK", "FORBID 0707."}}, // continuous renju
		{"INFO rule 1\n", []string{"OK", "FORBID ."}},
		{"INFO rule 4\nINFO rule 12\n", []string{"OK", "ERROR", "FORBID 0707."}},
		{"INFO rule 0\nINFO rule 13\n", []string{"OK", "ERROR", "FORBID ."}},
		{"INFO rule 4\nINFO rule 16\n", []string{"OK", "ERROR", "FORBID 0707."}},
		{"INFO rule 4\nINFO rule -1\n", []string{"OK", "ERROR", "FORBID 0707."}},
	} {
		got := run(t, "START 15\n"+tc.info+pos)
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %q, want %q", tc.info, got, tc.want)
			continue
		}
		for i, w := range tc.want {
			if got[i] != w && !(w == "ERROR" && strings.HasPrefix(got[i], "ERROR ")) {
				t.Errorf("%q: got %q, want %q", tc.info, got, tc.want)
				break
			}
		}
	}
}

// TestLongLine: a line of 1 MiB or more is answered with ERROR and the
// brain reads on (bufio.Scanner's ErrTooLong once ended the session as if
// the input had ended).
func TestLongLine(t *testing.T) {
	for _, n := range []int{1 << 20, 1<<20 + 1, 3 << 20} {
		got := run(t, "START 15\n"+strings.Repeat("A", n)+"\nABOUT\nEND\n")
		if len(got) != 3 || got[0] != "OK" || !strings.HasPrefix(got[1], "ERROR ") || got[2] != About {
			t.Errorf("line of %d bytes: got %.200q", n, got)
		}
	}
	// just below the limit: an ordinary unknown command
	got := run(t, "START 15\n"+strings.Repeat("A", 1<<20-1)+"\nABOUT\n")
	if len(got) != 3 || !strings.HasPrefix(got[1], "UNKNOWN") || got[2] != About {
		t.Errorf("line of 1 MiB - 1 bytes: got %.200q", got)
	}
	// while the brain thinks, and as the last line without a newline
	got = run(t, "START 15\nINFO timeout_turn 300\nBEGIN\n"+strings.Repeat("B", 2<<20)+"\nABOUT\n"+strings.Repeat("C", 2<<20))
	if len(got) != 5 || got[1] != "7,7" || !strings.HasPrefix(got[2], "ERROR ") || got[3] != About || !strings.HasPrefix(got[4], "ERROR ") {
		t.Errorf("long lines while thinking: got %.300q", got)
	}
}

// TestBoardWithFive: a BOARD whose stones already hold a five (for either
// side, under the rule in force) is a finished game: ERROR, not a move.
func TestBoardWithFive(t *testing.T) {
	for _, tc := range []struct{ name, input string }{
		{"own five", "START 15\nBOARD\n3,3,1\n4,3,1\n5,3,1\n6,3,1\n7,3,1\n0,0,2\n1,0,2\n2,0,2\n3,0,2\nDONE\n"},
		{"opponent's five", "START 15\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n3,3,2\n4,4,2\n5,5,2\n6,6,2\n7,7,2\nDONE\n"},
		// the brain has six in a row and fewer stones: it is white, and a
		// white overline wins in renju
		{"renju white overline", "START 15\nINFO rule 4\nBOARD\n0,0,2\n2,0,2\n4,0,2\n6,0,2\n0,9,2\n2,9,2\n4,9,2\n3,3,1\n4,3,1\n5,3,1\n6,3,1\n7,3,1\n8,3,1\nDONE\n"},
	} {
		got := run(t, tc.input)
		if len(got) != 2 || !strings.HasPrefix(got[1], "ERROR ") {
			t.Errorf("%s: got %q, want OK and ERROR", tc.name, got)
		}
	}
	// a six in standard is no five: the brain plays on
	got := run(t, "START 15\nINFO rule 1\nINFO timeout_turn 200\nBOARD\n3,3,1\n4,3,1\n5,3,1\n6,3,1\n7,3,1\n8,3,1\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n0,5,2\n0,7,2\nDONE\n")
	if len(got) != 2 || strings.HasPrefix(got[1], "ERROR") {
		t.Errorf("standard six: got %q, want a move", got)
	}
}

// FuzzProtocol feeds arbitrary lines after a START: the brain must never
// crash, and every answer must be a protocol answer.
func FuzzProtocol(f *testing.F) {
	for _, s := range []string{
		"BEGIN", "TURN 7,7", "BOARD\n1,1,1\n2,2,2\nDONE", "YXBOARD\n3,3,3\nDONE\nYXSHOWFORBID",
		"TAKEBACK 7,7", "INFO rule 4\nBOARD\n7,7,2\nDONE", "SWAP2BOARD\n7,7\n8,8\n9,9\nDONE", "RECTSTART 5,5\nBEGIN",
		"TURN -1,3", "INFO max_node 100\nBEGIN", "YXSTOP", "START 20\nTURN 19,19", "BOARD\n1,1,9\nDONE", "\x00\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		input := "START 15\nINFO timeout_turn 20\nINFO max_depth 2\n" + s + "\n"
		if err := Run(ctx, strings.NewReader(input), &out); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			switch {
			case l == "OK", l == "SWAP", l == About,
				strings.HasPrefix(l, "MESSAGE "), strings.HasPrefix(l, "ERROR "), strings.HasPrefix(l, "UNKNOWN"),
				strings.HasPrefix(l, "FORBID ") && strings.HasSuffix(l, "."):
			default:
				for _, mv := range strings.Fields(l) {
					var x, y int
					if n, _ := fmtSscan(mv, &x, &y); n != 2 {
						t.Fatalf("unexpected answer %q to %q", l, s)
					}
				}
			}
		}
	})
}

func fmtSscan(s string, x, y *int) (int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, nil
	}
	var err error
	n := 0
	if *x, err = atoi(a); err == nil {
		n++
	}
	if *y, err = atoi(b); err == nil {
		n++
	}
	return n, nil
}
func atoi(s string) (int, error) { return strconv.Atoi(s) }

// TestNextLag: an overrun becomes the lag at once; a move inside its plan
// lets the lag fade by a quarter a move; never below zero.
func TestNextLag(t *testing.T) {
	const ms = time.Millisecond
	for _, c := range []struct{ lag, elapsed, planned, want time.Duration }{
		{0, 150 * ms, 170 * ms, 0},
		{0, 250 * ms, 170 * ms, 80 * ms},
		{80 * ms, 100 * ms, 90 * ms, 60 * ms},
		{80 * ms, 200 * ms, 90 * ms, 110 * ms},
		{4 * ms, 0, 90 * ms, 3 * ms},
	} {
		if got := nextLag(c.lag, c.elapsed, c.planned); got != c.want {
			t.Errorf("nextLag(%v, %v, %v) = %v, want %v", c.lag, c.elapsed, c.planned, got, c.want)
		}
	}
}
