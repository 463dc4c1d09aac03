package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/inarow/inarow/store/sqlite"
)

// BenchmarkMove measures a move request through the handler and a real
// SQLite file (synchronous=FULL), without the network: parse, load,
// check, commit, view.
func BenchmarkMove(b *testing.B) { benchMoves(b, 1) }

// BenchmarkMoveParallel is BenchmarkMove with 32 games per CPU played at
// once, so that SQLite's group commit shares each fsync between them.
func BenchmarkMoveParallel(b *testing.B) { benchMoves(b, 32) }

func benchMoves(b *testing.B, parallelism int) {
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, err := New(Options{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	do := func(method, path, token string, body any) (int, map[string]any) {
		data, _ := json.Marshal(body)
		req := httptest.NewRequest(method, path, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, req)
		var out map[string]any
		json.Unmarshal(w.Body.Bytes(), &out)
		return w.Code, out
	}
	b.ReportAllocs()
	b.SetParallelism(parallelism)
	b.RunParallel(func(pb *testing.PB) {
		var id, token string
		ply := 0
		for pb.Next() {
			if id == "" || ply == 225 {
				_, g := do("POST", "/api/games", "", map[string]any{"game": "gomoku", "opponent": "local"})
				id, token, ply = g["id"].(string), g["token"].(string), 0
			}
			// Fill the board in a scattered order; a win ends the game.
			x, y := (ply*7)%15, ply/15
			code, v := do("POST", "/api/games/"+id+"/moves", token, map[string]any{"move": fmt.Sprintf("%c%d", 'a'+x, 15-y), "ply": ply})
			switch code {
			case http.StatusOK:
				ply++
			case http.StatusUnprocessableEntity: // someone won: a new game
				id = ""
			default:
				b.Errorf("move: %d %v", code, v)
				return
			}
		}
	})
}
