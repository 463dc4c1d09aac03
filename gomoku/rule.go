package gomoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
)

// Rule is a rule of five in a row on an open board, as the Gomocup
// protocol names them. Black is inarow.First and always opens.
type Rule uint8

const (
	// Freestyle: five or more in a row wins (Gomocup INFO rule 0).
	Freestyle Rule = iota
	// Standard: exactly five wins; an overline wins for nobody (rule 1).
	Standard
	// Renju: the RIF rule (rule 4). Black wins only with exactly five and
	// may not play a forbidden move — a double-three, a double-four or an
	// overline — unless it makes five; white has no restriction and its
	// overline wins.
	Renju
	// Caro: five or more wins, but not a five blocked at both ends by the
	// opponent's stones; the board's edge does not block (rule 8).
	Caro
	// CaroExact: exactly five wins, and not when blocked at both ends
	// (rule 9 = 8|1).
	CaroExact
)

// Board sizes the rules accept: from 5×5 to 20×20 (the Gomocup freestyle
// board).
const (
	MinSize = 5
	MaxSize = inarow.MaxSize
)

var ruleNames = [...]string{Freestyle: "freestyle", Standard: "standard", Renju: "renju", Caro: "caro", CaroExact: "caro-exact"}

// AllRules lists every rule in order.
var AllRules = []Rule{Freestyle, Standard, Renju, Caro, CaroExact}

// String returns the rule's name: freestyle, standard, renju, caro or
// caro-exact.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// Valid reports whether r is one of the rules.
func (r Rule) Valid() bool { return int(r) < len(ruleNames) }

// Gomocup returns the rule's number in the Gomocup protocol's "INFO rule"
// (a bitmask: 1 exactly five, 4 renju, 8 caro): 0, 1, 4, 8 or 9.
func (r Rule) Gomocup() int {
	switch r {
	case Standard:
		return 1
	case Renju:
		return 4
	case Caro:
		return 8
	case CaroExact:
		return 9
	}
	return 0
}

// FromGomocup returns the rule of an "INFO rule" value, the module's one
// reading of it. The Gomocup protocol makes the value a bitmask: 1 exactly
// five, 2 continuous game, 4 renju, 8 caro. Bit 2 is not a rule of the
// board and is ignored. Renju (4) is a whole rule that already holds
// exactly five for black, so 4|1 = 5 is renju; caro (8) takes exactly five
// as 9. Renju with caro (12, 13) names two rules at once, and any other bit
// is none the protocol defines: both are an error wrapping
// inarow.ErrBadRules, so that a brain keeps the rule it had and says so
// instead of guessing.
func FromGomocup(n int) (Rule, error) {
	switch n &^ 2 {
	case 0:
		return Freestyle, nil
	case 1:
		return Standard, nil
	case 4, 5:
		return Renju, nil
	case 8:
		return Caro, nil
	case 9:
		return CaroExact, nil
	}
	return 0, fmt.Errorf("%w: Gomocup rule %d is none of 0, 1, 4, 8, 9", inarow.ErrBadRules, n)
}

// ParseRule reads a rule by its name (as String writes it; "exact" and
// "exactly5" stand for standard, "caro9" for caro-exact) or by its Gomocup
// number.
func ParseRule(s string) (Rule, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, name := range ruleNames {
		if s == name {
			return Rule(i), nil
		}
	}
	switch s {
	case "exact", "exactly5", "exact5", "gomoku":
		return Standard, nil
	case "caro9", "caroexact", "caro_exact":
		return CaroExact, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		return FromGomocup(n)
	}
	return 0, fmt.Errorf("%w: unknown rule %q (want freestyle, standard, renju, caro, caro-exact or a Gomocup number 0, 1, 4, 8, 9)", inarow.ErrBadRules, s)
}

// WinRule returns the core's win rule for r.
func (r Rule) WinRule() inarow.WinRule {
	switch r {
	case Standard:
		return inarow.ExactlyK
	case Renju:
		return inarow.FirstExactlyK
	case Caro:
		return inarow.Caro
	case CaroExact:
		return inarow.CaroExactlyK
	}
	return inarow.Overline
}

// Board returns the core rules of r on a size×size board, five in a row.
func (r Rule) Board(size int) (inarow.Rules, error) {
	if !r.Valid() {
		return inarow.Rules{}, fmt.Errorf("%w: unknown rule %d", inarow.ErrBadRules, uint8(r))
	}
	if size < MinSize || size > MaxSize {
		return inarow.Rules{}, fmt.Errorf("%w: a %s board is %d×%d to %d×%d, not %d×%d", inarow.ErrBadRules, r, MinSize, MinSize, MaxSize, MaxSize, size, size)
	}
	return inarow.Rules{Cols: size, Rows: size, K: 5, Win: r.WinRule()}, nil
}

// RuleOf returns the rule that core rules play: a board of MinSize to
// MaxSize columns and rows without gravity, five in a row. (A square board
// is not required.)
func RuleOf(r inarow.Rules) (Rule, bool) {
	if r.Gravity || r.K != 5 || r.Cols < MinSize || r.Cols > MaxSize || r.Rows < MinSize || r.Rows > MaxSize {
		return 0, false
	}
	for _, rule := range AllRules {
		if rule.WinRule() == r.Win {
			return rule, true
		}
	}
	return 0, false
}
