package agent

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
)

// The test binary doubles as an outside agent: with INAROW_AGENT_HELPER
// set it serves the protocol on stdin/stdout (or misbehaves on purpose).
func TestMain(m *testing.M) {
	switch mode := os.Getenv("INAROW_AGENT_HELPER"); mode {
	case "":
		os.Exit(m.Run())
	case "silent": // greets, then never answers
		fmt.Println("ok silent")
		time.Sleep(time.Hour)
	case "brain-corner", "brain-mute": // a Gomocup brain that always answers 0,0 (or, mute, never a move) and logs what it reads
		log, _ := os.Create(os.Getenv("INAROW_BRAIN_LOG"))
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			fmt.Fprintln(log, line)
			switch {
			case line == "ABOUT":
				fmt.Println(`name="corner", version="1"`)
			case strings.HasPrefix(line, "START"):
				fmt.Println("MESSAGE starting")
				fmt.Println("OK")
			case line == "DONE" && mode == "brain-corner":
				fmt.Println("DEBUG thinking")
				fmt.Println("0,0")
			case line == "END":
				os.Exit(0)
			}
		}
		os.Exit(0)
	case "illegal":
		fmt.Println("ok illegal")
		for {
			var s string
			if _, err := fmt.Scanln(&s); err != nil && s == "" {
				time.Sleep(10 * time.Millisecond)
			}
			if s == "go" {
				fmt.Println("move z99")
			}
		}
	default:
		err := Serve(context.Background(), os.Stdin, os.Stdout, "helper-"+mode, func(r inarow.Rules) (engine.Player, error) {
			return NewPlayer(context.Background(), mode, r, 1)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
}

func helper(mode string) string {
	return fmt.Sprintf("INAROW_AGENT_HELPER=%s %s", mode, os.Args[0])
}

func TestMoveList(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 3))
	for _, r := range []inarow.Rules{inarow.TicTacToe, inarow.ConnectFour, inarow.Gomoku} {
		for game := 0; game < 30; game++ {
			p, _ := inarow.NewPosition(r)
			var played []inarow.Move
			for !p.Over() && len(played) < 30 {
				legal := p.AppendLegal(nil)
				m := legal[rnd.IntN(len(legal))]
				p, _ = p.Play(m)
				played = append(played, m)
				// From scratch and from the prefix of the moves before.
				for _, prefix := range [][]inarow.Move{nil, played[:len(played)-1]} {
					ms, err := MoveList(p, prefix)
					if err != nil {
						t.Fatalf("%v: %v\n%v", r, err, p)
					}
					if prefix != nil && fmt.Sprint(ms) != fmt.Sprint(played) {
						t.Fatalf("prefix not kept: %v vs %v", ms, played)
					}
				}
			}
		}
	}
	// Second to move on an empty board: no move list reaches it.
	p, _ := inarow.Setup(inarow.TicTacToe, nil, nil, inarow.Second)
	if _, err := MoveList(p, nil); !errors.Is(err, ErrProtocol) {
		t.Fatalf("want ErrProtocol, got %v", err)
	}
}

