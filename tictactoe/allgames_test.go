package tictactoe

import (
	"errors"
	"reflect"
	"testing"

	"github.com/inarow/inarow"
)

// The published counts of tic-tac-toe's game tree: 549,946 nodes
// (positions along every move sequence, the empty board included) and
// 255,168 complete games.
const (
	allNodes = 549946
	allGames = 255168
)

// TestAllGames walks every game of tic-tac-toe at once through the core
// Position, the bitboard Playboard, the typehero Game (unless -short) and
// the plain reference, and checks that at every node they agree on the
// board, on the result, and on which moves they refuse and why.
// It also counts the nodes and complete games against the published
// figures, which proves the walk visited every game.
func TestAllGames(t *testing.T) {
	withGame := !testing.Short()
	p0, err := inarow.NewPosition(inarow.TicTacToe)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, games int
	var walk func(p inarow.Position, b Playboard, g Game, r refBoard, mover byte, moves []int)
	walk = func(p inarow.Position, b Playboard, g Game, r refBoard, mover byte, moves []int) {
		nodes++
		if t.Failed() {
			return
		}
		refOver := r.winner('x', 'o') != 0 || r.full()
		if p.Over() != refOver || b.Over() != refOver || (withGame && g.Over() != refOver) {
			t.Fatalf("%v: over: core %v, bits %v, game %v, reference %v", moves, p.Over(), b.Over(), g.Over(), refOver)
		}
		if refOver {
			games++
		}
		for cell := 0; cell < 9; cell++ {
			var wantErr error
			switch {
			case refOver:
				wantErr = inarow.ErrGameOver
			case r[cell] != 0:
				wantErr = inarow.ErrOccupied
			}
			np, errP := p.Play(inarow.Move(cell))
			nb, errB := b.Play(cell)
			if !sameErr(errP, wantErr) || !sameErr(errB, wantErr) {
				t.Fatalf("%v + %d: core %v, bits %v, want %v", moves, cell, errP, errB, wantErr)
			}
			var ng Game
			// The typehero Game plays every legal move; its refusals, slower
			// to build, are checked for one cell of each node in turn (the
			// rule tests check them all on chosen games).
			if withGame && (wantErr == nil || cell == nodes%9) {
				var errG error
				ng, errG = g.Play(allNames[cell])
				if !sameErr(errG, wantErr) {
					t.Fatalf("%v + %d: game %v, want %v", moves, cell, errG, wantErr)
				}
				if errG != nil && !reflect.DeepEqual(ng, g) {
					t.Fatalf("%v + %d: refused but changed the game", moves, cell)
				}
			}
			if wantErr != nil {
				if np != p || nb != b {
					t.Fatalf("%v + %d: refused but changed the position", moves, cell)
				}
				continue
			}
			nr := r
			nr[cell] = mover
			next := append(moves[:len(moves):len(moves)], cell)
			checkNode(t, next, np, nb, ng, nr, mover, withGame)
			walk(np, nb, ng, nr, 'x'+'o'-mover, next)
		}
	}
	walk(p0, NewPlayboard(), New(), refBoard{}, 'x', nil)
	if nodes != allNodes || games != allGames {
		t.Errorf("walked %d nodes and %d games, want %d and %d", nodes, games, allNodes, allGames)
	}
}

func sameErr(err, want error) bool {
	if want == nil {
		return err == nil
	}
	return errors.Is(err, want)
}

// checkNode compares the three implementations with the reference after
// mover ('x' = first player) made the last of moves.
func checkNode(t *testing.T, moves []int, p inarow.Position, b Playboard, g Game, r refBoard, mover byte, withGame bool) {
	t.Helper()
	// The core: stones and outcome.
	for cell, c := range r {
		want := inarow.NoPlayer
		switch c {
		case 'x':
			want = inarow.First
		case 'o':
			want = inarow.Second
		}
		if got := p.At(inarow.Move(cell)); got != want {
			t.Fatalf("%v: core cell %d = %v, want %v", moves, cell, got, want)
		}
	}
	o := p.Outcome()
	switch w := r.winner('x', 'o'); {
	case w == 'x' && (o.Status != inarow.Won || o.Winner != inarow.First),
		w == 'o' && (o.Status != inarow.Won || o.Winner != inarow.Second),
		w == 0 && r.full() && o.Status != inarow.Drawn,
		w == 0 && !r.full() && o.Status != inarow.Ongoing:
		t.Fatalf("%v: core outcome %+v, reference winner %q full %v", moves, o, w, r.full())
	}
	// The bitboard document: Player1 is the first player, written O.
	format := make([]byte, 0, 15)
	for cell, c := range r {
		if cell == 3 || cell == 6 {
			format = append(format, " / "...)
		}
		switch c {
		case 'x':
			format = append(format, 'O')
		case 'o':
			format = append(format, 'X')
		default:
			format = append(format, '-')
		}
	}
	wantText := string(format)
	switch r.winner('x', 'o') {
	case 'x':
		wantText = "Winner is Player1!"
	case 'o':
		wantText = "Winner is Player2!"
	default:
		if r.full() {
			wantText = "Draw!"
		}
	}
	if b.Format() != string(format) || b.Text() != wantText {
		t.Fatalf("%v: bits %q / %q, want %q / %q", moves, b.Format(), b.Text(), format, wantText)
	}
	wantNext := Player1
	if mover == 'x' {
		wantNext = Player2
	}
	if b.NextPlayer != wantNext {
		t.Fatalf("%v: next player %s, want %s", moves, b.NextPlayer, wantNext)
	}
	// The typehero document.
	if withGame {
		if want := refGame(r, refState(r, mover)); !reflect.DeepEqual(g, want) {
			t.Fatalf("%v: game %+v, want %+v", moves, g, want)
		}
	}
}
