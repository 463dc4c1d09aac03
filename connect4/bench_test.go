package connect4

import (
	"testing"

	"github.com/inarow/inarow"
)

// BenchmarkPlay is one move of the document's game: parse the column,
// read the board into a position, drop the chip, write the board back.
func BenchmarkPlay(b *testing.B) {
	p, err := Replay(inarow.ConnectFour, "44455554221")
	if err != nil {
		b.Fatal(err)
	}
	g := FromPosition(p)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Play("2"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseGame reads a game's JSON.
func BenchmarkParseGame(b *testing.B) {
	data := []byte(`{"board":[["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["  ","  ","  ","  ","  ","  ","  "],["🟡","  ","  ","  ","  ","  ","  "],["🔴","🔴","  ","  ","  ","  ","  "],["🟡","🔴","🟡","  ","  ","  ","  "]],"state":"🟡"}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseGame(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay replays a 38-move string of Pons' end-game set.
func BenchmarkReplay(b *testing.B) {
	const s = "23163416124767223154467471272416755633"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(inarow.ConnectFour, s); err != nil {
			b.Fatal(err)
		}
	}
}
