package gomokuengine

import "testing"

// An aspiration window changes how much of the tree is searched, not the
// value: in the reference search (no pruning, no reductions) the root's
// value within any window that widens as aspirate's does is the value
// the full window finds, wherever the window starts — right on the
// value, below it (fail high first), above it (fail low first) or far
// off.
func TestAspirationValue(t *testing.T) {
	const depth = aspDepth + 1
	n := 0
	for _, p := range benchCases(t, BenchSearch) {
		if raceEnabled && n >= 3 { // 28 s under -race on a loaded machine with all
			break
		}
		b := p.board
		want := pruneSearcher(b, true).search(depth, -WinScore-1, WinScore+1, 0, false)
		if want <= -WinBound || want >= WinBound {
			continue
		}
		n++
		for _, prev := range []int{want, want - 1, want + 1, want - aspDelta, want + aspDelta, want - 3000, want + 3000} {
			s := pruneSearcher(b, true)
			if got := s.aspirate(depth, prev); got != want {
				t.Errorf("%s: from %d the window found %d, the full window %d", p.name, prev, got, want)
			}
			// a window with the value inside is searched once; one with
			// it on an edge or outside fails, and what follows is
			// counted as re-searched
			if far := abs(prev-want) >= aspDelta; far != (s.reNodes > 0) || s.reNodes >= s.nodes {
				t.Errorf("%s: from %d, %d of %d nodes counted as re-searched", p.name, prev, s.reNodes, s.nodes)
			}
		}
	}
	if n < 3 {
		t.Fatalf("%d positions with a value to test, want 3 or more", n)
	}
}

// A narrow window searches fewer nodes than the full one when the value
// falls inside it. The principal variation's reductions are off: they
// cut the full window's principal variation where alpha rises or the
// table is shallow, which a window about the value does at other nodes,
// so the two searches would not be one tree in two windows.
func TestAspirationSavesNodes(t *testing.T) {
	var full, narrow int64
	for _, p := range benchCases(t, BenchSearch) {
		b := p.board
		s := pruneSearcher(b, false)
		s.fullPV = true
		v := s.search(aspDepth+1, -WinScore-1, WinScore+1, 0, false)
		full += s.nodes
		s = pruneSearcher(b, false)
		s.fullPV = true
		s.aspirate(aspDepth+1, v)
		narrow += s.nodes
	}
	t.Logf("depth %d: %d nodes in the window about the value, %d in the full window", aspDepth+1, narrow, full)
	if narrow >= full {
		t.Errorf("the window took %d nodes, the full window %d", narrow, full)
	}
}
