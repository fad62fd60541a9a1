#!/bin/sh
# cli-explain-rate.sh: dlx-sudoku --rate (a rating per puzzle, the
# distribution of levels per file), --hint, --no-uniqueness, lines of
# pencil marks, and --candidates alone (the starting pencil marks, the
# givens in brackets), exact output; a write error.  The 65 easy puzzles of
# logic-sound.txt are those the Check suite finds solved by singles; none
# is left to the search since the chains and forcing chains.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

# Under valgrind (some fifty times slower here) the first puzzles only:
# the whole file, its summary and the threads ran natively and under the
# sanitizers.
if under_valgrind; then
	head -n 12 logic-sound.txt >"$tmp/sound.txt"
	run "$sudoku" --rate "$tmp/sound.txt"
	sed "s|^$tmp/sound\\.txt:|logic-sound.txt:|" "$tmp/out" >"$tmp/got"
	cp "$tmp/got" "$tmp/out"
else
	run "$sudoku" --rate logic-sound.txt
	tail -n 1 "$tmp/out" >"$tmp/got"
	echo "logic-sound.txt: 297 puzzles: 65 easy, 70 medium, 46 hard," \
	    "14 unfair, 102 extreme, 0 search" >"$tmp/exp"
	same "rate, summary" "$tmp/exp" "$tmp/got"
fi
status "rate, summary" 0 "$st"
sed -n 1,4p "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
logic-sound.txt:3: ER 8.1, EP 1.2, ED 1.2, extreme (forcing chain)
logic-sound.txt:4: ER 4.0, EP 1.5, ED 1.5, hard (hidden triple)
logic-sound.txt:5: ER 7.4, EP 1.2, ED 1.2, extreme (als-xy-wing)
logic-sound.txt:6: ER 3.4, EP 1.2, ED 1.2, hard (hidden pair)
END
same "rate, first puzzles" "$tmp/exp" "$tmp/got"
if ! under_valgrind; then
	if [ "$(grep -c '^logic-sound.txt:[0-9]*: ' "$tmp/out")" != 297 ]; then
		failed "rate: not one line per puzzle"
	fi
	# On every thread the same output, in the same order.
	cp "$tmp/out" "$tmp/one"
	run "$sudoku" --rate -t 3 logic-sound.txt
	same "rate, threads" "$tmp/one" "$tmp/out"
fi

cat >"$tmp/exp" <<'END'
12.............. search 14 multiple
12....3....3.... none
explain-small.txt: 2 puzzles: 0 easy, 0 medium, 0 hard, 0 unfair, 0 extreme, 1 search, 1 with no solution
1..5..4...3..9......53.27.....1.............55.8.2631.7.2.3..8.......2.4.592..... 8.1 8.1 3.6 extreme
explain-triple.txt: 1 puzzle: 0 easy, 0 medium, 0 hard, 0 unfair, 1 extreme, 0 search
END
check "rate, line" 1 "$sudoku" --rate --format line explain-small.txt explain-triple.txt
# dlx-sudoku(1)'s --rate shows this summary line: it stays the program's.
sed -n 's/^\.Dl \(explain-small\.txt: [0-9]* puzzles\{0,1\}: .*\)/\1/p' \
    "$top_srcdir/man/dlx-sudoku.1" >"$tmp/man"
grep '^explain-small\.txt: ' "$tmp/out" >"$tmp/got"
[ -s "$tmp/man" ] || failed "dlx-sudoku(1) lost the summary line of --rate"
same "dlx-sudoku(1)'s summary line of --rate" "$tmp/got" "$tmp/man"

cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","level":"search","steps":2,"guesses":14,"result":"multiple"}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","level":"none","steps":0,"result":"none"}
{"type":"summary","file":"explain-small.txt","puzzles":2,"levels":{"easy":0,"medium":0,"hard":0,"unfair":0,"extreme":0,"search":1,"none":1}}
END
check "rate, json" 1 "$sudoku" --rate --json explain-small.txt

