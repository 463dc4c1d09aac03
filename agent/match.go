package agent

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
)

// Match is a series of games between two players, A and B.
type Match struct {
	Rules inarow.Rules
	A, B  engine.Player
	// Games is the number of games. Each opening is played twice, A first
	// in one game and B first in the other.
	Games int
	// Openings are move lists to start from, used in turn; when empty,
	// RandomPlies random legal moves start each pair of games (0 plays
	// from the empty board).
	Openings    [][]inarow.Move
	RandomPlies int
	Seed        uint64
	// Records, if set, is a directory where each game is written as
	// game-NNN.txt (inarow.Game's text record).
	Records string
	// Progress, if set, is called after each game.
	Progress func(n int, g *inarow.Game, r Result)
}

// Result counts the games from A's side.
type Result struct {
	Wins, Draws, Losses int
	// Forfeits counts games lost by an error (an outside program that
	// crashed, timed out or played illegally), included in the wins and
	// losses.
	Forfeits int
}

// Games is the number of games played.
func (r Result) Games() int { return r.Wins + r.Draws + r.Losses }

// Score is A's share of the points, a win 1 and a draw ½.
func (r Result) Score() float64 {
	if r.Games() == 0 {
		return 0.5
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// Elo returns A's Elo difference over B and the half-width of its 95%
// confidence interval, from the score and the spread of the game results
// (as cutechess-cli reports it). A perfect or null score has an infinite
// difference.
func (r Result) Elo() (diff, margin float64) {
	n := float64(r.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := r.Score()
	w, d, l := float64(r.Wins)/n, float64(r.Draws)/n, float64(r.Losses)/n
	dev := math.Sqrt((w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s) / n)
	lo, hi := s-1.959964*dev, s+1.959964*dev
	margin = (elo(hi) - elo(lo)) / 2
	if math.IsNaN(margin) { // a perfect score: no spread, no bound
		margin = math.Inf(1)
	}
	return elo(s) + 0, margin // + 0: no "-0"
}

func elo(s float64) float64 {
	if s <= 0 {
		return math.Inf(-1)
	}
	if s >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// String writes "+W =D -L, score S%, Elo D ± M".
func (r Result) String() string {
	d, m := r.Elo()
	return fmt.Sprintf("+%d =%d -%d, score %.1f%%, Elo %s ± %s", r.Wins, r.Draws, r.Losses, 100*r.Score(), signed(d), unsigned(m))
}

func signed(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	case math.Abs(v) < 0.5:
		return "+0"
	}
	return fmt.Sprintf("%+.0f", v)
}

func unsigned(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return "inf"
	}
	return fmt.Sprintf("%.0f", v)
}

// Run plays the match. A player's error loses that game (a forfeit)
// rather than ending the match; a cancelled context ends it.
func (m *Match) Run(ctx context.Context) (Result, error) {
	var res Result
	rnd := rand.New(rand.NewPCG(m.Seed, 0x5eed))
	if m.Records != "" {
		if err := os.MkdirAll(m.Records, 0o755); err != nil {
			return res, err
		}
	}
	var opening []inarow.Move
	for n := 0; n < m.Games; n++ {
		if n%2 == 0 {
			var err error
			if opening, err = m.opening(n/2, rnd); err != nil {
				return res, err
			}
		}
		aFirst := n%2 == 0
		g, winner, forfeit, err := m.play(ctx, opening, aFirst)
		if err != nil {
			return res, err
		}
		aSide := inarow.First
		if !aFirst {
			aSide = inarow.Second
		}
		switch winner {
		case inarow.NoPlayer:
			res.Draws++
		case aSide:
			res.Wins++
		default:
			res.Losses++
		}
		if forfeit {
			res.Forfeits++
		}
		if m.Records != "" {
			text, _ := g.MarshalText()
			name := filepath.Join(m.Records, fmt.Sprintf("game-%03d.txt", n+1))
			if err := os.WriteFile(name, text, 0o644); err != nil {
				return res, err
			}
		}
		if m.Progress != nil {
			m.Progress(n+1, g, res)
		}
	}
	return res, nil
}

// opening returns the i-th opening: from the list, or random plies that
// do not end the game.
func (m *Match) opening(i int, rnd *rand.Rand) ([]inarow.Move, error) {
	if len(m.Openings) > 0 {
		return m.Openings[i%len(m.Openings)], nil
	}
	for try := 0; try < 100; try++ {
		p, err := inarow.NewPosition(m.Rules)
		if err != nil {
			return nil, err
		}
		var ms []inarow.Move
		for len(ms) < m.RandomPlies && !p.Over() {
			legal := p.AppendLegal(nil)
			mv := legal[rnd.IntN(len(legal))]
			p, _ = p.Play(mv)
			ms = append(ms, mv)
		}
		if !p.Over() {
			return ms, nil
		}
	}
	return nil, fmt.Errorf("agent: no opening of %d plies keeps the game going", m.RandomPlies)
}

// play plays one game from the opening and returns it with the winner
// (NoPlayer for a draw) and whether it ended by a player's error.
func (m *Match) play(ctx context.Context, opening []inarow.Move, aFirst bool) (*inarow.Game, inarow.Player, bool, error) {
	g, err := inarow.NewGame(m.Rules)
	if err != nil {
		return nil, 0, false, err
	}
	for _, mv := range opening {
		if err := g.Play(mv); err != nil {
			return nil, 0, false, fmt.Errorf("agent: opening move %s: %w", m.Rules.FormatMove(mv), err)
		}
	}
	seats := [2]engine.Player{m.A, m.B}
	if !aFirst {
		seats = [2]engine.Player{m.B, m.A}
	}
	for !g.Position().Over() {
		p := g.Position()
		mv, err := engine.MoveAfter(ctx, seats[p.ToMove()], p, g.Moves())
		if ctx.Err() != nil {
			return nil, 0, false, ctx.Err()
		}
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return g, p.ToMove().Other(), true, nil // forfeit
		}
	}
	o := g.Position().Outcome()
	return g, o.Winner, false, nil
}
