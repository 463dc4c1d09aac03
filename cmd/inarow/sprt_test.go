package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// TestSPRT checks the test's figures against ones worked by hand: the
// bounds (±ln 19 at 5 %), the LLR of 1,000 pairs scoring 51 % with a
// pair's variance 0.04 for Elo 0 against 5, its sign and size about the
// middle of the two scores, and the verdicts at and past the bounds.
func TestSPRT(t *testing.T) {
	test := sprt{elo0: 0, elo1: 5, alpha: 0.05}
	lo, hi := test.bounds()
	if math.Abs(hi-2.944439) > 1e-6 || math.Abs(lo+2.944439) > 1e-6 {
		t.Errorf("bounds [%v, %v], want ±2.944439", lo, hi)
	}
	if s := eloScore(5); math.Abs(s-0.507195) > 1e-6 || eloScore(0) != 0.5 || math.Abs(elo(eloScore(-123))+123) > 1e-9 {
		t.Errorf("eloScore(5) = %v, want 0.507195 (and elo its inverse)", s)
	}
	twoSigma := 2 * math.Sqrt(0.04/1000) // a pair's variance 0.04 over 1,000 pairs
	if llr, ok := test.llr(0.51, twoSigma, 1000); !ok || math.Abs(llr-1.151655) > 1e-5 {
		t.Errorf("LLR %v (%v), want 1.151655", llr, ok)
	}
	mid := (0.5 + eloScore(5)) / 2
	if llr, _ := test.llr(mid, twoSigma, 1000); math.Abs(llr) > 1e-9 {
		t.Errorf("LLR at the middle of the two scores %v, want 0", llr)
	}
	if llr, _ := test.llr(0.49, twoSigma, 1000); llr >= -1.151655 {
		t.Errorf("LLR below H0's score %v: want below −1.15", llr)
	}
	// four times the pairs at the same mean and spread: four times the LLR
	if a, _ := test.llr(0.51, twoSigma/2, 4000); math.Abs(a-4*1.151655) > 1e-4 {
		t.Errorf("LLR over 4,000 pairs %v, want %v", a, 4*1.151655)
	}
	if _, ok := test.llr(0.6, 0, 100); ok {
		t.Error("pairs without spread: an LLR")
	}
	if _, ok := test.llr(0.6, 0.1, 1); ok {
		t.Error("one pair: an LLR")
	}
	for _, c := range []struct {
		llr  float64
		want string
	}{{3, "H1 accepted"}, {hi, "H1 accepted"}, {-3, "H0 accepted"}, {lo, "H0 accepted"}, {0, "play on"}, {2.9, "play on"}, {-2.9, "play on"}} {
		if v := test.verdict(c.llr); !strings.Contains(v, c.want) {
			t.Errorf("verdict(%v) = %q, want %q", c.llr, v, c.want)
		}
	}
}

// TestPairedSPRT checks the paired test against figures worked by hand:
// with the second brain at 40 % against the opponent, H1 (5 Elo above
// it) expects the first to score 0.692722 points more a pair, H0 none;
// 1,000 pairs differing by 0.02 on average with a pair's variance 0.09
// give an LLR of 1.272791, none at the middle of the two expectations,
// and base scores of 0 or 1 (no Elo to start from) give none.
func TestPairedSPRT(t *testing.T) {
	test := sprt{elo0: 0, elo1: 5, alpha: 0.05}
	twoSigma := 2 * math.Sqrt(0.09/1000)
	if llr, ok := test.pairedLLR(0.02, twoSigma, 1000, 0.4); !ok || math.Abs(llr-1.272791) > 1e-5 {
		t.Errorf("paired LLR %v (%v), want 1.272791", llr, ok)
	}
	if llr, ok := test.pairedLLR(0.006927215/2, twoSigma, 1000, 0.4); !ok || math.Abs(llr) > 1e-6 {
		t.Errorf("paired LLR at the middle of the two expectations %v, want 0", llr)
	}
	if llr, _ := test.pairedLLR(-0.02, twoSigma, 1000, 0.4); llr >= -1.27 {
		t.Errorf("paired LLR of a loss %v, want below −1.27", llr)
	}
	// at base ½ the paired test expects what the plain one does, less ½
	a, _ := test.pairedLLR(0.01, twoSigma, 1000, 0.5)
	b, _ := test.llr(0.51, twoSigma, 1000)
	if math.Abs(a-b) > 1e-9 {
		t.Errorf("paired LLR at base ½ %v, plain %v: want the same", a, b)
	}
	for _, base := range []float64{0, 1, math.NaN()} {
		if _, ok := test.pairedLLR(0.1, twoSigma, 1000, base); ok {
			t.Errorf("base %v: an LLR", base)
		}
	}
	if _, ok := test.pairedLLR(0.1, 0, 1000, 0.4); ok {
		t.Error("differences without spread: an LLR")
	}
}

