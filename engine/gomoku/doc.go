// Package gomokuengine is the gomoku engine: threat-space search (VCF,
// VCT) and an alpha-beta (PVS) iterative deepening search over an
// incremental pattern evaluation, with a transposition table and time
// control, for five in a row on boards from 5×5 to 20×20 under package
// gomoku's rules.
//
// It lives in engine/gomoku but is named gomokuengine so that a caller
// importing both reads gomoku.Renju (the rule, from the games layer) next
// to gomokuengine.Search (the engine) without an alias.
package gomokuengine
