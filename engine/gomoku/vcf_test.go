package gomokuengine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/internal/sketch"
)

// pictureOf sets up a 15×15 board of rule from rows (see package
// sketch).
func pictureOf(t *testing.T, rule gomoku.Rule, toMove inarow.Player, rows ...string) inarow.Position {
	t.Helper()
	r, err := rule.Board(15)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := sketch.Position(t, r, toMove, rows...)
	return p
}

// replay plays the line from p (a NoMove reply: the defender plays the
// first legal point far from the action) and returns the last position.
func replay(t *testing.T, p inarow.Position, line []inarow.Move) inarow.Position {
	t.Helper()
	for i, m := range line {
		if m == inarow.NoMove {
			for c := inarow.Move(p.Rules().Cells() - 1); c >= 0; c-- {
				if gomoku.Legal(p, c) {
					m = c
					break
				}
			}
		}
		q, err := gomoku.Play(p, m)
		if err != nil {
			t.Fatalf("line %v: move %d %s: %v\n%s", fmtLine(p.Rules(), line), i+1, p.Rules().FormatMove(m), err, p)
		}
		p = q
	}
	return p
}

func fmtLine(r inarow.Rules, line []inarow.Move) string {
	var s []string
	for _, m := range line {
		if m == inarow.NoMove {
			s = append(s, "any")
		} else {
			s = append(s, r.FormatMove(m))
		}
	}
	return strings.Join(s, " ")
}

// fourFour: black's g9 makes two fours (across and down), each with one
// completion point; black has no other way to win by fours.
var fourFour = []string{
	"...............",
	"...............",
	"......O........",
	"......X........",
	"......X........",
	"......X........",
	"..OXXX..O......",
	"...............",
	"......O........",
}

// TestFindVCF: the cases package gomoku's own VCF search was tested on
// before the module kept one VCF; each line found replays, under package
// gomoku's rules, to the winner's five.
func TestFindVCF(t *testing.T) {
	cases := []struct {
		name   string
		rule   gomoku.Rule
		toMove inarow.Player
		rows   []string
		found  bool
		plies  int // length of the line, 0: any
	}{
		{"five now", gomoku.Freestyle, inarow.First, []string{
			"...............",
			".XXXX..........",
			".OOO...........",
		}, true, 1},
		{"open four wins", gomoku.Freestyle, inarow.First, []string{
			"...............",
			"....XXX........",
			"...............",
			"...O...........",
			"...O...........",
			"...O...........",
		}, true, 3},
		{"four-four in two moves", gomoku.Freestyle, inarow.First, []string{
			"...............",
			"..O............",
			"..XXX.O........",
			"...............",
			"..X............",
			"..X............",
			"..O............",
		}, true, 0},
		{"a chain of fours", gomoku.Freestyle, inarow.First, []string{
			"...............",
			".OXXX..........",
			"......X........",
			"......X........",
			"......X........",
			"......O........",
		}, true, 0},
		{"nothing to find", gomoku.Freestyle, inarow.First, []string{
			"...............",
			".......X.......",
			".......O.......",
		}, false, 0},
		{"the defender's four comes first", gomoku.Freestyle, inarow.First, []string{
			"...............",
			"....XXX........",
			"...............",
			".OOOO..........",
		}, false, 0},
		{"standard: an overline is no five", gomoku.Standard, inarow.First, []string{
			"...............",
			"OXXX.XXO.......",
			"...............",
		}, false, 0},
		{"freestyle: the same overline wins", gomoku.Freestyle, inarow.First, []string{
			"...............",
			"OXXX.XXO.......",
			"...............",
		}, true, 1},
		{"caro: a five blocked at both ends is no five", gomoku.Caro, inarow.First, []string{
			"...............",
			"OXXX.XO........",
			"...............",
		}, false, 0},
		{"caro: the edge does not block", gomoku.Caro, inarow.First, []string{
			"XXX.XO.........",
			"...............",
		}, true, 1},
		{"freestyle: an open four wins", gomoku.Freestyle, inarow.First, []string{
			"O.............O",
			"...............",
			"....X.XX.O.....",
		}, true, 3},
		{"caro: white's block at one end kills the other five", gomoku.Caro, inarow.First, []string{
			"O.............O",
			"...............",
			"....X.XX.O.....", // black f13: white d13 leaves i13's five blocked at both ends
		}, false, 0},
		{"freestyle: a four-four wins", gomoku.Freestyle, inarow.First, fourFour, true, 3},
		{"renju: black's four-four is forbidden", gomoku.Renju, inarow.First, fourFour, false, 0},
		{"renju: white forces black onto a forbidden block", gomoku.Renju, inarow.Second, []string{
			"...............",
			"...............",
			"..XXX.XX.......", // black's f13 would be an overline
			".....O.........",
			".....O.........",
			".....O.........",
			"...............",
			".....X.........",
		}, true, 0},
	}
	for _, c := range cases {
		p := pictureOf(t, c.rule, c.toMove, c.rows...)
		line, found, err := FindVCF(context.Background(), p, DefaultVCFLimits)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if found != c.found {
			t.Errorf("%s: found %v %s, want %v\n%s", c.name, found, fmtLine(p.Rules(), line), c.found, p)
			continue
		}
		if !found {
			continue
		}
		if c.plies != 0 && len(line) != c.plies {
			t.Errorf("%s: line %s, want %d plies", c.name, fmtLine(p.Rules(), line), c.plies)
		}
		end := replay(t, p, line)
		if o := end.Outcome(); o.Status != inarow.Won || o.Winner != c.toMove {
			t.Errorf("%s: line %s ends %+v\n%s", c.name, fmtLine(p.Rules(), line), o, end)
		}
	}
}

