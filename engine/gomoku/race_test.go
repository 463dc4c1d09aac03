//go:build race

package gomokuengine

// raceEnabled is true when the tests run with -race, which makes the
// searches about ten times slower: the tests over random positions then
// take fewer of them (the same checks on a smaller sample), so the
// package stays well inside the test timeout on a loaded machine.
const raceEnabled = true

// raceDiv divides the sample sizes of the slowest tests under -race.
const raceDiv = 10

// raceDivFit divides those of the fit's tests under -race.
const raceDivFit = 5
