package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/inarow/inarow/internal/cases"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// bin is the inarow binary built once for the end-to-end tests: they drive
// it exactly as a user does, through arguments, stdin and exit status.
var bin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "inarow-e2e")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "inarow")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

func cli(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return result{out.String(), errb.String(), code}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/inarow -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// seedCase is one test case of the documents (package internal/cases).
type seedCase struct {
	ID     string          `json:"id"`
	Game   string          `json:"game"`
	Check  string          `json:"check"`
	Start  json.RawMessage `json:"start"`
	Moves  []any           `json:"moves"`
	Expect json.RawMessage `json:"expect"`
}

func loadSeedCases(t *testing.T) []seedCase {
	var all []seedCase
	if err := json.Unmarshal(cases.SeedCases(), &all); err != nil {
		t.Fatalf("%s: %v", cases.SeedCasesPath, err)
	}
	if len(all) == 0 {
		t.Fatalf("%s has no case", cases.SeedCasesPath)
	}
	return all
}

// Every case of the documents played through "inarow step" as a user
// would, compared exactly with the document's expectation.
func TestStepSeedCases(t *testing.T) {
	ran := 0
	for _, c := range loadSeedCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			args := []string{"step", map[string]string{"tictactoe": "tictactoe", "connect4": "connect4",
				"bitboard-tictactoe": "tictactoe-bits", "gobang": "gobang"}[c.Game]}
			var moves []string
			for _, m := range c.Moves {
				switch m := m.(type) {
				case string:
					moves = append(moves, m)
				case float64:
					moves = append(moves, fmt.Sprint(m))
				case []any:
					moves = append(moves, fmt.Sprint(m[0], m[1]))
				}
			}
			var start struct {
				View  []string        `json:"view"`
				Board json.RawMessage `json:"board"`
			}
			json.Unmarshal(c.Start, &start)
			switch {
			case c.Game == "gobang" && c.Check != "":
				t.Skip("checks a helper type of the document: covered by the gomoku package tests")
			case c.Game == "bitboard-tictactoe" && !strings.HasPrefix(c.Check, "TicTacToe") && !strings.HasPrefix(c.Check, "FormatPlayboard"):
				t.Skip("checks a helper type of the document: covered by the tictactoe package tests")
			case len(start.View) > 0:
				args = append(args, "--view", strings.Join(start.View, ""))
			case start.Board != nil:
				f := filepath.Join(t.TempDir(), "start.json")
				os.WriteFile(f, c.Start, 0o644)
				args = append(args, "--game", f)
			}
			args = append(args, "--")
			res := cli(t, "", append(args, moves...)...)
			if res.code != 0 {
				t.Fatalf("exit %d, stderr %s", res.code, res.stderr)
			}
			ran++
			switch c.Game {
			case "bitboard-tictactoe":
				var want any
				json.Unmarshal(c.Expect, &want)
				if obj, ok := want.(map[string]any); ok {
					want = obj["FormatPlayboard"]
				}
				if got := strings.TrimSuffix(res.stdout, "\n"); got != want {
					t.Fatalf("got %q, want %q", got, want)
				}
			case "gobang":
				var want struct {
					State string            `json:"state"`
					Rows  map[string]string `json:"棋盘状态"`
				}
				json.Unmarshal(c.Expect, &want)
				var got struct {
					Board  map[string]string `json:"board"`
					Status string            `json:"status"`
				}
				if err := json.Unmarshal([]byte(res.stdout), &got); err != nil {
					t.Fatalf("stdout is not JSON: %v\n%s", err, res.stdout)
				}
				if got.Status != want.State || fmt.Sprint(got.Board) != fmt.Sprint(want.Rows) {
					t.Fatalf("got %v %q\nwant %v %q", got.Board, got.Status, want.Rows, want.State)
				}
			default:
				var want, got struct {
					Board [][]string `json:"board"`
					State string     `json:"state"`
				}
				json.Unmarshal(c.Expect, &want)
				if err := json.Unmarshal([]byte(res.stdout), &got); err != nil {
					t.Fatalf("stdout is not JSON: %v\n%s", err, res.stdout)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("got  %q\nwant %q", got, want)
				}
			}
		})
	}
	if ran < 15 {
		t.Fatalf("only %d seed cases ran through the CLI", ran)
	}
}

