// Package seedcases reads the documents' own test cases, embedded in
// package cases (seed_cases.json, a JSON array of cases, each with its
// "id" and "game").
package seedcases

import (
	"encoding/json"
	"testing"

	"github.com/inarow/inarow/internal/cases"
)

// Path names the file of the cases, for messages.
const Path = cases.SeedCasesPath

// Load decodes every case of game into a T. A file without a case of
// game, or one that does not decode, fails the test.
func Load[T any](t testing.TB, game string) []T {
	t.Helper()
	data := cases.SeedCases()
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatalf("%s: %v", Path, err)
	}
	var out []T
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
		out = append(out, c)
	}
	if len(out) == 0 {
		t.Fatalf("%s has no %q case", Path, game)
	}
	return out
}
