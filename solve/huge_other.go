//go:build !linux

package solve

import "unsafe"

// adviseHuge is a no-op outside Linux.
func adviseHuge(p unsafe.Pointer, n uintptr) {}
