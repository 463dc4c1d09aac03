package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// served is an "inarow serve" process started by a test.
type served struct {
	cmd  *exec.Cmd
	url  string // http://127.0.0.1:PORT
	logs *syncBuffer
	done chan error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startServe runs the built binary's serve command on a free loopback port
// with the database db and waits until it answers. It does not read the
// log for the port, so that it works under --quiet too.
func startServe(t *testing.T, db string, extra ...string) *served {
	t.Helper()
	return startServeEnv(t, nil, append([]string{"--db", db}, extra...)...)
}

// startServeEnv is startServe with env added to the environment and args
// as they are (plus --addr).
func startServeEnv(t *testing.T, env []string, args ...string) *served {
	t.Helper()
	for try := 0; ; try++ {
		s, clash := tryServe(t, env, args)
		if !clash || try == 4 {
			if clash {
				t.Fatalf("inarow serve found no free port in 5 tries\n%s", s.logs.String())
			}
			return s
		}
	}
}

// tryServe starts the server on a port that was free a moment ago; clash
// reports that another process took it in between.
func tryServe(t *testing.T, env, args []string) (s *served, clash bool) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	pr, pw := io.Pipe()
	s = &served{cmd: cmd, url: "http://" + addr, logs: &syncBuffer{}, done: make(chan error, 1)}
	cmd.Stderr = pw
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.logs.Write([]byte(sc.Text() + "\n"))
		}
	}()
	go func() {
		s.done <- cmd.Wait()
		pw.Close()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-s.done
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case err := <-s.done:
			time.Sleep(50 * time.Millisecond) // let the log reader finish
			if strings.Contains(s.logs.String(), "cannot listen") {
				return s, true
			}
			t.Fatalf("inarow serve exited: %v\n%s", err, s.logs.String())
		case <-time.After(50 * time.Millisecond):
		}
		if resp, err := apiClient.Get(s.url + "/api/agents"); err == nil {
			resp.Body.Close()
			return s, false
		}
		if time.Now().After(deadline) {
			t.Fatalf("inarow serve did not answer in 30s\n%s", s.logs.String())
		}
	}
}

// stop sends SIGTERM and waits for a clean exit.
func (s *served) stop(t *testing.T) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatalf("inarow serve exited with %v after SIGTERM\n%s", err, s.logs.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("inarow serve did not stop in 15s after SIGTERM")
	}
}

var apiClient = &http.Client{Timeout: 30 * time.Second}

func api(t testing.TB, method, url, token string, body any) (int, map[string]any) {
	t.Helper()
	code, out, err := apiWith(apiClient, method, url, token, body)
	if err != nil {
		t.Fatal(err)
	}
	return code, out
}

func apiWith(client *http.Client, method, url, token string, body any) (int, map[string]any, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return resp.StatusCode, nil, fmt.Errorf("%s %s: %d %q", method, url, resp.StatusCode, data)
	}
	return resp.StatusCode, out, nil
}

func TestServePlaysAGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "inarow.db")
	s := startServe(t, db)
	code, g := api(t, "POST", s.url+"/api/games", "", map[string]any{"game": "connect4", "opponent": "friend"})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id, toks := g["id"].(string), []string{g["token"].(string), g["invite_token"].(string)}
	var v map[string]any
	for i, c := range "4455667" { // first wins on the bottom row
		code, v = api(t, "POST", s.url+"/api/games/"+id+"/moves", toks[i%2], map[string]any{"move": string(c), "ply": i})
		if code != 200 {
			t.Fatalf("move %d: %d %v", i, code, v)
		}
	}
	if v["status"] != "won" || v["winner"] != "first" {
		t.Fatalf("after 4455667: %v", v)
	}
	resp, err := http.Get(s.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(page, []byte("<title>")) {
		t.Fatalf("no page at /: %q", page)
	}
	// On loopback, a name rebound to 127.0.0.1 gets nothing.
	req, _ := http.NewRequest("GET", s.url+"/", nil)
	req.Host = "rebound.example"
	if resp, err := apiClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Fatalf("the page for Host rebound.example: %v %v, want 403", resp, err)
	} else {
		resp.Body.Close()
	}
	s.stop(t)
	for _, tok := range toks {
		if strings.Contains(s.logs.String(), tok) {
			t.Fatal("a seat token is in the log")
		}
	}
	// A restart on the same file finds the game.
	s = startServe(t, db, "--quiet")
	code, v = api(t, "GET", s.url+"/api/games/"+id, "", nil)
	if code != 200 || len(v["moves"].([]any)) != 7 {
		t.Fatalf("after restart: %d %v", code, v)
	}
	s.stop(t)
}

