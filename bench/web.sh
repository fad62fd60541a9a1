#!/bin/sh
# bench/web.sh: the page's count (libdlx in WebAssembly, in headless
# chromium) against dlx-sudoku --count on the same puzzles, one thread,
# both pinned to one CPU, alternately, the best of ROUNDS runs each:
#   - the empty 6x6 grid, 28,200,960 solutions (counted with the
#     subproblem cache; the native program's given the page's 128 MiB);
#   - a 9x9 puzzle of the serg benchmark with its last 8 givens taken
#     away (the cache gives up on it: the plain search counts).
# Wall time: the page's in its worker around the call (reading the
# puzzle, building the matrix, counting), the program's from --stats.
# CPU time (what a busy machine does not inflate): the worker thread's
# from /proc around the count, the program's user and system time.
#
# Run from the top of a configured build tree, with puppeteer-core where
# tests/web.sh finds it (and GNU time as /usr/bin/time):
#   sh bench/web.sh [ROUNDS] [CPUS]
# CPUS as taskset takes them: 1 (default) or 0,1 (the browser's threads
# then run beside the worker's).
set -eu
rounds=${1:-3}
cpu=${2:-1}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
modules=${DLX_WEB_NODE_MODULES:-$(pwd)/tests/web-node/node_modules}
chromium=${CHROMIUM:-$(command -v chromium)}
make web >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

e6=$(printf '%036d' 0 | tr 0 .)
serg=$(sed -n 1p "$top_srcdir/tests/data/coll-puzzles7_serg_benchmark.txt")
# The serg puzzle without its last 8 givens.
cut8=$(echo "$serg" | awk '{
	n = 0
	for (i = length($0); i > 0 && n < 8; i--)
		if (substr($0, i, 1) != ".") {
			$0 = substr($0, 1, i - 1) "." substr($0, i + 1)
			n++
		}
	print
}')

# COUNT WALL_MS CPU_MS of one run each.
native() {
	echo "$1" | /usr/bin/time -f "cpu %U %S" taskset -c "$cpu" \
	    src/dlx-sudoku --count -t 1 --memory 128M --stats 2>&1 | awk '
		/solutions$/ { c = $(NF - 1) }
		/^dlx-sudoku: total:/ { t = $(NF - 1) }
		/^cpu / { u = $2 + $3 }
		END { printf "%s %.0f %.0f\n", c, t * 1000, u * 1000 }'
}
page() {
	NODE_PATH=$modules taskset -c "$cpu" node \
	    "$top_srcdir/tests/web-page.js" --root "$(pwd)/web-out" \
	    --chromium "$chromium" --profile "$tmp/profile" --bench "$1" |
	    cut -d" " -f1-3
}

min() {
	if [ -z "$1" ] || [ "$2" -lt "$1" ]; then echo "$2"; else echo "$1"; fi
}

for p in "$e6" "$cut8"; do
	nw= nc= ww= wc=
	for r in $(seq "$rounds"); do
		set -- $(native "$p")
		count_n=$1 nw=$(min "$nw" "$2") nc=$(min "$nc" "$3")
		set -- $(page "$p")
		count_w=$1 ww=$(min "$ww" "$2") wc=$(min "$wc" "$3")
	done
	[ "$count_n" = "$count_w" ] ||
	    { echo "counts differ: $count_n $count_w" >&2; exit 1; }
	echo "$p: $count_n solutions"
	echo "  wall: native $nw ms, page $ww ms, ratio" \
	    "$(echo "$ww $nw" | awk '{ printf "%.2f", $1 / $2 }')"
	echo "  cpu:  native $nc ms, page $wc ms, ratio" \
	    "$(echo "$wc $nc" | awk '{ printf "%.2f", $1 / $2 }')"
done
