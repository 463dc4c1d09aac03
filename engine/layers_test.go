package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// deps lists the module's packages that pkg imports, directly or not.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Skipf("go list -deps %s: %v", pkg, err)
	}
	var own []string
	for _, p := range strings.Fields(string(out)) {
		if rel, ok := strings.CutPrefix(p, "github.com/inarow/inarow/"); ok {
			own = append(own, rel)
		}
	}
	return own
}

func under(pkg string, dirs ...string) bool {
	for _, d := range dirs {
		if pkg == d || strings.HasPrefix(pkg, d+"/") {
			return true
		}
	}
	return false
}

// Imports point down: the factory (search layer) imports no front end,
// and the server, which takes its computer from the factory, imports no
// command (nothing injects players into it any more). The computer's
// reply walks server → engine → solve, engine/gomoku, mcts → core.
func TestImportsPointDown(t *testing.T) {
	for _, p := range deps(t, ".") {
		if under(p, "server", "agent", "pbrain", "spiel", "cmd", "store", "web") {
			t.Errorf("engine imports the front end %s", p)
		}
	}
	server := deps(t, "../server")
	for _, p := range server {
		if under(p, "cmd") {
			t.Errorf("server imports the command %s", p)
		}
	}
	if !strings.Contains(" "+strings.Join(server, " ")+" ", " engine ") {
		t.Errorf("server does not import engine: %v", server)
	}
}
