#!/bin/sh
# bench/parts.sh: the figures of parts on pentominoes 6x10 (9,356
# tilings), run from the build tree:
#
#  1. what each process of a cluster pays to make its part before its own
#     search (dlx_split_part), for N = 8, 64, 512 (bench/parts -k 1);
#  2. the N = 4 parts run one after another against the whole count, all
#     pinned to one CPU (taskset -c 0): each part's time, the largest
#     against the mean, the sum against the whole;
#  3. one part on two threads against one, plainly (--no-memo: the
#     parallel engine shares each subtree) and with the cache (the
#     default count: the threads take subtrees in turn).
#
# Times are wall-clock seconds of whole processes.  On a shared machine
# they move with the load of the others: run it more than once.
#
#	bench/parts.sh [BUILDDIR]
builddir=${1:-.}
dlx=$builddir/src/dlx
tmp=$(mktemp -d "${TMPDIR:-/tmp}/parts-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
unset DLX_PART SLURM_ARRAY_TASK_ID

"$builddir/examples/pentomino" -d 6x10 >"$tmp/p.dlx" || exit 1

# wall FILE CMD...: run CMD, its output to FILE, print its seconds.
wall() {
	out=$1
	shift
	t0=$(date +%s.%N)
	"$@" >"$out" || { echo "failed: $*" >&2; exit 1; }
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}
sols() { sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$1"; }

echo "== 1. the split each process pays, part 1 of N (one CPU)"
taskset -c 0 "$builddir/bench/parts" -k 1 "$tmp/p.dlx" 8 64 512

echo
echo "== 2. N = 4 parts one after another against the whole (one CPU)"
whole=$(wall "$tmp/whole" taskset -c 0 "$dlx" -t 1 "$tmp/p.dlx")
echo "whole count: $(cat "$tmp/whole") in $whole s"
times=
sum=0
for k in 1 2 3 4; do
	s=$(wall "$tmp/r$k" taskset -c 0 "$dlx" --part $k/4 -t 1 "$tmp/p.dlx")
	echo "part $k/4: $(sols "$tmp/r$k") solutions in $s s"
	times="$times $s"
done
echo "merged: $("$dlx" merge "$tmp"/r1 "$tmp"/r2 "$tmp"/r3 "$tmp"/r4)"
echo "$times" | awk -v whole="$whole" '{
	for (i = 1; i <= NF; i++) { sum += $i; if ($i > max) max = $i }
	printf "parts: sum %.3f s (%.2f x the whole), largest %.3f s, " \
	    "mean %.3f s, largest/mean %.2f\n", sum, sum / whole, max,
	    sum / NF, max * NF / sum
}'

echo
echo "== 3. one part on two threads against one (not pinned)"
for memo in --no-memo ""; do
	for k in 1 2 3 4; do
		a=$(wall "$tmp/a" "$dlx" --part $k/4 -t 1 $memo "$tmp/p.dlx")
		b=$(wall "$tmp/b" "$dlx" --part $k/4 -t 2 $memo "$tmp/p.dlx")
		[ "$(sols "$tmp/a")" = "$(sols "$tmp/b")" ] ||
		    { echo "part $k/4: counts differ" >&2; exit 1; }
		echo "part $k/4 ${memo:-(cache)}: -t 1 $a s, -t 2 $b s," \
		    "speedup $(echo "$a $b" | awk '{ printf "%.2f", $1 / $2 }')"
	done
done
