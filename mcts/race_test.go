//go:build race

package mcts

// raceEnabled: the race detector makes the search many times slower, so
// the long tests play fewer games.
const raceEnabled = true
