package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
)

// The gomoku variants as the API shows them and the store keeps them: the
// names are gomoku.Rule's, and a game of another kind has none. The wanted
// values are the ones the server wrote before it took gomoku.Rule as its
// vocabulary; stored games and clients depend on them.
func TestVariantsShownAndStored(t *testing.T) {
	e := newEnv(t, nil)
	for _, tc := range []struct {
		body      string
		rulesJSON string // the view's "rules", as sent
		stored    string // store.Game.Rules
		variant   string // store.Game.Variant
	}{
		{`{"game": "gomoku", "opponent": "local"}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":false,"rule":"freestyle"}`, "m=15,n=15,k=5", "freestyle"},
		{`{"game": "gomoku", "opponent": "local", "rules": {"rule": "freestyle"}}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":false,"rule":"freestyle"}`, "m=15,n=15,k=5", "freestyle"},
		{`{"game": "gomoku", "opponent": "local", "rules": {"rule": "standard"}}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":true,"rule":"standard"}`, "m=15,n=15,k=5,exact", "standard"},
		{`{"game": "gomoku", "opponent": "local", "rules": {"rule": "renju"}}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":false,"rule":"renju"}`, "m=15,n=15,k=5,first-exact", "renju"},
		{`{"game": "gomoku", "opponent": "local", "rules": {"rule": "caro"}}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":false,"rule":"caro"}`, "m=15,n=15,k=5,caro", "caro"},
		{`{"game": "gomoku", "opponent": "local", "rules": {"rule": "caro-exact"}}`, `{"m":15,"n":15,"k":5,"gravity":false,"exact":true,"rule":"caro-exact"}`, "m=15,n=15,k=5,caro-exact", "caro-exact"},
		{`{"game": "gobang", "opponent": "local"}`, `{"m":9,"n":9,"k":5,"gravity":false,"exact":true}`, "m=9,n=9,k=5,exact", ""},
		{`{"game": "tictactoe", "opponent": "local"}`, `{"m":3,"n":3,"k":3,"gravity":false,"exact":false}`, "m=3,n=3,k=3", ""},
		{`{"game": "connect4", "opponent": "local"}`, `{"m":7,"n":6,"k":4,"gravity":true,"exact":false}`, "m=7,n=6,k=4,gravity", ""},
		{`{"game": "mnk", "opponent": "local", "rules": {"m": 9, "n": 9, "k": 5, "exact": true}}`, `{"m":9,"n":9,"k":5,"gravity":false,"exact":true}`, "m=9,n=9,k=5,exact", ""},
	} {
		resp, err := e.ts.Client().Post(e.ts.URL+"/api/games", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("%s: %d %s", tc.body, resp.StatusCode, data)
		}
		var out struct {
			ID    string          `json:"id"`
			Rules json.RawMessage `json:"rules"`
		}
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatal(err)
		}
		if string(out.Rules) != tc.rulesJSON {
			t.Errorf("%s: rules %s, want %s", tc.body, out.Rules, tc.rulesJSON)
		}
		g, err := e.srv.store.Get(context.Background(), out.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Rules != tc.stored || g.Variant != tc.variant {
			t.Errorf("%s: stored rules %q variant %q, want %q %q", tc.body, g.Rules, g.Variant, tc.stored, tc.variant)
		}
		// Read back from the store, the game shows the same rules.
		set, err := setupOf(g)
		if err != nil {
			t.Fatal(err)
		}
		if back, _ := json.Marshal(set.rulesJSON()); string(back) != tc.rulesJSON {
			t.Errorf("%s: rules read back %s, want %s", tc.body, back, tc.rulesJSON)
		}
	}
	for _, name := range []string{"Renju", "4", "exact", "five"} { // gomoku.ParseRule's aliases are not the API's
		code, out := e.do("POST", "/api/games", "", map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": name}})
		if msg, _ := out["error"].(string); code != http.StatusBadRequest || !strings.Contains(msg, "unknown gomoku rule") {
			t.Errorf("rule %q: %d %v", name, code, out)
		}
	}
}

// A stored variant the server does not know is an error, not a freestyle
// game.
func TestSetupOfUnknownVariant(t *testing.T) {
	for _, r := range gomoku.AllRules {
		if _, err := setupOf(&store.Game{Kind: "gomoku", Rules: "m=15,n=15,k=5", Variant: r.String()}); err != nil {
			t.Errorf("%v: %v", r, err)
		}
	}
	if _, err := setupOf(&store.Game{Kind: "gomoku", Rules: "m=15,n=15,k=5", Variant: "swap2"}); err == nil || !strings.Contains(err.Error(), "swap2") {
		t.Errorf("unknown variant: %v", err)
	}
}
