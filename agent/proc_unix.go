//go:build unix

package agent

import (
	"os/exec"
	"syscall"
)

// setGroup runs the program in its own process group, so that killing it
// also ends the processes it started (sh -c's child, say).
func setGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
