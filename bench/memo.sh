#!/bin/sh
# bench/memo.sh: memoized counting (dlx --memo, the cache from the start)
# against the plain search (dlx --no-memo) on instances where partial
# solutions meet again often, seldom or hardly ever.
#
# Usage: [QUICK=1] [N=3] [CPU=0] [MEMORY=SIZE] bench/memo.sh [BUILDDIR]
#
# For each instance it prints the count, the user seconds and the peak
# resident memory of each way, and the ratio of the times (plain over
# memo: above 1, the cache pays).  The two counts must be equal, and equal
# to the known count: if not, the script says so and exits 1.  Every run
# is the whole dlx process on one thread (-t 1), pinned to one CPU
# (taskset -c $CPU, default 0), timed by /usr/bin/time -f '%U %M'; the
# time is the least of N runs (default 3; QUICK=1 runs once), the memory
# the largest.  MEMORY is passed as --memory (default: dlx's own, a
# quarter of the machine's memory).
#
# The instances, built from the build tree's examples:
#   sudoku6-empty     the empty 6x6 sudoku (tests/data/sudoku6-empty.dlx):
#                     28,200,960 grids, where the cache pays most
#   sudoku-7452654    the 9x9 puzzle of README's table, 7,452,654
#                     solutions: few repeats (AUTO gives up on it)
#   pent6x10          pentominoes in 6x10, 9356 tilings: about 3% hits
#   pent8x8           pentominoes on Scott's 8x8 less its centre, 520
#   domino8x8         domino tilings of the 8x8 board, 12,988,816: a
#                     board filled along a frontier, the cache's best case
set -u
build=${1:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
repeat=${N:-3}
[ "${QUICK:-0}" = 1 ] && repeat=1
cpu=${CPU:-0}

# The real program, not libtool's wrapper script.
dlx=$build/src/dlx
if [ -x "$build/src/.libs/dlx" ]; then
	dlx=$build/src/.libs/dlx
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
ex=$build/examples
for p in "$dlx" "$ex/sudoku2dlx" "$ex/pentomino" "$ex/dominocover"; do
	if [ ! -x "$p" ]; then
		echo "bench/memo.sh: build first; no $p" >&2
		exit 2
	fi
done
if ! [ -x /usr/bin/time ] ||
    ! /usr/bin/time -f %U -o /dev/null true 2>/dev/null; then
	echo "bench/memo.sh: needs GNU time as /usr/bin/time" >&2
	exit 2
fi
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c "$cpu" true 2>/dev/null
then
	pin="taskset -c $cpu"
else
	echo "bench/memo.sh: cannot pin to CPU $cpu; running unpinned" >&2
fi
memory=
[ -n "${MEMORY:-}" ] && memory=--memory=$MEMORY

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-memo.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

cp "$here/tests/data/sudoku6-empty.dlx" "$tmp/sudoku6-empty.dlx" &&
"$ex/sudoku2dlx" 000000000000000000000090200050007000000045700000100030001000068008500010090000400 \
    >"$tmp/sudoku-7452654.dlx" &&
"$ex/pentomino" -d 6x10 >"$tmp/pent6x10.dlx" &&
"$ex/pentomino" -d 8x8 >"$tmp/pent8x8.dlx" &&
"$ex/dominocover" -d 8 8 1 1 >"$tmp/domino8x8.dlx" || exit 2

# measure FILE MODE: run dlx MODE on FILE $repeat times; print "count
# seconds KiB": the count of the last run, the least user time and the
# largest peak memory.  A failed run prints "fail".
measure() {
	i=0
	t=
	m=0
	while [ "$i" -lt "$repeat" ]; do
		# shellcheck disable=SC2086
		if ! /usr/bin/time -f '%U %M' -o "$tmp/time" $pin "$dlx" -t 1 \
		    --no-progress $2 $memory "$1" >"$tmp/out" 2>"$tmp/err"
		then
			echo fail
			return
		fi
		read -r u k <"$tmp/time"
		t=$(echo "$u ${t:-x}" | awk '{ t = $1;
		    if ($2 != "x" && $2 < t) t = $2; printf "%.2f", t }')
		[ "$k" -gt "$m" ] && m=$k
		i=$((i + 1))
	done
	echo "$(tail -n 1 "$tmp/out") $t $m"
}

printf '| %-16s | %10s | %9s | %9s | %9s | %9s | %6s |\n' instance count \
    'plain s' 'plain MiB' 'memo s' 'memo MiB' ratio
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------------ -----------: \
    ----------: ----------: ----------: ----------: -------:
for inst in sudoku6-empty:28200960 sudoku-7452654:7452654 pent6x10:9356 \
    pent8x8:520 domino8x8:12988816; do
	name=${inst%%:*}
	want=${inst#*:}
	# shellcheck disable=SC2046
	set -- $(measure "$tmp/$name.dlx" --no-memo) \
	    $(measure "$tmp/$name.dlx" --memo)
	if [ $# -ne 6 ]; then
		echo "bench/memo.sh: $name: dlx failed: $(cat "$tmp/err")" >&2
		status=1
		continue
	fi
	if [ "$1" != "$want" ] || [ "$4" != "$want" ]; then
		echo "bench/memo.sh: $name: counts $1 (plain) and $4 (memo)," \
		    "expected $want" >&2
		status=1
	fi
	echo "$name $1 $2 $3 $5 $6" | awk '{
	    # A time below the clock tick of 0.01 s: a lower bound.
	    r = $5 > 0 ? sprintf("%.2f", $3 / $5) : sprintf(">%.0f", $3 / 0.01);
	    printf "| %-16s | %10s | %9.2f | %9.1f | %9.2f | %9.1f | %6s |\n",
	    $1, $2, $3, $4 / 1024, $5, $6 / 1024, r }'
done
exit $status
