// Package server is the inarow play server: a JSON API, live updates as
// Server-Sent Events and the embedded web page, over a store.Store.
//
//	POST /api/games                  create a game → 201 {id, token, invite_token?, …view}
//	GET  /api/games/{id}             the game view
//	POST /api/games/{id}/moves       play {"move", "ply"} with Authorization: Bearer TOKEN
//	POST /api/games/{id}/undo        take back {"ply"} (against the computer, or local)
//	POST /api/games/{id}/rematch     {} with a seat's token: the finished game again, colours swapped
//	GET  /api/games/{id}/events      text/event-stream of views
//	GET  /api/games/{id}/analysis    move values from the solver or the gomoku engine, time-bounded
//	GET  /api/games/{id}/record      the record: ?format=moves|c4|sgf|psq|text
//	GET  /api/agents                 the outside programs games may seat
//	GET  /api/levels?game=G…         what the computer is at each level of a game
//
// Seat tokens are 192 random bits, stored as SHA-256 hashes, compared in
// constant time and never logged.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/inarow/inarow/store"
)

// Server is the play server. Create it with New; it is an http.Handler.
type Server struct {
	opt     Options
	log     *slog.Logger
	store   store.Store
	mux     *http.ServeMux
	hub     *hub
	jobs    chan struct{}
	streams chan struct{}
	// views and analyses keep what was last built of each game, so that
	// every spectator's page costs no rebuild and no search.
	views    *gameCache[*View]
	analyses *gameCache[*Analysis]
	reports  *gameCache[*Report]
	// building holds the reports being built, by id@version, each with
	// a channel closed when it is done: a second reader waits for it.
	building sync.Map
	// thinking holds the ids of the games whose computer move a request
	// of this process is computing.
	thinking      sync.Map
	creates       *limiter
	moveLimit     *limiter // moves and undos
	analysisLimit *limiter
	streamsOf     *counter // event streams per address
	agents        agentProcs
	agentByName   map[string]Agent
	hosts         map[string]bool // Options.Hosts, normalized by hostName; nil: any
	crossOrigin   *http.CrossOriginProtection
	flags         *flagTimers // the running game clocks' timers
	cancel        context.CancelFunc
	wg            sync.WaitGroup
}

// New returns a server over opt.Store. If the store is a store.Notifier
// (PostgreSQL), the server listens for changes made by other processes.
func New(opt Options) (*Server, error) {
	if opt.Store == nil {
		return nil, errors.New("server: no store")
	}
	opt = opt.withDefaults()
	s := &Server{
		opt: opt, log: opt.Logger, store: opt.Store, mux: http.NewServeMux(), hub: newHub(),
		jobs: make(chan struct{}, opt.EngineJobs), streams: make(chan struct{}, opt.MaxStreams),
	}
	s.agentByName = map[string]Agent{}
	for _, tc := range opt.TimeControls {
		if _, err := parseControl(tc); err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
	}
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
	s.crossOrigin = http.NewCrossOriginProtection()
	for _, h := range opt.Hosts {
		if s.hosts == nil {
			s.hosts = map[string]bool{}
		}
		s.hosts[hostName(h)] = true
	}
	s.views, s.analyses, s.reports = newGameCache[*View](4096), newGameCache[*Analysis](1024), newGameCache[*Report](256)
	s.routes()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.flags = newFlagTimers(s, ctx)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.sweepFlags(ctx)
	}()
	s.flags.sweepLater()
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
	s.flags.stopAll()
	s.hub.closeAll()
	s.wg.Wait()
	s.agents.closeAll()
	return nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	if s.hosts != nil && !s.hosts[hostName(r.Host)] {
		writeError(w, http.StatusForbidden, "this server does not answer to the name "+strconv.Quote(r.Host))
		return
	}
	// A page of another site may send forms and fetches here; the browser
	// says where they come from (Sec-Fetch-Site, Origin), and what does
	// not come from this server's own page changes nothing. Reads (GET)
	// are not checked: they change nothing, and the browser keeps their
	// answers from other sites.
	if err := s.crossOrigin.Check(r); err != nil {
		writeError(w, http.StatusForbidden, "requests from the pages of other sites are refused")
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostName is a Host header or a name as Options.Hosts compares them:
// without the port and the brackets of IPv6, lower case, without a final
// dot.
func hostName(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

func (s *Server) routes() {
	s.mux.HandleFunc("POST /api/games", s.handleCreate)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleGet)
	s.mux.HandleFunc("POST /api/games/{id}/moves", s.handleMove)
	s.mux.HandleFunc("POST /api/games/{id}/undo", s.handleUndo)
	s.mux.HandleFunc("POST /api/games/{id}/rematch", s.handleRematch)
	s.mux.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	s.mux.HandleFunc("GET /api/games/{id}/analysis", s.handleAnalysis)
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	s.mux.HandleFunc("GET /api/games/{id}/report", s.handleReport)
	s.mux.HandleFunc("GET /api/agents", s.handleAgents)
	s.mux.HandleFunc("GET /api/levels", s.handleLevels)
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
		if r.URL.Path == "/analysis" {
			// The analysis board is the same page, reading its position
			// from the query (/analysis?c4=4453): a link to share.
			http.ServeFileFS(w, r, s.opt.Static, "index.html")
			return
		}
		static.ServeHTTP(w, r)
	})
}