func TestStepRefusedMoves(t *testing.T) {
	// "-1" must reach the game after "--" and be refused by it, not by the
	// flag parser; the game goes on with the next move.
	res := cli(t, "", "step", "connect4", "--", "-1", "3", "7", "x")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	if strings.Count(res.stderr, "refused") != 3 || !strings.Contains(res.stderr, `"-1"`) {
		t.Errorf("stderr should report the three refused moves:\n%s", res.stderr)
	}
	want := cli(t, "", "step", "connect4", "3").stdout
	if res.stdout != want {
		t.Errorf("refused moves changed the game:\n%s\nwant\n%s", res.stdout, want)
	}
	if res := cli(t, "", "step", "--strict", "connect4", "3"); res.code != exitUsage {
		t.Errorf("flags before GAME: exit %d, want %d", res.code, exitUsage)
	}
	if res := cli(t, "", "step", "tictactoe", "--strict", "--", "top-left", "top-left"); res.code != exitRefused {
		t.Errorf("--strict with a refused move: exit %d, want %d", res.code, exitRefused)
	}
	if res := cli(t, "", "step", "tictactoe", "--strict", "top-left"); res.code != 0 {
		t.Errorf("--strict without refusal: exit %d", res.code)
	}
}

func TestStepGameFromStdin(t *testing.T) {
	first := cli(t, "", "step", "tictactoe", "middle-center")
	res := cli(t, first.stdout, "step", "tictactoe", "--game", "-", "top-left")
	both := cli(t, "", "step", "tictactoe", "middle-center", "top-left")
	if res.code != 0 || res.stdout != both.stdout {
		t.Fatalf("continuing from stdin gave %q (exit %d, %s), want %q", res.stdout, res.code, res.stderr, both.stdout)
	}
	for _, game := range []string{"connect4", "gobang"} {
		a := cli(t, "", "step", game, "--", movesFor(game)[0])
		b := cli(t, a.stdout, "step", game, "--game", "-", "--", movesFor(game)[1])
		c := cli(t, "", append([]string{"step", game, "--"}, movesFor(game)...)...)
		if b.stdout != c.stdout || b.code != 0 {
			t.Errorf("%s: resumed game %q (%s) != played through %q", game, b.stdout, b.stderr, c.stdout)
		}
	}
	bad := cli(t, `{"board": [], "state": "❌"}`, "step", "tictactoe", "--game", "-")
	if bad.code != exitUsage || bad.stdout != "" || bad.stderr == "" {
		t.Errorf("a malformed game must be refused with a message: %+v", bad)
	}
}

func movesFor(game string) []string {
	if game == "gobang" {
		return []string{"05-05", "04-04"}
	}
	return []string{"3", "4"}
}

func TestStepBits(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"0", "1", "3", "4", "6"}, "Winner is Player1!"},
		{[]string{"0", "0"}, "Hey! Player2!! Invalid Move!"},
		{[]string{"0", "9"}, "Hey! Player2!! Invalid Move!"},
		{[]string{"0", "-1"}, "Hey! Player2!! Invalid Move!"},
		{[]string{"0", "0", "1"}, "OX- / --- / ---"},
		{[]string{"1", "0", "4", "2", "5", "3", "6", "7", "8"}, "Draw!"},
		{[]string{"0", "1", "3", "4", "6", "8"}, "Winner is Player1!"}, // a move after the end keeps the end
	}
	for _, c := range cases {
		res := cli(t, "", append([]string{"step", "tictactoe-bits", "--"}, c.args...)...)
		if got := strings.TrimSuffix(res.stdout, "\n"); got != c.want || res.code != 0 {
			t.Errorf("moves %v: got %q (exit %d), want %q", c.args, got, res.code, c.want)
		}
	}
	res := cli(t, "", "step", "tictactoe-bits", "--view", "XX-OOO---")
	if res.stdout != "Winner is Player1!\n" {
		t.Errorf("view: got %q", res.stdout)
	}
	res = cli(t, "", "step", "tictactoe-bits", "--view", "XX-OO----", "--", "5")
	if res.stdout != "Winner is Player1!\n" {
		t.Errorf("view then move: got %q", res.stdout)
	}
	if res := cli(t, "", "step", "tictactoe-bits", "--view", "XX-OO"); res.code != exitUsage || res.stderr == "" {
		t.Errorf("a short view must be refused: %+v", res)
	}
}

