package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/inarow/inarow/server"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/sqlite"
)

const serveUsage = `Usage: inarow serve [--addr :8080] [--db FILE | postgres://…] [flags]

Serves the play page and its JSON API (see README.md). The games are kept
in a SQLite file (default ./inarow.db, created if missing) or, with
--db postgres://…, in a PostgreSQL database that several servers may share.
SIGINT or SIGTERM stops the server gracefully.

Flags:
`

// renju and engine are where the renju rules and a stronger gomoku engine
// plug into the server (see server.Options.Renju and .Engine); nil until
// package gomoku and package engine provide them.
var (
	renjuChecker server.ForbiddenChecker
	serveEngine  server.EngineFunc
)

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", ":8080", "listen address `host:port` (port 0 picks a free port)")
	db := fs.String("db", "inarow.db", "SQLite `file`, or a postgres:// URL")
	jobs := fs.Int("engine-jobs", 2, "computer searches running at once")
	moveTime := fs.Duration("move-time", 2*time.Second, "the computer's time per move")
	analysisTime := fs.Duration("analysis-time", 5*time.Second, "time bound of one analysis request")
	createLimit := fs.Int("create-limit", 60, "games one client address may create per minute (bursts of twice as many); -1: no limit")
	moveLimit := fs.Int("move-limit", 300, "moves and undos one client address may send per minute (bursts of twice as many); -1: no limit")
	analysisLimit := fs.Int("analysis-limit", 30, "analysis requests one client address may send per minute (bursts of twice as many); -1: no limit")
	streamLimit := fs.Int("stream-limit", 32, "event streams one client address may hold open at once; -1: no limit")
	var trustProxy []netip.Prefix
	fs.Func("trust-proxy", "reverse proxies whose X-Forwarded-For (or Forwarded) names the client the limits count by: `CIDR…` (addresses or prefixes, comma-separated; repeatable). Headers from other peers are ignored; IPv6 clients count by /64", func(v string) error {
		p, err := server.ParsePrefixes(v)
		if err == nil && len(p) == 0 {
			err = errors.New("no address given")
		}
		trustProxy = append(trustProxy, p...)
		return err
	})
	var hosts []string
	fs.Func("host", "a `NAME` the server is reached by (repeatable). Listening on loopback, the server answers only to localhost, its loopback address and these names (against DNS rebinding); elsewhere, when given, only to these", func(v string) error {
		names := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })
		hosts = append(hosts, names...)
		if len(names) == 0 {
			return errors.New("no name given")
		}
		return nil
	})
	var agents []server.Agent
	fs.Func("agent", "an outside program as an opponent: `NAME=COMMAND` speaking the agent protocol (run by sh -c; repeatable)", func(v string) error {
		a, err := server.ParseAgent(v)
		if err == nil {
			agents = append(agents, a)
		}
		return err
	})
	agentProcs := fs.Int("agent-procs", 8, "agent programs running at once (one per game against an agent)")
	logFormat := fs.String("log", "text", "log format: text or json")
	quiet := fs.Bool("quiet", false, "log warnings and errors only (no access log)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "inarow serve: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelWarn
	}
	var h slog.Handler = slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})
	if *logFormat == "json" {
		h = slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level})
	} else if *logFormat != "text" {
		fmt.Fprintf(stderr, "inarow serve: --log must be text or json, not %q\n", *logFormat)
		return exitUsage
	}
	log := slog.New(h)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var st store.Store
	var err error
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	if strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://") {
		st, err = postgres.Open(openCtx, *db)
	} else {
		st, err = sqlite.Open(openCtx, *db)
	}
	cancel()
	if err != nil {
		log.Error("cannot open the store", "err", err)
		return 1
	}
	defer st.Close()

	srv, err := server.New(server.Options{
		Store: st, Logger: log, EngineJobs: *jobs, MoveTime: *moveTime, AnalysisTime: *analysisTime, CreatePerMinute: *createLimit,
		Agents: agents, AgentProcs: *agentProcs,
		MovesPerMinute: *moveLimit, AnalysesPerMinute: *analysisLimit, StreamsPerAddress: *streamLimit, TrustProxy: trustProxy,
		Hosts: servedHosts(*addr, hosts),
		Renju: renjuChecker, Engine: serveEngine,
	})
	if err != nil {
		log.Error("cannot start", "err", err)
		return 1
	}
	defer srv.Close()
	var handler http.Handler = srv
	if !*quiet {
		handler = server.AccessLog(log, srv)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error("cannot listen", "addr", *addr, "err", err)
		return 1
	}
	hs := server.HTTPServer(*addr, handler, log)
	storeKind := "sqlite"
	if _, ok := st.(*postgres.Store); ok {
		storeKind = "postgres"
	}
	// The first line a script waits for; it names the real port.
	log.Warn("serving", "url", "http://"+ln.Addr().String()+"/", "store", storeKind)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		log.Error("server stopped", "err", err)
		return 1
	case <-ctx.Done():
	}
	log.Warn("shutting down")
	srv.Close() // ends the event streams, which Shutdown would wait for
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		log.Error("shutdown", "err", err)
		return 1
	}
	srv.Close() // again: stops the agents' programs that were moving
	return exitOK
}

// servedHosts returns the names the server answers to (server.Options.Hosts)
// when it listens on addr: on a loopback address, localhost, the loopback
// addresses and the names given, so that a page whose name an attacker
// rebinds to 127.0.0.1 cannot use it; elsewhere the names given, or any
// name when none is given.
func servedHosts(addr string, given []string) []string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	if host != "localhost" && (err != nil || !ip.IsLoopback()) {
		return given
	}
	return append([]string{"localhost", "127.0.0.1", "::1", host}, given...)
}
