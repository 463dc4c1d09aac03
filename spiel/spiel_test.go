package spiel

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestLoadGame(t *testing.T) {
	for _, tc := range []struct {
		s     string
		rules inarow.Rules
		str   string
		shape []int
	}{
		{"tic_tac_toe()", inarow.TicTacToe, "tic_tac_toe()", []int{3, 3, 3}},
		{"tic_tac_toe", inarow.TicTacToe, "tic_tac_toe()", []int{3, 3, 3}},
		{"connect_four(rows=6,columns=7,x_in_row=4)", inarow.ConnectFour, "connect_four(columns=7,rows=6,x_in_row=4)", []int{3, 6, 7}},
		{"connect_four(columns=9, rows=7)", inarow.Rules{Cols: 9, Rows: 7, K: 4, Gravity: true}, "connect_four(columns=9,rows=7)", []int{3, 7, 9}},
		{"mnk(m=15,n=15,k=5)", inarow.Gomoku, "mnk(k=5,m=15,n=15)", []int{3, 15, 15}},
		{"mnk(m=7,n=5,k=4)", inarow.Rules{Cols: 7, Rows: 5, K: 4}, "mnk(k=4,m=7,n=5)", []int{3, 5, 7}},
		{"gomoku(size=15,connect=5)", inarow.Gomoku, "gomoku(connect=5,size=15)", []int{3, 225}},
		{"gomoku(size=9,anti=True)", inarow.Rules{Cols: 9, Rows: 9, K: 5}, "gomoku(anti=True,size=9)", []int{3, 81}},
	} {
		g, err := LoadGame(tc.s)
		if err != nil {
			t.Fatalf("%s: %v", tc.s, err)
		}
		if g.Rules() != tc.rules || g.String() != tc.str || !reflect.DeepEqual(g.ObservationTensorShape(), tc.shape) {
			t.Errorf("%s: rules %v string %s shape %v", tc.s, g.Rules(), g, g.ObservationTensorShape())
		}
	}
	for _, bad := range []string{"", "chess()", "tic_tac_toe(x=1)", "mnk(m=0)", "mnk(m=30,n=3,k=3)", "connect_four(rows=six)",
		"gomoku(dims=3)", "gomoku(wrap=true)", "mnk(m=3,m=4)", "mnk(", "mnk(m=3))", "mnk(k=20)", "connect_four(egocentric_obs_tensor=yes)"} {
		if _, err := LoadGame(bad); !errors.Is(err, ErrGameString) {
			t.Errorf("LoadGame(%q): %v", bad, err)
		}
	}
}

func TestApplyUndoCloneSerialize(t *testing.T) {
	rnd := rand.New(rand.NewPCG(4, 4))
	for _, s := range []string{"tic_tac_toe()", "connect_four()", "mnk(m=5,n=4,k=3)", "gomoku(size=9,connect=4)"} {
		g, _ := LoadGame(s)
		for game := 0; game < 20; game++ {
			st := g.NewInitialState()
			var snaps []*State
			for !st.IsTerminal() {
				snaps = append(snaps, st.Clone())
				legal := st.LegalActions()
				a := legal[rnd.IntN(len(legal))]
				str := st.ActionToString(st.CurrentPlayer(), a)
				if b, err := st.StringToAction(st.CurrentPlayer(), str); err != nil || b != a {
					t.Fatalf("%s: StringToAction(%q) = %d, %v; want %d", s, str, b, err, a)
				}
				if err := st.ApplyAction(a); err != nil {
					t.Fatal(err)
				}
				if err := st.ApplyAction(-1); !errors.Is(err, ErrIllegalAction) {
					t.Fatalf("action -1: %v", err)
				}
			}
			if st.CurrentPlayer() != TerminalPlayer || len(st.LegalActions()) != 0 {
				t.Fatalf("%s: terminal state has player %d", s, st.CurrentPlayer())
			}
			if r := st.Returns(); r[0]+r[1] != 0 {
				t.Fatalf("returns %v", r)
			}
			d, err := g.DeserializeState(st.Serialize())
			if err != nil || d.Serialize() != st.Serialize() || d.String() != st.String() {
				t.Fatalf("%s: deserialize: %v", s, err)
			}
			// Undo back to the start, comparing with the snapshots.
			h := st.History()
			for i := len(h) - 1; i >= 0; i-- {
				player := snaps[i].CurrentPlayer()
				if err := st.UndoAction(1-player, h[i]); err == nil {
					t.Fatal("undo by the wrong player accepted")
				}
				if err := st.UndoAction(player, h[i]); err != nil {
					t.Fatal(err)
				}
				if st.Serialize() != snaps[i].Serialize() || !reflect.DeepEqual(st.ObservationTensor(0), snaps[i].ObservationTensor(0)) {
					t.Fatalf("%s: undo %d differs", s, i)
				}
			}
			if err := st.UndoAction(0, 0); !errors.Is(err, ErrUndo) {
				t.Fatalf("undo at start: %v", err)
			}
		}
	}
	g, _ := LoadGame("connect_four()")
	if s := g.NewInitialState().Serialize(); s != "\n" {
		t.Errorf("new state serializes as %q", s)
	}
	for _, bad := range []string{"x\n", "7\n", "0\n0\n0\n0\n0\n0\n0\n"} {
		if _, err := g.DeserializeState(bad); !errors.Is(err, ErrSerialized) {
			t.Errorf("Deserialize(%q): %v", bad, err)
		}
	}
}

