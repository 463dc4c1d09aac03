package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
)

// storeError answers for an error of the store or of loading a game.
func (s *Server) storeError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "no such game")
	case errors.Is(err, store.ErrConflict):
		writeError(w, http.StatusConflict, "the game changed meanwhile; reload it")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, "the request took too long")
	default:
		s.log.Error("store", "method", r.Method, "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.allowed(w, r, s.creates, "too many new games from your address; try again in a minute") {
		return
	}
	var req CreateRequest
	if !readJSON(w, r, &req) {
		return
	}
	if req.Record != "" {
		if status, msg := recordMoves(&req); msg != "" {
			writeError(w, status, msg)
			return
		}
	}
	set, err := newSetup(req.Game, req.Rules)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	creator := inarow.First
	switch req.Seat {
	case "", "first":
	case "second":
		creator = inarow.Second
	default:
		writeError(w, http.StatusBadRequest, `"seat" must be "first" or "second"`)
		return
	}
	g := &store.Game{ID: newID(), Kind: set.kind, Rules: set.rules.String(), Variant: set.variant(), Opponent: req.Opponent, Computer: -1}
	out := &Created{Token: newToken(), Seat: seatNames[creator]}
	switch req.Opponent {
	case "computer":
		g.Level = req.Level
		if g.Level == 0 {
			// The page's and the CLI's default: the strongest player
			// (engine.Best).
			g.Level = engine.Best
		}
		if g.Level < 1 || g.Level > 3 {
			writeError(w, http.StatusBadRequest, `"level" must be 1, 2 or 3`)
			return
		}
		g.Computer = int(creator.Other())
		g.SeatHash[creator] = store.HashToken(out.Token)
	case opponentAgent:
		if req.Level != 0 {
			writeError(w, http.StatusBadRequest, `"level" is only for games against the computer`)
			return
		}
		if _, ok := s.agentByName[req.Agent]; !ok {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown agent %q (GET /api/agents lists this server's agents)", req.Agent))
			return
		}
		g.Opponent = opponentAgent + ":" + req.Agent
		g.Computer = int(creator.Other())
		g.SeatHash[creator] = store.HashToken(out.Token)
	case "friend":
		if req.Level != 0 {
			writeError(w, http.StatusBadRequest, `"level" is only for games against the computer`)
			return
		}
		out.InviteToken = newToken()
		g.SeatHash[creator] = store.HashToken(out.Token)
		g.SeatHash[creator.Other()] = store.HashToken(out.InviteToken)
	case "local":
		if req.Level != 0 || req.Seat != "" {
			writeError(w, http.StatusBadRequest, `"level" and "seat" are not for local games`)
			return
		}
		out.Seat = "both"
		h := store.HashToken(out.Token)
		g.SeatHash = [2][]byte{h, h}
	case "":
		writeError(w, http.StatusBadRequest, `"opponent" is required: computer, agent, friend or local`)
		return
	default:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("unknown opponent %q (want computer, agent, friend or local)", req.Opponent))
		return
	}
	if req.Agent != "" && req.Opponent != opponentAgent {
		writeError(w, http.StatusBadRequest, `"agent" is only for games against an agent (opponent "agent")`)
		return
	}
	clock, err := s.control(req.Clock, req.Opponent, len(req.Moves) > 0)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	g.Clock = clock
	if len(req.Moves) > 0 {
		moves, status, msg := s.initialMoves(set, req.Moves)
		if msg != "" {
			writeError(w, status, msg)
			return
		}
		g.Moves = moves
	}
	if err := s.store.Create(r.Context(), g); err != nil {
		s.storeError(w, r, err)
		return
	}
	st, err := s.load(r.Context(), g.ID)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	st = s.computerTurn(r.Context(), st)
	out.View = s.view(st)
	s.log.Info("game created", "id", g.ID, "game", g.Kind, "rules", g.Rules, "variant", g.Variant, "opponent", g.Opponent, "level", g.Level)
	w.Header().Set("Location", "/api/games/"+g.ID)
	writeJSON(w, http.StatusCreated, out)
}

