// Package server is the inarow play server: a JSON API, live updates as
// Server-Sent Events and the embedded web page, over a store.Store.
//
//	POST /api/games                  create a game → 201 {id, token, invite_token?, …view}
//	GET  /api/games/{id}             the game view
//	POST /api/games/{id}/moves       play {"move", "ply"} with Authorization: Bearer TOKEN
//	POST /api/games/{id}/undo        take back {"ply"} (against the computer, or local)
//	GET  /api/games/{id}/events      text/event-stream of views
//	GET  /api/games/{id}/analysis    move values from the solver or the gomoku engine, time-bounded
//	GET  /api/games/{id}/record      the record: ?format=moves|c4|sgf|psq|text
//	GET  /api/agents                 the outside programs games may seat
//
// Seat tokens are 192 random bits, stored as SHA-256 hashes, compared in
// constant time and never logged.
package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/engine"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/web"
)

// ForbiddenChecker decides renju's forbidden points: whether the first
// player (black), to move in p, may not play the empty cell m (double-three,
// double-four, overline). The rules live in package gomoku; the server
// takes them through this interface so that it does not depend on how
// they are written. Until one is set in Options.Renju, renju games cannot
// be created (422).
type ForbiddenChecker interface {
	Forbidden(p inarow.Position, m inarow.Move) bool
}

// ForbiddenLister may be implemented by a ForbiddenChecker that finds all
// of a position's forbidden points at once faster than one by one; the
// game view lists them when black is to move.
type ForbiddenLister interface {
	ForbiddenPoints(p inarow.Position) []inarow.Move
}

// ForbiddenFunc adapts a function to ForbiddenChecker.
type ForbiddenFunc func(p inarow.Position, m inarow.Move) bool

func (f ForbiddenFunc) Forbidden(p inarow.Position, m inarow.Move) bool { return f(p, m) }

// GameInfo describes a game to an EngineFunc.
type GameInfo struct {
	Kind    string
	Rules   inarow.Rules
	Variant string
	Level   int
}

// EngineFunc returns the computer player for a game and level, or nil to
// use the server's own choice (see Options.Engine).
type EngineFunc func(GameInfo) engine.Player

// Options configure a Server. Zero values take the defaults in brackets.
type Options struct {
	Store  store.Store  // required
	Logger *slog.Logger // [slog.Default()]
	// Renju checks renju's forbidden points (gomoku's renju rules plug in
	// here); nil disables the renju variant.
	Renju ForbiddenChecker
	// Engine may supply a stronger computer for some games (the gomoku
	// engine plugs in here); nil or a nil result uses the built-in players.
	Engine EngineFunc
	// EngineJobs bounds the engine and solver searches running at once [2];
	// a request that cannot get a slot in time falls back to the instant
	// greedy player (moves) or answers 503 (analysis).
	EngineJobs int
	// MoveTime bounds the computer's thinking per move [2s].
	MoveTime time.Duration
	// AnalysisTime bounds one analysis request [5s].
	AnalysisTime time.Duration
	// AnalysisDepth bounds the depth of the gomoku engine's analysis
	// search [0: only AnalysisTime bounds it].
	AnalysisDepth int
	// SolverTableBytes is the transposition table of each Connect Four
	// solver kept for reuse [16 MiB].
	SolverTableBytes int
	// CreatePerMinute bounds the games one client address may create per
	// minute, with bursts of twice as many [60]; negative: no bound.
	CreatePerMinute int
	// MovesPerMinute bounds the moves and undos one client address may
	// send per minute, with bursts of twice as many [300]; negative: no
	// bound.
	MovesPerMinute int
	// AnalysesPerMinute bounds the analysis requests of one client
	// address per minute, with bursts of twice as many [30]; negative: no
	// bound.
	AnalysesPerMinute int
	// StreamsPerAddress bounds the event streams one client address may
	// hold open at once [32]; negative: no bound.
	StreamsPerAddress int
	// Now is the clock of the rate limits [time.Now].
	Now func() time.Time
	// MaxStreams bounds the open event streams [4096].
	MaxStreams int
	// Heartbeat is the interval of SSE keep-alive comments [20s].
	Heartbeat time.Duration
	// Agents are the outside programs games may seat (opponent "agent").
	Agents []Agent
	// AgentProcs bounds the agent programs running at once [8]; each game
	// against an agent keeps one while it goes on, the one idle longest
	// making room for another.
	AgentProcs int
	// AgentIdle stops an agent program whose game waited this long [5m].
	AgentIdle time.Duration
	// Static serves the web page; nil means the embedded page of package web.
	Static fs.FS
}

