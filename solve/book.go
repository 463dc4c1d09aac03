package solve

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/inarow/inarow"
)

// A Book is an opening book: the exact scores of early positions of one
// gravity game, computed by this package's solver, so that they answer
// at once. A generated book holds every position with at most Depth()
// stones where nobody has won and the player to move cannot win at once
// (those are answered without a search anyway), each under its
// canonical key: the smaller of the position's key (Board.Key) and its
// mirror image's, since mirrored positions have the same score.
//
// The file format (ReadBook, WriteTo) is reproducible — the same book is
// the same bytes:
//
//	inarow-book 1\n
//	rules=m=7,n=6,k=4,gravity depth=D count=N\n
//	N records, in increasing key order: uvarint(key − previous key)
//	(the first relative to 0), then the score as one signed byte.
type Book struct {
	g      *Geometry
	depth  int
	keys   []uint64
	scores []int8
}

// bookMagic opens every book file.
const bookMagic = "inarow-book 1\n"

// Rules returns the rules of the book's game.
func (bk *Book) Rules() inarow.Rules { return bk.g.Rules() }

// Depth returns the number of stones up to which the book is complete.
func (bk *Book) Depth() int { return bk.depth }

// Len returns the number of positions in the book.
func (bk *Book) Len() int { return len(bk.keys) }

// canonical returns the key of b shared with its mirror image.
func (g *Geometry) canonical(b Board) uint64 {
	k := b.Key()
	return min(k, g.mirror(k))
}

// Lookup returns the book's score of b for the player to move, if b (or
// its mirror image) is in the book. b must be a Board of the book's
// geometry (the same rules).
func (bk *Book) Lookup(b Board) (Score, bool) {
	if bk == nil || b.moves > bk.depth {
		return 0, false
	}
	k := bk.g.canonical(b)
	if i, ok := slices.BinarySearch(bk.keys, k); ok {
		return Score(bk.scores[i]), true
	}
	return 0, false
}

// WriteTo writes the book in its file format.
func (bk *Book) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(bookMagic)
	fmt.Fprintf(&buf, "rules=%v depth=%d count=%d\n", bk.Rules(), bk.depth, len(bk.keys))
	var tmp [binary.MaxVarintLen64]byte
	prev := uint64(0)
	for i, k := range bk.keys {
		buf.Write(tmp[:binary.PutUvarint(tmp[:], k-prev)])
		buf.WriteByte(byte(bk.scores[i]))
		prev = k
	}
	return buf.WriteTo(w)
}

// ErrBadBook is returned for a book file that cannot be read.
var ErrBadBook = errors.New("solve: bad opening book")

// ReadBook reads a book written by WriteTo.
func ReadBook(r io.Reader) (*Book, error) {
	br := bufio.NewReader(r)
	magic, err := br.ReadString('\n')
	if err != nil || magic != bookMagic {
		return nil, fmt.Errorf("%w: not a book file (want %q first)", ErrBadBook, strings.TrimSpace(bookMagic))
	}
	header, err := br.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadBook, err)
	}
	var rulesText string
	var depth, count int
	if _, err := fmt.Sscanf(strings.TrimSpace(header), "rules=%s depth=%d count=%d", &rulesText, &depth, &count); err != nil {
		return nil, fmt.Errorf("%w: header %q: %v", ErrBadBook, strings.TrimSpace(header), err)
	}
	rules, err := inarow.ParseRules(rulesText)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadBook, err)
	}
	g, err := NewGeometry(rules)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadBook, err)
	}
	if depth < 0 || count < 0 || count > 1<<32 {
		return nil, fmt.Errorf("%w: header %q", ErrBadBook, strings.TrimSpace(header))
	}
	bk := &Book{g: g, depth: depth, keys: make([]uint64, 0, min(count, 1<<20)), scores: make([]int8, 0, min(count, 1<<20))}
	prev := uint64(0)
	for i := 0; i < count; i++ {
		d, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, fmt.Errorf("%w: record %d: %v", ErrBadBook, i, err)
		}
		sc, err := br.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("%w: record %d: %v", ErrBadBook, i, err)
		}
		k := prev + d
		if (i > 0 && d == 0) || k < prev || (g.keyBits < 64 && k>>g.keyBits != 0) {
			return nil, fmt.Errorf("%w: record %d: keys out of order or too large", ErrBadBook, i)
		}
		if v := int(int8(sc)); v < -g.base || v > g.base {
			return nil, fmt.Errorf("%w: record %d: score %d out of range", ErrBadBook, i, v)
		}
		bk.keys = append(bk.keys, k)
		bk.scores = append(bk.scores, int8(sc))
		prev = k
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after %d records", ErrBadBook, count)
	}
	return bk, nil
}

