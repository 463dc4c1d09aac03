// Package tictactoe holds the two tic-tac-toe documents of inarow, each in
// its own format, reproduced byte for byte, on top of the core
// inarow.Position with the inarow.TicTacToe rules.
//
// Why two formats for one game: the documents inarow follows were written
// as TypeScript type-level programs, and each chose its own
// representation. A user who knows one of them should be able to paste its
// games in and get exactly its answers back, so this package speaks both
// languages instead of inventing a third, and leaves the rules themselves
// to the core.
//
// # The {board, state} game (typehero, Advent of TypeScript 2023, day 21)
//
// A Game is the document's object: a board of three rows of three cells,
// each "❌", "⭕" or "  " (two spaces), and a state, "❌" or "⭕" for the
// chip to move, or "❌ Won", "⭕ Won", "Draw". Moves are named by row and
// column words: "top-left" … "bottom-right". Game marshals with
// encoding/json to the document's JSON, {"board":[[…],[…],[…]],"state":"⭕"}.
//
// The turn is read from the state, never from counting chips: the
// document's own draw test starts from a board with ⭕ to move that ❌-first
// play cannot reach. As in the document a refused move — an occupied cell,
// or any move after the end — returns the game exactly unchanged; Play
// also says why with an inarow sentinel error.
//
// # The bitboard document (taku-hatano/tic-tac-toe-type)
//
// A Playboard is that document's state: two 9-bit masks, player1 (O, who
// moves first) and player2 (X), cell i being bit i with the cells numbered
// 0–8 row by row, and the player to move. The document decides a game by
// ANDing each mask with the eight line masks (WinLines), checking Player1
// first, and prints either "Winner is Player1!", "Winner is Player2!",
// "Draw!" or the board as "OX- / O-- / ---" (Playboard.Text). A move on an
// occupied cell or off the board gives "Hey! Player2!! Invalid Move!",
// naming the player to move (Playboard.InvalidMove). Its view mode reads a
// board from nine "X"/"O"/"-" cells with Player1 to move (ParseView).
//
// The bitboard document's mask arithmetic is its format, so Playboard
// keeps pure masks; the tests check that it agrees with inarow.Position on
// every possible game.
package tictactoe