# The pencil marks where the rules stop, and none for puzzles they solve
# (the forcing chains finish the triple).
run "$sudoku" --rate --candidates explain-triple.txt "$puzzles/6x6.txt"
sed "s|$puzzles/||" "$tmp/out" >"$tmp/got"
{
	echo "explain-triple.txt:3: ER 8.1, EP 8.1, ED 3.6, extreme (forcing chain)"
	echo "explain-triple.txt: 1 puzzle: 0 easy, 0 medium, 0 hard, 0 unfair, 1 extreme, 0 search"
	echo "6x6.txt:2: ER 1.2, EP 1.2, ED 1.2, easy (hidden single)"
	echo "6x6.txt: 1 puzzle: 1 easy, 0 medium, 0 hard, 0 unfair, 0 extreme, 0 search"
} >"$tmp/exp"
same "rate, candidates" "$tmp/exp" "$tmp/got"
status "rate, candidates" 0

# --candidates alone: the marks the givens leave, before any rule, even
# on a puzzle the rules solve or find without solution (status 0); a
# given in brackets, a naked single (r4c5 of classic.txt: 7) without.
cat >"$tmp/exp" <<'END'
classic.txt:1: candidates after the givens (givens in brackets)
[9] 12    126  | [7] 6     [3] | [5] 268  [4]
[3] 457   4567 | [2] [8]   49  | [1] 679  79
267 247   [8]  | 469 [5]   [1] | [3] 2679 279
---------------+---------------+---------------
178 1478  [3]  | 458 7     [2] | [9] 478  [6]
278 24789 247  | [1] [3]   [6] | 478 [5]  278
[5] 24789 2467 | 489 79    479 | 478 [1]  2378
---------------+---------------+---------------
[4] [3]   1257 | 569 12679 579 | 678 6789 15789
127 [6]   1257 | 359 1279  [8] | 47  3479 13579
178 1578  [9]  | 356 [4]   57  | [2] 3678 13578

explain-small.txt:3: candidates after the givens (givens in brackets)
[1] [2] | 34   34
34  34  | 1234 1234
--------+----------
234 134 | 1234 1234
234 134 | 1234 1234

explain-small.txt:4: candidates after the givens (givens in brackets)
[1] [2] | 4   4
4   4   | [3] 124
--------+--------
24  14  | 124 [3]
234 134 | 124 124

END
(cd "$puzzles" && cp classic.txt "$tmp/") || exit 99
run "$sudoku" --candidates "$tmp/classic.txt" explain-small.txt
sed "s|^$tmp/||" "$tmp/out" >"$tmp/got"
same "candidates" "$tmp/exp" "$tmp/got"
status "candidates" 0

# In JSON: the grid of the givens and each cell's candidates ([] for a
# given).
run "$sudoku" --candidates --json explain-small.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","grid":"12..............","candidates":[[],[],["3","4"],["3","4"],["3","4"],["3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"]]}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","grid":"12....3....3....","candidates":[[],[],["4"],["4"],["4"],["4"],[],["1","2","4"],["2","4"],["1","4"],["1","2","4"],[],["2","3","4"],["1","3","4"],["1","2","4"],["1","2","4"]]}
END
same "candidates, json" "$tmp/exp" "$tmp/out"

# The rating in JSON and CSV: a puzzle of top1465 that needs a unique
# rectangle; without the uniqueness rules it needs an ALS chain.
ur=1.........4..59....653....42..6...47.7..4...6.....58.......3.2...2..7..5......61.
cat >"$tmp/exp" <<END
{"type":"puzzle","file":"(standard input)","line":1,"size":9,"box":"3x3","puzzle":"$ur","er":4.5,"ep":1.2,"ed":1.2,"level":"hard","hardest":"unique rectangle type 1","score":1428,"steps":69,"result":"unique"}
{"type":"summary","file":"(standard input)","puzzles":1,"levels":{"easy":0,"medium":0,"hard":1,"unfair":0,"extreme":0,"search":0,"none":0}}
END
# (The puzzle comes from a file, not a pipe: check in a pipeline would run
# in a subshell, and its failures would be lost.)
echo "$ur" >"$tmp/ur.txt"
check "rate, uniqueness, json" 0 "$sudoku" --rate --json <"$tmp/ur.txt"
printf '%s\n' "puzzle,er,ep,ed,level,hardest,score,guesses,result" \
    "$ur,7.7,1.2,1.2,extreme,als chain,5688,,unique" >"$tmp/exp"