// BookPositions returns the canonical positions a book of depth stones
// holds, in increasing number of stones and then of key: every position
// reachable from the empty board with at most depth stones where nobody
// has won and the player to move cannot win at once, one of each mirror
// pair.
func (g *Geometry) BookPositions(depth int) [][]Board {
	levels := make([][]Board, 0, depth+1)
	level := []Board{g.Empty()}
	for d := 0; d <= depth && len(level) > 0; d++ {
		var kept []Board
		for _, b := range level {
			if !g.CanWinNext(b) && b.moves < g.cells {
				kept = append(kept, b)
			}
		}
		levels = append(levels, kept)
		if d == depth {
			break
		}
		seen := map[uint64]bool{}
		var next []Board
		for _, b := range kept {
			for c := 0; c < g.W; c++ {
				if !g.CanPlay(b, c) {
					continue
				}
				child := g.Play(b, c)
				k := g.canonical(child)
				if seen[k] {
					continue
				}
				seen[k] = true
				next = append(next, child)
			}
		}
		sort.Slice(next, func(i, j int) bool { return g.canonical(next[i]) < g.canonical(next[j]) })
		level = next
	}
	return levels
}

// BookOptions tune GenerateBook.
type BookOptions struct {
	// Jobs is the number of solvers working in parallel: s and Jobs−1
	// more with tables of the same size and as many threads. 0 means 1.
	Jobs int
	// Progress, if not nil, is called after every solved position of the
	// deepest level with the number done (Known ones included) and the
	// total.
	Progress func(done, total int)
	// Known holds scores of deepest-level positions solved before, by
	// canonical key (BookKey) — a journal of an interrupted run read back:
	// they are not solved again. Keys of other positions are ignored.
	Known map[uint64]Score
	// Solved, if not nil, is called after each deepest-level position is
	// solved, with its canonical key and score, one call at a time: the
	// place to write a journal that a later run reads back into Known.
	Solved func(key uint64, v Score)
}

// BookKey returns the key under which a book (and BookOptions.Known)
// keeps b: the smaller of b's key and its mirror image's.
func (g *Geometry) BookKey(b Board) uint64 { return g.canonical(b) }

