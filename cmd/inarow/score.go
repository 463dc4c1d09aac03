package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/inarow/inarow/gomoku"
)

// runScore scores the brains of c-gomoku-cli's game records (SGF, a
// match's games one after another) against their common opponent, and
// compares each pair of brains over the games they played on the same
// opening with the same colour: a gauntlet's openings differ more than
// its brains do, so only such pairs compare brains. Games pair within
// one record file only: each file is taken for one sitting, whose brains
// ran beside each other on the same machine. Each brain's games on one
// opening with both colours (c-gomoku-cli's -repeat) are scored as pairs
// too, which leaves the opening's bias out of the error: the measure of a
// head-to-head match (one brain against another, the second named by
// --against). Every error counts the games of one opening (in one file)
// together: a gauntlet plays each opening again each round, and an
// opponent held to a fixed depth answers a repeat as it did before, so
// the repeats are not independent games (clusteredMean). With --across,
// games pair across files too: gauntlets of one brain each, run one
// after the other (or on two machines) on the same openings in the same
// order (c-gomoku-cli's srand), compare their brains by opening as one
// sitting would; an opening is then one cluster whichever file holds
// its games. With --sprt ELO0,ELO1 each brain's pairs also get a
// sequential test of Elo ELO0 against ELO1 (sprt), which may be read as
// the games come in, without the false results that looking at an
// interval again and again gives; where there are two brains or more,
// the differences of each pair of them over the games they played alike
// get the same test (pairedLLR): a change measured against a common
// opponent, side by side with the build it changes.
func runScore(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	against := fs.String("against", "", "the opponent every game has (default: the one player in every game)")
	across := fs.Bool("across", false, "pair games of different record files too (gauntlets run apart on the same openings)")
	sprtArg := fs.String("sprt", "", "ELO0,ELO1: a sequential test of the pairs' Elo, ELO0 against ELO1 (α = β = 0.05); of each two brains' paired difference too")
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "inarow score: %s\nusage: inarow score [--against NAME] [--across] [--sprt ELO0,ELO1] RECORD.sgf...\n", msg)
		return exitUsage
	}
	if err := fs.Parse(args); err != nil {
		return usage(err.Error())
	}
	var test *sprt
	if *sprtArg != "" {
		t, err := parseSPRT(*sprtArg)
		if err != nil {
			return usage(err.Error())
		}
		test = &t
	}
	if fs.NArg() == 0 {
		return usage("no record file")
	}
	var files [][]gomoku.Record
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "inarow score: %v\n", err)
			return 1
		}
		rs, err := gomoku.ParseSGFCollection(data)
		if err != nil {
			fmt.Fprintf(stderr, "inarow score: %s: %v\n", name, err)
			return 1
		}
		files = append(files, rs)
	}
	sc, err := scoreFiles(files, *against, *across)
	if err != nil {
		fmt.Fprintf(stderr, "inarow score: %v\n", err)
		return 1
	}
	sc.sprt = test
	sc.write(stdout)
	return exitOK
}

// A scoredGame is one game of a brain against the common opponent.
type scoredGame struct {
	key     string  // the record file (unless --across), the opening's cells and the brain's colour
	opening string  // the record file (unless --across) and the opening's cells
	colour  int     // the brain's: 0 black, 1 white
	score   float64 // 1 a win, ½ a draw, 0 a loss
}

// brainScore is what one brain did against the opponent.
type brainScore struct {
	name          string
	win, loss     int
	draw          int
	games         []scoredGame // in the records' order
	times         []int        // the brain's own moves' times, ms
	forfeits      int          // games lost by time, crash or illegal move
	forfeitReason map[string]int
}

// scores is the whole report.
type scores struct {
	against string
	read    int
	left    map[string]int // games left out, by why
	brains  []*brainScore  // in the order they first appear
	sprt    *sprt          // the sequential test of each brain's pairs, if asked for
}

