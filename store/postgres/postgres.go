// Package postgres is the store for several inarow serve processes
// sharing one PostgreSQL database (github.com/jackc/pgx/v5, pgxpool).
// Every change is one transaction that also sends NOTIFY inarow_games with
// the game's id, so each process's Listen hears every change and its event
// streams stay live. The embedded migrations run at Open under an
// advisory lock, so processes starting together do not race.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/inarow/inarow/store"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Channel is the NOTIFY channel of game changes; the payload is the id.
const Channel = "inarow_games"

const migrationLock = 0x696e61726f77 // "inarow"

// Store is a store.Store on PostgreSQL.
type Store struct {
	pool *pgxpool.Pool
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.Notifier = (*Store)(nil)
)

// Open connects to the database at url (postgres://…) and brings its
// schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if cfg.MaxConns < 8 {
		cfg.MaxConns = 8
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	s := &Store{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) migrate(ctx context.Context) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("postgres: migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("postgres: migrations table: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("postgres: migration %s: no version number", name)
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, v).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, v)
			return err
		})
		if err != nil {
			return fmt.Errorf("postgres: migration %s: %w", base, err)
		}
	}
	return nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

func notify(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, id)
	return err
}

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g *store.Game) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	if g.Created.IsZero() {
		g.Created = now
	}
	if g.Updated.IsZero() {
		g.Updated = g.Created
	}
	g.Version = 1
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO games (id, kind, rules, variant, opponent, level, computer, seat0_hash, seat1_hash, version, ply, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
			g.ID, g.Kind, g.Rules, g.Variant, g.Opponent, g.Level, g.Computer, g.SeatHash[0], g.SeatHash[1], g.Version, len(g.Moves), g.Created, g.Updated)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrExists
		}
		for i := range g.Moves {
			m := &g.Moves[i]
			m.Ply = i
			if m.At.IsZero() {
				m.At = g.Created
			}
			if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, ply, cell, created_at) VALUES ($1, $2, $3, $4)`, g.ID, i, m.Cell, m.At); err != nil {
				return err
			}
		}
		return notify(ctx, tx, g.ID)
	})
	if err != nil && !errors.Is(err, store.ErrExists) {
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	return err
}

// Get returns a game and its moves, read in one snapshot.
func (s *Store) Get(ctx context.Context, id string) (*store.Game, error) {
	g := &store.Game{ID: id}
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var ply int
		err := tx.QueryRow(ctx, `SELECT kind, rules, variant, opponent, level, computer, seat0_hash, seat1_hash, version, ply, created_at, updated_at FROM games WHERE id = $1`, id).
			Scan(&g.Kind, &g.Rules, &g.Variant, &g.Opponent, &g.Level, &g.Computer, &g.SeatHash[0], &g.SeatHash[1], &g.Version, &ply, &g.Created, &g.Updated)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		rows, _ := tx.Query(ctx, `SELECT ply, cell, created_at FROM moves WHERE game_id = $1 ORDER BY ply`, id)
		g.Moves, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Move, error) {
			var m store.Move
			err := row.Scan(&m.Ply, &m.Cell, &m.At)
			return m, err
		})
		if err != nil {
			return err
		}
		if len(g.Moves) != ply {
			return fmt.Errorf("game %s: %d moves stored, %d expected", id, len(g.Moves), ply)
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: get %s: %w", id, err)
	}
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
	for i := range g.Moves {
		g.Moves[i].At = g.Moves[i].At.UTC()
	}
	if g.Moves == nil {
		g.Moves = []store.Move{}
	}
	return g, nil
}

// bump is the compare-and-swap on the game row (the UPDATE locks the row,
// so a concurrent change waits and then finds the version moved on).
func bump(ctx context.Context, tx pgx.Tx, id string, version int64, newPly string, args ...any) (int, error) {
	var ply int
	err := tx.QueryRow(ctx, `UPDATE games SET version = version + 1, ply = `+newPly+`, updated_at = now() WHERE id = $1 AND version = $2 RETURNING ply`,
		append([]any{id, version}, args...)...).Scan(&ply)
	if errors.Is(err, pgx.ErrNoRows) {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE id = $1`, id).Scan(&n); err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, store.ErrNotFound
		}
		return 0, store.ErrConflict
	}
	return ply, err
}

func wrap(op, id string, err error) error {
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
		return err
	}
	return fmt.Errorf("postgres: %s %s: %w", op, id, err)
}

// Append adds a move if the game is at version.
func (s *Store) Append(ctx context.Context, id string, version int64, cell int) (int64, error) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ply, err := bump(ctx, tx, id, version, "ply + 1")
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, ply, cell, created_at) VALUES ($1, $2, $3, now())`, id, ply-1, cell); err != nil {
			return err
		}
		return notify(ctx, tx, id)
	})
	if err != nil {
		return 0, wrap("append to", id, err)
	}
	return version + 1, nil
}

// Truncate removes the moves from ply on if the game is at version.
func (s *Store) Truncate(ctx context.Context, id string, version int64, ply int) (int64, error) {
	if ply < 0 {
		return 0, fmt.Errorf("postgres: truncate %s to negative ply %d", id, ply)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		newPly, err := bump(ctx, tx, id, version, "LEAST(ply, $3)", ply)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM moves WHERE game_id = $1 AND ply >= $2`, id, newPly); err != nil {
			return err
		}
		return notify(ctx, tx, id)
	})
	if err != nil {
		return 0, wrap("truncate", id, err)
	}
	return version + 1, nil
}

// Listen calls fn with the id of every game changed through this database
// by any process, until ctx ends. It holds one connection of its own and
// reconnects after errors, calling fn with "" after a reconnect (changes
// may have been missed: listeners should refresh everything).
func (s *Store) Listen(ctx context.Context, fn func(id string)) error {
	backoff := 100 * time.Millisecond
	for first := true; ; first = false {
		err := s.listenOnce(ctx, fn, !first)
		if ctx.Err() != nil {
			return nil
		}
		_ = err
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func (s *Store) listenOnce(ctx context.Context, fn func(string), reconnected bool) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return err
	}
	if reconnected {
		fn("")
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		fn(n.Payload)
	}
}
