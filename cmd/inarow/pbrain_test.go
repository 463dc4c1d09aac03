package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPbrainCommand(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.NewReader("START 15\r\nINFO timeout_turn 200\r\nBEGIN\r\nABOUT\r\nEND\r\n")
	if code := runPbrain(nil, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var answers []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "MESSAGE") {
			answers = append(answers, l)
		}
	}
	if len(answers) != 3 || answers[0] != "OK" || answers[1] != "7,7" || !strings.Contains(answers[2], `name="inarow"`) {
		t.Fatalf("answers %q", answers)
	}
	if code := runPbrain([]string{"x"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Fatalf("extra argument: exit %d", code)
	}
}

// inarow pbrain is the brain on the standard streams; --timelog FILE logs
// each move it plays, and anything else on its command line is refused.
func TestPbrainTimeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "moves.log")
	res := cli(t, "START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\n", "pbrain", "--timelog", path)
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	if res.code != 0 || len(lines) < 3 || lines[0] != "OK" || lines[1] != "7,7" {
		t.Fatalf("inarow pbrain --timelog: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	log, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(string(log)), "\n")
	if len(got) != 2 || !strings.HasPrefix(got[0], "move 1 stones 0 wall_ms ") || !strings.HasPrefix(got[1], "move 2 stones 2 wall_ms ") {
		t.Fatalf("time log of BEGIN and TURN:\n%s", log)
	}
	for _, args := range [][]string{{"pbrain", "extra"}, {"pbrain", "--timelog"}, {"pbrain", "--timelog", filepath.Join(path, "no", "such")}} {
		res := cli(t, "", args...)
		if res.code == 0 || res.stderr == "" {
			t.Errorf("inarow %s: exit %d, stderr %q; want a refusal", strings.Join(args, " "), res.code, res.stderr)
		}
	}
}
