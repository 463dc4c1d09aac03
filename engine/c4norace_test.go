//go:build !race

package engine

const c4Race = false
