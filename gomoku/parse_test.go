package gomoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/inarow/inarow"
)

// rendered returns the 棋盘状态 of a picture (see picture), as the
// document prints it, built by hand.
func rendered(b [][]string) map[string]string {
	out := map[string]string{"00": "01|02|03|04|05|06|07|08|09|"}
	for y, row := range b {
		out[fmt.Sprintf("%02d", y+1)] = strings.Join(row, "|") + "|"
	}
	return out
}

func gobangJSONOf(t *testing.T, board map[string]string, status string, next ...string) string {
	t.Helper()
	v := map[string]any{"board": board, "status": status}
	if len(next) > 0 {
		v["next"] = next[0]
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var emptyPicture = []string{".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."}

func pictureWith(first ...string) [][]string {
	lines := append([]string(nil), emptyPicture...)
	copy(lines, first)
	return picture(lines...)
}

func TestRenderedMatchesHand(t *testing.T) {
	g := mustPlay(t, NewGobang(), "⚫01-01", "⚪01-02", "⚫02-02", "⚪09-09")
	want := rendered(picture("BW.......", ".B.......", ".........", ".........", ".........", ".........", ".........", ".........", "........W"))
	if got := g.Rendered(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("Rendered\n%v\nwant\n%v", got, want)
	}
}

func TestParseGobangAccepts(t *testing.T) {
	example := mustPlay(t, NewGobang(), "⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05")
	whiteOpened := mustPlay(t, NewGobang(), "⚪05-05", "⚫04-04")
	whiteOpenedWon := mustPlay(t, NewGobang(), "⚪09-09", "⚫01-01", "⚪09-08", "⚫01-02", "⚪08-09", "⚫01-03", "⚪07-07", "⚫01-04", "⚪06-06", "⚫01-05")
	cases := []struct {
		name string
		g    Gobang
		next string // the "next" MarshalJSON must write
	}{
		{"new", NewGobang(), ""},
		{"one stone", mustPlay(t, NewGobang(), "⚫05-05"), ""},
		{"⚪ opened", mustPlay(t, NewGobang(), "⚪05-05"), ""},
		{"⚪ opened, equal counts", whiteOpened, White},
		{"⚫ opened, equal counts", mustPlay(t, NewGobang(), "⚫05-05", "⚪04-04"), ""},
		{"⚫ won", example, ""},
		{"⚫ won a game ⚪ opened", whiteOpenedWon, ""},
		{"full board", fullBoard(t), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := json.Marshal(c.g)
			if err != nil {
				t.Fatal(err)
			}
			var fields map[string]any
			if err := json.Unmarshal(b, &fields); err != nil {
				t.Fatal(err)
			}
			if next, _ := fields["next"].(string); next != c.next {
				t.Errorf("MarshalJSON wrote next %q, want %q: %s", next, c.next, b)
			}
			back, err := ParseGobang(b)
			if err != nil {
				t.Fatalf("ParseGobang(%s): %v", b, err)
			}
			sameGobang(t, "read back", back, c.g)
		})
	}
	// Whitespace and key order do not matter; "next" fixes the opener of
	// an empty board.
	in := "{ \"next\": \"⚪\",\n \"status\": \"未开始\", \"board\": " + mustJSON(t, rendered(pictureWith())) + "}\n"
	g, err := ParseGobang([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if g.Next() != White {
		t.Fatalf("next %q", g.Next())
	}
	if _, err := g.Play("⚫05-05"); !errors.Is(err, ErrWrongStone) {
		t.Errorf("⚫ opened a game whose next is ⚪: %v", err)
	}
	if b, _ := json.Marshal(g); !strings.Contains(string(b), `"next":"⚪"`) {
		t.Errorf("the fixed opener is not written: %s", b)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseGobangRefuses(t *testing.T) {
	empty := rendered(pictureWith())
	board := mustJSON(t, empty)
	five := rendered(pictureWith("BBBBB....", "WWWW....."))
	with := func(key, val string) map[string]string {
		m := map[string]string{}
		for k, v := range empty {
			m[k] = v
		}
		m[key] = val
		return m
	}
	without := func(key string) map[string]string {
		m := with("05", empty["05"])
		delete(m, key)
		return m
	}
	cases := []struct {
		name, in, why string
	}{
		{"empty input", "", "empty"},
		{"not an object", `[]`, "JSON object"},
		{"null", `null`, "JSON object"},
		{"bad JSON", `{"board": {`, "too early"},
		{"unknown field", `{"board": ` + board + `, "status": "未开始", "moves": []}`, `unknown field "moves"`},
		{"capitalised field", `{"Board": ` + board + `, "status": "未开始"}`, `unknown field "Board"`},
		{"field twice", `{"board": ` + board + `, "status": "未开始", "status": "进行中"}`, "twice"},
		{"no board", `{"status": "未开始"}`, `no "board"`},
		{"no status", `{"board": ` + board + `}`, `no "status"`},
		{"trailing data", `{"board": ` + board + `, "status": "未开始"} 1`, "after the game"},
		{"board null", `{"board": null, "status": "未开始"}`, "JSON object"},
		{"board a list", `{"board": [], "status": "未开始"}`, "JSON object"},
		{"status null", `{"board": ` + board + `, "status": null}`, "want a string"},
		{"status a number", `{"board": ` + board + `, "status": 1}`, "cannot unmarshal number"},
		{"row a number", `{"board": {"00": 1}, "status": "未开始"}`, "cannot unmarshal number"},
		{"row twice", `{"board": {"00": "01|02|03|04|05|06|07|08|09|", "00": "01|02|03|04|05|06|07|08|09|"}, "status": "未开始"}`, "twice"},
		{"missing row", gobangJSONOf(t, without("05"), "未开始"), `no row "05"`},
		{"missing header", gobangJSONOf(t, without("00"), "未开始"), `no row "00"`},
		{"row 10", gobangJSONOf(t, with("10", empty["09"]), "未开始"), `unknown field "10" in the board`},
		{"row 1", gobangJSONOf(t, with("1", empty["09"]), "未开始"), `unknown field "1" in the board`},
		{"wrong header", gobangJSONOf(t, with("00", "01|02|03|04|05|06|07|08|"), "未开始"), `row "00"`},
		{"eight points", gobangJSONOf(t, with("03", "□□|□□|□□|□□|□□|□□|□□|□□|"), "未开始"), "8 points"},
		{"ten points", gobangJSONOf(t, with("03", "□□|□□|□□|□□|□□|□□|□□|□□|□□|□□|"), "未开始"), "after its 9 points"},
		{"no last bar", gobangJSONOf(t, with("03", "□□|□□|□□|□□|□□|□□|□□|□□|□□"), "未开始"), "8 points"},
		{"one square", gobangJSONOf(t, with("03", "□|□□|□□|□□|□□|□□|□□|□□|□□|"), "未开始"), `"□"`},
		{"other stone", gobangJSONOf(t, with("03", "●|□□|□□|□□|□□|□□|□□|□□|□□|"), "进行中"), `"●"`},
		{"unknown status", gobangJSONOf(t, empty, "结束"), "unknown status"},
		{"win status of the wrong form", gobangJSONOf(t, five, "对局结束【⚫】"), "unknown status"},
		{"next not a stone", gobangJSONOf(t, empty, "未开始", "🔴"), "next"},
		{"next null", `{"board": ` + board + `, "status": "未开始", "next": null}`, "want a string"},
		{"not started with stones", gobangJSONOf(t, rendered(pictureWith("B........")), "未开始"), "stones"},
		{"going on without stones", gobangJSONOf(t, empty, "进行中"), "empty"},
		{"won without stones", gobangJSONOf(t, empty, BlackWon), "empty"},
		{"two more black", gobangJSONOf(t, rendered(pictureWith("BB.......")), "进行中"), "alternate"},
		{"two more white", gobangJSONOf(t, rendered(pictureWith("BWW......", "W........")), "进行中"), "alternate"},
		{"next has more stones", gobangJSONOf(t, rendered(pictureWith("B........")), "进行中", Black), "turn"},
		{"going on with a five", gobangJSONOf(t, five, "进行中"), "five in a row"},
		{"won without a five", gobangJSONOf(t, rendered(pictureWith("BBBB.....", "WWWW.....")), BlackWon), "no five"},
		{"won with six only", gobangJSONOf(t, rendered(pictureWith("BBBBBB...", "WWWWW....", "W........")), BlackWon), "no five"},
		{"won by the other", gobangJSONOf(t, five, WhiteWon), "did not move last"},
		{"winner with fewer stones", gobangJSONOf(t, rendered(pictureWith("BBBBB....", "WWW.W.W.W")), BlackWon), "did not move last"},
		{"winner to move", gobangJSONOf(t, rendered(pictureWith("BBBBB....", "WWW.W.W..")), BlackWon, Black), "did not move last"},
		{"both have five", gobangJSONOf(t, rendered(pictureWith("BBBBB....", "WWWWW....")), BlackWon), "both"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := ParseGobang([]byte(c.in))
			if !errors.Is(err, inarow.ErrBadSetup) {
				t.Fatalf("ParseGobang(%s) = %v, %v; want an error wrapping ErrBadSetup", c.in, g.Status(), err)
			}
			if !strings.Contains(err.Error(), c.why) {
				t.Errorf("error %q does not say %q", err, c.why)
			}
		})
	}
}

// TestUnmarshalJSON: json.Unmarshal into a Gobang is ParseGobang.
func TestUnmarshalJSON(t *testing.T) {
	g := mustPlay(t, NewGobang(), "⚪05-05", "⚫04-04")
	b, _ := json.Marshal(g)
	var back Gobang
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	sameGobang(t, "unmarshalled", back, g)
	var wrapped struct{ Game Gobang }
	if err := json.Unmarshal([]byte(`{"Game": {"board": {}, "status": "未开始"}}`), &wrapped); !errors.Is(err, inarow.ErrBadSetup) {
		t.Errorf("a board without rows unmarshalled: %v", err)
	}
}
