// Package sqlite is the default store of the play server: one SQLite file
// through modernc.org/sqlite (pure Go, no cgo), in WAL mode with a busy
// timeout and synchronous=FULL, so a move is on disk when Append returns.
//
// Writes go through one connection and one goroutine (SQLite has one
// writer at a time; a Go queue is fairer than the busy handler's sleeps),
// which commits the changes waiting at the same moment together: each in
// a savepoint of its own, so one change's failure does not touch the
// others, and all in one transaction, so they share one fsync (group
// commit). Every change is still on disk before its call returns. Reads go
// through a pool of read-only connections. The schema's migrations are
// embedded and run by Open.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/inarow/inarow/store"
	_ "modernc.org/sqlite" // the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store on one SQLite file.
type Store struct {
	w, r *sql.DB
	ops  chan *op
	quit chan struct{}
	done chan struct{}
}

// op is a change waiting for the writer.
type op struct {
	ctx  context.Context
	fn   func(*sql.Tx) error
	done chan error
}

// maxBatch bounds the changes committed in one transaction.
const maxBatch = 256

var _ store.Store = (*Store)(nil)

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database file at path and brings its
// schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sqlite: bad database path %q", path)
	}
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	s := &Store{w: w}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	s.r = r
	s.ops, s.quit, s.done = make(chan *op), make(chan struct{}), make(chan struct{})
	go s.writer()
	return s, nil
}

// writer commits the waiting changes, a batch per transaction.
func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*op, 0, maxBatch)
	for {
		select {
		case o := <-s.ops:
			batch = append(batch[:0], o)
		case <-s.quit:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case o := <-s.ops:
				batch = append(batch, o)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

func (s *Store) commit(batch []*op) {
	results := make([]error, len(batch))
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err == nil {
		for i, o := range batch {
			if err := o.ctx.Err(); err != nil {
				results[i] = err
				continue
			}
			if len(batch) == 1 {
				results[i] = o.fn(tx)
				break
			}
			if _, err = tx.ExecContext(ctx, `SAVEPOINT op`); err != nil {
				break
			}
			if results[i] = o.fn(tx); results[i] != nil {
				if _, err = tx.ExecContext(ctx, `ROLLBACK TO op`); err != nil {
					break
				}
			}
			if _, err = tx.ExecContext(ctx, `RELEASE op`); err != nil {
				break
			}
		}
		if len(batch) == 1 && results[0] != nil {
			tx.Rollback()
		} else if err == nil {
			err = tx.Commit()
		} else {
			tx.Rollback()
		}
	}
	for i, o := range batch {
		if err != nil {
			o.done <- err // nothing of the batch was committed
		} else {
			o.done <- results[i]
		}
	}
}

// write runs fn in the writer's transaction and returns once it is
// committed (or failed).
func (s *Store) write(ctx context.Context, fn func(*sql.Tx) error) error {
	o := &op{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.ops <- o:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.done:
		return errors.New("sqlite: store is closed")
	}
	return <-o.done
}

func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("sqlite: migrations table: %w", err)
	}
	steps, err := store.Migrations(migrations)
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	for _, m := range steps {
		v, body, base := m.Version, m.SQL, m.Name
		err = s.tx(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, v).Scan(&n); err != nil || n > 0 {
				return err
			}
			if _, err := tx.ExecContext(ctx, body); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, v, time.Now().UnixMicro())
			return err
		})
		if err != nil {
			return fmt.Errorf("sqlite: migration %s: %w", base, err)
		}
	}
	return nil
}

func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (s *Store) Close() error {
	close(s.quit)
	<-s.done
	return errors.Join(s.r.Close(), s.w.Close())
}

