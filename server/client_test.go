package server

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
)

func TestClientKey(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	for _, tc := range []struct {
		name    string
		remote  string
		trusted []netip.Prefix
		header  http.Header
		want    string
	}{
		{"IPv4 peer", "192.0.2.1:1234", nil, nil, "192.0.2.1"},
		{"IPv4 in IPv6", "[::ffff:192.0.2.1]:1234", nil, nil, "192.0.2.1"},
		{"IPv6 peer: its /64", "[2001:db8:0:1:aaaa::1]:1234", nil, nil, "2001:db8:0:1::/64"},
		{"IPv6 zone dropped", "[fe80::1%eth0]:1234", nil, nil, "fe80::/64"},
		{"no port", "192.0.2.1", nil, nil, "192.0.2.1"},
		{"not an address", "pipe", nil, nil, "pipe"},
		{"header from an untrusted peer ignored", "192.0.2.1:1", proxies, http.Header{"X-Forwarded-For": {"203.0.113.7"}}, "192.0.2.1"},
		{"header ignored without trusted proxies", "10.0.0.1:1", nil, http.Header{"X-Forwarded-For": {"203.0.113.7"}}, "10.0.0.1"},
		{"trusted proxy: the client it names", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"203.0.113.7"}}, "203.0.113.7"},
		{"a client's own entries stand left", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"198.51.100.9, 203.0.113.7"}}, "203.0.113.7"},
		{"two proxies", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"203.0.113.7, 10.1.1.1"}}, "203.0.113.7"},
		{"every line of the header", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"198.51.100.9", "203.0.113.7, 10.1.1.1"}}, "203.0.113.7"},
		{"only proxies: the farthest", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"10.2.2.2, 10.1.1.1"}}, "10.2.2.2"},
		{"unknown: the last proxy known", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"unknown"}}, "10.0.0.1"},
		{"an empty header", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {""}}, "10.0.0.1"},
		{"IPv6 client behind a proxy: its /64", "[fd00::1]:1", proxies, http.Header{"X-Forwarded-For": {"2001:db8:0:2::5"}}, "2001:db8:0:2::/64"},
		{"with a port", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"203.0.113.7:5555"}}, "203.0.113.7"},
		{"Forwarded", "10.0.0.1:1", proxies, http.Header{"Forwarded": {"for=192.0.2.60;proto=http;by=203.0.113.43"}}, "192.0.2.60"},
		{"Forwarded, quoted IPv6 with a port", "10.0.0.1:1", proxies, http.Header{"Forwarded": {`for="[2001:db8:cafe::17]:4711"`}}, "2001:db8:cafe::/64"},
		{"Forwarded, a chain", "10.0.0.1:1", proxies, http.Header{"Forwarded": {"for=198.51.100.9, for=192.0.2.43", "For=10.3.3.3"}}, "192.0.2.43"},
		{"Forwarded, obfuscated", "10.0.0.1:1", proxies, http.Header{"Forwarded": {"for=_hidden"}}, "10.0.0.1"},
		{"X-Forwarded-For before Forwarded", "10.0.0.1:1", proxies, http.Header{"X-Forwarded-For": {"203.0.113.7"}, "Forwarded": {"for=198.51.100.9"}}, "203.0.113.7"},
	} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for k, v := range tc.header {
			r.Header[k] = v
		}
		if got := clientKey(r, tc.trusted); got != tc.want {
			t.Errorf("%s: clientKey = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestParsePrefixes(t *testing.T) {
	got, err := ParsePrefixes("10.0.0.0/8, 192.0.2.7 2001:db8::/32,::ffff:192.0.2.8 10.1.2.3/16")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "192.0.2.7/32", "2001:db8::/32", "192.0.2.8/32", "10.1.0.0/16"}
	if len(got) != len(want) {
		t.Fatalf("ParsePrefixes = %v, want %v", got, want)
	}
	for i := range got {
		if got[i].String() != want[i] {
			t.Fatalf("ParsePrefixes = %v, want %v", got, want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example", "fe80::1%eth0", "10.0.0"} {
		if p, err := ParsePrefixes(bad); err == nil {
			t.Errorf("ParsePrefixes(%q) = %v, no error", bad, p)
		}
	}
}

// Behind a trusted proxy each client has its own limits; the proxy's
// headers from anyone else change nothing (issue 21: every client shared
// the proxy's bucket, and the 33rd open page got 429 on its stream).
func TestTrustProxyLimits(t *testing.T) {
	create := func(e *env, client string) int {
		req, _ := http.NewRequest("POST", e.ts.URL+"/api/games", strings.NewReader(`{"game":"tictactoe","opponent":"local"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", client)
		resp, err := e.ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	behind := newEnv(t, func(o *Options) {
		o.CreatePerMinute = 1 // bursts of 2
		o.TrustProxy = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	for i, tc := range []struct {
		client string
		want   int
	}{
		{"203.0.113.7", 201}, {"203.0.113.7", 201}, {"203.0.113.7", 429},
		{"203.0.113.8", 201},
		{"2001:db8::1", 201}, {"2001:db8::2", 201}, {"2001:db8::3", 429}, // one /64
	} {
		if got := create(behind, tc.client); got != tc.want {
			t.Fatalf("behind a trusted proxy, create %d from %s: %d, want %d", i, tc.client, got, tc.want)
		}
	}
	direct := newEnv(t, func(o *Options) { o.CreatePerMinute = 1 })
	for i, want := range []int{201, 201, 429} {
		if got := create(direct, "203.0.113.1"+string(rune('0'+i))); got != want {
			t.Fatalf("untrusted peer, create %d: %d, want %d (its header must not count)", i, got, want)
		}
	}
}
