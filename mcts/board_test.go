package mcts

import (
	"math/rand/v2"
	"testing"

	"github.com/inarow/inarow"
)

var testRules = []inarow.Rules{
	inarow.TicTacToe,
	inarow.ConnectFour,
	inarow.Gomoku,
	{Cols: 9, Rows: 9, K: 5, Win: inarow.ExactlyK},
	{Cols: 8, Rows: 7, K: 4, Gravity: true},
	{Cols: 7, Rows: 7, K: 4},
	{Cols: 20, Rows: 20, K: 5, Gravity: true},
	{Cols: 5, Rows: 4, K: 3, Gravity: true, Win: inarow.ExactlyK},
	{Cols: 1, Rows: 5, K: 2},
}

// TestBoardMatchesPosition plays random games on the playout board and on
// inarow.Position side by side: same legal moves, same end, same winner.
func TestBoardMatchesPosition(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, r := range testRules {
		g := newGeometry(r)
		b := newBoard(g)
		games := 200
		if raceEnabled {
			games = 20
		}
		for game := 0; game < games; game++ {
			p, _ := inarow.NewPosition(r)
			b.set(p)
			for !p.Over() {
				legal := p.AppendLegal(nil)
				if len(legal) != len(b.slots) {
					t.Fatalf("%v: %d legal moves, board has %d slots\n%v", r, len(legal), len(b.slots), p)
				}
				for _, m := range legal {
					if !b.playable(int(g.toGrid[m])) {
						t.Fatalf("%v: %v not playable on the board", r, m)
					}
				}
				m := legal[rnd.IntN(len(legal))]
				if rnd.IntN(4) == 0 { // also check urgent picks a real threat
					if c := b.urgent(); c != 0 {
						me := b.toMove
						if !b.playable(c) || (!b.winsAt(c, me) && !b.winsAt(c, 3-me)) {
							t.Fatalf("%v: urgent cell %d is no threat", r, c)
						}
					}
				}
				p, _ = p.Play(m)
				won := b.play(int(g.toGrid[m]))
				if won != (p.Outcome().Status == inarow.Won) || b.over() != p.Over() {
					t.Fatalf("%v: after %v board won=%v over=%v, position %v\n%v", r, m, won, b.over(), p.Outcome(), p)
				}
				// A fresh board from the position agrees with the played one.
				if rnd.IntN(8) == 0 {
					c := newBoard(g)
					c.set(p)
					if string(c.grid) != string(b.grid) || len(c.slots) != len(b.slots) || c.toMove != b.toMove {
						t.Fatalf("%v: set differs from play", r)
					}
				}
			}
			if p.Outcome().Status == inarow.Won && b.winner != stone1+uint8(p.Outcome().Winner) {
				t.Fatalf("%v: winner %d, want %v", r, b.winner, p.Outcome().Winner)
			}
		}
	}
}

func TestPlayoutEnds(t *testing.T) {
	for _, r := range testRules {
		g := newGeometry(r)
		root, tmp := newBoard(g), newBoard(g)
		p, _ := inarow.NewPosition(r)
		root.set(p)
		rng := newRNG(7)
		for i := 0; i < 50; i++ {
			tmp.copyFrom(root)
			w := tmp.playout(&rng, i%2 == 0)
			if !tmp.over() || (w != 0 && w != tmp.winner) {
				t.Fatalf("%v: playout ended with %d, over=%v", r, w, tmp.over())
			}
		}
	}
}