check "rate, no uniqueness, csv" 0 "$sudoku" --rate -f csv \
    --no-uniqueness <"$tmp/ur.txt"
run "$sudoku" --no-uniqueness explain-small.txt
status "no uniqueness without the rules" 2 "$st"

# --hint: the next step only; from pencil marks (a line of 729), where a
# cell with one mark is filled: that of top1465's 4th puzzle before its
# first step, then a puzzle.
cat >"$tmp/exp" <<'END'
explain-triple.txt:3: naked triple {6,7,8} in row 1 (r1c3, r1c5, r1c6): removes 6 from r1c2 r1c8 r1c9, 7 from r1c2, 8 from r1c2 r1c9
logic-marks.txt:1: hidden single: r3c3 = 9 (only place for 9 in box 1)
logic-marks.txt:2: hidden single: r1c2 = 2 (only place for 2 in box 1)
END
check "hint" 0 "$sudoku" --hint explain-triple.txt logic-marks.txt
run "$sudoku" --hint --json logic-marks.txt
head -n 1 "$tmp/out" | sed 's/"marks":"[.1-9]*"/"marks":M/' >"$tmp/got"
cat >"$tmp/exp" <<'END'
{"type":"hint","file":"logic-marks.txt","line":1,"size":9,"box":"3x3","marks":M,"rule":"hidden single","rating":1.2,"step":"hidden single: r3c3 = 9 (only place for 9 in box 1)","stop":"step"}
END
same "hint, json" "$tmp/exp" "$tmp/got"
cat >"$tmp/exp" <<'END'
logic-marks.txt:1: ER 3.4, EP 1.2, ED 1.2, hard (hidden pair)
logic-marks.txt:2: ER 4.5, EP 1.2, ED 1.2, hard (unique rectangle type 1)
logic-marks.txt: 2 puzzles: 0 easy, 0 medium, 2 hard, 0 unfair, 0 extreme, 0 search
END
check "rate, marks" 0 "$sudoku" --rate logic-marks.txt
# The marks written back as they were read.
run "$sudoku" --rate -f line logic-marks.txt
head -n 1 "$tmp/out" | cut -d ' ' -f 1 >"$tmp/got"
head -n 1 logic-marks.txt >"$tmp/exp"
same "rate, marks, line" "$tmp/exp" "$tmp/got"
# The search modes take marks too (tests/cli-sudoku-marks.sh): the
# solutions --rate's rules reach; a mark out of its place is an error.
cat >"$tmp/exp" <<'END'
317849265245736891869512473456398712732164958981257634174925386693481527528673149
123476598847259361965381274251638947378942156496715832514863729632197485789524613
END
check "marks, solve" 0 "$sudoku" -f line logic-marks.txt
head -n 1 logic-marks.txt | sed 's/^\(..\)3/\15/' >"$tmp/bad"
run "$sudoku" --hint "$tmp/bad"
sed "s|$tmp/||" "$tmp/err" >"$tmp/got"
echo "dlx-sudoku: bad:1:3: pencil mark 5 in the place of 3 (a cell's 9" \
    "places are for 1 to 9, in order)" >"$tmp/exp"
same "marks, out of place" "$tmp/exp" "$tmp/got"
status "marks, out of place" 2 "$st"

# A failed write is an error.
write_error "$sudoku" --explain explain-triple.txt

exit $fail
