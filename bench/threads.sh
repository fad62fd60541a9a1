#!/bin/sh
# bench/threads.sh: what -t 2 gains, against the real ceiling of this
# machine: two independent serial copies run side by side.  For each
# workload it prints the seconds of -t 1 alone, of two -t 1 copies at
# once, and of -t 2, then
#   speedup     = time(-t 1) / time(-t 2)
#   vs ceiling  = time(two copies) / (2 * time(-t 2)): 1.00 means -t 2
#                 does as much work per second as two serial processes.
# Then the balance of the cut (bench/balance): the largest share of
# updates one thread did against the mean, at 2, 8 and 64 threads.
# Run from the build directory after make; SUDOKU_DATA names the
# directory holding the puzzle files (default ../shared/data/sudoku);
# REPEAT=N takes the median of N rounds; "bench/threads.sh sudoku" runs
# the 7,452,654-solution puzzle and serg's file alone.
set -eu
top=${top_builddir:-.}
data=${SUDOKU_DATA:-$top/../shared/data/sudoku}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/threads.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$top/examples/pentomino" -d 6x10 >"$tmp/pent6x10.dlx"
"$top/examples/sudoku2dlx" '....................................' \
    >"$tmp/sudoku6.dlx"
# README's 9x9 with 7,452,654 solutions: the bit boards' count.
echo 000000000000000000000090200050007000000045700000100030001000068008500010090000400 \
    >"$tmp/wide9.txt"

secs() {
	s=$(date +%s.%N)
	"$@" >/dev/null
	echo "$(date +%s.%N) - $s" | bc
}

# median X...: the middle value (the lower of the two middle ones).
median() {
	printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"
}

# run NAME COMMAND...: COMMAND takes -t N at the end.  REPEAT rounds
# (default 1) of the three, one after the other so that a busy moment
# falls on all three alike; the medians.
run() {
	name=$1
	shift
	a='' b='' c=''
	i=0
	while [ $i -lt "${REPEAT:-1}" ]; do
		a="$a $(secs "$@" -t 1)"
		s=$(date +%s.%N)
		"$@" -t 1 >/dev/null & p1=$!
		"$@" -t 1 >/dev/null & p2=$!
		wait $p1 $p2
		b="$b $(echo "$(date +%s.%N) - $s" | bc)"
		c="$c $(secs "$@" -t 2)"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	t1=$(median $a) tc=$(median $b) t2=$(median $c)
	printf '%-22s -t1 %7.2f s  2 copies %7.2f s  -t2 %7.2f s  ' \
	    "$name" "$t1" "$tc" "$t2"
	printf 'speedup %.2f  vs ceiling %.2f\n' \
	    "$(echo "$t1 / $t2" | bc -l)" "$(echo "$tc / (2 * $t2)" | bc -l)"
}

# "sudoku" as the argument: the two 9x9 workloads alone.
if [ "${1:-}" = sudoku ]; then
	run "7,452,654 puzzle" "$top/src/dlx-sudoku" -c "$tmp/wide9.txt"
	run "serg file" "$top/src/dlx-sudoku" -c -f line \
	    "$data/puzzles7_serg_benchmark.txt"
	exit 0
fi

run "pentominoes 6x10" "$top/src/dlx" "$tmp/pent6x10.dlx"
run "empty 6x6, plain" "$top/src/dlx" --no-memo "$tmp/sudoku6.dlx"
# The memoized count of a whole problem runs on one thread (per-thread
# caches lose the repeats between threads); --part 1/1 spreads its
# subtrees over the threads, each with a cache of its own.
run "empty 6x6, memo" "$top/src/dlx" "$tmp/sudoku6.dlx"
run "empty 6x6, memo, part" "$top/src/dlx" --part 1/1 "$tmp/sudoku6.dlx"
# One 9x9 count on the bit boards: the top of the tree shared out as
# boards (src/lib/drive/boards.c).
run "7,452,654 puzzle" "$top/src/dlx-sudoku" -c "$tmp/wide9.txt"
if [ -f "$data/puzzles7_serg_benchmark.txt" ]; then
	run "serg file" "$top/src/dlx-sudoku" -c -f line \
	    "$data/puzzles7_serg_benchmark.txt"
	run "17-clue file" "$top/src/dlx-sudoku" -f line \
	    "$data/puzzles2_17_clue.txt"
fi
for f in pent6x10 sudoku6; do
	for n in 2 8 64; do
		printf '%-10s ' "$f"
		"$top/bench/balance" $n "$tmp/$f.dlx"
	done
done
