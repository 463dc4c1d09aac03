package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
)

// The requests and responses of the API, and how they are read and written.

const maxBody = 8 << 10

// View is a game as the API shows it to anyone.
type View struct {
	ID          string     `json:"id"`
	Game        string     `json:"game"`
	Rules       RulesJSON  `json:"rules"`
	Notation    string     `json:"notation"`
	Opponent    string     `json:"opponent"`        // computer, agent, friend, local
	Agent       string     `json:"agent,omitempty"` // the agent's name (opponent agent)
	Level       int        `json:"level,omitempty"`
	LevelName   string     `json:"level_name,omitempty"` // what the computer is at that level (engine.Describe)
	Computer    *string    `json:"computer"`             // the computer's seat, or null
	Board       []string   `json:"board"`                // rows from the top: '.' empty, 'x' first, 'o' second
	ToMove      *string    `json:"to_move"`              // first, second; null when over
	Status      string     `json:"status"`               // playing, won, drawn
	Winner      *string    `json:"winner"`               // first, second or null
	WinningLine [][2]int   `json:"winning_line"`         // [x, y] cells, x from the left, y from the top
	LastMove    *[2]int    `json:"last_move"`
	Moves       []string   `json:"moves"` // in the game's notation
	Ply         int        `json:"ply"`
	Forbidden   [][2]int   `json:"forbidden,omitempty"` // renju: black's forbidden points, when black is to move
	Forfeit     *string    `json:"forfeit,omitempty"`   // the seat that forfeited (an agent that failed), the other won
	Note        string     `json:"note,omitempty"`      // why, when the game ended by forfeit
	Clock       *ClockView `json:"clock,omitempty"`     // the clocks of a game with a time control
	Version     int64      `json:"version"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game     string     `json:"game"`
	Rules    *RulesJSON `json:"rules"`
	Opponent string     `json:"opponent"` // computer, agent, friend, local
	Agent    string     `json:"agent"`    // the agent's name (GET /api/agents), with opponent agent
	Level    int        `json:"level"`    // 1–3 against the computer [3]
	Seat     string     `json:"seat"`     // the creator's seat against the computer or a friend: first [default] or second
	// Moves starts the game from a position (the analysis board's
	// "continue against the computer"): moves in the game's notation,
	// each checked as if played; a bad one refuses the whole request.
	Moves []string `json:"moves"`
	// Record, for gomoku, starts the game from a pasted SGF or Piskvork
	// .psq record (15×15) instead of Moves; its rule (SGF RU, freestyle
	// for .psq) applies unless Rules names one.
	Record string `json:"record"`
	// Clock is a friend game's time control: "3+2", "5+3", "10+5" or
	// "15+10" (minutes + increment seconds); "" or "none" for none.
	Clock string `json:"clock"`
}

// Created is the answer to POST /api/games.
type Created struct {
	Token       string `json:"token"`
	InviteToken string `json:"invite_token,omitempty"`
	Seat        string `json:"seat"` // the creator's seat: first, second, or both (local)
	*View
}

// MoveRequest is the body of POST /api/games/{id}/moves.
type MoveRequest struct {
	Move string `json:"move"`
	Ply  *int   `json:"ply"`
}

// UndoRequest is the body of POST /api/games/{id}/undo.
type UndoRequest struct {
	Ply *int `json:"ply"`
}

type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{msg})
}

// readJSON decodes a small JSON body into v; it answers 400 itself and
// returns false on failure.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	// The type is required: a form of another site can send a body
	// without one (or as text/plain) with no preflight; not as JSON.
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "the body must be JSON, sent with Content-Type: application/json")
		return false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is larger than %d bytes", maxBody))
			return false
		}
		writeError(w, http.StatusBadRequest, "malformed JSON body: "+strings.TrimPrefix(err.Error(), "json: "))
		return false
	}
	if _, err := dec.Token(); err != io.EOF {
		writeError(w, http.StatusBadRequest, "malformed JSON body: data after the object")
		return false
	}
	return true
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// pathID returns the {id} of the path, answering 404 for an impossible one.
func pathID(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	if !idPattern.MatchString(id) {
		writeError(w, http.StatusNotFound, "no such game")
		return "", false
	}
	return id, true
}

// bearer returns the token of the Authorization header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimSpace(tok)
	return tok, tok != "" && len(tok) <= 128
}

// Analysis is the answer of GET /api/games/{id}/analysis: the value of each
// move for the player to move, in Pascal Pons' convention (0 a draw; a win
// with one's N-th stone scores solve.WinScore: (cells+1)/2 + 1 − N; a loss the
// negative).
type Analysis struct {
	ID       string  `json:"id"`
	Ply      int     `json:"ply"`
	ToMove   *string `json:"to_move"`
	Method   string  `json:"method"`   // connect4-solver, solver, vcf, vct, search, none
	Complete bool    `json:"complete"` // false when the time bound cut the search short
	Moves    []Value `json:"moves"`
	// Columns holds, for gravity games, each column's score from the
	// left, null for a full or unsolved column.
	Columns []*int `json:"columns,omitempty"`
	// Line is the forced win of a vcf or vct analysis: the winner's moves
	// and the defender's replies in turn ("any" where the reply does not
	// matter, with x and y -1).
	Line []LineMove `json:"line,omitempty"`
	// Depth is the depth the gomoku engine's search completed.
	Depth int    `json:"depth,omitempty"`
	Note  string `json:"note,omitempty"`
}

// LineMove is one move of a forced line.
type LineMove struct {
	Move string `json:"move"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// Value is one move's score.
type Value struct {
	Move  string `json:"move"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Score int    `json:"score"`
	// Proven, in gomoku analyses, marks a forced win or loss; the other
	// scores there are the engine's evaluation (see Analysis).
	Proven bool `json:"proven,omitempty"`
}
