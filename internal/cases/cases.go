// Package cases holds the data the tests and `inarow bench solve` read —
// the documents' own cases, the renju forbidden-point cases and Pascal
// Pons' Connect Four sets — embedded, so that they run in a plain clone,
// from any directory and in the installed binary, with nothing read from
// outside the repository. testdata/README.md says where each came from.
package cases

import (
	"embed"
	"io/fs"
)

//go:embed testdata
var files embed.FS

// The files' names, for messages: where to find them in the repository.
const (
	SeedCasesPath = "internal/cases/testdata/vectors/seed_cases.json"
	RenjuPath     = "internal/cases/testdata/gomoku/renju_forbidden_cases.jsonl"
	PonsDir       = "internal/cases/testdata/connect4"
)

// SeedCases returns seed_cases.json: a JSON array of the documents' test
// cases, each with its "id" and "game" (testdata/vectors/README.md).
func SeedCases() []byte { return mustRead("testdata/vectors/seed_cases.json") }

// Renju returns renju_forbidden_cases.jsonl: one renju position a line
// with black's forbidden points (testdata/gomoku/README.md).
func Renju() []byte { return mustRead("testdata/gomoku/renju_forbidden_cases.jsonl") }

// PonsSetNames are Pons' six sets, easiest first.
var PonsSetNames = []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"}

// PonsSets returns the directory of Pons' sets (testdata/connect4): each
// file named in PonsSetNames holds "MOVES SCORE" lines.
func PonsSets() fs.FS {
	sub, err := fs.Sub(files, "testdata/connect4")
	if err != nil {
		panic(err) // a fixed, valid name
	}
	return sub
}

// mustRead reads an embedded file; the names are fixed and the build
// fails if a file is missing, so an error here is a bug.
func mustRead(name string) []byte {
	data, err := files.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return data
}
