package server

import (
	"fmt"
	"sync"
	"testing"
)

func TestGameCache(t *testing.T) {
	type op struct {
		put     bool
		id      string
		version int64
		v       string // put: the value; get: the value wanted, "" for a miss
	}
	for _, tc := range []struct {
		name string
		ops  []op
	}{
		{"miss when empty", []op{{false, "a", 1, ""}}},
		{"hit at the version put", []op{{true, "a", 1, "x"}, {false, "a", 1, "x"}}},
		{"miss at another version", []op{{true, "a", 2, "x"}, {false, "a", 1, ""}, {false, "a", 3, ""}}},
		{"a newer version replaces", []op{{true, "a", 1, "x"}, {true, "a", 2, "y"}, {false, "a", 2, "y"}, {false, "a", 1, ""}}},
		{"an older version does not", []op{{true, "a", 2, "y"}, {true, "a", 1, "x"}, {false, "a", 2, "y"}, {false, "a", 1, ""}}},
		{"games apart", []op{{true, "a", 1, "x"}, {true, "b", 1, "y"}, {false, "a", 1, "x"}, {false, "b", 1, "y"}}},
		// max is 3 below: the fourth game clears the three before it.
		{"full: cleared", []op{{true, "a", 1, "a"}, {true, "b", 1, "b"}, {true, "c", 1, "c"}, {true, "d", 1, "d"},
			{false, "a", 1, ""}, {false, "c", 1, ""}, {false, "d", 1, "d"}}},
		{"full: a kept game's new version clears nothing", []op{{true, "a", 1, "a"}, {true, "b", 1, "b"}, {true, "c", 1, "c"}, {true, "c", 2, "c2"},
			{false, "a", 1, "a"}, {false, "c", 2, "c2"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newGameCache[string](3)
			for i, o := range tc.ops {
				if o.put {
					c.put(o.id, o.version, o.v)
					continue
				}
				got, ok := c.get(o.id, o.version)
				if ok != (o.v != "") || got != o.v {
					t.Fatalf("op %d: get(%s, %d) = %q, %v; want %q", i, o.id, o.version, got, ok, o.v)
				}
			}
			if len(c.m) > c.max {
				t.Fatalf("%d entries kept, bound %d", len(c.m), c.max)
			}
		})
	}
}

func TestGameCacheConcurrent(t *testing.T) {
	c := newGameCache[int](8)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				id := fmt.Sprint(g, i%16)
				c.put(id, int64(i), i)
				if v, ok := c.get(id, int64(i)); ok && v != i {
					t.Errorf("get(%s, %d) = %d", id, i, v)
					return
				}
			}
		}()
	}
	wg.Wait()
	if len(c.m) > c.max {
		t.Fatalf("%d entries kept, bound %d", len(c.m), c.max)
	}
}
