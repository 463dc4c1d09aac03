package gomokuengine

import (
	"errors"
	"strings"
	"testing"

	"github.com/inarow/inarow/gomoku"
)

func TestParseEval(t *testing.T) {
	es, err := parseEval("# a comment\n\ncell F3+F2 229 -178\nthreat opThree+opF3F3 -600\nthreat none 7\r\nline 0011.2100 12 -3\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []evalEntry{
		{p: [4]uint8{patF3, patF2}, e: evalPair{229, -178}},
		{threat: true, mask: tmOpThree | tmOpF3F3, e: evalPair{me: -600}},
		{threat: true, e: evalPair{me: 7}},
		{line: true, key: 1*9 + 1*27 + 2*81 + 1*243, e: evalPair{12, -3}}, // offsets -4..-1, 1..4 weigh 3⁰..3⁷
	}
	if len(es) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(es), len(want), es)
	}
	for i := range want {
		if es[i] != want[i] {
			t.Errorf("entry %d: %+v, want %+v", i, es[i], want[i])
		}
	}
	for _, bad := range []string{
		"cell F3+F2 229",          // a value missing
		"cell F3+F9 1 2",          // no such pattern
		"cell none 1 2",           // the empty combination has no value
		"cell B2+B2+B2+B2+B2 1 2", // five directions
		"cell F3 1 99999999999",   // out of range
		"threat opThree",          // no value
		"threat opNothing 3",      // no such bit
		"threat none 1.5",         // not an integer
		"cells F3 1 2",            // no such line
		"cell F3 1 2\nthreat x 1", // the second line
		"line 0011.2100 1",        // a value missing
		"line 00112100 1 2",       // no dot
		"line 0031.2100 1 2",      // no such digit
		"line 0000.0000 1 2",      // a key that makes no pattern
		"line 0011.210 1 2",       // short
	} {
		if _, err := parseEval(bad); !errors.Is(err, ErrBadEval) {
			t.Errorf("%q: error %v, want ErrBadEval", bad, err)
		}
	}
}

// setCell gives every order of the patterns the value.
func TestSetCellEvalPermutations(t *testing.T) {
	p := [4]uint8{patF3, patF2, patB2, patNone}
	tab := &evalTables{cell: handCells}
	tab.setCell(p, evalPair{11, 7})
	n := 0
	for i := range tab.cell[0] {
		q := comboPats(i)
		cnt := map[uint8]int{}
		for _, x := range q {
			cnt[x]++
		}
		same := cnt[patF3] == 1 && cnt[patF2] == 1 && cnt[patB2] == 1 && cnt[patNone] == 1
		if got := tab.cell[0][i] == (evalPair{11, 7}); got != same {
			t.Fatalf("%v: set %v, want %v", q, got, same)
		}
		if same {
			n++
		}
	}
	if n != 24 {
		t.Errorf("%d orders set, want 24", n)
	}
}

func FuzzParseEval(f *testing.F) {
	f.Add(evalFile)
	f.Add("cell F3+F2 1 2\nthreat meB4+opThree -3")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := parseEval(s)
		if err != nil {
			if !errors.Is(err, ErrBadEval) {
				t.Fatalf("error %v does not wrap ErrBadEval", err)
			}
			return
		}
		for _, x := range es {
			if x.threat && (x.mask < 0 || x.mask >= nThreatMask) {
				t.Fatalf("mask %d out of range", x.mask)
			}
			if x.line && (x.key >= nLineKey || patTable(varOver)[x.key] == patNone) {
				t.Fatalf("line key %d", x.key)
			}
			if !x.threat && !x.line && (x.p[0] == patNone || x.p[0] >= nPat) {
				t.Fatalf("patterns %v", x.p)
			}
		}
		if n := strings.Count(s, "\n") + 1; len(es) > n {
			t.Fatalf("%d entries from %d lines", len(es), n)
		}
	})
}

// comboPats undoes comboIdx for every number, and comboIdx numbers
// every four patterns apart.
func TestComboPats(t *testing.T) {
	for i := range nCombo {
		p := comboPats(i)
		for _, x := range p {
			if int(x) >= nPat {
				t.Fatalf("comboPats(%d) = %v: a pattern out of range", i, p)
			}
		}
		if got := comboIdx(&p); got != i {
			t.Fatalf("comboIdx(comboPats(%d)) = %d", i, got)
		}
	}
}

// Each rule reads its own file where it has one, freestyle's where it
// has none; renju's values are its file's, but for black's own
// combinations (renjuBlackOwn), which keep the hand-set values, and it
// has no line values.
func TestEvalPerRule(t *testing.T) {
	free := evalFor(gomoku.Freestyle)
	for _, r := range gomoku.AllRules {
		_, own := evalText(r)
		if shared := evalFor(r) == free; shared == (own && r != gomoku.Freestyle) {
			t.Errorf("%v: its own file %v, freestyle's values %v", r, own, shared)
		}
	}
	text, ok := evalText(gomoku.Renju)
	if !ok {
		t.Fatal("renju has no file of its own")
	}
	entries, err := parseEval(text)
	if err != nil {
		t.Fatal(err)
	}
	tab := evalFor(gomoku.Renju)
	if tab.lineOn {
		t.Error("renju's values have line values")
	}
	cells, blackOwn := 0, 0
	for _, x := range entries {
		if x.line {
			t.Errorf("renju's file lists a line value")
			continue
		}
		if x.threat {
			if tab.threat[x.mask] != x.e.me {
				t.Errorf("threat %d: %d, the file says %d", x.mask, tab.threat[x.mask], x.e.me)
			}
			continue
		}
		cells++
		i := comboIdx(&x.p)
		if tab.cell[0][i] != x.e {
			t.Errorf("%v: white's %v, the file says %v", x.p, tab.cell[0][i], x.e)
		}
		want := x.e
		if renjuBlackOwn(i) {
			want = handCells[1][i]
			blackOwn++
		}
		if tab.cell[1][i] != want {
			t.Errorf("%v: black's %v, want %v", x.p, tab.cell[1][i], want)
		}
	}
	if cells < 50 || blackOwn == 0 {
		t.Errorf("renju's file: %d cell values, %d of them black's own: want many, and some", cells, blackOwn)
	}
	// the boards read their rule's values
	for _, r := range []gomoku.Rule{gomoku.Freestyle, gomoku.Standard, gomoku.Renju} {
		b, err := newBoard(15, 15, r)
		if err != nil {
			t.Fatal(err)
		}
		if b.evt != evalFor(r) {
			t.Errorf("a %v board reads another rule's values", r)
		}
	}
}
