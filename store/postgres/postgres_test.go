package postgres_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/storetest"
	"github.com/jackc/pgx/v5"
)

// TestStore runs the shared suite against the server INAROW_TEST_POSTGRES
// names (.ci/services.sh starts one), each test in a schema of its own.
func TestStore(t *testing.T) {
	admin := testServer(t)
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		u := newSchema(t, admin)
		return func() (store.Store, error) { return postgres.Open(ctx, u) }
	})
}

// testServer connects to the server INAROW_TEST_POSTGRES names, or skips.
func testServer(t *testing.T) *pgx.Conn {
	base := os.Getenv("INAROW_TEST_POSTGRES")
	if base == "" {
		t.Skip("INAROW_TEST_POSTGRES is not set (e.g. postgres://user:pass@127.0.0.1:5432/db); .ci/services.sh sets it")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("INAROW_TEST_POSTGRES is set but the server does not answer: %v", err)
	}
	t.Cleanup(func() { admin.Close(ctx) })
	return admin
}

// newSchema makes an empty schema for one test, dropped after it, and
// returns the URL of the database with that schema as its search path.
func newSchema(t *testing.T, admin *pgx.Conn) string {
	ctx := context.Background()
	schema := fmt.Sprintf("test_%x", rand.Uint64())
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE") })
	u, err := url.Parse(os.Getenv("INAROW_TEST_POSTGRES"))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// TestMigrateLegacyForfeits: a database made by the first schema, where a
// forfeit was a last move at cell -1, is migrated by Open.
func TestMigrateLegacyForfeits(t *testing.T) {
	admin := testServer(t)
	ctx := context.Background()
	u := newSchema(t, admin)
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