func TestEgocentric(t *testing.T) {
	g, _ := LoadGame("connect_four(egocentric_obs_tensor=true)")
	st := g.NewInitialState()
	st.ApplyAction(3) // x at the bottom of column 3
	t0, t1 := st.ObservationTensor(0), st.ObservationTensor(1)
	cells := 42
	// Player 0 sees its own stone in plane 1, player 1 sees it (the
	// opponent's) in plane 0; row 0 is the bottom.
	if t0[1*cells+3] != 1 || t1[0*cells+3] != 1 || t0[2*cells+3] != 0 {
		t.Fatalf("egocentric planes wrong")
	}
}

// TestGolden replays random games of each game and compares, state by
// state, the actions, their strings, the tensors and the returns with
// testdata/golden_*.txt (go test ./spiel -update rewrites them).
func TestGolden(t *testing.T) {
	for _, s := range []string{"tic_tac_toe()", "connect_four()", "connect_four(columns=8,egocentric_obs_tensor=true,rows=7,x_in_row=4)", "mnk(k=4,m=6,n=5)", "gomoku(connect=5,size=9)"} {
		g, _ := LoadGame(s)
		var b strings.Builder
		rnd := rand.New(rand.NewPCG(11, 7))
		fmt.Fprintf(&b, "game %s\n", g)
		for game := 0; game < 3; game++ {
			st := g.NewInitialState()
			fmt.Fprintf(&b, "\n# game %d\n", game)
			for {
				fmt.Fprintf(&b, "player %d legal %v\n", st.CurrentPlayer(), st.LegalActions())
				for p := 0; p < 2; p++ {
					fmt.Fprintf(&b, "tensor%d %s\n", p, bitString(st.ObservationTensor(p)))
				}
				if st.IsTerminal() {
					break
				}
				legal := st.LegalActions()
				a := legal[rnd.IntN(len(legal))]
				fmt.Fprintf(&b, "action %d %s\n", a, st.ActionToString(st.CurrentPlayer(), a))
				st.ApplyAction(a)
			}
			fmt.Fprintf(&b, "returns %v\nserialized %q\n%s", st.Returns(), st.Serialize(), st)
		}
		name := "golden_" + g.ShortName() + "_" + fmt.Sprint(g.Rules().Cols) + "x" + fmt.Sprint(g.Rules().Rows) + ".txt"
		path := filepath.Join("testdata", name)
		if *update {
			os.WriteFile(path, []byte(b.String()), 0o644)
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./spiel -update writes it)", err)
		}
		if b.String() != string(want) {
			t.Errorf("%s differs from %s", s, path)
		}
	}
}

func bitString(t []float32) string {
	b := make([]byte, len(t))
	for i, v := range t {
		b[i] = '0' + byte(v)
	}
	return string(b)
}

func FuzzLoadGame(f *testing.F) {
	for _, s := range []string{"tic_tac_toe()", "connect_four(rows=6,columns=7,x_in_row=4)", "mnk(m=15,n=15,k=5)", "gomoku(size=15,connect=5)", "mnk(", "gomoku(anti=True)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := LoadGame(s)
		if err != nil {
			return
		}
		h, err := LoadGame(g.String())
		if err != nil || h.Rules() != g.Rules() || h.String() != g.String() {
			t.Fatalf("%q → %q does not load back: %v", s, g, err)
		}
		st := g.NewInitialState()
		if len(st.ObservationTensor(0)) != g.ObservationTensorSize() || len(st.LegalActions()) != g.NumDistinctActions() {
			t.Fatalf("%q: sizes", s)
		}
	})
}

func FuzzDeserialize(f *testing.F) {
	f.Add(uint8(0), "4\n0\n8\n")
	f.Add(uint8(1), "3\n3\n3\n3\n3\n3\n")
	f.Add(uint8(2), "112\n113\n")
	f.Add(uint8(3), "\n\n40\n")
	games := []string{"tic_tac_toe()", "connect_four()", "mnk()", "gomoku(size=9)"}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		g, _ := LoadGame(games[int(which)%len(games)])
		st, err := g.DeserializeState(s)
		if err != nil {
			return
		}
		again, err := g.DeserializeState(st.Serialize())
		if err != nil || again.Serialize() != st.Serialize() || again.String() != st.String() {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}
