// Package inarow is the core of inarow: the rules and positions of every
// k-in-a-row game — tic-tac-toe, Connect Four, gomoku and the general
// m,n,k-game with or without gravity.
//
// A Position is an immutable value: Play returns a new Position and leaves
// the old one untouched, so positions can be shared between goroutines and
// kept as history without copying. A refused move returns a sentinel error
// (ErrOccupied, ErrColumnFull, ErrOffBoard, ErrGameOver, …) together with
// the position unchanged.
//
// # Moves
//
// A Move is a cell index y*Cols + x, with x the column counted from the
// left and y the row counted from the top — the order in which the
// documents print their boards and the Gomocup protocol counts rows. In a
// gravity game the only legal cell of a column is the lowest empty one;
// Position.Drop finds it.
//
// # Bit layout
//
// Each player's stones are one bitset. Cell (x, y) is bit y*S + x, where
// the stride S = Cols+1 leaves one always-empty padding bit at the end of
// every row. The padding is what makes shift-and-AND safe: stepping right
// (+1), down (+S), down-right (+S+1) or down-left (+S-1) from any cell of
// the board lands either on the board or on a padding bit, never on the
// far edge of the next row. For Connect Four (7×6):
//
//	bit:  0  1  2  3  4  5  6 |  7     row 0 (top)
//	      8  9 10 11 12 13 14 | 15     row 1
//	     16 17 18 19 20 21 22 | 23     row 2
//	     24 25 26 27 28 29 30 | 31     row 3
//	     32 33 34 35 36 37 38 | 39     row 4
//	     40 41 42 43 44 45 46 | 47     row 5 (bottom)
//	                            ^ padding column
//
// When Rows*S fits in 64 bits (tic-tac-toe, Connect Four up to 7×8, 7×7
// boards…) every operation touches a single uint64 per player; larger
// boards, up to 20×20, use the further words of a fixed-size bitset, so a
// Position never holds a pointer and never allocates.
//
// A win is found only through the last move: from the new stone the
// engine steps along each of the four directions while the neighbouring
// bit is set, which is exactly the run that move made. On a one-word
// board a few shift-and-ANDs first tell whether any run of K exists in a
// direction at all, so that most moves need no walk.
package inarow
