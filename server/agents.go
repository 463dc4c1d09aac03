package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/agent"
	"github.com/inarow/inarow/store"
)

// Agent is an outside program the server may seat as a player: it speaks
// package agent's line protocol on its standard input and output (inarow
// serve --agent NAME=COMMAND).
type Agent struct {
	Name    string // what the API and the page call it: letters, digits, - _ .
	Command string // run through sh -c
}

var agentName = idPattern

// ParseAgent reads NAME=COMMAND.
func ParseAgent(s string) (Agent, error) {
	name, cmd, ok := strings.Cut(s, "=")
	name, cmd = strings.TrimSpace(name), strings.TrimSpace(cmd)
	if !ok || cmd == "" {
		return Agent{}, fmt.Errorf("agent %q: want NAME=COMMAND", s)
	}
	if !agentName.MatchString(name) || len(name) > 32 {
		return Agent{}, fmt.Errorf("agent %q: the name must be 1 to 32 letters, digits, - or _", name)
	}
	return Agent{Name: name, Command: cmd}, nil
}

// opponentAgent is the stored opponent of a game against an agent:
// "agent:NAME".
const opponentAgent = "agent"

// agentOf returns the agent's name of a stored game, or "".
func agentOf(opponent string) string {
	if name, ok := strings.CutPrefix(opponent, opponentAgent+":"); ok {
		return name
	}
	return ""
}

// agentProcs runs the agents' programs: one per game against an agent,
// kept between its moves, stopped when the game ends, when it has idled
// for Options.AgentIdle, to make room under Options.AgentProcs, and at
// Close.
type agentProcs struct {
	mu       sync.Mutex
	slots    chan struct{}
	running  map[string]*agentProc // by game id
	stopping int                   // programs being stopped
	stopped  *sync.Cond            // signalled when stopping falls
	closed   bool                  // after closeAll: no new program, every program stops after its move
}

type agentProc struct {
	prog *agent.Program
	name string
	busy bool
	used time.Time
	// stopped: stop was called (under agentProcs.mu); its slot is freed once.
	stopped bool
}

func (a *agentProcs) init(n int) {
	a.slots = make(chan struct{}, n)
	a.running = map[string]*agentProc{}
	a.stopped = sync.NewCond(&a.mu)
}

// errAgentsBusy: every agent process slot holds a program that is moving.
var errAgentsBusy = errors.New("every agent process is busy")

// stop ends a program in the background (quit, then kill after a second)
// and frees its slot; the caller holds a.mu.
func (a *agentProcs) stop(p *agentProc) {
	if p.stopped {
		return
	}
	p.stopped = true
	a.stopping++
	go func() {
		p.prog.Close()
		<-a.slots
		a.mu.Lock()
		a.stopping--
		a.stopped.Broadcast()
		a.mu.Unlock()
	}()
}

// get returns the program of game id, starting it if needed; the caller
// puts it back with put. It waits for a free slot until wait ends; ctx
// bounds the start. A program that cannot start is the agent's failure
// (err wraps agent.ErrExited or ErrTimeout); errAgentsBusy and ctx's
// errors are not.
func (a *agentProcs) get(wait, ctx context.Context, id string, ag Agent, greet time.Duration) (*agentProc, error) {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return nil, errAgentsBusy
	}
	if p := a.running[id]; p != nil && !p.busy && p.name == ag.Name {
		p.busy = true
		a.mu.Unlock()
		return p, nil
	}
	if p := a.running[id]; p != nil && p.busy {
		a.mu.Unlock()
		return nil, errAgentsBusy
	}
	select {
	case a.slots <- struct{}{}:
	default:
		// Full: stop the program idle the longest, if any, and wait for
		// its slot.
		var oldID string
		var old *agentProc
		for gid, p := range a.running {
			if !p.busy && (old == nil || p.used.Before(old.used)) {
				oldID, old = gid, p
			}
		}
		if old != nil {
			delete(a.running, oldID)
			a.stop(old)
		}
		a.mu.Unlock()
		select {
		case a.slots <- struct{}{}:
		case <-wait.Done():
			return nil, errAgentsBusy
		}
		a.mu.Lock()
	}
	a.mu.Unlock()
	prog, err := agent.Start(ctx, ag.Command, greet, nil)
	if err != nil {
		<-a.slots
		return nil, err
	}
	p := &agentProc{prog: prog, name: ag.Name, busy: true, used: time.Now()}
	a.mu.Lock()
	if a.closed {
		a.stopping++ // stop it at once, as stop does
		go func() {
			prog.Close()
			<-a.slots
			a.mu.Lock()
			a.stopping--
			a.stopped.Broadcast()
			a.mu.Unlock()
		}()
		a.mu.Unlock()
		return nil, errAgentsBusy
	}
	if old := a.running[id]; old != nil {
		delete(a.running, id)
		a.stop(old)
	}
	a.running[id] = p
	a.mu.Unlock()
	return p, nil
}

// put gives back game id's program after a move; keep false stops it.
func (a *agentProcs) put(id string, p *agentProc, keep bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p.busy, p.used = false, time.Now()
	if !keep || a.closed {
		if a.running[id] == p {
			delete(a.running, id)
		}
		a.stop(p)
	}
}

