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
# Times are wall-clock and CPU seconds of whole processes (GNU time).  On
# a shared machine they move with the load of the others (wall time most):
# run it more than once.
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

# run FILE CMD...: run CMD, its output to FILE; print its wall-clock
# and CPU (user + system) seconds.  CPU time is the steadier figure on a
# loaded machine: wall time there includes waiting for a CPU.
run() {
	out=$1
	shift
	/usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" >"$out" ||
	    { echo "failed: $*" >&2; exit 1; }
	awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$tmp/time"
}
sols() { sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$1"; }

echo "== 1. the split each process pays, part 1 of N (one CPU)"
taskset -c 0 "$builddir/bench/parts" -k 1 "$tmp/p.dlx" 8 64 512

echo
echo "== 2. N = 4 parts one after another against the whole (one CPU)"
set -- $(run "$tmp/whole" taskset -c 0 "$dlx" -t 1 "$tmp/p.dlx")
whole=$1 wholecpu=$2
echo "whole count: $(cat "$tmp/whole") in $whole s (CPU $wholecpu s)"
: >"$tmp/times"
for k in 1 2 3 4; do
	set -- $(run "$tmp/r$k" taskset -c 0 "$dlx" --part $k/4 -t 1 \
	    "$tmp/p.dlx")
	echo "part $k/4: $(sols "$tmp/r$k") solutions in $1 s (CPU $2 s)"
	echo "$1 $2" >>"$tmp/times"
done
echo "merged: $("$dlx" merge "$tmp"/r1 "$tmp"/r2 "$tmp"/r3 "$tmp"/r4)"
awk -v whole="$whole" -v cpu="$wholecpu" '{
	w += $1; c += $2; n++
	if ($1 > mw) mw = $1
	if ($2 > mc) mc = $2
} END {
	printf "wall: sum %.3f s (%.2f x the whole), largest/mean %.2f\n",
	    w, w / whole, mw * n / w
	printf "CPU:  sum %.3f s (%.2f x the whole), largest/mean %.2f\n",
	    c, c / cpu, mc * n / c
}' "$tmp/times"

echo
echo "== 3. one part on two threads against one (not pinned)"
for memo in --no-memo ""; do
	for k in 1 2 3 4; do
		set -- $(run "$tmp/a" "$dlx" --part $k/4 -t 1 $memo "$tmp/p.dlx")
		a=$1 ac=$2
		set -- $(run "$tmp/b" "$dlx" --part $k/4 -t 2 $memo "$tmp/p.dlx")
		[ "$(sols "$tmp/a")" = "$(sols "$tmp/b")" ] ||
		    { echo "part $k/4: counts differ" >&2; exit 1; }
		echo "part $k/4 ${memo:-(cache)}: -t 1 $a s (CPU $ac)," \
		    "-t 2 $1 s (CPU $2), speedup" \
		    "$(echo "$a $1" | awk '{ printf "%.2f", $1 / $2 }')"
	done
done
