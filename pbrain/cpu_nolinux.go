//go:build !linux

package pbrain

import "time"

// threadCPU is not read on this system: a thread's own CPU time needs
// Linux's RUSAGE_THREAD.
func threadCPU() time.Duration { return -1 }
