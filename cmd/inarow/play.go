package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/agent"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/tictactoe"
)

// variant is how the terminal shows one game and reads its moves.
type variant struct {
	rules    inarow.Rules
	stones   [3]string // First, Second, empty; each two columns wide
	colLabel func(x int) string
	rowLabel func(y int) string
	parse    func(p inarow.Position, s string) (inarow.Move, error)
	format   func(p inarow.Position, m inarow.Move) string
	how      string // how to type a move
}

func newVariant(game, rules string) (variant, error) {
	r, err := gameRules(game, rules)
	if err != nil {
		return variant{}, err
	}
	v := variant{
		rules:    r,
		stones:   [3]string{"⚫", "⚪", "· "},
		colLabel: func(x int) string { return string(rune('a' + x)) },
		rowLabel: func(y int) string { return strconv.Itoa(r.Rows - y) },
		parse:    func(p inarow.Position, s string) (inarow.Move, error) { return p.Rules().ParseMove(s) },
		format:   func(p inarow.Position, m inarow.Move) string { return p.Rules().FormatMove(m) },
		how:      "a column letter and a row number, like " + r.FormatMove(r.MoveAt(r.Cols/2, r.Rows/2)),
	}
	if r.Gravity {
		// Columns from 1, as on the page, in the API, the move strings,
		// solve and analyze; only step keeps the document's 0–6.
		v.stones = [3]string{"🟡", "🔴", "· "}
		v.colLabel = func(x int) string { return strconv.Itoa(x + 1) }
		v.rowLabel = func(int) string { return "" }
		v.parse = parseColumn
		v.format = func(p inarow.Position, m inarow.Move) string {
			x, _ := p.Rules().XY(m)
			return "column " + strconv.Itoa(x+1)
		}
		v.how = fmt.Sprintf("a column number 1–%d", r.Cols)
	}
	switch game {
	case "tictactoe":
		v.stones = [3]string{"❌", "⭕", "· "}
		v.colLabel = func(x int) string { return []string{"left", "center", "right"}[x] }
		v.rowLabel = func(y int) string { return []string{"top", "middle", "bottom"}[y] }
		v.parse = func(_ inarow.Position, s string) (inarow.Move, error) {
			if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 9 {
				return inarow.Move(n - 1), nil
			}
			return tictactoe.ParseMove(s)
		}
		v.format = func(_ inarow.Position, m inarow.Move) string { return tictactoe.FormatMove(m) }
		v.how = "a cell name like top-left or middle-center, or 1–9 row by row"
	case "gobang":
		v.colLabel = func(x int) string { return fmt.Sprintf("%02d", x+1) }
		v.rowLabel = func(y int) string { return fmt.Sprintf("%02d", y+1) }
		v.parse = func(_ inarow.Position, s string) (inarow.Move, error) { return gomoku.ParsePoint(s) }
		v.format = func(_ inarow.Position, m inarow.Move) string { return gomoku.FormatPoint(m) }
		v.how = "a point ROW-COLUMN like 05-05"
	}
	return v, nil
}

// parseColumn reads a column numbered from 1 (the leftmost).
func parseColumn(p inarow.Position, s string) (inarow.Move, error) {
	col, err := strconv.Atoi(s)
	if err != nil {
		return inarow.NoMove, fmt.Errorf("%w: %q is not a column number", inarow.ErrBadMove, s)
	}
	if cols := p.Rules().Cols; col < 1 || col > cols {
		return inarow.NoMove, fmt.Errorf("%w: column %d is outside 1 to %d", inarow.ErrOffBoard, col, cols)
	}
	return p.Drop(col - 1)
}