// scoreFiles scores the records of files, every one of which must have
// against (or, if it is "", one common player) on one side; games pair
// within a file only, unless across.
func scoreFiles(files [][]gomoku.Record, against string, across bool) (*scores, error) {
	var recs []gomoku.Record
	var fileOf []int
	for fi, rs := range files {
		recs = append(recs, rs...)
		for range rs {
			fileOf = append(fileOf, fi)
		}
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("no game in the records")
	}
	if against == "" {
		for _, cand := range []string{recs[0].Black, recs[0].White} {
			if cand != "" && !slices.ContainsFunc(recs, func(r gomoku.Record) bool { return r.Black != cand && r.White != cand }) {
				against = cand
				break
			}
		}
		if against == "" {
			return nil, fmt.Errorf("no player is in every game: name the opponent with --against")
		}
	}
	sc := &scores{against: against, read: len(recs), left: map[string]int{}}
	byName := map[string]*brainScore{}
	for i, r := range recs {
		brain, colour := r.Black, 0
		if r.Black == against {
			brain, colour = r.White, 1
		} else if r.White != against {
			return nil, fmt.Errorf("game %d (%s – %s) is not against %s", i+1, r.Black, r.White, against)
		}
		if brain == against {
			return nil, fmt.Errorf("game %d: %s plays itself", i+1, against)
		}
		if len(r.Moves) <= r.Opening || r.Opening == 0 && len(r.Moves) <= 3 {
			sc.left["no move after the opening"]++
			continue
		}
		var s float64
		switch {
		case strings.HasPrefix(r.Result, "B+"):
			s = float64(1 - colour)
		case strings.HasPrefix(r.Result, "W+"):
			s = float64(colour)
		case r.Result == "0" || strings.EqualFold(r.Result, "draw"):
			s = 0.5
		default:
			sc.left[fmt.Sprintf("result %q", r.Result)]++
			continue
		}
		b := byName[brain]
		if b == nil {
			b = &brainScore{name: brain, forfeitReason: map[string]int{}}
			byName[brain] = b
			sc.brains = append(sc.brains, b)
		}
		switch s {
		case 1:
			b.win++
		case 0:
			b.loss++
		default:
			b.draw++
		}
		if s == 0 && !strings.Contains(r.Termination, "five") && !strings.Contains(r.Termination, "board") {
			b.forfeits++
			b.forfeitReason[r.Termination]++
		}
		// the file (unless across), the opening's cells and the
		// brain's colour: an opaque key
		opening := fmt.Sprint(fileOf[i], r.Moves[:r.Opening])
		if across {
			opening = fmt.Sprint(r.Moves[:r.Opening])
		}
		b.games = append(b.games, scoredGame{key: fmt.Sprint(opening, colour), opening: opening, colour: colour, score: s})
		for k := r.Opening; k < len(r.Times); k++ {
			if k%2 == colour {
				b.times = append(b.times, r.Times[k])
			}
		}
	}
	return sc, nil
}

// meanScore is the mean of the scores and twice its standard error.
func meanScore(ss []float64) (mean, twoSigma float64) {
	if len(ss) == 0 {
		return 0, 0
	}
	for _, s := range ss {
		mean += s
	}
	mean /= float64(len(ss))
	if len(ss) < 2 {
		return mean, 0
	}
	var v float64
	for _, s := range ss {
		v += (s - mean) * (s - mean)
	}
	return mean, 2 * math.Sqrt(v/float64(len(ss)-1)/float64(len(ss)))
}

// clusteredMean is the mean of the scores and twice its standard error,
// the scores of one cluster (cl, one per score: the opening they were
// played on) taken as one draw: the cluster-robust variance
//
//	G/(G−1) · Σ_clusters (Σ_its scores (s − mean))² / n²
//
// for n scores in G clusters, or meanScore's error if that is larger.
// Where every cluster holds one score the two are the same; where a
// cluster's scores move together (an opening replayed against an
// opponent that answers as before) the clusters' spread is the wider,
// as it should be. A cluster's scores that cancel would make it
// narrower than independent games allow, and a few clusters measure
// their spread poorly: the plain error is the floor.
func clusteredMean(ss []float64, cl []string) (mean, twoSigma float64) {
	mean, plain := meanScore(ss)
	sum := map[string]float64{}
	for i, s := range ss {
		sum[cl[i]] += s - mean
	}
	g := float64(len(sum))
	if g < 2 {
		return mean, plain
	}
	var v float64
	for _, d := range sum {
		v += d * d
	}
	n := float64(len(ss))
	return mean, max(plain, 2*math.Sqrt(g/(g-1)*v/(n*n)))
}

// gameScores returns b's games' scores and their openings.
func gameScores(b *brainScore) (ss []float64, cl []string) {
	for _, g := range b.games {
		ss, cl = append(ss, g.score), append(cl, g.opening)
	}
	return ss, cl
}

