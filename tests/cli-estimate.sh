#!/bin/sh
# dlx --estimate: Knuth's random probes through the program.  The output
# is exact text for a tree of one path (every probe walks it) and for a
# fixed seed; on queens 8 the estimate is within 4 standard errors of the
# search's own figures in both trees; what it cannot serve is refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# A tree of one path: four items, one option each.  Exact, spread 0.
printf 'a b c d\na\nb\nc\nd\n' >"$tmp/path.dlx"
run "$dlx" --estimate=7 --fast "$tmp/path.dlx"
expect_lines "one path" 0 "estimate (fast tree, 7 probes):
solutions: 1 +- 0
nodes: 5 +- 0
" ""
run "$dlx" --estimate --json --knuth "$tmp/path.dlx"
expect_lines "one path, JSON" 0 \
'{"type":"estimate","tree":"knuth","probes":1000,"seed":0,"solutions":1,"solutions_se":0,"nodes":5,"nodes_se":0,"max_depth":4}
' ""

# Queens 8 (92 solutions): the estimate's mean within 4 standard errors
# of the search's figures (--stats), in each tree; the seed is fixed, so
# each run prints the same.
for tree in fast knuth; do
	run "$dlx" --$tree --no-memo -t 1 --stats "$data/queens8.dlx"
	nodes=$(sed -n 's/^nodes: //p' "$tmp/err")
	run "$dlx" --$tree --estimate=4000 --json "$data/queens8.dlx"
	status "queens8 $tree" 0
	cp "$tmp/out" "$tmp/first"
	awk -v nodes="$nodes" -F'[,:}]' '{
		for (i = 1; i < NF; i++)
			v[$i] = $(i + 1)
		d = v["\"solutions\""] - 92
		if (d < 0) d = -d
		e = v["\"nodes\""] - nodes
		if (e < 0) e = -e
		if (d > 4 * v["\"solutions_se\""] || v["\"solutions_se\""] <= 0 ||
		    e > 4 * v["\"nodes_se\""] || v["\"nodes_se\""] <= 0) {
			print "queens8: " $0 " against 92 solutions, " nodes \
			    " nodes"
			exit 1
		}
	}' "$tmp/out" || failed "queens8 $tree: estimate off"
	run "$dlx" --$tree --estimate=4000 --json "$data/queens8.dlx"
	same "queens8 $tree: the same seed, the same figures" "$tmp/first" \
	    "$tmp/out"
done

# Refusals: one clear line, status 2.
for opt in --print --first --limit=3 --memo "-t 2" --part=1/2 \
    --checkpoint=$tmp/ck; do
	# shellcheck disable=SC2086
	run "$dlx" --estimate $opt "$data/queens8.dlx"
	status "--estimate $opt" 2
	[ -s "$tmp/out" ] && failed "--estimate $opt: wrote on stdout"
	grep -q -- "--estimate" "$tmp/err" ||
	    failed "--estimate $opt: $(cat "$tmp/err")"
done
run "$dlx" --estimate=0 "$data/queens8.dlx"
status "--estimate=0" 2
printf 'a b\na\nb\n' >"$tmp/bounds.dlx"

# dlx-sudoku --estimate.  A 4x4 puzzle of naked singles: one path (its
# nodes those of --stats), exact.  The empty 4x4: within 4 standard
# errors of its 288 grids and of --stats' nodes.
printf '1.34341221434.21\n' >"$tmp/p4.txt"
run "$sudoku" --fast -c -s "$tmp/p4.txt"
nodes=$(sed -n 's/.*: \([0-9]*\) nodes,.*/\1/p' "$tmp/err" | head -n 1)
run "$sudoku" --fast --estimate=9 "$tmp/p4.txt"
expect_lines "sudoku one path" 0 "$tmp/p4.txt:1: estimate (fast tree, 9 probes): solutions 1 +- 0, nodes $nodes +- 0
" ""
printf '%016d\n' 0 >"$tmp/e4.txt"
run "$sudoku" --fast -c -s "$tmp/e4.txt"
nodes=$(sed -n 's/.*: \([0-9]*\) nodes,.*/\1/p' "$tmp/err" | head -n 1)
run "$sudoku" --fast --estimate=4000 --json "$tmp/e4.txt"
status "sudoku 4x4 empty" 0
grep -q '^{"type":"estimate","file":".*","line":1,"size":4,"box":"2x2","puzzle":"................","tree":"fast","probes":4000,' \
    "$tmp/out" || failed "sudoku 4x4 record: $(cat "$tmp/out")"
awk -v nodes="$nodes" -F'[,:}]' '{
	for (i = 1; i < NF; i++)
		v[$i] = $(i + 1)
	d = v["\"solutions\""] - 288
	if (d < 0) d = -d
	e = v["\"nodes\""] - nodes
	if (e < 0) e = -e
	if (d > 4 * v["\"solutions_se\""] || v["\"solutions_se\""] <= 0 ||
	    e > 4 * v["\"nodes_se\""] || v["\"nodes_se\""] <= 0) {
		print "4x4: " $0 " against 288 solutions, " nodes " nodes"
		exit 1
	}
}' "$tmp/out" || failed "sudoku 4x4 empty: estimate off"
for opt in --memo "-t 2" --limit=3 --all --part=1/2; do
	# shellcheck disable=SC2086
	run "$sudoku" --estimate $opt "$tmp/e4.txt"
	status "sudoku --estimate $opt" 2
	[ -s "$tmp/out" ] && failed "sudoku --estimate $opt: wrote on stdout"
done
exit $fail
