package gomoku

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
)

// ErrBadRecord is wrapped by every error of ParseSGF, ParsePSQ and
// ParseRecord.
var ErrBadRecord = errors.New("gomoku: bad record")

// Record is a game record: the rule and board, the moves from the empty
// board (black first, then alternating), and what the record says of the
// players and the result.
type Record struct {
	Rule  Rule
	Cols  int // board width
	Rows  int // board height (square boards have Cols == Rows)
	Moves []inarow.Move
	// Times holds each move's thinking time in milliseconds when the
	// record has them (the .psq third column, c-gomoku-cli's C[123ms]);
	// nil or as long as Moves.
	Times []int
	// Opening is how many of the first moves the record marks as a set
	// opening, played by neither player (c-gomoku-cli's C[opening
	// move]); their Times are 0.
	Opening int
	Black   string // SGF PB; the .psq first name line
	White   string // SGF PW; the .psq second name line
	Result  string // SGF RE: "B+1", "W+1", "0" (draw), "*" (unfinished), …
	// Termination is how the game ended in words (SGF TE, as
	// c-gomoku-cli writes it: "Black win by five connection", "White win
	// by time forfeit", …).
	Termination string
}

// Rules returns the core rules of the record's rule and board.
func (rec Record) Rules() (inarow.Rules, error) {
	r, err := rec.Rule.Board(rec.Cols)
	if err != nil {
		return r, err
	}
	if rec.Rows < MinSize || rec.Rows > MaxSize {
		return inarow.Rules{}, fmt.Errorf("%w: %d rows", inarow.ErrBadRules, rec.Rows)
	}
	r.Rows = rec.Rows
	return r, nil
}

// Position replays the moves under the record's rule (renju's forbidden
// moves refused) and returns the last position. The error names the
// move that was refused, counted from 1.
func (rec Record) Position() (inarow.Position, error) {
	r, err := rec.Rules()
	if err != nil {
		return inarow.Position{}, err
	}
	p, err := inarow.NewPosition(r)
	if err != nil {
		return p, err
	}
	for i, m := range rec.Moves {
		q, err := Play(p, m)
		if err != nil {
			return p, fmt.Errorf("move %d (%s): %w", i+1, r.FormatMove(m), err)
		}
		p = q
	}
	return p, nil
}

// ResultOf returns the SGF result of a position: "B+1" or "W+1" for a win
// (c-gomoku-cli's spelling), "0" for a draw, "*" for a game going on.
func ResultOf(p inarow.Position) string {
	o := p.Outcome()
	switch {
	case o.Status == inarow.Won && o.Winner == inarow.First:
		return "B+1"
	case o.Status == inarow.Won:
		return "W+1"
	case o.Status == inarow.Drawn:
		return "0"
	}
	return "*"
}

// ---- SGF ----

// MarshalSGF writes the record as SGF (FF[4], GM[4]) the way c-gomoku-cli
// writes its games: the root node with RU (the Gomocup rule number), SZ,
// PB, PW and RE, then one node per move, B[..] or W[..] with SGF's letter
// coordinates (column, then row from the top: "hh" is the centre of
// 15×15), eight moves a line, each with C[..ms] when the time is known.
func (rec Record) MarshalSGF() []byte {
	var b bytes.Buffer
	b.WriteString("(;FF[4]GM[4]")
	fmt.Fprintf(&b, "RU[%d]", rec.Rule.Gomocup())
	if rec.Cols == rec.Rows {
		fmt.Fprintf(&b, "SZ[%d]", rec.Cols)
	} else {
		fmt.Fprintf(&b, "SZ[%d:%d]", rec.Cols, rec.Rows)
	}
	for _, p := range [][2]string{{"PB", rec.Black}, {"PW", rec.White}, {"RE", rec.Result}, {"TE", rec.Termination}} {
		if p[1] != "" {
			b.WriteString(p[0] + "[" + sgfEscape(p[1]) + "]")
		}
	}
	b.WriteByte('\n')
	cols := max(rec.Cols, 1)
	for i, m := range rec.Moves {
		if i > 0 && i%8 == 0 {
			b.WriteByte('\n')
		}
		colour := "B"
		if i%2 == 1 {
			colour = "W"
		}
		x, y := int(m)%cols, int(m)/cols
		fmt.Fprintf(&b, ";%s[%c%c]", colour, 'a'+x, 'a'+y)
		if i < rec.Opening {
			b.WriteString("C[" + sgfOpening + "]")
		} else if i < len(rec.Times) {
			fmt.Fprintf(&b, "C[%dms]", rec.Times[i])
		}
	}
	b.WriteString(")\n")
	return b.Bytes()
}

func sgfEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `]`, `\]`)
	return r.Replace(s)
}

// sgfNode is one node: its properties in order, each with its values.
type sgfNode []sgfProp

type sgfProp struct {
	id     string
	values []string
}

// sgfParser reads the first game of a collection, following the first
// variation wherever the tree branches.
type sgfParser struct {
	s   string
	pos int
}

func (p *sgfParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: SGF at byte %d: %s", ErrBadRecord, p.pos, fmt.Sprintf(format, args...))
}

func (p *sgfParser) skipSpace() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

// tree reads a game tree "(" sequence { tree } ")" and returns the nodes
// of its main line.
func (p *sgfParser) tree(depth int) ([]sgfNode, error) {
	if depth > 1000 {
		return nil, p.errorf("variations nested too deep")
	}
	p.skipSpace()
	if p.pos >= len(p.s) || p.s[p.pos] != '(' {
		return nil, p.errorf("want '('")
	}
	p.pos++
	var nodes []sgfNode
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return nil, p.errorf("unterminated game tree")
		}
		switch p.s[p.pos] {
		case ';':
			p.pos++
			n, err := p.node()
			if err != nil {
				return nil, err
			}
			nodes = append(nodes, n)
		case '(':
			if len(nodes) == 0 {
				return nil, p.errorf("a variation before any node")
			}
			// The first variation continues the main line; the others
			// are read and dropped.
			main, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			nodes = append(nodes, main...)
			for {
				p.skipSpace()
				if p.pos < len(p.s) && p.s[p.pos] == '(' {
					if _, err := p.tree(depth + 1); err != nil {
						return nil, err
					}
					continue
				}
				break
			}
			p.skipSpace()
			if p.pos >= len(p.s) || p.s[p.pos] != ')' {
				return nil, p.errorf("want ')' after the variations")
			}
			p.pos++
			return nodes, nil
		case ')':
			p.pos++
			return nodes, nil
		default:
			return nil, p.errorf("unexpected %q", p.s[p.pos])
		}
	}
}

func (p *sgfParser) node() (sgfNode, error) {
	var n sgfNode
	for {
		p.skipSpace()
		start := p.pos
		for p.pos < len(p.s) && (p.s[p.pos] >= 'A' && p.s[p.pos] <= 'Z' || p.s[p.pos] >= 'a' && p.s[p.pos] <= 'z') {
			p.pos++
		}
		if start == p.pos {
			return n, nil
		}
		// FF[3] allows lower-case letters in identifiers; they are dropped.
		var id strings.Builder
		for _, c := range []byte(p.s[start:p.pos]) {
			if c >= 'A' && c <= 'Z' {
				id.WriteByte(c)
			}
		}
		prop := sgfProp{id: id.String()}
		for {
			p.skipSpace()
			if p.pos >= len(p.s) || p.s[p.pos] != '[' {
				break
			}
			p.pos++
			var v strings.Builder
			for {
				if p.pos >= len(p.s) {
					return nil, p.errorf("unterminated value of %s", prop.id)
				}
				c := p.s[p.pos]
				p.pos++
				if c == ']' {
					break
				}
				if c == '\\' && p.pos < len(p.s) {
					c = p.s[p.pos]
					p.pos++
				}
				v.WriteByte(c)
			}
			prop.values = append(prop.values, v.String())
		}
		if len(prop.values) == 0 {
			return nil, p.errorf("property %s has no value", prop.id)
		}
		n = append(n, prop)
	}
}

// ParseSGF reads a gomoku SGF record (GM[4], or no GM): SZ (a number, or
// "cols:rows"; 15 when absent, as the SGF specification has it for
// gomoku), RU (a Gomocup rule number or a rule name; freestyle when
// absent), PB, PW, RE, TE, and the moves B[..]/W[..] of the main line,
// which must alternate from black. Setup stones (AB, AW) and passes are
// refused. Times are read from comments "C[123ms]" as c-gomoku-cli writes
// them, and its leading moves commented "opening move" are the Opening.
// Moves are checked for the board but not replayed: Position does
// that.
func ParseSGF(data []byte) (Record, error) {
	p := &sgfParser{s: string(data)}
	nodes, err := p.tree(0)
	if err != nil {
		return Record{}, err
	}
	return sgfRecord(nodes)
}

// ParseSGFCollection reads every game of an SGF collection (game trees
// one after another, as c-gomoku-cli writes a match's games into one
// file), each as ParseSGF reads one. An error names the game (from 1).
func ParseSGFCollection(data []byte) ([]Record, error) {
	p := &sgfParser{s: string(data)}
	var recs []Record
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return recs, nil
		}
		nodes, err := p.tree(0)
		if err == nil {
			var rec Record
			if rec, err = sgfRecord(nodes); err == nil {
				recs = append(recs, rec)
				continue
			}
		}
		return nil, fmt.Errorf("game %d: %w", len(recs)+1, err)
	}
}

