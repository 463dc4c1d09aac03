package engine

import "slices"

// fivePoints returns the cells where c (who just played i) completes
// five along the lines through i.
func (s *searcher) fivePoints(c, i int, dst []int) []int {
	b := s.b
	for d := 0; d < 4; d++ {
		for o := -4; o <= 4; o++ {
			q := i + o*dirOff[d]
			if o != 0 && b.cell[q] == empty && b.pat[c][q][d] == patFive && !slices.Contains(dst, q) {
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// vcf reports whether the side to move wins by continuous fours within
// depth of its moves; it returns the first move of the win (or -1).
func (s *searcher) vcf(depth int) (bool, int) {
	b := s.b
	att, def := b.toMove, b.toMove^1
	s.vcfNodes++
	s.vcfTotal++
	if b.clsCnt[att][clsFive] > 0 {
		var buf [4]int
		return true, s.cellsOf(att, clsFive, buf[:0])[0]
	}
	if q := s.legalFlex4(att); q >= 0 && b.clsCnt[def][clsFive] == 0 {
		return true, q
	}
	if s.checkStop() || depth <= 0 || s.vcfNodes > s.vcfLimit {
		return false, -1
	}
	var cands []int
	var buf [64]int
	if b.clsCnt[def][clsFive] > 0 {
		f := s.cellsOf(def, clsFive, buf[:0])
		if len(f) != 1 || b.cls[att][f[0]] < clsB4 || b.cls[att][f[0]] == clsF3F3 {
			return false, -1
		}
		cands = f
	} else {
		cands = s.cellsOf(att, clsB4F3, buf[:0])
		cands = s.cellsOf(att, clsB4, cands)
		cands = s.cellsOf(att, clsFlex4, cands) // illegal double fours of black are skipped below
	}
	for _, q := range cands {
		if !b.legalFor(att, q) {
			continue
		}
		b.Play(q)
		var fb [4]int
		fp := s.fivePoints(att, q, fb[:0])
		win := false
		switch {
		case len(fp) == 0:
		case b.clsCnt[def][clsFive] > 0:
			// the defender completes five first
		case len(fp) >= 2:
			if blk := b.blockFives(att, fp); blk < 0 {
				win = true
			} else {
				b.Play(blk)
				win, _ = s.vcf(depth - 1)
				b.Undo()
			}
		case def == Black && b.Rule == Renju && b.IsForbidden(fp[0]):
			win = true
		default:
			b.Play(fp[0])
			win, _ = s.vcf(depth - 1)
			b.Undo()
		}
		b.Undo()
		if win {
			return true, q
		}
	}
	return false, -1
}

// vctAtt: the attacker (to move) wins by fours and threes within depth.
func (s *searcher) vctAtt(depth int) (bool, int) {
	b := s.b
	att, def := b.toMove, b.toMove^1
	s.vcfNodes++
	s.vcfTotal++
	if b.clsCnt[att][clsFive] > 0 {
		var buf [4]int
		return true, s.cellsOf(att, clsFive, buf[:0])[0]
	}
	var buf [256]int
	if b.clsCnt[def][clsFive] > 0 {
		f := s.cellsOf(def, clsFive, buf[:0])
		if len(f) != 1 || !b.legalFor(att, f[0]) || depth <= 0 {
			return false, -1
		}
		b.Play(f[0])
		ok := s.vctDef(depth - 1)
		b.Undo()
		return ok, f[0]
	}
	if q := s.legalFlex4(att); q >= 0 {
		return true, q
	}
	if s.checkStop() || depth <= 0 || s.vcfNodes > s.vcfLimit {
		return false, -1
	}
	if ok, q := s.vcf(depth); ok {
		return true, q
	}
	cands := s.cellsOf(att, clsB4F3, buf[:0])
	cands = s.cellsOf(att, clsF3F3, cands)
	cands = s.cellsOf(att, clsB4, cands)
	cands = s.cellsOf(att, clsThree, cands)
	for _, q := range cands {
		if !b.legalFor(att, q) {
			continue
		}
		b.Play(q)
		ok := s.vctDef(depth - 1)
		b.Undo()
		if ok {
			return true, q
		}
	}
	return false, -1
}

// vctDef: the defender (to move) cannot escape the attacker's threats.
func (s *searcher) vctDef(depth int) bool {
	b := s.b
	def, att := b.toMove, b.toMove^1
	s.vcfNodes++
	s.vcfTotal++
	if b.clsCnt[def][clsFive] > 0 {
		return false
	}
	var buf [256]int
	if b.clsCnt[att][clsFive] > 0 {
		f := s.cellsOf(att, clsFive, buf[:0])
		if len(f) >= 2 {
			if f[0] = b.blockFives(att, f); f[0] < 0 {
				return true
			}
		} else if !b.legalFor(def, f[0]) {
			return true
		}
		b.Play(f[0])
		ok, _ := s.vctAtt(depth)
		b.Undo()
		return ok
	}
	if s.checkStop() || s.legalFlex4(att) < 0 || s.vcfNodes > s.vcfLimit {
		return false
	}
	n := 0
	for y := 0; y < b.H; y++ {
		i := b.Idx(0, y)
		for x := 0; x < b.W; x, i = x+1, i+1 {
			if b.cell[i] != empty || b.nb[i] == 0 {
				continue
			}
			p := &b.pat[att][i]
			defends := p[0] >= patB4 || p[1] >= patB4 || p[2] >= patB4 || p[3] >= patB4
			if !defends && (b.cls[def][i] < clsB4 || b.cls[def][i] == clsF3F3) {
				continue
			}
			if b.legalFor(def, i) {
				buf[n] = i
				n++
			}
		}
	}
	for _, q := range buf[:n] {
		b.Play(q)
		ok, _ := s.vctAtt(depth)
		b.Undo()
		if !ok {
			return false
		}
	}
	return true
}
