package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A bookQueue is the PostgreSQL work queue of a book built by many
// processes on many machines: the positions of the book's deepest level
// (the whole cost of a book), each solved by whichever worker claims it.
// One queue a database schema (choose the schema with ?search_path=NAME
// in the URL):
//
//	book_queue       one row: the book's rules, depth and number of positions
//	book_positions   a row a position: canonical key (solve.Geometry.BookKey),
//	                 its place in the level, state (todo, leased, done),
//	                 lease owner and expiry, score, nodes, claims
//
// A worker claims a batch with SELECT … FOR UPDATE SKIP LOCKED (so
// workers never wait for one another), taking the positions that are to
// do or whose lease has lapsed: a worker that dies (kill -9, a lost
// machine) stops renewing its leases, and another takes its positions
// over when they lapse. Leases are renewed while their owner lives, so a
// long solve keeps its positions. Every time is the database's clock
// (now()), so the machines' clocks need not agree. A score written twice
// (by a worker whose lease lapsed while it still worked) must be the
// same score.
type bookQueue struct {
	pool      *pgxpool.Pool
	rules     inarow.Rules
	depth     int
	positions int
	owner     string // this process's name on its leases
	// retryFor is how long a statement that failed for a passing reason
	// (the server restarting, the network) is tried again; 0: not at all.
	retryFor time.Duration
	warn     func(error) // if not nil, told of each such failure

	mu sync.Mutex
	// held are the positions this process claimed and has not solved: the
	// leases it renews. Not every position leased in its name: one whose
	// claim's answer or score's commit was lost (a connection cut, a
	// server crash with synchronous_commit off) is not renewed, so it
	// lapses and is solved again.
	held map[uint64]bool
}

// bookQueueFormat is stored in book_queue; a queue of another format is
// refused rather than misread.
const bookQueueFormat = 1

// bookQueueLock serializes the creation of the queue's tables (an
// advisory lock, "inarow-b").
const bookQueueLock = 0x696e61726f772d62

const bookQueueSchema = `
CREATE TABLE IF NOT EXISTS book_queue (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	format INTEGER NOT NULL,
	rules TEXT NOT NULL,
	depth INTEGER NOT NULL,
	positions INTEGER NOT NULL,
	created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS book_positions (
	key BIGINT PRIMARY KEY,
	ord INTEGER NOT NULL UNIQUE,
	state TEXT NOT NULL DEFAULT 'todo' CHECK (state IN ('todo', 'leased', 'done')),
	owner TEXT,
	lease_until TIMESTAMPTZ,
	score SMALLINT,
	nodes BIGINT,
	claims INTEGER NOT NULL DEFAULT 0,
	solved_at TIMESTAMPTZ,
	CHECK ((state = 'done') = (score IS NOT NULL)),
	CHECK ((state = 'leased') = (lease_until IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS book_positions_open ON book_positions (ord) WHERE state <> 'done';
`

// errNoBookQueue: the database holds no queue (book generate --db makes it).
var errNoBookQueue = errors.New("the database holds no book queue (inarow book generate --db makes one)")

