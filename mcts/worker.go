package mcts

import (
	"sync"

	"github.com/inarow/inarow"
)

// worker is one goroutine's search: its own tree, board and generator.
// Root parallelism: workers share nothing while they search; their root
// statistics are summed at the end (see Engine.Search).
type worker struct {
	geo       *geometry
	root      *node
	rootPos   inarow.Position
	rootBoard *board
	b         *board
	rng       rng
	path      []*node
	cands     []int16
	nodes     int
	iters     int64

	mu   sync.Mutex // guards snap
	snap []childStat
}

type childStat struct {
	cell  int16
	n     int32
	w     float64
	proof int8
}

func newWorker(g *geometry, seed uint64) *worker {
	return &worker{geo: g, rootBoard: newBoard(g), b: newBoard(g), rng: newRNG(seed)}
}

// setRoot makes p the root, keeping the subtree of the old tree when p is
// the old root or one or two moves after it (tree reuse).
func (w *worker) setRoot(p inarow.Position) {
	if w.root != nil {
		if n := w.find(p); n != nil {
			nr := new(node)
			*nr = *n // drop the siblings' subtrees
			w.root = nr
			w.rootPos = p
			w.rootBoard.set(p)
			w.nodes = nr.count()
			return
		}
	}
	w.root = &node{mover: 3 - (stone1 + uint8(p.ToMove())), cell: -1}
	w.rootPos = p
	w.rootBoard.set(p)
	w.nodes = 1
	if p.Over() {
		w.root.terminal = true
	}
}

// find returns the node of the current tree for p, or nil.
func (w *worker) find(p inarow.Position) *node {
	old := w.rootPos
	if old.Rules() != p.Rules() {
		return nil
	}
	d := p.Ply() - old.Ply()
	if d < 0 || d > 2 {
		return nil
	}
	var added [2]inarow.Move
	k := 0
	for m := inarow.Move(0); int(m) < w.geo.cells; m++ {
		a, b := old.At(m), p.At(m)
		if a == b {
			continue
		}
		if a != inarow.NoPlayer || k == 2 {
			return nil
		}
		added[k] = m
		k++
	}
	if k != d {
		return nil
	}
	if d == 0 {
		if p.ToMove() != old.ToMove() {
			return nil
		}
		return w.root
	}
	if d == 2 && p.At(added[0]) != old.ToMove() {
		added[0], added[1] = added[1], added[0]
	}
	n := w.root
	for i := 0; i < d; i++ {
		want := w.geo.toGrid[added[i]]
		var next *node
		for j := range n.children {
			if n.children[j].cell == want {
				next = &n.children[j]
				break
			}
		}
		if next == nil || next.mover != stone1+uint8(p.At(added[i])) {
			return nil
		}
		n = next
	}
	if p.LastMove() != inarow.NoMove && w.geo.toGrid[p.LastMove()] != n.cell {
		return nil
	}
	return n
}

// iterate runs one MCTS iteration: select, expand, play out, back up.
func (w *worker) iterate(c float64, maxNodes int, tactics bool) {
	b := w.b
	b.copyFrom(w.rootBoard)
	n := w.root
	path := append(w.path[:0], n)
	for n.expanded && n.proof == 0 && !n.terminal {
		n = n.selectChild(c)
		w.descend(n)
		path = append(path, n)
	}
	if !n.expanded && !n.terminal && n.proof == 0 && (n.n > 0 || n == w.root) && w.nodes < maxNodes {
		w.expand(n)
		n = n.selectChild(c)
		w.descend(n)
		path = append(path, n)
	}
	var winner uint8
	switch {
	case n.proof == proofWin:
		winner = n.mover
	case n.proof == proofLoss:
		winner = 3 - n.mover
	case n.terminal:
		winner = b.winner
	default:
		winner = b.playout(&w.rng, tactics)
	}
	for _, p := range path {
		p.n++
		switch winner {
		case p.mover:
			p.w++
		case 0:
			p.w += 0.5
		}
	}
	if n.proof != 0 {
		for i := len(path) - 2; i >= 0; i-- {
			if !path[i].updateProof() {
				break
			}
		}
	}
	w.path = path
	w.iters++
}

// descend plays n's move on the worker's board and notes whether it ended
// the game.
func (w *worker) descend(n *node) {
	won := w.b.play(int(n.cell))
	if w.b.over() {
		n.terminal = true
		if won {
			n.proof = proofWin
		}
	}
}

// expand gives n its children: the winning move if the player to move has
// one; else, if the opponent threatens to win, the cells that stop it;
// else every legal move (on a large board without gravity, every empty
// cell within two of a stone).
func (w *worker) expand(n *node) {
	b := w.b
	g := w.geo
	me, opp := b.toMove, 3-b.toMove
	cands := w.legal()
	var forced []int16
	for _, c := range cands {
		if b.winsAt(int(c), me) {
			forced = append(forced[:0], c)
			break
		}
		if b.winsAt(int(c), opp) {
			forced = append(forced, c)
		}
	}
	if len(forced) > 0 {
		cands = forced
	} else if !g.gravity && g.cells > 64 {
		all := len(cands)
		cands = w.near(cands)
		n.partial = len(cands) < all
	}
	n.children = make([]node, len(cands))
	for i := range cands {
		j := w.rng.intn(i + 1) // shuffle as we go
		n.children[i] = n.children[j]
		n.children[j] = node{cell: cands[i], mover: me}
	}
	n.expanded = true
	w.nodes += len(cands)
}

// legal returns the playable cells of the worker's board.
func (w *worker) legal() []int16 {
	b := w.b
	w.cands = w.cands[:0]
	for _, s := range b.slots {
		w.cands = append(w.cands, int16(b.slotCell(s)))
	}
	return w.cands
}

// near keeps the cells within two (in both directions) of a stone; on an
// empty board, the centre.
func (w *worker) near(cands []int16) []int16 {
	b, g := w.b, w.geo
	out := cands[:0]
	if b.ply == 0 {
		c := int(g.toGrid[g.rules.MoveAt(g.cols/2, g.rows/2)])
		return append(out, int16(c))
	}
	for _, c := range cands {
		found := false
		for dy := -2; dy <= 2 && !found; dy++ {
			for dx := -2; dx <= 2; dx++ {
				i := int(c) + dy*g.stride + dx
				if i >= 0 && i < len(b.grid) && (b.grid[i] == stone1 || b.grid[i] == stone2) {
					// stepping dx across the border wraps to the next
					// row's far side: check the column distance.
					if x, cx := g.col(i), g.col(int(c)); x-cx <= 2 && cx-x <= 2 {
						found = true
						break
					}
				}
			}
		}
		if found {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// snapshot copies the root's children statistics for the progress report.
func (w *worker) snapshot() {
	w.mu.Lock()
	w.snap = w.snap[:0]
	for i := range w.root.children {
		ch := &w.root.children[i]
		w.snap = append(w.snap, childStat{ch.cell, ch.n, ch.w, ch.proof})
	}
	w.mu.Unlock()
}