func micros(t time.Time) int64 { return t.UnixMicro() }
func fromMicros(us int64) time.Time {
	return time.UnixMicro(us).UTC()
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
	err := s.write(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, g.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return store.ErrExists
		}
		var fSeat, fAt sql.NullInt64
		var fReason string
		if f := g.Forfeit; f != nil {
			if f.At.IsZero() {
				f.At = g.Created
			}
			fSeat, fAt, fReason = sql.NullInt64{Int64: int64(f.Seat), Valid: true}, sql.NullInt64{Int64: micros(f.At), Valid: true}, f.Reason
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO games (id, kind, rules, variant, opponent, level, computer, seat0_hash, seat1_hash, version, ply, created_at, updated_at,
				forfeit_seat, forfeit_reason, forfeit_at, clock_initial_us, clock_increment_us)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.Kind, g.Rules, g.Variant, g.Opponent, g.Level, g.Computer, g.SeatHash[0], g.SeatHash[1], g.Version, len(g.Moves), micros(g.Created), micros(g.Updated),
			fSeat, fReason, fAt, g.Clock.Initial.Microseconds(), g.Clock.Increment.Microseconds())
		if err != nil {
			return err
		}
		for i := range g.Moves {
			m := &g.Moves[i]
			m.Ply = i
			if m.At.IsZero() {
				m.At = g.Created
			}
			if err := insertMove(ctx, tx, g.ID, i, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, store.ErrExists) {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	return err
}

// Get returns a game and its moves, read by one statement (so in one
// snapshot, without the cost of an explicit read transaction).
func (s *Store) Get(ctx context.Context, id string) (*store.Game, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT g.kind, g.rules, g.variant, g.opponent, g.level, g.computer, g.seat0_hash, g.seat1_hash,
			g.version, g.ply, g.created_at, g.updated_at, g.forfeit_seat, g.forfeit_reason, g.forfeit_at, g.clock_initial_us, g.clock_increment_us,
			m.ply, m.cell, m.created_at, m.left_us, m.deadline
		FROM games g LEFT JOIN moves m ON m.game_id = g.id
		WHERE g.id = ? ORDER BY m.ply`, id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: get %s: %w", id, err)
	}
	defer rows.Close()
	var g *store.Game
	var ply int
	for rows.Next() {
		var created, updated, initial, increment int64
		var mply, mcell, mat, mleft, mdeadline, fSeat, fAt sql.NullInt64
		var fReason string
		next := &store.Game{ID: id}
		if err := rows.Scan(&next.Kind, &next.Rules, &next.Variant, &next.Opponent, &next.Level, &next.Computer, &next.SeatHash[0], &next.SeatHash[1],
			&next.Version, &ply, &created, &updated, &fSeat, &fReason, &fAt, &initial, &increment, &mply, &mcell, &mat, &mleft, &mdeadline); err != nil {
			return nil, fmt.Errorf("sqlite: get %s: %w", id, err)
		}
		if g == nil {
			g = next
			g.Created, g.Updated = fromMicros(created), fromMicros(updated)
			g.Moves = make([]store.Move, 0, ply)
			g.Clock = store.Clock{Initial: time.Duration(initial) * time.Microsecond, Increment: time.Duration(increment) * time.Microsecond}
			if fSeat.Valid {
				g.Forfeit = &store.Forfeit{Seat: int(fSeat.Int64), Reason: fReason, At: fromMicros(fAt.Int64)}
			}
		}
		if mply.Valid {
			m := store.Move{Ply: int(mply.Int64), Cell: int(mcell.Int64), At: fromMicros(mat.Int64), Left: time.Duration(mleft.Int64) * time.Microsecond}
			if mdeadline.Valid {
				m.Deadline = fromMicros(mdeadline.Int64)
			}
			g.Moves = append(g.Moves, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: get %s: %w", id, err)
	}
	if g == nil {
		return nil, store.ErrNotFound
	}
	if len(g.Moves) != ply {
		return nil, fmt.Errorf("sqlite: game %s: %d moves stored, %d expected", id, len(g.Moves), ply)
	}
	return g, nil
}

// bump is the compare-and-swap on the game row, making the change set
// (SQL assignments, after ?-arguments args) too; it returns the ply the
// game is at after it.
func bump(ctx context.Context, tx *sql.Tx, id string, version int64, now time.Time, set string, args ...any) (int, error) {
	var ply int
	err := tx.QueryRowContext(ctx, `UPDATE games SET version = version + 1, `+set+`, updated_at = ? WHERE id = ? AND version = ? RETURNING ply`,
		append(args, micros(now), id, version)...).Scan(&ply)
	if errors.Is(err, sql.ErrNoRows) {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, id).Scan(&n); err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, store.ErrNotFound
		}
		return 0, store.ErrConflict
	}
	return ply, err
}

// insertMove stores m as the move at ply of game id.
func insertMove(ctx context.Context, tx *sql.Tx, id string, ply int, m *store.Move) error {
	var deadline sql.NullInt64
	if !m.Deadline.IsZero() {
		deadline = sql.NullInt64{Int64: micros(m.Deadline), Valid: true}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, ply, cell, created_at, left_us, deadline) VALUES (?, ?, ?, ?, ?, ?)`,
		id, ply, m.Cell, micros(m.At), m.Left.Microseconds(), deadline)
	return err
}

// Append adds a move if the game is at version.
func (s *Store) Append(ctx context.Context, id string, version int64, m store.Move) (int64, error) {
	now := time.Now().UTC()
	if m.At.IsZero() {
		m.At = now
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		ply, err := bump(ctx, tx, id, version, now, "ply = ply + 1")
		if err != nil {
			return err
		}
		return insertMove(ctx, tx, id, ply-1, &m)
	})
	if err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
			return 0, err
		}
		return 0, fmt.Errorf("sqlite: append to %s: %w", id, err)
	}
	return version + 1, nil
}

