#!/bin/sh
# dlx --estimate: Knuth's random probes through the program.  The output
# is exact text for a tree of one path (every probe walks it) and for a
# fixed seed, but for the measured seconds and rate, which are checked
# for their form; on queens 8 the estimate is within 4 standard errors of
# the search's own figures in both trees; what it cannot serve is refused.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# The time line's figures (machine-dependent) as S.
untime() {
	sed -e 's/time: [0-9.e+-]* s (/time: S s (/' \
	    -e 's/time: [0-9.e+-]* s +- [0-9.e+-]* at [0-9.e+-]* nodes/time: S s +- S at S nodes/' \
	    -e 's/"rate":[0-9.e+-]*,/"rate":S,/' \
	    -e 's/"rate_seconds":[0-9.e+-]*,/"rate_seconds":S,/' \
	    -e 's/"seconds":[0-9.e+-]*,"seconds_se":[0-9.e+-]*/"seconds":S,"seconds_se":S/' \
	    -e 's/"largest":[0-9.e+-]*/"largest":S/' \
	    -e 's/parts: [0-9]* for \([^(]*\)(the largest about [0-9.e+-]* s)/parts: N for \1(the largest about S s)/' \
	    "$tmp/out" >"$tmp/out.untimed" && mv "$tmp/out.untimed" "$tmp/out"
}

# A tree of one path: four items, one option each.  Exact, spread 0; the
# timed search finishes it, so the time is the truth and so said.
printf 'a b c d\na\nb\nc\nd\n' >"$tmp/path.dlx"
run "$dlx" --estimate=7 --fast "$tmp/path.dlx"
untime
expect_lines "one path" 0 "estimate (fast tree, 7 probes, seed 0):
solutions: 1 +- 0 (7 probes reached one)
nodes: 5 +- 0
time: S s (searched: 1 solutions, 5 nodes)
" ""
run "$dlx" --estimate --json --knuth "$tmp/path.dlx"
untime
expect_lines "one path, JSON" 0 \
'{"type":"estimate","tree":"knuth","probes":10000,"seed":0,"solutions":1,"solutions_se":0,"hits":10000,"nodes":5,"nodes_se":0,"max_depth":4,"rate":S,"rate_nodes":5,"rate_seconds":S,"complete":true,"seconds":S,"seconds_se":S,"count":1}
' ""

# Queens 8 with a seed of its own: the figures of that seed, exactly.
run "$dlx" --fast --estimate=500 --seed=7 --part-time=1h \
    "$data/queens8.dlx"
untime
expect_lines "queens8 seed 7" 0 "estimate (fast tree, 500 probes, seed 7):
solutions: 87.536 +- 6.69 (154 probes reached one)
nodes: 951.384 +- 24.4
time: S s (searched: 92 solutions, 969 nodes)
parts: N for 3.6e+03 s each (the largest about S s)
" ""

# Queens 8 (92 solutions): the estimate's mean within 4 standard errors
# of the search's figures (--stats), in each tree; the seed is fixed, so
# each run prints the same.  (Not under valgrind: 16,000 probes.)
if ! under_valgrind; then
	for tree in fast knuth; do
		run "$dlx" --$tree --no-memo -t 1 --stats "$data/queens8.dlx"
		nodes=$(sed -n 's/^nodes: //p' "$tmp/err")
		run "$dlx" --$tree --estimate=4000 --json "$data/queens8.dlx"
		status "queens8 $tree" 0
		untime
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
		untime
		same "queens8 $tree: the same seed, the same figures" "$tmp/first" \
		    "$tmp/out"
	done
fi

# Refusals: one clear line, status 2.
for opt in --print --first --limit=3 --stats --memo "-t 2" --part=1/2 \
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
for opt in --seed=1 --part-time=1m; do
	run "$dlx" $opt "$data/queens8.dlx"
	expect_lines "$opt alone" 2 "" "dlx: ${opt%%=*} goes with --estimate
Try 'dlx --help' for more information.
"
done
for bad in 0 -1 2x 1mm s; do
	run "$dlx" --estimate --part-time="$bad" "$data/queens8.dlx"
	status "--part-time=$bad" 2
	grep -q "is not a duration" "$tmp/err" ||
	    failed "--part-time=$bad: $(cat "$tmp/err")"
done
# Item bounds: Algorithm M's tree is not estimated.
run "$dlx" --estimate "$data/mult-knuth.dlx"
expect_lines "bounds" 2 "" "dlx: $data/mult-knuth.dlx: not supported: item bounds with --estimate (Algorithm M's tree is not estimated)
"

# dlx-sudoku --estimate.  A 4x4 puzzle of naked singles: one path (its
# nodes those of --stats), exact.  The empty 4x4: within 4 standard
# errors of its 288 grids and of --stats' nodes.
printf '1.34341221434.21\n' >"$tmp/p4.txt"
run "$sudoku" --fast -c -s "$tmp/p4.txt"
nodes=$(sed -n 's/.*: \([0-9]*\) nodes,.*/\1/p' "$tmp/err" | head -n 1)
run "$sudoku" --fast --estimate=9 "$tmp/p4.txt"
untime
expect_lines "sudoku one path" 0 "$tmp/p4.txt:1: estimate (fast tree, 9 probes, seed 0):
$tmp/p4.txt:1: solutions: 1 +- 0 (9 probes reached one)
$tmp/p4.txt:1: nodes: $nodes +- 0
$tmp/p4.txt:1: time: S s (searched: 1 solutions, $nodes nodes)
" ""
printf '%016d\n' 0 >"$tmp/e4.txt"
run "$sudoku" --fast -c -s "$tmp/e4.txt"
nodes=$(sed -n 's/.*: \([0-9]*\) nodes,.*/\1/p' "$tmp/err" | head -n 1)
run "$sudoku" --fast --estimate=4000 --seed=3 --json "$tmp/e4.txt"
status "sudoku 4x4 empty" 0
grep -q '^{"type":"estimate","file":".*","line":1,"size":4,"box":"2x2","puzzle":"................","tree":"fast","probes":4000,"seed":3,' \
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
# The empty 9x9: forecast far beyond the timed search, and the parts for
# a day each: more than one, the mean part within the day.
printf '%081d\n' 0 >"$tmp/e9.txt"
run "$sudoku" --estimate=200 --part-time=1d --json "$tmp/e9.txt"
status "sudoku 9x9 empty" 0
awk -F'[,:}]' '{
	for (i = 1; i < NF; i++)
		v[$i] = $(i + 1)
	if (v["\"complete\""] != "false" || v["\"seconds\""] <= 0 ||
	    v["\"seconds_se\""] <= 0 || v["\"rate\""] <= 0 ||
	    v["\"parts\""] < 2 ||
	    v["\"parts\""] * v["\"part_time\""] < v["\"seconds\""] &&
	    v["\"parts\""] < 1048576) {
		print "9x9: " $0
		exit 1
	}
}' "$tmp/out" || failed "sudoku 9x9 empty: $(cat "$tmp/out")"
run "$sudoku" --part-time=1d "$tmp/e9.txt"
status "sudoku --part-time alone" 2
for opt in --memo "-t 2" --limit=3 --all --part=1/2 --stats; do
	# shellcheck disable=SC2086
	run "$sudoku" --estimate $opt "$tmp/e4.txt"
	status "sudoku --estimate $opt" 2
	[ -s "$tmp/out" ] && failed "sudoku --estimate $opt: wrote on stdout"
done
exit $fail
