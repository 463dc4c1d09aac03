package server

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"

	"github.com/inarow/inarow/store"
)

// rematchID is the id of game id's rematch. It is derived from the id, so
// that a game has one rematch whoever asks first (the store refuses a
// second game of the same id) and the other side's event stream finds it
// without a stored link. Game ids are not secrets: anyone who can watch
// the game may watch its rematch.
func rematchID(id string) string {
	h := sha256.Sum256([]byte("inarow rematch " + id))
	return base64.RawURLEncoding.EncodeToString(h[:9])
}

// rematchOf returns the id of game id's rematch if it exists.
func (s *Server) rematchOf(ctx context.Context, id string) (string, bool) {
	next := rematchID(id)
	if _, err := s.store.Get(ctx, next); err != nil {
		return "", false
	}
	return next, true
}

// handleRematch answers POST /api/games/{id}/rematch: the finished game
// again with the colours swapped (the rules, the opponent, the level and
// the time control kept). Each seat's token of the old game holds the
// other seat in the rematch, so the friend of a friend game plays it with the token their
// browser already keeps; no new token is made or sent. The first request
// creates it (201), later ones, from either side, answer it (200).
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	id, token, ok := seatRequest(w, r)
	if !ok {
		return
	}
	var req struct{}
	if !readJSON(w, r, &req) {
		return
	}
	ctx := r.Context()
	st, _, ok := s.seated(w, r, id, token)
	if !ok {
		return
	}
	if !st.over() {
		writeError(w, http.StatusUnprocessableEntity, "the game is not over: a rematch follows its end")
		return
	}
	old := st.g
	if a := agentOf(old.Opponent); a != "" {
		if _, ok := s.agentByName[a]; !ok {
			writeError(w, http.StatusUnprocessableEntity, "the agent "+a+" is no longer offered by this server")
			return
		}
	}
	g := &store.Game{
		ID: rematchID(id), Kind: old.Kind, Rules: old.Rules, Variant: old.Variant, Opponent: old.Opponent,
		Level: old.Level, Computer: -1, SeatHash: [2][]byte{old.SeatHash[1], old.SeatHash[0]},
		Clock: old.Clock, // the same time control, the clocks full again
	}
	if old.Computer >= 0 {
		g.Computer = 1 - old.Computer
	}
	status := http.StatusOK
	if _, err := s.store.Get(ctx, g.ID); errors.Is(err, store.ErrNotFound) {
		if !s.allowed(w, r, s.creates, "too many new games from your address; try again in a minute") {
			return
		}
		switch err := s.store.Create(ctx, g); {
		case err == nil:
			status = http.StatusCreated
			s.log.Info("rematch created", "id", g.ID, "of", id)
		case !errors.Is(err, store.ErrExists): // ErrExists: the other side was first
			s.storeError(w, r, err)
			return
		}
	} else if err != nil {
		s.storeError(w, r, err)
		return
	}
	next, err := s.load(ctx, g.ID)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	// The old game's streams learn of the rematch (those of other
	// servers at their next heartbeat).
	s.hub.publish(id)
	if status == http.StatusCreated {
		next = s.computerTurn(ctx, next)
	}
	out := &Created{Token: token, View: s.view(next)}
	switch seats := seatsOf(next.g, token); {
	case seats[0] && seats[1]:
		out.Seat = "both"
	case seats[0]:
		out.Seat = seatNames[0]
	default:
		out.Seat = seatNames[1]
	}
	if status == http.StatusCreated {
		w.Header().Set("Location", "/api/games/"+g.ID)
	}
	writeJSON(w, status, out)
}
