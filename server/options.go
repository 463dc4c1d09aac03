package server

import (
	"io/fs"
	"log/slog"
	"time"

	"github.com/inarow/inarow/store"
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