// playUsage is the command line of inarow play.
const playUsage = "usage: inarow play GAME [--rules RULES] [--rule RULE --size N] [--level 1|2|3] [--first human|computer] [--second human|computer] [--color auto|always|never] [--greet-time D]\n(you play first against the computer by default; --first computer alone seats you second)"

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, playUsage)
		return exitUsage
	}
	game := args[0]
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, playUsage); fs.PrintDefaults() }
	rules := fs.String("rules", "", "rules m=COLS,n=ROWS,k=K[,gravity][,exact] (for GAME mnk)")
	first := fs.String("first", "", "who plays first: human, computer or a player SPEC (inarow match's, e.g. agent:./mybot); default: human, or the computer when --second is human")
	second := fs.String("second", "", "who plays second: human, computer or a player SPEC; default: the computer, or human when --first is not human")
	color := fs.String("color", "auto", "colours: auto (when the output is a terminal and NO_COLOR is unset), always or never")
	gRule := fs.String("rule", "", "gomoku rule: freestyle, standard, renju, caro or caro-exact (for GAME gomoku)")
	gSize := fs.Int("size", 0, "gomoku board size, 5 to 20 (for GAME gomoku; default 15)")
	greet := fs.Duration("greet-time", agent.DefaultGreetTime, "time an outside program (agent:, pbrain:) seated by --first/--second has to start and greet")
	level := fs.Int("level", 3, "the computer's strength: 1 beginner, 2 club, 3 best (perfect where a solver exists)")
	if isHelp(game) { // inarow play --help: its usage and flags
		fs.Usage()
		return exitOK
	}
	if err := fs.Parse(args[1:]); err != nil {
		return helpOrUsage(err)
	}
	v, err := newVariant(game, *rules)
	if err == nil && (*gRule != "" || *gSize != 0) {
		v, err = gomokuVariant(v, game, *rules, *gRule, *gSize)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inarow play: %v\n", err)
		return exitUsage
	}
	if *level < 1 || *level > 3 {
		fmt.Fprintf(stderr, "inarow play: --level takes 1, 2 or 3, not %d\n", *level)
		return exitUsage
	}
	if *greet <= 0 {
		fmt.Fprintf(stderr, "inarow play: --greet-time %v: must be positive\n", *greet)
		return exitUsage
	}
	*first, *second = seating(*first, *second)
	var seats [2]engine.Player
	for i, who := range []string{*first, *second} {
		switch who {
		case "human":
		case "computer":
			// The computer of the server and of the agent specs at this
			// level: engine.For.
			if seats[i], err = engine.For(engine.Spec{Rules: v.rules, Level: *level}); err != nil {
				fmt.Fprintf(stderr, "inarow play: %v\n", err)
				return exitUsage
			}
		default:
			p, err := agent.NewPlayerGreet(context.Background(), who, v.rules, uint64(i+1), *greet)
			if err != nil {
				fmt.Fprintf(stderr, "inarow play: --first/--second take human, computer or a player spec:\n%s\n%v\n", agent.SpecHelp, err)
				return exitUsage
			}
			defer agent.Close(p)
			seats[i] = p
		}
	}
	useColor, err := colorWanted(*color, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "inarow play: %v\n", err)
		return exitUsage
	}
	s := session{v: v, title: gameTitle(game, v.rules), seats: seats, color: useColor, in: bufio.NewScanner(stdin), out: stdout, echo: !isTerminal(stdin)}
	return s.loop()
}

// seating fills the seat the user did not name so that a human plays the
// computer: naming one seat the computer (or a program) puts a human in
// the other, naming one seat human puts the computer in the other, and
// with neither named the human moves first.
func seating(first, second string) (string, string) {
	other := func(named string) string {
		if named == "human" {
			return "computer"
		}
		return "human"
	}
	switch {
	case first == "" && second == "":
		return "human", "computer"
	case first == "":
		return other(second), second
	case second == "":
		return first, other(first)
	}
	return first, second
}

// gameTitle is what a player calls the game, for the header: "Connect
// Four", "Renju 15×15", not the rules string m=15,n=15,k=5,first-exact.
func gameTitle(game string, r inarow.Rules) string {
	size := fmt.Sprintf("%d×%d", r.Cols, r.Rows)
	switch {
	case r == inarow.TicTacToe:
		return "Tic-tac-toe"
	case r == inarow.ConnectFour:
		return "Connect Four"
	case game == "gobang":
		return "Gobang " + size
	}
	if rule, ok := gomoku.RuleOf(r); ok {
		switch rule {
		case gomoku.Renju:
			return "Renju " + size
		case gomoku.Caro:
			return "Caro " + size
		case gomoku.CaroExact:
			return "Caro (exactly five) " + size
		}
		return "Gomoku (" + rule.String() + ") " + size
	}
	t := fmt.Sprintf("m,n,k %s, k=%d", size, r.K)
	if r.Gravity {
		t += ", gravity"
	}
	if r.Win != inarow.Overline {
		t += ", " + r.Win.String()
	}
	return t
}

