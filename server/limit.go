package server

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter is a token bucket per client address (the connection's, not a
// header's: a header can be forged). It bounds how fast one client can
// create games, the one request that adds rows without end.
type limiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second
	burst   float64
	buckets map[string]*bucket
	last    time.Time // of the last sweep
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(perMinute int) *limiter {
	if perMinute <= 0 {
		return nil
	}
	return &limiter{rate: float64(perMinute) / 60, burst: float64(2 * perMinute), buckets: map[string]*bucket{}}
}

// allow takes a token for the client of r; when none is left it returns
// false and how long to wait.
func (l *limiter) allow(r *http.Request) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	now := time.Now()
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
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

func tooMany(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
	writeError(w, http.StatusTooManyRequests, "too many new games from your address; try again in a minute")
}