// Server is the play server. Create it with New; it is an http.Handler.
type Server struct {
	opt      Options
	log      *slog.Logger
	store    store.Store
	mux      *http.ServeMux
	hub      *hub
	jobs     chan struct{}
	streams  chan struct{}
	solvers  solverPool
	views    viewCache
	analyses analysisCache
	// thinking holds the ids of the games whose computer move a request
	// of this process is computing.
	thinking      sync.Map
	creates       *limiter
	moveLimit     *limiter // moves and undos
	analysisLimit *limiter
	streamsOf     *counter // event streams per address
	agents        agentProcs
	agentByName   map[string]Agent
	reasons       reasonCache // why games were forfeited
	cancel        context.CancelFunc
	wg            sync.WaitGroup
}

// New returns a server over opt.Store. If the store is a store.Notifier
// (PostgreSQL), the server listens for changes made by other processes.
func New(opt Options) (*Server, error) {
	if opt.Store == nil {
		return nil, errors.New("server: no store")
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.EngineJobs <= 0 {
		opt.EngineJobs = 2
	}
	if opt.MoveTime <= 0 {
		opt.MoveTime = 2 * time.Second
	}
	if opt.AnalysisTime <= 0 {
		opt.AnalysisTime = 5 * time.Second
	}
	if opt.SolverTableBytes <= 0 {
		opt.SolverTableBytes = 16 << 20
	}
	if opt.CreatePerMinute == 0 {
		opt.CreatePerMinute = 60
	}
	if opt.MovesPerMinute == 0 {
		opt.MovesPerMinute = 300
	}
	if opt.AnalysesPerMinute == 0 {
		opt.AnalysesPerMinute = 30
	}
	if opt.StreamsPerAddress == 0 {
		opt.StreamsPerAddress = 32
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.MaxStreams <= 0 {
		opt.MaxStreams = 4096
	}
	if opt.Heartbeat <= 0 {
		opt.Heartbeat = 20 * time.Second
	}
	if opt.Static == nil {
		opt.Static = web.Static()
	}
	if opt.AgentProcs <= 0 {
		opt.AgentProcs = 8
	}
	if opt.AgentIdle <= 0 {
		opt.AgentIdle = 5 * time.Minute
	}
	s := &Server{
		opt: opt, log: opt.Logger, store: opt.Store, mux: http.NewServeMux(), hub: newHub(),
		jobs: make(chan struct{}, opt.EngineJobs), streams: make(chan struct{}, opt.MaxStreams),
	}
	s.agentByName = map[string]Agent{}
	for _, a := range opt.Agents {
		if _, dup := s.agentByName[a.Name]; dup || a.Name == "" || a.Command == "" {
			return nil, fmt.Errorf("server: agent %q given twice or without a command", a.Name)
		}
		s.agentByName[a.Name] = a
	}
	s.agents.init(opt.AgentProcs)
	s.creates = newLimiter(opt.CreatePerMinute, opt.Now)
	s.moveLimit = newLimiter(opt.MovesPerMinute, opt.Now)
	s.analysisLimit = newLimiter(opt.AnalysesPerMinute, opt.Now)
	s.streamsOf = newCounter(opt.StreamsPerAddress)
	s.solvers.init(opt.EngineJobs, opt.SolverTableBytes)
	s.views.init(4096)
	s.routes()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	if len(opt.Agents) > 0 {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.reapAgents(ctx)
		}()
	}
	if n, ok := opt.Store.(store.Notifier); ok {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			if err := n.Listen(ctx, s.hub.publish); err != nil && ctx.Err() == nil {
				s.log.Error("listening for game changes stopped", "err", err)
			}
		}()
	}
	return s, nil
}

