// Package agent lets programs outside inarow play: a line protocol over
// standard input and output, a Player that runs such a program, the
// reference agent (Serve) that answers the protocol with any engine, and
// a match runner.
//
// # The protocol (version 1)
//
// One command a line, words separated by spaces. The host (inarow) writes:
//
//	inarow 1                 first line; the agent answers "ok" or "ok NAME"
//	rules RULES              a new game: m=COLS,n=ROWS,k=K[,gravity][,exact]
//	position [MOVE ...]      the moves so far from the empty board, in order
//	go MS [legal MOVE ...]   think at most MS milliseconds; the legal moves follow
//	quit                     exit now
//
// and the agent answers "move MOVE" to every go. A MOVE is a column letter
// from a (left) and a row number from 1 (bottom): "d1" is the first stone
// of Connect Four's middle column, "h8" the centre of a 15×15 board.
// Lines the agent writes that start with "info" or "#" are ignored (the
// host may log them); so is an empty line. An agent that does not answer
// "move" within MS plus a grace period, answers an illegal move or exits
// loses the game.
//
// A ten-line client in Python that plays at random:
//
//	#!/usr/bin/env python3
//	import random, sys
//	print("ok random", flush=True)
//	for line in sys.stdin:
//	    words = line.split()
//	    if words[:1] == ["go"]:
//	        legal = words[words.index("legal") + 1:]
//	        print("move", random.choice(legal), flush=True)
//	    elif words[:1] == ["quit"]:
//	        break
package agent

import (
	"errors"
	"fmt"
	"strings"

	"github.com/inarow/inarow"
)

// Version is the protocol version the host announces.
const Version = 1

// Errors.
var (
	ErrProtocol = errors.New("agent: protocol error")
	ErrTimeout  = errors.New("agent: no answer in time")
	ErrExited   = errors.New("agent: the program exited")
)

// MoveList returns an order of the stones of p that replays it from the
// empty board — the position line of the protocol. prefix, the moves
// sent before in this game, is kept when p extends it. It fails for a
// position that no alternating sequence of moves reaches (a set-up board
// with the wrong side to move, say).
func MoveList(p inarow.Position, prefix []inarow.Move) ([]inarow.Move, error) {
	r := p.Rules()
	cur, err := inarow.NewPosition(r)
	if err != nil {
		return nil, err
	}
	var moves []inarow.Move
	for _, m := range prefix {
		if p.At(m) != cur.ToMove() {
			moves = nil
			cur, _ = inarow.NewPosition(r)
			break
		}
		next, err := cur.Play(m)
		if err != nil {
			moves = nil
			cur, _ = inarow.NewPosition(r)
			break
		}
		cur, moves = next, append(moves, m)
	}
	// Add the missing stones, each side in turn, searching (with gravity
	// the order within and across columns matters) with a bound on the
	// effort.
	budget := 200000
	var dfs func(cur inarow.Position) bool
	dfs = func(c inarow.Position) bool {
		if c.Ply() == p.Ply() {
			cur = c
			return true
		}
		if budget--; budget < 0 || c.Over() {
			return false
		}
		for _, m := range c.AppendLegal(nil) {
			if p.At(m) != c.ToMove() {
				continue
			}
			next, err := c.Play(m)
			if err != nil {
				continue
			}
			moves = append(moves, m)
			if dfs(next) {
				return true
			}
			moves = moves[:len(moves)-1]
		}
		return false
	}
	if !dfs(cur) {
		return nil, fmt.Errorf("%w: no move order reaches the position", ErrProtocol)
	}
	if cur.ToMove() != p.ToMove() || cur.Key() != p.Key() {
		return nil, fmt.Errorf("%w: no move order reaches the position", ErrProtocol)
	}
	return moves, nil
}

// formatMoves writes moves in coordinate notation separated by spaces.
func formatMoves(r inarow.Rules, ms []inarow.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = r.FormatMove(m)
	}
	return strings.Join(parts, " ")
}
