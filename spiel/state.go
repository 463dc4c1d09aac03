package spiel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
)

// State is a game in progress: the positions from the start and the
// actions that led to them. Unlike inarow.Position it is mutable
// (ApplyAction, UndoAction), as OpenSpiel's states are; Clone copies it.
type State struct {
	game    *Game
	pos     []inarow.Position // pos[0] is the start, the last is current
	actions []int
}

// Game returns the state's game.
func (s *State) Game() *Game { return s.game }

// Position returns the current inarow position.
func (s *State) Position() inarow.Position { return s.pos[len(s.pos)-1] }

// CurrentPlayer is 0 or 1, or TerminalPlayer (−4) once the game is over.
func (s *State) CurrentPlayer() int {
	p := s.Position()
	if p.Over() {
		return TerminalPlayer
	}
	return int(p.ToMove())
}

// IsTerminal reports whether the game is over.
func (s *State) IsTerminal() bool { return s.Position().Over() }

// History returns a copy of the actions applied since the start.
func (s *State) History() []int { return append([]int(nil), s.actions...) }

// MoveNumber is the number of actions applied.
func (s *State) MoveNumber() int { return len(s.actions) }

// actionOf converts an inarow move to the game's action id.
func (s *State) actionOf(m inarow.Move) int {
	if s.game.kind == connectFour {
		return int(m) % s.game.rules.Cols
	}
	return int(m)
}

// moveOf converts an action id to the move it makes now, with an error
// for an action that is not legal.
func (s *State) moveOf(a int) (inarow.Move, error) {
	p := s.Position()
	if p.Over() {
		return inarow.NoMove, fmt.Errorf("%w: %d: the game is over", ErrIllegalAction, a)
	}
	if a < 0 || a >= s.game.NumDistinctActions() {
		return inarow.NoMove, fmt.Errorf("%w: %d is not an action of %s", ErrIllegalAction, a, s.game)
	}
	if s.game.kind == connectFour {
		m, err := p.Drop(a)
		if err != nil {
			return inarow.NoMove, fmt.Errorf("%w: %d: %w", ErrIllegalAction, a, err)
		}
		return m, nil
	}
	if !p.Legal(inarow.Move(a)) {
		return inarow.NoMove, fmt.Errorf("%w: %d: cell is occupied", ErrIllegalAction, a)
	}
	return inarow.Move(a), nil
}

// LegalActions returns the legal actions in increasing order (none at the
// end of the game).
func (s *State) LegalActions() []int {
	var buf [inarow.MaxSize * inarow.MaxSize]inarow.Move
	ms := s.Position().AppendLegal(buf[:0])
	out := make([]int, len(ms))
	for i, m := range ms {
		out[i] = s.actionOf(m)
	}
	return out
}

// LegalActionsMask is 1 for each legal action id, 0 for the others.
func (s *State) LegalActionsMask() []int {
	mask := make([]int, s.game.NumDistinctActions())
	for _, a := range s.LegalActions() {
		mask[a] = 1
	}
	return mask
}

// ApplyAction plays action a for the current player; an illegal action is
// refused with ErrIllegalAction and leaves the state unchanged.
func (s *State) ApplyAction(a int) error {
	m, err := s.moveOf(a)
	if err != nil {
		return err
	}
	next, err := s.Position().Play(m)
	if err != nil {
		return fmt.Errorf("%w: %d: %w", ErrIllegalAction, a, err)
	}
	s.pos = append(s.pos, next)
	s.actions = append(s.actions, a)
	return nil
}

// UndoAction takes back the last action, which player must have played
// (OpenSpiel's UndoAction(player, action)).
func (s *State) UndoAction(player, action int) error {
	n := len(s.actions)
	if n == 0 {
		return fmt.Errorf("%w: no action to undo", ErrUndo)
	}
	if s.actions[n-1] != action || int(s.pos[n-1].ToMove()) != player {
		return fmt.Errorf("%w: the last action is %d by player %d, not %d by %d",
			ErrUndo, s.actions[n-1], s.pos[n-1].ToMove(), action, player)
	}
	s.pos = s.pos[:n]
	s.actions = s.actions[:n-1]
	return nil
}

// Returns is [1, −1] when player 0 has won, [−1, 1] when player 1 has,
// [0, 0] otherwise (negated for gomoku with anti=true).
func (s *State) Returns() []float64 {
	o := s.Position().Outcome()
	r := []float64{0, 0}
	if o.Status == inarow.Won {
		r[o.Winner], r[o.Winner.Other()] = 1, -1
		if s.game.anti {
			r[0], r[1] = -r[0], -r[1]
		}
	}
	return r
}

// Rewards are the returns at the end and zero before (terminal rewards).
func (s *State) Rewards() []float64 {
	if !s.IsTerminal() {
		return []float64{0, 0}
	}
	return s.Returns()
}

