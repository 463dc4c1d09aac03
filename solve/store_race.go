//go:build race

package solve

import "sync/atomic"

// See store_norace.go.
func store32(p *uint32, v uint32) { atomic.StoreUint32(p, v) }

func store64(p *uint64, v uint64) { atomic.StoreUint64(p, v) }
