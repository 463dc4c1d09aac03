//go:build !race

package gomokuengine

// raceEnabled is true when the tests run with -race, which makes the
// searches about ten times slower: the tests over random positions then
// take fewer of them (the same checks on a smaller sample), so the
// package stays well inside the test timeout on a loaded machine.
const raceEnabled = false