func TestServeFlags(t *testing.T) {
	if r := cli(t, "", "serve", "--nope"); r.code != exitUsage {
		t.Fatalf("bad flag: exit %d", r.code)
	}
	if r := cli(t, "", "serve", "extra"); r.code != exitUsage {
		t.Fatalf("extra argument: exit %d", r.code)
	}
	for _, bad := range []string{"10.0.0/8", "", "proxy.example"} {
		if r := cli(t, "", "serve", "--trust-proxy", bad); r.code != exitUsage || !strings.Contains(r.stderr, "trust-proxy") {
			t.Fatalf("--trust-proxy %q: exit %d %s", bad, r.code, r.stderr)
		}
	}
	if r := cli(t, "", "serve", "--help"); !strings.Contains(r.stderr, "-trust-proxy CIDR") {
		t.Fatalf("serve --help does not document --trust-proxy: %s", r.stderr)
	}
	if r := cli(t, "", "serve", "--db", filepath.Join(t.TempDir(), "no", "such", "dir", "x.db"), "--addr", "127.0.0.1:0"); r.code != 1 {
		t.Fatalf("unopenable db: exit %d %s", r.code, r.stderr)
	}
}

// TestServePostgresTwoProcesses: a move made through one server reaches
// the event stream of another sharing the database (LISTEN/NOTIFY).
func TestServePostgresTwoProcesses(t *testing.T) {
	url := os.Getenv("INAROW_TEST_POSTGRES")
	if url == "" {
		t.Skip("INAROW_TEST_POSTGRES is not set; .ci/services.sh starts PostgreSQL and sets it")
	}
	a, b := startServe(t, url, "--quiet"), startServe(t, url, "--quiet")
	code, g := api(t, "POST", a.url+"/api/games", "", map[string]any{"game": "gomoku", "opponent": "friend"})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	resp, err := http.Get(b.url + "/api/games/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan map[string]any, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		event := ""
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				event = name // the views only: "watchers" and "rematch" events are skipped
			}
			if line, ok := strings.CutPrefix(sc.Text(), "data: "); ok && event == "game" {
				var v map[string]any
				json.Unmarshal([]byte(line), &v)
				events <- v
			}
		}
	}()
	next := func() map[string]any {
		select {
		case v := <-events:
			return v
		case <-time.After(10 * time.Second):
			t.Fatal("no event from the other server in 10s")
		}
		return nil
	}
	if v := next(); v["ply"] != 0.0 {
		t.Fatalf("first event %v", v)
	}
	if code, v := api(t, "POST", a.url+"/api/games/"+id+"/moves", g["token"].(string), map[string]any{"move": "h8", "ply": 0}); code != 200 {
		t.Fatalf("move: %d %v", code, v)
	}
	if v := next(); v["ply"] != 1.0 || v["moves"].([]any)[0] != "h8" {
		t.Fatalf("event after the move on the other server: %v", v)
	}
	a.stop(t)
	b.stop(t)
}

