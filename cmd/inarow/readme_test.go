package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// The README's and docs/'s console examples, run as a reader would type
// them. A ```console block holds "$ COMMAND" lines, each followed by what
// the terminal shows: stdout and stderr as they interleave, since both go
// to one pipe. In the expected text three masks stand for what changes from
// run to run (docs/development.md lists them):
//
//	<n>     a number: 22, 773.2 (node counts, means)
//	<time>  a number with an optional unit: 13, 9ms, 2.5s, 2m48s
//	…       anything up to the end of the line
//
// The spaces before a mask match one space or more, for right-aligned
// columns of numbers; spaces at the end of a line are not compared.
// Each block runs in its own empty directory (a file made by one of its
// commands is there for the next), with the freshly built inarow first on
// PATH and stdin empty. A command that exits non-zero fails the test, as does
// an output that differs from the block's, with a line diff; with -update the
// test rewrites the differing examples instead (masks kept on the lines that
// still match).

// consoleCmd is one "$ COMMAND" line of a console block and its expected
// output lines.
type consoleCmd struct {
	file  string // the Markdown file, from the repository root
	line  int    // the command's line number in it
	block int    // the block's index in the file: commands of one block share a directory
	cmd   string
	want  []string
}

// parseConsole returns the commands of every ```console block of a Markdown
// text. Text in a block before its first "$ " line is an error: it would be
// output with no command to print it.
func parseConsole(file, text string) ([]consoleCmd, error) {
	var cmds []consoleCmd
	in, block := false, -1
	var cur *consoleCmd
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !in && trimmed == "```console":
			in, cur = true, nil
			block++
		case !in:
		case trimmed == "```":
			in = false
		case strings.HasPrefix(line, "$ "):
			cmds = append(cmds, consoleCmd{file: file, line: i + 1, block: block, cmd: strings.TrimPrefix(line, "$ ")})
			cur = &cmds[len(cmds)-1]
		case cur == nil:
			return nil, fmt.Errorf("%s:%d: output before the first \"$ \" command of a console block", file, i+1)
		default:
			cur.want = append(cur.want, line)
		}
	}
	if in {
		return nil, fmt.Errorf("%s: a console block is not closed", file)
	}
	return cmds, nil
}

// masks are the placeholders an expected line may hold, as regular
// expressions.
var masks = []struct{ mask, re string }{
	{"<n>", `[0-9]+(?:\.[0-9]+)?`},
	{"<time>", `[0-9][0-9.]*(?:[a-zµ]+[0-9.]*)*`},
	{"…", `.*`},
}

