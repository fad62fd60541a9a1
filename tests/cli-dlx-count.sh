#!/bin/sh
# dlx: counts, printed solutions, JSON lines, limits, statistics and exit
# statuses, compared with the expected output byte for byte.  The node and
# update counts are those of Knuth's DLX1 on the same files.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# Knuth's first example (DLX1): A..E primary, F and G secondary.
knuth=$top_srcdir/examples/simple.dlx

# Counting, from a file, from '-' and from standard input.
echo 1 >"$tmp/exp"
check count 0 "$dlx" "$knuth"
check count-dash 0 "$dlx" - <"$knuth"
check count-stdin 0 "$dlx" <"$knuth"

# The solution's options, in input order, as written in the input; then
# the total.  --first prints the solution alone.
cat >"$tmp/exp" <<'END'
1:
C E F
A D
B G
END
check first 0 "$dlx" --first "$knuth"
printf '\n1 solution\n' >>"$tmp/exp"
check print 0 "$dlx" --print "$knuth"
check print-short 0 "$dlx" -p "$knuth"

# JSON Lines: a record per solution, then the count; each has a type.
cat >"$tmp/exp" <<'END'
{"type":"solution","solution":1,"options":["C E F","A D","B G"]}
{"type":"count","solutions":1,"exact":true}
END
check json 0 "$dlx" --json "$knuth"

# --count names the default mode (as dlx-sudoku --count does); with
# --json it leaves out the solution records; it conflicts with the modes
# that print solutions.
echo 1 >"$tmp/exp"
check count-option 0 "$dlx" --count "$knuth"
check count-short 0 "$dlx" -c "$knuth"
echo '{"type":"count","solutions":92,"exact":true}' >"$tmp/exp"
check count-json 0 "$dlx" --count --json "$data/queens8.dlx"
echo '{"type":"count","solutions":3,"exact":false}' >"$tmp/exp"
check count-json-limit 0 "$dlx" -cj --limit 3 "$data/queens8.dlx"
# A part counted with --count --json gives its part record, as without
# --json, so that merge adds it up.
# (The records' "seconds" differ from run to run.)
for k in 1 2; do
	run "$dlx" --part $k/2 "$data/queens8.dlx"
	sed 's/,"seconds":[0-9.e-]*//' "$tmp/out" >"$tmp/plain"
	run "$dlx" -cj --part $k/2 "$data/queens8.dlx"
	status "count-json part $k/2" 0
	cp "$tmp/out" "$tmp/rec$k"
	sed -i 's/,"seconds":[0-9.e-]*//' "$tmp/out"
	same "count-json part $k/2" "$tmp/plain" "$tmp/out"
done
echo 92 >"$tmp/exp"
check "count-json parts merged" 0 "$dlx" merge "$tmp/rec1" "$tmp/rec2"
for m in --print --first; do
	run "$dlx" --count $m "$knuth"
	expect_lines "count $m" 2 "" "dlx: --count conflicts with $m
Try 'dlx --help' for more information.
"
done

# Several solutions: numbered, a blank line between them.
cat >"$tmp/three.dlx" <<'END'
a b | x
a b
a
b x:red
b x:blue
END
cat >"$tmp/exp" <<'END'
1:
a b

2:
a
b x:red

3:
a
b x:blue

3 solutions
END
check print-three 0 "$dlx" -p "$tmp/three.dlx"
# A count stopped by --limit is a lower bound, and says so, even when it
# happens to be the whole count (the search did not finish the tree).
cat >"$tmp/exp" <<'END'
{"type":"solution","solution":1,"options":["a b"]}
{"type":"solution","solution":2,"options":["a","b x:red"]}
{"type":"count","solutions":2,"exact":false}
END
check json-limit 0 "$dlx" -j --limit 2 "$tmp/three.dlx"
cat >"$tmp/exp" <<'END'
1:
a b

2:
a
b x:red

at least 2 solutions
END
check print-limit 0 "$dlx" -p --limit 2 "$tmp/three.dlx"
echo 'at least 2' >"$tmp/exp"
check limit 0 "$dlx" -n 2 "$tmp/three.dlx"
echo 'at least 3' >"$tmp/exp"
check limit-equal 0 "$dlx" -n 3 "$tmp/three.dlx"
echo 3 >"$tmp/exp"
check limit-above 0 "$dlx" --limit=10 "$tmp/three.dlx"
cat >"$tmp/exp" <<'END'
{"type":"solution","solution":1,"options":["a b"]}
{"type":"count","solutions":1,"exact":false}
END
check json-first 0 "$dlx" --json --first "$tmp/three.dlx"

