package gomoku

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// A deliberately plain reference of the document's 判断胜利, written as the
// document writes it: from the last stone, 查找连续落子 in each of the eight
// directions looks up the next point in the list (查找当前落子) while a
// stone of the same colour is there; a line with exactly five wins.

type stoneInfo struct{ stone, h, z string } // 落子信息: [棋子, 横点, 纵点]

func splitPoint(p string) (h, z string, ok bool) {
	valid := func(s string) bool { return len(s) == 2 && s[0] == '0' && s[1] >= '1' && s[1] <= '9' }
	if len(p) != 5 || p[2] != '-' || !valid(p[:2]) || !valid(p[3:]) {
		return "", "", false
	}
	return p[:2], p[3:], true
}

// nextPoint is 下一次查找位置: "01"…"09" stepped by d, or "00"/"10" off the
// board.
func nextPoint(s string, d int) string {
	n := int(s[1]-'0') + d
	return fmt.Sprintf("%02d", n)
}

func onBoard(s string) bool { return len(s) == 2 && s >= "01" && s <= "09" }

func findStone(list []stoneInfo, want stoneInfo) bool { // 查找当前落子
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

func consecutive(list []stoneInfo, last stoneInfo, dh, dz int) int { // 查找连续落子
	n := 0
	for {
		h, z := nextPoint(last.h, dh), nextPoint(last.z, dz)
		if !onBoard(h) || !onBoard(z) {
			return n
		}
		next := stoneInfo{last.stone, h, z}
		if !findStone(list, next) {
			return n
		}
		n++
		last = next
	}
}

func referenceStatus(stones [][2]string, last [2]string) string {
	var list []stoneInfo
	for _, s := range stones {
		if h, z, ok := splitPoint(s[1]); ok && (s[0] == Black || s[0] == White) {
			list = append(list, stoneInfo{s[0], h, z})
		}
	}
	h, z, ok := splitPoint(last[1])
	if !ok || (last[0] != Black && last[0] != White) {
		return "未开始"
	}
	l := stoneInfo{last[0], h, z}
	for _, d := range [][4]int{{-1, 0, 1, 0}, {0, -1, 0, 1}, {-1, 1, 1, -1}, {-1, -1, 1, 1}} {
		if consecutive(list, l, d[0], d[1])+1+consecutive(list, l, d[2], d[3]) == 5 {
			return "对局结束【" + last[0] + "】✌🏻✌🏻✌🏻"
		}
	}
	return "进行中"
}

func randomPoint(rng *rand.Rand) string {
	return fmt.Sprintf("%02d-%02d", 1+rng.IntN(9), 1+rng.IntN(9))
}

// TestGamesAgainstReference plays random games (random openers, crowded in
// a small area to make many lines and overlines) and compares the status
// after every stone with the reference on the list of stones so far.
func TestGamesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(2022, 11))
	ends := map[string]int{}
	games := 600
	if testing.Short() {
		games = 100
	}
	for i := 0; i < games; i++ {
		g := NewGobang()
		var played [][2]string
		stone := []string{Black, White}[rng.IntN(2)]
		span := 5 + rng.IntN(5)
		for !g.Over() {
			pt := fmt.Sprintf("%02d-%02d", 1+rng.IntN(span), 1+rng.IntN(span))
			if rng.IntN(20) == 0 {
				pt = randomPoint(rng)
			}
			next, err := g.Play(stone + pt)
			if err != nil {
				if !pointTaken(played, pt) {
					t.Fatalf("%s%s refused: %v", stone, pt, err)
				}
				identical(t, "refused", next, g)
				continue
			}
			if pointTaken(played, pt) {
				t.Fatalf("%s%s accepted on an occupied point", stone, pt)
			}
			played = append(played, [2]string{stone, pt})
			want := referenceStatus(played, [2]string{stone, pt})
			if got := next.Status(); got != want {
				t.Fatalf("after %v: status %q, reference %q\n%s", played, got, want, draw(boardOf(next)))
			}
			if got := StatusOf(played, [2]string{stone, pt}); got != want {
				t.Fatalf("StatusOf(%v) = %q, reference %q", played, got, want)
			}
			g = next
			if stone == Black {
				stone = White
			} else {
				stone = Black
			}
			if len(played) == gobangSize*gobangSize {
				break
			}
		}
		ends[g.Status()]++
	}
	t.Logf("ends: %v", ends)
	if ends[BlackWon] == 0 || ends[WhiteWon] == 0 {
		t.Errorf("too few wins: %v", ends)
	}
}

func pointTaken(played [][2]string, pt string) bool {
	for _, s := range played {
		if s[1] == pt {
			return true
		}
	}
	return false
}

// TestStatusOfAgainstReference compares StatusOf with the reference on
// random lists that need not alternate, may repeat points with either
// colour, may hold the last stone or not, and hold some malformed pairs.
func TestStatusOfAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	wins := 0
	for i := 0; i < 20000; i++ {
		n := rng.IntN(40)
		span := 3 + rng.IntN(7)
		var list [][2]string
		for j := 0; j < n; j++ {
			s := [2]string{[]string{Black, White, Black, Black}[rng.IntN(4)], fmt.Sprintf("%02d-%02d", 1+rng.IntN(span), 1+rng.IntN(span))}
			switch rng.IntN(40) {
			case 0:
				s[0] = "●"
			case 1:
				s[1] = "10-01"
			case 2:
				s[1] = "5-5"
			}
			list = append(list, s)
		}
		last := [2]string{Black, fmt.Sprintf("%02d-%02d", 1+rng.IntN(span), 1+rng.IntN(span))}
		switch rng.IntN(30) {
		case 0:
			last = [2]string{}
		case 1:
			last[1] = "00-03"
		case 2:
			last[0] = White
		}
		want := referenceStatus(list, last)
		if got := StatusOf(list, last); got != want {
			t.Fatalf("StatusOf(%v, %v) = %q, reference %q", list, last, got, want)
		}
		if want == BlackWon || want == WhiteWon {
			wins++
		}
	}
	if wins < 100 {
		t.Errorf("only %d wins among the random lists", wins)
	}
}