func colorWanted(mode string, out io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		return isTerminal(out), nil
	}
	return false, fmt.Errorf("--color takes auto, always or never, not %q", mode)
}

func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

type session struct {
	v     variant
	title string               // the header's name of the game
	seats [2]engine.Player     // nil for a human
	marks map[inarow.Move]bool // points drawn "× ": renju's forbidden points, shown to black
	color bool
	in    *bufio.Scanner
	out   io.Writer
	echo  bool // input is not a terminal: repeat it after the prompt, so a transcript reads as a session
}

func (s *session) loop() int {
	g, _ := inarow.NewGame(s.v.rules)
	fmt.Fprintf(s.out, "%s%s — type %s; also: undo, help, quit\n", s.title, s.sides(), s.v.how)
	humans := s.seats[0] == nil || s.seats[1] == nil
	redraw := true
	for {
		p := g.Position()
		// One board a turn: none before the computer answers a human
		// (the answer's board shows both moves), every ply when only
		// computers play.
		if redraw && (p.Over() || s.seats[p.ToMove()] == nil || !humans) {
			s.markForbidden(p)
			s.draw(p)
		}
		redraw = true
		if p.Over() {
			s.announce(p)
			if !humans {
				return exitOK
			}
			switch s.afterGame() {
			case "again":
				g, _ = inarow.NewGame(s.v.rules)
				fmt.Fprintf(s.out, "new game: %s%s\n", s.title, s.sides())
			case "undo":
				s.undo(g)
			default:
				return exitOK
			}
			continue
		}
		who := p.ToMove()
		if bot := s.seats[who]; bot != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			m, err := engine.MoveAfter(ctx, bot, p, g.Moves())
			cancel()
			if err != nil {
				fmt.Fprintf(s.out, "the computer failed: %v\n", err)
				return 1
			}
			g.Play(m)
			fmt.Fprintf(s.out, "computer (%s) plays %s\n", strings.TrimSpace(s.v.stones[who]), s.v.format(p, m))
			continue
		}
		fmt.Fprintf(s.out, "%s to move: ", strings.TrimSpace(s.v.stones[who]))
		line, ok := s.read()
		if !ok {
			return exitOK
		}
		switch strings.ToLower(line) {
		case "":
			redraw = false
			continue
		case "quit", "exit", "q":
			fmt.Fprintln(s.out, "bye")
			return exitOK
		case "help", "?":
			fmt.Fprintf(s.out, "type %s; undo takes back your last move; quit ends the game\n", s.v.how)
			redraw = false
			continue
		case "undo", "u":
			s.undo(g)
			continue
		}
		m, err := s.v.parse(p, line)
		if err == nil {
			err = s.refuseForbidden(p, m, line)
		}
		if err == errShown {
			redraw = false
			continue
		}
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			fmt.Fprintf(s.out, "%q is not a legal move here: %s. Type %s.\n", line, reason(err), s.v.how)
			redraw = false
		}
	}
}

// sides says who plays which stones when a human plays the computer.
func (s *session) sides() string {
	for h := range 2 {
		if s.seats[h] == nil && s.seats[1-h] != nil {
			return fmt.Sprintf(": you are %s, the computer %s", strings.TrimSpace(s.v.stones[h]), strings.TrimSpace(s.v.stones[1-h]))
		}
	}
	return ""
}

// read returns the next line typed, trimmed (echoed when the input is not
// a terminal); false at the end of the input, after saying goodbye.
func (s *session) read() (string, bool) {
	if !s.in.Scan() {
		fmt.Fprintln(s.out, "\nbye")
		return "", false
	}
	line := strings.TrimSpace(s.in.Text())
	if s.echo {
		fmt.Fprintln(s.out, line)
	}
	return line, true
}