// TestVCFLimits: a VCF of the benchmark that takes 1,136 nodes is found
// within the default limits and given up, with ErrVCFLimit, within 100
// nodes or 2 fours (no error then: none within 2 fours); a cancelled
// search stops; rules that are not gomoku's are refused.
func TestVCFLimits(t *testing.T) {
	ps, err := BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	var p inarow.Position
	for _, bp := range ps {
		if bp.Name == "vcf4" {
			p = bp.Position
		}
	}
	if _, found, err := FindVCF(context.Background(), p, DefaultVCFLimits); !found || err != nil {
		t.Fatalf("vcf4: found %v, %v", found, err)
	}
	if _, found, err := FindVCF(context.Background(), p, VCFLimits{Fours: 20, Nodes: 100}); found || !errors.Is(err, ErrVCFLimit) {
		t.Errorf("node limit: found %v, %v", found, err)
	}
	if _, found, err := FindVCF(context.Background(), p, VCFLimits{Fours: 2}); found || err != nil {
		t.Errorf("2 fours: found %v, %v", found, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	// A cancelled search stops (quickly) or finishes: it must not hang.
	FindVCF(ctx, p, DefaultVCFLimits)
	if time.Since(start) > 30*time.Second { // a hang, not a slow machine
		t.Error("a cancelled search ran on")
	}
	if _, _, err := FindVCF(context.Background(), mustPosition(t, inarow.ConnectFour), DefaultVCFLimits); !errors.Is(err, ErrBadBoard) {
		t.Errorf("connect four: %v", err)
	}
}

func mustPosition(t *testing.T, r inarow.Rules) inarow.Position {
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fivesAfter returns the points where who would complete a winning line
// in p if it were who's turn (a plain check: play each empty point).
func fivesAfter(t *testing.T, p inarow.Position, who inarow.Player) []inarow.Move {
	t.Helper()
	if p.ToMove() != who {
		p = p.Passed()
	}
	var out []inarow.Move
	for m := inarow.Move(0); int(m) < p.Rules().Cells(); m++ {
		if p.At(m) != inarow.NoPlayer {
			continue
		}
		if c, err := p.Play(m); err == nil && c.Outcome().Status == inarow.Won {
			out = append(out, m)
		}
	}
	return out
}

// TestVCFMove: on FindVCF's cases, VCFMove agrees for every empty point
// with a plain reference built on FindVCF: the move makes five, or it
// leaves the mover a five point while the defender has none, and after
// each legal block on a five point (none: renju black cannot block)
// FindVCF finds the mover's win again. FindVCF's own first move is one.
func TestVCFMove(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		rule   gomoku.Rule
		toMove inarow.Player
		rows   []string
	}{
		{"a chain of fours", gomoku.Freestyle, inarow.First, []string{"...............", ".OXXX..........", "......X........", "......X........", "......X........", "......O........"}},
		{"four-four", gomoku.Freestyle, inarow.First, fourFour},
		{"renju four-four", gomoku.Renju, inarow.First, fourFour},
		{"the defender's four", gomoku.Freestyle, inarow.First, []string{"...............", "....XXX........", "...............", ".OOOO.........."}},
		{"renju white forces a forbidden block", gomoku.Renju, inarow.Second, []string{"...............", "...............", "..XXX.XX.......", ".....O.........", ".....O.........", ".....O.........", "...............", ".....X........."}},
		{"standard overline", gomoku.Standard, inarow.First, []string{"...............", "OXXX.XXO.......", "...............", "...O...........", "...O...........", "...O..........."}},
	} {
		p := pictureOf(t, c.rule, c.toMove, c.rows...)
		mover := p.ToMove()
		wins := 0
		for m := inarow.Move(0); int(m) < p.Rules().Cells(); m++ {
			if p.At(m) != inarow.NoPlayer {
				continue
			}
			got, err := VCFMove(ctx, p, m, DefaultVCFLimits)
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, p.Rules().FormatMove(m), err)
			}
			want := false
			if q, err := gomoku.Play(p, m); err == nil {
				switch o := q.Outcome(); {
				case o.Status == inarow.Won:
					want = o.Winner == mover
				case len(fivesAfter(t, q, mover.Other())) > 0:
				default:
					fives := fivesAfter(t, q, mover)
					want = len(fives) > 0
					for _, f := range fives {
						if !gomoku.Legal(q, f) {
							continue
						}
						r, _ := gomoku.Play(q, f)
						if _, found, _ := FindVCF(ctx, r, DefaultVCFLimits); !found {
							want = false
						}
					}
				}
			}
			if got != want {
				t.Errorf("%s: VCFMove(%s) = %v, reference %v\n%s", c.name, p.Rules().FormatMove(m), got, want, p)
			}
			if got {
				wins++
			}
		}
		line, found, _ := FindVCF(ctx, p, DefaultVCFLimits)
		if found {
			if ok, _ := VCFMove(ctx, p, line[0], DefaultVCFLimits); !ok {
				t.Errorf("%s: FindVCF starts with %s, VCFMove says no", c.name, p.Rules().FormatMove(line[0]))
			}
		}
		t.Logf("%s: %d winning moves, FindVCF %v", c.name, wins, found)
	}
	if ok, err := VCFMove(ctx, pictureOf(t, gomoku.Freestyle, inarow.First, ".X"), 1, DefaultVCFLimits); ok || err != nil {
		t.Errorf("a taken point: %v %v", ok, err)
	}
}
