package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

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

// TestMigrateLegacyForfeits: a database made by the first schema, where a
// forfeit was a last move at cell -1, is migrated by Open.
func TestMigrateLegacyForfeits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile("migrations/001_games.sql")
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMicro(1_700_000_000_123_456).UTC()
	stmts := append([]string{
		string(first),
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`,
		`INSERT INTO schema_migrations VALUES (1, 0)`,
	}, storetest.LegacyForfeits(strconv.FormatInt(at.UnixMicro(), 10))...)
	for _, stmt := range stmts {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.CheckLegacyForfeits(t, s, at)
}
