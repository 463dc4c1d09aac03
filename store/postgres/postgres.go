// Package postgres is the store for several inarow serve processes
// sharing one PostgreSQL database (github.com/jackc/pgx/v5, pgxpool).
// Every change is one statement (one transaction, one round trip); once it
// is committed the store sends NOTIFY inarow_games with the game's id, so
// each process's Listen hears every change and its event streams stay
// live. The embedded migrations run at Open under an
// advisory lock, so processes starting together do not race.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
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
	if cfg.MaxConns < 32 && !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = 32
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
	steps, err := store.Migrations(migrations)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	for _, m := range steps {
		v, body, base := m.Version, m.SQL, m.Name
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, v).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.Exec(ctx, body); err != nil {
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

// notify tells the other processes that game id changed. It runs after
// the change is committed, in a transaction of its own: a NOTIFY inside
// the change's transaction would hold PostgreSQL's notification queue
// lock across that commit's WAL flush and so serialize every change of
// every game (measured: 300–460 moves/s instead of 1,000). The price is
// that a process dying between the commit and the NOTIFY leaves the other
// processes' streams unaware until their next periodic refresh (see the
// server's event streams), never a lost move.
func (s *Store) notify(ctx context.Context, id string) {
	s.pool.Exec(context.WithoutCancel(ctx), `SELECT pg_notify($1, $2)`, Channel, id)
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
		var fSeat *int
		var fAt *time.Time
		var fReason string
		if f := g.Forfeit; f != nil {
			if f.At.IsZero() {
				f.At = g.Created
			}
			fSeat, fAt, fReason = &f.Seat, &f.At, f.Reason
		}
		tag, err := tx.Exec(ctx, `INSERT INTO games (id, kind, rules, variant, opponent, level, computer, seat0_hash, seat1_hash, version, ply, created_at, updated_at,
				forfeit_seat, forfeit_reason, forfeit_at, clock_initial_us, clock_increment_us)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT (id) DO NOTHING`,
			g.ID, g.Kind, g.Rules, g.Variant, g.Opponent, g.Level, g.Computer, g.SeatHash[0], g.SeatHash[1], g.Version, len(g.Moves), g.Created, g.Updated,
			fSeat, fReason, fAt, g.Clock.Initial.Microseconds(), g.Clock.Increment.Microseconds())
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
			if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, ply, cell, created_at, left_us, deadline) VALUES ($1, $2, $3, $4, $5, $6)`,
				g.ID, i, m.Cell, m.At, m.Left.Microseconds(), deadlineArg(m.Deadline)); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		s.notify(ctx, g.ID)
	}
	if err != nil && !errors.Is(err, store.ErrExists) {
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	return err
}

// Get returns a game and its moves, read by one statement (one snapshot,
// one round trip).
func (s *Store) Get(ctx context.Context, id string) (*store.Game, error) {
	rows, err := s.pool.Query(ctx, `SELECT g.kind, g.rules, g.variant, g.opponent, g.level, g.computer, g.seat0_hash, g.seat1_hash,
			g.version, g.ply, g.created_at, g.updated_at, g.forfeit_seat, g.forfeit_reason, g.forfeit_at, g.clock_initial_us, g.clock_increment_us,
			m.ply, m.cell, m.created_at, m.left_us, m.deadline
		FROM games g LEFT JOIN moves m ON m.game_id = g.id
		WHERE g.id = $1 ORDER BY m.ply`, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: get %s: %w", id, err)
	}
	defer rows.Close()
	var g *store.Game
	var ply int
	for rows.Next() {
		next := &store.Game{ID: id}
		var mply, mcell, fSeat *int
		var mat, mdeadline, fAt *time.Time
		var initial, increment int64
		var mleft *int64
		var fReason string
		if err := rows.Scan(&next.Kind, &next.Rules, &next.Variant, &next.Opponent, &next.Level, &next.Computer, &next.SeatHash[0], &next.SeatHash[1],
			&next.Version, &ply, &next.Created, &next.Updated, &fSeat, &fReason, &fAt, &initial, &increment, &mply, &mcell, &mat, &mleft, &mdeadline); err != nil {
			return nil, fmt.Errorf("postgres: get %s: %w", id, err)
		}
		if g == nil {
			g = next
			g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
			g.Moves = make([]store.Move, 0, ply)
			g.Clock = store.Clock{Initial: time.Duration(initial) * time.Microsecond, Increment: time.Duration(increment) * time.Microsecond}
			if fSeat != nil {
				g.Forfeit = &store.Forfeit{Seat: *fSeat, Reason: fReason, At: fAt.UTC()}
			}
		}
		if mply != nil {
			m := store.Move{Ply: *mply, Cell: *mcell, At: mat.UTC(), Left: time.Duration(*mleft) * time.Microsecond}
			if mdeadline != nil {
				m.Deadline = mdeadline.UTC()
			}
			g.Moves = append(g.Moves, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: get %s: %w", id, err)
	}
	if g == nil {
		return nil, store.ErrNotFound
	}
	if len(g.Moves) != ply {
		return nil, fmt.Errorf("postgres: game %s: %d moves stored, %d expected", id, len(g.Moves), ply)
	}
	return g, nil
}

// failure tells why a compare-and-swap changed nothing.
func (s *Store) failure(ctx context.Context, id string) error {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE id = $1`, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return store.ErrConflict
}

