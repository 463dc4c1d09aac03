package gomoku

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/inarow/inarow/internal/golden"

	"github.com/inarow/inarow"
)

// sampleRecord is a short renju game that white wins with an overline
// (which white may make).
func sampleRecord(t *testing.T) Record {
	t.Helper()
	r, _ := Renju.Board(15)
	var moves []inarow.Move
	for _, s := range strings.Fields("h8 a1 b1 i9 c1 j10 d1 k11 a15 m13 b15 n14 o1 l12") {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	times := make([]int, len(moves))
	for i := range times {
		times[i] = 100 * i
	}
	return Record{Rule: Renju, Cols: 15, Rows: 15, Moves: moves, Times: times, Black: "pbrain-one", White: "pbrain-two", Result: "W+1"}
}

func TestRecordGolden(t *testing.T) {
	rec := sampleRecord(t)
	p, err := rec.Position()
	if err != nil {
		t.Fatal(err)
	}
	if o := p.Outcome(); o.Status != inarow.Won || o.Winner != inarow.Second || o.Line.Len != 6 {
		t.Fatalf("outcome %+v, want white's overline", o)
	}
	if ResultOf(p) != "W+1" {
		t.Errorf("ResultOf = %q", ResultOf(p))
	}
	golden.Check(t, "record.sgf", rec.MarshalSGF())
	golden.Check(t, "record.psq", rec.MarshalPSQ())
}

func TestRecordRoundTrip(t *testing.T) {
	rec := sampleRecord(t)
	got, err := ParseSGF(rec.MarshalSGF())
	if err != nil || !reflect.DeepEqual(got, rec) {
		t.Errorf("SGF round trip:\n%+v\n%v\nwant %+v", got, err, rec)
	}
	got, err = ParsePSQ(rec.MarshalPSQ())
	want := rec
	want.Rule, want.Result = Freestyle, "" // not in the format
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("psq round trip:\n%+v\n%v\nwant %+v", got, err, want)
	}
	// Through ParseRecord, both.
	for _, data := range [][]byte{rec.MarshalSGF(), rec.MarshalPSQ()} {
		if got, err := ParseRecord(data); err != nil || !reflect.DeepEqual(got.Moves, rec.Moves) {
			t.Errorf("ParseRecord: %v %v", got, err)
		}
	}
	// A rectangular board, no times, no names.
	rect := Record{Rule: CaroExact, Cols: 20, Rows: 7, Moves: []inarow.Move{0, 139, 25}}
	if got, err := ParseSGF(rect.MarshalSGF()); err != nil || !reflect.DeepEqual(got, rect) {
		t.Errorf("rectangular SGF: %+v %v", got, err)
	}
}

// TestParseCGomokuCli reads a game as c-gomoku-cli's Game::export_sgf
// writes it: GN, EV, DT, RO, RU, SZ, PB, PW, RE, TE in the root node,
// opening moves commented "opening move", the others with their time.
func TestParseCGomokuCli(t *testing.T) {
	const sgf = "(;FF[4]GM[4]GN[3]EV[pbrain-a x pbrain-b]DT[2024.05.01 10:00:00]RO[2.1]RU[4]SZ[15]PB[pbrain-a]PW[pbrain-b]RE[B+1]TE[Black win by five connection]\n" +
		";B[hh]C[opening move];W[ig]C[opening move];B[ii]C[opening move]\n" +
		";W[gg]C[12ms];B[hi]C[30ms];W[hj]C[8ms];B[hg]C[9ms];W[hf]C[11ms];B[jj]C[10ms];W[kk]C[7ms];B[gi]C[5ms]\n" +
		";W[fi]C[1ms];B[ji]C[2ms];W[ki]C[3ms];B[ih]C[4ms])\n\n"
	rec, err := ParseSGF([]byte(sgf))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Rule != Renju || rec.Cols != 15 || rec.Black != "pbrain-a" || rec.White != "pbrain-b" || rec.Result != "B+1" || len(rec.Moves) != 15 ||
		rec.Opening != 3 || rec.Termination != "Black win by five connection" {
		t.Fatalf("%+v", rec)
	}
	if want := []int{0, 0, 0, 12, 30, 8, 9, 11, 10, 7, 5, 1, 2, 3, 4}; !slices.Equal(rec.Times, want) {
		t.Errorf("times %v, want %v (the opening's moves 0)", rec.Times, want)
	}
	again, err := ParseSGF(rec.MarshalSGF())
	if err != nil || !reflect.DeepEqual(again, rec) {
		t.Errorf("written and read again: %+v, %v", again, err)
	}
	r, _ := rec.Rules()
	if got := FormatXY(r, rec.Moves[1]); got != "8,6" {
		t.Errorf("W[ig] = %s, want 8,6 (x is the column, y the row from the top)", got)
	}
	if got := r.FormatMove(rec.Moves[0]); got != "h8" {
		t.Errorf("B[hh] = %s, want h8", got)
	}
	if _, err := rec.Position(); err != nil {
		t.Error(err)
	}
}

