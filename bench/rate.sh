#!/bin/sh
# bench/rate.sh: how fast dlx-sudoku --rate rates whole collections, on one
# core and on every core, and how the puzzles spread over the levels and
# over the rule that was their hardest step.
#
# Usage: bench/rate.sh [BUILDDIR [FILE...]]
#
# BUILDDIR (default: the current directory) holds the built src/dlx-sudoku
# and bench/logic-check.  FILEs default to top1465, norvig's top95 and
# the 17-clue puzzles of ../shared/data/sudoku (DATA= to point elsewhere),
# and, when qqwing is installed, 500 puzzles of each of its difficulty
# classes, generated for the run (QQWING=0 to skip them).  For each file:
# the distribution of levels, the wall time of --rate -t 1 pinned to one
# core (taskset -c 1, when there is one) and of --rate on every core,
# as puzzles per second; then bench/logic-check's table (steps of each
# rule, the share of puzzles whose hardest step it was, and the rules'
# own puzzles per second), every step checked against the solution.
# Not part of make check.
set -u
build=${1:-.}
[ $# -gt 0 ] && shift
sudoku=$build/src/dlx-sudoku
check=$build/bench/logic-check
for p in "$sudoku" "$check"; do
	if [ ! -x "$p" ]; then
		echo "bench/rate.sh: build first; no $p" >&2
		exit 2
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlx-rate.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
	here=$(cd "$(dirname "$0")" && pwd)
	data=${DATA:-$here/../../shared/data/sudoku}
	set -- "$data"/puzzles3_* "$data"/norvig_top95.txt \
	    "$data"/puzzles2_*
	if [ "${QQWING:-1}" != 0 ] && command -v qqwing >/dev/null; then
		for d in simple easy intermediate expert; do
			qqwing --generate 500 --difficulty $d --one-line |
			    grep -E '^[.0-9]{81}$' >"$tmp/qqwing-$d.txt"
			set -- "$@" "$tmp/qqwing-$d.txt"
		done
	fi
fi
pin=
command -v taskset >/dev/null && pin="taskset -c 1"

# Wall seconds of a command, with its output in $tmp/out.
seconds() {
	s=$(date +%s.%N)
	"$@" >"$tmp/out" 2>&1
	e=$(date +%s.%N)
	echo "$s $e" | awk '{ printf "%.3f", $2 - $1 }'
}

status=0
for f in "$@"; do
	if [ ! -r "$f" ]; then
		echo "bench/rate.sh: cannot read $f" >&2
		exit 2
	fi
	n=$(grep -c . "$f")
	echo "== $f ($n puzzles)"
	t1=$(seconds $pin "$sudoku" --rate -t 1 -f line "$f")
	tail -n 1 "$tmp/out"
	tn=$(seconds "$sudoku" --rate -f line "$f")
	echo "$n $t1 $tn" | awk '{ printf "--rate: one core %.2f s " \
	    "(%.0f puzzles/s), every core %.2f s (%.0f puzzles/s)\n",
	    $2, $1 / $2, $3, $1 / $3 }'
	# The rules never used are left out of the table.
	$pin "$check" "$f" >"$tmp/check"
	rc=$?
	grep -Ev ' 0 +0 +0\.0%$' "$tmp/check"
	[ $rc -gt $status ] && status=$rc
done
exit $status
