#!/bin/sh
# bench/components.sh: component counting in the cache's count, never
# against auto (the default) against always, on one CPU.
#
# Usage: [QUICK=1] [N=3] [CPU=0] [INSN=1] [ONLY=NAME] [SERG=FILE]
#        bench/components.sh [BUILDDIR]
#
# For each instance and each of --components=never, auto and always it
# prints the count, the user seconds (the least of N rounds, the three
# settings alternated within each round; QUICK=1 runs one round) and the
# --stats figures of the components: nodes looked at, nodes that split,
# components found in the cache.  The three outputs must be equal: if
# not, the script says so and exits 1.  With INSN=1 each is run once
# under valgrind's cachegrind and the instructions executed are printed
# instead of times: the figure a busy machine does not change.  Every
# run is one whole process on one thread (-t 1), pinned to CPU $CPU
# (default 0).  ONLY=NAME runs one instance.
#
# The instances:
#   domino10x10   domino tilings of the 10x10 board, 258,584,046,368
#                 (--memo: the cache from the start)
#   pent6x10      pentominoes in 6x10, 9356 tilings
#   pent8x8       pentominoes on the 8x8 board less its 2x2 centre, 520
#   sudoku6-empty the empty 6x6 sudoku's DLX file, 28,200,960
#   sudoku-7452654  the 9x9 puzzle of README's table, as a DLX file
#                 (examples/sudoku2dlx)
#   serg          dlx-sudoku --count on serg's ambiguous puzzles (SERG:
#                 one puzzle a line, e.g. the whole benchmark set;
#                 default the 10 of tests/data)
set -u
build=${1:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${N:-3}
[ "${QUICK:-0}" = 1 ] && rounds=1
cpu=${CPU:-0}
insn=${INSN:-0}
only=${ONLY:-}
serg=${SERG:-$here/tests/data/coll-puzzles7_serg_benchmark.txt}

dlx=$build/src/dlx
sudoku=$build/src/dlx-sudoku
if [ -x "$build/src/.libs/dlx" ]; then
	dlx=$build/src/.libs/dlx
	sudoku=$build/src/.libs/dlx-sudoku
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
ex=$build/examples
for p in "$dlx" "$sudoku" "$ex/pentomino" "$ex/dominocover" \
    "$ex/sudoku2dlx"; do
	if [ ! -x "$p" ]; then
		echo "bench/components.sh: build first; no $p" >&2
		exit 2
	fi
done
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c "$cpu" true 2>/dev/null
then
	pin="taskset -c $cpu"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/components.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

"$ex/dominocover" -d 10 10 1 1 >"$tmp/domino10x10.dlx"
"$ex/pentomino" -d 6x10 >"$tmp/pent6x10.dlx"
"$ex/pentomino" -d 8x8 >"$tmp/pent8x8.dlx"
p7=000000000000000000000090200050007000000045700000100030001000068008500010090000400
"$ex/sudoku2dlx" -d $p7 >"$tmp/sudoku7.dlx"

# one NAME WHEN PROG ARGS...: run once; its time (or instructions) into
# $tmp/NAME.WHEN.t (the least so far), its output and --stats kept.
one() {
	_n=$1 _w=$2
	shift 2
	if [ "$insn" = 1 ]; then
		$pin valgrind --tool=cachegrind --cache-sim=no \
		    --cachegrind-out-file=/dev/null "$@" \
		    --components="$_w" -s -t 1 >"$tmp/$_n.$_w.out" \
		    2>"$tmp/$_n.$_w.err"
		sed -n 's/.*I *refs: *//p' "$tmp/$_n.$_w.err" | tr -d , \
		    >"$tmp/$_n.$_w.t"
		return
	fi
	/usr/bin/time -f %U -o "$tmp/t" $pin "$@" --components="$_w" -s \
	    -t 1 >"$tmp/$_n.$_w.out" 2>"$tmp/$_n.$_w.err"
	if [ ! -s "$tmp/$_n.$_w.t" ] ||
	    awk -v a="$(cat "$tmp/t")" -v b="$(cat "$tmp/$_n.$_w.t")" \
	    'BEGIN { exit !(a < b) }'; then
		cp "$tmp/t" "$tmp/$_n.$_w.t"
	fi
}

# bench NAME PROG ARGS...: every setting, alternated, and the report.
bench() {
	_name=$1
	shift
	[ -n "$only" ] && [ "$only" != "$_name" ] && return
	r=0
	while [ $r -lt $rounds ]; do
		for w in never auto always; do
			one "$_name" $w "$@"
		done
		r=$((r + 1))
		[ "$insn" = 1 ] && break
	done
	c0=$(grep -v '^$' "$tmp/$_name.never.out" | tail -n 1)
	printf '%-15s %s\n' "$_name" "$c0"
	for w in never auto always; do
		if ! cmp -s "$tmp/$_name.never.out" "$tmp/$_name.$w.out"; then
			echo "  $w: the counts differ" >&2
			fail=1
		fi
		looked=$(sed -n 's/.*components: \([0-9]*\) nodes looked at, \([0-9]*\) split.*/\1 \2/p' "$tmp/$_name.$w.err" |
		    awk '{ l += $1; s += $2 } END { print l + 0, s + 0 }')
		hits=$(sed -n 's/.*component hits by primary items: 1-4 \([0-9]*\), 5-16 \([0-9]*\), 17-64 \([0-9]*\), 65+ \([0-9]*\)/\1 \2 \3 \4/p' \
		    "$tmp/$_name.$w.err" |
		    awk '{ h += $1 + $2 + $3 + $4 } END { print h + 0 }')
		printf '  %-7s %14s %s  looked %s split %s  hits %s\n' "$w" \
		    "$(cat "$tmp/$_name.$w.t")" \
		    "$([ "$insn" = 1 ] && echo instr || echo s)" \
		    ${looked% *} ${looked#* } "$hits"
	done
}

bench domino10x10 "$dlx" -c --memo "$tmp/domino10x10.dlx"
bench pent6x10 "$dlx" -c "$tmp/pent6x10.dlx"
bench pent8x8 "$dlx" -c "$tmp/pent8x8.dlx"
bench sudoku6-empty "$dlx" -c "$here/tests/data/sudoku6-empty.dlx"
bench sudoku-7452654 "$dlx" -c "$tmp/sudoku7.dlx"
if [ -r "$serg" ]; then
	# The total of every puzzle's count, on the last line.
	bench serg "$sudoku" --count --format=line "$serg"
fi
exit $fail
