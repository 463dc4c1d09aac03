package gomoku

import (
	"reflect"
	"testing"
)

// FuzzParseSGF: whatever ParseSGF accepts, MarshalSGF writes back so that
// ParseSGF reads the same record.
func FuzzParseSGF(f *testing.F) {
	f.Add([]byte("(;FF[4]GM[4]RU[4]SZ[15]PB[a]PW[b]RE[B+1]\n;B[hh]C[5ms];W[ii]C[6ms])\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseSGF(data)
		if err != nil {
			return
		}
		out := rec.MarshalSGF()
		again, err := ParseSGF(out)
		if err != nil {
			t.Fatalf("%+v written as %q does not read back: %v", rec, out, err)
		}
		if !reflect.DeepEqual(again, rec) {
			t.Fatalf("round trip:\n%+v\n%+v", rec, again)
		}
		rec.Position() // must not panic
	})
}

// FuzzParseSGFCollection: every game of an accepted collection reads
// back alone, and the collection of their writings reads back whole.
func FuzzParseSGFCollection(f *testing.F) {
	f.Add([]byte("(;GM[4]PB[a]PW[b]RE[B+1]TE[x];B[hh]C[opening move];W[ii]C[5ms])\n(;GM[4];B[aa])"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := ParseSGFCollection(data)
		if err != nil {
			return
		}
		var all []byte
		for _, rec := range recs {
			all = append(all, rec.MarshalSGF()...)
		}
		again, err := ParseSGFCollection(all)
		if err != nil {
			t.Fatalf("%+v written as %q does not read back: %v", recs, all, err)
		}
		if len(again) != len(recs) || len(recs) > 0 && !reflect.DeepEqual(again, recs) {
			t.Fatalf("round trip:\n%+v\n%+v", recs, again)
		}
	})
}

// FuzzParsePSQ: the same for .psq (the rule is not in the format).
func FuzzParsePSQ(f *testing.F) {
	f.Add([]byte("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,5\na\nb\n-1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParsePSQ(data)
		if err != nil {
			return
		}
		out := rec.MarshalPSQ()
		again, err := ParsePSQ(out)
		if err != nil {
			t.Fatalf("%+v written as %q does not read back: %v", rec, out, err)
		}
		if !reflect.DeepEqual(again, rec) {
			t.Fatalf("round trip:\n%+v\n%+v", rec, again)
		}
		rec.Position()
	})
}