func wrap(op, id string, err error) error {
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
		return err
	}
	return fmt.Errorf("postgres: %s %s: %w", op, id, err)
}

// Append adds a move if the game is at version: one statement, so one
// transaction and one round trip. The UPDATE is the compare-and-swap (it
// locks the row: a concurrent change waits, then finds the version moved
// on and changes nothing); the move and the NOTIFY follow only from it.
func (s *Store) Append(ctx context.Context, id string, version int64, m store.Move) (int64, error) {
	var ply *int
	var at *time.Time // nil: the database's now()
	if !m.At.IsZero() {
		at = &m.At
	}
	err := s.pool.QueryRow(ctx, `WITH g AS (
			UPDATE games SET version = version + 1, ply = ply + 1, updated_at = now()
			WHERE id = $1 AND version = $2 RETURNING ply),
		m AS (
			INSERT INTO moves (game_id, ply, cell, created_at, left_us, deadline)
			SELECT $1, g.ply - 1, $3, COALESCE($4::timestamptz, now()), $5, $6 FROM g RETURNING ply)
		SELECT (SELECT ply FROM m)`, id, version, m.Cell, at, m.Left.Microseconds(), deadlineArg(m.Deadline)).Scan(&ply)
	if err == nil && ply != nil {
		s.notify(ctx, id)
	}
	if err == nil && ply == nil {
		err = s.failure(ctx, id)
	}
	if err != nil {
		return 0, wrap("append to", id, err)
	}
	return version + 1, nil
}

// Truncate removes the moves from ply on if the game is at version, in one
// statement as Append.
func (s *Store) Truncate(ctx context.Context, id string, version int64, ply int) (int64, error) {
	if ply < 0 {
		return 0, fmt.Errorf("postgres: truncate %s to negative ply %d", id, ply)
	}
	var newPly *int
	// The forfeit, if any, follows the last move: it goes when the moves
	// from ply on include the end ($3 ≤ the game's ply; SET reads the old
	// row).
	err := s.pool.QueryRow(ctx, `WITH g AS (
			UPDATE games SET version = version + 1, ply = LEAST(ply, $3), updated_at = now(),
				forfeit_seat = CASE WHEN $3 <= ply THEN NULL ELSE forfeit_seat END,
				forfeit_reason = CASE WHEN $3 <= ply THEN '' ELSE forfeit_reason END,
				forfeit_at = CASE WHEN $3 <= ply THEN NULL ELSE forfeit_at END
			WHERE id = $1 AND version = $2 RETURNING ply),
		d AS (
			DELETE FROM moves WHERE game_id = $1 AND ply >= (SELECT ply FROM g) RETURNING 1)
		SELECT (SELECT ply FROM g), (SELECT count(*) FROM d)`, id, version, ply).Scan(&newPly, new(int))
	if err == nil && newPly != nil {
		s.notify(ctx, id)
	}
	if err == nil && newPly == nil {
		err = s.failure(ctx, id)
	}
	if err != nil {
		return 0, wrap("truncate", id, err)
	}
	return version + 1, nil
}

// Forfeit records seat's forfeit if the game is at version, in one
// statement as Append.
func (s *Store) Forfeit(ctx context.Context, id string, version int64, seat int, reason string) (int64, error) {
	if seat != 0 && seat != 1 {
		return 0, fmt.Errorf("postgres: forfeit of %s by seat %d (want 0 or 1)", id, seat)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE games SET version = version + 1, updated_at = now(),
			forfeit_seat = $3, forfeit_reason = $4, forfeit_at = now()
		WHERE id = $1 AND version = $2`, id, version, seat, reason)
	if err == nil && tag.RowsAffected() == 1 {
		s.notify(ctx, id)
	}
	if err == nil && tag.RowsAffected() == 0 {
		err = s.failure(ctx, id)
	}
	if err != nil {
		return 0, wrap("forfeit", id, err)
	}
	return version + 1, nil
}

// deadlineArg is a move's Deadline as the moves table keeps it: NULL when
// zero.
func deadlineArg(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// Deadlines lists the games whose clock runs.
func (s *Store) Deadlines(ctx context.Context) ([]store.Deadline, error) {
	rows, err := s.pool.Query(ctx, `SELECT g.id, m.deadline FROM games g
		JOIN moves m ON m.game_id = g.id AND m.ply = g.ply - 1
		WHERE g.clock_initial_us > 0 AND g.forfeit_seat IS NULL AND m.deadline IS NOT NULL`)
	if err != nil {
		return nil, fmt.Errorf("postgres: deadlines: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Deadline, error) {
		var d store.Deadline
		err := row.Scan(&d.ID, &d.At)
		d.At = d.At.UTC()
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: deadlines: %w", err)
	}
	return out, nil
}

// Listen calls fn with the id of every game changed through this database
// by any process, until ctx ends. It holds one connection of its own and
// reconnects after errors. It calls fn with "" each time its LISTEN takes
// effect (at start and after a reconnect): changes may have been missed
// before, so listeners should refresh everything.
func (s *Store) Listen(ctx context.Context, fn func(id string)) error {
	backoff := 100 * time.Millisecond
	for {
		err := s.listenOnce(ctx, fn)
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

func (s *Store) listenOnce(ctx context.Context, fn func(string)) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return err
	}
	// Changes made before LISTEN took effect were not heard (at start, or
	// while reconnecting): every listener refreshes.
	fn("")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		fn(n.Payload)
	}
}
