package server

import (
	"reflect"
	"strconv"
	"testing"
)

// TestAnalysisAtPly checks ?ply=N against the analysis of a game made of
// the first N moves alone (a reference computed the plain way), for
// Connect Four and tic-tac-toe, and that a bad ply changes nothing.
func TestAnalysisAtPly(t *testing.T) {
	e := newEnv(t, nil)
	for _, tc := range []struct {
		game  string
		moves []string
	}{
		{"connect4", []string{"4", "4", "5", "3", "3"}},
		{"tictactoe", []string{"middle-center", "top-left", "top-right"}},
	} {
		g := e.create(map[string]any{"game": tc.game, "opponent": "local", "moves": tc.moves})
		id := g["id"].(string)
		for n := 0; n <= len(tc.moves); n++ {
			code, got := e.do("GET", "/api/games/"+id+"/analysis?ply="+strconv.Itoa(n), "", nil)
			want(t, tc.game+" analysis at a ply", code, 200, got)
			ref := e.create(map[string]any{"game": tc.game, "opponent": "local", "moves": tc.moves[:n]})
			code, exp := e.do("GET", "/api/games/"+ref["id"].(string)+"/analysis", "", nil)
			want(t, "reference analysis", code, 200, exp)
			got["id"], exp["id"] = nil, nil
			if !reflect.DeepEqual(got, exp) {
				t.Fatalf("%s after %v: ?ply=%d gives %v, the game of those moves %v", tc.game, tc.moves, n, got, exp)
			}
		}
		for _, bad := range []string{"-1", "99", "x", "1.5"} {
			code, out := e.do("GET", "/api/games/"+id+"/analysis?ply="+bad, "", nil)
			want(t, "ply "+bad, code, 400, out)
		}
		if code, v := e.do("GET", "/api/games/"+id, "", nil); code != 200 || v["ply"] != float64(len(tc.moves)) {
			t.Fatalf("the game changed: %d %v", code, v)
		}
	}
}