// Close stops listening for changes, ends the open event streams and
// stops the agents' programs (those in the middle of a move stop after
// it: call Close again once the requests are done to wait for them). It
// does not close the store.
func (s *Server) Close() error {
	s.cancel()
	s.hub.closeAll()
	s.wg.Wait()
	s.agents.closeAll()
	return nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	s.mux.HandleFunc("POST /api/games", s.handleCreate)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleGet)
	s.mux.HandleFunc("POST /api/games/{id}/moves", s.handleMove)
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.handleUndo)
	s.mux.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	s.mux.HandleFunc("GET /api/games/{id}/analysis", s.handleAnalysis)
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	s.mux.HandleFunc("GET /api/agents", s.handleAgents)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API endpoint")
	})
	static := http.FileServerFS(s.opt.Static)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
		w.Header().Set("Cache-Control", "no-cache")
		static.ServeHTTP(w, r)
	})
}

// ---- requests and responses ----

const maxBody = 8 << 10

// View is a game as the API shows it to anyone.
type View struct {
	ID          string    `json:"id"`
	Game        string    `json:"game"`
	Rules       RulesJSON `json:"rules"`
	Notation    string    `json:"notation"`
	Opponent    string    `json:"opponent"`        // computer, agent, friend, local
	Agent       string    `json:"agent,omitempty"` // the agent's name (opponent agent)
	Level       int       `json:"level,omitempty"`
	Computer    *string   `json:"computer"`     // the computer's seat, or null
	Board       []string  `json:"board"`        // rows from the top: '.' empty, 'x' first, 'o' second
	ToMove      *string   `json:"to_move"`      // first, second; null when over
	Status      string    `json:"status"`       // playing, won, drawn
	Winner      *string   `json:"winner"`       // first, second or null
	WinningLine [][2]int  `json:"winning_line"` // [x, y] cells, x from the left, y from the top
	LastMove    *[2]int   `json:"last_move"`
	Moves       []string  `json:"moves"` // in the game's notation
	Ply         int       `json:"ply"`
	Forbidden   [][2]int  `json:"forbidden,omitempty"` // renju: black's forbidden points, when black is to move
	Forfeit     *string   `json:"forfeit,omitempty"`   // the seat that forfeited (an agent that failed), the other won
	Note        string    `json:"note,omitempty"`      // why, when the game ended by forfeit
	Version     int64     `json:"version"`
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game     string     `json:"game"`
	Rules    *RulesJSON `json:"rules"`
	Opponent string     `json:"opponent"` // computer, agent, friend, local
	Agent    string     `json:"agent"`    // the agent's name (GET /api/agents), with opponent agent
	Level    int        `json:"level"`    // 1–3 against the computer [2]
	Seat     string     `json:"seat"`     // the creator's seat against the computer or a friend: first [default] or second
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
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, "the body must be application/json")
			return false
		}
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

// ---- game state ----

// state is a stored game replayed.
type state struct {
	g   *store.Game
	set setup
	pos inarow.Position
	// forfeited: the side to move of pos forfeited (an agent that
	// failed); the game is over, the other side won.
	forfeited bool
}

// over reports whether the game has ended.
func (st *state) over() bool { return st.forfeited || st.pos.Over() }

func (s *Server) load(ctx context.Context, id string) (*state, error) {
	g, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	set, err := setupOf(g)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	p, err := inarow.NewPosition(set.rules)
	if err != nil {
		return nil, err
	}
	st := &state{g: g, set: set}
	for i, m := range g.Moves {
		if m.Cell == forfeitCell && i == len(g.Moves)-1 {
			st.forfeited = true
			g.Moves = g.Moves[:i]
			break
		}
		if p, err = p.Play(inarow.Move(m.Cell)); err != nil {
			return nil, fmt.Errorf("game %s: stored move %d: %w", id, m.Ply, err)
		}
	}
	st.pos = p
	return st, nil
}

