package web

import (
	"bytes"
	"io/fs"
	"regexp"
	"testing"
)

// TestStaticFiles: the page's files are embedded, the favicon a real ICO
// (browsers ask /favicon.ico whatever the page links).
func TestStaticFiles(t *testing.T) {
	for _, name := range []string{"index.html", "style.css", "app.js", "clock.js", "favicon.svg", "favicon.ico"} {
		b, err := fs.ReadFile(Static(), name)
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %v (%d bytes)", name, err, len(b))
		}
		if name == "favicon.ico" && !bytes.HasPrefix(b, []byte{0, 0, 1, 0}) {
			t.Fatalf("favicon.ico is not an ICO file: % x", b[:min(len(b), 8)])
		}
	}
}

// TestPageIDs: every element app.js looks up by id ("#name" in a selector
// string) is in index.html, so a renamed or dropped element fails here
// rather than as a null in the browser.
func TestPageIDs(t *testing.T) {
	html, err := fs.ReadFile(Static(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	js, err := fs.ReadFile(Static(), "app.js")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\bid="([^"]+)"`).FindAllSubmatch(html, -1) {
		ids[string(m[1])] = true
	}
	// Ids the script makes itself.
	ids["form-message"] = true
	used := regexp.MustCompile("['\"`]#([a-z][\\w-]*)[\\s'\"`.:\\[]").FindAllSubmatch(js, -1)
	if len(used) < 20 {
		t.Fatalf("found only %d id lookups in app.js; the pattern is out of date", len(used))
	}
	colour := regexp.MustCompile(`^[0-9a-f]{3,8}$`) // the pictures' colours
	for _, m := range used {
		if !ids[string(m[1])] && !colour.Match(m[1]) {
			t.Errorf("app.js looks up #%s, which index.html does not have", m[1])
		}
	}
}
