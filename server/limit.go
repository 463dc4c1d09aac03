package server

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter is a token bucket per client address: perMinute tokens a
// minute, bursts of twice as many. The server keeps one for new games
// (the one request that adds rows without end), one for moves and undos
// and one for analyses.
type limiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second
	burst   float64
	now     func() time.Time
	buckets map[string]*bucket
	last    time.Time // of the last sweep
}

type bucket struct {
	tokens float64
	at     time.Time
}

// newLimiter returns a limiter of perMinute requests, nil (no limit) for
// perMinute ≤ 0. now is its clock.
func newLimiter(perMinute int, now func() time.Time) *limiter {
	if perMinute <= 0 {
		return nil
	}
	return &limiter{rate: float64(perMinute) / 60, burst: float64(2 * perMinute), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for the client host (Server.clientKey); when none
// is left it returns false and how long to wait.
func (l *limiter) allow(host string) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.last) > time.Minute { // forget the full buckets
		for k, b := range l.buckets {
			if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
				delete(l.buckets, k)
			}
		}
		l.last = now
	}
	b := l.buckets[host]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[host] = b
	}
	b.tokens = min(l.burst, b.tokens+max(0, now.Sub(b.at).Seconds())*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// counter bounds what one client address holds at once (event streams).
type counter struct {
	mu  sync.Mutex
	max int
	n   map[string]int
}

func newCounter(max int) *counter {
	if max <= 0 {
		return nil
	}
	return &counter{max: max, n: map[string]int{}}
}

// take counts one more for the client host (Server.clientKey) and
// returns its release, or false when the client holds max already.
func (c *counter) take(host string) (func(), bool) {
	if c == nil {
		return func() {}, true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[host] >= c.max {
		return nil, false
	}
	c.n[host]++
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.n[host]--; c.n[host] <= 0 {
			delete(c.n, host)
		}
	}, true
}

// tooMany answers 429 with Retry-After (whole seconds, rounded up).
func tooMany(w http.ResponseWriter, wait time.Duration, msg string) {
	secs := int((wait + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	writeError(w, http.StatusTooManyRequests, msg)
}
