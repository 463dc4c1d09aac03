package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientKey is what the per-client limits count by: the address of the
// connection's peer, or, when that peer is a trusted proxy
// (Options.TrustProxy), the client the proxies name in X-Forwarded-For (or
// in Forwarded when there is no X-Forwarded-For). The chain is read from
// the nearest hop back, and the first address that is not a trusted proxy
// is the client: what a client wrote itself stands left of what the
// proxies appended, so it cannot choose its key. An IPv6 client is keyed
// by its /64, the block one subscriber gets, so that it cannot take a
// fresh bucket per address.
func (s *Server) clientKey(r *http.Request) string {
	return clientKey(r, s.opt.TrustProxy)
}

func clientKey(r *http.Request, trusted []netip.Prefix) string {
	addr, ok := parseHost(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if isTrusted(addr, trusted) {
		chain := forwardedChain(r.Header)
		for i := len(chain) - 1; i >= 0; i-- {
			next, ok := parseHost(chain[i])
			if !ok {
				break // "unknown", an obfuscated name: the last proxy known is the client
			}
			addr = next
			if !isTrusted(addr, trusted) {
				break
			}
		}
	}
	if addr.Is4() {
		return addr.String()
	}
	return netip.PrefixFrom(addr, 64).Masked().String()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHost reads an address with or without a port ("192.0.2.1",
// "192.0.2.1:80", "2001:db8::1", "[2001:db8::1]:80"), IPv4 in IPv6
// unmapped and zones dropped.
func parseHost(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// forwardedChain returns the client and proxy addresses a request's
// headers name, the client first: X-Forwarded-For's list (every line of
// it), else the for= parameters of Forwarded (RFC 7239). X-Forwarded-For
// comes first because almost every proxy appends to it; a proxy that
// writes only Forwarded must remove a client's X-Forwarded-For.
func forwardedChain(h http.Header) []string {
	var out []string
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		for _, line := range xff {
			for _, a := range strings.Split(line, ",") {
				out = append(out, strings.TrimSpace(a))
			}
		}
		return out
	}
	for _, line := range h.Values("Forwarded") {
		for _, elem := range strings.Split(line, ",") {
			v := ""
			for _, pair := range strings.Split(elem, ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if ok && strings.EqualFold(k, "for") {
					v = strings.Trim(val, `"`)
				}
			}
			out = append(out, v) // an element without for= breaks the chain, as "unknown" does
		}
	}
	return out
}

// ParsePrefixes reads a list of CIDR prefixes or single addresses,
// separated by commas or spaces ("10.0.0.0/8, 192.0.2.7, fd00::/8"): the
// proxies of Options.TrustProxy.
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is not an address or a CIDR prefix (like 10.0.0.0/8 or 2001:db8::/32)", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
