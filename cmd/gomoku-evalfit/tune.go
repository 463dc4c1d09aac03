package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"

	gomokuengine "github.com/inarow/inarow/engine/gomoku"
)

// tune tunes the engine's search (gomokuengine.Tuning) by SPSA, the way
// chess engines tune theirs (Stockfish's fishtest): for each pair of
// games it moves every parameter at once by ±c at random, plays the
// engine one way (θ+c·Δ) against the engine the other way (θ−c·Δ) from
// one opening with each colour, and moves θ along Δ by how much the
// first won:
//
//	gomoku-evalfit tune -openings rand240-15.txt -turn 80 -pairs 2000 -state tune.txt -o tune.log
//
// Both engines are in this process (-workers games at once, each engine
// on one thread); -turn is each move's timeout_turn. The step follows
// fishtest's schedule: c_k = c/(k+1)^0.101 and a_k = a/(A+k+1)^0.602 with
// A a tenth of the pairs, c and a set so that at the last pair the
// perturbation is each parameter's c_end and the step r_end·c_end per
// game won; θ += a_k/c_k · result · Δ. The state file holds θ and the
// pairs played so far: a run that finds it goes on from there (-pairs is
// then the whole run's). Each line of the log is a pair: its number, its
// opening, the result for θ+ (−2 to 2), the two games' stones (θ+ black
// in the first) and θ after it.
func tune(args []string) error {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	openings := fs.String("openings", "", "openings file (c-gomoku-cli's offset format: x,y offsets from the centre), played in turn, each with both colours")
	turn := fs.Int("turn", 80, "each move's timeout_turn, ms")
	pairs := fs.Int("pairs", 1000, "opening pairs (two games each) of the whole run")
	workers := fs.Int("workers", 2, "games played at once")
	// (fishtest's usual r_end is 0.002, for runs of tens of thousands of
	// games; a session's few thousand need a larger step to move at all:
	// session 63 of issue 23 ran 0.01)
	rEnd := fs.Float64("r", 0.01, "the step at the last pair, in c_end per game won (fishtest's r_end)")
	state := fs.String("state", "", "θ and the pairs played: read if it exists, written after every pair")
	seed := fs.Uint64("seed", 1, "seed of the perturbations")
	out := fs.String("o", "-", "log file (written anew: give a run that goes on from a state another)")
	rulep := addRuleFlag(fs, "the rule the games are played under")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *openings == "" || *turn <= 0 || *pairs <= 0 || *workers <= 0 || *rEnd <= 0 {
		return errors.New("tune: -openings, and a positive -turn, -pairs, -workers and -r are needed")
	}
	rules := genRules(*rulep)
	ops, err := readOpeningLines(*openings, rules)
	if err != nil {
		return err
	}
	sp := newSPSA(*pairs, *rEnd)
	if *state != "" {
		if err := sp.load(*state); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	w, done, err := createOut(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# gomoku-evalfit tune %s\n", strings.Join(args, " "))
	fmt.Fprintf(w, "# pair opening result plies1 plies2 %s\n", strings.Join(tuneNames(), " "))
	rng := rand.New(rand.NewPCG(*seed, uint64(sp.k)))
	var mu sync.Mutex
	var firstErr error
	next := sp.k
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := &gomokuengine.Engine{MaxMemory: 16 << 20}
			b := &gomokuengine.Engine{MaxMemory: 16 << 20}
			for {
				mu.Lock()
				if next >= *pairs || firstErr != nil {
					mu.Unlock()
					return
				}
				k := next
				next++
				plus, minus, delta, ck := sp.perturb(k, rng)
				mu.Unlock()
				op := ops[k%len(ops)]
				a.Tuning, b.Tuning = plus, minus
				r1, n1, err1 := playTuneGame(a, b, rules, op, *turn)
				r2, n2, err2 := playTuneGame(b, a, rules, op, *turn)
				mu.Lock()
				if err := errors.Join(err1, err2); err != nil {
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
					return
				}
				res := pairResult(r1, r2)
				sp.update(k, res, delta, ck)
				fmt.Fprintf(w, "%d %d %g %d %d %s\n", k, k%len(ops), res, n1, n2, sp.String())
				w.Flush()
				if *state != "" {
					if err := sp.save(*state); err != nil {
						firstErr = cmp.Or(firstErr, err)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t := sp.tuning()
	fmt.Fprintf(w, "# after %d pairs: pbrain-inarow -tuning %q\n", sp.k, t.String())
	return errors.Join(firstErr, done())
}

// readOpeningLines reads an offset openings file in order as moves on
// the rules' board, each opening checked to be a legal start.
func readOpeningLines(path string, rules inarow.Rules) ([][]inarow.Move, error) {
	offs, err := readOffsets(path)
	if err != nil {
		return nil, err
	}
	var ops [][]inarow.Move
	for n, st := range offs {
		var ms []inarow.Move
		for _, o := range st {
			x, y := o[0]+rules.Cols/2, o[1]+rules.Rows/2
			if x < 0 || y < 0 || x >= rules.Cols || y >= rules.Rows {
				return nil, fmt.Errorf("%s opening %d: %d,%d is off the board", path, n+1, o[0], o[1])
			}
			ms = append(ms, rules.MoveAt(x, y))
		}
		if _, err := gameOf(rules, ms); err != nil {
			return nil, fmt.Errorf("%s opening %d: %v", path, n+1, err)
		}
		ops = append(ops, ms)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return ops, nil
}

// playTuneGame plays black against white from the opening and returns
// black's score (1, ½ or 0) and the stones on the board at the end.
func playTuneGame(black, white *gomokuengine.Engine, rules inarow.Rules, opening []inarow.Move, turn int) (float64, int, error) {
	game, err := gameOf(rules, opening)
	if err != nil {
		return 0, 0, err
	}
	black.NewGame()
	white.NewGame()
	for !game.Position().Over() {
		e := black
		if game.Position().ToMove() == inarow.Second {
			e = white
		}
		r, err := e.Search(context.Background(), game.Position(), gomokuengine.Limits{TurnTime: time.Duration(turn) * time.Millisecond, Recent: game.Moves()})
		if err != nil {
			return 0, 0, err
		}
		if err := game.Play(r.Move); err != nil {
			return 0, 0, fmt.Errorf("the engine's move %v: %v", r.Move, err)
		}
	}
	n := game.Position().Ply()
	switch o := game.Position().Outcome(); {
	case o.Status != inarow.Won:
		return 0.5, n, nil
	case o.Winner == inarow.First:
		return 1, n, nil
	}
	return 0, n, nil
}

// pairResult is θ+'s score less θ−'s over a pair, from black's scores in
// the game θ+ played black (r1) and in the one θ− did (r2): r1 + (1−r2) −
// ((1−r1) + r2), from −2 to 2 (fishtest's wins less losses).
func pairResult(r1, r2 float64) float64 { return 2 * (r1 - r2) }

// A tuneParam is one field of Tuning as SPSA moves it.
type tuneParam struct {
	name   string  // the field's (gomokuengine.TuningField)
	cEnd   float64 // the perturbation at the last pair
	lo, hi float64 // θ stays within
}

// field is p's field of t.
func (p tuneParam) field(t *gomokuengine.Tuning) *int { return gomokuengine.TuningField(p.name)(t) }

var tuneParams = []tuneParam{
	{name: "LMR", cEnd: 10, lo: -60, hi: 150},
	{name: "Kind", cEnd: 15, lo: -100, hi: 200},
	{name: "Count", cEnd: 10, lo: -60, hi: 150},
	{name: "Futility", cEnd: 15, lo: -90, hi: 200},
	{name: "FailHigh", cEnd: 15, lo: -90, hi: 200},
	{name: "Ext", cEnd: 20, lo: -100, hi: 200},
	{name: "PV", cEnd: 20, lo: -100, hi: 200},
	{name: "History", cEnd: 3, lo: -8, hi: 40},
	{name: "Moves", cEnd: 3, lo: -16, hi: 40},
	{name: "Me", cEnd: 10, lo: -60, hi: 150},
	{name: "Op", cEnd: 10, lo: -60, hi: 150},
	{name: "Threat", cEnd: 15, lo: -90, hi: 200},
	{name: "Lines", cEnd: 15, lo: -90, hi: 200},
}

func tuneNames() []string {
	var n []string
	for _, p := range tuneParams {
		n = append(n, p.name)
	}
	return n
}

// spsa is the tuner's state: θ and the pairs played.
type spsa struct {
	theta []float64
	k     int
	n     int     // the run's pairs
	rEnd  float64 // r_end
}

const (
	spsaAlpha = 0.602
	spsaGamma = 0.101
)

func newSPSA(pairs int, rEnd float64) *spsa {
	return &spsa{theta: make([]float64, len(tuneParams)), n: pairs, rEnd: rEnd}
}

// c is parameter i's perturbation at pair k.
func (s *spsa) c(i, k int) float64 {
	return tuneParams[i].cEnd * math.Pow(float64(s.n), spsaGamma) / math.Pow(float64(k+1), spsaGamma)
}

// a is the step's numerator at pair k for parameter i (fishtest's a_k).
func (s *spsa) a(i, k int) float64 {
	A := 0.1 * float64(s.n)
	ce := tuneParams[i].cEnd
	return s.rEnd * ce * ce * math.Pow(A+float64(s.n), spsaAlpha) / math.Pow(A+float64(k+1), spsaAlpha)
}

// perturb draws pair k's Δ and returns the two Tunings.
func (s *spsa) perturb(k int, rng *rand.Rand) (plus, minus gomokuengine.Tuning, delta, ck []float64) {
	delta, ck = make([]float64, len(s.theta)), make([]float64, len(s.theta))
	for i, p := range tuneParams {
		delta[i] = float64(1 - 2*rng.IntN(2))
		ck[i] = s.c(i, k)
		*p.field(&plus) = int(math.Round(clampF(s.theta[i]+ck[i]*delta[i], p.lo, p.hi)))
		*p.field(&minus) = int(math.Round(clampF(s.theta[i]-ck[i]*delta[i], p.lo, p.hi)))
	}
	return plus, minus, delta, ck
}

// update moves θ by pair k's result for θ+ (its score less θ−'s, −2 to 2).
func (s *spsa) update(k int, result float64, delta, ck []float64) {
	for i, p := range tuneParams {
		s.theta[i] = clampF(s.theta[i]+s.a(i, k)/ck[i]*result*delta[i], p.lo, p.hi)
	}
	s.k++
}

func clampF(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// tuning is θ rounded.
func (s *spsa) tuning() gomokuengine.Tuning {
	var t gomokuengine.Tuning
	for i, p := range tuneParams {
		*p.field(&t) = int(math.Round(s.theta[i]))
	}
	return t
}

func (s *spsa) String() string {
	var b strings.Builder
	for i, v := range s.theta {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.2f", v)
	}
	return b.String()
}

// save writes the state: "pairs K", then "NAME θ" a line each.
func (s *spsa) save(path string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "pairs %d\n", s.k)
	for i, p := range tuneParams {
		fmt.Fprintf(&b, "%s %g\n", p.name, s.theta[i])
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// load reads a state that save wrote.
func (s *spsa) load(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return s.read(f, path)
}

func (s *spsa) read(r io.Reader, name string) error {
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return fmt.Errorf("%s line %d: %q", name, n, sc.Text())
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s line %d: %q", name, n, sc.Text())
		}
		if f[0] == "pairs" {
			if v < 0 || v != math.Trunc(v) {
				return fmt.Errorf("%s line %d: %q", name, n, sc.Text())
			}
			s.k = int(v)
			continue
		}
		i := -1
		for j, p := range tuneParams {
			if p.name == f[0] {
				i = j
			}
		}
		if i < 0 {
			return fmt.Errorf("%s line %d: no parameter %q", name, n, f[0])
		}
		s.theta[i] = clampF(v, tuneParams[i].lo, tuneParams[i].hi)
	}
	return sc.Err()
}
