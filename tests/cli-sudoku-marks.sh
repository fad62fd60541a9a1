#!/bin/sh
# cli-sudoku-marks.sh: a line of pencil marks (N*N*N places, cell by
# cell) is a puzzle for every mode of dlx-sudoku, its solutions those
# that use no struck candidate: exact output of solving, --count, --all,
# --unique, --limit, --json and CSV on a file mixing marks and plain
# puzzles, its bad lines reported by line (and column) and the rest
# answered; -t 2 as -t 1; --part K/N merged (counts and solutions) as
# the whole; a checkpoint resumed to the whole; variants with marks in
# place of their grid.  The counts were checked against the identity
# count(marks) = count(givens) - count(givens + the struck candidate)
# (the X and 9x9 comments in the data) and against Python (test_marks.py).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

# The lines of marks.txt: 3 and 5 are 6x6 marks (1 and 4 solutions), 4 a
# plain 4x4 puzzle, 6 marks with a cell left no candidate, 7 marks with
# two single marks in row 1.
m3=$(sed -n 3p marks.txt)
m5=$(sed -n 5p marks.txt)
sol=123456456123231564564231312645645312
errs='dlx-sudoku: marks.txt:6:7: r1c2 has no candidate (its 6 places are all blank)
dlx-sudoku: marks.txt:7: row 1 has two 1s: r1c1 and r1c2
'

run "$sudoku" -f line marks.txt
expect_lines "solve" 2 "$sol
1234431234212143
$sol multiple
- error
- error
" "$errs"

run "$sudoku" marks.txt
grid "$sol" 2x3 >"$tmp/g"
{ echo "marks.txt:3: solved"; cat "$tmp/g"; echo
  echo "marks.txt:4: solved"; grid 1234431234212143 2x2; echo
  echo "marks.txt:5: not unique; one of several solutions"; cat "$tmp/g"
  echo; } >"$tmp/exp.out"
printf '%s' "$errs" >"$tmp/exp.err"
expect "solve, grid" 2

run "$sudoku" -c marks.txt
expect_lines "count" 2 "marks.txt:3: 1 solution
marks.txt:4: 1 solution
marks.txt:5: 4 solutions
" "$errs"
cp "$tmp/out" "$tmp/count1"
run "$sudoku" -c -t 2 marks.txt
same "count, -t 2" "$tmp/count1" "$tmp/out"

run "$sudoku" -l 2 -f line marks.txt
expect_lines "limit" 2 "$m3 1
.2.4..1.3....1.. 1
$m5 at least 2
- error
- error
" "$errs"

run "$sudoku" -a -f line marks.txt
expect_lines "all" 2 "$sol #1
1234431234212143 #1
123456456123231564564231312645645312 #1
123456456123234561561234312645645312 #2
123456456123261534534261312645645312 #3
123456456123264531531264312645645312 #4
- error
- error
" "$errs"

run "$sudoku" -u marks.txt
expect_lines "unique" 2 "marks.txt:3: unique
marks.txt:4: unique
marks.txt:5: multiple
" "$errs"

run "$sudoku" -f csv -u marks.txt
expect_lines "csv" 2 "puzzle,result
$m3,unique
.2.4..1.3....1..,unique
$m5,multiple
" "$errs"

