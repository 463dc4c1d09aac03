//go:build !race

package solve

// store32 and store64 write the one-word entries of the tables that
// threads share (the transposition table's, the busy marks) with a plain
// store, not an atomic one. On amd64 an atomic store is an XCHG, which
// waits until the cache line has come from the other core that wrote it
// last; a plain store goes to the store buffer and the search goes on.
// The race is benign: in Go a word-sized read that races with writes
// sees one of the values written, never a mix (the memory model's
// implementation restrictions), and every entry is a whole bound that
// checks itself (its key's quotient) or only steers the threads (a mark).
// The readers still load atomically. Measured on 4453, 2 threads on 2
// cores at real-time priority, 6 runs each: a node cost 1.23 times one
// thread's (was 1.41), and the second thread gave 1.43 times one thread's
// speed (was 1.31). Under the race detector (store_race.go) the stores
// are atomic, so it checks the rest.
func store32(p *uint32, v uint32) { *p = v }

func store64(p *uint64, v uint64) { *p = v }