// lineRegexp turns an expected line into an anchored regular expression:
// the text is literal but for the masks.
func lineRegexp(want string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for want != "" {
		next, which := len(want), -1
		for i, m := range masks {
			if j := strings.Index(want, m.mask); j >= 0 && j < next {
				next, which = j, i
			}
		}
		lit := want[:next]
		if which < 0 {
			b.WriteString(regexp.QuoteMeta(lit))
			break
		}
		// The spaces before a mask pad a right-aligned column: a number
		// of another width comes with fewer or more of them.
		if pad := len(lit) - len(strings.TrimRight(lit, " ")); pad > 0 {
			b.WriteString(regexp.QuoteMeta(lit[:len(lit)-pad]) + " +")
		} else {
			b.WriteString(regexp.QuoteMeta(lit))
		}
		b.WriteString(masks[which].re)
		want = want[next+len(masks[which].mask):]
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// matchOutput compares what a command printed with the expected lines and
// returns "" when they agree, else a line diff ("-" expected, "+" printed)
// and the lines an updated example would hold: the expected line, masks and
// all, where it still matches, else the printed one.
func matchOutput(want []string, got string) (diff string, updated []string) {
	gotLines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if got == "" {
		gotLines = nil
	}
	// Spaces at the end of a line are not seen on a terminal, and editors
	// strip them from Markdown.
	for i, g := range gotLines {
		gotLines[i] = strings.TrimRight(g, " ")
	}
	res := make([]*regexp.Regexp, len(want))
	for i, w := range want {
		res[i] = lineRegexp(strings.TrimRight(w, " "))
	}
	// lcs[i][j]: the longest run of matching lines of want[i:] and got[j:].
	lcs := make([][]int, len(want)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(gotLines)+1)
	}
	for i := len(want) - 1; i >= 0; i-- {
		for j := len(gotLines) - 1; j >= 0; j-- {
			if res[i].MatchString(gotLines[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	if lcs[0][0] == len(want) && len(want) == len(gotLines) {
		return "", want
	}
	var d strings.Builder
	i, j := 0, 0
	for i < len(want) || j < len(gotLines) {
		switch {
		case i < len(want) && j < len(gotLines) && res[i].MatchString(gotLines[j]) && lcs[i][j] == lcs[i+1][j+1]+1:
			fmt.Fprintf(&d, "  %s\n", gotLines[j])
			updated = append(updated, want[i])
			i, j = i+1, j+1
		case i < len(want) && (j == len(gotLines) || lcs[i+1][j] >= lcs[i][j+1]):
			fmt.Fprintf(&d, "- %s\n", want[i])
			i++
		default:
			fmt.Fprintf(&d, "+ %s\n", gotLines[j])
			updated = append(updated, gotLines[j])
			j++
		}
	}
	return d.String(), updated
}

// The masks and the diff: an output that differs in any way a reader would
// see must fail, and only the masked parts may vary.
func TestReadmeConsoleMatch(t *testing.T) {
	for _, c := range []struct {
		want []string
		got  string
		ok   bool
	}{
		{[]string{"2 3 7 7 8 7 2"}, "2 3 7 7 8 7 2\n", true},
		{[]string{"2 3 7 7 8 7 2"}, "2 3 7 7 8 7 3\n", false},
		{[]string{"2 3 7 7 8 7 2"}, "2 3 7 7 8 7 2\nmore\n", false},
		{[]string{"2 3 7 7 8 7 2", "more"}, "2 3 7 7 8 7 2\n", false},
		{[]string{"2 3 7 7 8 7 2"}, "", false},
		{nil, "", true},
		{nil, "something\n", false},
		{[]string{""}, "\n", true},
		{[]string{"- 1 0 <n>"}, "- 1 0 2\n", true},
		{[]string{"- 1 0 <n>"}, "- 1 0 \n", false},
		{[]string{"- 1 0 <n>"}, "- 1 1 2\n", false},
		{[]string{"- 1 0 <n>"}, "- 1 0 2x\n", false},
		{[]string{"- 1 0 <n>"}, "- 1 0 773.2\n", true},
		{[]string{"- 1 0 <n>"}, "- 1 0 773.\n", false},
		{[]string{"x 8 25 <n>"}, "x 8 44 10\n", false},
		{[]string{"<n> nodes in <time> (<n> nodes/s)"}, "549946 nodes in 21ms (26774019 nodes/s)\n", true},
		{[]string{"<n> nodes in <time> (<n> nodes/s)"}, "549946 nodes in 2m48.5s (26774019 nodes/s)\n", true},
		{[]string{"<n> nodes in <time> (<n> nodes/s)"}, "549946 nodes in fast (26774019 nodes/s)\n", false},
		{[]string{"MESSAGE …", "8,7"}, "MESSAGE depth 3 ev 19997 pv 8,7\n8,7\n", true},
		{[]string{"MESSAGE …", "8,7"}, "8,7\n", false},
		{[]string{"a.b (c)"}, "axb (c)\n", false},       // the text is literal, not a regular expression
		{[]string{"    a   b"}, "    a   b   \n", true}, // trailing spaces do not count
		{[]string{"    a   b   "}, "    a   b\n", true},
		{[]string{"    a   b"}, "   a   b\n", false}, // leading ones do
		// A mask after spaces takes a right-aligned number of any width.
		{[]string{"Test_L1_R1           5        <time>        622.2      0"}, "Test_L1_R1           5         34.5        622.2      0\n", true},
		{[]string{"Test_L1_R1           5        <time>        622.2      0"}, "Test_L1_R1           5       1134.5        622.2      0\n", true},
		{[]string{"Test_L1_R1           5        <time>        622.2      0"}, "Test_L1_R1           5134.5        622.2      0\n", false},
		{[]string{"Test_L1_R1           5        <time>        622.2      0"}, "Test_L1_R1           5        134.5        622.2      1\n", false},
	} {
		diff, _ := matchOutput(c.want, c.got)
		if (diff == "") != c.ok {
			t.Errorf("want %q, got %q: matched %v, expected %v; diff:\n%s", c.want, c.got, diff == "", c.ok, diff)
		}
	}
	// The diff shows what is missing and what came instead.
	diff, updated := matchOutput([]string{"<n>", "b", "c"}, "1\nB\nc\n")
	if want := "  1\n- b\n+ B\n  c\n"; diff != want {
		t.Errorf("diff:\n%s\nwant:\n%s", diff, want)
	}
	// -update keeps the masks of the lines that still match.
	if want := []string{"<n>", "B", "c"}; !slices.Equal(updated, want) {
		t.Errorf("updated %q, want %q", updated, want)
	}
}

func TestReadmeConsoleParse(t *testing.T) {
	text := "intro\n```console\n$ inarow a\none\n\n$ inarow b\n```\n```sh\n$ not run\n```\n```console\n$ inarow c\ntwo\n```\n"
	cmds, err := parseConsole("X.md", text)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%+v", cmds)
	want := "[{file:X.md line:3 block:0 cmd:inarow a want:[one ]} {file:X.md line:6 block:0 cmd:inarow b want:[]} {file:X.md line:12 block:1 cmd:inarow c want:[two]}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, bad := range []string{"```console\noutput first\n```\n", "```console\n$ inarow a\n"} {
		if _, err := parseConsole("X.md", bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// Every console example of README.md and docs/*.md, run and compared.
func TestReadmeConsole(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("the console examples run under bash: %v", err)
	}
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"../../README.md"}, files...)
	perFile := map[string]int{}
	var all []consoleCmd
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(f, "../../")
		cmds, err := parseConsole(name, string(text))
		if err != nil {
			t.Fatal(err)
		}
		perFile[name] = len(cmds)
		all = append(all, cmds...)
	}
	// A README whose examples are not found would pass with nothing run.
	if perFile["README.md"] < 4 {
		t.Fatalf("README.md has %d console commands; its examples are not being found", perFile["README.md"])
	}
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	dirs := map[string]string{} // file and block → its directory, kept for the block's later commands
	updates := map[string][]exampleUpdate{}
	top := t
	for _, c := range all {
		t.Run(fmt.Sprintf("%s:%d", c.file, c.line), func(t *testing.T) {
			key := fmt.Sprintf("%s#%d", c.file, c.block)
			if dirs[key] == "" {
				dirs[key] = top.TempDir()
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bash, "-c", c.cmd)
			cmd.Dir = dirs[key]
			cmd.Env = append(os.Environ(), "PATH="+path)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out // one pipe: the order a terminal shows
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s:%d: $ %s: %v\n%s", c.file, c.line, c.cmd, err, out.String())
			}
			diff, updated := matchOutput(c.want, out.String())
			switch {
			case diff == "":
			case *update:
				updates[c.file] = append(updates[c.file], exampleUpdate{c, updated})
			default:
				t.Errorf("%s:%d: $ %s printed something else (- the example, + the program; -update rewrites it):\n%s", c.file, c.line, c.cmd, diff)
			}
		})
	}
	for file, ups := range updates {
		if err := rewriteExamples("../../"+file, ups); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d examples rewritten; check the diff before committing", file, len(ups))
	}
}

// exampleUpdate is a console example's new output, for -update.
type exampleUpdate struct {
	cmd   consoleCmd
	lines []string
}

// rewriteExamples replaces the outputs of a Markdown file's console
// examples, last first so that earlier line numbers stay right.
func rewriteExamples(path string, ups []exampleUpdate) error {
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(text), "\n")
	slices.SortFunc(ups, func(a, b exampleUpdate) int { return b.cmd.line - a.cmd.line })
	for _, u := range ups {
		from := u.cmd.line // the line after the command, 0-based
		lines = slices.Replace(lines, from, from+len(u.cmd.want), u.lines...)
	}
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
}

// Every relative link of README.md and docs/*.md leads to a file of the
// repository and, with a #fragment, to one of its headings (GitHub's
// anchors: lower case, punctuation dropped, spaces as hyphens): moving a
// section must not leave the README pointing nowhere.
func TestReadmeLinks(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"../../README.md"}, files...)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), path)
			}
			body, err := os.ReadFile(dest)
			if err != nil {
				t.Errorf("%s: link %s: %v", f, target, err)
				continue
			}
			if frag != "" && !slices.Contains(anchors(string(body)), frag) {
				t.Errorf("%s: link %s: no heading with that anchor in %s (anchors: %q)", f, target, dest, anchors(string(body)))
			}
			checked++
		}
	}
	if checked < 10 {
		t.Fatalf("%d links checked: the links are not being found", checked)
	}
}

// anchors returns the GitHub anchors of a Markdown text's headings.
func anchors(text string) []string {
	var out []string
	fence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// The Python agent of docs/library.md is the one TestServeAgent plays
// against the server, character for character.
func TestReadmeAgentClient(t *testing.T) {
	text, err := os.ReadFile("../../docs/library.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```python\n(.*?)```").FindAllStringSubmatch(string(text), -1)
	if len(blocks) != 1 {
		t.Fatalf("docs/library.md has %d python blocks, want the agent client", len(blocks))
	}
	if blocks[0][1] != readmeClient {
		t.Errorf("docs/library.md's Python client is not TestServeAgent's:\n--- docs\n%s--- test\n%s", blocks[0][1], readmeClient)
	}
}
