// Package pgtest gives a test a PostgreSQL schema of its own on the server
// INAROW_TEST_POSTGRES names (.ci/services.sh starts one and sets it), so
// that tests of the store, the server and the book queue can share one
// database without seeing each other's tables.
package pgtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// URL is INAROW_TEST_POSTGRES; without it the test skips, saying why.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("INAROW_TEST_POSTGRES")
	if base == "" {
		t.Skip("SKIPPED: INAROW_TEST_POSTGRES is not set (e.g. postgres://inarow:inarow-test@127.0.0.1:5432/inarow_test?sslmode=disable); .ci/services.sh starts PostgreSQL and sets it")
	}
	return base
}

// Schema makes an empty schema for the test, dropped after it, and returns
// the database's URL with that schema as its search path. Without
// INAROW_TEST_POSTGRES the test skips (URL); with it set but the server
// not answering, the test fails.
func Schema(t testing.TB) string {
	t.Helper()
	base := URL(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("INAROW_TEST_POSTGRES: %v", err)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("INAROW_TEST_POSTGRES is set but the server does not answer: %v", err)
	}
	schema := fmt.Sprintf("test_%x", rand.Uint64())
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close(ctx)
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close(context.Background())
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