// PlayerReturn is Returns()[player].
func (s *State) PlayerReturn(player int) float64 { return s.Returns()[player] }

func stoneString(player int) string {
	switch player {
	case 0:
		return "x"
	case 1:
		return "o"
	}
	return "?"
}

// ActionToString writes action a of player as OpenSpiel does: "x(1,2)"
// (row, column) for tic_tac_toe and mnk, "x3" for connect_four, "7,7"
// (row, column) for gomoku.
func (s *State) ActionToString(player, a int) string {
	cols := s.game.rules.Cols
	switch s.game.kind {
	case connectFour:
		return stoneString(player) + strconv.Itoa(a)
	case gomoku:
		return strconv.Itoa(a/cols) + "," + strconv.Itoa(a%cols)
	}
	return fmt.Sprintf("%s(%d,%d)", stoneString(player), a/cols, a%cols)
}

// StringToAction finds the legal action whose ActionToString is str.
func (s *State) StringToAction(player int, str string) (int, error) {
	for _, a := range s.LegalActions() {
		if s.ActionToString(player, a) == str {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%w: no legal action matches %q", ErrIllegalAction, str)
}

// Clone returns an independent copy.
func (s *State) Clone() *State {
	return &State{
		game:    s.game,
		pos:     append([]inarow.Position(nil), s.pos...),
		actions: append([]int(nil), s.actions...),
	}
}

// Serialize writes the actions one a line, ending with a newline — the
// format of OpenSpiel's State::Serialize (a new game is "\n").
func (s *State) Serialize() string {
	var b strings.Builder
	for i, a := range s.actions {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(a))
	}
	b.WriteByte('\n')
	return b.String()
}

// HistoryString is the actions separated by ", ".
func (s *State) HistoryString() string {
	parts := make([]string, len(s.actions))
	for i, a := range s.actions {
		parts[i] = strconv.Itoa(a)
	}
	return strings.Join(parts, ", ")
}

// String draws the board as OpenSpiel's State::ToString does for each
// game: "x", "o", "." rows from the top (connect_four: each row ends with
// a newline; tic_tac_toe and mnk: rows joined by newlines; gomoku: "B" or
// "W" for the side to move, then rows of "b", "w", ".").
func (s *State) String() string {
	p := s.Position()
	r := s.game.rules
	var b strings.Builder
	glyph := [3]byte{'x', 'o', '.'}
	if s.game.kind == gomoku {
		glyph = [3]byte{'b', 'w', '.'}
		b.WriteString([]string{"B", "W"}[p.ToMove()])
		b.WriteByte('\n')
	}
	for y := 0; y < r.Rows; y++ {
		if y > 0 && (s.game.kind == ticTacToe || s.game.kind == mnk) {
			b.WriteByte('\n')
		}
		for x := 0; x < r.Cols; x++ {
			b.WriteByte(glyph[p.At(r.MoveAt(x, y))])
		}
		if s.game.kind == connectFour || s.game.kind == gomoku {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// ObservationString is String (the games are of perfect information).
func (s *State) ObservationString(player int) string { return s.String() }

// InformationStateString is HistoryString.
func (s *State) InformationStateString(player int) string { return s.HistoryString() }

// ObservationTensor returns the observation of player as a flat float32
// tensor in OpenSpiel's layout (see the package documentation).
func (s *State) ObservationTensor(player int) []float32 {
	t := make([]float32, s.game.ObservationTensorSize())
	s.ObservationTensorInto(player, t)
	return t
}

// ObservationTensorInto writes the observation into t, which must have
// ObservationTensorSize elements.
func (s *State) ObservationTensorInto(player int, t []float32) {
	g := s.game
	r := g.rules
	cells := r.Cells()
	clear(t[:3*cells])
	p := s.Position()
	for y := 0; y < r.Rows; y++ {
		for x := 0; x < r.Cols; x++ {
			who := p.At(r.MoveAt(x, y)) // First, Second or NoPlayer
			var plane, idx int
			switch g.kind {
			case ticTacToe, mnk: // empty, o, x
				plane = [3]int{2, 1, 0}[who]
				idx = y*r.Cols + x
			case connectFour: // x, o, empty; row 0 at the bottom
				plane = int(who)
				if g.egocentric { // opponent, own, empty
					switch {
					case who == inarow.NoPlayer:
						plane = 2
					case int(who) == player:
						plane = 1
					default:
						plane = 0
					}
				}
				idx = (r.Rows-1-y)*r.Cols + x
			case gomoku: // black, white, (to-move plane below)
				if who == inarow.NoPlayer {
					continue
				}
				plane = int(who)
				idx = y*r.Cols + x
			}
			t[plane*cells+idx] = 1
		}
	}
	if g.kind == gomoku && s.CurrentPlayer() == 0 {
		for i := 2 * cells; i < 3*cells; i++ {
			t[i] = 1
		}
	}
}
