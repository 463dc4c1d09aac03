//go:build unix

package pbrain

import (
	"syscall"
	"time"
)

// processCPU is the user and system time the process has used, or -1.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
