#!/bin/sh
# cli-sudoku-counts.sh: solution counts that are known independently.
#  - 300 puzzles of Serg's benchmark, every one with 3 to 1254 solutions,
#    counts from the benchmark's counts file (agreed by several solvers);
#  - puzzles of 4x4, 6x6, 8x8, 10x10 and 12x12 with 1 to 3916 solutions,
#    and 8x8 with boxes of 4 rows by 2 columns (--box 4x2), counted by a
#    separate brute-force counter;
#  - the empty 4x4 (288) written in each input form;
#  - the bundled examples, with the 20-puzzle list's 4 malformed lines.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

for set in serg300 sizes; do
	cut -d' ' -f1 "$data/sudoku-$set.counts" >"$tmp/in"
	run "$sudoku" --count --format=line "$tmp/in"
	same "counts of $set" "$data/sudoku-$set.counts" "$tmp/out"
	status "counts of $set" 0 "$st"
done

cut -d' ' -f1 "$data/sudoku-box4x2.counts" >"$tmp/in"
run "$sudoku" -c -f line --box 4x2 "$tmp/in"
same "counts with --box 4x2" "$data/sudoku-box4x2.counts" "$tmp/out"
# The same lines read with the default 2x4 boxes are other puzzles.
run "$sudoku" -c -f line "$tmp/in"
if cmp -s "$data/sudoku-box4x2.counts" "$tmp/out"; then
	failed "--box 4x2 made no difference"
fi

# The empty 4x4 in every form: 288 solutions each.
{
	echo "# one line, size from --box"
	echo "................"
	echo
	echo "# a grid of characters"
	printf '....\n....\n....\n....\n\n'
	echo "# a grid with separators, .ss style"
	printf '..|..\n..|..\n-----\n..|..\n..|..\n\n'
	echo "# numbers"
	printf '0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n'
	echo "# spaced, with other blanks"
	printf '_ * | x X\n0 . | . .\n----+----\n. . | . .\n. . | . .\n'
} >"$tmp/empty4"
cat >"$tmp/exp" <<END
$tmp/empty4:2: 288 solutions
$tmp/empty4:5: 288 solutions
$tmp/empty4:11: 288 solutions
$tmp/empty4:18: 288 solutions
$tmp/empty4:24: 288 solutions
END
check "empty 4x4 forms, --box 2x2" 0 "$sudoku" -c --box 2x2 "$tmp/empty4"
# Without --box the size is inferred: the same answers.
run "$sudoku" -c "$tmp/empty4"
same "empty 4x4 forms, inferred" "$tmp/exp" "$tmp/out"

# The examples.
cd "$puzzles" || exit 99
run "$sudoku" -c classic.txt classic-2.txt two-solutions.txt 4x4.txt 6x6.txt \
    16x16.txt 25x25.txt math495r.txt
cat >"$tmp/exp" <<'END'
classic.txt:1: 1 solution
classic-2.txt:1: 2 solutions
two-solutions.txt:1: 2 solutions
4x4.txt:2: 1 solution
6x6.txt:2: 1 solution
16x16.txt:2: 1 solution
25x25.txt:2: 1 solution
math495r.txt:1: 1 solution
math495r.txt:2: 1 solution
math495r.txt:3: 1 solution
math495r.txt:5: 1 solution
math495r.txt:6: 1 solution
math495r.txt:7: 1 solution
math495r.txt:8: 1 solution
math495r.txt:10: 1 solution
math495r.txt:11: 1 solution
math495r.txt:12: 1 solution
math495r.txt:14: 1 solution
math495r.txt:15: 1 solution
math495r.txt:16: 1 solution
math495r.txt:17: 1 solution
math495r.txt:18: 1 solution
math495r.txt:19: 1 solution
math495r.txt:20: 1 solution
END
same "counts of the examples" "$tmp/exp" "$tmp/out"
cat >"$tmp/exp" <<'END'
dlx-sudoku: math495r.txt:4: line has 80 cells, expected 81
dlx-sudoku: math495r.txt:9: line has 79 cells, expected 81
dlx-sudoku: math495r.txt:13: line has 80 cells, expected 81
END
same "malformed lines of the 20-puzzle list" "$tmp/exp" "$tmp/err"
status "examples with malformed lines" 2 "$st"

exit $fail