// paired returns a's and b's scores over the games both played on the
// same opening with the same colour (the kth such game of one with the
// kth of the other, in the records' order), as pairs, and each pair's
// opening.
func paired(a, b *brainScore) (sa, sb []float64, cl []string) {
	of := map[string][]float64{}
	for _, g := range b.games {
		of[g.key] = append(of[g.key], g.score)
	}
	used := map[string]int{}
	for _, g := range a.games {
		if k := used[g.key]; k < len(of[g.key]) {
			sa, sb, cl = append(sa, g.score), append(sb, of[g.key][k]), append(cl, g.opening)
			used[g.key]++
		}
	}
	return sa, sb, cl
}

// colourPairs returns b's scores over each opening played with both
// colours, the kth game as black with the kth as white (in the records'
// order): the mean of a pair's two games. Where each opening is played
// once each way, as c-gomoku-cli's -repeat does, the opening's bias for
// one colour cancels in the pair, and the pairs' spread is the brain's
// own (the pentanomial error of fishtest and its peers). It returns
// each pair's opening too.
func colourPairs(b *brainScore) (ps []float64, cl []string) {
	var byOpening [2]map[string][]float64
	for c := range byOpening {
		byOpening[c] = map[string][]float64{}
	}
	var order []string
	for _, g := range b.games {
		if len(byOpening[0][g.opening])+len(byOpening[1][g.opening]) == 0 {
			order = append(order, g.opening)
		}
		byOpening[g.colour][g.opening] = append(byOpening[g.colour][g.opening], g.score)
	}
	for _, o := range order {
		bl, wh := byOpening[0][o], byOpening[1][o]
		for k := range min(len(bl), len(wh)) {
			ps, cl = append(ps, (bl[k]+wh[k])/2), append(cl, o)
		}
	}
	return ps, cl
}

// pentanomial counts the pairs by score: 0, ¼, ½, ¾ and 1. The ends are
// the pairs a brain won or lost with both colours; they and the
// quarters are the pairs that tell two brains apart. A half is the same
// colour winning both games (or two draws): on issue 23's random
// openings, a third of the openings are won by one colour in nine games
// of ten or more whoever plays them, and at 1 s a move three pairs in
// four are halves (docs/performance.md, "Issue 23, session 82").
func pentanomial(ps []float64) (n [5]int) {
	for _, p := range ps {
		n[min(4, max(0, int(math.Round(p*4))))]++
	}
	return n
}

