#!/bin/sh
# cli-explain-rate.sh: dlx-sudoku --rate (a grade per puzzle, a summary
# per file) and --candidates alone (the pencil marks where the rules
# stop), exact output; a write error.  The grades of logic-sound.txt are
# those the Check suite counts with the library.
. "${top_srcdir:-$(dirname "$0")/..}/tests/sudoku-common.sh"
cd "$data" || exit 99

run --rate logic-sound.txt
tail -n 1 "$tmp/out" >"$tmp/got"
echo "logic-sound.txt: 297 puzzles: 65 singles, 87 subsets, 0 fish," \
    "145 search" >"$tmp/exp"
same "rate, summary" "$tmp/exp" "$tmp/got"
status "rate, summary" 0 "$st"
sed -n 1,4p "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
logic-sound.txt:3: search (87 guesses)
logic-sound.txt:4: subsets
logic-sound.txt:5: search (267 guesses)
logic-sound.txt:6: subsets
END
same "rate, first puzzles" "$tmp/exp" "$tmp/got"
if [ "$(grep -c '^logic-sound.txt:[0-9]*: ' "$tmp/out")" != 297 ]; then
	echo "FAIL: rate: not one line per puzzle"
	fail=1
fi

run --rate --format line explain-small.txt explain-triple.txt
cat >"$tmp/exp" <<'END'
12.............. search 14 multiple
12....3....3.... none
explain-small.txt: 2 puzzles: 0 singles, 0 subsets, 0 fish, 1 search, 1 with no solution
1..5..4...3..9......53.27.....1.............55.8.2631.7.2.3..8.......2.4.592..... search 307
explain-triple.txt: 1 puzzle: 0 singles, 0 subsets, 0 fish, 1 search
END
same "rate, line" "$tmp/exp" "$tmp/out"
status "rate, line" 1 "$st"

run --rate --json explain-small.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","grade":"search","steps":2,"guesses":14,"result":"multiple"}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","grade":"none","steps":0,"result":"none"}
{"type":"summary","file":"explain-small.txt","puzzles":2,"grades":{"singles":0,"subsets":0,"fish":0,"search":1,"none":1}}
END
same "rate, json" "$tmp/exp" "$tmp/out"
status "rate, json" 1 "$st"

run --rate --candidates explain-triple.txt "$ex/6x6.txt"
sed "s|$ex/||" "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
explain-triple.txt:3: search (307 guesses)
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

explain-triple.txt: 1 puzzle: 0 singles, 0 subsets, 0 fish, 1 search
6x6.txt:2: singles
6x6.txt: 1 puzzle: 1 singles, 0 subsets, 0 fish, 0 search
END
same "rate, candidates" "$tmp/exp" "$tmp/got"
status "rate, candidates" 0 "$st"

run --candidates explain-small.txt
cat >"$tmp/exp" <<'END'
explain-small.txt:3: no rule applies
1   2   | 34   34
34  34  | 12   12
--------+----------
234 134 | 1234 1234
234 134 | 1234 1234

explain-small.txt:4: contradiction: no place left for 3 in row 1
1   2   | 4   4
4   4   | 3   124
--------+--------
24  14  | 124 3
234 134 | 124 124

END
same "candidates" "$tmp/exp" "$tmp/out"
status "candidates" 1 "$st"

run --candidates --json explain-small.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","stop":"stuck","grid":"12..............","candidates":[[],[],["3","4"],["3","4"],["3","4"],["3","4"],["1","2"],["1","2"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"]]}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","stop":"contradiction","grid":"12....3....3....","candidates":[[],[],["4"],["4"],["4"],["4"],[],["1","2","4"],["2","4"],["1","4"],["1","2","4"],[],["2","3","4"],["1","3","4"],["1","2","4"],["1","2","4"]]}
END
same "candidates, json" "$tmp/exp" "$tmp/out"

# A failed write is an error.
if [ -w /dev/full ]; then
	st=0
	"$prog" --explain explain-triple.txt >/dev/full 2>"$tmp/err" || st=$?
	status "explain, /dev/full" 2 "$st"
	grep -q "write error" "$tmp/err" || {
		echo "FAIL: explain, /dev/full: no write error message"
		fail=1
	}
fi

exit $fail
