#!/bin/sh
# bench/minimal.sh: redundant givens and minimizing, pinned to one CPU.
#  - bench/minimal (dlx_sudoku_redundant() per puzzle, one thread): the
#    median, mean and worst time over the first COUNT 17-clue puzzles of
#    puzzles2_17_clue.txt (all minimal), and dlx_sudoku_minimize() of the
#    same puzzles;
#  - dlx-sudoku --redundant and --minimize on that file, per puzzle
#    (user time, reading and writing included);
#  - --minimize of full grids (81 givens down to about 24), with and
#    without 180-degree symmetry, and of a 16x16 grid.
#  - with TDOKU_MINIMIZE set, a peer: a program built outside this tree
#    that reads FILE's puzzles and calls tdoku's TdokuMinimize(false,
#    false, puzzle) on each, printing its median, mean and worst time as
#    bench/minimal does (`$TDOKU_MINIMIZE FILE COUNT`).  tdoku tests the
#    removal of every given (17 checks of a 17-clue puzzle, with its own
#    SIMD solver) without checking the puzzle itself; ours makes 18.
# Usage: [TDOKU_MINIMIZE=...] bench/minimal.sh [COUNT] [CPU]
# SUDOKU_DATA names the folder of puzzles2_17_clue.txt (default
# ../shared/data/sudoku beside the source tree).
count=${1:-1000}
cpu=${2:-1}
top=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$top/../shared/data/sudoku}
file=$data/puzzles2_17_clue.txt
prog=${DLX_SUDOKU:-$top/src/dlx-sudoku}
tmp=${TMPDIR:-/tmp}/minimal.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$file" ]; then
	echo "no $file (set SUDOKU_DATA)" >&2
	exit 1
fi
head -n "$count" "$file" >"$tmp/p17.txt"
taskset -c "$cpu" "$top/bench/minimal" -n "$count" "$tmp/p17.txt"
taskset -c "$cpu" "$top/bench/minimal" -m -n "$count" "$tmp/p17.txt"
if [ -n "${TDOKU_MINIMIZE:-}" ]; then
	taskset -c "$cpu" "$TDOKU_MINIMIZE" "$tmp/p17.txt" "$count"
fi
# user seconds of a command, per puzzle, in ms
per() {	# per LABEL N COMMAND...
	label=$1 n=$2
	shift 2
	t=$( { /usr/bin/time -f %U taskset -c "$cpu" "$@" >/dev/null; } 2>&1 |
	    tail -1)
	awk -v l="$label" -v n="$n" -v t="$t" \
	    'BEGIN { printf "%s: %d in %ss user, %.3f ms each\n", l, n, t,
	    t * 1000 / n }'
}
per "dlx-sudoku --redundant, 17-clue" "$count" "$prog" -t 1 --redundant \
    -f line "$tmp/p17.txt"
# Full grids: the solutions of the same puzzles.
n=$((count / 10))
head -n "$n" "$tmp/p17.txt" | "$prog" -f line >"$tmp/grids.txt"
per "dlx-sudoku --minimize, full 9x9 grids" "$n" "$prog" -t 1 --minimize \
    "$tmp/grids.txt"
per "dlx-sudoku --minimize --symmetry 180, full 9x9 grids" "$n" "$prog" \
    -t 1 --minimize --symmetry 180 "$tmp/grids.txt"
"$prog" --generate 1 -b 4x4 --seed 1 -f line | "$prog" -f line \
    >"$tmp/grid16.txt"
per "dlx-sudoku --minimize, a full 16x16 grid" 1 "$prog" -t 1 --minimize \
    "$tmp/grid16.txt"