// TestParseSPRT: two Elos, the first below the second; anything else is
// refused.
func TestParseSPRT(t *testing.T) {
	for _, c := range []struct {
		in     string
		e0, e1 float64
	}{{"0,5", 0, 5}, {" -3.5 , 2", -3.5, 2}, {"-20,-10", -20, -10}} {
		got, err := parseSPRT(c.in)
		if err != nil || got.elo0 != c.e0 || got.elo1 != c.e1 || got.alpha != 0.05 {
			t.Errorf("parseSPRT(%q) = %+v, %v", c.in, got, err)
		}
	}
	for _, in := range []string{"", "5", "5,0", "0,0", "a,1", "0,", "NaN,1", "0,Inf", "0,900", "1,2,3"} {
		if got, err := parseSPRT(in); err == nil {
			t.Errorf("parseSPRT(%q) = %+v, want an error", in, got)
		}
	}
}

// TestScoreSPRT drives the command: a brain that wins 40 of 60 openings
// with both colours and splits the rest (+280 Elo; the LLRs worked by
// hand: a pair's variance 0.0565, 60 pairs) is found past Elo 20
// and short of 350, one that splits them all has no spread in its pairs
// (no LLR), the first's difference from the second gets its own test,
// games with one colour only have no pairs to test, and a bad
// --sprt is a usage error.
func TestScoreSPRT(t *testing.T) {
	five := "win by five connection"
	var b bytes.Buffer
	for k := range 60 {
		o := []inarow.Move{inarow.Move(k), 112, 150}
		xWinsWhite := k < 40
		b.Write(rec("x", true, o, 20, "B+1", "Black "+five).MarshalSGF())
		if xWinsWhite {
			b.Write(rec("x", false, o, 20, "W+1", "White "+five).MarshalSGF())
		} else {
			b.Write(rec("x", false, o, 20, "B+1", "Black "+five).MarshalSGF())
		}
		b.Write(rec("y", true, o, 20, "B+1", "Black "+five).MarshalSGF())
		b.Write(rec("y", false, o, 20, "B+1", "Black "+five).MarshalSGF())
	}
	path := filepath.Join(t.TempDir(), "games.sgf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// x − y, paired by opening and colour: 0 on the 60 pairs as black,
	// 1 on 40 as white and 0 on 20 (mean ⅓; the plain variance of a
	// pair, 0.22409, above the clustered one; y at ½, Elo 0): LLRs worked
	// by hand
	for _, c := range []struct{ bounds, verdict, paired string }{
		{"0,20", "x: LLR +9.74, H1 accepted: Elo 20 rather than 0", "x − y: LLR +4.91, H1 accepted"},
		{"0,5", "x: LLR +2.52, no verdict yet: play on", "x − y: LLR +1.27, no verdict yet"},
		{"350,450", "x: LLR -3.71, H0 accepted: Elo 350 rather than 450", "x − y: LLR -1.87, no verdict yet"},
		{"300,600", "x: LLR", "x − y: LLR -4.89, H0 accepted: Elo 300 rather than 600"},
	} {
		res := cli(t, "", "score", "--sprt", c.bounds, path)
		if res.code != 0 {
			t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
		}
		for _, want := range []string{
			"LLR bounds [-2.94, +2.94]", c.verdict,
			"y: no spread in the pairs' scores yet, no LLR",
			"SPRT of the paired differences", c.paired,
		} {
			if !strings.Contains(res.stdout, want) {
				t.Errorf("--sprt %s: no %q in\n%s", c.bounds, want, res.stdout)
			}
		}
	}
	// games with one colour only: no pairs, and the test says so
	var one bytes.Buffer
	for k := range 10 {
		one.Write(rec("x", true, []inarow.Move{inarow.Move(k), 112, 150}, 20, "B+1", "Black "+five).MarshalSGF())
	}
	onePath := filepath.Join(t.TempDir(), "black.sgf")
	if err := os.WriteFile(onePath, one.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := cli(t, "", "score", "--sprt", "0,5", onePath); res.code != 0 || !strings.Contains(res.stdout, "SPRT: no brain played an opening with both colours, no pairs to test") {
		t.Errorf("no pairs: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if plain := cli(t, "", "score", path); strings.Contains(plain.stdout, "SPRT") {
		t.Errorf("an SPRT without --sprt:\n%s", plain.stdout)
	}
	if bad := cli(t, "", "score", "--sprt", "5,0", path); bad.code != exitUsage || !strings.Contains(bad.stderr, "want ELO0 < ELO1") {
		t.Errorf("--sprt 5,0: exit %d, %q", bad.code, bad.stderr)
	}
}

// FuzzParseSPRT: whatever --sprt is given, it is refused or read as two
// finite Elos, the first below the second, whose LLR is finite.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,5", "-3.5,2", "5,0", "NaN,1", "1e308,1e309", ",", "0x10,0x20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		test, err := parseSPRT(s)
		if err != nil {
			return
		}
		if !(test.elo0 < test.elo1) || math.IsInf(test.elo0, 0) || math.IsInf(test.elo1, 0) || test.alpha != 0.05 {
			t.Fatalf("parseSPRT(%q) = %+v", s, test)
		}
		if llr, ok := test.llr(0.55, 0.02, 500); !ok || math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Fatalf("parseSPRT(%q): LLR %v, %v", s, llr, ok)
		}
	})
}
