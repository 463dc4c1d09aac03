package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// randomC4 plays random moves from the empty board and returns the
// position after stones moves, or false when the game ends first.
func randomC4(rng *rand.Rand, r inarow.Rules, stones int) (inarow.Position, bool) {
	p, _ := inarow.NewPosition(r)
	for p.Ply() < stones {
		legal := p.AppendLegal(nil)
		p, _ = p.Play(legal[rng.IntN(len(legal))])
		if p.Over() {
			return p, false
		}
	}
	return p, true
}

func newSolver(t *testing.T, r inarow.Rules) *solve.C4Solver {
	t.Helper()
	s, err := solve.NewC4(r, solve.Options{TableBytes: 8 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// analyze returns the exact score of every column of p.
func analyze(t *testing.T, s *solve.C4Solver, p inarow.Position) []solve.Score {
	t.Helper()
	scores, err := s.Analyze(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return scores
}

// From won Connect Four positions the perfect player wins against the
// greedy player, and every move it makes has the best score — the fastest
// win — as the solver, without the book, computes it; every other game
// with two threads.
func TestConnect4WinsWonPositionsFastest(t *testing.T) {
	r := inarow.ConnectFour
	games, minStones := 12, 18
	if testing.Short() || c4Race {
		games, minStones = 3, 24
	}
	ref := newSolver(t, r)
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	for played := 0; played < games; {
		p, ok := randomC4(rng, r, minStones+rng.IntN(8))
		if !ok {
			continue
		}
		v, err := ref.Solve(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if v <= 0 {
			continue
		}
		played++
		side := p.ToMove()
		bot := &Connect4{Rand: rand.New(rand.NewPCG(uint64(played), 9)), TableBytes: 8 << 20, Threads: 1 + played%2}
		for !p.Over() {
			var m inarow.Move
			if p.ToMove() == side {
				scores := analyze(t, ref, p)
				best := solve.FullColumn
				for _, sc := range scores {
					best = max(best, sc)
				}
				if m, err = bot.Move(ctx, p); err != nil {
					t.Fatal(err)
				}
				if x, _ := r.XY(m); scores[x] != best {
					t.Fatalf("column %d scores %d, the best is %d (%v)\n%v", x, scores[x], best, scores, p)
				}
			} else if m, err = (Greedy{Rand: rng}).Move(ctx, p); err != nil {
				t.Fatal(err)
			}
			p, _ = p.Play(m)
		}
		if o := p.Outcome(); o.Status != inarow.Won || o.Winner != side {
			t.Fatalf("the perfect player did not win a won position:\n%v", p)
		}
	}
}

// A position with a win now and slower wins elsewhere: the player takes
// the fastest, and with only slower wins it takes the fastest of those.
func TestConnect4FastestWinChoice(t *testing.T) {
	r := inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}
	ref := newSolver(t, r)
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	found := 0
	for tries := 0; tries < 4000 && found < 20; tries++ {
		p, ok := randomC4(rng, r, 3+rng.IntN(10))
		if !ok {
			continue
		}
		scores := analyze(t, ref, p)
		best, wins := solve.FullColumn, map[solve.Score]bool{}
		for _, sc := range scores {
			best = max(best, sc)
			if sc > 0 && sc != solve.FullColumn {
				wins[sc] = true
			}
		}
		if len(wins) < 2 { // want wins of different speeds
			continue
		}
		found++
		for i := 0; i < 3; i++ {
			m, err := (&Connect4{Rand: rand.New(rand.NewPCG(uint64(i), 1)), TableBytes: 1 << 20}).Move(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if x, _ := r.XY(m); scores[x] != best {
				t.Fatalf("played column %d (score %d) among %v\n%v", x, scores[x], scores, p)
			}
		}
	}
	if found < 5 {
		t.Fatalf("only %d positions with wins of several speeds", found)
	}
}

// The perfect player answers by its deadline even where the exact search
// takes minutes, with a legal move. The solver has no book here: with the
// built-in book the early positions are answered at once (the book is 6
// plies deep and the search below it takes well under a second), and the
// deadline would not be tested; without it, two stones in, the search takes
// over a minute.
func TestConnect4Deadline(t *testing.T) {
	r := inarow.ConnectFour
	p, _ := inarow.NewPosition(r)
	for _, col := range []int{3, 2} {
		m, _ := p.Drop(col)
		p, _ = p.Play(m)
	}
	s, err := solve.NewC4(r, solve.Options{TableBytes: 8 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	bot := &Connect4{solver: s}
	for _, budget := range []time.Duration{50 * time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		type answer struct {
			m   inarow.Move
			err error
		}
		got := make(chan answer, 1)
		start := time.Now()
		go func() {
			m, err := bot.Move(ctx, p)
			got <- answer{m, err}
		}()
		// The bound is generous: a loaded 2-core machine under -race has
		// answered a 50ms budget after 700ms. What it catches is a search
		// that ignores its deadline and runs the exact search (minutes).
		const patience = 20 * time.Second
		select {
		case a := <-got:
			if a.err != nil || !p.Legal(a.m) {
				t.Fatalf("budget %v: move %v, %v", budget, a.m, a.err)
			}
		case <-time.After(patience):
			t.Fatalf("budget %v: no answer after %v", budget, time.Since(start))
		}
		cancel()
	}
	// An already expired context still gets an answer (the depth-1 search).
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	if m, err := bot.Move(ctx, p); err != nil || !p.Legal(m) {
		t.Fatalf("expired context: %v %v", m, err)
	}
}

// match plays games between a and b, alternating who starts, and returns
// a's wins, the draws and a's losses.
func match(t *testing.T, r inarow.Rules, a, b Player, games int) (wins, draws, losses int) {
	t.Helper()
	ctx := context.Background()
	for g := 0; g < games; g++ {
		p, _ := inarow.NewPosition(r)
		seats := [2]Player{a, b}
		aSide := inarow.First
		if g%2 == 1 {
			seats = [2]Player{b, a}
			aSide = inarow.Second
		}
		for !p.Over() {
			m, err := seats[p.Ply()%2].Move(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		switch o := p.Outcome(); {
		case o.Status != inarow.Won:
			draws++
		case o.Winner == aSide:
			wins++
		default:
			losses++
		}
	}
	return
}

// The levels differ: the perfect player never loses and beats the
// beginner nearly always; the club player beats the beginner more often
// than not.
func TestConnect4Levels(t *testing.T) {
	r := inarow.Rules{Cols: 6, Rows: 5, K: 4, Gravity: true}
	games := 10
	if testing.Short() || c4Race {
		r, games = inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true}, 6
	}
	rng := func(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 42)) }
	perfect := &Connect4{Rand: rng(1), TableBytes: 16 << 20}
	beginner := &Connect4{Level: Beginner, Rand: rng(2)}
	club := &Connect4{Level: Club, Rand: rng(3)}

	w, d, l := match(t, r, perfect, beginner, games)
	t.Logf("%dx%d perfect vs beginner: +%d =%d -%d", r.Cols, r.Rows, w, d, l)
	if l > 0 || w < games*2/3 {
		t.Errorf("perfect vs beginner: +%d =%d -%d", w, d, l)
	}
	w, d, l = match(t, r, perfect, club, games)
	t.Logf("%dx%d perfect vs club: +%d =%d -%d", r.Cols, r.Rows, w, d, l)
	if l > 0 {
		t.Errorf("perfect vs club: +%d =%d -%d", w, d, l)
	}
	w, d, l = match(t, r, club, beginner, games)
	t.Logf("%dx%d club vs beginner: +%d =%d -%d", r.Cols, r.Rows, w, d, l)
	if w <= l {
		t.Errorf("club vs beginner: +%d =%d -%d", w, d, l)
	}
}

// On rules the bitboard solver does not take, the player falls back to
// the greedy one.
func TestConnect4OtherRules(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.TicTacToe)
	m, err := (&Connect4{}).Move(context.Background(), p)
	if err != nil || !p.Legal(m) {
		t.Fatalf("tic-tac-toe: %v %v", m, err)
	}
}

func TestConnect4Fits(t *testing.T) {
	for r, want := range map[inarow.Rules]bool{
		inarow.ConnectFour:                      true,
		{Cols: 8, Rows: 7, K: 4, Gravity: true}: true,
		{Cols: 9, Rows: 7, K: 4, Gravity: true}: false,
		inarow.TicTacToe:                        false,
	} {
		if got := Connect4Fits(r); got != want {
			t.Errorf("Connect4Fits(%v) = %v", r, got)
		}
	}
}

// On the empty 7×6 board the perfect player opens in the centre, the only
// winning move, at once from the built-in book. Without the book it would
// search until the deadline (30 s) and answer from its fallback; the bound
// tells the two apart with room for a loaded machine.
func TestConnect4OpensInTheCentre(t *testing.T) {
	p, _ := inarow.NewPosition(inarow.ConnectFour)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	m, err := (&Connect4{TableBytes: 1 << 20}).Move(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if x, _ := inarow.ConnectFour.XY(m); x != 3 {
		t.Fatalf("opened in column %d", x)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("took %v", took)
	}
}
