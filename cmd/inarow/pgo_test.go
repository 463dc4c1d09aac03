package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"
)

// TestDefaultPGO checks the profile that `go build` and `go install` use
// to optimise the inarow command (profile-guided optimisation; see
// docs/development.md for how it is made): a gzipped pprof profile that
// holds samples of the exact solver's search, whose inlining it pays for
// (the empty board 10–14 % faster, docs/performance.md). A renamed hot
// function leaves the profile stale: this test then says to make it anew.
func TestDefaultPGO(t *testing.T) {
	f, err := os.Open("default.pgo")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("default.pgo is not a gzipped pprof profile: %v", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("default.pgo: %v", err)
	}
	for _, fn := range []string{
		"github.com/inarow/inarow/solve.(*C4Solver).negamax",
		"github.com/inarow/inarow/solve.(*Geometry).orderScore",
		"github.com/inarow/inarow/solve.(*table).get",
		"github.com/inarow/inarow/solve.(*Geometry).claimEvenBound",
	} {
		if !bytes.Contains(raw, []byte(fn)) {
			t.Errorf("default.pgo has no samples of %s: make it anew (docs/development.md)", fn)
		}
	}
}