// elo is the rating difference that scores p (0 < p < 1) by the logistic
// model; ±Inf at the ends.
func elo(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

func (sc *scores) write(w io.Writer) {
	left := 0
	var why []string
	for k, n := range sc.left {
		left += n
		why = append(why, fmt.Sprintf("%s: %d", k, n))
	}
	slices.Sort(why)
	fmt.Fprintf(w, "%d games against %s", sc.read, sc.against)
	if left > 0 {
		fmt.Fprintf(w, ", %d left out (%s)", left, strings.Join(why, ", "))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "(every ± 2σ takes the games on one opening as one draw: repeats of an opening are not independent)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "brain\tgames\tW-L-D\tscore ± 2σ\tforfeits\tmove ms: median\t max\t")
	for _, b := range sc.brains {
		m, e := clusteredMean(gameScores(b))
		med, mx := "-", "-"
		if len(b.times) > 0 {
			t := slices.Sorted(slices.Values(b.times))
			med, mx = fmt.Sprint(t[len(t)/2]), fmt.Sprint(t[len(t)-1])
		}
		fmt.Fprintf(tw, "%s\t%d\t%d-%d-%d\t%.1f %% ± %.1f\t%d\t%s\t%s\t\n", b.name, len(b.games), b.win, b.loss, b.draw, 100*m, 100*e, b.forfeits, med, mx)
	}
	tw.Flush()
	for _, b := range sc.brains {
		var rs []string
		for r, n := range b.forfeitReason {
			rs = append(rs, fmt.Sprintf("%q %d", r, n))
		}
		if len(rs) > 0 {
			slices.Sort(rs)
			fmt.Fprintf(w, "%s's forfeits: %s\n", b.name, strings.Join(rs, ", "))
		}
	}
	sc.writeColourPairs(w)
	if len(sc.brains) < 2 {
		return
	}
	fmt.Fprintln(w, "\npaired: the games both brains played on the same opening with the same colour")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "brains\tpairs\tscores\tdifference ± 2σ\t")
	var tests []string // the paired SPRT's lines, if asked for
	for i, a := range sc.brains {
		for _, b := range sc.brains[i+1:] {
			sa, sb, cl := paired(a, b)
			if len(sa) == 0 {
				fmt.Fprintf(tw, "%s − %s\t0\t\t\t\n", a.name, b.name)
				continue
			}
			d := make([]float64, len(sa))
			for k := range sa {
				d[k] = sa[k] - sb[k]
			}
			ma, _ := meanScore(sa)
			mb, _ := meanScore(sb)
			md, e := clusteredMean(d, cl)
			fmt.Fprintf(tw, "%s − %s\t%d\t%.1f %% − %.1f %%\t%+.1f ± %.1f\t\n", a.name, b.name, len(sa), 100*ma, 100*mb, 100*md, 100*e)
			if sc.sprt == nil {
				continue
			}
			if llr, ok := sc.sprt.pairedLLR(md, e, len(sa), mb); ok {
				tests = append(tests, fmt.Sprintf("%s − %s: LLR %+.2f, %s", a.name, b.name, llr, sc.sprt.verdict(llr)))
			} else {
				tests = append(tests, fmt.Sprintf("%s − %s: no spread in the differences, or %s won or lost every game, no LLR", a.name, b.name, b.name))
			}
		}
	}
	tw.Flush()
	if len(tests) > 0 {
		lo, hi := sc.sprt.bounds()
		fmt.Fprintf(w, "\nSPRT of the paired differences: the first brain Elo %g (H0) against %g (H1) above the second, α = β = %g; LLR bounds [%.2f, %+.2f]\n", sc.sprt.elo0, sc.sprt.elo1, sc.sprt.alpha, lo, hi)
		for _, l := range tests {
			fmt.Fprintln(w, l)
		}
	}
}

// writeColourPairs writes each brain's score over its openings played
// with both colours (nothing if none was).
func (sc *scores) writeColourPairs(w io.Writer) {
	pairs := make([][]float64, len(sc.brains))
	clusters := make([][]string, len(sc.brains))
	some := false
	for i, b := range sc.brains {
		pairs[i], clusters[i] = colourPairs(b)
		some = some || len(pairs[i]) > 0
	}
	if !some {
		if sc.sprt != nil {
			fmt.Fprintln(w, "\nSPRT: no brain played an opening with both colours, no pairs to test")
		}
		return
	}
	fmt.Fprintf(w, "\nboth colours: each opening's game as black with its game as white, against %s\n", sc.against)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "brain\tpairs\tscore ± 2σ\tElo (2σ)\tby pair 0-¼-½-¾-1\t")
	for i, b := range sc.brains {
		if len(pairs[i]) == 0 {
			fmt.Fprintf(tw, "%s\t0\t\t\t\t\n", b.name)
			continue
		}
		m, e := clusteredMean(pairs[i], clusters[i])
		n := pentanomial(pairs[i])
		fmt.Fprintf(tw, "%s\t%d\t%.1f %% ± %.1f\t%+.0f [%+.0f, %+.0f]\t%d-%d-%d-%d-%d\t\n", b.name, len(pairs[i]), 100*m, 100*e, elo(m), elo(m-e), elo(m+e), n[0], n[1], n[2], n[3], n[4])
	}
	tw.Flush()
	fmt.Fprintln(w, "(a pair scoring ½: the same colour won both games, or both were drawn; such pairs do not tell the brains apart)")
	if sc.sprt == nil {
		return
	}
	t := sc.sprt
	lo, hi := t.bounds()
	fmt.Fprintf(w, "\nSPRT of the pairs: Elo %g (H0) against %g (H1), α = β = %g; LLR bounds [%.2f, %+.2f]\n", t.elo0, t.elo1, t.alpha, lo, hi)
	for i, b := range sc.brains {
		if len(pairs[i]) == 0 {
			continue
		}
		m, e := clusteredMean(pairs[i], clusters[i])
		llr, ok := t.llr(m, e, len(pairs[i]))
		if !ok {
			fmt.Fprintf(w, "%s: no spread in the pairs' scores yet, no LLR\n", b.name)
			continue
		}
		fmt.Fprintf(w, "%s: LLR %+.2f, %s\n", b.name, llr, t.verdict(llr))
	}
}
