//go:build !race

package gomoku

const raceOn = false
