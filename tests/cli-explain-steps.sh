#!/bin/sh
# cli-explain-steps.sh: dlx-sudoku --explain, exact output: each step of
# the rules, the pencil marks and the search where they are stuck, a
# contradiction, every format, a 16x16 with letters.  The steps were
# checked by hand against the candidates.
. "${top_srcdir:-$(dirname "$0")/..}/tests/sudoku-common.sh"
cd "$data" || exit 99

# The seed example: a naked triple, locked candidates, then search.
run --explain explain-triple.txt
cat >"$tmp/exp" <<'END'
explain-triple.txt:3: step by step
naked triple {6,7,8} in row 1 (r1c3, r1c5, r1c6): removes 6 from r1c2 r1c8 r1c9, 7 from r1c2, 8 from r1c2 r1c9
pointing 7 in box 1 confined to column 3 (r1c3, r2c3): removes 7 from r4c3 r5c3
claiming 8 in row 1 confined to box 2 (r1c5, r1c6): removes 8 from r2c4 r2c6 r3c5
no rule applies; candidates:
1     29     67   | 5    678   78     | 4    239   239
2468  3      467  | 467  9     147    | 1568 256   1268
4689  4689   5    | 3    146   2      | 7    69    1689
------------------+-------------------+-----------------
23469 24679  346  | 1    4578  345789 | 689  24679 26789
23469 124679 1346 | 4789 478   34789  | 689  24679 5
5     479    8    | 479  2     6      | 3    1     79
------------------+-------------------+-----------------
7     146    2    | 469  3     1459   | 1569 8     169
368   168    136  | 6789 15678 15789  | 2    35679 4
3468  5      9    | 2    14678 1478   | 16   367   1367
search: solved after 307 guesses; grade: search
1 2 7 | 5 6 8 | 4 9 3
6 3 4 | 7 9 1 | 8 5 2
9 8 5 | 3 4 2 | 7 6 1
------+-------+------
2 7 6 | 1 5 3 | 9 4 8
3 4 1 | 8 7 9 | 6 2 5
5 9 8 | 4 2 6 | 3 1 7
------+-------+------
7 1 2 | 6 3 4 | 5 8 9
8 6 3 | 9 1 5 | 2 7 4
4 5 9 | 2 8 7 | 1 3 6

END
same "explain, triple" "$tmp/exp" "$tmp/out"
status "explain, triple" 0 "$st"

# Stuck with several solutions; no solution.  --candidates adds the pencil
# marks before the first step and at a contradiction.
run --explain --candidates explain-small.txt
cat >"$tmp/exp" <<'END'
explain-small.txt:3: step by step
candidates:
1   2   | 34   34
34  34  | 1234 1234
--------+----------
234 134 | 1234 1234
234 134 | 1234 1234
pointing 3 in box 1 confined to row 2 (r2c1, r2c2): removes 3 from r2c3 r2c4
pointing 4 in box 1 confined to row 2 (r2c1, r2c2): removes 4 from r2c3 r2c4
no rule applies; candidates:
1   2   | 34   34
34  34  | 12   12
--------+----------
234 134 | 1234 1234
234 134 | 1234 1234
search: not unique; one of several solutions after 14 guesses; grade: search
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1

explain-small.txt:4: step by step
candidates:
1   2   | 4   4
4   4   | 3   124
--------+--------
24  14  | 124 3
234 134 | 124 124
contradiction: no place left for 3 in row 1
candidates:
1   2   | 4   4
4   4   | 3   124
--------+--------
24  14  | 124 3
234 134 | 124 124
no solution

END
same "explain, candidates" "$tmp/exp" "$tmp/out"
status "explain, candidates" 1 "$st"

run --explain --json explain-small.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","steps":["pointing 3 in box 1 confined to row 2 (r2c1, r2c2): removes 3 from r2c3 r2c4","pointing 4 in box 1 confined to row 2 (r2c1, r2c2): removes 4 from r2c3 r2c4"],"grid":"12..............","candidates":[[],[],["3","4"],["3","4"],["3","4"],["3","4"],["1","2"],["1","2"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"]],"grade":"search","guesses":14,"result":"multiple","solution":"1234341221434321"}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","steps":[],"contradiction":"contradiction: no place left for 3 in row 1","grade":"none","result":"none"}
END
same "explain, json" "$tmp/exp" "$tmp/out"
status "explain, json" 1 "$st"

run --explain --format line explain-triple.txt
tail -n 2 "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
127568493634791852985342761276153948341879625598426317712634589863915274459287136

END
same "explain, line" "$tmp/exp" "$tmp/got"

run --explain --format classic "$ex/4x4.txt"
cat >"$tmp/exp" <<'END'
Initial Board Position
X X 3 X
X X X 1
X X 4 X
2 X X X

naked single: r2c3 = 2
naked single: r1c4 = 4
naked single: r1c1 = 1
naked single: r1c2 = 2
naked single: r3c1 = 3
naked single: r2c1 = 4
naked single: r2c2 = 3
naked single: r3c2 = 1
naked single: r3c4 = 2
naked single: r4c2 = 4
naked single: r4c3 = 1
naked single: r4c4 = 3
solved by the rules; grade: singles
Solution #1
1 2 3 4
4 3 2 1
3 1 4 2
2 4 1 3

END
same "explain, classic" "$tmp/exp" "$tmp/out"
status "explain, classic" 0 "$st"

# Symbols beyond 9 print as letters.
run -e "$ex/16x16.txt"
sed -n 2,4p "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
naked single: r5c15 = F
hidden single: r1c1 = 1 (only place for 1 in box 1)
hidden single: r4c10 = 5 (only place for 5 in box 3)
END
same "explain, 16x16" "$tmp/exp" "$tmp/got"
grep -A 1 "^solved" "$tmp/out" >"$tmp/got"
printf "%s\n" "solved by the rules; grade: singles" \
    "1 8 E G | 2 9 C A | 4 7 B D | 3 5 6 F" >"$tmp/exp"
same "explain, 16x16 end" "$tmp/exp" "$tmp/got"

# --candidates goes with the rules only.
run --candidates --count explain-small.txt
cat >"$tmp/exp" <<'END'
dlx-sudoku: --candidates goes with --explain or --rate
Try 'dlx-sudoku --help' for more information.
END
same "candidates with count" "$tmp/exp" "$tmp/err"
status "candidates with count" 2 "$st"
run --explain --rate explain-small.txt
status "explain with rate" 2 "$st"

exit $fail
