package agent

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
)

// A real Gomocup brain — the project's own pbrain-inarow, built here —
// plays whole games against the gomoku engine through the protocol.
func TestBrainPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/pbrain-inarow")
	}
	bin := filepath.Join(t.TempDir(), "pbrain-inarow")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/pbrain-inarow").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	r := inarow.Rules{Cols: 9, Rows: 9, K: 5}
	ctx := context.Background()
	brain, err := NewPlayer(ctx, "pbrain:"+bin, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer Close(brain)
	if name := brain.(*Brain).Name(); name == "" || name == bin {
		t.Errorf("ABOUT gave no name: %q", name)
	}
	brain.(*Brain).SetMoveTime(300 * time.Millisecond)
	// the test is of the protocol, not of time: a CI run (-race, the
	// browser and server tests beside it) once held the brain past the
	// default half-second grace, and it lost both games unplayed
	brain.(*Brain).Grace = 30 * time.Second
	eng, err := NewPlayer(ctx, "gomoku:ms=100,depth=2", r, 2)
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Rules: r, A: brain, B: eng, Games: 2, RandomPlies: 2, Seed: 3}
	var ended int
	m.Progress = func(n int, g *inarow.Game, res Result) {
		if g.Position().Over() {
			ended++
		}
	}
	res, err := m.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Forfeits != 0 || res.Games() != 2 || ended != 2 {
		t.Fatalf("%+v, %d games ended", res, ended)
	}
}

// BOARD sends the brain's stones as 1 and the opponent's as 2, the next
// BOARD of the game in the order of the last one and then the new stones;
// a brain that plays on an occupied point loses the game
// and the Brain is done.
func TestBrainBoardAndIllegal(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "brain.log")
	t.Setenv("INAROW_BRAIN_LOG", logPath)
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: inarow.FirstExactlyK}
	ctx := context.Background()
	b, err := StartBrain(ctx, helper("brain-corner"), 5*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Name() != "corner" {
		t.Errorf("name %q", b.Name())
	}
	p, _ := inarow.NewPosition(r)
	for _, xy := range [][2]int{{7, 7}, {8, 8}, {6, 6}} { // black, white, black: white to move
		p, _ = p.Play(r.MoveAt(xy[0], xy[1]))
	}
	m, err := b.Move(ctx, p)
	if err != nil || m != r.MoveAt(0, 0) {
		t.Fatalf("Move = %v, %v", m, err)
	}
	p, _ = p.Play(m)
	p, _ = p.Play(r.MoveAt(5, 5)) // black; white to move, and 0,0 is taken
	if _, err := b.Move(ctx, p); !errors.Is(err, ErrProtocol) {
		t.Fatalf("occupied point: %v, want ErrProtocol", err)
	}
	if _, err := b.Move(ctx, p); err == nil {
		t.Fatal("a Brain that lost plays on")
	}
	b.Close()
	data, _ := os.ReadFile(logPath)
	log := string(data)
	head := "ABOUT\nSTART 15\nINFO timeout_turn 1000\nINFO timeout_match 0\nINFO game_type 1\nINFO rule 4\nBOARD\n"
	boards := strings.Split(strings.TrimPrefix(log, head), "BOARD\n")
	if !strings.HasPrefix(log, head) || len(boards) != 2 {
		t.Fatalf("the brain read:\n%s", log)
	}
	first := strings.TrimSuffix(boards[0], "DONE\nINFO timeout_turn 1000\n")
	lines := strings.Fields(first)
	// Black's 7,7 and 6,6 are the opponent's (2), white's 8,8 the brain's
	// (1), and black's stones come first and third.
	if len(lines) != 3 || lines[1] != "8,8,1" || !strings.HasSuffix(lines[0], ",2") || !strings.HasSuffix(lines[2], ",2") ||
		!strings.Contains(first, "7,7,2") || !strings.Contains(first, "6,6,2") {
		t.Errorf("first BOARD:\n%s", first)
	}
	if want := first + "0,0,1\n5,5,2\nDONE\n"; boards[1] != want {
		t.Errorf("second BOARD:\n%s\nwant\n%s", boards[1], want)
	}
}

// A brain that does not answer within its turn and grace loses by time
// (ErrTimeout) and is not asked again: TestBrainPlays' long grace leaves
// this to a brain that never answers.
func TestBrainLate(t *testing.T) {
	t.Setenv("INAROW_BRAIN_LOG", filepath.Join(t.TempDir(), "brain.log"))
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5}
	ctx := context.Background()
	b, err := StartBrain(ctx, helper("brain-mute"), 5*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.MoveTime, b.Grace = 100*time.Millisecond, 100*time.Millisecond
	p, _ := inarow.NewPosition(r)
	start := time.Now()
	_, err = b.Move(ctx, p)
	// 200 ms offered: the bound only tells a kept limit from none, with
	// room for a loaded machine
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 20*time.Second {
		t.Fatalf("a mute brain: %v after %v, want ErrTimeout", err, time.Since(start))
	}
	if _, err := b.Move(ctx, p); err == nil {
		t.Fatal("a Brain out of time plays on")
	}
}

func TestParseBrainMove(t *testing.T) {
	r := inarow.Rules{Cols: 15, Rows: 10, K: 5}
	for line, want := range map[string]inarow.Move{"0,0": 0, "14,9": r.MoveAt(14, 9), " 3 , 4": r.MoveAt(3, 4)} {
		if m, err := ParseBrainMove(r, line); err != nil || m != want {
			t.Errorf("%q: %v %v, want %v", line, m, err, want)
		}
	}
	for _, bad := range []string{"", "3", "3,", "a,b", "15,0", "0,10", "-1,0", "1,2,3"} {
		if m, err := ParseBrainMove(r, bad); !errors.Is(err, ErrProtocol) {
			t.Errorf("%q: %v %v, want ErrProtocol", bad, m, err)
		}
	}
	if got := AboutField(`name="pbrain-x", version="1.0", author="A, B"`, "version"); got != "1.0" {
		t.Errorf("AboutField version = %q", got)
	}
	if got := AboutField(`version="1.0"`, "name"); got != "" {
		t.Errorf("AboutField name = %q", got)
	}
}

func FuzzParseBrainMove(f *testing.F) {
	for _, s := range []string{"7,7", "14,14", " 0 ,1", "x", "1,2,3", "-1,5"} {
		f.Add(s)
	}
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseBrainMove(r, line)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("%q: %v", line, err)
			}
			return
		}
		if x, y := r.XY(m); m < 0 || int(m) >= r.Cells() || x >= r.Cols || y >= r.Rows {
			t.Fatalf("%q: move %d off the board", line, m)
		}
		AboutField(line, "name")
	})
}
