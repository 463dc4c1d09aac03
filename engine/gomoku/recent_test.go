package gomokuengine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

// TestSearchReadsRecent: a position set up from its stones (as the
// Gomocup brain's BOARD and TURN give it) and searched with the game's
// last two moves as Limits.Recent is searched as the game itself, played
// in order, is — the same move, value and nodes at a fixed depth, for
// the search reads the last two stones as the last moves — while without
// them the set-up position's last stones are the board order's, and the
// search differs on some positions (issue 23, session 42). A position
// played move by move knows its last move without Recent.
func TestSearchReadsRecent(t *testing.T) {
	boards := everyNth(selfplayBoards(t), 4*raceDiv)
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: gomoku.Freestyle.WinRule()}
	differ := 0
	search := func(p inarow.Position, recent []inarow.Move) Result {
		var g Engine
		res, err := g.Search(context.Background(), p, Limits{MaxDepth: 6, Recent: recent})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for k, played := range boards {
		moves := played.movesOf(played.Moves())
		var colour [2][]inarow.Move
		for i, m := range moves {
			colour[i%2] = append(colour[i%2], m)
		}
		toMove := inarow.Player(len(moves) % 2)
		setup, err := inarow.Setup(r, colour[0], colour[1], toMove)
		if err != nil {
			t.Fatal(err)
		}
		n := len(moves)
		recent := moves[n-2:]
		b, err := boardOf(setup, recent)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.movesOf(b.Moves()[n-2:]); !slices.Equal(got, recent) || b.Hash() != played.Hash() {
			t.Fatalf("position %d: last stones %v, want %v (hash %x, want %x)", k, got, recent, b.Hash(), played.Hash())
		}
		for i, c := range b.Moves() { // black and white in turn still
			if int(b.cell[c]) != i%2 {
				t.Fatalf("position %d: stone %d is colour %d", k, i, b.cell[c])
			}
		}
		g := Engine{Limits: Limits{MaxDepth: 6}}
		want := g.searchOwn(context.Background(), played)
		got := search(setup, recent)
		if got.Move != played.move(want.Move) || got.Score != want.Score || got.Nodes != want.Nodes {
			t.Errorf("position %d with Recent: %v %d in %d nodes, played in order %v %d in %d", k, got.Move, got.Score, got.Nodes, played.move(want.Move), want.Score, want.Nodes)
		}
		if plain := search(setup, nil); plain.Nodes != want.Nodes {
			differ++
		}
		// the same position played move by move: its LastMove is read
		before, err := inarow.Setup(r, without(colour[0], moves[n-1]), without(colour[1], moves[n-1]), toMove.Other())
		if err != nil {
			t.Fatal(err)
		}
		p, err := before.Play(moves[n-1])
		if err != nil {
			t.Fatal(err)
		}
		b2, err := boardOf(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if last := b2.move(b2.Moves()[n-1]); last != moves[n-1] {
			t.Errorf("position %d played to its last move: last stone %v, want %v", k, last, moves[n-1])
		}
	}
	if len(boards) < 2 || differ == 0 {
		t.Errorf("without Recent the search differed on %d of %d positions: the test shows nothing", differ, len(boards))
	}
	t.Logf("without Recent the search differed on %d of %d positions", differ, len(boards))
	// a recent move that is no stone, or one given twice, is refused
	setup, err := inarow.Setup(r, []inarow.Move{112}, []inarow.Move{113}, inarow.First)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		bad  []inarow.Move
		want string
	}{{[]inarow.Move{114}, "empty point"}, {[]inarow.Move{112, 112}, "given twice"}, {[]inarow.Move{-1}, "off the 15×15 board"}, {[]inarow.Move{225}, "off the 15×15 board"}} {
		bad := c.bad
		if _, err := boardOf(setup, bad); !errors.Is(err, ErrBadBoard) || !strings.Contains(fmt.Sprint(err), c.want) {
			t.Errorf("Recent %v: %v, want ErrBadBoard saying %q", bad, err, c.want)
		}
		var g Engine
		if _, err := g.Search(context.Background(), setup, Limits{MaxDepth: 2, Recent: bad}); !errors.Is(err, ErrBadBoard) {
			t.Errorf("Search with Recent %v: %v, want ErrBadBoard", bad, err)
		}
	}
}

// without returns ms less m.
func without(ms []inarow.Move, m inarow.Move) []inarow.Move {
	return slices.DeleteFunc(slices.Clone(ms), func(x inarow.Move) bool { return x == m })
}

// TestMoveAfterReadsTheGame: Engine.MoveAfter, which the server, inarow
// play and inarow match call with the game's moves (engine.MoveAfter),
// searches a position played move by move as Search does with its last
// two moves as Limits.Recent — the same move in as many nodes — where
// Move, which reads only the position's last move, takes the side to
// move's own last stone in board order and differs on some positions.
func TestMoveAfterReadsTheGame(t *testing.T) {
	boards := everyNth(selfplayBoards(t), 4*raceDiv)
	r := inarow.Rules{Cols: 15, Rows: 15, K: 5, Win: gomoku.Freestyle.WinRule()}
	differ := 0
	for k, played := range boards {
		moves := played.movesOf(played.Moves())
		p, err := inarow.NewPosition(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		// each search on a fresh engine (an engine keeps its history
		// from move to move), its nodes as its last iteration reports
		var nodes int64
		progress := func(in Info) { nodes = in.Nodes }
		g := Engine{Limits: Limits{MaxDepth: 6, Progress: progress}}
		got, err := g.MoveAfter(context.Background(), p, moves)
		if err != nil {
			t.Fatal(err)
		}
		gotNodes := nodes
		var ref Engine
		want, err := ref.Search(context.Background(), p, Limits{MaxDepth: 6, Progress: progress, Recent: moves[len(moves)-2:]})
		if err != nil {
			t.Fatal(err)
		}
		if got != want.Move || gotNodes != nodes {
			t.Errorf("position %d: MoveAfter %v in %d nodes, Search with the last two moves %v in %d", k, got, gotNodes, want.Move, nodes)
		}
		plain := Engine{Limits: g.Limits}
		if _, err := plain.Move(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		plainNodes := nodes
		if nodes != gotNodes {
			differ++
		}
		if k < 4 { // without the moves MoveAfter is Move
			again := Engine{Limits: g.Limits}
			if _, err := again.MoveAfter(context.Background(), p, nil); err != nil || nodes != plainNodes {
				t.Errorf("position %d: MoveAfter without moves took %d nodes (%v), Move %d", k, nodes, err, plainNodes)
			}
		}
	}
	if differ == 0 {
		t.Errorf("Move searched as MoveAfter on all %d positions: the test shows nothing", len(boards))
	}
	t.Logf("Move differed from MoveAfter on %d of %d positions", differ, len(boards))
	// a game's last move that is no stone of the position is refused
	p, err := inarow.NewPosition(r)
	if err != nil {
		t.Fatal(err)
	}
	if p, err = p.Play(112); err != nil {
		t.Fatal(err)
	}
	var g Engine
	if _, err := g.MoveAfter(context.Background(), p, []inarow.Move{113}); !errors.Is(err, ErrBadBoard) {
		t.Errorf("MoveAfter with a last move on an empty point: %v, want ErrBadBoard", err)
	}
	if m, err := g.MoveAfter(context.Background(), p, nil); err != nil || !p.Legal(m) {
		t.Errorf("MoveAfter without moves: %v, %v; want a legal move as Move's", m, err)
	}
}
