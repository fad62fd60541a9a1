#!/bin/sh
# bench/estimate.sh: how good dlx --estimate is, and what it costs, on
# problems whose figures are known: for each, the estimate of the
# solutions and of the nodes (mean +- standard error, seed 0), how many
# standard errors each is from the truth (dlx --stats on the same tree,
# one thread, no cache), and the seconds of each run.
#
# Usage: [PROBES=10000] [TREE=fast|knuth] bench/estimate.sh [BUILDDIR]
#
# The instances, built from the build tree's examples:
#   queens12     12 queens, 14,200 solutions
#   langford12   Langford pairs of 12, 216,288 (reversals distinct)
#   pent5x12     pentominoes in 5x12, 4,040 tilings: a tree whose
#                solutions hide in rare deep paths
#   pent6x10     pentominoes in 6x10, 9,356 tilings
#   sudoku4      the empty 4x4 sudoku, 288 grids
set -u
build=${1:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
probes=${PROBES:-10000}
tree=${TREE:-fast}
dlx=$build/src/dlx
ex=$build/examples
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$ex/queens" -d 12 >"$tmp/queens12.dlx" &&
"$ex/langford" -d 12 >"$tmp/langford12.dlx" &&
"$ex/pentomino" -d 5x12 >"$tmp/pent5x12.dlx" &&
"$ex/pentomino" -d 6x10 >"$tmp/pent6x10.dlx" &&
cp "$here/tests/data/sudoku4-empty.dlx" "$tmp/sudoku4.dlx" || exit 1

now() { date +%s.%N; }

printf '%-11s %-26s %-10s %-5s %-28s %-10s %-5s %-7s %-7s\n' problem \
    "solutions (estimate)" truth "z" "nodes (estimate)" truth "z" \
    "est s" "count s"
for p in queens12 langford12 pent5x12 pent6x10 sudoku4; do
	f=$tmp/$p.dlx
	t0=$(now)
	"$dlx" --"$tree" --estimate="$probes" --json "$f" >"$tmp/est" || exit 1
	t1=$(now)
	"$dlx" --"$tree" --no-memo -t 1 --stats "$f" >"$tmp/count" \
	    2>"$tmp/stats" || exit 1
	t2=$(now)
	awk -v name="$p" -v t0="$t0" -v t1="$t1" -v t2="$t2" \
	    -v sols="$(sed -n 's/^solutions: //p' "$tmp/stats")" \
	    -v nodes="$(sed -n 's/^nodes: //p' "$tmp/stats")" \
	    -F'[,:}]' '{
		for (i = 1; i < NF; i++)
			v[$i] = $(i + 1)
		s = v["\"solutions\""]; sse = v["\"solutions_se\""]
		n = v["\"nodes\""]; nse = v["\"nodes_se\""]
		zs = "-"
		if (sse > 0)
			zs = sprintf("%.1f", (s - sols) / sse)
		zn = "-"
		if (nse > 0)
			zn = sprintf("%.1f", (n - nodes) / nse)
		printf "%-11s %-26s %-10s %-5s %-28s %-10s %-5s %-7.2f %-7.2f\n",
		    name, sprintf("%.6g +- %.3g", s, sse), sols, zs,
		    sprintf("%.6g +- %.3g", n, nse), nodes, zn, t1 - t0, t2 - t1
	}' "$tmp/est"
done
