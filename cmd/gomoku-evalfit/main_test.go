package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An opening and its mirror images have one key; other openings another.
func TestOpeningKey(t *testing.T) {
	a := openingKey([][2]int{{0, 1}, {-1, 2}, {2, -2}})
	for _, img := range [][][2]int{
		{{0, -1}, {-1, -2}, {2, 2}}, // mirrored in y
		{{1, 0}, {2, -1}, {-2, 2}},  // transposed
		{{0, -1}, {1, -2}, {-2, 2}}, // turned half way
		{{-1, 0}, {-2, 1}, {2, -2}}, // turned a quarter
	} {
		if k := openingKey(img); k != a {
			t.Errorf("%v: key %q, want %q", img, k, a)
		}
	}
	if openingKey([][2]int{{-1, 2}, {0, 1}, {2, -2}}) == a {
		t.Error("another order of the stones has the same key")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "open.txt")
	if err := os.WriteFile(p, []byte("0,1, -1,2, 2,-2\n\n1,1, 0,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := readOpenings(p)
	if err != nil || len(m) != 2 || !m[a] {
		t.Fatalf("readOpenings: %v %v", m, err)
	}
	if err := os.WriteFile(p, []byte("0,1, -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readOpenings(p); err == nil {
		t.Error("an odd number of coordinates is taken")
	}
}

func TestReadSamples(t *testing.T) {
	in := "3 2 100 1 7,7 8,8\n12 3 +M5 -1 7,7 8,8 9,9\n15 1 -200 0 7,7\n"
	train, held, err := readSamples(strings.NewReader(in), 10, 0.5, 200)
	if err != nil {
		t.Fatal(err)
	}
	if len(held) != 1 || len(train) != 1 { // the mate is left out
		t.Fatalf("train %d, held %d", len(train), len(held))
	}
	if want := 0.5/(1+math.Exp(-0.5)) + 0.5; math.Abs(held[0].Target-want) > 1e-12 || len(held[0].Moves) != 2 {
		t.Errorf("held %+v, target want %v", held[0], want)
	}
	if want := 0.5/(1+math.Exp(1)) + 0.25; math.Abs(train[0].Target-want) > 1e-12 {
		t.Errorf("train target %v, want %v", train[0].Target, want)
	}
	for _, bad := range []string{
		"1 2 100 1 7,7\n", // ply and moves disagree
		"1 1 x 1 7,7\n",   // no evaluation
		"1 1 5 2 7,7\n",   // no such result
		"1 1 5 1 15,7\n",  // off the board
		"1 1 5\n",         // too short
	} {
		if _, _, err := readSamples(strings.NewReader(bad), 10, 1, 200); err == nil {
			t.Errorf("%q: taken", bad)
		}
	}
}
