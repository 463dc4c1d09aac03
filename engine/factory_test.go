package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/inarow/inarow"
	gomokuengine "github.com/inarow/inarow/engine/gomoku"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/mcts"
)

// The players For returns from the other search packages.
var (
	_ Player = (*mcts.Engine)(nil)
	_ Player = (*gomokuengine.Engine)(nil)
)

func gomokuRules(t *testing.T, rule gomoku.Rule, size int) inarow.Rules {
	t.Helper()
	r, err := rule.Board(size)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// kindOf names the player For chose, through the renju guard.
func kindOf(p Player) string {
	prefix := ""
	if g, ok := p.(guard); ok {
		prefix, p = "guarded ", g.inner
	}
	switch e := p.(type) {
	case Greedy:
		return prefix + "greedy"
	case *Perfect:
		return prefix + "perfect"
	case pooledConnect4:
		return prefix + fmt.Sprintf("connect4-%d", e.level)
	case *Connect4:
		return prefix + fmt.Sprintf("connect4-%d", e.Level)
	case *gomokuengine.Engine:
		if e.Limits.MaxDepth > 0 {
			return prefix + fmt.Sprintf("gomoku-depth%d", e.Limits.MaxDepth)
		}
		return prefix + "gomoku"
	case *mcts.Engine:
		return prefix + "mcts"
	}
	return fmt.Sprintf("%T", p)
}

func TestForChoosesThePlayer(t *testing.T) {
	small := inarow.Rules{Cols: 4, Rows: 4, K: 3}
	bigGravity := inarow.Rules{Cols: 10, Rows: 10, K: 4, Gravity: true} // 110 padded bits: not the solver's
	mnk := inarow.Rules{Cols: 8, Rows: 8, K: 4}
	gravity8x7 := inarow.Rules{Cols: 8, Rows: 7, K: 4, Gravity: true}
	renju := gomokuRules(t, gomoku.Renju, 15)
	cases := []struct {
		name  string
		r     inarow.Rules
		kinds [3]string // levels 1, 2, 3
	}{
		{"tictactoe", inarow.TicTacToe, [3]string{"greedy", "perfect", "perfect"}},
		{"4x4k3", small, [3]string{"greedy", "perfect", "perfect"}},
		{"connect4", inarow.ConnectFour, [3]string{"connect4-1", "connect4-2", "connect4-3"}},
		{"8x7k4 gravity", gravity8x7, [3]string{"connect4-1", "connect4-2", "connect4-3"}},
		{"10x10k4 gravity", bigGravity, [3]string{"greedy", "mcts", "mcts"}},
		{"8x8k4", mnk, [3]string{"greedy", "mcts", "mcts"}},
		{"freestyle", inarow.Gomoku, [3]string{"greedy", "gomoku-depth4", "gomoku"}},
		{"standard", gomokuRules(t, gomoku.Standard, 15), [3]string{"greedy", "gomoku-depth4", "gomoku"}},
		{"gobang 9x9", gomokuRules(t, gomoku.Freestyle, 9), [3]string{"greedy", "gomoku-depth4", "gomoku"}},
		{"caro", gomokuRules(t, gomoku.Caro, 15), [3]string{"greedy", "gomoku-depth4", "gomoku"}},
		{"renju", renju, [3]string{"guarded greedy", "guarded gomoku-depth4", "guarded gomoku"}},
	}
	// The names Describe gives each kind of player: the page's level
	// names follow the players For makes.
	names := map[string]string{
		"greedy": "Greedy", "perfect": "Perfect", "connect4-1": "Beginner", "connect4-2": "Club", "connect4-3": "Best",
		"gomoku-depth4": "Engine, depth 4", "gomoku": "Engine", "mcts": "MCTS",
	}
	for _, c := range cases {
		about, err := Describe(Spec{Rules: c.r})
		if err != nil {
			t.Fatalf("%s: Describe: %v", c.name, err)
		}
		for level := 1; level <= 3; level++ {
			p, err := For(Spec{Rules: c.r, Level: level})
			if err != nil {
				t.Fatalf("%s level %d: %v", c.name, level, err)
			}
			if got := kindOf(p); got != c.kinds[level-1] {
				t.Errorf("%s level %d: %s, want %s", c.name, level, got, c.kinds[level-1])
			}
			a := about[level-1]
			if want := names[strings.TrimPrefix(kindOf(p), "guarded ")]; a.Name != want || a.Level != level || a.Basis == "" {
				t.Errorf("%s level %d: Describe says %+v, For makes %s (%s)", c.name, level, a, kindOf(p), want)
			}
		}
		// Level 0 is the best; a seed gives a Connect Four player its own solver.
		p0, _ := For(Spec{Rules: c.r})
		p3, _ := For(Spec{Rules: c.r, Level: 3, Seed: 7})
		if kindOf(p0) != c.kinds[2] || kindOf(p3) != c.kinds[2] {
			t.Errorf("%s: level 0 plays %s, seeded level 3 %s, want %s", c.name, kindOf(p0), kindOf(p3), c.kinds[2])
		}
	}
}

func TestForRefusesBadSpecs(t *testing.T) {
	for _, s := range []Spec{
		{Rules: inarow.TicTacToe, Level: 4},
		{Rules: inarow.TicTacToe, Level: -1},
		{Rules: inarow.Rules{Cols: 3, Rows: 3, K: 9}},
		{},
	} {
		if p, err := For(s); err == nil {
			t.Errorf("For(%+v) = %T, want an error", s, p)
		}
	}
}

// randomPosition plays n random legal moves (within package gomoku's
// rules: no forbidden point) and stops before a finished position.
func randomPosition(t *testing.T, rnd *rand.Rand, r inarow.Rules, n int) inarow.Position {
	t.Helper()
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	_, isGomoku := gomoku.RuleOf(r)
	for range n {
		legal := p.AppendLegal(nil)
		rnd.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		played := false
		for _, m := range legal {
			if isGomoku && !gomoku.Legal(p, m) {
				continue
			}
			if q, _ := p.Play(m); !q.Over() {
				p, played = q, true
				break
			}
		}
		if !played {
			break
		}
	}
	return p
}

// Every player For returns plays a legal move, never a renju forbidden
// point, on random positions of every kind of game and every level.
func TestForPlaysLegalMoves(t *testing.T) {
	rules := []inarow.Rules{
		inarow.TicTacToe, {Cols: 4, Rows: 4, K: 3}, inarow.ConnectFour,
		{Cols: 10, Rows: 10, K: 4, Gravity: true}, {Cols: 8, Rows: 8, K: 4},
		gomokuRules(t, gomoku.Freestyle, 9), gomokuRules(t, gomoku.Renju, 15),
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	positions := 3
	if testing.Short() {
		positions = 1
	}
	for _, r := range rules {
		for level := 1; level <= 3; level++ {
			p, err := For(Spec{Rules: r, Level: level, MoveTime: 40 * time.Millisecond, Threads: 1, Seed: uint64(level)})
			if err != nil {
				t.Fatal(err)
			}
			for i := range positions {
				pos := randomPosition(t, rnd, r, 2+rnd.IntN(r.Cells()/3))
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				m, err := p.Move(ctx, pos)
				cancel()
				if err != nil {
					t.Fatalf("%v level %d position %d: %v", r, level, i, err)
				}
				if !pos.Legal(m) {
					t.Fatalf("%v level %d: illegal move %v in\n%v", r, level, m, pos)
				}
				if _, ok := gomoku.RuleOf(r); ok && !gomoku.Legal(pos, m) {
					t.Fatalf("%v level %d: forbidden move %v in\n%v", r, level, m, pos)
				}
			}
		}
	}
}

// The guard replaces a forbidden answer: a player that always answers a
// double-three point gets a legal move instead.
func TestGuardRefusesForbiddenPoints(t *testing.T) {
	r := gomokuRules(t, gomoku.Renju, 15)
	// Forbidden points are found on random positions, not written by hand.
	rnd := rand.New(rand.NewPCG(3, 4))
	found := 0
	for i := 0; i < 400 && found < 3; i++ {
		p := randomPosition(t, rnd, r, 20+2*rnd.IntN(20))
		if p.ToMove() != inarow.First {
			continue
		}
		fs := gomoku.Forbidden(p)
		if len(fs) == 0 {
			continue
		}
		found++
		bad := fixed(fs[0].Move)
		m, err := guard{bad}.Move(context.Background(), p)
		if err != nil || !gomoku.Legal(p, m) {
			t.Fatalf("guard played %v, %v for the forbidden %v", m, err, fs[0].Move)
		}
	}
	if found == 0 {
		t.Fatal("no random position with a forbidden point: the test tests nothing")
	}
}

type fixed inarow.Move

func (f fixed) Move(context.Context, inarow.Position) (inarow.Move, error) {
	return inarow.Move(f), nil
}

// TestGomokuThreads: Spec.Threads reaches the gomoku engine; none means
// one thread.
func TestGomokuThreads(t *testing.T) {
	r := gomokuRules(t, gomoku.Freestyle, 15)
	for _, n := range []int{0, 1, 2} {
		p, err := For(Spec{Rules: r, Threads: n, MoveTime: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		e, ok := p.(*gomokuengine.Engine)
		if !ok || e.Threads != n {
			t.Fatalf("Threads %d: got %T %+v", n, p, p)
		}
		pos, _ := inarow.NewPosition(r)
		pos, _ = pos.Play(r.MoveAt(7, 7))
		m, err := p.Move(context.Background(), pos)
		if err != nil || !pos.Legal(m) {
			t.Fatalf("Threads %d: move %v, %v", n, m, err)
		}
	}
}

// Every player For returns, and Instant, answers a finished game with the
// core's one sentinel, inarow.ErrNoMoves.
func TestForOnAFinishedGame(t *testing.T) {
	rules := []inarow.Rules{
		inarow.TicTacToe, inarow.ConnectFour, {Cols: 8, Rows: 8, K: 4},
		gomokuRules(t, gomoku.Freestyle, 9), gomokuRules(t, gomoku.Renju, 9),
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, r := range rules {
		p, err := inarow.NewPosition(r)
		if err != nil {
			t.Fatal(err)
		}
		for !p.Over() {
			legal := p.AppendLegal(nil)
			p, _ = p.Play(legal[rnd.IntN(len(legal))])
		}
		players := map[string]Player{"instant": Instant(r)}
		for level := 1; level <= 3; level++ {
			if players[fmt.Sprint("level ", level)], err = For(Spec{Rules: r, Level: level, MoveTime: 40 * time.Millisecond, Threads: 1, Seed: 1}); err != nil {
				t.Fatal(err)
			}
		}
		for name, pl := range players {
			if m, err := pl.Move(context.Background(), p); !errors.Is(err, inarow.ErrNoMoves) || m != inarow.NoMove {
				t.Errorf("%v %s (%s) on a finished game: %v, %v", r, name, kindOf(pl), m, err)
			}
		}
	}
}
