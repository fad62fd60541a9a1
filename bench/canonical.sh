#!/bin/sh
# bench/canonical.sh: how fast puzzles are put in canonical form
# (dlx_sudoku_canon_run(), dlx-sudoku --canonical), on one core.
#
# Usage: bench/canonical.sh [BUILDDIR [FILE...]]
#
# BUILDDIR (default: the current directory) holds the built bench/canon
# and src/dlx-sudoku.  FILEs default to the 17-clue puzzles, top1465 and
# Serg's benchmark of ../shared/data/sudoku (DATA= to point elsewhere),
# and the complete grids that solve top1465.  For each file, pinned to
# one core (taskset -c 1, when there is one): the library alone (median
# of RUNS=5 runs over the puzzles in memory), then dlx-sudoku --canonical
# -t 1 reading and writing them (median of 3 wall times), and the number
# of classes (sort -u).  Not part of make check.
set -u
build=${1:-.}
[ $# -gt 0 ] && shift
canon=$build/bench/canon
sudoku=$build/src/dlx-sudoku
for p in "$canon" "$sudoku"; do
	if [ ! -x "$p" ]; then
		echo "bench/canonical.sh: build first; no $p" >&2
		exit 2
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlx-canonical.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pin=
command -v taskset >/dev/null && pin="taskset -c 1"
if [ $# -eq 0 ]; then
	here=$(cd "$(dirname "$0")" && pwd)
	data=${DATA:-$here/../../shared/data/sudoku}
	$pin "$sudoku" -t 1 -f line "$data"/puzzles3_* >"$tmp/grids-top1465.txt"
	set -- "$data"/puzzles2_* "$data"/puzzles3_* "$data"/puzzles7_*.txt \
	    "$tmp/grids-top1465.txt"
fi

# Wall seconds of a command, output to $tmp/out.
seconds() {
	s=$(date +%s.%N)
	"$@" >"$tmp/out" || echo "bench/canonical.sh: $* failed" >&2
	e=$(date +%s.%N)
	echo "$s $e" | awk '{ printf "%.3f\n", $2 - $1 }'
}

for f in "$@"; do
	echo "$(basename "$f"):"
	printf '  library:     '
	$pin "$canon" "$f" "${RUNS:-5}"
	n=$(grep -cE '^[.0-9]{81}$' "$f")
	t=$(for r in 1 2 3; do seconds $pin "$sudoku" --canonical -t 1 "$f"
	    done | sort -n | sed -n 2p)
	echo "$n $t" | awk '{ printf "  dlx-sudoku:  %d puzzles, median %.3f s, %.0f puzzles/s\n", $1, $2, $1 / $2 }'
	echo "  classes:     $(sort -u "$tmp/out" | wc -l) of $n puzzles" \
	    "($(sort -u "$f" | wc -l) different lines)"
done
