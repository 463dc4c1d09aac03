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
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/inarow/inarow/server"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/sqlite"
)

const serveUsage = `Usage: inarow serve [--addr 127.0.0.1:8080] [--db FILE | postgres://…] [flags]

Serves the play page and its JSON API (see README.md) and logs the address
to open. It answers this machine only unless --addr opens it to the network
(--addr :8080). The games are kept in a SQLite file, by default in your data
directory ($XDG_DATA_HOME/inarow/inarow.db, else ~/.local/share/inarow/inarow.db;
the configuration directory on macOS and Windows) so that they do not land in
the working tree, or, with --db postgres://…, in a PostgreSQL database that
several servers may share. SIGINT or SIGTERM stops the server gracefully.

Flags:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", defaultAddr, "listen address `host:port`; :8080 opens the server to the network, port 0 picks a free port")
	dbDefault, dbErr := defaultDB()
	db := fs.String("db", dbDefault, "SQLite `file` (created if missing), or a postgres:// URL")
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
	var controls []string
	fs.Func("time-control", "an extra time control `M+S` (minutes + increment seconds) friend games may be created with through the API, beside the page's 3+2, 5+3, 10+5 and 15+10; repeatable (the browser tests' 0.1+0 is six seconds)", func(v string) error {
		controls = append(controls, v)
		return nil
	})
	agentProcs := fs.Int("agent-procs", 8, "agent programs running at once (one per game against an agent)")
	logFormat := fs.String("log", "text", "log format: text or json")
	quiet := fs.Bool("quiet", false, "log warnings and errors only (no address to open, no access log)")
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
	if *db == "" {
		fmt.Fprintf(stderr, "inarow serve: no data directory for the default database (%v); give --db FILE\n", dbErr)
		return exitUsage
	}
	if *db == dbDefault {
		// Only the default's directory is made: a --db in a missing
		// directory is more likely a typo than a wish.
		if err := os.MkdirAll(filepath.Dir(dbDefault), 0o700); err != nil {
			log.Error("cannot make the data directory", "err", err)
			return 1
		}
	}

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
		Hosts: servedHosts(*addr, hosts), TimeControls: controls,
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
	where := []any{"addr", ln.Addr().String(), "store", "sqlite", "db", *db}
	if _, ok := st.(*postgres.Store); ok {
		where = []any{"addr", ln.Addr().String(), "store", "postgres"} // no URL: it may hold a password
	}
	// A normal start is news, not a warning: INFO, so --quiet hides it.
	log.Info("inarow: open "+openURL(ln.Addr()), where...)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		log.Error("server stopped", "err", err)
		return 1
	case <-ctx.Done():
	}
	log.Info("shutting down")
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

// defaultAddr answers this machine only: a newcomer's first server should
// not be open to the network without being asked (--addr :8080).
const defaultAddr = "127.0.0.1:8080"

// defaultDB is where serve keeps its games without --db: the user's data
// directory ($XDG_DATA_HOME, else ~/.local/share on Unix; the
// configuration directory on macOS and Windows, which Go knows), not the
// working directory, so a server started from a checkout leaves it clean
// and keeps the same games whatever directory it starts from.
func defaultDB() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(dir) { // the XDG specification ignores a relative path
		switch runtime.GOOS {
		case "darwin", "ios", "windows", "plan9":
			d, err := os.UserConfigDir()
			if err != nil {
				return "", err
			}
			dir = d
		default:
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			dir = filepath.Join(home, ".local", "share")
		}
	}
	return filepath.Join(dir, "inarow", "inarow.db"), nil
}

// openURL is the address a person can click to reach a server listening
// on a: http://localhost:PORT/ on this machine's loopback or when every
// interface listens (0.0.0.0 and [::] cannot be opened, and
// localhost reaches them), the listening address otherwise (IPv6 in
// brackets).
func openURL(a net.Addr) string {
	t, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String() + "/"
	}
	host := t.String()
	if t.IP.IsUnspecified() || t.IP.Equal(net.IPv4(127, 0, 0, 1)) {
		host = net.JoinHostPort("localhost", strconv.Itoa(t.Port))
	}
	url := "http://" + host + "/"
	if t.IP.IsUnspecified() {
		url += " (listening on every interface: from elsewhere, use this machine's address)"
	}
	return url
}