// connectBookQueue opens a pool on url and checks that the server answers.
func connectBookQueue(ctx context.Context, url string) (*pgxpool.Pool, error) {
	if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
		return nil, fmt.Errorf("--db takes a postgres:// URL, not %q", url)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	// A score lost in a crash of the server is only solved again (its
	// position stays leased, and the lease lapses), so a commit need not
	// wait for the disk: with it, the round trips of cheap positions took
	// most of a small book's time.
	if _, set := cfg.ConnConfig.RuntimeParams["synchronous_commit"]; !set {
		cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := pool.Ping(pctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return pool, nil
}

func newOwner() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d:%04x", host, os.Getpid(), rand.Uint32()&0xffff)
}

// createBookQueue puts the deepest level of the book of g's game to depth
// stones in the database at url, or, when the database holds that queue
// already (a run started again), checks that it is the same queue. A
// queue of another book is an error and is left as it is.
func createBookQueue(ctx context.Context, url string, g *solve.Geometry, depth int) (*bookQueue, error) {
	pool, err := connectBookQueue(ctx, url)
	if err != nil {
		return nil, err
	}
	levels := g.BookPositions(depth)
	deepest := levels[len(levels)-1]
	q := &bookQueue{pool: pool, rules: g.Rules(), depth: depth, positions: len(deepest), owner: newOwner()}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(bookQueueLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, bookQueueSchema); err != nil {
			return err
		}
		old, err := readBookQueue(ctx, tx)
		if err == nil {
			if old.rules != q.rules || old.depth != q.depth || old.positions != q.positions {
				return fmt.Errorf("the database holds the queue of a %v book of depth %d (%d positions), not of this %v book of depth %d: finish it, or use another database or schema (?search_path=NAME)",
					old.rules, old.depth, old.positions, q.rules, q.depth)
			}
			return checkQueueKeys(ctx, tx, g, deepest)
		}
		if !errors.Is(err, errNoBookQueue) {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO book_queue (id, format, rules, depth, positions) VALUES (1, $1, $2, $3, $4)`,
			bookQueueFormat, q.rules.String(), depth, len(deepest)); err != nil {
			return err
		}
		rows := make([][]any, len(deepest))
		for i, b := range deepest {
			rows[i] = []any{int64(g.BookKey(b)), i}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"book_positions"}, []string{"key", "ord"}, pgx.CopyFromRows(rows))
		return err
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("book queue: %w", err)
	}
	return q, nil
}

// checkQueueKeys checks that the queue holds exactly the positions of
// deepest, in its order.
func checkQueueKeys(ctx context.Context, tx pgx.Tx, g *solve.Geometry, deepest []solve.Board) error {
	rows, err := tx.Query(ctx, `SELECT key FROM book_positions ORDER BY ord`)
	if err != nil {
		return err
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	if len(keys) != len(deepest) {
		return fmt.Errorf("the queue holds %d positions, its book %d", len(keys), len(deepest))
	}
	for i, b := range deepest {
		if uint64(keys[i]) != g.BookKey(b) {
			return fmt.Errorf("the queue's position %d (key %d) is not its book's (key %d)", i, uint64(keys[i]), g.BookKey(b))
		}
	}
	return nil
}

// openBookQueue opens the queue that the database at url holds.
func openBookQueue(ctx context.Context, url string) (*bookQueue, error) {
	pool, err := connectBookQueue(ctx, url)
	if err != nil {
		return nil, err
	}
	q, err := readBookQueue(ctx, pool)
	if err != nil {
		pool.Close()
		return nil, err
	}
	q.pool, q.owner = pool, newOwner()
	return q, nil
}

// readBookQueue reads the queue's parameters, errNoBookQueue if there is
// no queue.
func readBookQueue(ctx context.Context, db interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) (*bookQueue, error) {
	var exists bool
	if err := db.QueryRow(ctx, `SELECT to_regclass('book_queue') IS NOT NULL`).Scan(&exists); err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if !exists {
		return nil, errNoBookQueue
	}
	var format, depth, positions int
	var rulesText string
	err := db.QueryRow(ctx, `SELECT format, rules, depth, positions FROM book_queue WHERE id = 1`).Scan(&format, &rulesText, &depth, &positions)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoBookQueue
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: book queue: %w", err)
	}
	if format != bookQueueFormat {
		return nil, fmt.Errorf("the book queue has format %d; this program reads format %d", format, bookQueueFormat)
	}
	r, err := inarow.ParseRules(rulesText)
	if err != nil {
		return nil, fmt.Errorf("the book queue's rules %q: %w", rulesText, err)
	}
	return &bookQueue{rules: r, depth: depth, positions: positions}, nil
}

// Close closes the pool.
func (q *bookQueue) Close() { q.pool.Close() }

// A bookClaim is a position leased to this process.
type bookClaim struct {
	key uint64
	ord int
}

// claim leases up to n positions to do, or whose lease has lapsed, for
// lease, in the level's order.
func (q *bookQueue) claim(ctx context.Context, n int, lease time.Duration) (claims []bookClaim, err error) {
	err = q.retry(ctx, "claim", func() error {
		claims, err = q.claimOnce(ctx, n, lease)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("book queue: claim: %w", err)
	}
	slices.SortFunc(claims, func(a, b bookClaim) int { return a.ord - b.ord })
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held == nil {
		q.held = map[uint64]bool{}
	}
	for _, c := range claims {
		q.held[c.key] = true
	}
	return claims, nil
}

func (q *bookQueue) claimOnce(ctx context.Context, n int, lease time.Duration) ([]bookClaim, error) {
	rows, err := q.pool.Query(ctx, `WITH c AS (
			SELECT key FROM book_positions
			WHERE state = 'todo' OR (state = 'leased' AND lease_until < now())
			ORDER BY ord LIMIT $1
			FOR UPDATE SKIP LOCKED)
		UPDATE book_positions p
		SET state = 'leased', owner = $2, lease_until = now() + $3 * interval '1 millisecond', claims = p.claims + 1
		FROM c WHERE p.key = c.key
		RETURNING p.key, p.ord`, n, q.owner, lease.Milliseconds())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (bookClaim, error) {
		var key int64
		var c bookClaim
		err := row.Scan(&key, &c.ord)
		c.key = uint64(key)
		return c, err
	})
}

// renew extends the leases of the positions this process holds (held)
// to lease from now.
func (q *bookQueue) renew(ctx context.Context, lease time.Duration) error {
	q.mu.Lock()
	keys := make([]int64, 0, len(q.held))
	for k := range q.held {
		keys = append(keys, int64(k))
	}
	q.mu.Unlock()
	if len(keys) == 0 {
		return nil
	}
	err := q.exec(ctx, "renew", `UPDATE book_positions SET lease_until = now() + $2 * interval '1 millisecond' WHERE owner = $1 AND state = 'leased' AND key = ANY($3)`,
		q.owner, lease.Milliseconds(), keys)
	if err != nil {
		return fmt.Errorf("book queue: renew: %w", err)
	}
	return nil
}

// release gives back every lease in this process's name, so that other
// workers take the positions at once (a worker stopped by an interrupt).
func (q *bookQueue) release(ctx context.Context) error {
	err := q.exec(ctx, "release", `UPDATE book_positions SET state = 'todo', owner = NULL, lease_until = NULL WHERE owner = $1 AND state = 'leased'`, q.owner)
	if err != nil {
		return fmt.Errorf("book queue: release: %w", err)
	}
	q.mu.Lock()
	clear(q.held)
	q.mu.Unlock()
	return nil
}

// done writes a position's score. A position another worker solved
// meanwhile (after this one's lease lapsed) keeps its score, which must
// be the same.
func (q *bookQueue) done(ctx context.Context, key uint64, v solve.Score, nodes uint64) error {
	// Written again after a failure whose commit did not answer, the
	// score finds itself: the same score, taken.
	var old int
	var by string
	err := q.retry(ctx, "score", func() error {
		tag, err := q.pool.Exec(ctx, `UPDATE book_positions
			SET state = 'done', score = $2, nodes = $3, owner = $4, lease_until = NULL, solved_at = now()
			WHERE key = $1 AND state <> 'done'`, int64(key), int(v), int64(nodes), q.owner)
		if err != nil || tag.RowsAffected() == 1 {
			old = int(v)
			return err
		}
		return q.pool.QueryRow(ctx, `SELECT score, owner FROM book_positions WHERE key = $1`, int64(key)).Scan(&old, &by)
	})
	if err == nil {
		q.mu.Lock()
		delete(q.held, key)
		q.mu.Unlock()
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("book queue: key %d is not in the queue", key)
	}
	if err != nil {
		return fmt.Errorf("book queue: key %d: %w", key, err)
	}
	if old != int(v) {
		return fmt.Errorf("book queue: key %d: solved as %d here, as %d by %s", key, v, old, by)
	}
	return nil
}

// status counts the positions done and those leased whose lease has not
// lapsed. It counts the open positions (the partial index), not the done
// ones: a queue of a million positions is counted in the time of the
// ones left.
func (q *bookQueue) status(ctx context.Context) (done, leased int, err error) {
	var open int
	err = q.retry(ctx, "status", func() error {
		return q.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE state = 'leased' AND lease_until >= now()) FROM book_positions WHERE state <> 'done'`).Scan(&open, &leased)
	})
	if err != nil {
		return 0, 0, fmt.Errorf("book queue: %w", err)
	}
	return q.positions - open, leased, nil
}

