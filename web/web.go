// Package web holds the play server's page: plain HTML, CSS and
// JavaScript with no build step, embedded in the binary.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// Static returns the page's files, index.html at the root.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return sub
}