// sgfOpening is c-gomoku-cli's comment on the moves of a set opening.
const sgfOpening = "opening move"

// sgfRecord is the record of a game tree's main line.
func sgfRecord(nodes []sgfNode) (Record, error) {
	rec := Record{Rule: Freestyle, Cols: 15, Rows: 15}
	var times []int
	timed := true
	for i, n := range nodes {
		for _, prop := range n {
			v := prop.values[0]
			switch prop.id {
			case "GM":
				if strings.TrimSpace(v) != "4" {
					return Record{}, fmt.Errorf("%w: SGF game GM[%s] is not gomoku (GM[4])", ErrBadRecord, v)
				}
			case "SZ":
				c, r, ok := sgfSize(v)
				if !ok {
					return Record{}, fmt.Errorf("%w: SGF size SZ[%s] is not %d to %d", ErrBadRecord, v, MinSize, MaxSize)
				}
				rec.Cols, rec.Rows = c, r
			case "RU":
				rule, err := ParseRule(v)
				if err != nil {
					return Record{}, fmt.Errorf("%w: SGF rule RU[%s]: %v", ErrBadRecord, v, err)
				}
				rec.Rule = rule
			case "PB":
				rec.Black = v
			case "PW":
				rec.White = v
			case "RE":
				rec.Result = v
			case "TE":
				rec.Termination = v
			case "AB", "AW", "AE":
				return Record{}, fmt.Errorf("%w: SGF setup stones %s are not supported", ErrBadRecord, prop.id)
			}
		}
		var move *sgfProp
		for j := range n {
			if n[j].id == "B" || n[j].id == "W" {
				if move != nil {
					return Record{}, fmt.Errorf("%w: SGF node %d has two moves", ErrBadRecord, i)
				}
				move = &n[j]
			}
		}
		if move == nil {
			continue
		}
		want := "B"
		if len(rec.Moves)%2 == 1 {
			want = "W"
		}
		if move.id != want {
			return Record{}, fmt.Errorf("%w: SGF move %d is %s, want %s (black first, then alternating)", ErrBadRecord, len(rec.Moves)+1, move.id, want)
		}
		v := move.values[0]
		if len(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z' {
			return Record{}, fmt.Errorf("%w: SGF move %d %s[%s] is not a point (a pass?)", ErrBadRecord, len(rec.Moves)+1, move.id, v)
		}
		x, y := int(v[0]-'a'), int(v[1]-'a')
		if x >= rec.Cols || y >= rec.Rows {
			return Record{}, fmt.Errorf("%w: SGF move %d %s[%s] is off the %d×%d board", ErrBadRecord, len(rec.Moves)+1, move.id, v, rec.Cols, rec.Rows)
		}
		rec.Moves = append(rec.Moves, inarow.Move(y*rec.Cols+x))
		if rec.Opening == len(rec.Moves)-1 && sgfComment(n) == sgfOpening {
			rec.Opening++
			times = append(times, 0)
			continue
		}
		ms, ok := sgfTime(n)
		timed = timed && ok
		times = append(times, ms)
	}
	if timed && len(times) > 0 {
		rec.Times = times
	}
	if len(nodes) == 0 {
		return Record{}, fmt.Errorf("%w: SGF game has no node", ErrBadRecord)
	}
	return rec, nil
}

// sgfTime reads c-gomoku-cli's move comment "123ms".
func sgfTime(n sgfNode) (int, bool) {
	if s, ok := strings.CutSuffix(sgfComment(n), "ms"); ok {
		if ms, err := strconv.Atoi(s); err == nil && ms >= 0 {
			return ms, true
		}
	}
	return 0, false
}

// sgfComment is the node's comment C[..], spaces trimmed ("" if none).
func sgfComment(n sgfNode) string {
	for _, prop := range n {
		if prop.id == "C" {
			return strings.TrimSpace(prop.values[0])
		}
	}
	return ""
}

func sgfSize(v string) (cols, rows int, ok bool) {
	cs, rs, two := strings.Cut(v, ":")
	cols, err := strconv.Atoi(strings.TrimSpace(cs))
	if err != nil {
		return 0, 0, false
	}
	rows = cols
	if two {
		if rows, err = strconv.Atoi(strings.TrimSpace(rs)); err != nil {
			return 0, 0, false
		}
	}
	ok = cols >= MinSize && cols <= MaxSize && rows >= MinSize && rows <= MaxSize
	return cols, rows, ok
}

