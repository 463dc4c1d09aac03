package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sprt is a sequential probability ratio test of a brain's Elo over its
// pairs of games (one opening, both colours): Elo elo0 (H0) against elo1
// (H1), with both errors' chances alpha. Unlike an interval, its verdict
// may be read after every batch of games: it stops at the first LLR past
// a bound, and the chance of a wrong verdict stays alpha however often
// it is read (Wald). The LLR is the generalised SPRT's normal
// approximation that fishtest used for pentanomial pairs:
//
//	LLR = n · (s1 − s0) · (2·mean − s0 − s1) / (2·σ²)
//
// for n pairs of mean score mean and variance σ² (each pair one draw),
// s0 and s1 the scores elo0 and elo1 give by the logistic model. σ² is
// the clustered variance of the mean (clusteredMean) times n, so the
// replays of an opening count as one draw here too.
type sprt struct {
	elo0, elo1 float64
	alpha      float64 // = beta
}

// parseSPRT reads "ELO0,ELO1" (ELO0 < ELO1); the errors are 5 % each.
func parseSPRT(s string) (sprt, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return sprt{}, fmt.Errorf("--sprt %q: want ELO0,ELO1", s)
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err := errors.Join(err0, err1); err != nil {
		return sprt{}, fmt.Errorf("--sprt %q: %v", s, err)
	}
	if math.IsNaN(e0) || math.IsNaN(e1) || math.IsInf(e0, 0) || math.IsInf(e1, 0) || !(e0 < e1) || math.Abs(e0) >= 800 || math.Abs(e1) >= 800 {
		return sprt{}, fmt.Errorf("--sprt %q: want ELO0 < ELO1, each within ±800", s)
	}
	return sprt{elo0: e0, elo1: e1, alpha: 0.05}, nil
}

// bounds are the LLR's: at or below lo H0 is accepted, at or above hi H1.
func (t sprt) bounds() (lo, hi float64) {
	return math.Log(t.alpha / (1 - t.alpha)), math.Log((1 - t.alpha) / t.alpha)
}

// eloScore is the expected score of a brain Elo e stronger (elo's
// inverse).
func eloScore(e float64) float64 { return 1 / (1 + math.Pow(10, -e/400)) }

// llr is the test's log-likelihood ratio for pairs whose mean score is
// mean with twoSigma twice its standard error (clusteredMean's) over n
// pairs; not ok where the scores have no spread to measure yet.
func (t sprt) llr(mean, twoSigma float64, n int) (float64, bool) {
	return gsprt(mean, twoSigma, n, eloScore(t.elo0), eloScore(t.elo1))
}

// pairedLLR is the test's log-likelihood ratio for the difference of two
// brains a and b, each against the same opponent, over n pairs of games
// (one opening, one colour, one game of each): the mean of the pairs'
// score differences (a's less b's) is mean, with twoSigma twice its
// standard error (clusteredMean's); b scores base against the opponent.
// H0 puts a elo0 above b, H1 elo1, so the difference each expects is
// the score a brain that much stronger than b makes against the
// opponent, less base. The level b plays at is not known, only
// measured: base stands in for it (a plug-in, as fishtest's GSPRT takes
// the draw rate from the games). Not ok where the pairs have no spread
// yet or b won or lost every game (base gives no Elo).
func (t sprt) pairedLLR(mean, twoSigma float64, n int, base float64) (float64, bool) {
	if !(base > 0 && base < 1) {
		return 0, false
	}
	e := elo(base)
	return gsprt(mean, twoSigma, n, eloScore(e+t.elo0)-base, eloScore(e+t.elo1)-base)
}

// gsprt is the generalised SPRT's LLR for n draws of mean mean (twice its
// standard error twoSigma) between the expectations s0 (H0) and s1 (H1).
func gsprt(mean, twoSigma float64, n int, s0, s1 float64) (float64, bool) {
	v := float64(n) * (twoSigma / 2) * (twoSigma / 2) // a draw's variance
	if n < 2 || v <= 0 {
		return 0, false
	}
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * v), true
}

// verdict says what an LLR means.
func (t sprt) verdict(llr float64) string {
	lo, hi := t.bounds()
	switch {
	case llr >= hi:
		return fmt.Sprintf("H1 accepted: Elo %g rather than %g", t.elo1, t.elo0)
	case llr <= lo:
		return fmt.Sprintf("H0 accepted: Elo %g rather than %g", t.elo0, t.elo1)
	}
	return "no verdict yet: play on"
}
