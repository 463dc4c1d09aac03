package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/store"
)

func randomString(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// newToken returns a seat token of 192 random bits.
func newToken() string { return randomString(24) }

// newID returns a game id of 72 random bits.
func newID() string { return randomString(9) }

// seatsOf returns which seats token may move for in g.
func seatsOf(g *store.Game, token string) (seats [2]bool) {
	h := store.HashToken(token)
	for i := range seats {
		seats[i] = len(g.SeatHash[i]) == len(h) && subtle.ConstantTimeCompare(g.SeatHash[i], h) == 1
	}
	return seats
}

var seatNames = [2]string{"first", "second"}

func seatName(p inarow.Player) *string {
	if p > inarow.Second {
		return nil
	}
	return &seatNames[p]
}

// authorize checks the bearer token against the game's seats; it answers
// 401 or 403 itself.
func authorize(w http.ResponseWriter, token string, st *state) ([2]bool, bool) {
	seats := seatsOf(st.g, token)
	if !seats[0] && !seats[1] {
		writeError(w, http.StatusForbidden, "this token holds no seat of this game")
		return seats, false
	}
	return seats, true
}

// seatRequest reads what every seat's request starts with: the game id
// from the path and the seat token from the Authorization header.
func seatRequest(w http.ResponseWriter, r *http.Request) (id, token string, ok bool) {
	if id, ok = pathID(w, r); !ok {
		return "", "", false
	}
	if token, ok = bearer(r); !ok {
		writeError(w, http.StatusUnauthorized, "a seat token is required: Authorization: Bearer TOKEN")
		return "", "", false
	}
	return id, token, true
}
