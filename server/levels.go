package server

import (
	"net/http"
	"strconv"

	"github.com/inarow/inarow/engine"
)

// Levels is the answer of GET /api/levels: what the computer is at each
// level of a game, as engine.Describe names the players engine.For makes
// (the page names its levels from it, so they cannot drift apart).
type Levels struct {
	Game   string         `json:"game"`
	Rules  RulesJSON      `json:"rules"`
	Levels []engine.About `json:"levels"`
}

// handleLevels answers GET /api/levels?game=G[&rule=R][&m=&n=&k=&gravity=1&exact=1],
// the game and rules as POST /api/games takes them.
func (s *Server) handleLevels(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var rj *RulesJSON
	if q.Has("rule") || q.Has("m") {
		num := func(k string) int { n, _ := strconv.Atoi(q.Get(k)); return n }
		flag := func(k string) bool { v, _ := strconv.ParseBool(q.Get(k)); return v }
		rj = &RulesJSON{M: num("m"), N: num("n"), K: num("k"), Gravity: flag("gravity"), Exact: flag("exact"), Rule: q.Get("rule")}
	}
	set, err := newSetup(q.Get("game"), rj)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	about, err := engine.Describe(engine.Spec{Rules: set.rules, MoveTime: s.opt.MoveTime})
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, Levels{Game: set.kind, Rules: set.rulesJSON(), Levels: about[:]})
}