// A bookQueueReport is what book status prints.
type bookQueueReport struct {
	done, leased, lapsed, todo int
	workers                    int   // owners of leases that have not lapsed
	nodes                      int64 // searched for the positions done
	solvers                    int   // owners of the positions done
}

// report counts the queue's positions by state.
func (q *bookQueue) report(ctx context.Context) (r bookQueueReport, err error) {
	err = q.retry(ctx, "status", func() error {
		return q.pool.QueryRow(ctx, `SELECT
			count(*) FILTER (WHERE state = 'done'),
			count(*) FILTER (WHERE state = 'leased' AND lease_until >= now()),
			count(*) FILTER (WHERE state = 'leased' AND lease_until < now()),
			count(*) FILTER (WHERE state = 'todo'),
			count(DISTINCT owner) FILTER (WHERE state = 'leased' AND lease_until >= now()),
			coalesce(sum(nodes), 0),
			count(DISTINCT owner) FILTER (WHERE state = 'done')
			FROM book_positions`).Scan(&r.done, &r.leased, &r.lapsed, &r.todo, &r.workers, &r.nodes, &r.solvers)
	})
	if err != nil {
		err = fmt.Errorf("book queue: %w", err)
	}
	return r, err
}

// scores reads the scores of the positions done.
func (q *bookQueue) scores(ctx context.Context) (map[uint64]solve.Score, error) {
	var scores map[uint64]solve.Score
	err := q.retry(ctx, "scores", func() error {
		rows, err := q.pool.Query(ctx, `SELECT key, score FROM book_positions WHERE state = 'done'`)
		if err != nil {
			return err
		}
		defer rows.Close()
		scores = make(map[uint64]solve.Score, q.positions)
		for rows.Next() {
			var key int64
			var v int
			if err := rows.Scan(&key, &v); err != nil {
				return err
			}
			scores[uint64(key)] = solve.Score(v)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("book queue: %w", err)
	}
	return scores, nil
}

// exec runs one statement, with retries.
func (q *bookQueue) exec(ctx context.Context, what, sql string, args ...any) error {
	return q.retry(ctx, what, func() error {
		_, err := q.pool.Exec(ctx, sql, args...)
		return err
	})
}

// retry runs f until it succeeds, fails for good, or q.retryFor has
// passed since its first failure, waiting longer each time (from a
// quarter of a second to 15 s). Every statement of the queue may run
// again after a failure whose commit did not answer: a claim of a lost
// answer lapses and is taken over, the others find what they did.
func (q *bookQueue) retry(ctx context.Context, what string, f func() error) error {
	var first time.Time
	wait := 250 * time.Millisecond
	for {
		err := f()
		if err == nil || !transient(err) || ctx.Err() != nil {
			return err
		}
		if first.IsZero() {
			first = time.Now()
		}
		if time.Since(first)+wait > q.retryFor {
			if q.retryFor > 0 {
				err = fmt.Errorf("%w (failing for %v)", err, time.Since(first).Round(time.Second))
			}
			return err
		}
		if q.warn != nil {
			q.warn(fmt.Errorf("%s: %w; trying again in %v", what, err, wait))
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 15*time.Second)
	}
}

// transient reports whether err may pass: the connection or the server
// failed (a restart, the network, too many connections), rather than the
// statement.
func transient(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, pgx.ErrNoRows) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "08") || // connection exception
			strings.HasPrefix(pe.Code, "57P") || // shut down, crashed, not yet accepting connections
			pe.Code == "53300" || // too many connections
			pe.Code == "40001" || pe.Code == "40P01" // serialization failure, deadlock
	}
	// No answer of the server's: the network, a connection closed under
	// the statement.
	return true
}

