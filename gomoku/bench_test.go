package gomoku

import (
	"encoding/json"
	"testing"
)

// BenchmarkPlay is one move of the document's game, token parsed.
func BenchmarkPlay(b *testing.B) {
	g := mustPlay(b, NewGobang(), "⚫05-05", "⚪04-04", "⚫05-04", "⚪04-05", "⚫05-06", "⚪04-06")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Play("⚫05-07"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatusOf is the document's 判断胜利 on its own test case.
func BenchmarkStatusOf(b *testing.B) {
	stones := [][2]string{{"⚫", "06-04"}, {"⚫", "05-05"}, {"⚫", "09-01"}, {"⚫", "08-02"}, {"⚫", "04-04"}}
	last := [2]string{"⚫", "07-03"}
	b.ReportAllocs()
	for b.Loop() {
		if StatusOf(stones, last) != BlackWon {
			b.Fatal("no win")
		}
	}
}

// BenchmarkMarshalJSON writes the document's example game.
func BenchmarkMarshalJSON(b *testing.B) {
	g := mustPlay(b, NewGobang(), "⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseGobang reads it back.
func BenchmarkParseGobang(b *testing.B) {
	g := mustPlay(b, NewGobang(), "⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05")
	data, _ := json.Marshal(g)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseGobang(data); err != nil {
			b.Fatal(err)
		}
	}
}
