package store

import (
	"testing"
	"testing/fstest"
)

func TestMigrations(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/010_later.sql": {Data: []byte("B")},
		"migrations/002_first.sql": {Data: []byte("A")},
		"migrations/README":        {Data: []byte("not a migration")},
	}
	ms, err := Migrations(fsys)
	if err != nil || len(ms) != 2 || ms[0].Version != 2 || ms[0].SQL != "A" || ms[1].Name != "010_later.sql" || ms[1].SQL != "B" {
		t.Fatalf("Migrations = %+v, %v", ms, err)
	}
	for name, bad := range map[string]fstest.MapFS{
		"no number": {"migrations/x_first.sql": {Data: []byte("A")}},
		"one version twice": {
			"migrations/001_a.sql":  {Data: []byte("A")},
			"migrations/0001_b.sql": {Data: []byte("B")},
		},
	} {
		if ms, err := Migrations(bad); err == nil {
			t.Errorf("%s: %+v, no error", name, ms)
		}
	}
}
