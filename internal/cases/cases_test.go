package cases

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
)

// The embedded data is all there: 62 renju cases, the documents' cases
// as a JSON array, and 1,000 "MOVES SCORE" lines in each of Pons' sets.
func TestData(t *testing.T) {
	var seeds []struct{ ID, Game string }
	if err := json.Unmarshal(SeedCases(), &seeds); err != nil || len(seeds) == 0 {
		t.Errorf("%s: %d cases, %v", SeedCasesPath, len(seeds), err)
	}
	if n := bytes.Count(bytes.TrimSpace(Renju()), []byte("\n")) + 1; n != 62 {
		t.Errorf("%s: %d lines, want 62", RenjuPath, n)
	}
	for _, name := range PonsSetNames {
		data, err := fs.ReadFile(PonsSets(), name)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); n++ {
			if f := strings.Fields(sc.Text()); len(f) != 2 {
				t.Fatalf("%s/%s line %d: %q", PonsDir, name, n+1, sc.Text())
			}
		}
		if n != 1000 {
			t.Errorf("%s/%s: %d lines, want 1000", PonsDir, name, n)
		}
	}
}
