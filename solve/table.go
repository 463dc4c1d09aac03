package solve

import (
	"math/bits"
	"sync/atomic"
)

// table is the transposition table: a fixed array of entries indexed by
// key mod n, n a prime. An entry keeps the quotient key / n, which with
// the index gives back the whole key (key = q·n + index), so a hit is
// never a collision; and a bound code of the value (0: empty). When the
// quotient and code fit 32 bits — 7×6 with 2²⁴ entries: 25 + 7 bits — an
// entry is one uint32, else one uint64; either way a probe is one cache
// line. A newer entry overwrites an older one at the same index.
//
// The division by n is a multiplication by a precomputed reciprocal
// (exact for keys below 1<<keyBits, see newTable) unless the key uses 63
// or 64 bits.
type table struct {
	n      uint64
	magic  uint64 // ⌈2^shift / n⌉
	shift  uint   // ≥ 64
	divide bool   // use the hardware division
	vbits  uint
	vmask  uint64
	small  []uint32
	large  []uint64
	// shared: threads use the table at once (see Options.Threads), so
	// its entries are read atomically, and written whole (store32,
	// store64). An entry is one word,
	// key and bound together, so a probe sees a whole entry or none and
	// needs no lock; a thread may overwrite another's entry, as any
	// newer entry does.
	shared bool
}

// newTable makes a table of about bytes bytes for keys below 1<<keyBits
// and codes below 1<<vbits.
func newTable(bytes int, keyBits, vbits uint) *table {
	t := &table{vbits: vbits, vmask: 1<<vbits - 1}
	// Try 4-byte entries first: they fit when the quotient has room.
	n := nextPrime(max(uint64(bytes/4), 1021))
	if quotientBits(keyBits, n)+vbits <= 32 {
		t.n = n
		t.small = make([]uint32, n)
	} else {
		n = nextPrime(max(uint64(bytes/8), 1021))
		for quotientBits(keyBits, n)+vbits > 64 {
			n = nextPrime(2 * n)
		}
		t.n = n
		t.large = make([]uint64, n)
	}
	t.touch()
	l := uint(bits.Len64(t.n))
	t.shift = max(keyBits+l, 64)
	if keyBits >= 63 || t.shift >= 128 {
		t.divide = true
	} else {
		// 2^shift / n with the 128-bit dividend 2^(shift-64) : 0.
		q, r := bits.Div64(1<<(t.shift-64), 0, t.n)
		if r != 0 {
			q++
		}
		t.magic = q
	}
	return t
}

// quotientBits is the size of key / n for keys below 1<<keyBits.
func quotientBits(keyBits uint, n uint64) uint {
	if keyBits >= 64 {
		return uint(bits.Len64(^uint64(0) / n))
	}
	return uint(bits.Len64((uint64(1)<<keyBits - 1) / n))
}

// split returns key / n and key mod n.
func (t *table) split(key uint64) (q, i uint64) {
	if t.divide {
		return key / t.n, key % t.n
	}
	hi, _ := bits.Mul64(key, t.magic)
	q = hi >> (t.shift - 64)
	return q, key - q*t.n
}

// get returns the code stored for key, 0 if none.
func (t *table) get(key uint64) uint64 {
	q, i := t.split(key)
	var e uint64
	switch {
	case t.shared && t.small != nil:
		e = uint64(atomic.LoadUint32(&t.small[i]))
	case t.shared:
		e = atomic.LoadUint64(&t.large[i])
	case t.small != nil:
		e = uint64(t.small[i])
	default:
		e = t.large[i]
	}
	if e>>t.vbits != q {
		return 0
	}
	return e & t.vmask
}

// put stores code (≠ 0) for key.
func (t *table) put(key, code uint64) {
	q, i := t.split(key)
	e := q<<t.vbits | code
	switch {
	case t.shared && t.small != nil:
		store32(&t.small[i], uint32(e))
	case t.shared:
		store64(&t.large[i], e)
	case t.small != nil:
		t.small[i] = uint32(e)
	default:
		t.large[i] = e
	}
}

// touch writes every page of the table once, so that the operating system
// maps it now rather than on the first probes of the first search.
//
// The pages are the system's own size (4 KiB). Transparent huge pages
// (madvise MADV_HUGEPAGE, 2 MiB) were asked for until session 18, to save
// TLB misses; on the project's machine (a 2-vCPU AMD EPYC virtual
// machine) they searched no faster — the empty 7×6 board 123.3 M nodes in
// 10.5 s with either, 24–25 M nodes/s with two threads — and took 2.2 s
// of kernel time to map a 1 GB table whose memory had been free for a
// few seconds, against 0.35 s: part of the spread of session 16's
// two-thread runs (docs/performance.md).
func (t *table) touch() {
	for i := 0; i < len(t.small); i += 1024 {
		t.small[i] = 0
	}
	for i := 0; i < len(t.large); i += 512 {
		t.large[i] = 0
	}
}

// reset empties the table.
func (t *table) reset() {
	clear(t.small)
	clear(t.large)
}

// bytes is the memory the entries use.
func (t *table) bytes() int { return 4*len(t.small) + 8*len(t.large) }

// nextPrime returns the smallest prime ≥ n.
func nextPrime(n uint64) uint64 {
	if n <= 2 {
		return 2
	}
	n |= 1
	for ; ; n += 2 {
		prime := true
		for d := uint64(3); d*d <= n; d += 2 {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			return n
		}
	}
}
