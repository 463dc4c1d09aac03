package spiel

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestOpenSpielPlaythroughs replays OpenSpiel's own playthrough files
// (testdata/openspiel, from open_spiel/integration_tests/playthroughs)
// through this package and checks, at every state, what OpenSpiel
// recorded: history, current player, terminal flag, observation string
// and tensor of both players, returns, legal actions and their strings.
func TestOpenSpielPlaythroughs(t *testing.T) {
	files, _ := filepath.Glob("testdata/openspiel/*.txt")
	if len(files) != 4 {
		t.Fatalf("want 4 playthrough files, have %v", files)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { replayPlaythrough(t, f) })
	}
}

func replayPlaythrough(t *testing.T, path string) {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	var g *Game
	var st *State
	states, checks := 0, 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		key, val, _ := strings.Cut(line, " = ")
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("%s:%d (state %d, history %v): %s", path, i+1, states, st.History(), fmt.Sprintf(format, args...))
		}
		if g == nil {
			switch key {
			case "ToString()":
				s, _ := strconv.Unquote(val)
				if g, err = LoadGame(s); err != nil {
					t.Fatal(err)
				}
				st = g.NewInitialState()
			case "NumDistinctActions()", "MaxGameLength()", "ObservationTensorShape()":
				defer func(key, val string) { // checked once the game is loaded
					var got any
					switch key {
					case "NumDistinctActions()":
						got = strconv.Itoa(g.NumDistinctActions())
					case "MaxGameLength()":
						got = strconv.Itoa(g.MaxGameLength())
					default:
						got = fmt.Sprint(g.ObservationTensorShape())
						val = strings.ReplaceAll(val, ",", "")
					}
					if got != val {
						t.Errorf("%s = %v, OpenSpiel %v", key, got, val)
					}
				}(key, val)
			}
			continue
		}
		switch {
		case key == "History()":
			states++
			if got := fmt.Sprint(st.History()); got != strings.ReplaceAll(val, ",", "") {
				fail("history %s, OpenSpiel %s", got, val)
			}
		case key == "IsTerminal()":
			if got := map[bool]string{true: "True", false: "False"}[st.IsTerminal()]; got != val {
				fail("IsTerminal %s, OpenSpiel %s", got, val)
			}
		case key == "CurrentPlayer()":
			if got := strconv.Itoa(st.CurrentPlayer()); got != val {
				fail("CurrentPlayer %s, OpenSpiel %s", got, val)
			}
		case strings.HasPrefix(key, "ObservationString("):
			want, err := strconv.Unquote(val)
			if err != nil {
				fail("%v", err)
			}
			if got := st.ObservationString(int(key[len(key)-2] - '0')); got != want {
				fail("observation string\n%q\nOpenSpiel\n%q", got, want)
			}
		case strings.HasPrefix(line, "ObservationTensor(") && strings.HasSuffix(line, "):"):
			player := int(line[len("ObservationTensor(")] - '0')
			var rows []string
			for i+1 < len(lines) && (strings.HasPrefix(lines[i+1], "◉") || strings.HasPrefix(lines[i+1], "◯")) {
				i++
				rows = append(rows, lines[i])
			}
			want := parseTensor(g.ObservationTensorShape(), rows)
			got := st.ObservationTensor(player)
			if !reflect.DeepEqual(got, want) {
				fail("observation tensor of player %d\n%v\nOpenSpiel\n%v", player, got, want)
			}
		case key == "Returns()":
			want := strings.NewReplacer("[", "", "]", "", ",", "").Replace(val)
			var got []string
			for _, r := range st.Returns() {
				got = append(got, strconv.FormatFloat(r, 'g', -1, 64))
			}
			if strings.Join(got, " ") != want {
				fail("returns %v, OpenSpiel %s", got, val)
			}
		case key == "LegalActions()":
			if got := fmt.Sprint(st.LegalActions()); got != strings.ReplaceAll(val, ",", "") {
				fail("legal actions %s, OpenSpiel %s", got, val)
			}
		case key == "StringLegalActions()":
			var got []string
			for _, a := range st.LegalActions() {
				got = append(got, strconv.Quote(st.ActionToString(st.CurrentPlayer(), a)))
			}
			if s := "[" + strings.Join(got, ", ") + "]"; s != val {
				fail("action strings %s, OpenSpiel %s", s, val)
			}
		case strings.HasPrefix(line, "action: "):
			a, _ := strconv.Atoi(strings.TrimPrefix(line, "action: "))
			if err := st.ApplyAction(a); err != nil {
				fail("%v", err)
			}
		default:
			continue
		}
		checks++
	}
	if g == nil || states < 5 || !st.IsTerminal() {
		t.Fatalf("%s: %d states, terminal %v", path, states, st != nil && st.IsTerminal())
	}
	t.Logf("%s: %d states, %d checks", g, states, checks)
}

// parseTensor reads OpenSpiel's printout of a tensor: for a shape
// [C, H, W] one line per row with the C planes side by side, for [C, N]
// one line per plane.
func parseTensor(shape []int, rows []string) []float32 {
	size := 1
	for _, d := range shape {
		size *= d
	}
	out := make([]float32, 0, size)
	glyphs := func(s string) []float32 {
		var v []float32
		for _, r := range s {
			switch r {
			case '◉':
				v = append(v, 1)
			case '◯':
				v = append(v, 0)
			}
		}
		return v
	}
	if len(shape) == 2 {
		for _, r := range rows {
			out = append(out, glyphs(r)...)
		}
		return out
	}
	c, h, w := shape[0], shape[1], shape[2]
	out = out[:size]
	for y, r := range rows {
		segs := strings.Split(r, "  ")
		for p := 0; p < c && p < len(segs); p++ {
			copy(out[p*h*w+y*w:], glyphs(segs[p]))
		}
	}
	return out
}
