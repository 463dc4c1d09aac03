package server

import (
	"io/fs"
	"log/slog"
	"net/netip"
	"time"

	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/web"
)

// Options configure a Server. Zero values take the defaults in brackets.
type Options struct {
	Store  store.Store  // required
	Logger *slog.Logger // [slog.Default()]
	// EngineJobs bounds the engine and solver searches running at once [2];
	// a request that cannot get a slot in time falls back to the instant
	// player, engine.Instant (moves), or answers 503 (analysis).
	EngineJobs int
	// MoveTime bounds the computer's thinking per move [2s].
	MoveTime time.Duration
	// AnalysisTime bounds one analysis request [5s].
	AnalysisTime time.Duration
	// AnalysisDepth bounds the depth of the gomoku engine's analysis
	// search [0: only AnalysisTime bounds it].
	AnalysisDepth int
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
	// TrustProxy lists the reverse proxies whose X-Forwarded-For or
	// Forwarded headers name the client the limits above count by; from
	// any other peer those headers are ignored. Without it, every client
	// behind a proxy shares the proxy's limits.
	TrustProxy []netip.Prefix
	// Hosts, when not empty, are the names the server answers to: a
	// request whose Host header (without its port) is none of them is
	// refused. inarow serve sets the loopback names when it listens on
	// loopback, so that a site whose name an attacker rebinds to
	// 127.0.0.1 (DNS rebinding) can neither read nor change games.
	Hosts []string
	// Clock is the time of the game clocks, their timers and the rate
	// limits [the system's time; Now's when only Now is given].
	Clock Clock
	// Now is the time of the rate limits [Clock.Now]; give Clock instead.
	Now func() time.Time
	// TimeControls are controls ("M+S": minutes, increment seconds) that
	// friend games may be created with beside the page's list,
	// TimeControls (a test's short control such as 0.1+0, six seconds).
	TimeControls []string
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

// withDefaults returns opt with the defaults of its zero fields (in
// brackets above).
func (opt Options) withDefaults() Options {
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.Clock == nil {
		now := opt.Now
		if now == nil {
			now = time.Now
		}
		opt.Clock = systemClock{now}
	}
	if opt.Now == nil {
		opt.Now = opt.Clock.Now
	}
	if opt.Static == nil {
		opt.Static = web.Static()
	}
	// Bounds a negative value cannot mean anything for.
	positive(&opt.EngineJobs, 2)
	positive(&opt.MoveTime, 2*time.Second)
	positive(&opt.AnalysisTime, 5*time.Second)
	positive(&opt.MaxStreams, 4096)
	positive(&opt.Heartbeat, 20*time.Second)
	positive(&opt.AgentProcs, 8)
	positive(&opt.AgentIdle, 5*time.Minute)
	// Per-client limits: a negative one means no bound.
	unset(&opt.CreatePerMinute, 60)
	unset(&opt.MovesPerMinute, 300)
	unset(&opt.AnalysesPerMinute, 30)
	unset(&opt.StreamsPerAddress, 32)
	return opt
}

// positive sets *v to def unless it is above zero.
func positive[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// unset sets *v to def when it is zero.
func unset(v *int, def int) {
	if *v == 0 {
		*v = def
	}
}