run "$sudoku" -j -c marks.txt
expect_lines "json" 2 \
"{\"type\":\"count\",\"file\":\"marks.txt\",\"line\":3,\"size\":6,\"box\":\"2x3\",\"marks\":\"$m3\",\"solutions\":1,\"exact\":true}
{\"type\":\"count\",\"file\":\"marks.txt\",\"line\":4,\"size\":4,\"box\":\"2x2\",\"puzzle\":\".2.4..1.3....1..\",\"solutions\":1,\"exact\":true}
{\"type\":\"count\",\"file\":\"marks.txt\",\"line\":5,\"size\":6,\"box\":\"2x3\",\"marks\":\"$m5\",\"solutions\":4,\"exact\":true}
{\"type\":\"error\",\"file\":\"marks.txt\",\"line\":6,\"column\":7,\"error\":\"r1c2 has no candidate (its 6 places are all blank)\"}
{\"type\":\"error\",\"file\":\"marks.txt\",\"line\":7,\"error\":\"row 1 has two 1s: r1c1 and r1c2\"}
" "$errs"

# A 9x9 of marks: the count on one thread and two, and its parts merged
# (under valgrind, where each 9x9 count takes seconds, the parts of the
# 6x6 of four solutions).
sed -n 5p marks.txt >"$tmp/m5.txt"
run "$sudoku" -c -t 1 marks-9x9.txt
expect_lines "9x9" 0 "marks-9x9.txt:3: 13986 solutions
" ""
if under_valgrind; then
	parted=$tmp/m5.txt whole=4
else
	parted=marks-9x9.txt whole=13986
	run "$sudoku" -c -t 2 marks-9x9.txt
	expect_lines "9x9, -t 2" 0 "marks-9x9.txt:3: 13986 solutions
" ""
fi
for k in 1 2 3; do
	$DLX_RUN "$sudoku" --part $k/3 "$parted" >"$tmp/rec.$k" ||
	    failed "part $k/3"
done
got=$($DLX_RUN "$sudoku" merge "$tmp"/rec.*)
[ "$got" = "$whole" ] || failed "parts merged: $got, not $whole"
# The parts' solutions are the whole's, each once (the 6x6 of four).
$DLX_RUN "$sudoku" -a -f line "$tmp/m5.txt" | sort >"$tmp/all"
: >"$tmp/union"
for k in 1 2 3; do
	$DLX_RUN "$sudoku" --part $k/3 -a -f line "$tmp/m5.txt" \
	    >>"$tmp/union" 2>/dev/null || failed "part $k/3 -a"
done
sed 's/ #[0-9]*$//' "$tmp/all" | sort >"$tmp/all.s"
grep -v '^{' "$tmp/union" | sed 's/ #[0-9]*$//' | sort >"$tmp/union.s"
[ "$(wc -l <"$tmp/all.s")" = 4 ] || failed "-a: $(wc -l <"$tmp/all.s") solutions"
same "parts' solutions" "$tmp/all.s" "$tmp/union.s"

# A checkpoint of a marks puzzle, resumed: the whole count.  The 26
# givens of marks-9x9.txt with only 1 struck from r1c1 (185198 of their
# 385677 solutions), a second's count: not under valgrind.
if ! under_valgrind; then
	p=.2......9..71.........3..1....5..3..5...7.....8...2..6.........6.8.....4......92.
	echo "$p" >"$tmp/p.txt"
	echo "$p" | awk '{
		for (i = 1; i <= 81; i++) {
			ch = substr($0, i, 1)
			for (d = 1; d <= 9; d++)
				if (ch == ".")
					printf "%s", (i == 1 && d == 1) ? "." : d
				else
					printf "%s", ch == d ? d : "."
		}
		print ""
	}' >"$tmp/m.txt"
	start "$sudoku" -c -t 1 --checkpoint "$tmp/ck" --checkpoint-every 0.05 \
	    "$tmp/m.txt"
	i=0
	while [ ! -s "$tmp/ck" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -TERM "$pid" 2>/dev/null
	st=0
	wait "$pid" || st=$?
	pid=
	[ "$st" = 143 ] || [ "$st" = 0 ] || failed "checkpoint run: status $st"
	run "$sudoku" -c --resume "$tmp/ck" "$tmp/m.txt"
	expect_lines "resumed" 0 "$tmp/m.txt:1: 185198 solutions
" ""
	# The checkpoint is of the marks puzzle, not of its givens.
	run "$sudoku" -c --resume "$tmp/ck" "$tmp/p.txt"
	status "checkpoint of the marks, on the givens" 2
	grep -q "checkpoint of another problem" "$tmp/err" ||
	    failed "checkpoint on the givens: $(cat "$tmp/err")"
fi

# Variants: marks in place of the grid.
err='dlx-sudoku: marks-variants.txt:21:1: r1c1 has no candidate (its 6 places are all blank)
'
run "$sudoku" -c marks-variants.txt
expect_lines "variants, count" 2 "marks-variants.txt:1: 7200 solutions
marks-variants.txt:8: 1 solution
" "$err"
run "$sudoku" -c -t 2 marks-variants.txt
expect_lines "variants, -t 2" 2 "marks-variants.txt:1: 7200 solutions
marks-variants.txt:8: 1 solution
" "$err"
x=$(sed -n 4p marks-variants.txt)
k=$(sed -n 9p marks-variants.txt)
run "$sudoku" -a -f line -l 1 marks-variants.txt
expect_lines "variants, all" 2 "213456654123326514541362132645465231 #1
$x at least 1
253641146532614325532164465213321456 #1
$k at least 1
- error
" "$err"

exit $fail