// bookWork says how a process works on a queue.
type bookWork struct {
	jobs       int           // solvers, each claiming its own batches; 0: only wait for the others
	threads    int           // each solver's threads (solve.Options.Threads)
	batch      int           // positions a claim
	tableBytes int           // each solver's table
	lease      time.Duration // a claim's lease, renewed every third of it while the process lives
	poll       time.Duration // how often to look again when nothing can be claimed
	retryFor   time.Duration // the queue's retryFor from work on (the work's statements and later ones)
	warn       func(error)   // the queue's warn likewise
	// progress, if not nil, is called after each position solved here and
	// at each look while waiting, one call at a time, with the positions
	// solved here, done in all and in the queue.
	progress func(solvedHere, done, total int)
}

// work solves positions of the queue until every position is done —
// claiming, solving, writing back — and returns the number it solved.
// When nothing can be claimed it waits (the last positions are out with
// other workers) and looks again every w.poll: a lease that lapses meanwhile
// is taken over. Stopped (ctx) or failed, it gives its leases back.
func (q *bookQueue) work(ctx context.Context, w bookWork) (int, error) {
	g, err := solve.NewGeometry(q.rules)
	if err != nil {
		return 0, err
	}
	q.retryFor, q.warn = w.retryFor, w.warn
	levels := g.BookPositions(q.depth)
	deepest := levels[len(levels)-1]
	if len(deepest) != q.positions {
		return 0, fmt.Errorf("the queue holds %d positions, a %v book of depth %d has %d", q.positions, q.rules, q.depth, len(deepest))
	}
	boards := make(map[uint64]solve.Board, len(deepest))
	for _, b := range deepest {
		boards[g.BookKey(b)] = b
	}
	// The built-in book, if it holds the level above, bounds each
	// position by its parents' scores (solve.C4Solver.SolveBookPosition):
	// fewer nodes, the same scores.
	prev, err := solve.EmbeddedBook(q.rules)
	if err != nil {
		return 0, err
	}
	solvers := make([]*solve.C4Solver, w.jobs)
	for i := range solvers {
		if solvers[i], err = solve.NewC4(q.rules, solve.Options{TableBytes: w.tableBytes, NoBook: true, Threads: w.threads}); err != nil {
			return 0, err
		}
	}
	wctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// The heartbeat: leases live while this process does.
	go func() {
		t := time.NewTicker(w.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-wctx.Done():
				return
			case <-t.C:
				if err := q.renew(wctx, w.lease); err != nil && wctx.Err() == nil {
					cancel(err)
				}
			}
		}
	}()
	var (
		mu       sync.Mutex
		solved   int
		done     int       // in all, as last counted
		counted  time.Time // when
		doneHere int       // here since
	)
	// report counts n more positions solved here and calls progress, with
	// the queue's count of positions done looked up at most every second
	// (it counts the open positions).
	report := func(n int) error {
		mu.Lock()
		defer mu.Unlock()
		solved += n
		doneHere += n
		if time.Since(counted) >= time.Second {
			d, _, err := q.status(wctx)
			if err != nil {
				return err
			}
			done, counted, doneHere = d, time.Now(), 0
		}
		if w.progress != nil {
			w.progress(solved, min(done+doneHere, q.positions), q.positions)
		}
		return nil
	}
	// finished reports whether every position is done.
	finished := func() (bool, error) {
		done, _, err := q.status(wctx)
		return done == q.positions, err
	}
	wait := func() error {
		select {
		case <-wctx.Done():
			return context.Cause(wctx)
		case <-time.After(w.poll):
			return report(0)
		}
	}
	var wg sync.WaitGroup
	for _, sv := range solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := func() error {
				for {
					claims, err := q.claim(wctx, w.batch, w.lease)
					if err != nil {
						return err
					}
					if len(claims) == 0 {
						if all, err := finished(); err != nil || all {
							return err
						}
						if err := wait(); err != nil {
							return err
						}
						continue
					}
					for _, c := range claims {
						b, ok := boards[c.key]
						if !ok {
							return fmt.Errorf("the queue's position %d (key %d) is not one of a %v book of depth %d", c.ord, c.key, q.rules, q.depth)
						}
						before := sv.Nodes()
						v, err := sv.SolveBookPosition(wctx, b, prev)
						if err != nil {
							return err
						}
						if err := q.done(wctx, c.key, v, sv.Nodes()-before); err != nil {
							return err
						}
						if err := report(1); err != nil {
							return err
						}
					}
				}
			}()
			if err != nil {
				cancel(err)
			}
		}()
	}
	if w.jobs == 0 {
		for {
			all, err := finished()
			if err == nil && !all {
				err = wait()
			}
			if err != nil {
				cancel(err)
			}
			if err != nil || all {
				break
			}
		}
	}
	wg.Wait()
	// The workers return nil only when every position is done; anything
	// else (an error, an interrupt) cancelled wctx with its cause.
	err = context.Cause(wctx)
	if err != nil {
		rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer rcancel()
		err = errors.Join(err, q.release(rctx))
	}
	return solved, err
}
