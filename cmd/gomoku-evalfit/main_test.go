package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
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
	train, held, err := readSamples(strings.NewReader(in), gomoku.Freestyle, 10, 0.5, 200)
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
	// gen's lines now carry the brain's move after its evaluation
	train, held, err = readSamples(strings.NewReader("3 2 100 9,9 1 7,7 8,8\n15 1 -200 8,7 0 7,7\n"), gomoku.Freestyle, 10, 1, 200)
	if err != nil || len(held) != 1 || len(train) != 1 {
		t.Fatalf("with moves: train %d, held %d, %v", len(train), len(held), err)
	}
	if held[0].Best != 9*15+9 || train[0].Best != 7*15+8 || len(held[0].Moves) != 2 || train[0].Moves[0] != 7*15+7 {
		t.Errorf("with moves: held %+v, train %+v", held[0], train[0])
	}
	if want := 1 / (1 + math.Exp(-0.5)); math.Abs(held[0].Target-want) > 1e-12 {
		t.Errorf("with moves: target %v, want %v", held[0].Target, want)
	}
	if train, _, _ := readSamples(strings.NewReader("3 2 100 1 7,7 8,8\n"), gomoku.Freestyle, 0, 1, 200); len(train) != 1 || train[0].Best != inarow.NoMove {
		t.Errorf("without a move: %+v", train)
	}
	for _, bad := range []string{
		"1 2 100 1 7,7\n",   // ply and moves disagree
		"1 1 5 9,x 1 7,7\n", // a bad move
		"1 1 5 7,7 7 7,7\n", // no such result
		"1 1 x 1 7,7\n",     // no evaluation
		"1 1 5 2 7,7\n",     // no such result
		"1 1 5 1 15,7\n",    // off the board
		"1 1 5\n",           // too short
	} {
		if _, _, err := readSamples(strings.NewReader(bad), gomoku.Freestyle, 10, 1, 200); err == nil {
			t.Errorf("%q: taken", bad)
		}
	}
}

// order fits the move order on gen's lines (20 of Rapfi's games against
// itself, testdata/gen_sample.txt) and writes a file the engine reads,
// whose head reports the fit.
func TestOrderCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "order.txt")
	if err := order([]string{"-holdout", "10", "-epochs", "30", "-lines", "-mincount", "5", "-o", out, "testdata/gen_sample.txt"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, "# Made by\n#   gomoku-evalfit order -rule freestyle -holdout 10 -epochs 30") || !strings.Contains(text, "\norder F3 ") || !strings.Contains(text, "\norderline ") || strings.Contains(text, "orderb") {
		t.Errorf("order file:\n%.600s", text)
	}
	if _, err := gomokuengine.ParseOrderModel(text); err != nil {
		t.Error(err)
	}
	if err := order([]string{"-o", out, "testdata/no-such-file.txt"}); err == nil {
		t.Error("a missing file is taken")
	}
	if err := order([]string{"-holdout", "100", "testdata/gen_sample.txt"}); err == nil || !strings.Contains(err.Error(), "0 positions to fit") {
		t.Errorf("everything held out: %v", err)
	}
}

// The match openings: the head-to-head set has 1,000 openings and the
// gauntlets' sets against Rapfi 60 (rand60), 240 (rand240, from session
// 58 of issue 23) and 280 (rand280, session 62, and rand280b to rand280f,
// sessions 65, 67, 69, 73 and 74), none the same as another up to the board's
// symmetries, within its set or across them, each three stones within
// three points of the centre.
func TestMatchOpenings(t *testing.T) {
	dir := filepath.Join("..", "..", "engine", "gomoku", "testdata", "openings")
	sets := []struct {
		file string
		n    int
	}{{"h2h1000-15.txt", 1000}, {"rand60-15.txt", 60}, {"rand240-15.txt", 240}, {"rand280-15.txt", 280}, {"rand280b-15.txt", 280}, {"rand280c-15.txt", 280}, {"rand280d-15.txt", 280}, {"rand280e-15.txt", 280}, {"rand280f-15.txt", 280}}
	in := map[string]string{} // opening key -> its file
	for _, set := range sets {
		m, err := readOpenings(filepath.Join(dir, set.file))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) != set.n {
			t.Errorf("%s: %d distinct openings, want %d", set.file, len(m), set.n)
		}
		for k := range m {
			if other, ok := in[k]; ok {
				t.Errorf("opening %s is in %s and %s", k, other, set.file)
			}
			in[k] = set.file
		}
		data, err := os.ReadFile(filepath.Join(dir, set.file))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(lines) != set.n {
			t.Errorf("%s: %d lines, want %d", set.file, len(lines), set.n)
		}
		for n, line := range lines {
			f := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' })
			if len(f) != 6 {
				t.Fatalf("%s line %d: %q is not three stones", set.file, n+1, line)
			}
			for _, v := range f {
				if v := strings.TrimPrefix(v, "-"); len(v) != 1 || v[0] < '0' || v[0] > '3' {
					t.Fatalf("%s line %d: %q has a stone beyond three of the centre", set.file, n+1, line)
				}
			}
		}
	}
}

// fit refuses line values for a rule whose evaluation reads none (renju)
// and a rule it has no values for, before reading any file.
func TestFitRuleFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-rule", "renju", "-lines", "no-such-file"},
		{"-rule", "caro", "no-such-file"},
		{"-rule", "nonsense", "no-such-file"},
	} {
		if err := fit(args); err == nil || strings.Contains(err.Error(), "no-such-file") {
			t.Errorf("fit %q: error %v, want the flag refused", args, err)
		}
	}
}
