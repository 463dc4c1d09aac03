// Package seedcases reads the documents' own test cases, which the
// project keeps beside the module: ../shared/vectors/seed_cases.json, a
// JSON array of cases, each with its "id" and "game".
package seedcases

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Path is the file of the cases.
var Path = func() string {
	_, file, _, _ := runtime.Caller(0) // …/internal/seedcases/seedcases.go
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "vectors", "seed_cases.json")
}()

// Load decodes every case of game into a T. A missing file skips the
// test; a file without a case of game, or one that does not decode,
// fails it.
func Load[T any](t testing.TB, game string) []T {
	t.Helper()
	data, err := os.ReadFile(Path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is absent", Path)
	}
	if err != nil {
		t.Fatal(err)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatalf("%s: %v", Path, err)
	}
	var cases []T
	for _, raw := range all {
		var head struct{ Game string }
		if err := json.Unmarshal(raw, &head); err != nil {
			t.Fatalf("%s: %v", Path, err)
		}
		if head.Game != game {
			continue
		}
		var c T
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %s: %v", Path, raw, err)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatalf("%s has no %q case", Path, game)
	}
	return cases
}
