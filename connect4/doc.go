// Package connect4 is Connect Four as the typehero document plays it
// (Advent of TypeScript 2023, day 23): a game is {board, state}, the board
// six rows of seven cells printed with row 0 at the top, each cell "🟡",
// "🔴" or "  " (two spaces), and the state the chip to move ("🟡" opens)
// or the end of the game ("🟡 Won", "🔴 Won", "Draw").
//
// A move is a column 0–6; the chip drops to the lowest empty cell of it.
// After a move, four in a row, column or diagonal wins for the chip that
// made it, a full board without one is a draw, and otherwise the other
// chip moves. The turn comes from the state, never from counting chips. A
// move into a full column, into no column, or after the end is refused
// and leaves the game exactly as it was.
//
// The rules themselves — gravity, the win through the last chip, the full
// board — are those of the core package: a Game is converted to an
// inarow.Position (inarow.ConnectFour rules, 🟡 = inarow.First) and back.
//
// The package also reads and writes the field's move strings, the
// notation of Pascal Pons' solver and of the Connect Four test sets:
// 1-based columns written one digit per move, so "4453" plays columns
// 4, 4, 5 and 3 from the empty board (ParseMoves, FormatMoves, Replay).
package connect4