# JSON strings are escaped.
printf 'a"q b\\s\na"q b\\s\n' >"$tmp/quote.dlx"
printf '%s\n' '{"type":"solution","solution":1,"options":["a\"q b\\s"]}' \
    '{"type":"count","solutions":1,"exact":true}' >"$tmp/exp"
check json-escape 0 "$dlx" --json "$tmp/quote.dlx"

# No solution: 0, status 1; --print and --first say so.
printf 'A B\nA\n' >"$tmp/none.dlx"
echo 0 >"$tmp/exp"
check none 1 "$dlx" "$tmp/none.dlx"
check none-limit 1 "$dlx" --limit 1 "$tmp/none.dlx"
echo 'no solution' >"$tmp/exp"
check none-print 1 "$dlx" -p "$tmp/none.dlx"
check none-first 1 "$dlx" --first "$tmp/none.dlx"
echo '{"type":"count","solutions":0,"exact":true}' >"$tmp/exp"
check none-json 1 "$dlx" --json "$tmp/none.dlx"
check none-json-first 1 "$dlx" --json --first "$tmp/none.dlx"

# The shared instances: counts, and with --knuth --stats DLX1's node and
# update counts (time, rate and memory vary, so they are left out; the
# branch points are not DLX1's).  The default search counts the same.
for f in queens8:92:1223:21456:8 langford8:300:2789:37241:8 \
    sudoku4-empty:288:2157:22545:16; do
	IFS=: read -r name sols nodes updates depth <<END
$f
END
	echo "$sols" >"$tmp/exp"
	check "$name" 0 "$dlx" "$data/$name.dlx"
	check "$name" 0 "$dlx" --knuth --stats "$data/$name.dlx"
	grep -v -e '^time: ' -e '^updates/s: ' -e '^memory: ' \
	    -e '^branches: ' -e '^engine: ' -e '^threads: ' \
	    -e '^drivers: ' "$tmp/err" >"$tmp/stats"
	# What ran: Knuth's tree is the links'.
	grep -q '^engine: links$' "$tmp/err" ||
	    failed "$name --knuth --stats: not the links engine"
	printf 'mode: knuth\nsolutions: %s\nnodes: %s\nupdates: %s\n' \
	    "$sols" "$nodes" "$updates" >"$tmp/exp"
	printf 'abandoned: 0\nmax depth: %s\n' "$depth" >>"$tmp/exp"
	same "$name --stats" "$tmp/exp" "$tmp/stats"
	grep -q '^time: [0-9.]* s$' "$tmp/err" &&
	    grep -q '^memory: [0-9]* bytes$' "$tmp/err" ||
	    failed "$name --stats: time or memory line"
	# Both modes print the same solutions in the same order; the fast
	# tree (the default, unless the library was built with Knuth's as
	# its default) is no larger.
	$DLX_RUN "$dlx" --fast -p "$data/$name.dlx" >"$tmp/fast" 2>/dev/null
	$DLX_RUN "$dlx" --knuth -p "$data/$name.dlx" >"$tmp/knuth" 2>/dev/null
	cmp -s "$tmp/fast" "$tmp/knuth" ||
	    failed "$name: the modes' solutions differ"
	$DLX_RUN "$dlx" --fast --stats "$data/$name.dlx" >/dev/null \
	    2>"$tmp/err"
	fn=$(sed -n 's/^nodes: //p' "$tmp/err")
	[ -n "$fn" ] && [ "$fn" -le "$nodes" ] ||
	    failed "$name: fast mode $fn nodes, Knuth's $nodes"
	grep -q '^mode: fast$' "$tmp/err" ||
	    failed "$name: --fast --stats names another mode"
done

# --first: the first of the 92 queens solutions.
cat >"$tmp/exp" <<'END'
1:
r0 c0 a0 b7
r1 c4 a5 b4
r2 c7 a9 b2
r3 c5 a8 b5
r4 c2 a6 b9
r5 c6 a11 b6
r6 c1 a7 b12
r7 c3 a10 b11
END
check queens-first 0 "$dlx" --first "$data/queens8.dlx"

# --progress leaves the output as it is (its lines are checked in
# cli-dlx-signals.sh, on a search long enough to show them).
echo 288 >"$tmp/exp"
check progress 0 "$dlx" --progress=0.000001 "$data/sudoku4-empty.dlx"

# --help and --version go to stdout with status 0.
$DLX_RUN "$dlx" --help >"$tmp/out" 2>&1 && grep -q '^usage: dlx ' "$tmp/out" &&
    grep -q 'Exit status' "$tmp/out" || failed "--help"
$DLX_RUN "$dlx" --version >"$tmp/out" 2>&1 && grep -q '^dlx (dlx) ' "$tmp/out" ||
    failed "--version"

exit $fail
