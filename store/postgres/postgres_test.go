package postgres_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"

	"github.com/inarow/inarow/store"
	"github.com/inarow/inarow/store/postgres"
	"github.com/inarow/inarow/store/storetest"
	"github.com/jackc/pgx/v5"
)

// TestStore runs the shared suite against the server INAROW_TEST_POSTGRES
// names (.ci/services.sh starts one), each test in a schema of its own.
func TestStore(t *testing.T) {
	base := os.Getenv("INAROW_TEST_POSTGRES")
	if base == "" {
		t.Skip("INAROW_TEST_POSTGRES is not set (e.g. postgres://user:pass@127.0.0.1:5432/db); .ci/services.sh sets it")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("INAROW_TEST_POSTGRES is set but the server does not answer: %v", err)
	}
	defer admin.Close(ctx)
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		schema := fmt.Sprintf("test_%x", rand.Uint64())
		if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE") })
		u, err := url.Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		return func() (store.Store, error) { return postgres.Open(ctx, u.String()) }
	})
}
