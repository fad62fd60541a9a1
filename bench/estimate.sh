#!/bin/sh
# bench/estimate.sh: how good dlx --estimate is, and what it costs, on
# problems whose figures are known: for each, the estimate of the
# solutions and of the nodes (mean +- standard error, seed 0), how many
# standard errors each is from the truth (dlx --stats on the same tree,
# one thread, no cache), the probes that reached a solution, the seconds
# of CPU forecast against those of that count, and the CPU seconds of
# --estimate itself (the probes and the 0.2 s timed search), both by
# /usr/bin/time (user + system).
#
# Usage: [PROBES=10000] [TREE=fast|knuth] bench/estimate.sh [BUILDDIR]
# (Pin it, e.g. taskset -c 1, on a quiet machine: the forecast is only as
# good as the rate measured.)
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

printf '%-11s %-24s %-7s %-5s %-5s %-24s %-8s %-5s %-15s %-7s %-5s\n' \
    problem "solutions (estimate)" truth z hits "nodes (estimate)" \
    truth z "forecast s" "count s" "est s"
for p in queens12 langford12 pent5x12 pent6x10 sudoku4; do
	f=$tmp/$p.dlx
	/usr/bin/time -f '%U %S' -o "$tmp/ecpu" \
	    "$dlx" --"$tree" --estimate="$probes" --json "$f" >"$tmp/est" ||
	    exit 1
	/usr/bin/time -f '%U %S' -o "$tmp/cpu" \
	    "$dlx" --"$tree" --no-memo -t 1 --stats "$f" >"$tmp/count" \
	    2>"$tmp/stats" || exit 1
	awk -v name="$p" \
	    -v ecpu="$(awk '{ print $1 + $2 }' "$tmp/ecpu")" \
	    -v cpu="$(awk '{ print $1 + $2 }' "$tmp/cpu")" \
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
		printf "%-11s %-24s %-7s %-5s %-5s %-24s %-8s %-5s %-15s %-7.2f %-5.2f\n",
		    name, sprintf("%.4g +- %.2g", s, sse), sols, zs,
		    v["\"hits\""], sprintf("%.4g +- %.2g", n, nse), nodes, zn,
		    sprintf("%.3g +- %.2g", v["\"seconds\""],
		    v["\"seconds_se\""]), cpu, ecpu
	}' "$tmp/est"
done