// initialMoves checks a create request's moves one by one from the empty
// board, as handleMove would, and returns them to store; on the first bad
// one it returns a status and a message naming it (and nothing is made).
func (s *Server) initialMoves(set setup, texts []string) ([]store.Move, int, string) {
	p, err := inarow.NewPosition(set.rules)
	if err != nil {
		return nil, http.StatusBadRequest, err.Error()
	}
	st := &state{set: set}
	moves := make([]store.Move, 0, len(texts))
	for i, text := range texts {
		m, err := set.parseMove(p, text)
		if errors.Is(err, errSyntax) {
			return nil, http.StatusUnprocessableEntity, fmt.Sprintf("move %d: %v", i+1, err)
		}
		if err == nil && s.forbidden(st, p, m) {
			err = inarow.ErrForbidden
		}
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			return nil, http.StatusUnprocessableEntity, fmt.Sprintf("move %d: %s", i+1, refusal(err, text))
		}
		moves = append(moves, store.Move{Cell: int(m)})
	}
	return moves, 0, ""
}

// recordMoves reads a create request's gomoku record into its Moves (in
// the coord notation, checked later like any moves) and, when the request
// names no rule, its Rules; it returns a status and message when it
// cannot.
func recordMoves(req *CreateRequest) (int, string) {
	if req.Game != "gomoku" {
		return http.StatusBadRequest, `"record" is for gomoku games (an SGF or Piskvork .psq record)`
	}
	if len(req.Moves) > 0 {
		return http.StatusBadRequest, `give "moves" or "record", not both`
	}
	text := strings.TrimSpace(req.Record)
	parse := gomoku.ParsePSQ
	if strings.HasPrefix(text, "(") {
		parse = gomoku.ParseSGF
	}
	rec, err := parse([]byte(text))
	if err != nil {
		return http.StatusUnprocessableEntity, "the record cannot be read: " + strings.TrimPrefix(err.Error(), "gomoku: ")
	}
	if rec.Cols != inarow.Gomoku.Cols || rec.Rows != inarow.Gomoku.Rows {
		return http.StatusUnprocessableEntity, fmt.Sprintf("the record is for a %d×%d board; gomoku here is %d×%d", rec.Cols, rec.Rows, inarow.Gomoku.Cols, inarow.Gomoku.Rows)
	}
	if req.Rules == nil || req.Rules.Rule == "" {
		req.Rules = &RulesJSON{Rule: rec.Rule.String()}
	}
	req.Moves = make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		req.Moves[i] = inarow.Gomoku.FormatMove(m)
	}
	return 0, ""
}

// game reads the {id} of the path and loads that game, answering 404 or
// the store's error when it cannot.
func (s *Server) game(w http.ResponseWriter, r *http.Request) (string, *state, bool) {
	id, ok := pathID(w, r)
	if !ok {
		return "", nil, false
	}
	st, err := s.load(r.Context(), id)
	if err != nil {
		s.storeError(w, r, err)
		return "", nil, false
	}
	return id, st, true
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	_, st, ok := s.game(w, r)
	if !ok {
		return
	}
	st = s.resumeComputer(r.Context(), st) // after a crash between a move and the reply
	writeJSON(w, http.StatusOK, s.view(st))
}

// moveRequest reads what a move and an undo start with: the game id and
// the seat token, the client's allowance of moves and undos, and the JSON
// body into req.
func (s *Server) moveRequest(w http.ResponseWriter, r *http.Request, req any) (id, token string, ok bool) {
	if id, token, ok = seatRequest(w, r); !ok {
		return "", "", false
	}
	if !s.allowed(w, r, s.moveLimit, "too many moves and undos from your address; slow down") || !readJSON(w, r, req) {
		return "", "", false
	}
	return id, token, true
}

