package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/internal/pgtest"
	"github.com/inarow/inarow/solve"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// bookQueueDB returns the URL of a schema of its own in the database
// INAROW_TEST_POSTGRES names, dropped after the test, and a connection to
// it for the test's own looks. Without INAROW_TEST_POSTGRES the test
// skips, saying why.
func bookQueueDB(t *testing.T) (string, *pgx.Conn) {
	t.Helper()
	u := pgtest.Schema(t)
	conn, err := pgx.Connect(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return u, conn
}

func queryInt(t *testing.T, conn *pgx.Conn, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// Claims skip positions leased to others until their lease lapses; a
// lapsed lease is taken over, its late score accepted if it is the same;
// renewals touch only one's own leases; a release gives them back; work
// finishes the queue.
func TestBookQueueLeases(t *testing.T) {
	db, conn := bookQueueDB(t)
	ctx := context.Background()
	r := inarow.Rules{Cols: 4, Rows: 4, K: 3, Gravity: true}
	g, err := solve.NewGeometry(r)
	if err != nil {
		t.Fatal(err)
	}
	qa, err := createBookQueue(ctx, db, g, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer qa.Close()
	qb, err := openBookQueue(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer qb.Close()
	if qb.rules != r || qb.depth != 3 || qb.positions != qa.positions || qa.positions < 8 || qa.owner == qb.owner {
		t.Fatalf("opened %v depth %d, %d positions, owner %q; made %d positions, owner %q", qb.rules, qb.depth, qb.positions, qb.owner, qa.positions, qa.owner)
	}
	a, err := qa.claim(ctx, 3, time.Minute)
	if err != nil || len(a) != 3 || a[0].ord != 0 || a[2].ord != 2 {
		t.Fatalf("first claim: %v %v", a, err)
	}
	b, err := qb.claim(ctx, 1000, time.Minute)
	if err != nil || len(b) != qa.positions-3 || b[0].ord != 3 {
		t.Fatalf("second claim: %d positions from ord %v, %v; want the %d others", len(b), b, err, qa.positions-3)
	}
	if c, err := qb.claim(ctx, 1000, time.Minute); err != nil || len(c) != 0 {
		t.Fatalf("claim of a queue all leased: %v %v", c, err)
	}
	// A's leases lapse (renewed to a second ago): B takes them over.
	if err := qa.renew(ctx, -time.Second); err != nil {
		t.Fatal(err)
	}
	c, err := qb.claim(ctx, 1000, time.Minute)
	if err != nil || len(c) != 3 || c[0] != a[0] {
		t.Fatalf("claim after A's leases lapsed: %v %v; want %v", c, err, a)
	}
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE claims = 2 AND owner = $1`, qb.owner); n != 3 {
		t.Fatalf("%d positions taken over, want 3", n)
	}
	// A, late, renews: B's leases are not A's to renew.
	if err := qa.renew(ctx, -time.Hour); err != nil {
		t.Fatal(err)
	}
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE lease_until < now()`); n != 0 {
		t.Fatalf("A's renewal reached %d of B's leases", n)
	}
	// A solves one late: the score stands; B's same score is taken, another
	// is an error.
	s, err := solve.NewC4(r, solve.Options{TableBytes: 1 << 20, NoBook: true})
	if err != nil {
		t.Fatal(err)
	}
	first := g.BookPositions(3)[3][0]
	v, err := s.SolveBoard(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if err := qa.done(ctx, a[0].key, v, 7); err != nil {
		t.Fatal(err)
	}
	if err := qb.done(ctx, a[0].key, v, 7); err != nil {
		t.Errorf("the same score again: %v", err)
	}
	if err := qb.done(ctx, a[0].key, v+1, 7); err == nil || !strings.Contains(err.Error(), "solved as") {
		t.Errorf("another score: %v", err)
	}
	if err := qb.done(ctx, 12345, v, 7); err == nil || !strings.Contains(err.Error(), "not in the queue") {
		t.Errorf("a key not in the queue: %v", err)
	}
	if done, leased, err := qa.status(ctx); err != nil || done != 1 || leased != qa.positions-1 {
		t.Fatalf("status: %d done, %d leased, %v", done, leased, err)
	}
	// B stops: its positions are free at once.
	if err := qb.release(ctx); err != nil {
		t.Fatal(err)
	}
	if done, leased, err := qa.status(ctx); err != nil || done != 1 || leased != 0 {
		t.Fatalf("status after the release: %d done, %d leased, %v", done, leased, err)
	}
	// A position leased in A's name that A does not know of (its claim's
	// answer lost) is not renewed: it lapses, and is solved all the same.
	last := qa.positions - 1
	if _, err := conn.Exec(ctx, `UPDATE book_positions SET state = 'leased', owner = $1, lease_until = now() + interval '1 second' WHERE ord = $2`, qa.owner, last); err != nil {
		t.Fatal(err)
	}
	if err := qa.renew(ctx, time.Hour); err != nil {
		t.Fatal(err)
	}
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE ord = $1 AND lease_until < now() + interval '1 minute'`, last); n != 1 {
		t.Fatal("A renewed the lease of a position it does not hold")
	}
	if _, err := conn.Exec(ctx, `UPDATE book_positions SET lease_until = now() - interval '1 second' WHERE ord = $1`, last); err != nil {
		t.Fatal(err)
	}
	// A works the rest off alone.
	n, err := qa.work(ctx, bookWork{jobs: 1, batch: 4, tableBytes: 1 << 20, lease: time.Minute, poll: 10 * time.Millisecond})
	if err != nil || n != qa.positions-1 {
		t.Fatalf("work: %d positions, %v; want %d", n, err, qa.positions-1)
	}
	scores, err := qa.scores(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.AssembleBook(3, scores)
	if err != nil {
		t.Fatal(err)
	}
	want, err := solve.GenerateBook(ctx, s, 3, solve.BookOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var gb, wb bytes.Buffer
	got.WriteTo(&gb)
	want.WriteTo(&wb)
	if !bytes.Equal(gb.Bytes(), wb.Bytes()) {
		t.Fatal("the queue's book differs from GenerateBook's")
	}
}

// Bad input gets a clear error and changes nothing: a URL that is not
// PostgreSQL's, a server that is not there, a worker without a queue, a
// queue of another book, a queue whose positions are not its book's.
func TestBookQueueBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.book")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"book", "worker", "--db", "mysql://x@localhost/db"}, 1, "--db takes a postgres:// URL"},
		{[]string{"book", "worker", "--db", "postgres://inarow@127.0.0.1:1/none?connect_timeout=5"}, 1, "postgres:"},
		{[]string{"book", "generate", "--depth", "2", "--out", out, "--db", "postgres://%zz"}, 1, "postgres:"},
		{[]string{"book", "worker"}, exitUsage, "usage"},
		{[]string{"book", "worker", "--db", "postgres://x/y", "--batch", "0"}, exitUsage, "usage"},
		{[]string{"book", "generate", "--depth", "2", "--out", out, "--db", "postgres://x/y", "--journal", "j"}, exitUsage, "usage"},
		{[]string{"book", "generate", "--depth", "2", "--out", out, "--jobs", "0"}, exitUsage, "usage"},
	} {
		res := cli(t, "", c.args...)
		if res.code != c.code || !strings.Contains(res.stderr, c.want) {
			t.Errorf("%v: exit %d, want %d with %q\n%s", c.args, res.code, c.code, c.want, res.stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed generation wrote its book")
	}

	db, conn := bookQueueDB(t)
	for _, cmd := range []string{"worker", "status"} {
		res := cli(t, "", "book", cmd, "--db", db)
		if res.code != 1 || !strings.Contains(res.stderr, "holds no book queue") {
			t.Fatalf("%s without a queue: exit %d\n%s", cmd, res.code, res.stderr)
		}
	}
	gen := func(depth string) result {
		return cli(t, "", "book", "generate", "--rules", "m=4,n=4,k=3,gravity", "--depth", depth, "--out", out, "--table-mb", "1", "--db", db, "--batch", "8", "--quiet")
	}
	if res := gen("3"); res.code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	snapshot := func() string {
		var s string
		if err := conn.QueryRow(context.Background(), `SELECT (SELECT rules || ' ' || depth || ' ' || positions FROM book_queue) || ' ' ||
			(SELECT string_agg(key || ':' || state || ':' || coalesce(score, -99), ',' ORDER BY ord) FROM book_positions)`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := snapshot()
	res := gen("4")
	if res.code != 1 || !strings.Contains(res.stderr, "holds the queue of a m=4,n=4,k=3,gravity book of depth 3") {
		t.Errorf("a queue of another depth: exit %d\n%s", res.code, res.stderr)
	}
	res = cli(t, "", "book", "generate", "--rules", "m=5,n=4,k=3,gravity", "--depth", "3", "--out", out, "--table-mb", "1", "--db", db)
	if res.code != 1 || !strings.Contains(res.stderr, "not of this m=5,n=4,k=3,gravity book") {
		t.Errorf("a queue of other rules: exit %d\n%s", res.code, res.stderr)
	}
	if after := snapshot(); after != before {
		t.Errorf("a refused generation changed the queue:\n%s\n%s", before, after)
	}
	res = cli(t, "", "book", "status", "--db", db)
	if want := "a m=4,n=4,k=3,gravity book of depth 3: "; res.code != 0 || !strings.HasPrefix(res.stdout, want) || !strings.Contains(res.stdout, "leased 0 (by 0 workers), lapsed 0, to do 0\n") {
		t.Errorf("book status: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	// Generated again, the same queue gives the same book without a search.
	if res := gen("3"); res.code != 0 {
		t.Errorf("generate again: exit %d\n%s", res.code, res.stderr)
	}
	// A position that is not the book's is found, by generate and by a worker.
	if _, err := conn.Exec(context.Background(), `UPDATE book_positions SET key = 1, state = 'todo', score = NULL WHERE ord = 0`); err != nil {
		t.Fatal(err)
	}
	if res := gen("3"); res.code != 1 || !strings.Contains(res.stderr, "is not its book's") {
		t.Errorf("generate, a queue with a foreign position: exit %d\n%s", res.code, res.stderr)
	}
	if res := cli(t, "", "book", "worker", "--db", db, "--table-mb", "1"); res.code != 1 || !strings.Contains(res.stderr, "is not one of a m=4,n=4,k=3,gravity book of depth 3") {
		t.Errorf("worker, a queue with a foreign position: exit %d\n%s", res.code, res.stderr)
	}
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE state = 'leased'`); n != 0 {
		t.Errorf("the failed worker left %d leases", n)
	}
}

// Three worker processes build a book together while one of them is
// killed (kill -9) holding leases, the others' connections are cut and
// then one of them is interrupted: the killed one's positions are taken
// over when its leases lapse, the others connect again, the interrupted
// one gives its positions back, and the book that book generate --db
// assembles is the one-process book, byte for byte.
func TestBookQueueWorkersKilled(t *testing.T) {
	db, conn := bookQueueDB(t)
	dir := t.TempDir()
	one, many := filepath.Join(dir, "one.book"), filepath.Join(dir, "many.book")
	// 177 positions with 4 stones of a few ms each (the workers of
	// session 63's CI run made the whole book in 1.1 s under -race).
	book := []string{"--rules", "m=5,n=5,k=4,gravity", "--depth", "4", "--table-mb", "4"}
	if res := cli(t, "", append([]string{"book", "generate", "--out", one, "--quiet"}, book...)...); res.code != 0 {
		t.Fatalf("one process: exit %d\n%s", res.code, res.stderr)
	}
	// (a syncBuffer: a failure's message reads the output of a process
	// still running)
	start := func(args ...string) (*exec.Cmd, *syncBuffer) {
		cmd := exec.Command(bin, args...)
		out := &syncBuffer{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if cmd.ProcessState == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
		})
		return cmd, out
	}
	// Each process's connections go by a name of its own, so that the
	// test can watch and cut them.
	app := fmt.Sprintf("inarow-book-test-%x", rand.Uint64())
	named := func(name string) string {
		u, err := url.Parse(db)
		if err != nil {
			t.Fatal(err)
		}
		params := u.Query()
		params.Set("application_name", app+"-"+name)
		u.RawQuery = params.Encode()
		return u.String()
	}
	gen, genOut := start(append([]string{"book", "generate", "--out", many, "--db", named("generate"), "--jobs", "0", "--lease", "1s"}, book...)...)
	deadline := time.Now().Add(2 * time.Minute)
	wait := func(what string, ok func() bool) {
		t.Helper()
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("no %s in 2 minutes\ngenerate: %s", what, genOut)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wait("queue", func() bool {
		return queryInt(t, conn, `SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'book_queue'`) == 1 &&
			queryInt(t, conn, `SELECT count(*) FROM book_queue`) == 1
	})
	total := queryInt(t, conn, `SELECT positions FROM book_queue`)
	var workers []*exec.Cmd
	var outs []*syncBuffer
	for i := range 3 {
		// The first, to be killed, claims 64 positions at a time: holding
		// two or more when stopped, it holds one or more when dead, since
		// it writes one score at a time (one may be under way). With 4,
		// and then with 8, the others finished the book before it was
		// caught holding two (session 59's CI run; session 63's, where
		// the three solved the whole book in 1.1 s): a batch of 64 lasts
		// many of the stop loop's 5 ms slices, and the others cannot
		// finish the book while it holds one.
		batch := []string{"64", "2", "2"}[i]
		w, out := start("book", "worker", "--db", named(fmt.Sprint("worker", i)), "--table-mb", "4", "--batch", batch, "--lease", "1s", "--retry", "1m", "--quiet")
		workers, outs = append(workers, w), append(outs, out)
	}
	done := func() int { return queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE state = 'done'`) }
	wait("quarter of the positions done", func() bool { return done() >= total/4 })
	// Kill the first worker while it holds leases: stopped, it is looked
	// at, and killed once it holds two or more.
	victim := workers[0]
	owner := fmt.Sprintf("%%:%d:%%", victim.Process.Pid)
	leasedByVictim := func() []int64 {
		rows, err := conn.Query(context.Background(), `SELECT key FROM book_positions WHERE state = 'leased' AND owner LIKE $1`, owner)
		if err != nil {
			t.Fatal(err)
		}
		keys, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		return keys
	}
	var held []int64
	wait("two leases held by the first worker", func() bool {
		if err := victim.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		// A statement the worker sent before it stopped may still be
		// running: let it finish, so that the leases read are the ones
		// it holds (CI once saw two scores land after this read).
		time.Sleep(100 * time.Millisecond)
		if held = leasedByVictim(); len(held) >= 2 {
			return true
		}
		victim.Process.Signal(syscall.SIGCONT)
		time.Sleep(5 * time.Millisecond)
		return false
	})
	if err := victim.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := victim.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the killed worker: %v", err)
	}

	if d := done(); d >= total {
		t.Fatalf("all %d positions were done when the worker was killed", total)
	}
	// The database cuts every connection of the others (as a restart
	// does): they connect again and carry on.
	cut := queryInt(t, conn, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name LIKE $1`, app+"-%")
	// The second worker is interrupted: it gives its positions back as it
	// stops.
	interrupted := workers[1]
	if err := interrupted.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := interrupted.Wait(); err == nil || !strings.Contains(outs[1].String(), "interrupted after") {
		t.Fatalf("the interrupted worker: %v\n%s", err, outs[1])
	}
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE state = 'leased' AND owner LIKE $1`, fmt.Sprintf("%%:%d:%%", interrupted.Process.Pid)); n != 0 {
		t.Errorf("the interrupted worker left %d leases", n)
	}
	if err := workers[2].Wait(); err != nil || !strings.Contains(outs[2].String(), fmt.Sprintf("all %d positions with 4 stones", total)) {
		t.Fatalf("the last worker: %v\n%s", err, outs[2])
	}
	if err := gen.Wait(); err != nil || !strings.Contains(genOut.String(), "depth 4") {
		t.Fatalf("generate: %v\n%s", err, genOut)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(many)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("the book of three workers differs from one process's (%d and %d bytes)", len(a), len(b))
	}
	// The killed worker's positions were taken over and solved by the
	// others — all but the one whose score it may have sent as it was
	// stopped.
	taken := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE key = ANY($1) AND state = 'done' AND claims >= 2 AND owner NOT LIKE $2`, held, owner)
	late := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE key = ANY($1) AND state = 'done' AND owner LIKE $2`, held, owner)
	if taken+late != len(held) || late > 1 || taken == 0 {
		t.Errorf("of the %d positions the killed worker held, %d were taken over, %d solved by it", len(held), taken, late)
	}
	if n := queryInt(t, conn, `SELECT count(DISTINCT owner) FROM book_positions`); n < 2 {
		t.Errorf("the positions were solved by %d workers", n)
	}
	retried := 0
	for _, out := range append(outs[2:], genOut) {
		retried += strings.Count(out.String(), "trying again")
	}
	t.Logf("%d positions; the killed worker held %d; %d solved by it before; %d connections cut, %d statements tried again", total, len(held),
		queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE owner LIKE $1`, owner), cut, retried)
}

