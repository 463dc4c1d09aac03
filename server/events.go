package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// hub fans out "game changed" signals to the event streams of this
// process. Signals carry no data: a stream reloads the game and sends the
// view if its version moved on, so duplicates and coalescing are harmless.
//
// It also counts the streams open on each game (players and spectators
// alike: a stream holds no seat) and tells them when the count changes.
// The count is this process's: with several servers sharing PostgreSQL,
// each counts the streams it holds, and a page shows the watchers of the
// server it is connected to, not the sum.
type hub struct {
	mu     sync.Mutex
	subs   map[string]map[*sub]struct{}
	closed chan struct{}
}

// sub is one stream's subscription: changed signals a change of the
// game, watchers a change of the number of streams open on it.
type sub struct {
	changed  chan struct{}
	watchers chan struct{}
}

func newHub() *hub {
	return &hub{subs: map[string]map[*sub]struct{}{}, closed: make(chan struct{})}
}

// ping signals ch unless a signal is already pending.
func ping(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func (h *hub) subscribe(id string) (*sub, func()) {
	sb := &sub{changed: make(chan struct{}, 1), watchers: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.subs[id] == nil {
		h.subs[id] = map[*sub]struct{}{}
	}
	h.subs[id][sb] = struct{}{}
	for o := range h.subs[id] {
		ping(o.watchers)
	}
	h.mu.Unlock()
	return sb, func() {
		h.mu.Lock()
		delete(h.subs[id], sb)
		for o := range h.subs[id] {
			ping(o.watchers)
		}
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
		h.mu.Unlock()
	}
}

// watching returns the number of streams open on game id in this process.
func (h *hub) watching(id string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[id])
}

// publish signals the streams of game id; "" signals every stream (after
// a store's listener reconnected and may have missed changes).
func (h *hub) publish(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if id != "" {
		for sb := range h.subs[id] {
			ping(sb.changed)
		}
		return
	}
	for _, subs := range h.subs {
		for sb := range subs {
			ping(sb.changed)
		}
	}
}

func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.closed:
	default:
		close(h.closed)
	}
}

// handleEvents streams the game's view as Server-Sent Events: one
// "game" event at once and one after every change, with the version as
// the event id; every Heartbeat it reloads the game (sending it if it
// changed unheard) or writes a comment line to keep the connection alive.
// A "watchers" event {"watching": N} follows the first view and every
// change of the number of streams open on the game (see hub), and a
// "rematch" event {"id": ID} says, once, that a finished game's rematch
// exists (POST …/rematch), so that the other side's page can offer it.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	release, ok := s.streamsOf.take(s.clientKey(r))
	if !ok {
		tooMany(w, 10*time.Second, fmt.Sprintf("too many open event streams from your address (at most %d); close some pages", s.opt.StreamsPerAddress))
		return
	}
	defer release()
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		writeError(w, http.StatusServiceUnavailable, "too many open event streams; try again later")
		return
	}
	ctx := r.Context()
	sb, unsubscribe := s.hub.subscribe(id) // before the first load: no change is missed
	defer unsubscribe()
	st, err := s.load(ctx, id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	rc := http.NewResponseController(w)
	// The stream outlives the server's ReadTimeout, which would otherwise
	// end it (and cancel ctx) when the connection's read deadline passes.
	rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)

	var sent int64 = -1
	// send writes one event; the game's events carry its version as the
	// event id, the others none (the browser keeps the last id).
	send := func(event string, data []byte, version int64) bool {
		rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
		var err error
		if version > 0 {
			_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", version, event, data)
		} else {
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data)
		}
		return err == nil && rc.Flush() == nil
	}
	rematch := ""
	sendState := func() bool {
		if st.g.Version <= sent {
			return true
		}
		data, err := json.Marshal(s.view(st))
		if err != nil {
			return false
		}
		sent = st.g.Version
		return send("game", data, st.g.Version)
	}
	// sendRematch tells of the finished game's rematch once it exists.
	sendRematch := func() bool {
		if rematch != "" || !st.over() {
			return true
		}
		if next, ok := s.rematchOf(ctx, id); ok {
			rematch = next
			data, _ := json.Marshal(map[string]string{"id": next})
			return send("rematch", data, 0)
		}
		return true
	}
	watching := -1
	sendWatchers := func() bool {
		n := s.hub.watching(id)
		if n == watching {
			return true
		}
		watching = n
		return send("watchers", fmt.Appendf(nil, `{"watching":%d}`, n), 0)
	}
	rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
	if _, err := fmt.Fprintf(w, "retry: 2000\n\n"); err != nil {
		return
	}
	if !sendState() || !sendWatchers() || !sendRematch() {
		return
	}
	tick := time.NewTicker(s.opt.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.hub.closed:
			return
		case <-sb.watchers:
			if !sendWatchers() {
				return
			}
		case <-tick.C:
			// A periodic refresh, in case a change's signal was lost (a
			// process sharing the database died before its NOTIFY, or
			// the rematch was made on another server: the store
			// notifies the new game's id, not the old one's), then a
			// keep-alive comment.
			if fresh, err := s.load(ctx, id); err == nil && fresh.g.Version > sent {
				st = fresh
				if !sendState() || !sendRematch() {
					return
				}
				continue
			}
			if rematch == "" && st.over() {
				if !sendRematch() {
					return
				}
				if rematch != "" {
					continue
				}
			}
			rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-sb.changed:
			fresh, err := s.load(ctx, id)
			if err != nil {
				return
			}
			st = fresh
			if !sendState() || !sendRematch() {
				return
			}
		}
	}
}
