package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// TestScoreGauntlet scores 24 games of a c-gomoku-cli gauntlet (two
// brains against Rapfi, two openings with both colours, three rounds),
// through the command's dispatch.
func TestScoreGauntlet(t *testing.T) {
	res := cli(t, "", "score", "testdata/score_gauntlet.sgf")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	golden(t, "score_gauntlet.txt", res.stdout)
	for _, want := range []string{"24 games against rapfi", "main     12", "main − se40     12"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("no %q in\n%s", want, res.stdout)
		}
	}
}

// TestScoreAcross splits the gauntlet's records into one file per brain,
// as two gauntlets run apart on the same openings would write them: the
// brains pair across the files with --across only, and then as they did
// in one file.
func TestScoreAcross(t *testing.T) {
	data, err := os.ReadFile("testdata/score_gauntlet.sgf")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := gomoku.ParseSGFCollection(data)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for _, brain := range []string{"main", "se40"} {
		var b bytes.Buffer
		for _, r := range recs {
			if r.Black == brain || r.White == brain {
				b.Write(r.MarshalSGF())
				b.WriteString("\n")
			}
		}
		paths = append(paths, filepath.Join(dir, brain+".sgf"))
		if err := os.WriteFile(paths[len(paths)-1], b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const pairLine = "main − se40     12  8.3 % − 16.7 %      -8.3 ± 16.7"
	apart := cli(t, "", "score", paths[0], paths[1])
	if apart.code != 0 || strings.Contains(apart.stdout, pairLine) || !strings.Contains(apart.stdout, "main − se40      0") {
		t.Errorf("without --across: exit %d\n%s%s", apart.code, apart.stdout, apart.stderr)
	}
	across := cli(t, "", "score", "--across", paths[0], paths[1])
	if across.code != 0 || !strings.Contains(across.stdout, pairLine) || !strings.Contains(across.stdout, "24 games against rapfi") {
		t.Errorf("with --across: exit %d\n%s%s", across.code, across.stdout, across.stderr)
	}
}

// scoreGames scores the records of one file.
func scoreGames(recs []gomoku.Record, against string) (*scores, error) {
	return scoreFiles([][]gomoku.Record{recs}, against, false)
}

// rec is a record of brain against "opp": brain black when black, the
// opening's stones, then plies more moves of 100 ms each, and result.
func rec(brain string, black bool, opening []inarow.Move, plies int, result, term string) gomoku.Record {
	r := gomoku.Record{Rule: gomoku.Freestyle, Cols: 15, Rows: 15, Black: brain, White: "opp", Result: result, Termination: term, Opening: len(opening)}
	if !black {
		r.Black, r.White = "opp", brain
	}
	r.Moves = append(r.Moves, opening...)
	r.Times = make([]int, len(opening))
	for k := range plies {
		r.Moves = append(r.Moves, inarow.Move(200+k))
		r.Times = append(r.Times, 100+k)
	}
	return r
}

// TestScoreGames checks the figures: scores, the pairing by opening and
// colour (extra games of one brain left unpaired), forfeits, and the
// games left out.
func TestScoreGames(t *testing.T) {
	o1, o2 := []inarow.Move{112, 113, 127}, []inarow.Move{112, 98, 127}
	five := "win by five connection"
	recs := []gomoku.Record{
		rec("a", true, o1, 20, "B+1", "Black "+five),  // a wins as black on o1
		rec("a", false, o1, 20, "B+1", "Black "+five), // a loses as white on o1
		rec("a", true, o2, 20, "0", "Draw by fullfilled board"),
		rec("a", true, o2, 20, "W+1", "White win by time forfeit"), // a second o2-black game: a forfeit
		rec("b", true, o1, 20, "W+1", "White "+five),
		rec("b", false, o1, 20, "W+1", "White "+five),
		rec("b", true, o2, 20, "B+1", "Black "+five),
		rec("b", false, o2, 0, "B+1", "Black win by time forfeit"), // the opponent gone at the start
		rec("c", true, nil, 2, "W+1", "White "+five),               // no opening and no play to speak of
	}
	sc, err := scoreGames(recs, "")
	if err != nil {
		t.Fatal(err)
	}
	if sc.against != "opp" || sc.read != 9 || sc.left["no move after the opening"] != 2 || len(sc.brains) != 2 {
		t.Fatalf("%+v", sc)
	}
	a, b := sc.brains[0], sc.brains[1]
	if a.name != "a" || a.win != 1 || a.loss != 2 || a.draw != 1 || a.forfeits != 1 || a.forfeitReason["White win by time forfeit"] != 1 {
		t.Errorf("a: %+v", a)
	}
	if b.name != "b" || b.win != 2 || b.loss != 1 || b.draw != 0 || b.forfeits != 0 {
		t.Errorf("b: %+v", b)
	}
	// a's own moves after the opening's three: black's 5th, 7th, …
	// (101, 103, … ms), white's 4th, 6th, … (100, 102, …), 10 a game
	if len(a.times) != 40 || a.times[0] != 101 || a.times[10] != 100 {
		t.Errorf("a's times %v", a.times)
	}
	sa, sb, _ := paired(a, b)
	// o1-B: 1 vs 0, o1-W: 0 vs 1, o2-B: ½ vs 1 (a's second o2-B unpaired)
	if len(sa) != 3 || sa[0] != 1 || sb[0] != 0 || sa[1] != 0 || sb[1] != 1 || sa[2] != 0.5 || sb[2] != 1 {
		t.Errorf("paired %v %v", sa, sb)
	}
	var out bytes.Buffer
	sc.write(&out)
	for _, want := range []string{"9 games against opp, 2 left out (no move after the opening: 2)", "a's forfeits: \"White win by time forfeit\" 1", "50.0 % − 66.7 %    -16.7 ± 120.2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}

	// errors: no common player, a game without the one named, a brain
	// against itself
	if _, err := scoreGames([]gomoku.Record{rec("a", true, o1, 9, "B+1", ""), {Black: "x", White: "y", Moves: make([]inarow.Move, 9)}}, ""); err == nil || !strings.Contains(err.Error(), "--against") {
		t.Errorf("no common player: %v", err)
	}
	if _, err := scoreGames(recs, "b"); err == nil || !strings.Contains(err.Error(), "game 1 (a – opp) is not against b") {
		t.Errorf("against b: %v", err)
	}
	if _, err := scoreGames([]gomoku.Record{{Black: "x", White: "x", Moves: make([]inarow.Move, 9)}}, "x"); err == nil || !strings.Contains(err.Error(), "itself") {
		t.Errorf("x against x: %v", err)
	}
	if _, err := scoreGames(nil, ""); err == nil {
		t.Error("no records: no error")
	}
}

// TestScoreUsage: no file, a missing file and a bad record are refused
// with a message.
func TestScoreUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"score"}, exitUsage, "no record file"},
		{[]string{"score", "testdata/no-such.sgf"}, 1, "no-such.sgf"},
		{[]string{"score", "testdata/play_gobang.txt"}, 1, "play_gobang.txt: game 1"},
		{[]string{"score", "--bogus", "x"}, exitUsage, "bogus"},
	} {
		res := cli(t, "", c.args...)
		if res.code != c.code || !strings.Contains(res.stderr, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, res.code, res.stderr, c.code, c.msg)
		}
	}
}

