package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
)

// cuts writes the engine's cutoffs as gen's lines: each a position of the
// searched game's, one or more stones further on, whose best move is an
// empty point of it; with a node budget and no clock the same lines from
// run to run; every nth of them; the depths split them; order reads them.
func TestCutsCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "pos.txt")
	src, err := os.ReadFile("testdata/gen_sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	var some []string // 24 positions of the 20 games
	for i, l := range strings.SplitAfter(string(src), "\n") {
		if i%24 == 0 {
			some = append(some, l)
		}
	}
	if err := os.WriteFile(in, []byte(strings.Join(some, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) []genLine {
		t.Helper()
		out := filepath.Join(dir, name)
		if err := cuts(append(append([]string{"-turn", "0", "-nodes", "1500", "-o", out}, args...), in)); err != nil {
			t.Fatal(err)
		}
		var got []genLine
		if err := eachGenLine(out, genRules(gomoku.Freestyle), func(l genLine) error {
			got = append(got, l)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	games := map[int][]genLine{} // the searched positions by game
	if err := eachGenLine(in, genRules(gomoku.Freestyle), func(l genLine) error {
		games[l.Game] = append(games[l.Game], l)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	all := run("all.txt", "-every", "1")
	if len(all) < 100 {
		t.Fatalf("%d cutoffs from 24 positions", len(all))
	}
	for _, c := range all {
		if c.Ply != len(c.Moves) || c.Eval != 0 || c.Result != 0 || c.Best < 0 || int(c.Best) >= genSize*genSize {
			t.Fatalf("line %+v", c)
		}
		if slices.Contains(c.Moves, c.Best) {
			t.Fatalf("the cut move %v is a stone of its position %v", c.Best, c.Moves)
		}
		// the position lies below one of its game's searched positions:
		// it holds their stones in their colours, and more (the engine
		// sets a position's stones up in its own order, the last move
		// last)
		below := false
		for _, p := range games[c.Game] {
			below = below || len(c.Moves) > len(p.Moves) && holds(c.Moves, p.Moves)
		}
		if !below {
			t.Fatalf("game %d: %v is not below a searched position", c.Game, c.Moves)
		}
	}
	if again := run("again.txt", "-every", "1"); len(again) != len(all) {
		t.Errorf("%d cutoffs, then %d", len(all), len(again))
	}
	if third := run("third.txt", "-every", "3"); len(third) != len(all)/3 || !slices.Equal(third[0].Moves, all[2].Moves) || third[0].Best != all[2].Best {
		t.Errorf("every third: %d of %d", len(third), len(all))
	}
	shallow, deep := run("d1.txt", "-max-depth", "1", "-every", "1"), run("d2.txt", "-min-depth", "2", "-every", "1")
	if len(shallow) == 0 || len(deep) == 0 || len(shallow)+len(deep) != len(all) {
		t.Errorf("depth 1: %d, deeper: %d, all %d", len(shallow), len(deep), len(all))
	}
	// -cheapest keeps the deeper cutoffs' positions, each with a move
	// that cuts off there (CutCosts': the cheapest), and moves some
	// (every 10th cutoff 2 or 3 plies from the horizon: CutCosts
	// searches some 25 moves at each, slow under -race)
	cheap := run("cheap.txt", "-min-depth", "2", "-max-depth", "3", "-every", "10", "-cheapest", "5000")
	if len(cheap) == 0 || len(cheap) > len(deep)/10 {
		t.Fatalf("-cheapest: %d lines of %d cutoffs", len(cheap), len(deep))
	}
	moved, j := 0, 0
	for _, c := range cheap {
		for j < len(deep) && !slices.Equal(deep[j].Moves, c.Moves) {
			j++
		}
		if j == len(deep) {
			t.Fatalf("-cheapest: %v is no cutoff's position, or out of order", c.Moves)
		}
		if slices.Contains(c.Moves, c.Best) {
			t.Fatalf("-cheapest: the move %v is a stone of its position", c.Best)
		}
		if c.Best != deep[j].Best {
			moved++
		}
		j++
	}
	if moved == 0 || moved == len(cheap) {
		t.Errorf("-cheapest: %d of %d moves another than the search's", moved, len(cheap))
	}
	if err := order([]string{"-holdout", "10", "-epochs", "5", "-mincount", "5", filepath.Join(dir, "all.txt")}); err != nil {
		t.Errorf("order on the cutoffs: %v", err)
	}
	for _, bad := range [][]string{{"-every", "0"}, {"-min-depth", "3", "-max-depth", "2"}, {"-turn", "0"}, {"-nodes", "100", "-cheapest", "100"}, {"-nodes", "100", "-min-depth", "2", "-cheapest", "-1"}} {
		if err := cuts(append(bad, in)); err == nil {
			t.Errorf("cuts %v: no error", bad)
		}
	}
	if err := cuts([]string{"-nodes", "100", filepath.Join(dir, "no-such-file.txt")}); err == nil {
		t.Error("a missing file is taken")
	}
}

// Under renju cuts searches renju's game (black's forbidden points are
// no cut move: the lines read back as renju's positions, black's cut
// move on them legal) and order fits renju's order, black's
// combinations its own, with line values by the keys read as
// freestyle's.
func TestCutsCommandRenju(t *testing.T) {
	dir := t.TempDir()
	// 24 positions of games between the engine and Rapfi under renju
	// (session 43), after Rapfi's moves
	in, out := "testdata/renju_pos.txt", filepath.Join(dir, "cuts.txt")
	if err := cuts([]string{"-rule", "renju", "-turn", "0", "-nodes", "3000", "-every", "1", "-o", out, in}); err != nil {
		t.Fatal(err)
	}
	rules := genRules(gomoku.Renju)
	n, black := 0, 0
	if err := eachGenLine(out, rules, func(l genLine) error {
		n++
		g, err := gameOf(rules, l.Moves)
		if err != nil {
			return err
		}
		if len(l.Moves)%2 == 0 {
			black++
		}
		if err := g.Play(l.Best); err != nil {
			t.Errorf("%v: the cut move %v: %v", l.Moves, l.Best, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n < 100 || black == 0 || black == n {
		t.Fatalf("%d cutoffs (%d with black to move) from 24 positions", n, black)
	}
	// (with the line values too: the keys read as freestyle's, as the
	// engine reads them)
	file := filepath.Join(dir, "order.txt")
	if err := order([]string{"-rule", "renju", "-holdout", "10", "-epochs", "5", "-mincount", "5", "-lines", "-o", file, out}); err != nil {
		t.Fatalf("order -rule renju -lines: %v", err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\norderb ", "\norderline ", "#   orderline ", "order -rule renju"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("renju's order file has no %q:\n%s", want, data)
		}
	}
	if _, err := gomokuengine.ParseOrderModel(string(data)); err != nil {
		t.Error(err)
	}
}

// holds reports whether the stones of position a, moves from the empty
// board that alternate from black, include position b's in their colours.
func holds(a, b []inarow.Move) bool {
	colour := map[inarow.Move]int{}
	for i, m := range a {
		colour[m] = i % 2
	}
	for i, m := range b {
		if c, ok := colour[m]; !ok || c != i%2 {
			return false
		}
	}
	return true
}