// ---- Piskvork .psq ----

// MarshalPSQ writes the record as a Piskvork .psq file: the header
// "Piskvorky WxH, 11:11, 0", one line "x,y,time" a move with 1-based x
// (column) and y (row from the top) and the time in milliseconds (0 when
// unknown), the two players' names when the record has them, and
// Piskvork's closing error code, -1 ("unavailable"). The rule is not
// part of the format.
func (rec Record) MarshalPSQ() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Piskvorky %dx%d, 11:11, 0\n", rec.Cols, rec.Rows)
	cols := max(rec.Cols, 1)
	for i, m := range rec.Moves {
		t := 0
		if i < len(rec.Times) {
			t = rec.Times[i]
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", int(m)%cols+1, int(m)/cols+1, t)
	}
	if rec.Black != "" || rec.White != "" {
		fmt.Fprintf(&b, "%s\n%s\n", psqName(rec.Black), psqName(rec.White))
	}
	b.WriteString("-1\n")
	return b.Bytes()
}

// psqName keeps a name on its line.
func psqName(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
	if s == "" {
		return "-"
	}
	return s
}

// ParsePSQ reads a Piskvork .psq record as Piskvork reads it: the header
// "Piskvorky WxH, A:B, H", then "x,y[,time]" lines with 1-based
// coordinates, then optionally the two players' lines and the error
// code. The rule is not in the file: the record says Freestyle (set Rule
// before replaying another one).
func ParsePSQ(data []byte) (Record, error) {
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(data)), "\n")
	header := strings.TrimSpace(strings.TrimPrefix(lines[0], "\ufeff"))
	var w, h, o1, o2, who int
	if n, err := fmt.Sscanf(header, "Piskvorky %dx%d, %d:%d, %d", &w, &h, &o1, &o2, &who); n != 5 || err != nil {
		return Record{}, fmt.Errorf("%w: .psq header %q is not \"Piskvorky WxH, A:B, H\"", ErrBadRecord, header)
	}
	if w < MinSize || w > MaxSize || h < MinSize || h > MaxSize {
		return Record{}, fmt.Errorf("%w: .psq board %dx%d is not %d to %d", ErrBadRecord, w, h, MinSize, MaxSize)
	}
	rec := Record{Rule: Freestyle, Cols: w, Rows: h}
	i := 1
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		fields := strings.Split(l, ",")
		if len(fields) < 2 || len(fields) > 3 {
			break
		}
		var v [3]int
		for j, f := range fields {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return Record{}, fmt.Errorf("%w: .psq line %d %q is not x,y,time", ErrBadRecord, i+1, l)
			}
			v[j] = n
		}
		if v[0] < 1 || v[0] > w || v[1] < 1 || v[1] > h {
			return Record{}, fmt.Errorf("%w: .psq line %d: move %d,%d is off the %dx%d board", ErrBadRecord, i+1, v[0], v[1], w, h)
		}
		if v[2] < 0 {
			return Record{}, fmt.Errorf("%w: .psq line %d: negative time", ErrBadRecord, i+1)
		}
		rec.Moves = append(rec.Moves, inarow.Move((v[1]-1)*w+v[0]-1))
		rec.Times = append(rec.Times, v[2])
	}
	// The rest: the players' lines, then the error code.
	var rest []string
	for ; i < len(lines); i++ {
		if l := strings.TrimSpace(lines[i]); l != "" {
			rest = append(rest, l)
		}
	}
	if len(rest) > 0 {
		if _, err := strconv.Atoi(rest[len(rest)-1]); err == nil {
			rest = rest[:len(rest)-1]
		}
	}
	switch len(rest) {
	case 0:
	case 2:
		rec.Black, rec.White = unPsqName(rest[0]), unPsqName(rest[1])
	default:
		return Record{}, fmt.Errorf("%w: .psq has %d lines after the moves, want the two players and the error code", ErrBadRecord, len(rest))
	}
	if len(rec.Moves) == 0 {
		rec.Times = nil
	}
	return rec, nil
}

func unPsqName(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// ParseRecord reads an SGF or a .psq record, telling them apart by their
// first bytes.
func ParseRecord(data []byte) (Record, error) {
	s := strings.TrimLeft(strings.TrimPrefix(string(data), "\ufeff"), " \t\r\n")
	switch {
	case strings.HasPrefix(s, "("):
		return ParseSGF(data)
	case strings.HasPrefix(s, "Piskvorky"):
		return ParsePSQ([]byte(s))
	}
	return Record{}, fmt.Errorf("%w: neither SGF (\"(;\") nor Piskvork .psq (\"Piskvorky\")", ErrBadRecord)
}
