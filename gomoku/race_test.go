//go:build race

package gomoku

const raceOn = true
