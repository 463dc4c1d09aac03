package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps its failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join("testdata", "a.golden"), []byte("board\n"), 0o644)
	for _, c := range []struct {
		name, got string
		fail      bool
	}{
		{"a.golden", "board\n", false},
		{"a.golden", "board", true},
		{"missing.golden", "", true},
	} {
		r := &recorder{TB: t}
		Check(r, c.name, []byte(c.got))
		if r.failed != c.fail {
			t.Errorf("Check(%q, %q): failed %v, want %v", c.name, c.got, r.failed, c.fail)
		}
	}
	*update = true
	defer func() { *update = false }()
	r := &recorder{TB: t}
	Check(r, "sub/new.golden", []byte("x"))
	if data, err := os.ReadFile(filepath.Join("testdata", "sub", "new.golden")); r.failed || err != nil || string(data) != "x" {
		t.Errorf("-update wrote %q %v", data, err)
	}
}
