package mcts

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// player is engine.Player (package engine imports mcts: its tests check
// that *Engine is one).
type player interface {
	Move(ctx context.Context, p inarow.Position) (inarow.Move, error)
}

// perfectPlayer plays one of the exact solver's best moves at random: the
// core of engine.Perfect, written again on purpose since this test cannot
// import engine (engine imports mcts).
type perfectPlayer struct {
	r      *rand.Rand
	solver solve.Solver
}

func (p *perfectPlayer) Move(ctx context.Context, pos inarow.Position) (inarow.Move, error) {
	moves, _, err := p.solver.Best(ctx, pos)
	if err != nil {
		return inarow.NoMove, err
	}
	return moves[p.r.IntN(len(moves))], nil
}

type randomPlayer struct{ r *rand.Rand }

func (p randomPlayer) Move(_ context.Context, pos inarow.Position) (inarow.Move, error) {
	ms := pos.AppendLegal(nil)
	return ms[p.r.IntN(len(ms))], nil
}

// playGame plays a game between a (First) and b (Second) and returns the
// final position.
func playGame(t *testing.T, r inarow.Rules, a, b player) inarow.Position {
	t.Helper()
	p, _ := inarow.NewPosition(r)
	players := [2]player{a, b}
	for !p.Over() {
		m, err := players[p.ToMove()].Move(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatalf("illegal move %v: %v", m, err)
		}
	}
	return p
}

func games(n int) int {
	if raceEnabled || testing.Short() {
		return max(2, n/10)
	}
	return n
}

// TestTicTacToeNeverLoses: pure tree search (no exact endgame) never loses
// tic-tac-toe, against random play or against the perfect player.
func TestTicTacToeNeverLoses(t *testing.T) {
	n := games(100)
	for i := 0; i < n; i++ {
		e := New(Options{Threads: 1 + i%2, EndgameCells: -1, Seed: uint64(i + 1)})
		e.Limits = Limits{Playouts: 3000}
		var opp player = randomPlayer{rand.New(rand.NewPCG(uint64(i), 9))}
		if i%2 == 1 {
			opp = &perfectPlayer{r: rand.New(rand.NewPCG(uint64(i), 3))}
		}
		me := inarow.Player(i / 2 % 2)
		var p inarow.Position
		if me == inarow.First {
			p = playGame(t, inarow.TicTacToe, e, opp)
		} else {
			p = playGame(t, inarow.TicTacToe, opp, e)
		}
		o := p.Outcome()
		if o.Status == inarow.Won && o.Winner != me {
			t.Fatalf("game %d: mcts (%v) lost to %T:\n%v", i, me, opp, p)
		}
		if _, perfect := opp.(*perfectPlayer); perfect && o.Status != inarow.Drawn {
			t.Fatalf("game %d: %v against the perfect player", i, o)
		}
	}
}

