//go:build linux

package pbrain

import (
	"syscall"
	"time"
)

// threadCPU is the user and system time the calling thread has used, or
// -1. Its caller must be locked to its thread (runtime.LockOSThread) for
// two readings to be of the same thread.
func threadCPU() time.Duration { return rusageCPU(syscall.RUSAGE_THREAD) }