// end stops game id's program, if it runs and is not moving.
func (a *agentProcs) end(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if p := a.running[id]; p != nil && !p.busy {
		delete(a.running, id)
		a.stop(p)
	}
}

// reap stops the programs idle since before t.
func (a *agentProcs) reap(t time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for id, p := range a.running {
		if !p.busy && p.used.Before(t) {
			delete(a.running, id)
			a.stop(p)
		}
	}
}

// closeAll stops every program not moving and waits for them; those
// moving stop after their move (call closeAll again, once the requests
// are done, to wait for them too). No program starts after it.
func (a *agentProcs) closeAll() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	for id, p := range a.running {
		if !p.busy {
			delete(a.running, id)
			a.stop(p)
		}
	}
	for a.stopping > 0 {
		a.stopped.Wait()
	}
}

// count returns the programs running.
func (a *agentProcs) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.running)
}

// agentMove asks the agent of st for its move. It returns the move; or
// NoMove and the reason the agent forfeits (it did not start, exited,
// answered late, malformed or illegally); or NoMove and "" when the move
// must wait (no engine slot or agent process free in time, the request
// gone), to be tried again by a later request.
func (s *Server) agentMove(ctx context.Context, st *state) (inarow.Move, string) {
	name := agentOf(st.g.Opponent)
	ag, ok := s.agentByName[name]
	if !ok {
		return inarow.NoMove, fmt.Sprintf("agent %q is not available on this server any more", name)
	}
	// The agent's thinking takes an engine slot, like the computer's.
	wait, cancel := context.WithTimeout(ctx, 3*s.opt.MoveTime)
	defer cancel()
	if !s.acquire(wait) {
		return inarow.NoMove, ""
	}
	defer s.release()
	p, err := s.agents.get(wait, ctx, st.g.ID, ag, s.opt.MoveTime+5*time.Second)
	if err != nil {
		if errors.Is(err, errAgentsBusy) || ctx.Err() != nil {
			s.log.Warn("agent move postponed", "id", st.g.ID, "agent", name, "err", err)
			return inarow.NoMove, ""
		}
		s.log.Warn("agent forfeits", "id", st.g.ID, "agent", name, "err", err)
		return inarow.NoMove, fmt.Sprintf("agent %s could not start: %s", name, agentReason(err))
	}
	p.prog.MoveTime = s.opt.MoveTime
	m, err := p.prog.Move(ctx, st.pos)
	if err == nil && s.forbidden(st, st.pos, m) {
		err = fmt.Errorf("%w: %s is a forbidden point for black (renju)", agent.ErrProtocol, st.set.rules.FormatMove(m))
	}
	if err != nil {
		s.agents.put(st.g.ID, p, false)
		if ctx.Err() != nil && !errors.Is(err, agent.ErrProtocol) && !errors.Is(err, agent.ErrTimeout) && !errors.Is(err, agent.ErrExited) {
			return inarow.NoMove, ""
		}
		s.log.Warn("agent forfeits", "id", st.g.ID, "agent", name, "err", err)
		return inarow.NoMove, fmt.Sprintf("agent %s %s", name, agentReason(err))
	}
	next, _ := st.pos.Play(m)
	s.agents.put(st.g.ID, p, !next.Over())
	return m, ""
}

// agentReason words an agent's failure for the player.
func agentReason(err error) string {
	switch {
	case errors.Is(err, agent.ErrTimeout):
		return "did not answer in time"
	case errors.Is(err, agent.ErrExited):
		return "exited"
	case errors.Is(err, agent.ErrProtocol):
		return "broke the protocol: " + strings.TrimPrefix(err.Error(), "agent: protocol error: ")
	}
	return strings.TrimPrefix(err.Error(), "agent: ")
}

// forfeit stores that the side to move of st forfeits.
func (s *Server) forfeit(ctx context.Context, st *state, reason string) *state {
	seat := int(st.pos.ToMove())
	version, err := s.store.Forfeit(context.WithoutCancel(ctx), st.g.ID, st.g.Version, seat, reason)
	if err != nil {
		if fresh, lerr := s.load(ctx, st.g.ID); lerr == nil {
			return fresh
		}
		return st
	}
	s.hub.publish(st.g.ID)
	s.agents.end(st.g.ID)
	g := *st.g
	g.Version = version
	g.Forfeit = &store.Forfeit{Seat: seat, Reason: reason, At: time.Now().UTC()}
	return &state{g: &g, set: st.set, pos: st.pos}
}

// AgentInfo is one entry of GET /api/agents.
type AgentInfo struct {
	Name string `json:"name"`
}

func (s *Server) handleAgents(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Agents []AgentInfo `json:"agents"`
	}{Agents: []AgentInfo{}}
	for name := range s.agentByName {
		out.Agents = append(out.Agents, AgentInfo{Name: name})
	}
	sort.Slice(out.Agents, func(i, j int) bool { return out.Agents[i].Name < out.Agents[j].Name })
	writeJSON(w, http.StatusOK, out)
}

// reapAgents stops idle agent programs until ctx ends.
func (s *Server) reapAgents(ctx context.Context) {
	t := time.NewTicker(max(s.opt.AgentIdle/4, time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.agents.reap(time.Now().Add(-s.opt.AgentIdle))
		}
	}
}