// forbidden reports whether m is refused by renju for the side to move.
func (s *Server) forbidden(st *state, p inarow.Position, m inarow.Move) bool {
	return st.set.variant == Renju && s.opt.Renju != nil && p.ToMove() == inarow.First && !p.Over() &&
		p.At(m) == inarow.NoPlayer && s.opt.Renju.Forbidden(p, m)
}

func (s *Server) view(st *state) *View {
	if v := s.views.get(st.g.ID, st.g.Version); v != nil {
		return v
	}
	r, p := st.set.rules, st.pos
	v := &View{
		ID: st.g.ID, Game: st.g.Kind, Rules: st.set.rulesJSON(), Notation: st.set.notation,
		Opponent: st.g.Opponent, Level: st.g.Level, Ply: p.Ply(), Version: st.g.Version,
		Agent: agentOf(st.g.Opponent),
		Moves: make([]string, len(st.g.Moves)), WinningLine: [][2]int{},
	}
	if st.g.Computer >= 0 {
		v.Computer = seatName(inarow.Player(st.g.Computer))
	}
	for i, m := range st.g.Moves {
		v.Moves[i] = st.set.formatMove(inarow.Move(m.Cell))
	}
	row := make([]byte, r.Cols)
	for y := range r.Rows {
		for x := range r.Cols {
			switch p.At(r.MoveAt(x, y)) {
			case inarow.First:
				row[x] = 'x'
			case inarow.Second:
				row[x] = 'o'
			default:
				row[x] = '.'
			}
		}
		v.Board = append(v.Board, string(row))
	}
	if last := p.LastMove(); last != inarow.NoMove {
		x, y := r.XY(last)
		v.LastMove = &[2]int{x, y}
	}
	if v.Agent != "" {
		v.Opponent = opponentAgent
	}
	o := p.Outcome()
	switch {
	case st.forfeited:
		v.Status, v.Winner, v.Forfeit = "won", seatName(p.ToMove().Other()), seatName(p.ToMove())
		v.Note = s.reasons.get(st.g.ID)
		if v.Note == "" {
			v.Note = "the agent forfeited: it exited, answered late or answered an illegal move"
		}
	case o.Status == inarow.Won:
		v.Status, v.Winner = "won", seatName(o.Winner)
		for _, c := range o.Line.Cells(r) {
			x, y := r.XY(c)
			v.WinningLine = append(v.WinningLine, [2]int{x, y})
		}
	case o.Status == inarow.Drawn:
		v.Status = "drawn"
	default:
		v.Status, v.ToMove = "playing", seatName(p.ToMove())
		if st.set.variant == Renju && s.opt.Renju != nil && p.ToMove() == inarow.First {
			var points []inarow.Move
			if l, ok := s.opt.Renju.(ForbiddenLister); ok {
				points = l.ForbiddenPoints(p)
			} else {
				for m := inarow.Move(0); int(m) < r.Cells(); m++ {
					if p.At(m) == inarow.NoPlayer && s.opt.Renju.Forbidden(p, m) {
						points = append(points, m)
					}
				}
			}
			for _, m := range points {
				x, y := r.XY(m)
				v.Forbidden = append(v.Forbidden, [2]int{x, y})
			}
		}
	}
	s.views.put(st.g.ID, st.g.Version, v)
	return v
}

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