// Truncate removes the moves from ply on if the game is at version.
func (s *Store) Truncate(ctx context.Context, id string, version int64, ply int) (int64, error) {
	if ply < 0 {
		return 0, fmt.Errorf("sqlite: truncate %s to negative ply %d", id, ply)
	}
	now := time.Now().UTC()
	err := s.write(ctx, func(tx *sql.Tx) error {
		// The forfeit, if any, follows the last move: it goes when the
		// moves from ply on include the end (ply ≤ the game's ply).
		newPly, err := bump(ctx, tx, id, version, now, `ply = min(ply, ?1),
			forfeit_seat = CASE WHEN ?1 <= ply THEN NULL ELSE forfeit_seat END,
			forfeit_reason = CASE WHEN ?1 <= ply THEN '' ELSE forfeit_reason END,
			forfeit_at = CASE WHEN ?1 <= ply THEN NULL ELSE forfeit_at END`, ply)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ? AND ply >= ?`, id, newPly)
		return err
	})
	if err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
			return 0, err
		}
		return 0, fmt.Errorf("sqlite: truncate %s: %w", id, err)
	}
	return version + 1, nil
}

// Forfeit records seat's forfeit if the game is at version.
func (s *Store) Forfeit(ctx context.Context, id string, version int64, seat int, reason string) (int64, error) {
	if seat != 0 && seat != 1 {
		return 0, fmt.Errorf("sqlite: forfeit of %s by seat %d (want 0 or 1)", id, seat)
	}
	now := time.Now().UTC()
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := bump(ctx, tx, id, version, now, "forfeit_seat = ?, forfeit_reason = ?, forfeit_at = ?", seat, reason, micros(now))
		return err
	})
	if err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
			return 0, err
		}
		return 0, fmt.Errorf("sqlite: forfeit %s: %w", id, err)
	}
	return version + 1, nil
}

// Deadlines lists the games whose clock runs.
func (s *Store) Deadlines(ctx context.Context) ([]store.Deadline, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT g.id, m.deadline FROM games g INDEXED BY games_clock_running
		JOIN moves m ON m.game_id = g.id AND m.ply = g.ply - 1
		WHERE g.clock_initial_us > 0 AND g.forfeit_seat IS NULL AND m.deadline IS NOT NULL`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: deadlines: %w", err)
	}
	defer rows.Close()
	var out []store.Deadline
	for rows.Next() {
		var d store.Deadline
		var at int64
		if err := rows.Scan(&d.ID, &at); err != nil {
			return nil, fmt.Errorf("sqlite: deadlines: %w", err)
		}
		d.At = fromMicros(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: deadlines: %w", err)
	}
	return out, nil
}
