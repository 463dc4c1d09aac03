package server

import (
	"testing"
	"time"
)

// The defaults in brackets of Options' comments: zero takes them, a
// negative per-client limit means no bound and stays, a negative bound
// that cannot mean anything takes the default, a set value stays.
func TestOptionsDefaults(t *testing.T) {
	type ints struct {
		jobs, maxStreams, agentProcs, create, moves, analyses, streams int
		move, analysis, heartbeat, idle                                time.Duration
	}
	of := func(o Options) ints {
		return ints{o.EngineJobs, o.MaxStreams, o.AgentProcs, o.CreatePerMinute, o.MovesPerMinute, o.AnalysesPerMinute, o.StreamsPerAddress,
			o.MoveTime, o.AnalysisTime, o.Heartbeat, o.AgentIdle}
	}
	defaults := ints{2, 4096, 8, 60, 300, 30, 32, 2 * time.Second, 5 * time.Second, 20 * time.Second, 5 * time.Minute}
	zero := Options{}.withDefaults()
	if got := of(zero); got != defaults {
		t.Errorf("zero options: %+v, want %+v", got, defaults)
	}
	if zero.Logger == nil || zero.Now == nil || zero.Static == nil {
		t.Error("zero options: no logger, clock or page")
	}
	neg := Options{EngineJobs: -1, MaxStreams: -1, AgentProcs: -1, CreatePerMinute: -1, MovesPerMinute: -1, AnalysesPerMinute: -1, StreamsPerAddress: -1,
		MoveTime: -1, AnalysisTime: -1, Heartbeat: -1, AgentIdle: -1}.withDefaults()
	wantNeg := defaults
	wantNeg.create, wantNeg.moves, wantNeg.analyses, wantNeg.streams = -1, -1, -1, -1
	if got := of(neg); got != wantNeg {
		t.Errorf("negative options: %+v, want %+v", got, wantNeg)
	}
	set := ints{3, 5, 7, 11, 13, 17, 19, time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond, 4 * time.Millisecond}
	o := Options{EngineJobs: 3, MaxStreams: 5, AgentProcs: 7, CreatePerMinute: 11, MovesPerMinute: 13, AnalysesPerMinute: 17, StreamsPerAddress: 19,
		MoveTime: time.Millisecond, AnalysisTime: 2 * time.Millisecond, Heartbeat: 3 * time.Millisecond, AgentIdle: 4 * time.Millisecond}.withDefaults()
	if got := of(o); got != set {
		t.Errorf("set options: %+v, want %+v", got, set)
	}
}