// GenerateBook computes the book of s's game to depth stones with s
// (whose table it uses; its own book, if any, is not looked up in the
// search, but when it holds the positions of depth−1 stones their scores
// bound those of their children from below, which saves the searches
// some null windows: 0.93 times the nodes on 12 positions of 7 stones
// with the depth-6 book and the MTD(f) probes, 0.85 with the earlier
// probes leaning to the ends). The
// positions with exactly depth stones are solved one by one, by
// opts.Jobs solvers working in parallel; the shallower ones then follow
// from their children's scores without a search. The result depends only
// on the game and depth, not on the jobs or on how many runs it took.
//
// The deepest level is the whole cost — a Connect Four position with 4
// stones takes seconds, the 25,495 with 7 stones an hour of two jobs — so
// long runs should keep a journal (opts.Solved) and resume from it
// (opts.Known).
func GenerateBook(ctx context.Context, s *C4Solver, depth int, opts BookOptions) (*Book, error) {
	if depth < 0 {
		return nil, fmt.Errorf("solve: negative book depth %d", depth)
	}
	g := s.g
	depth = min(depth, g.cells)
	levels := g.BookPositions(depth)
	// The deepest level: exact solves of what is not known yet.
	deepest := levels[len(levels)-1]
	results := make([]Score, len(deepest))
	var todo []int
	for i, b := range deepest {
		if v, ok := opts.Known[g.canonical(b)]; ok {
			results[i] = v
		} else {
			todo = append(todo, i)
		}
	}
	solvers := []*C4Solver{s}
	for len(solvers) < max(opts.Jobs, 1) && len(solvers) < len(todo) {
		o, err := NewC4(g.Rules(), Options{TableBytes: s.TableBytes(), NoBook: true, Threads: 1 + len(s.helpers)})
		if err != nil {
			return nil, err
		}
		solvers = append(solvers, o)
	}
	saved := s.book
	s.book, s.bookPly = nil, -1
	defer func() { s.setBook(saved) }()
	var (
		mu       sync.Mutex
		next     int
		done     = len(deepest) - len(todo)
		firstErr error
		wg       sync.WaitGroup
	)
	for _, sv := range solvers {
		wg.Add(1)
		go func(sv *C4Solver) {
			defer wg.Done()
			for {
				mu.Lock()
				n := next
				next++
				stop := firstErr != nil
				mu.Unlock()
				if stop || n >= len(todo) {
					return
				}
				i := todo[n]
				v, err := sv.SolveBookPosition(ctx, deepest[i], saved)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				results[i] = v
				done++
				if opts.Solved != nil {
					opts.Solved(g.canonical(deepest[i]), v)
				}
				if opts.Progress != nil {
					opts.Progress(done, len(deepest))
				}
				mu.Unlock()
			}
		}(sv)
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	scores := make(map[uint64]Score, len(deepest))
	for i, b := range deepest {
		scores[g.canonical(b)] = results[i]
	}
	return g.assemble(depth, levels, scores)
}

// SolveBookPosition returns the exact score of b, a position of a book's
// deepest level (BookPositions: nobody has won, the player to move
// cannot win at once), as SolveBoard does, but searching only above the
// lower bound that prev's scores of b's parents give: a parent P scores
// at least what its move to b does, so b scores at least −score(P). prev
// is a book of the same rules holding the level above (the built-in
// one, say); nil, or a book without b's parents, bounds nothing. It is
// how GenerateBook and the book workers solve the deepest level.
func (s *C4Solver) SolveBookPosition(ctx context.Context, b Board, prev *Book) (Score, error) {
	g := s.g
	lo, hi := -g.win(b.moves+1), g.win(b.moves)
	if prev == nil || prev.Rules() != g.Rules() || b.moves == 0 || b.moves >= g.cells || g.CanWinNext(b) {
		return s.solve(ctx, b, false)
	}
	mover := b.mask ^ b.current // the stones of the player who moved last
	for c := 0; c < g.W; c++ {
		stack := b.mask & g.col[c]
		if stack == 0 {
			continue
		}
		top := uint64(1) << (63 - bits.LeadingZeros64(stack))
		if mover&top == 0 {
			continue // the other player's stone: not the last move
		}
		p := Board{current: mover &^ top, mask: b.mask &^ top, moves: b.moves - 1}
		// A parent the book does not hold (one where its player could
		// have won at once, or an impossible one) gives no bound.
		if v, ok := prev.Lookup(p); ok {
			lo = max(lo, -int(v))
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	lo = min(lo, hi)
	v, ok := s.onEveryThread(func(h *C4Solver) (int, bool) { return h.bisect(ctx, b, lo, hi) })
	if !ok {
		return 0, ctx.Err()
	}
	return Score(v), nil
}

// AssembleBook builds the book of g's game to depth stones from the
// scores of its deepest positions alone, by canonical key (BookKey) —
// solved elsewhere, by other processes or machines — without a search:
// the same bytes as GenerateBook's book. Every position with exactly
// depth stones (BookPositions) must have a score in range; keys of other
// positions are ignored.
func (g *Geometry) AssembleBook(depth int, deepest map[uint64]Score) (*Book, error) {
	if depth < 0 {
		return nil, fmt.Errorf("solve: negative book depth %d", depth)
	}
	depth = min(depth, g.cells)
	return g.assemble(depth, g.BookPositions(depth), deepest)
}

// assemble is the book of depth stones from its levels (BookPositions)
// and the scores of the deepest level's positions: the shallower levels
// follow from their children's scores.
func (g *Geometry) assemble(depth int, levels [][]Board, deepest map[uint64]Score) (*Book, error) {
	bk := &Book{g: g, depth: depth}
	scores := make(map[uint64]int8, len(deepest))
	missing := 0
	for _, b := range levels[len(levels)-1] {
		k := g.canonical(b)
		v, ok := deepest[k]
		switch {
		case !ok:
			missing++
		case int(v) < -g.base || int(v) > g.base:
			return nil, fmt.Errorf("solve: book: score %d of key %d out of range ±%d", v, k, g.base)
		default:
			scores[k] = int8(v)
		}
	}
	if missing > 0 {
		return nil, fmt.Errorf("solve: book: %d of the %d positions with %d stones have no score", missing, len(levels[len(levels)-1]), len(levels)-1)
	}
	// The shallower levels, from the deepest up: the best child.
	for d := len(levels) - 2; d >= 0; d-- {
		for _, b := range levels[d] {
			best := -g.base - 1
			for c := 0; c < g.W; c++ {
				if !g.CanPlay(b, c) {
					continue
				}
				child := g.Play(b, c)
				var v int
				switch {
				case child.moves >= g.cells:
					v = 0
				case g.CanWinNext(child):
					v = -g.win(child.moves)
				default:
					cv, ok := scores[g.canonical(child)]
					if !ok {
						return nil, fmt.Errorf("solve: book: child of a level-%d position missing", d)
					}
					v = -int(cv)
				}
				best = max(best, v)
			}
			scores[g.canonical(b)] = int8(best)
		}
	}
	bk.keys = make([]uint64, 0, len(scores))
	for k := range scores {
		bk.keys = append(bk.keys, k)
	}
	slices.Sort(bk.keys)
	bk.scores = make([]int8, len(bk.keys))
	for i, k := range bk.keys {
		bk.scores[i] = scores[k]
	}
	return bk, nil
}

//go:embed books
var embeddedBooks embed.FS

var (
	embeddedOnce sync.Once
	embedded     map[inarow.Rules]*Book
	embeddedErr  error
)

// EmbeddedBook returns the book built into the program for rules r, or
// nil if there is none. The books are read once, on first use.
func EmbeddedBook(r inarow.Rules) (*Book, error) {
	embeddedOnce.Do(func() {
		embedded = map[inarow.Rules]*Book{}
		entries, err := embeddedBooks.ReadDir("books")
		if err != nil {
			embeddedErr = err
			return
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".book") {
				continue
			}
			f, err := embeddedBooks.Open("books/" + e.Name())
			if err != nil {
				embeddedErr = err
				return
			}
			bk, err := ReadBook(f)
			f.Close()
			if err != nil {
				embeddedErr = fmt.Errorf("%s: %w", e.Name(), err)
				return
			}
			if old := embedded[bk.Rules()]; old == nil || old.depth < bk.depth {
				embedded[bk.Rules()] = bk
			}
		}
	})
	if embeddedErr != nil {
		return nil, embeddedErr
	}
	return embedded[r], nil
}
