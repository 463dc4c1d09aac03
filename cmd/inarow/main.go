// Command inarow steps, counts, plays, solves, analyses and serves
// k-in-a-row games: tic-tac-toe, Connect Four, gomoku and any m,n,k-game.
//
//	inarow step GAME [--game FILE|-] [--view CELLS] [--strict] [--] MOVE...
//	inarow perft GAME DEPTH [--rules m=7,n=6,k=4,gravity]
//	inarow play GAME [--first human|computer] [--second human|computer]
//	inarow solve connect4 < MOVES; inarow analyze connect4|gomoku …
//	inarow serve; inarow bench solve|gomoku; inarow book …
//	inarow pbrain; inarow agent …; inarow match …; inarow score …
//
// Run "inarow help" for the details.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `inarow — k-in-a-row games: tic-tac-toe, Connect Four, gomoku, m,n,k-games

Usage:
  inarow step GAME [--game FILE|-] [--view CELLS] [--strict] [--] MOVE...
      Play MOVEs in a document's own format and print the resulting game.
      GAME: tictactoe, connect4, gobang, tictactoe-bits.
  inarow perft GAME DEPTH [--rules RULES]
      Count game-tree nodes, distinct positions and finished games per ply.
      GAME: tictactoe, connect4, gomoku, gobang, or mnk with --rules.
  inarow play GAME [--rules RULES] [--rule RULE --size N] [--level 1|2|3] [--first WHO] [--second WHO] [--color auto|always|never]
      Play in the terminal; WHO is human or computer; --rule and --size for gomoku
      (freestyle, standard, renju, caro, caro-exact; 5 to 20).
      GAME: tictactoe, connect4, gomoku, gobang, or mnk with --rules.

  inarow solve connect4 [--rules RULES] [--table-mb N] [--weak | --at-least S] [--threads N]
      Read move strings (1-based columns, one a line) on stdin and print
      MOVES SCORE NODES MICROSECONDS, the score in Pascal Pons' convention
      (--weak: its sign only, 1 a win, 0 a draw, -1 a loss; --at-least S: ">=S" or
      "<S" in its place, one null-window search, so a long proof can be split;
      --threads: default every core).
  inarow analyze connect4 MOVES [--rules RULES] [--weak] [--threads N]
      Print the score of every column after MOVES ("-" for a full column).
  inarow analyze gomoku --record FILE [--rule RULE] [--moves N] [--fours N] [--vct-depth N] [--nodes N]
      Replay an SGF or .psq record and look for a VCF (victory by continuous fours),
      else a VCT (by fours and open threes).
  inarow bench solve [--sets DIR] [--max N] | --random N --stones LIST [--rules RULES] [--threads N]
      Solve Pascal Pons' benchmark sets (built in; --sets DIR reads them from DIR)
      and print a table, or random positions of each stone count on any gravity
      board (what 9×7 or 8×8 would cost).
  inarow bench gomoku [--depth N | --time D] [--threads T]
      Time the gomoku engine on fixed positions: VCF solve time, search nodes/s.
  inarow book generate [--rules RULES] --depth D --out FILE [--jobs N] [--threads N] [--journal J | --db URL]
      Build an opening book with the solver; inarow book check FILE verifies one.
      With --db postgres://..., inarow book worker --db URL on any machines helps.
  inarow serve [--addr 127.0.0.1:8080] [--db FILE|postgres://...]
      Serve the play page and its JSON API on this machine (--addr :8080 opens
      it to the network); games are kept in a SQLite file (default in your data
      directory, ~/.local/share/inarow/inarow.db) or a PostgreSQL database
      shared by servers.

  inarow pbrain [--timelog FILE] [--tuning LIST]
      Speak the Gomocup protocol on stdin/stdout (the gomoku engine as a brain, as pbrain-inarow);
      --timelog appends each move's time, plan, CPU (the process's and the search thread's) and stolen time, each ERROR answered, and the watchdog's report when it answers for a search, to FILE;
      --tuning plays with the engine's values moved, NAME=PERCENT pairs as gomoku-evalfit tune writes them.
  inarow agent [--engine SPEC] [--name NAME]
      Speak the agent protocol on stdin/stdout with our engine (see package agent).
  inarow match [GAME] --a SPEC --b SPEC [--games N] [--rules RULES] [--openings PLIES] [--records DIR]
      Play N games, colours alternating on each opening; print W/D/L, score and Elo ± 95%.
      SPEC: mcts[:ms=N,playouts=N,threads=N], greedy, perfect, c4solver, random, agent:COMMAND.
  inarow score [--against NAME] [--across] [--sprt ELO0,ELO1] RECORD.sgf...
      Score c-gomoku-cli's records: each brain's W-L-D, score and move times against
      the opponent of every game, and each pair of brains over the games both played
      on the same opening with the same colour (in one file, or in any with --across);
      --sprt adds a sequential test of each brain's Elo over its pairs, ELO0 against ELO1,
      and of each two brains' paired difference.

RULES is m=COLS,n=ROWS,k=K[,gravity] and at most one win rule: exact, first-exact
(renju), caro or caro-exact; e.g. m=7,n=6,k=4,gravity.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command with its streams, so tests can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "step":
		return runStep(rest, stdin, stdout, stderr)
	case "perft":
		return runPerft(rest, stdout, stderr)
	case "play":
		return runPlay(rest, stdin, stdout, stderr)
	case "serve":
		return runServe(rest, stdout, stderr)
	case "solve":
		return runSolve(rest, stdin, stdout, stderr)
	case "analyze":
		if len(rest) > 0 && rest[0] == "gomoku" {
			return runAnalyzeGomoku(rest[1:], stdout, stderr)
		}
		return runAnalyze(rest, stdout, stderr)
	case "bench":
		return runBench(rest, stdout, stderr)
	case "book":
		return runBook(rest, stdout, stderr)
	case "pbrain":
		return runPbrain(rest, stdin, stdout, stderr)
	case "agent":
		return runAgent(rest, stdin, stdout, stderr)
	case "match":
		return runMatch(rest, stdout, stderr)
	case "score":
		return runScore(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "inarow: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
}

// exit codes
const (
	exitOK      = 0
	exitUsage   = 2
	exitRefused = 3 // step --strict: a move was refused
)