func TestPerftPublishedFigures(t *testing.T) {
	res := cli(t, "", "perft", "tictactoe", "9")
	golden(t, "perft_tictactoe.txt", res.stdout)
	for _, want := range []string{"255168 complete games", " 5478\n", "127872"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("perft tictactoe 9 lacks %q:\n%s", want, res.stdout)
		}
	}
	res = cli(t, "", "perft", "mnk", "6", "--rules", "m=7,n=6,k=4,gravity")
	golden(t, "perft_connect4_6.txt", res.stdout)
	if !strings.Contains(res.stdout, "117649") || !strings.Contains(res.stdout, "16422") {
		t.Errorf("perft connect4 6:\n%s", res.stdout)
	}
	for _, args := range [][]string{{"perft", "chess", "3"}, {"perft", "tictactoe", "x"}, {"perft", "mnk", "2"}, {"perft", "mnk", "2", "--rules", "m=99"}} {
		if res := cli(t, "", args...); res.code != exitUsage || res.stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, res.code, res.stderr)
		}
	}
}

func TestPlayComputerNeverLosesTicTacToe(t *testing.T) {
	res := cli(t, "", "play", "tictactoe", "--first", "computer", "--second", "computer")
	if res.code != 0 || !strings.Contains(res.stdout, "Draw") {
		t.Fatalf("perfect play must draw: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// A human who plays badly loses to the perfect computer.
	res = cli(t, "top-left\ntop-right\nbottom-left\nbottom-right\nmiddle-left\n", "play", "tictactoe", "--first", "human", "--second", "computer")
	if !strings.Contains(res.stdout, "⭕ wins") && !strings.Contains(res.stdout, "Draw") {
		t.Errorf("against the computer:\n%s", res.stdout)
	}
	if strings.Contains(res.stdout, "❌ wins") {
		t.Errorf("the perfect computer lost:\n%s", res.stdout)
	}
}

// A scripted game between two humans, as printed without colour and with
// it: bad input, an occupied cell, undo, and a win.
func TestPlayTranscripts(t *testing.T) {
	// After the win: a wrong answer, undo (the win is taken back), the win
	// again, a new game, quit.
	input := "nonsense\nmiddle-center\nmiddle-center\ntop-left\nundo\ntop-right\n9\nbottom-left\n1\nmaybe\nundo\n1\nagain\nquit\n"
	res := cli(t, input, "play", "tictactoe", "--first", "human", "--second", "human", "--color", "never")
	golden(t, "play_tictactoe.txt", res.stdout)
	for _, want := range []string{`"nonsense" is not a legal move`, "occupied", "❌ wins", "again, undo or quit? undo\n", "new game: Tic-tac-toe\n", "bye"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	res = cli(t, "4\n4\n5\n5\n3\n3\n6\n", "play", "connect4", "--first", "human", "--second", "human", "--color", "always")
	golden(t, "play_connect4_color.txt", res.stdout)
	if !strings.Contains(res.stdout, "\x1b[1;42m") || !strings.Contains(res.stdout, "🟡 wins") {
		t.Errorf("colour transcript lacks the winning line")
	}
	res = cli(t, "05-05\n04-04\n", "play", "gobang", "--first", "human", "--second", "human", "--color", "never")
	golden(t, "play_gobang.txt", res.stdout)
	res = cli(t, "h8\nquit\n", "play", "gomoku", "--color", "never")
	if !strings.Contains(res.stdout, "computer (⚪) plays") || !strings.Contains(res.stdout, "bye") {
		t.Errorf("gomoku against the computer:\n%s", res.stdout)
	}
}

func TestPlayLevels(t *testing.T) {
	if res := cli(t, "", "play", "connect4", "--level", "9"); res.code != exitUsage || !strings.Contains(res.stderr, "--level") {
		t.Errorf("--level 9: exit %d, %q", res.code, res.stderr)
	}
	// Two computers at level 1 finish a small gravity game; the record of
	// moves shows both seats played.
	res := cli(t, "", "play", "mnk", "--rules", "m=5,n=4,k=4,gravity", "--first", "computer", "--second", "computer", "--level", "1", "--color", "never")
	if res.code != 0 || !strings.Contains(res.stdout, "computer (🟡) plays") || !strings.Contains(res.stdout, "computer (🔴) plays") ||
		!(strings.Contains(res.stdout, "wins:") || strings.Contains(res.stdout, "Draw")) {
		t.Errorf("level 1 game: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}

// Connect Four columns are 1–7 in play, as on the page and in solve: 4 is
// the middle column, 0 and 8 are refused, and the computer's replies name
// columns 1–7.
func TestPlayConnect4Columns(t *testing.T) {
	res := cli(t, "0\n8\n4\nquit\n", "play", "connect4", "--first", "human", "--second", "computer", "--level", "1", "--color", "never")
	for _, want := range []string{
		"type a column number 1–7",
		"  1   2   3   4   5   6   7",
		`"0" is not a legal move here: move is off the board: column 0 is outside 1 to 7`,
		`"8" is not a legal move here: move is off the board: column 8 is outside 1 to 7`,
	} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("transcript lacks %q:\n%s", want, res.stdout)
		}
	}
	if !regexp.MustCompile(`computer \(🔴\) plays column [1-7]\n`).MatchString(res.stdout) {
		t.Errorf("no reply in columns 1–7:\n%s", res.stdout)
	}
	lines := strings.Split(res.stdout, "\n")
	bottom := ""
	for _, l := range lines { // the last board's bottom row: the line before a prompt
		if f := strings.Fields(l); len(f) == 7 && strings.Contains(l, "🟡") {
			bottom = l
		}
	}
	if f := strings.Fields(bottom); len(f) != 7 || !strings.Contains(f[3], "🟡") {
		t.Errorf("4 did not drop in the middle column: %q\n%s", bottom, res.stdout)
	}
}

// Against the computer: one board a turn (after the computer's answer),
// and at the end undo takes back the human's losing move and the
// computer's winning one, again starts a new game.
func TestPlayAgainstComputer(t *testing.T) {
	input := "top-left\ntop-right\nbottom-left\nundo\nmiddle-left\nbottom-right\nagain\nquit\n"
	res := cli(t, input, "play", "tictactoe", "--color", "never")
	golden(t, "play_tictactoe_computer.txt", res.stdout)
	if res.code != 0 {
		t.Errorf("exit %d: %s", res.code, res.stderr)
	}
	// 15×15: the board is printed once before the first move and once
	// after the computer's answer, never twice a turn.
	res = cli(t, "h8\nquit\n", "play", "gomoku", "--color", "never")
	if n := strings.Count(res.stdout, "    a   b   c"); n != 2 {
		t.Errorf("%d boards for one turn, want 2 (the start, the answer):\n%s", n, res.stdout)
	}
}

// The seat the user does not name goes to the other kind of player: a
// human against the computer.
func TestPlaySeating(t *testing.T) {
	for _, tc := range []struct {
		args []string
		you  string // the human's stones
	}{
		{nil, "❌"},
		{[]string{"--first", "human"}, "❌"},
		{[]string{"--second", "computer"}, "❌"},
		{[]string{"--first", "computer"}, "⭕"},
		{[]string{"--second", "human"}, "⭕"},
	} {
		res := cli(t, "quit\n", append([]string{"play", "tictactoe", "--color", "never"}, tc.args...)...)
		other := map[string]string{"❌": "⭕", "⭕": "❌"}[tc.you]
		if !strings.HasPrefix(res.stdout, "Tic-tac-toe: you are "+tc.you+", the computer "+other+" — ") ||
			!strings.Contains(res.stdout, tc.you+" to move: quit\nbye\n") || strings.Contains(res.stdout, other+" to move") {
			t.Errorf("%v: want a human playing %s:\n%s", tc.args, tc.you, res.stdout)
		}
		if computerFirst := strings.Contains(res.stdout, "computer (❌) plays"); computerFirst != (tc.you == "⭕") {
			t.Errorf("%v: the computer opened: %v\n%s", tc.args, computerFirst, res.stdout)
		}
	}
}

// The header names the game as players do, with its rule and size.
func TestPlayTitles(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		title string
	}{
		{[]string{"tictactoe"}, "Tic-tac-toe"},
		{[]string{"connect4"}, "Connect Four"},
		{[]string{"gobang"}, "Gobang 9×9"},
		{[]string{"gomoku"}, "Gomoku (freestyle) 15×15"},
		{[]string{"gomoku", "--rule", "renju"}, "Renju 15×15"},
		{[]string{"gomoku", "--rule", "standard", "--size", "19"}, "Gomoku (standard) 19×19"},
		{[]string{"gomoku", "--rule", "caro"}, "Caro 15×15"},
		{[]string{"gomoku", "--rule", "caro-exact", "--size", "9"}, "Caro (exactly five) 9×9"},
		{[]string{"mnk", "--rules", "m=8,n=7,k=4,gravity"}, "m,n,k 8×7, k=4, gravity"},
		{[]string{"mnk", "--rules", "m=5,n=5,k=4,exact"}, "m,n,k 5×5, k=4, exact"},
		{[]string{"mnk", "--rules", "m=3,n=3,k=3"}, "Tic-tac-toe"},
	} {
		args := append(append([]string{"play"}, tc.args...), "--first", "human", "--second", "human", "--color", "never")
		res := cli(t, "quit\n", args...)
		if !strings.HasPrefix(res.stdout, tc.title+" — type ") {
			t.Errorf("%v: header %q, want %q", tc.args, strings.SplitN(res.stdout, "\n", 2)[0], tc.title)
		}
	}
}
