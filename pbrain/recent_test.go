package pbrain

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBoardLastMoves: the brain searches a BOARD as the game it lists,
// in the order it lists it — the manager gives the stones in the order
// they were played, and the search reads the last two as the last moves
// (gomokuengine.Limits.Recent). The earlier stones' order changes
// nothing the search prints; other last two stones change its search.
func TestBoardLastMoves(t *testing.T) {
	// a self-play game of 20 stones, black first: the brain, to move,
	// is black
	game := strings.Fields("4,8 8,6 7,6 7,5 9,7 9,5 8,7 6,5 8,5 6,7 6,8 7,8 10,7 11,7 10,6 10,4 11,3 4,5 5,6 6,3")
	search := func(order []int) []string {
		var in strings.Builder
		in.WriteString("START 15\nINFO timeout_turn 60000\nINFO max_depth 6\nBOARD\n")
		for _, k := range order {
			fmt.Fprintf(&in, "%s,%d\n", game[k], 1+k%2)
		}
		in.WriteString("DONE\n")
		return searchLines(t, in.String())
	}
	played := make([]int, len(game))
	for k := range played {
		played[k] = k
	}
	want := search(played)
	if len(want) < 2 {
		t.Fatalf("no search lines: %q", want)
	}
	// the first 18 stones backwards, the last two as played
	earlier := slices.Clone(played[:18])
	slices.Reverse(earlier)
	earlier = append(earlier, 18, 19)
	if got := search(earlier); !slices.Equal(got, want) {
		t.Errorf("the earlier stones' order changed the search:\n%q\nwant\n%q", got, want)
	}
	// the last two listed first: other stones are the last moves
	other := append([]int{18, 19}, played[:18]...)
	if got := search(other); slices.Equal(got, want) {
		t.Errorf("other last moves, the same search: %q", got)
	}
}

var depthLine = regexp.MustCompile(`^MESSAGE depth (\d+) ev (-?\d+) n (\d+) n/s \d+ tm \d+ pv(.*)$`)

// searchLines runs the brain on input, waits for its move, ends the
// session, and returns its iterations' depth, value, nodes and line (not
// their times) and its answers. (An END sent with the input would stop
// the search as it starts.)
func searchLines(t *testing.T, input string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := Run(ctx, inR, outW)
		outW.Close()
		done <- err
	}()
	go func() {
		io.WriteString(inW, input)
	}()
	var out []string
	move := regexp.MustCompile(`^\d+,\d+$`)
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		l := sc.Text()
		if m := depthLine.FindStringSubmatch(l); m != nil {
			out = append(out, strings.Join(m[1:], " "))
		} else if !strings.HasPrefix(l, "MESSAGE") {
			out = append(out, l)
		}
		if move.MatchString(l) {
			go func() {
				io.WriteString(inW, "END\n")
				inW.Close()
			}()
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return out
}
