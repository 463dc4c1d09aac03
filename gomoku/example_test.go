package gomoku_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/gomoku"
)

func ExampleGobang_Play() {
	g := gomoku.NewGobang()
	for _, tok := range []string{"⚫01-01", "⚪01-02", "⚫02-02", "⚪01-03", "⚫03-03", "⚪01-04", "⚫04-04", "⚪01-05", "⚫05-05"} {
		g, _ = g.Play(tok)
	}
	board := g.Rendered()
	for _, k := range []string{"00", "01", "02", "05", "06"} {
		fmt.Println(k, board[k])
	}
	fmt.Println(g.Status())
	_, err := g.Play("⚪09-09")
	fmt.Println(errors.Is(err, inarow.ErrGameOver))
	// Output:
	// 00 01|02|03|04|05|06|07|08|09|
	// 01 ⚫|⚪|⚪|⚪|⚪|□□|□□|□□|□□|
	// 02 □□|⚫|□□|□□|□□|□□|□□|□□|□□|
	// 05 □□|□□|□□|□□|⚫|□□|□□|□□|□□|
	// 06 □□|□□|□□|□□|□□|□□|□□|□□|□□|
	// 对局结束【⚫】✌🏻✌🏻✌🏻
	// true
}

func ExampleGobang_Play_refused() {
	g, _ := gomoku.NewGobang().Play("⚫05-05")
	_, err := g.Play("⚫04-04")
	fmt.Println(errors.Is(err, gomoku.ErrWrongStone))
	_, err = g.Play("05-05")
	fmt.Println(errors.Is(err, inarow.ErrOccupied))
	// Output:
	// true
	// true
}

func ExampleGobang_MarshalJSON() {
	g, _ := gomoku.NewGobang().Play("⚫01-01")
	g, _ = g.Play("⚪01-02")
	b, _ := json.Marshal(g)
	fmt.Println(string(b))
	// Output:
	// {"board":{"00":"01|02|03|04|05|06|07|08|09|","01":"⚫|⚪|□□|□□|□□|□□|□□|□□|□□|","02":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","03":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","04":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","05":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","06":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","07":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","08":"□□|□□|□□|□□|□□|□□|□□|□□|□□|","09":"□□|□□|□□|□□|□□|□□|□□|□□|□□|"},"status":"进行中"}
}

func ExampleStatusOf() {
	// 测试左斜连胜利: the list need not hold the last stone, and 04-04 does
	// not connect.
	stones := [][2]string{{"⚫", "06-04"}, {"⚫", "05-05"}, {"⚫", "09-01"}, {"⚫", "08-02"}, {"⚫", "04-04"}}
	fmt.Println(gomoku.StatusOf(stones, [2]string{"⚫", "07-03"}))
	fmt.Println(gomoku.StatusOf(stones, [2]string{"⚫", "01-01"}))
	fmt.Println(gomoku.StatusOf(nil, [2]string{}))
	// Output:
	// 对局结束【⚫】✌🏻✌🏻✌🏻
	// 进行中
	// 未开始
}

func ExampleParsePoint() {
	m, _ := gomoku.ParsePoint("01-02")
	x, y := gomoku.GobangRules.XY(m)
	fmt.Println(m, "column", x, "row", y, gomoku.FormatPoint(m))
	// Output: 1 column 1 row 0 01-02
}

func ExampleParseXY() {
	m, _ := gomoku.ParseXY(inarow.Gomoku, "7,7")
	fmt.Println(gomoku.FormatCoord(inarow.Gomoku, m), gomoku.FormatXY(inarow.Gomoku, m))
	// Output: h8 7,7
}