// afterGame asks what to do once a game has ended: "again" (a new game),
// "undo" (take back the last move, or the last two against the computer,
// to try another) or "quit".
func (s *session) afterGame() string {
	for {
		fmt.Fprint(s.out, "again, undo or quit? ")
		line, ok := s.read()
		if !ok {
			return "quit"
		}
		switch strings.ToLower(line) {
		case "again", "a", "new", "n", "yes", "y":
			return "again"
		case "undo", "u":
			return "undo"
		case "quit", "exit", "q", "no":
			fmt.Fprintln(s.out, "bye")
			return "quit"
		case "":
		default:
			fmt.Fprintf(s.out, "%q: type again for a new game, undo to take back the last move, or quit\n", line)
		}
	}
}

// undo takes back moves until a human is to move again.
func (s *session) undo(g *inarow.Game) {
	if g.Undo() != nil {
		fmt.Fprintln(s.out, "nothing to undo")
		return
	}
	// Back to a human's turn (if the computer opened, it simply moves again).
	for s.seats[g.Position().ToMove()] != nil && g.Undo() == nil {
	}
}

func reason(err error) string {
	msg := err.Error()
	return strings.TrimPrefix(msg, "inarow: ")
}

func (s *session) announce(p inarow.Position) {
	o := p.Outcome()
	switch o.Status {
	case inarow.Won:
		var cells []string
		for _, m := range o.Line.Cells(p.Rules()) {
			cells = append(cells, s.v.format(p, m))
		}
		fmt.Fprintf(s.out, "%s wins: %s\n", strings.TrimSpace(s.v.stones[o.Winner]), strings.Join(cells, ", "))
	case inarow.Drawn:
		fmt.Fprintln(s.out, "Draw: the board is full.")
	}
}

const (
	ansiReset = "\x1b[0m"
	ansiLast  = "\x1b[1;43m" // the last move: bold on yellow
	ansiLine  = "\x1b[1;42m" // the winning line: bold on green
	ansiDim   = "\x1b[2m"
)

// draw prints the board: column labels, then each row with its label.
// Every cell is four columns wide (stones are two-column glyphs). Without
// colour the last move is shown in brackets.
func (s *session) draw(p inarow.Position) {
	r := p.Rules()
	onLine := map[inarow.Move]bool{}
	if o := p.Outcome(); o.Status == inarow.Won {
		for _, m := range o.Line.Cells(r) {
			onLine[m] = true
		}
	}
	labelW := 0
	for y := 0; y < r.Rows; y++ {
		labelW = max(labelW, len(s.v.rowLabel(y)))
	}
	colW := 4 // " ⚫ ": a two-column glyph between spaces
	for x := 0; x < r.Cols; x++ {
		colW = max(colW, len(s.v.colLabel(x))+1)
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", labelW+1))
	for x := 0; x < r.Cols; x++ {
		l := s.v.colLabel(x)
		pad := colW - len(l)
		b.WriteString(strings.Repeat(" ", pad/2) + l + strings.Repeat(" ", pad-pad/2))
	}
	b.WriteByte('\n')
	for y := 0; y < r.Rows; y++ {
		fmt.Fprintf(&b, "%*s ", labelW, s.v.rowLabel(y))
		for x := 0; x < r.Cols; x++ {
			m := r.MoveAt(x, y)
			stone := s.v.stones[p.At(m)]
			if s.marks[m] {
				stone = forbiddenMark
			}
			cell := " " + stone + " "
			switch {
			case s.color && onLine[m]:
				cell = ansiLine + cell + ansiReset
			case s.color && m == p.LastMove():
				cell = ansiLast + cell + ansiReset
			case s.color && p.At(m) == inarow.NoPlayer:
				cell = ansiDim + cell + ansiReset
			case m == p.LastMove():
				cell = "[" + stone + "]"
			}
			pad := colW - 4
			b.WriteString(strings.Repeat(" ", pad/2) + cell + strings.Repeat(" ", pad-pad/2))
		}
		fmt.Fprintf(&b, " %s\n", s.v.rowLabel(y))
	}
	fmt.Fprint(s.out, b.String())
	s.listForbidden(p)
}
