// Package gomoku holds the five-in-a-row games on open boards (no
// gravity): their rules, notations and records, and the exact format of
// the gobang document.
//
// # Rules
//
// A Rule is one of the Gomocup protocol's: Freestyle (five or more wins,
// INFO rule 0), Standard (exactly five, 1), Renju (4), Caro (8) and
// CaroExact (9), on boards from 5×5 to 20×20 (Rule.Board gives the core
// rules). The win itself is the core's (inarow.WinRule); renju adds
// black's forbidden moves, which Play refuses with a *ForbiddenError
// (errors.Is inarow.ErrForbidden) naming the kind: DoubleThree,
// DoubleFour or Overline. IsForbidden and Forbidden answer for any
// position, and a Board kept up to date by an engine answers in about
// a tenth of a microsecond a point.
//
// # The gobang document
//
// Gobang is the game of haiweilian's "用 TypeScript 类型运算实现一个五子棋游戏"
// (haiweilian/demos, TypeScript/ts-deep-dive/gobang/index.ts): a 9×9
// board, stones "⚫" and "⚪", an empty point "□□". A point is written
// "HH-ZZ", both numbers "01" to "09": the first picks the board row (row
// key "01"…"09"), the second the column within that row, so "01-02" is
// row 0, column 1. Either stone may open; after that the colours
// alternate and an occupied point is refused.
// The status is "未开始" before the first stone, "进行中" during the game,
// and "对局结束【⚫】✌🏻✌🏻✌🏻" (or ⚪) once the last stone makes exactly
// five in a row through it — six or more does not win (GobangRules, an
// inarow.ExactlyK game). The document has no draw: a full board without a
// winner stays "进行中", and no move is possible after the end.
//
// Gobang is that game as an immutable value on top of inarow.Position;
// Rendered and MarshalJSON write the document's 棋盘状态, ParseGobang (and
// UnmarshalJSON) read it back, and StatusOf is the document's 判断胜利 on a
// list of stones.
//
// # Records
//
// A Record is a game from the empty board: rule, size, moves, times,
// players and result. ParseSGF and MarshalSGF read and write SGF (FF[4]
// GM[4], RU holding the Gomocup rule number, letter coordinates "hh" for
// the centre of 15×15, C[..ms] move times) as c-gomoku-cli writes its
// games; ParsePSQ and MarshalPSQ the Piskvork .psq ("Piskvorky 15x15,
// 11:11, 0", then 1-based "x,y,time" lines, the players, the error
// code); ParseRecord tells them apart. Record.Position replays the moves
// under the rule.
//
// # Threats
//
// The search for a victory by threats (FindVCF, FindVCT) is the engine's,
// in engine/gomoku (package gomokuengine): the module keeps one VCF.
//
// # Notations
//
// Besides the document's points (ParsePoint, FormatPoint), the package
// reads and writes the Gomocup protocol's "x,y" (ParseXY, FormatXY: 0-based,
// x the column from the left, y the row from the top) and the board
// coordinates "h8" (ParseCoord, FormatCoord: a column letter and a row
// number from the bottom) for boards of any size.
package gomoku
