#!/bin/sh
# bench/candidates.sh: what the true candidates cost next to the count.
#
# Usage: bench/candidates.sh [BUILDDIR]    (default: the current directory)
#
# On serg's benchmark (10,000 puzzles with 1,982,741 solutions in all, in
# SUDOKU_DATA, default ../shared/data/sudoku beside the source tree), each
# run the whole process pinned to one CPU (taskset -c ${CPU:-1}), one
# thread, timed by its CPU time (user + system, as bench/sudoku.sh: the
# machine's other loads change the wall clock far more), the median of
# REPEAT (default 3) runs:
#
#   count        dlx-sudoku --count -t1
#   candidates   dlx-sudoku --true-candidates=counts -t1 (every open
#                cell's count per symbol: the bit boards' tally)
#   unique-by    dlx-sudoku --unique-by -t1
#
# and prints each time and its ratio to the count's (the goal: 3 or
# less).  Also checks that the counts the table gives (its first line)
# are the counts of --count.
set -u
build=${1:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$here/../shared/data/sudoku}
file=$data/puzzles7_serg_benchmark.txt
repeat=${REPEAT:-3}
cpu=${CPU:-1}

prog=$build/src/dlx-sudoku
if [ -x "$build/src/.libs/dlx-sudoku" ]; then
	prog=$build/src/.libs/dlx-sudoku
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
[ -x "$prog" ] || { echo "$0: no $prog (build first)" >&2; exit 1; }
[ -r "$file" ] || { echo "$0: no $file (set SUDOKU_DATA)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (GNU time)" >&2; exit 1; }
pin=
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-cands.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# median SECONDS...: the middle one.
median() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
	    END { print v[int((NR + 1) / 2)] }'
}

# run NAME ARGS...: the median CPU time of REPEAT runs, in $t; the
# output of the last in $tmp/NAME.
run() {
	_name=$1
	shift
	_ts=
	_k=0
	while [ $_k -lt "$repeat" ]; do
		/usr/bin/time -f '%U %S' -o "$tmp/time" $pin "$prog" "$@" \
		    "$file" >"$tmp/$_name" || exit 1
		_ts="$_ts $(awk '{ print $1 + $2 }' "$tmp/time")"
		_k=$((_k + 1))
	done
	t=$(median $_ts)
}

run count --count -t1
tc=$t
run cands --true-candidates=counts -t1
tt=$t
run uniq --unique-by -t1
tu=$t
printf '%-12s %8.3f s\n' count "$tc"
printf '%-12s %8.3f s  %.2fx\n' candidates "$tt" "$(echo "$tt / $tc" | bc -l)"
printf '%-12s %8.3f s  %.2fx\n' unique-by "$tu" "$(echo "$tu / $tc" | bc -l)"
# The counts agree: --count's and the candidates' headers.
sed -n 's/.*: \([0-9]*\) solutions*$/\1/p' "$tmp/count" >"$tmp/a"
sed -n 's/.*true candidates (givens in brackets), \([0-9]*\) .*/\1/p' \
    "$tmp/cands" >"$tmp/b"
if ! cmp -s "$tmp/a" "$tmp/b"; then
	echo "$0: the counts differ" >&2
	exit 1
fi
awk '{ s += $1 } END { print NR " puzzles, " s " solutions" }' "$tmp/a"
