package server

import "sync"

// gameCache keeps one value per game, for one version of it: what the
// server derives from a game (its view, its analysis) is rebuilt only when
// the game changes. It holds at most max games and, when full, forgets
// them all at once: a cleared entry costs one rebuild, and the bound needs
// no eviction order to keep. Safe for concurrent use.
type gameCache[V any] struct {
	mu  sync.Mutex
	max int
	m   map[string]cached[V]
}

type cached[V any] struct {
	version int64
	v       V
}

func newGameCache[V any](max int) *gameCache[V] {
	return &gameCache[V]{max: max, m: make(map[string]cached[V])}
}

// get returns the value kept for game id at version.
func (c *gameCache[V]) get(id string, version int64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || e.version != version {
		var zero V
		return zero, false
	}
	return e.v, true
}

// put keeps v for game id at version, unless a later version of the game
// is kept already (a slow request must not replace a newer value with its
// older one).
func (c *gameCache[V]) put(id string, version int64, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[id]; ok && old.version > version {
		return
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[id] = cached[V]{version, v}
}
