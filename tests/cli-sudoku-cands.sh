#!/bin/sh
# cli-sudoku-cands.sh: --true-candidates[=counts] and --unique-by, their
# exact output on small puzzles (whose tables were checked by hand: each
# cell's counts sum to the count), JSON, a variant, threads, the 9x9, and
# the combinations refused.  The library's tables are checked against a
# brute force in tests/check_cands.c.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# A 4x4 with 3 solutions, and one with 1.
printf '1.....2...3.....\n12..34....21..43\n' >"$tmp/in"
cat >"$tmp/exp" <<END
$tmp/in:1: true candidates (givens in brackets), 3 solutions
[1] 2  | 4   3
34  34 | [2] 1
-------+-------
24  1  | [3] 24
234 34 | 1   24
r1c2: 2=3
r1c3: 4=3
r1c4: 3=3
r2c1: 3=2 4=1
r2c2: 3=1 4=2
r2c4: 1=3
r3c1: 2=2 4=1
r3c2: 1=3
r3c4: 2=1 4=2
r4c1: 2=1 3=1 4=1
r4c2: 3=2 4=1
r4c3: 1=3
r4c4: 2=2 4=1

$tmp/in:2: true candidates (givens in brackets), 1 solution
[1] [2] | 3   4
[3] [4] | 1   2
--------+--------
4   3   | [2] [1]
2   1   | [4] [3]
r1c3: 3=1
r1c4: 4=1
r2c3: 1=1
r2c4: 2=1
r3c1: 4=1
r3c2: 3=1
r4c1: 2=1
r4c2: 1=1

END
check "--true-candidates=counts" 0 "$sudoku" --true-candidates=counts "$tmp/in"
# Without counts: the grids alone; on two threads the same.
awk '!/^r[0-9]/' "$tmp/exp" >"$tmp/exp2" && mv "$tmp/exp2" "$tmp/exp"
check "--true-candidates" 0 "$sudoku" --true-candidates "$tmp/in"
check "--true-candidates -t2" 0 "$sudoku" --true-candidates -t2 "$tmp/in"

cat >"$tmp/exp" <<END
$tmp/in:1: 3 solutions; placements leaving 1 solution:
r2c1=4
r2c2=3
r3c1=4
r3c4=2
r4c1=2
r4c1=3
r4c1=4
r4c2=4
r4c4=4

$tmp/in:2: 1 solution; unique already

END
check "--unique-by" 0 "$sudoku" --unique-by "$tmp/in"

# No placement alone makes it unique: the best cuts, from standard input.
cat >"$tmp/exp" <<'END'
(standard input):1: 12 solutions; placements leaving 3 solutions:
r3c1=3
r3c1=4
r3c2=3
r3c2=4
r3c3=1
r3c3=2
r3c4=1
r3c4=2
r4c1=3
r4c1=4
r4c2=3
r4c2=4
r4c3=1
r4c3=2
r4c4=1
r4c4=2

END
echo '12.3............' >"$tmp/in2"
check "--unique-by, best cuts" 0 sh -c '"$1" --unique-by <"$2"' sh \
    "$sudoku" "$tmp/in2"

# JSON records.
cat >"$tmp/exp" <<'END'
{"type":"unique-by","file":"(standard input)","line":1,"size":4,"box":"2x2","puzzle":"12.3............","solutions":12,"leaves":3,"placements":[{"cell":"r3c1","symbol":"3"},{"cell":"r3c1","symbol":"4"},{"cell":"r3c2","symbol":"3"},{"cell":"r3c2","symbol":"4"},{"cell":"r3c3","symbol":"1"},{"cell":"r3c3","symbol":"2"},{"cell":"r3c4","symbol":"1"},{"cell":"r3c4","symbol":"2"},{"cell":"r4c1","symbol":"3"},{"cell":"r4c1","symbol":"4"},{"cell":"r4c2","symbol":"3"},{"cell":"r4c2","symbol":"4"},{"cell":"r4c3","symbol":"1"},{"cell":"r4c3","symbol":"2"},{"cell":"r4c4","symbol":"1"},{"cell":"r4c4","symbol":"2"}]}
END
check "--unique-by --json" 0 sh -c '"$1" --unique-by --json <"$2"' sh \
    "$sudoku" "$tmp/in2"
cat >"$tmp/exp" <<END
{"type":"candidates","file":"$tmp/in","line":1,"size":4,"box":"2x2","puzzle":"1.....2...3.....","solutions":3,"candidates":[[],["2"],["4"],["3"],["3","4"],["3","4"],[],["1"],["2","4"],["1"],[],["2","4"],["2","3","4"],["3","4"],["1"],["2","4"]],"counts":[{},{"2":3},{"4":3},{"3":3},{"3":2,"4":1},{"3":1,"4":2},{},{"1":3},{"2":2,"4":1},{"1":3},{},{"2":1,"4":2},{"2":1,"3":1,"4":1},{"3":2,"4":1},{"1":3},{"2":2,"4":1}]}
END
head -n 1 "$tmp/in" >"$tmp/in1"
sed "s|$tmp/in\"|$tmp/in1\"|" "$tmp/exp" >"$tmp/exp2" && mv "$tmp/exp2" "$tmp/exp"
check "--true-candidates=counts --json" 0 "$sudoku" -j \
    --true-candidates=counts "$tmp/in1"

# A variant: X 4x4 with two solutions.
printf 'variant x 2x2\n....\n.1..\n....\n2...\n' >"$tmp/x"
cat >"$tmp/exp" <<END
$tmp/x:1: 2 solutions; placements leaving 1 solution:
r1c1=3
r1c1=4
r1c3=3
r1c3=4
r2c1=3
r2c1=4
r2c3=3
r2c3=4
r3c2=3
r3c2=4
r3c4=3
r3c4=4
r4c2=3
r4c2=4
r4c4=3
r4c4=4

END
check "--unique-by, X" 0 "$sudoku" --unique-by "$tmp/x"

# The classic two-solution example: its four cells of 8 and 9.
cat >"$tmp/exp" <<'END'
two-solutions.txt:1: 2 solutions; placements leaving 1 solution:
r1c2=8
r1c2=9
r1c6=8
r1c6=9
r2c2=8
r2c2=9
r2c6=8
r2c6=9

END
(cd "$puzzles" && run "$sudoku" --unique-by two-solutions.txt &&
    cp "$tmp/out" "$tmp/out9" && echo "$st" >"$tmp/st9")
same "--unique-by, 9x9" "$tmp/exp" "$tmp/out9"
status "--unique-by, 9x9" 0 "$(cat "$tmp/st9")"

# No solution (r1c3 needs 3 or 4, which column 3 has): exit status 1,
# as for --count.
printf '12....3...4.....\n' >"$tmp/none"
run "$sudoku" --unique-by "$tmp/none"

expect_lines "--unique-by, no solution" 1 "$tmp/none:1: 0 solutions

" ""

# Refused combinations: usage errors, exit status 2.
run "$sudoku" --true-candidates=all "$tmp/in"
status "--true-candidates=all" 2
grep -q "'all' is not counts" "$tmp/err" || failed "--true-candidates=all: message"
for opts in "--true-candidates -l 5" "--unique-by -c" "--unique-by -f csv" \
    "--true-candidates --unique-by"; do
	run "$sudoku" $opts "$tmp/in"
	status "$opts" 2
	test -s "$tmp/out" && failed "$opts: output"
done

exit $fail
