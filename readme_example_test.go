package inarow_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// The library example of README.md: TestReadmeGoExample checks that the
// README's ```go block is this function's body, so the README's code is the
// code that compiles and prints the Output below.
func Example_readme() {
	r := inarow.ConnectFour
	p, _ := inarow.NewPosition(r)
	for _, col := range []int{3, 3, 4, 4, 2, 2, 5} {
		m, _ := p.Drop(col)
		p, _ = p.Play(m)
	}
	o := p.Outcome()
	fmt.Println(o.Status, o.Winner, o.Line.Cells(r))
	_, err := p.Play(0)
	fmt.Println(errors.Is(err, inarow.ErrGameOver))
	// Output:
	// won first [37 38 39 40]
	// true
}

// codeLines returns Go source without comments, blank lines and
// indentation: what must agree between the README and the example.
func codeLines(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

func TestReadmeGoExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1)
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d go blocks; this test knows one, Example_readme", len(blocks))
	}
	self, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile(`(?s)func Example_readme\(\) \{\n(.*?)\n\}\n`).FindStringSubmatch(string(self))
	if body == nil {
		t.Fatal("Example_readme not found in readme_example_test.go")
	}
	got, want := codeLines(blocks[0][1]), codeLines(body[1])
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("README.md's go block is not Example_readme's code:\n--- README\n%s\n--- Example_readme\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The example prints its Output (go test checks it too, but -run Readme
	// does not select an example), and the README's comments quote it.
	output := regexp.MustCompile(`(?s)// Output:\n(.*)`).FindStringSubmatch(body[1])
	if output == nil {
		t.Fatal("Example_readme has no Output")
	}
	var wantOut []string
	for _, line := range strings.Split(strings.TrimSpace(output[1]), "\n") {
		wantOut = append(wantOut, strings.TrimPrefix(strings.TrimSpace(line), "// "))
	}
	if printed := captureStdout(t, Example_readme); printed != strings.Join(wantOut, "\n")+"\n" {
		t.Errorf("Example_readme printed %q, its Output says %q", printed, wantOut)
	}
	for _, line := range wantOut {
		if !strings.Contains(blocks[0][1], "// "+line) {
			t.Errorf("README.md's go block does not show what the example prints: %q", line)
		}
	}
}

// captureStdout runs f and returns what it wrote to os.Stdout.
func captureStdout(t *testing.T, f func()) string {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	f()
	os.Stdout = saved
	w.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