// TestServeBrowser runs the browser tests of e2e/ (playwright-core driving
// Debian's Chromium) against the built binary. It skips when node, the
// e2e packages (npm ci in e2e/) or /usr/bin/chromium are missing;
// .ci/services.sh installs them.
func TestServeBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	e2e := filepath.Join(root, "e2e")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed; .ci/services.sh installs the browser test tools")
	}
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("%s is missing (apt-get install chromium); .ci/services.sh installs it", chromium)
	}
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "playwright-core")); err != nil {
		t.Skip("e2e/node_modules/playwright-core is missing (npm ci in e2e/); .ci/services.sh installs it")
	}
	// An agent for the page to offer: it plays the first legal move.
	dir := t.TempDir()
	script := filepath.Join(dir, "first.sh")
	agentScript := "echo 'ok first'\nwhile read cmd rest; do\n  case \"$cmd\" in\n    go) set -- $rest; shift 2; echo \"move $1\";;\n    quit) exit 0;;\n  esac\ndone\n"
	if err := os.WriteFile(script, []byte(agentScript), 0o644); err != nil {
		t.Fatal(err)
	}
	// And one that answers an illegal move, to forfeit.
	bad := filepath.Join(dir, "illegal.sh")
	if err := os.WriteFile(bad, []byte("echo 'ok illegal'\nwhile read cmd rest; do\n  case \"$cmd\" in\n    go) echo 'move z99';;\n    quit) exit 0;;\n  esac\ndone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, filepath.Join(dir, "inarow.db"), "--quiet", "--agent", "first=exec sh "+script, "--agent", "illegal=exec sh "+bad,
		"--time-control", "0.1+0", // a six-second control, for a flag to fall within the test
		// the reports' bound is three analyses (15 s by default): a CI run
		// with the race-detected engine tests beside it once cut the renju
		// report short, and the page that waits for its proofs timed out;
		// 45 s stays inside the page's 60 s wait
		"--analysis-time", "15s")
	cmd := exec.Command(node, filepath.Join(e2e, "run.mjs"))
	cmd.Env = append(os.Environ(), "INAROW_URL="+s.url, "INAROW_ARTIFACTS="+filepath.Join(e2e, "artifacts"), "CHROMIUM="+chromium)
	cmd.Dir = e2e
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(12 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the browser tests took more than 12 minutes:\n%s", out.String())
	}
	t.Logf("node e2e/run.mjs:\n%s", out.String())
	if err != nil {
		t.Fatalf("browser tests failed: %v", err)
	}
	s.stop(t)
}

// TestServeGomokuComputer: the wired engine plays gomoku (renju, as black
// and as white) and gobang at level 3 within the move time, and renju's
// forbidden points are refused.
func TestServeGomokuComputer(t *testing.T) {
	s := startServe(t, filepath.Join(t.TempDir(), "inarow.db"), "--quiet", "--move-time", "1s")
	for _, body := range []map[string]any{
		{"game": "gomoku", "opponent": "computer", "level": 3, "rules": map[string]any{"rule": "renju"}, "seat": "second"},
		{"game": "gomoku", "opponent": "computer", "level": 3, "rules": map[string]any{"rule": "renju"}},
		{"game": "gobang", "opponent": "computer", "level": 3},
	} {
		start := time.Now()
		code, g := api(t, "POST", s.url+"/api/games", "", body)
		if code != 201 {
			t.Fatalf("create %v: %d %v", body, code, g)
		}
		v := g
		for i := 0; i < 3 && v["status"] == "playing"; i++ {
			board := v["board"].([]any)
			var move string
			// Any empty cell near the centre that is not forbidden.
			forb := map[[2]int]bool{}
			if f, ok := v["forbidden"].([]any); ok {
				for _, c := range f {
					xy := c.([]any)
					forb[[2]int{int(xy[0].(float64)), int(xy[1].(float64))}] = true
				}
			}
			n := len(board)
		find:
			for d := 0; d < n; d++ {
				for y := n/2 - d; y <= n/2+d; y++ {
					for x := n/2 - d; x <= n/2+d; x++ {
						if y >= 0 && x >= 0 && y < n && x < n && board[y].(string)[x] == '.' && !forb[[2]int{x, y}] {
							if v["notation"] == "point" {
								move = fmt.Sprintf("%02d-%02d", y+1, x+1)
							} else {
								move = fmt.Sprintf("%c%d", 'a'+x, n-y)
							}
							break find
						}
					}
				}
			}
			code, out := api(t, "POST", s.url+"/api/games/"+g["id"].(string)+"/moves", g["token"].(string), map[string]any{"move": move, "ply": v["ply"]})
			if code != 200 {
				t.Fatalf("%v: move %s: %d %v", body, move, code, out)
			}
			v = out
		}
		if d := time.Since(start); d > 15*time.Second {
			t.Fatalf("%v: the computer took %v for a few moves with --move-time 1s", body, d)
		}
		if int(v["ply"].(float64))%2 != map[bool]int{true: 1, false: 0}[body["seat"] == "second"] && v["status"] == "playing" {
			t.Fatalf("%v: the computer did not reply: %v", body, v)
		}
	}
	s.stop(t)
}

