package postgres_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/inarow/inarow/internal/pgtest"
	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/storetest"
	"github.com/jackc/pgx/v5"
)

// TestStore runs the shared suite against the server INAROW_TEST_POSTGRES
// names (.ci/services.sh starts one), each test in a schema of its own.
func TestStore(t *testing.T) {
	pgtest.URL(t)
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		u := pgtest.Schema(t)
		return func() (store.Store, error) { return postgres.Open(ctx, u) }
	})
}

// TestMigrateLegacyForfeits: a database made by the first schema, where a
// forfeit was a last move at cell -1, is migrated by Open.
func TestMigrateLegacyForfeits(t *testing.T) {
	ctx := context.Background()
	u := pgtest.Schema(t)
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	first, err := os.ReadFile("migrations/001_games.sql")
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMicro(1_700_000_000_123_456).UTC()
	stmts := append([]string{
		string(first),
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
		`INSERT INTO schema_migrations (version) VALUES (1)`,
	}, storetest.LegacyForfeits("'"+at.Format("2006-01-02 15:04:05.999999Z07:00")+"'")...)
	for _, stmt := range stmts {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	s, err := postgres.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storetest.CheckLegacyForfeits(t, s, at)
}
