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
type hub struct {
	mu     sync.Mutex
	subs   map[string]map[chan struct{}]struct{}
	closed chan struct{}
}

func newHub() *hub {
	return &hub{subs: map[string]map[chan struct{}]struct{}{}, closed: make(chan struct{})}
}

func (h *hub) subscribe(id string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs[id] == nil {
		h.subs[id] = map[chan struct{}]struct{}{}
	}
	h.subs[id][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[id], ch)
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
		h.mu.Unlock()
	}
}

// publish signals the streams of game id; "" signals every stream (after
// a store's listener reconnected and may have missed changes).
func (h *hub) publish(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	signal := func(subs map[chan struct{}]struct{}) {
		for ch := range subs {
			select {
			case ch <- struct{}{}:
			default: // a signal is already pending
			}
		}
	}
	if id != "" {
		signal(h.subs[id])
		return
	}
	for _, subs := range h.subs {
		signal(subs)
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
	signal, unsubscribe := s.hub.subscribe(id) // before the first load: no change is missed
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
	send := func(data []byte, version int64) bool {
		rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
		_, err := fmt.Fprintf(w, "id: %d\nevent: game\ndata: %s\n\n", version, data)
		return err == nil && rc.Flush() == nil
	}
	sendState := func() bool {
		if st.g.Version <= sent {
			return true
		}
		data, err := json.Marshal(s.view(st))
		if err != nil {
			return false
		}
		sent = st.g.Version
		return send(data, st.g.Version)
	}
	rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
	if _, err := fmt.Fprintf(w, "retry: 2000\n\n"); err != nil {
		return
	}
	if !sendState() {
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
		case <-tick.C:
			// A periodic refresh, in case a change's signal was lost (a
			// process sharing the database died before its NOTIFY),
			// then a keep-alive comment.
			if fresh, err := s.load(ctx, id); err == nil && fresh.g.Version > sent {
				st = fresh
				if !sendState() {
					return
				}
				continue
			}
			rc.SetWriteDeadline(time.Now().Add(15 * time.Second))
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-signal:
			fresh, err := s.load(ctx, id)
			if err != nil {
				return
			}
			st = fresh
			if !sendState() {
				return
			}
		}
	}
}