// TestScoreColourPairs checks the pairs of one opening's games with both
// colours (a head-to-head match's measure), and that games pair within
// their record file only.
func TestScoreColourPairs(t *testing.T) {
	o1, o2 := []inarow.Move{112, 113, 127}, []inarow.Move{112, 98, 127}
	five := "win by five connection"
	sitting1 := []gomoku.Record{
		rec("x", true, o1, 20, "B+1", "Black "+five), // x wins o1 as black
		rec("x", false, o1, 20, "0", "Draw by fullfilled board"),
		rec("x", true, o2, 20, "W+1", "White "+five),  // x loses o2 as black
		rec("x", false, o2, 20, "W+1", "White "+five), // and wins it as white
		rec("x", true, o2, 20, "B+1", "Black "+five),  // a third o2 game: unpaired
	}
	sitting2 := []gomoku.Record{
		rec("x", true, o1, 20, "W+1", "White "+five), // o1 black again, in another sitting
		rec("y", true, o1, 20, "B+1", "Black "+five),
		rec("y", false, o1, 20, "B+1", "Black "+five),
	}
	sc, err := scoreFiles([][]gomoku.Record{sitting1, sitting2}, "opp", false)
	if err != nil {
		t.Fatal(err)
	}
	x, y := sc.brains[0], sc.brains[1]
	if ps, _ := colourPairs(x); len(ps) != 2 || ps[0] != 0.75 || ps[1] != 0.5 {
		t.Errorf("x's pairs %v, want [0.75 0.5]", ps)
	}
	if ps, _ := colourPairs(y); len(ps) != 1 || ps[0] != 0.5 {
		t.Errorf("y's pairs %v, want [0.5]", ps)
	}
	// x and y met o1 as black in sitting 2 (x lost, y won); x's o1
	// games of sitting 1 have no partner there
	if sa, sb, _ := paired(x, y); len(sa) != 1 || sa[0] != 0 || sb[0] != 1 {
		t.Errorf("x and y paired %v %v, want [0] [1]", sa, sb)
	}
	// the same games in one file: x's first o1-black game (sitting 1's)
	// pairs with y's, and x's o1-white game with y's
	all := append(append([]gomoku.Record{}, sitting1...), sitting2...)
	sc1, err := scoreGames(all, "opp")
	if err != nil {
		t.Fatal(err)
	}
	if sa, sb, _ := paired(sc1.brains[0], sc1.brains[1]); len(sa) != 2 || sa[0] != 1 || sa[1] != 0.5 || sb[0] != 1 || sb[1] != 0 {
		t.Errorf("one file: paired %v %v, want [1 0.5] [1 0]", sa, sb)
	}
	var out bytes.Buffer
	sc.write(&out)
	for _, want := range []string{"both colours: each opening's game as black with its game as white, against opp", "x      2  62.5 % ±", "+89 [", "0-0-1-1-0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	for _, c := range []struct{ p, want float64 }{{0.5, 0}, {0.75, 190.85}, {0.25, -190.85}} {
		if got := elo(c.p); math.Abs(got-c.want) > 0.01 {
			t.Errorf("elo(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if !math.IsInf(elo(1), 1) || !math.IsInf(elo(0), -1) {
		t.Errorf("elo(1) %v, elo(0) %v: want ±Inf", elo(1), elo(0))
	}
}

// TestClusteredMean: with one score a cluster the error is the plain
// one; where an opening's repeats agree it is wider; it is never
// narrower than the plain one.
func TestClusteredMean(t *testing.T) {
	ss := []float64{1, 1, 0, 0, 1, 0, 0.5, 1}
	m0, e0 := meanScore(ss)
	one := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	if m, e := clusteredMean(ss, one); m != m0 || math.Abs(e-e0) > 1e-12 {
		t.Errorf("singletons: %v ± %v, want meanScore's %v ± %v", m, e, m0, e0)
	}
	// the same scores, each opening played twice with the same result
	rep := []float64{1, 1, 0, 0, 1, 1, 0, 0}
	mr, er := meanScore(rep)
	if m, e := clusteredMean(rep, []string{"a", "a", "b", "b", "c", "c", "d", "d"}); m != mr || e < er*1.3 {
		t.Errorf("repeats that agree: %v ± %v, want %v and wider than %v", m, e, mr, er)
	}
	// each opening once won and once lost: the clusters' spread is 0,
	// and the plain error stands
	if _, e := clusteredMean(rep, []string{"a", "b", "a", "b", "c", "d", "c", "d"}); e != er {
		t.Errorf("repeats that cancel: ± %v, want the plain %v", e, er)
	}
	if m, e := clusteredMean([]float64{1, 0, 1}, []string{"a", "a", "a"}); math.Abs(e-2.0/3) > 1e-12 || m != 2.0/3 {
		t.Errorf("one cluster: %v ± %v, want the plain error (no spread of clusters to measure)", m, e)
	}
}

// TestPentanomial counts pairs by their score, the halves among them
// (one colour won both games) apart from the wins and losses with both.
func TestPentanomial(t *testing.T) {
	for _, c := range []struct {
		ps   []float64
		want [5]int
	}{
		{nil, [5]int{}},
		{[]float64{0, 0.25, 0.5, 0.75, 1}, [5]int{1, 1, 1, 1, 1}},
		{[]float64{0.5, 0.5, 1, 0, 0.5}, [5]int{1, 0, 3, 0, 1}},
	} {
		if got := pentanomial(c.ps); got != c.want {
			t.Errorf("pentanomial(%v) = %v, want %v", c.ps, got, c.want)
		}
	}
}
