package main

import (
	"bytes"
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