// TestParsePiskvork reads a .psq as Piskvork saves it in a tournament:
// the moves, the two brains, the error code.
func TestParsePiskvork(t *testing.T) {
	const psq = "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,453\r\n9,11,1200\r\npbrain-a.exe\r\npbrain-b.exe\r\n0\r\n"
	rec, err := ParsePSQ([]byte(psq))
	if err != nil {
		t.Fatal(err)
	}
	want := Record{Rule: Freestyle, Cols: 20, Rows: 20, Moves: []inarow.Move{9*20 + 9, 10*20 + 10, 10*20 + 8}, Times: []int{0, 453, 1200}, Black: "pbrain-a.exe", White: "pbrain-b.exe"}
	if !reflect.DeepEqual(rec, want) {
		t.Errorf("%+v\nwant %+v", rec, want)
	}
	// Without names and error code; with a two-field move.
	rec, err = ParsePSQ([]byte("Piskvorky 15x15, 0:0, 1\n8,8\n"))
	if err != nil || len(rec.Moves) != 1 || rec.Moves[0] != 7*15+7 {
		t.Errorf("%+v %v", rec, err)
	}
}

func TestRecordErrors(t *testing.T) {
	bad := []string{
		"",
		"(",
		"(;GM[1]SZ[19];B[aa])",
		"(;GM[4]SZ[15];W[aa])",
		"(;GM[4]SZ[15];B[aa];B[bb])",
		"(;GM[4]SZ[15];B[])",
		"(;GM[4]SZ[15];B[tt])",
		"(;GM[4]SZ[4])",
		"(;GM[4]SZ[21])",
		"(;GM[4]RU[12])",
		"(;GM[4]AB[aa])",
		"(;GM[4];B[aa]",
		"(;GM[4];B[aa",
		"(;GM[4];B[aa]W[bb])",
		"Piskvorky 3x3, 0:0, 0\n",
		"Piskvorky 15x15, 0:0, 0\n0,1,0\n",
		"Piskvorky 15x15, 0:0, 0\n16,1,0\n",
		"Piskvorky 15x15, 0:0, 0\n1,1,-5\n",
		"Piskvorky 15x15, 0:0, 0\n1,1,0\nonly-one-name\n0\n",
		"Piskvorky 15x15, 0:0, 0\n1,x,0\n",
		"Piskvorky\n",
		"hello",
	}
	for _, s := range bad {
		if _, err := ParseRecord([]byte(s)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("ParseRecord(%q) = %v, want ErrBadRecord", s, err)
		}
	}
	// A record whose move is refused when replayed.
	r, _ := Renju.Board(15)
	rec := Record{Rule: Renju, Cols: 15, Rows: 15, Moves: []inarow.Move{0, 0}}
	if _, err := rec.Position(); !errors.Is(err, inarow.ErrOccupied) || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("replay: %v", err)
	}
	_ = r
}

// TestSGFVariations: the main line is the first variation.
func TestSGFVariations(t *testing.T) {
	rec, err := ParseSGF([]byte("(;GM[4]SZ[9]PB[a\\]b];B[ee](;W[ff];B[dd])(;W[aa]))"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) != 3 || rec.Moves[1] != 5*9+5 || rec.Black != "a]b" {
		t.Errorf("%+v", rec)
	}
}

func TestRecordSeeds(t *testing.T) {
	// The checked-in seed corpora parse or fail without panicking.
	for _, dir := range []string{"FuzzParseSGF", "FuzzParsePSQ"} {
		files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", dir, "*"))
		if len(files) < 5 {
			t.Errorf("%s: %d seeds", dir, len(files))
		}
		for _, f := range files {
			if _, err := os.ReadFile(f); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestParseSGFCollection reads a match's games from one file, as
// c-gomoku-cli writes them, and names the game an error is in.
func TestParseSGFCollection(t *testing.T) {
	const games = "(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[a]PW[rapfi]RE[W+1]TE[White win by five connection]\n" +
		";B[fh]C[opening move];W[gi]C[opening move];B[ge]C[opening move]\n;W[ei]C[204ms];B[hi]C[136ms])\n\n" +
		"(;FF[4]GM[4]GN[2]RU[0]SZ[15]PB[rapfi]PW[a]RE[0]TE[Draw by fullfilled board]\n" +
		";B[fh]C[opening move];W[gi]C[opening move];B[ge]C[opening move]\n;W[ei]C[93ms])\n\n"
	recs, err := ParseSGFCollection([]byte(games))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Black != "a" || recs[1].Black != "rapfi" || recs[1].Result != "0" ||
		recs[0].Opening != 3 || recs[1].Opening != 3 || len(recs[0].Moves) != 5 || recs[1].Times[3] != 93 {
		t.Fatalf("%+v", recs)
	}
	if recs, err := ParseSGFCollection([]byte(" \n")); err != nil || len(recs) != 0 {
		t.Errorf("no game: %v, %v", recs, err)
	}
	_, err = ParseSGFCollection([]byte(games + "(;GM[1];B[aa])"))
	if !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), "game 3") {
		t.Errorf("a go game third: %v, want ErrBadRecord naming game 3", err)
	}
	// an opening comment after a player's move is only a comment
	rec, err := ParseSGF([]byte("(;GM[4];B[hh]C[1ms];W[ii]C[opening move])"))
	if err != nil || rec.Opening != 0 || rec.Times != nil {
		t.Errorf("%+v, %v", rec, err)
	}
}
