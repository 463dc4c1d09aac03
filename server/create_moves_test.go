package server

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
	"github.com/inarow/inarow/store"
)

// countingStore counts the games created, to show that a refused request
// made none.
type countingStore struct {
	store.Store
	created atomic.Int64
}

func (c *countingStore) Create(ctx context.Context, g *store.Game) error {
	c.created.Add(1)
	return c.Store.Create(ctx, g)
}

// renjuDoubleThree is black's f8 g8 h6 h7 with white far away on a1 a3
// a5 (and a13 when black is to move again): h8 would make two open
// threes, a forbidden double-three for black under renju. The given
// moves follow.
func renjuDoubleThree(then ...string) []string {
	return append([]string{"f8", "a1", "g8", "a3", "h6", "a5", "h7", "a13"}, then...)
}

func TestCreateWithMoves(t *testing.T) {
	var cs *countingStore
	e := newEnv(t, func(o *Options) {
		cs = &countingStore{Store: o.Store}
		o.Store = cs
	})
	c4 := func(moves ...string) map[string]any {
		return map[string]any{"game": "connect4", "opponent": "local", "moves": moves}
	}
	for _, tc := range []struct {
		name  string
		body  map[string]any
		code  int
		moves []string // the view's moves on success
		toMove,
		errHas string // a part of the error on failure
	}{
		{name: "connect4", body: c4("4", "4", "5", "3"), code: 201, moves: []string{"4", "4", "5", "3"}, toMove: "first"},
		{name: "no moves", body: c4(), code: 201, moves: []string{}, toMove: "first"},
		{name: "tictactoe", body: map[string]any{"game": "tictactoe", "opponent": "local", "moves": []string{"middle-center", "top-left"}}, code: 201, moves: []string{"middle-center", "top-left"}, toMove: "first"},
		{name: "gomoku renju", body: map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": []string{"h8", "h9", "j8"}}, code: 201, moves: []string{"h8", "h9", "j8"}, toMove: "second"},
		{name: "gobang", body: map[string]any{"game": "gobang", "opponent": "friend", "moves": []string{"05-05"}}, code: 201, moves: []string{"05-05"}, toMove: "second"},
		{name: "mnk gravity", body: map[string]any{"game": "mnk", "opponent": "local", "rules": map[string]any{"m": 5, "n": 4, "k": 3, "gravity": true}, "moves": []string{"1", "5"}}, code: 201, moves: []string{"1", "5"}, toMove: "first"},
		{name: "full column", body: c4("1", "1", "1", "1", "1", "1", "1"), code: 422, errHas: "move 7: column 1 is full"},
		{name: "off the board", body: c4("4", "8"), code: 422, errHas: "move 2: 8 is off the board"},
		{name: "malformed", body: c4("4", "x"), code: 422, errHas: `move 2: malformed move: "x" is not a column number`},
		{name: "after the end", body: c4("1", "2", "1", "2", "1", "2", "1", "2"), code: 422, errHas: "move 8: the game is over"},
		{name: "occupied", body: map[string]any{"game": "gomoku", "opponent": "local", "moves": []string{"h8", "h8"}}, code: 422, errHas: "move 2: h8 is already taken"},
		{name: "forbidden", body: map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": renjuDoubleThree("h8")}, code: 422, errHas: "move 9: h8 is a forbidden point"},
		{name: "white may play the point", body: map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": renjuDoubleThree()[:7]}, code: 201, moves: renjuDoubleThree()[:7], toMove: "second"},
		{name: "white may play black's forbidden point", body: map[string]any{"game": "gomoku", "opponent": "local", "rules": map[string]any{"rule": "renju"}, "moves": append(renjuDoubleThree()[:7], "h8")}, code: 201, moves: append(renjuDoubleThree()[:7], "h8"), toMove: "first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := cs.created.Load()
			code, out := e.do("POST", "/api/games", "", tc.body)
			want(t, tc.name, code, tc.code, out)
			if tc.code != http.StatusCreated {
				if msg := out["error"].(string); !strings.Contains(msg, tc.errHas) {
					t.Fatalf("error %q, want it to contain %q", msg, tc.errHas)
				}
				if n := cs.created.Load() - before; n != 0 {
					t.Fatalf("a refused request created %d games", n)
				}
				return
			}
			// The stored game, read again, holds the moves.
			code, v := e.do("GET", "/api/games/"+out["id"].(string), "", nil)
			want(t, "get", code, 200, v)
			got := []string{}
			for _, m := range v["moves"].([]any) {
				got = append(got, m.(string))
			}
			if !reflect.DeepEqual(got, tc.moves) || ply(v) != len(tc.moves) || v["to_move"] != tc.toMove {
				t.Fatalf("view moves %v ply %d to_move %v, want %v, %d, %s", got, ply(v), v["to_move"], tc.moves, len(tc.moves), tc.toMove)
			}
			// And play goes on from there.
			if len(tc.moves) > 0 && tc.body["opponent"] == "local" {
				legal := map[string]string{"connect4": "2", "tictactoe": "bottom-right", "gomoku": "a15", "mnk": "3"}[tc.body["game"].(string)]
				code, next := e.move(out, out["token"].(string), legal, len(tc.moves))
				want(t, "next move", code, 200, next)
			}
		})
	}
}

// A game against the computer created from a position where the computer
// is to move gets its reply at once.
func TestCreateWithMovesComputerReplies(t *testing.T) {
	e := newEnv(t, nil)
	g := e.create(map[string]any{"game": "connect4", "opponent": "computer", "level": 1, "seat": "first", "moves": []string{"4", "4", "5"}})
	if ply(g) != 4 || g["to_move"] != "first" || g["computer"] != "second" {
		t.Fatalf("after creation: ply %d, to move %v; want the computer's reply (ply 4), first to move", ply(g), g["to_move"])
	}
}

func TestCreateFromRecord(t *testing.T) {
	var cs *countingStore
	e := newEnv(t, func(o *Options) {
		cs = &countingStore{Store: o.Store}
		o.Store = cs
	})
	g := inarow.Gomoku
	moves := []inarow.Move{g.MoveAt(7, 7), g.MoveAt(7, 6), g.MoveAt(9, 7)} // h8 h9 j8
	rec := func(rule gomoku.Rule, size int, ms []inarow.Move) gomoku.Record {
		return gomoku.Record{Rule: rule, Cols: size, Rows: size, Moves: ms}
	}
	renjuSGF := string(rec(gomoku.Renju, 15, moves).MarshalSGF())
	psq := string(rec(gomoku.Freestyle, 15, moves).MarshalPSQ())
	for _, tc := range []struct {
		name   string
		body   map[string]any
		code   int
		rule   string
		errHas string
	}{
		{name: "sgf brings its rule", body: map[string]any{"record": renjuSGF}, code: 201, rule: "renju"},
		{name: "psq is freestyle", body: map[string]any{"record": psq}, code: 201, rule: "freestyle"},
		{name: "the request's rule wins", body: map[string]any{"record": psq, "rules": map[string]any{"rule": "standard"}}, code: 201, rule: "standard"},
		{name: "another board size", body: map[string]any{"record": string(rec(gomoku.Freestyle, 19, moves).MarshalSGF())}, code: 422, errHas: "19×19 board"},
		{name: "unreadable", body: map[string]any{"record": "(;GM[4];B[hh"}, code: 422, errHas: "the record cannot be read"},
		{name: "not a psq header", body: map[string]any{"record": "hello"}, code: 422, errHas: "the record cannot be read"},
		{name: "occupied", body: map[string]any{"record": string(rec(gomoku.Freestyle, 15, []inarow.Move{moves[0], moves[0]}).MarshalPSQ())}, code: 422, errHas: "move 2: h8 is already taken"},
		{name: "with moves", body: map[string]any{"record": psq, "moves": []string{"h8"}}, code: 400, errHas: "not both"},
		{name: "not gomoku", body: map[string]any{"record": psq, "game": "connect4"}, code: 400, errHas: "for gomoku games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"game": "gomoku", "opponent": "local"}
			for k, v := range tc.body {
				body[k] = v
			}
			before := cs.created.Load()
			code, out := e.do("POST", "/api/games", "", body)
			want(t, tc.name, code, tc.code, out)
			if code != http.StatusCreated {
				if msg := out["error"].(string); !strings.Contains(msg, tc.errHas) {
					t.Fatalf("error %q, want it to contain %q", msg, tc.errHas)
				}
				if n := cs.created.Load() - before; n != 0 {
					t.Fatalf("a refused request created %d games", n)
				}
				return
			}
			if got := out["rules"].(map[string]any)["rule"]; got != tc.rule {
				t.Fatalf("rule %v, want %s", got, tc.rule)
			}
			if got := fmt.Sprint(out["moves"]); got != "[h8 h9 j8]" {
				t.Fatalf("moves %s, want [h8 h9 j8]", got)
			}
		})
	}
}