func TestProgramPlays(t *testing.T) {
	ctx := context.Background()
	prog, err := Start(ctx, helper("greedy"), 10*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	if prog.Name() != "helper-greedy" {
		t.Errorf("name %q", prog.Name())
	}
	prog.MoveTime = 200 * time.Millisecond
	// Two games of Connect Four against random play, then tic-tac-toe:
	// the program follows new games and new rules.
	for _, r := range []inarow.Rules{inarow.ConnectFour, inarow.ConnectFour, inarow.TicTacToe} {
		m := Match{Rules: r, A: prog, B: &Random{Rand: rand.New(rand.NewPCG(1, 1))}, Games: 2}
		res, err := m.Run(ctx)
		if err != nil || res.Forfeits != 0 || res.Games() != 2 {
			t.Fatalf("%v: %+v %v", r, res, err)
		}
	}
}

func TestProgramTimeoutAndIllegal(t *testing.T) {
	ctx := context.Background()
	p, _ := inarow.NewPosition(inarow.TicTacToe)
	for _, mode := range []string{"silent", "illegal"} {
		prog, err := Start(ctx, helper(mode), 10*time.Second, nil)
		if err != nil {
			t.Fatal(err)
		}
		prog.MoveTime, prog.Grace = 100*time.Millisecond, 100*time.Millisecond
		start := time.Now()
		_, err = prog.Move(ctx, p)
		// 200 ms offered: the bound only tells a kept time from none kept
		// (a silent program never answers), with room for a loaded machine
		if err == nil || time.Since(start) > 20*time.Second {
			t.Fatalf("%s: err %v after %v", mode, err, time.Since(start))
		}
		if mode == "silent" && !errors.Is(err, ErrTimeout) {
			t.Fatalf("silent: %v", err)
		}
		if _, err2 := prog.Move(ctx, p); err2 == nil {
			t.Fatalf("%s: a dead program played again", mode)
		}
		done := make(chan struct{})
		go func() { prog.Close(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second): // a hang, not a slow machine
			t.Fatalf("%s: Close hangs", mode)
		}
	}
	if _, err := Start(ctx, "exit 0", 2*time.Second, nil); err == nil {
		t.Fatal("a program that exits at once started")
	}
}

func TestServe(t *testing.T) {
	in := "inarow 1\nrules m=7,n=6,k=4,gravity\nposition d1 d2 d3 c1 d4\ngo 100\n" +
		"position b1 b2 c1 c2 d1 d2\ngo 100\nrules m=3,n=3,k=3\nposition\ngo 50\nquit\ngo 10\n"
	var out strings.Builder
	err := Serve(context.Background(), strings.NewReader(in), &out, "test", func(r inarow.Rules) (engine.Player, error) {
		return engine.Greedy{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[0] != "ok test" || !strings.HasPrefix(lines[3], "move ") {
		t.Fatalf("%q", lines)
	}
	// d1..d4 for First is over: the first go answers? No — it is Second to
	// move after 5 moves with d1 d2 d3 d4? d1,d3 are First's, so no line.
	if lines[2] != "move a1" && lines[2] != "move e1" {
		t.Errorf("did not win with the open three: %s", lines[2])
	}
	for _, bad := range []string{"position a1\n", "rules nonsense\n", "rules m=3,n=3,k=3\nposition a1 a1\n", "rules m=3,n=3,k=3\ngo x\n"} {
		if err := Serve(context.Background(), strings.NewReader(bad), &out, "t", func(inarow.Rules) (engine.Player, error) { return engine.Greedy{}, nil }); !errors.Is(err, ErrProtocol) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

const pythonClient = `#!/usr/bin/env python3
import random, sys
print("ok random", flush=True)
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["go"]:
        legal = words[words.index("legal") + 1:]
        print("move", random.choice(legal), flush=True)
    elif words[:1] == ["quit"]:
        break
`

// TestPythonClient runs the ten-line example client of the package
// documentation (and the README) when python3 is installed.
func TestPythonClient(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	doc, _ := os.ReadFile("protocol.go")
	var lines []string
	for _, l := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(l, "//\t") {
			lines = append(lines, strings.TrimPrefix(l, "//\t"))
		}
	}
	example := strings.Join(lines[len(lines)-10:], "\n") + "\n"
	if example != pythonClient {
		t.Fatalf("the documented client differs from the tested one:\n%s", example)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "client.py")
	os.WriteFile(script, []byte(pythonClient), 0o644)
	ctx := context.Background()
	prog, err := Start(ctx, py+" "+script, 10*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	m := Match{Rules: inarow.ConnectFour, A: prog, B: engine.Greedy{}, Games: 4, RandomPlies: 2, Records: dir}
	res, err := m.Run(ctx)
	if err != nil || res.Forfeits != 0 || res.Games() != 4 {
		t.Fatalf("%+v %v", res, err)
	}
	if res.Wins > 1 {
		t.Errorf("random beat greedy %d times of 4", res.Wins)
	}
	recs, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	if len(recs) != 4 {
		t.Fatalf("%d records", len(recs))
	}
}

func TestEloAndMatch(t *testing.T) {
	r := Result{Wins: 60, Draws: 20, Losses: 20}
	d, m := r.Elo()
	if math.Abs(d-147.2) > 0.5 || m < 50 || m > 90 {
		t.Fatalf("Elo %.1f ± %.1f", d, m)
	}
	if d, _ := (Result{Wins: 5}).Elo(); !math.IsInf(d, 1) {
		t.Fatalf("perfect score Elo %v", d)
	}
	if s := (Result{Wins: 1, Losses: 1}).String(); s != "+1 =0 -1, score 50.0%, Elo +0 ± inf" {
		t.Fatalf("%s", s)
	}
	// Perfect against itself in tic-tac-toe: all draws.
	dir := t.TempDir()
	mt := Match{Rules: inarow.TicTacToe, A: &engine.Perfect{}, B: &engine.Perfect{}, Games: 6, RandomPlies: 1, Records: dir}
	res, err := mt.Run(context.Background())
	if err != nil || res.Draws != 6 {
		t.Fatalf("%+v %v", res, err)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "game-001.txt"))
	var g inarow.Game
	if err := g.UnmarshalText(text); err != nil || !g.Position().Over() {
		t.Fatalf("record: %v\n%s", err, text)
	}
}

func TestNewPlayer(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"greedy", "perfect", "random", "c4solver", "mcts:playouts=200,threads=1", "mcts:ms=50"} {
		p, err := NewPlayer(ctx, spec, inarow.ConnectFour, 1)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		pos, _ := inarow.NewPosition(inarow.ConnectFour)
		if spec == "c4solver" || spec == "perfect" { // quick: a late position
			for _, c := range []int{3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1} {
				m, _ := pos.Drop(c)
				pos, _ = pos.Play(m)
			}
		}
		m, err := p.Move(ctx, pos)
		if err != nil || !pos.Legal(m) {
			t.Fatalf("%s: %v %v", spec, m, err)
		}
		Close(p)
	}
	// Our engines under a move time: a legal move whatever the position
	// costs them (the time cuts their search, never their answer).
	open6 := []int{2, 4, 2, 4, 1, 5} // past the book: seconds of exact search
	for _, c := range []struct {
		spec string
		r    inarow.Rules
	}{
		{"connect4:level=3,ms=100", inarow.ConnectFour},
		{"connect4:level=3,ms=100,threads=2", inarow.ConnectFour},
		{"connect4:level=1", inarow.ConnectFour},
		{"computer:level=2,ms=100", inarow.Rules{Cols: 8, Rows: 8, K: 4}},
		{"computer:ms=100", inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: inarow.FirstExactlyK}},
		{"gomoku:ms=100", inarow.Gomoku},
		{"gomoku:depth=2", inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: inarow.FirstExactlyK}},
	} {
		p, err := NewPlayer(ctx, c.spec, c.r, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		pos, _ := inarow.NewPosition(c.r)
		for _, col := range open6 {
			var m inarow.Move
			if c.r.Gravity {
				m, _ = pos.Drop(col)
			} else {
				m = c.r.MoveAt(7+col%3, 7-col%2)
			}
			if next, err := pos.Play(m); err == nil {
				pos = next
			}
		}
		m, err := p.Move(ctx, pos)
		if err != nil || !pos.Legal(m) {
			t.Fatalf("%s: %v %v", c.spec, m, err)
		}
	}
	for _, bad := range []struct {
		spec string
		r    inarow.Rules
	}{
		{"chess", inarow.ConnectFour}, {"mcts:ms=x", inarow.ConnectFour}, {"mcts:foo=1", inarow.ConnectFour},
		{"agent:", inarow.ConnectFour}, {"c4solver", inarow.Gomoku},
		{"connect4", inarow.Gomoku}, {"connect4:level=4", inarow.ConnectFour}, {"connect4:depth=2", inarow.ConnectFour}, {"connect4:threads=0", inarow.ConnectFour},
		{"computer:level=0", inarow.ConnectFour}, {"computer:depth=2", inarow.Gomoku},
		{"gomoku", inarow.ConnectFour}, {"gomoku:level=2", inarow.Gomoku}, {"gomoku:ms=-5", inarow.Gomoku},
		{"pbrain:", inarow.Gomoku}, {"pbrain:./pbrain-x", inarow.ConnectFour},
	} {
		if _, err := NewPlayer(ctx, bad.spec, bad.r, 1); err == nil {
			t.Errorf("%s accepted for %v", bad.spec, bad.r)
		}
	}
}
