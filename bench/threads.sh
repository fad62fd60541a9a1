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
# directory holding the puzzle files (default ../shared/data/sudoku).
set -eu
top=${top_builddir:-.}
data=${SUDOKU_DATA:-$top/../shared/data/sudoku}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/threads.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$top/examples/pentomino" -d 6x10 >"$tmp/pent6x10.dlx"
"$top/examples/sudoku2dlx" '....................................' \
    >"$tmp/sudoku6.dlx"

secs() {
	s=$(date +%s.%N)
	"$@" >/dev/null
	echo "$(date +%s.%N) - $s" | bc
}

# run NAME COMMAND...: COMMAND takes -t N at the end.
run() {
	name=$1
	shift
	t1=$(secs "$@" -t 1)
	s=$(date +%s.%N)
	"$@" -t 1 >/dev/null & p1=$!
	"$@" -t 1 >/dev/null & p2=$!
	wait $p1 $p2
	tc=$(echo "$(date +%s.%N) - $s" | bc)
	t2=$(secs "$@" -t 2)
	printf '%-22s -t1 %7.2f s  2 copies %7.2f s  -t2 %7.2f s  ' \
	    "$name" "$t1" "$tc" "$t2"
	printf 'speedup %.2f  vs ceiling %.2f\n' \
	    "$(echo "$t1 / $t2" | bc -l)" "$(echo "$tc / (2 * $t2)" | bc -l)"
}

run "pentominoes 6x10" "$top/src/dlx" "$tmp/pent6x10.dlx"
run "empty 6x6, plain" "$top/src/dlx" --no-memo "$tmp/sudoku6.dlx"
# The memoized count of a whole problem runs on one thread (per-thread
# caches lose the repeats between threads); --part 1/1 spreads its
# subtrees over the threads, each with a cache of its own.
run "empty 6x6, memo" "$top/src/dlx" "$tmp/sudoku6.dlx"
run "empty 6x6, memo, part" "$top/src/dlx" --part 1/1 "$tmp/sudoku6.dlx"
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
