//go:build race

package inarow

// raceEnabled is true when the tests run with -race, which makes them
// several times slower: the long tests then do less.
const raceEnabled = true
