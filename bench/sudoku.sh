#!/bin/sh
# bench/sudoku.sh: time dlx-sudoku against qqwing on sudoku collections.
#
# Usage: bench/sudoku.sh [BUILDDIR]        (default: the current directory)
#
# For each collection (*.txt, one 81-character puzzle per line) in
# SUDOKU_DATA (default ../shared/data/sudoku beside the source tree), four
# runs, each the whole process, pinned to one CPU (taskset -c 1, as the
# machine's two CPUs slow each other), timed by the CPU time (user +
# system) of the process, the least of REPEAT (default 3) runs:
#
#   dlx solve    dlx-sudoku -f line         solve, and check uniqueness
#                                           (each search stops at 2)
#   qqwing solve qqwing --solve --csv       solve (no uniqueness check)
#   dlx count    dlx-sudoku -c -f line      count every solution
#   qqwing count qqwing --solve --count-solutions --csv
#
# and prints puzzles per second and the ratio qqwing time / dlx time (above
# 1: dlx-sudoku is faster); "-" where a run took less than the 10 ms that
# can be measured.  The counts of the two counters are compared
# puzzle by puzzle; a mismatch is reported and makes the exit status 1.
#
# MAX (default 2000) takes only the first MAX puzzles of each collection,
# to keep a run short (MAX=0: all of them; qqwing then needs minutes on the
# 48,000-puzzle sets).  The bar for dlx-sudoku: counting
# puzzles3_magictour_top1465.txt at least 5 times faster than qqwing.
set -u
build=${1:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${SUDOKU_DATA:-$here/../shared/data/sudoku}
max=${MAX:-2000}
repeat=${REPEAT:-3}

# The real program, not libtool's wrapper script, so that a run of a few
# puzzles does not time a shell.
prog=$build/src/dlx-sudoku
if [ -x "$build/src/.libs/dlx-sudoku" ]; then
	prog=$build/src/.libs/dlx-sudoku
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
if [ ! -x "$prog" ]; then
	echo "bench/sudoku.sh: build first; no $prog" >&2
	exit 2
fi
if ! command -v qqwing >/dev/null 2>&1; then
	echo "bench/sudoku.sh: qqwing is not installed (apt-get install qqwing)" >&2
	exit 2
fi
if [ ! -d "$data" ]; then
	echo "bench/sudoku.sh: no collections in $data (set SUDOKU_DATA)" >&2
	exit 2
fi
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
	pin="taskset -c 1"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-sudoku.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# GNU time gives the CPU time (user + system) of the whole process, which
# other load on the machine disturbs much less than wall time; without it
# wall time is used.
gtime=
if [ -x /usr/bin/time ] && /usr/bin/time -f %U -o /dev/null true 2>/dev/null
then
	gtime=/usr/bin/time
fi

now() {
	date +%s.%N
}

# best OUT CMD...: run CMD (stdin from $tmp/in, stdout to OUT) $repeat
# times and print the least time in seconds.
best() {
	out=$1
	shift
	b=
	i=0
	while [ "$i" -lt "$repeat" ]; do
		if [ -n "$gtime" ]; then
			$gtime -f '%U %S' -o "$tmp/time" $pin "$@" \
			    <"$tmp/in" >"$out" 2>/dev/null
			t=$(awk '{ printf "%.4f", $1 + $2 }' "$tmp/time")
		else
			t0=$(now)
			$pin "$@" <"$tmp/in" >"$out" 2>/dev/null
			t1=$(now)
			t=$(echo "$t0 $t1" | awk '{ printf "%.4f", $2 - $1 }')
		fi
		b=$(echo "$t ${b:-x}" | awk '{ t = $1;
		    if ($2 != "x" && $2 < t) t = $2; printf "%.4f", t }')
		i=$((i + 1))
	done
	echo "$b"
}

rate() {
	echo "$1 $2" | awk '{ if ($2 > 0) printf "%.0f", $1 / $2; else printf "-" }'
}

ratio() {
	echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else printf "-" }'
}

status=0
printf '%-36s %7s %11s %11s %6s %11s %11s %6s\n' collection puzzles \
    "dlx-solve/s" "qqw-solve/s" ratio "dlx-count/s" "qqw-count/s" ratio
for f in "$data"/*.txt; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .txt)
	[ "$name" = README ] && continue
	if [ "$max" -gt 0 ]; then
		head -n "$max" "$f" >"$tmp/in"
	else
		cp "$f" "$tmp/in"
	fi
	n=$(wc -l <"$tmp/in")
	ds=$(best "$tmp/ds" "$prog" -f line)
	qs=$(best "$tmp/qs" qqwing --solve --csv)
	dc=$(best "$tmp/dc" "$prog" -c -f line)
	qc=$(best "$tmp/qc" qqwing --solve --count-solutions --csv)
	printf '%-36s %7d %11s %11s %6s %11s %11s %6s\n' "$name" "$n" \
	    "$(rate "$n" "$ds")" "$(rate "$n" "$qs")" "$(ratio "$qs" "$ds")" \
	    "$(rate "$n" "$dc")" "$(rate "$n" "$qc")" "$(ratio "$qc" "$dc")"
	# Same counts, puzzle by puzzle (qqwing: "solution,count," after a
	# header line).
	awk '{ print $NF }' "$tmp/dc" >"$tmp/dcn"
	sed 1d "$tmp/qc" | awk -F, '{ print $2 }' >"$tmp/qcn"
	if ! cmp -s "$tmp/dcn" "$tmp/qcn"; then
		echo "  counts differ from qqwing's:"
		paste "$tmp/dcn" "$tmp/qcn" | awk '$1 != $2 { print "  line " NR ": dlx " $1 ", qqwing " $2 }' | head -5
		status=1
	fi
done
exit $status
