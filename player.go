package inarow

// Player is the side that places a stone: First moves first (❌, 🟡, ⚫,
// Player1 in the documents), Second answers.
type Player uint8

const (
	First  Player = 0
	Second Player = 1
	// NoPlayer is the winner of a game nobody has won.
	NoPlayer Player = 2
)

// Other returns the opponent of First or Second.
func (p Player) Other() Player { return p ^ 1 }

func (p Player) String() string {
	switch p {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return "none"
}
