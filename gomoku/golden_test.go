package gomoku

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/inarow/inarow/internal/golden"
)

// TestGoldenJSON writes several games as MarshalJSON writes them (the
// document's 棋盘状态 and status), each once compact, as the CLI prints it,
// and once indented to be read.
func TestGoldenJSON(t *testing.T) {
	games := []struct {
		name   string
		tokens []string
	}{
		{"new game", nil},
		{"测试交替落子", []string{"⚫01-01", "⚪01-02"}},
		{"the document's example: ⚫ wins on the diagonal", []string{"⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05"}},
		{"⚪ opens: next is written", []string{"⚪05-05", "⚫04-04"}},
		{"six in a row does not win", []string{"⚫05-01", "⚪01-01", "⚫05-02", "⚪01-03", "⚫05-03", "⚪01-05", "⚫05-05", "⚪01-07", "⚫05-06", "⚪01-09", "⚫05-04"}},
		{"⚪ wins in a column", []string{"⚫01-01", "⚪02-09", "⚫01-03", "⚪03-09", "⚫01-05", "⚪04-09", "⚫01-07", "⚪05-09", "⚫02-01", "⚪06-09"}},
	}
	var out bytes.Buffer
	for _, c := range games {
		g := mustPlay(t, NewGobang(), c.tokens...)
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString("# " + c.name + "\n")
		out.Write(b)
		out.WriteByte('\n')
		if err := json.Indent(&out, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		out.WriteByte('\n')
	}
	golden.Check(t, "gobang.golden", out.Bytes())
}
