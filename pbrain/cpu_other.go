//go:build !unix

package pbrain

import "time"

// processCPU is not read on this system.
func processCPU() time.Duration { return -1 }