func TestServedHosts(t *testing.T) {
	loop := []string{"localhost", "127.0.0.1", "::1"}
	for _, tc := range []struct {
		addr  string
		given []string
		want  []string
	}{
		{"127.0.0.1:8080", nil, append(loop, "127.0.0.1")},
		{"127.0.0.2:0", []string{"play.example"}, append(loop, "127.0.0.2", "play.example")},
		{"[::1]:8080", nil, append(loop, "::1")},
		{"localhost:8080", nil, append(loop, "localhost")},
		{":8080", nil, nil},
		{"0.0.0.0:8080", []string{"play.example"}, []string{"play.example"}},
		{"192.0.2.1:80", nil, nil},
	} {
		if got := servedHosts(tc.addr, tc.given); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("servedHosts(%q, %v) = %v, want %v", tc.addr, tc.given, got, tc.want)
		}
	}
}

// With no --addr and no --db, serve answers on loopback only and keeps
// its games in the user's data directory; --help says both.
func TestServeDefaults(t *testing.T) {
	r := cli(t, "", "serve", "--help")
	if r.code != exitOK || !strings.Contains(r.stderr, `(default "127.0.0.1:8080")`) {
		t.Errorf("serve --help does not give the loopback default:\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "~/.local/share/inarow/inarow.db") {
		t.Errorf("serve --help does not say where the games are kept:\n%s", r.stderr)
	}
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	want := filepath.Join(data, "inarow", "inarow.db")
	if got, err := defaultDB(); err != nil || got != want {
		t.Errorf("defaultDB() = %q, %v; want %q", got, err, want)
	}
	t.Setenv("XDG_DATA_HOME", "relative/dir") // ignored, as the XDG specification says
	if got, err := defaultDB(); err != nil || strings.Contains(got, "relative") {
		t.Errorf("defaultDB() with a relative XDG_DATA_HOME = %q, %v", got, err)
	}
}

// The start is one INFO line with the address to open and where the games
// are kept; a normal run logs no warning; --quiet prints nothing at all.
func TestServeOpenLine(t *testing.T) {
	data := t.TempDir()
	s := startServeEnv(t, []string{"XDG_DATA_HOME=" + data})
	s.stop(t)
	port := s.url[strings.LastIndex(s.url, ":")+1:]
	logs := s.logs.String()
	db := filepath.Join(data, "inarow", "inarow.db")
	want := regexp.MustCompile(`(?m)^time=\S+ level=INFO msg="inarow: open http://localhost:` + port + `/" addr=127\.0\.0\.1:` + port + ` store=sqlite db=` + regexp.QuoteMeta(db) + `$`)
	if !want.MatchString(logs) {
		t.Errorf("no line %s in the log:\n%s", want, logs)
	}
	if strings.Contains(logs, "level=WARN") || strings.Contains(logs, "level=ERROR") {
		t.Errorf("a normal run warns:\n%s", logs)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("the default database: %v", err)
	}
	s = startServeEnv(t, []string{"XDG_DATA_HOME=" + data}, "--quiet")
	if _, err := apiClient.Get(s.url + "/"); err != nil {
		t.Fatal(err)
	}
	s.stop(t)
	if logs := s.logs.String(); logs != "" {
		t.Errorf("--quiet printed:\n%s", logs)
	}
}

func TestOpenURL(t *testing.T) {
	for _, tc := range []struct {
		addr, want string
	}{
		{"127.0.0.1:8080", "http://localhost:8080/"},
		{"0.0.0.0:80", "http://localhost:80/ (listening on every interface: from elsewhere, use this machine's address)"},
		{"[::]:8080", "http://localhost:8080/ (listening on every interface: from elsewhere, use this machine's address)"},
		{"[::1]:8080", "http://[::1]:8080/"},
		{"192.168.1.20:9000", "http://192.168.1.20:9000/"},
		{"[2001:db8::1]:8080", "http://[2001:db8::1]:8080/"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := openURL(a); got != tc.want {
			t.Errorf("openURL(%s) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}
