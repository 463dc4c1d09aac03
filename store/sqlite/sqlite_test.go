package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/sqlite"
	"github.com/inarow/inarow/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		path := filepath.Join(t.TempDir(), "inarow.db")
		return func() (store.Store, error) { return sqlite.Open(context.Background(), path) }
	})
}

func TestBadPath(t *testing.T) {
	if _, err := sqlite.Open(context.Background(), "x.db?mode=ro"); err == nil {
		t.Fatal("a path with a query opened")
	}
}