// seated loads game id and the seats token holds in it, answering the
// store's error or 403 when it holds none.
func (s *Server) seated(w http.ResponseWriter, r *http.Request, id, token string) (*state, [2]bool, bool) {
	st, err := s.load(r.Context(), id)
	if err != nil {
		s.storeError(w, r, err)
		return nil, [2]bool{}, false
	}
	seats, ok := authorize(w, token, st)
	if !ok {
		return nil, [2]bool{}, false
	}
	return st, seats, true
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req MoveRequest
	id, token, ok := s.moveRequest(w, r, &req)
	if !ok {
		return
	}
	if req.Ply == nil || req.Move == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"move": "…", "ply": N}`)
		return
	}
	ctx := r.Context()
	st, seats, ok := s.seated(w, r, id, token)
	if !ok {
		return
	}
	p := st.pos
	if *req.Ply != p.Ply() {
		writeError(w, http.StatusConflict, plyMismatch(p.Ply(), *req.Ply, ": someone moved first"))
		return
	}
	if st.over() {
		writeError(w, http.StatusUnprocessableEntity, overText(st))
		return
	}
	if !seats[p.ToMove()] {
		writeError(w, http.StatusForbidden, fmt.Sprintf("it is not your turn: %s is to move", seatNames[p.ToMove()]))
		return
	}
	m, err := st.set.parseMove(p, req.Move)
	if errors.Is(err, errSyntax) {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err == nil && s.forbidden(st, p, m) {
		err = inarow.ErrForbidden
	}
	var next inarow.Position
	if err == nil {
		next, err = p.Play(m)
	}
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, refusal(err, req.Move))
		return
	}
	mv, err := timed(st, m, next, s.opt.Clock.Now())
	if errors.Is(err, errFlag) {
		// Too late: the flag fell between the load and now. Record it
		// (or find it recorded) and refuse the move.
		if st, err = s.settle(ctx, st); err != nil {
			s.storeError(w, r, err)
			return
		}
		writeError(w, http.StatusUnprocessableEntity, overText(st))
		return
	}
	version, err := s.store.Append(ctx, id, st.g.Version, mv)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	s.hub.publish(id)
	if !mv.Deadline.IsZero() {
		s.flags.watch(id, mv.Deadline) // the flag falls even if nobody reads the game again
	}
	st = advance(st, next, mv, version)
	if next.Over() && agentOf(st.g.Opponent) != "" {
		s.agents.end(id)
	}
	st = s.computerTurn(ctx, st)
	writeJSON(w, http.StatusOK, s.view(st))
}

// plyMismatch words a request's ply that is not the game's, at: one
// behind is a race lost (behind says so), one ahead the client's mistake.
// Both answer 409, so that a page reloads the game either way.
func plyMismatch(at, sent int, behind string) string {
	if sent > at {
		return fmt.Sprintf("ply %d is ahead of the game, which is at ply %d: send the ply of the position you played in (the game's \"ply\")", sent, at)
	}
	return fmt.Sprintf("the game is at ply %d, not %d%s", at, sent, behind)
}

// refusal words a refused move for the player.
func refusal(err error, move string) string {
	switch {
	case errors.Is(err, inarow.ErrOccupied):
		return fmt.Sprintf("%s is already taken", move)
	case errors.Is(err, inarow.ErrColumnFull):
		return fmt.Sprintf("column %s is full", move)
	case errors.Is(err, inarow.ErrOffBoard):
		return fmt.Sprintf("%s is off the board", move)
	case errors.Is(err, inarow.ErrGameOver):
		return "the game is over"
	case errors.Is(err, inarow.ErrForbidden):
		return fmt.Sprintf("%s is a forbidden point for black (renju)", move)
	case errors.Is(err, inarow.ErrFloating):
		return fmt.Sprintf("%s is not the lowest empty cell of its column", move)
	}
	return "illegal move: " + strings.TrimPrefix(err.Error(), "inarow: ")
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req UndoRequest
	id, token, ok := s.moveRequest(w, r, &req)
	if !ok {
		return
	}
	if req.Ply == nil {
		writeError(w, http.StatusBadRequest, `the body must be {"ply": N}`)
		return
	}
	ctx := r.Context()
	st, seats, ok := s.seated(w, r, id, token)
	if !ok {
		return
	}
	if st.g.Clock != (store.Clock{}) {
		// Taking back would have to give back time too; a clocked game
		// is played as it goes.
		writeError(w, http.StatusForbidden, "moves cannot be taken back in a game with clocks")
		return
	}
	if st.g.Opponent == "friend" {
		writeError(w, http.StatusForbidden, "moves cannot be taken back in a game against a friend")
		return
	}
	if st.g.Forfeit != nil {
		writeError(w, http.StatusUnprocessableEntity, "the game is over: the agent forfeited")
		return
	}
	if *req.Ply != st.pos.Ply() {
		writeError(w, http.StatusConflict, plyMismatch(st.pos.Ply(), *req.Ply, ""))
		return
	}
	// Take back the player's last move and whatever followed it; in a
	// local game, just the last move.
	to := -1
	for i := len(st.g.Moves) - 1; i >= 0; i-- {
		who := inarow.Player(i % 2) // moves alternate from the first player
		if seats[who] {
			to = i
			break
		}
	}
	if to < 0 {
		writeError(w, http.StatusUnprocessableEntity, "there is no move of yours to take back")
		return
	}
	if _, err := s.store.Truncate(ctx, id, st.g.Version, to); err != nil {
		s.storeError(w, r, err)
		return
	}
	s.hub.publish(id)
	st, err := s.load(ctx, id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.view(st))
}
