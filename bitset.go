package inarow

// words is the size of the fixed bitset: a 20×20 board with its padding
// column needs 20*21 = 420 bits.
const words = (MaxSize*(MaxSize+1) + 63) / 64

// bitset holds one player's stones in the padded layout described in the
// package documentation. Boards whose padded size fits 64 bits use word 0
// only; the other words stay zero.
type bitset [words]uint64

func (b *bitset) has(i int) bool { return b[i>>6]>>(uint(i)&63)&1 != 0 }
func (b *bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b *bitset) clear(i int)    { b[i>>6] &^= 1 << (uint(i) & 63) }

// rowMask[s] has a bit for every cell of an unlimited board whose stride is
// s (cols = s-1): every bit but the padding ones. Computed once at start,
// read-only after.
var rowMask [MaxSize + 2]bitset

func init() {
	for s := 2; s < len(rowMask); s++ {
		for i := 0; i < words*64; i++ {
			if i%s != s-1 {
				rowMask[s].set(i)
			}
		}
	}
}

// boardWord returns word w of the mask of the board's cells.
func (g geom) boardWord(w int) uint64 {
	m := rowMask[g.stride][w]
	limit := int(g.rows) * int(g.stride)
	switch lo := w * 64; {
	case lo >= limit:
		return 0
	case lo+64 > limit:
		m &= 1<<uint(limit-lo) - 1
	}
	return m
}
