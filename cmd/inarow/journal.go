package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/inarow/inarow"
	"github.com/inarow/inarow/solve"
)

// A bookJournal is the record of a book generation's solved positions, so
// that a run of hours that is stopped resumes where it was:
//
//	inarow-book-journal 1
//	rules=m=7,n=6,k=4,gravity depth=D
//	KEY SCORE          one line per solved position (canonical key, decimal)
//
// Lines are appended as positions are solved; a last line cut short by a
// kill is ignored (and written again).
type bookJournal struct {
	f     *os.File
	known map[uint64]solve.Score
	err   error // the first write error
}

const journalMagic = "inarow-book-journal 1"

// openJournal opens (or creates) the journal at path for a book of rules r
// to depth, and reads the positions it holds.
func openJournal(path string, r inarow.Rules, depth int) (*bookJournal, error) {
	header := fmt.Sprintf("%s\nrules=%v depth=%d\n", journalMagic, r, depth)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	j := &bookJournal{f: f, known: map[uint64]solve.Score{}}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	if len(data) == 0 {
		if _, err := f.WriteString(header); err != nil {
			f.Close()
			return nil, err
		}
		return j, nil
	}
	if !strings.HasPrefix(string(data), header) {
		f.Close()
		return nil, fmt.Errorf("%s is not a journal of a %v book of depth %d", path, r, depth)
	}
	body := string(data[len(header):])
	complete := strings.LastIndexByte(body, '\n') + 1 // a torn last line is dropped
	for i, line := range strings.Split(body[:complete], "\n") {
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, " ")
		key, err1 := strconv.ParseUint(k, 10, 64)
		score, err2 := strconv.ParseInt(v, 10, 8)
		if !ok || err1 != nil || err2 != nil {
			f.Close()
			return nil, fmt.Errorf("%s line %d: want KEY SCORE, got %q", path, i+3, line)
		}
		j.known[key] = solve.Score(score)
	}
	// Drop the torn line, so that appends start on a line of their own.
	if err := f.Truncate(int64(len(header) + complete)); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, err
	}
	return j, nil
}

// add appends one solved position; GenerateBook calls it one at a time.
func (j *bookJournal) add(key uint64, v solve.Score) {
	if j.err != nil {
		return
	}
	_, j.err = fmt.Fprintf(j.f, "%d %d\n", key, v) // one write: a kill tears at most this line
}

// Close closes the file and returns the first error of the journal.
func (j *bookJournal) Close() error {
	return errors.Join(j.err, j.f.Close())
}