// Failures of the connection or the server are tried again, for retryFor;
// failures of the statement are not.
func TestBookQueueRetry(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "57P01"}, true},                       // admin shutdown
		{&pgconn.PgError{Code: "08006"}, true},                       // connection failure
		{&pgconn.PgError{Code: "40001"}, true},                       // serialization failure
		{&pgconn.PgError{Code: "23505"}, false},                      // unique violation
		{&pgconn.PgError{Code: "42P01"}, false},                      // no such table
		{fmt.Errorf("x: %w", &pgconn.PgError{Code: "28P01"}), false}, // wrong password
		{io.ErrUnexpectedEOF, true},
		{pgx.ErrNoRows, false},
		{context.Canceled, false},
	} {
		if got := transient(c.err); got != c.want {
			t.Errorf("transient(%v) = %v", c.err, got)
		}
	}
	ctx := context.Background()
	var warned []error
	q := &bookQueue{warn: func(err error) { warned = append(warned, err) }}
	calls := 0
	flaky := func() error {
		calls++
		if calls < 3 {
			return io.ErrUnexpectedEOF
		}
		return nil
	}
	if err := q.retry(ctx, "x", flaky); err != io.ErrUnexpectedEOF || calls != 1 {
		t.Errorf("no retries: %v after %d calls", err, calls)
	}
	calls, q.retryFor = 0, time.Minute
	if err := q.retry(ctx, "x", flaky); err != nil || calls != 3 || len(warned) != 2 || !strings.Contains(warned[0].Error(), "trying again in 250ms") {
		t.Errorf("retries: %v after %d calls, warned %v", err, calls, warned)
	}
	calls = 0
	bad := &pgconn.PgError{Code: "23505"}
	if err := q.retry(ctx, "x", func() error { calls++; return bad }); err != bad || calls != 1 {
		t.Errorf("a failing statement: %v after %d calls", err, calls)
	}
	calls, q.retryFor = 0, 600*time.Millisecond
	if err := q.retry(ctx, "x", func() error { calls++; return io.ErrUnexpectedEOF }); !errors.Is(err, io.ErrUnexpectedEOF) || calls != 2 || !strings.Contains(err.Error(), "failing for") {
		t.Errorf("a database down for good: %v after %d calls", err, calls)
	}
}

// Generations started together make one queue: the advisory lock orders
// them, and the later ones take up the first's.
func TestBookQueueCreateTogether(t *testing.T) {
	db, conn := bookQueueDB(t)
	g, err := solve.NewGeometry(inarow.Rules{Cols: 5, Rows: 4, K: 4, Gravity: true})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for range cap(errs) {
		go func() {
			q, err := createBookQueue(context.Background(), db, g, 4)
			if err == nil {
				q.Close()
			}
			errs <- err
		}()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	want := len(g.BookPositions(4)[4])
	if n := queryInt(t, conn, `SELECT count(*) FROM book_positions WHERE state = 'todo'`); n != want {
		t.Errorf("%d positions in the queue, want %d", n, want)
	}
}