// ---- handlers ----

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.creates.allow(r); !ok {
		tooMany(w, wait, "too many new games from your address; try again in a minute")
		return
	}
	var req CreateRequest
	if !readJSON(w, r, &req) {
		return
	}
	set, err := newSetup(req.Game, req.Rules)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if set.variant == Renju && s.opt.Renju == nil {
		writeError(w, http.StatusUnprocessableEntity, "renju rules are not available on this server yet; choose freestyle or standard")
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
	g := &store.Game{ID: newID(), Kind: set.kind, Rules: set.rules.String(), Variant: set.variant, Opponent: req.Opponent, Computer: -1}
	out := &Created{Token: newToken(), Seat: seatNames[creator]}
	switch req.Opponent {
	case "computer":
		g.Level = req.Level
		if g.Level == 0 {
			g.Level = 2
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

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r)
	if !ok {
		return
	}
	st, err := s.load(r.Context(), id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	st = s.resumeComputer(r.Context(), st) // after a crash between a move and the reply
	writeJSON(w, http.StatusOK, s.view(st))
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

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	id, token, ok := seatRequest(w, r)
	if !ok {
		return
	}
	if ok, wait := s.moveLimit.allow(r); !ok {
		tooMany(w, wait, "too many moves from your address; slow down")
		return
	}
	var req MoveRequest
	if !readJSON(w, r, &req) {
		return
	}
	if req.Ply == nil || req.Move == "" {
		writeError(w, http.StatusBadRequest, `the body must be {"move": "…", "ply": N}`)
		return
	}
	ctx := r.Context()
	st, err := s.load(ctx, id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	seats, ok := authorize(w, token, st)
	if !ok {
		return
	}
	p := st.pos
	if *req.Ply != p.Ply() {
		writeError(w, http.StatusConflict, fmt.Sprintf("the game is at ply %d, not %d: someone moved first", p.Ply(), *req.Ply))
		return
	}
	if st.over() {
		writeError(w, http.StatusUnprocessableEntity, "the game is over")
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
	version, err := s.store.Append(ctx, id, st.g.Version, int(m))
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	s.hub.publish(id)
	st = advance(st, next, m, version)
	if next.Over() && agentOf(st.g.Opponent) != "" {
		s.agents.end(id)
	}
	st = s.computerTurn(ctx, st)
	writeJSON(w, http.StatusOK, s.view(st))
}

// advance returns st after m, committed at version.
func advance(st *state, next inarow.Position, m inarow.Move, version int64) *state {
	g := *st.g
	g.Moves = append(g.Moves[:len(g.Moves):len(g.Moves)], store.Move{Ply: len(g.Moves), Cell: int(m), At: time.Now().UTC()})
	g.Version = version
	return &state{g: &g, set: st.set, pos: next}
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
	id, token, ok := seatRequest(w, r)
	if !ok {
		return
	}
	if ok, wait := s.moveLimit.allow(r); !ok {
		tooMany(w, wait, "too many moves and undos from your address; slow down")
		return
	}
	var req UndoRequest
	if !readJSON(w, r, &req) {
		return
	}
	if req.Ply == nil {
		writeError(w, http.StatusBadRequest, `the body must be {"ply": N}`)
		return
	}
	ctx := r.Context()
	st, err := s.load(ctx, id)
	if err != nil {
		s.storeError(w, r, err)
		return
	}
	seats, ok := authorize(w, token, st)
	if !ok {
		return
	}
	if st.g.Opponent == "friend" {
		writeError(w, http.StatusForbidden, "moves cannot be taken back in a game against a friend")
		return
	}
	if st.forfeited {
		writeError(w, http.StatusUnprocessableEntity, "the game is over: the agent forfeited")
		return
	}
	if *req.Ply != st.pos.Ply() {
		writeError(w, http.StatusConflict, fmt.Sprintf("the game is at ply %d, not %d", st.pos.Ply(), *req.Ply))
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
	if st, err = s.load(ctx, id); err != nil {
		s.storeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.view(st))
}

// ---- caches ----

type viewCache struct {
	mu  sync.Mutex
	max int
	m   map[string]*View
}

func (c *viewCache) init(max int) { c.max, c.m = max, map[string]*View{} }

func (c *viewCache) get(id string, version int64) *View {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v := c.m[id]; v != nil && v.Version == version {
		return v
	}
	return nil
}

func (c *viewCache) put(id string, version int64, v *View) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[id]; old != nil && old.Version > version {
		return
	}
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[id] = v
}
