//go:build unix

package pbrain

import (
	"syscall"
	"time"
)

// processCPU is the user and system time the process has used, or -1.
func processCPU() time.Duration { return rusageCPU(syscall.RUSAGE_SELF) }

// rusageCPU is the user and system time getrusage reports for who, or -1.
func rusageCPU(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