func c4(t *testing.T, first, second []inarow.Move, toMove inarow.Player) inarow.Position {
	t.Helper()
	p, err := inarow.Setup(inarow.ConnectFour, first, second, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConnectFourWinAndBlock(t *testing.T) {
	r := inarow.ConnectFour
	at := func(x, y int) inarow.Move { return r.MoveAt(x, y) }
	// First has b1 c1 d1; either a1 or e1 wins.
	win := c4(t, []inarow.Move{at(1, 5), at(2, 5), at(3, 5)}, []inarow.Move{at(1, 4), at(2, 4)}, inarow.First)
	// Second must block: First has three in column 3.
	block := c4(t, []inarow.Move{at(3, 5), at(3, 4), at(3, 3)}, []inarow.Move{at(0, 5), at(6, 5)}, inarow.Second)
	for _, end := range []int{-1, 0} {
		for seed := uint64(1); seed <= 5; seed++ {
			e := New(Options{Threads: 2, EndgameCells: end, Seed: seed})
			res, err := e.Search(context.Background(), win, Limits{Playouts: 2000})
			if err != nil || (res.Move != at(0, 5) && res.Move != at(4, 5)) {
				t.Fatalf("win: played %v (%v), err %v", r.FormatMove(res.Move), res, err)
			}
			if end < 0 && res.Proven != 1 {
				t.Errorf("win not proven: %+v", res)
			}
			e = New(Options{Threads: 2, EndgameCells: end, Seed: seed})
			res, err = e.Search(context.Background(), block, Limits{Playouts: 2000})
			if err != nil || res.Move != at(3, 2) {
				t.Fatalf("block: played %v, err %v", r.FormatMove(res.Move), err)
			}
		}
	}
}

func TestConnectFourBeatsRandom(t *testing.T) {
	n := games(40)
	wins := 0
	for i := 0; i < n; i++ {
		e := New(Options{Threads: 2, Seed: uint64(i + 1)})
		e.Limits = Limits{Playouts: 1000}
		opp := randomPlayer{rand.New(rand.NewPCG(uint64(i), 5))}
		me := inarow.Player(i % 2)
		var p inarow.Position
		if me == inarow.First {
			p = playGame(t, inarow.ConnectFour, e, opp)
		} else {
			p = playGame(t, inarow.ConnectFour, opp, e)
		}
		if o := p.Outcome(); o.Status == inarow.Won && o.Winner == me {
			wins++
		}
	}
	if wins < n*95/100 {
		t.Fatalf("won %d of %d against random", wins, n)
	}
}

func TestGomokuPlays(t *testing.T) {
	// Any board, any rules: a few moves of 15×15 and 20×20 with gravity.
	for _, r := range []inarow.Rules{inarow.Gomoku, {Cols: 20, Rows: 20, K: 5, Gravity: true}, {Cols: 9, Rows: 9, K: 5, Win: inarow.ExactlyK}} {
		e := New(Options{Threads: 2, Seed: 3})
		p, _ := inarow.NewPosition(r)
		for i := 0; i < 6 && !p.Over(); i++ {
			res, err := e.Search(context.Background(), p, Limits{Playouts: 500})
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Play(res.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The open four of gomoku is found and blocked.
	r := inarow.Gomoku
	at := func(x, y int) inarow.Move { return r.MoveAt(x, y) }
	p, _ := inarow.Setup(r, []inarow.Move{at(5, 7), at(6, 7), at(7, 7), at(8, 7)}, []inarow.Move{at(5, 8), at(6, 8), at(7, 8)}, inarow.Second)
	res, err := New(Options{Threads: 2, Seed: 1}).Search(context.Background(), p, Limits{Playouts: 300})
	if err != nil || (res.Move != at(4, 7) && res.Move != at(9, 7)) {
		t.Fatalf("did not block the four: %v %v", r.FormatMove(res.Move), err)
	}
}

func TestCancel(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.Gomoku)
	ctx, cancel := context.WithCancel(context.Background())
	e := New(Options{Threads: 2})
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	res, err := e.Search(ctx, p, Limits{}) // no budget: only the context stops it
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("stopped after %v", d)
	}
	if !p.Legal(res.Move) {
		t.Fatalf("move %v after cancel is not legal", res.Move)
	}
}

// Move, the player, answers whenever it has a move, even when its
// context ran out before its own budget (agent.Timed's cut-off on a
// loaded machine); Search still says why it stopped.
func TestMoveAfterDeadline(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.Rules{Cols: 8, Rows: 8, K: 4})
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	e := New(Options{Threads: 1, Seed: 1})
	e.Limits = Limits{Time: time.Hour}
	m, err := e.Move(ctx, p)
	if err != nil || !p.Legal(m) {
		t.Fatalf("Move after the deadline: %v %v, want a legal move and no error", m, err)
	}
	if _, err := e.Search(ctx, p, Limits{Time: time.Hour}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Search after the deadline: err %v, want the context's", err)
	}
}

// The time budget is honoured: the search runs at least its budget and
// stops by itself. The upper bound is generous (a loaded 2-core machine
// under -race has taken over 2× the budget just to start the workers); a
// search that ignored its budget runs until the safety context ends.
func TestTimeBudget(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	e := New(Options{Threads: 2})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	res, err := e.Search(ctx, p, Limits{Time: 300 * time.Millisecond})
	if err != nil {
		t.Fatalf("the 300ms budget did not stop the search: %v after %v", err, time.Since(start))
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Fatalf("searched %v for a 300ms budget", d)
	}
	if res.Iterations == 0 || len(res.PV) == 0 || len(res.Moves) != 7 {
		t.Fatalf("result %+v", res)
	}
}

// Progress is reported while the search runs, with growing counts, and
// the last report is the result. The search has no budget: the third
// progress report cancels it, so the test does not depend on how many
// reports fit in some wall time on a loaded machine.
func TestProgress(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	e := New(Options{Threads: 2})
	ctx, cancel := context.WithCancel(context.Background())
	safety, stop := context.WithTimeout(ctx, 60*time.Second)
	defer stop()
	var infos []Info
	res, err := e.Search(safety, p, Limits{ProgressEvery: 20 * time.Millisecond, Progress: func(i Info) {
		infos = append(infos, i)
		if len(infos) == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%v after %d progress reports (want the third to cancel the search)", err, len(infos))
	}
	if len(infos) < 4 { // three while searching, one at the end
		t.Fatalf("%d progress reports", len(infos))
	}
	for i := 1; i < len(infos); i++ {
		if infos[i].Iterations < infos[i-1].Iterations || infos[i].Elapsed < infos[i-1].Elapsed {
			t.Fatalf("report %d went back: %+v after %+v", i, infos[i], infos[i-1])
		}
	}
	last := infos[len(infos)-1]
	if last.Move != res.Move || last.Iterations != res.Iterations || res.Iterations == 0 || len(res.PV) == 0 || len(res.Moves) != 7 {
		t.Fatalf("last %+v, result %+v", last, res)
	}
}

func TestPlayoutBudget(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	e := New(Options{Threads: 2, Seed: 5})
	res, err := e.Search(context.Background(), p, Limits{Playouts: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 5000 {
		t.Fatalf("%d iterations for a budget of 5000", res.Iterations)
	}
}

func TestTreeReuse(t *testing.T) {
	e := New(Options{Threads: 1, Seed: 2, EndgameCells: -1})
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	res, _ := e.Search(context.Background(), p, Limits{Playouts: 20000})
	q, _ := p.Play(res.Move)
	reply, _ := q.Drop(3)
	q, _ = q.Play(reply)
	w := e.workers[0]
	var want int32 = -1
	for i := range w.root.children {
		if ch := &w.root.children[i]; ch.cell == w.geo.toGrid[res.Move] {
			for j := range ch.children {
				if ch.children[j].cell == w.geo.toGrid[reply] {
					want = ch.children[j].n
				}
			}
		}
	}
	if want <= 0 {
		t.Fatalf("reply not in the tree")
	}
	w.setRoot(q)
	if w.root.n != want {
		t.Fatalf("reused root has %d visits, want %d", w.root.n, want)
	}
	// An unrelated position starts afresh.
	other, _ := inarow.NewPosition(inarow.ConnectFour)
	other, _ = other.Play(inarow.ConnectFour.MoveAt(0, 5))
	other, _ = other.Play(inarow.ConnectFour.MoveAt(0, 4))
	other, _ = other.Play(inarow.ConnectFour.MoveAt(0, 3))
	w.setRoot(other)
	if w.root.n != 0 {
		t.Fatalf("fresh root has %d visits", w.root.n)
	}
}

func TestEndgameSolver(t *testing.T) {
	// Tic-tac-toe is solved from the start: always a draw against perfect play.
	e := New(Options{Threads: 1, Seed: 1})
	p, _ := inarow.NewPosition(inarow.TicTacToe)
	res, err := e.Search(context.Background(), p, Limits{Playouts: 10})
	if err != nil || !res.Solved || res.Value != 0.5 {
		t.Fatalf("%+v %v", res, err)
	}
}
