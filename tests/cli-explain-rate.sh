#!/bin/sh
# cli-explain-rate.sh: dlx-sudoku --rate (a grade per puzzle, a summary
# per file) and --candidates alone (the pencil marks where the rules
# stop), exact output; a write error.  The grades of logic-sound.txt are
# those the Check suite counts with the library.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

run "$sudoku" --rate logic-sound.txt
tail -n 1 "$tmp/out" >"$tmp/got"
echo "logic-sound.txt: 297 puzzles: 65 singles, 87 subsets, 0 fish," \
    "0 advanced, 145 search" >"$tmp/exp"
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
	failed "rate: not one line per puzzle"
fi

cat >"$tmp/exp" <<'END'
12.............. search 14 multiple
12....3....3.... none
explain-small.txt: 2 puzzles: 0 singles, 0 subsets, 0 fish, 0 advanced, 1 search, 1 with no solution
1..5..4...3..9......53.27.....1.............55.8.2631.7.2.3..8.......2.4.592..... search 307
explain-triple.txt: 1 puzzle: 0 singles, 0 subsets, 0 fish, 0 advanced, 1 search
END
check "rate, line" 1 "$sudoku" --rate --format line explain-small.txt explain-triple.txt

cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","grade":"search","steps":2,"guesses":14,"result":"multiple"}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","grade":"none","steps":0,"result":"none"}
{"type":"summary","file":"explain-small.txt","puzzles":2,"grades":{"singles":0,"subsets":0,"fish":0,"advanced":0,"search":1,"none":1}}
END
check "rate, json" 1 "$sudoku" --rate --json explain-small.txt

# The pencil marks where the rules stop: those cli-explain-steps.sh shows.
run "$sudoku" --rate --candidates explain-triple.txt "$puzzles/6x6.txt"
sed "s|$puzzles/||" "$tmp/out" >"$tmp/got"
{
	echo "explain-triple.txt:3: search (307 guesses)"
	cat explain-triple-3.candidates
	echo
	echo "explain-triple.txt: 1 puzzle: 0 singles, 0 subsets, 0 fish, 0 advanced, 1 search"
	echo "6x6.txt:2: singles"
	echo "6x6.txt: 1 puzzle: 1 singles, 0 subsets, 0 fish, 0 advanced, 0 search"
} >"$tmp/exp"
same "rate, candidates" "$tmp/exp" "$tmp/got"
status "rate, candidates" 0

{
	echo "explain-small.txt:3: no rule applies"
	cat explain-small-3.candidates
	echo
	echo "explain-small.txt:4: contradiction: no place left for 3 in row 1"
	cat explain-small-4.candidates
	echo
} >"$tmp/exp"
check "candidates" 1 "$sudoku" --candidates explain-small.txt

run "$sudoku" --candidates --json explain-small.txt
cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","stop":"stuck","grid":"12..............","candidates":[[],[],["3","4"],["3","4"],["3","4"],["3","4"],["1","2"],["1","2"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"]]}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","stop":"contradiction","grid":"12....3....3....","candidates":[[],[],["4"],["4"],["4"],["4"],[],["1","2","4"],["2","4"],["1","4"],["1","2","4"],[],["2","3","4"],["1","3","4"],["1","2","4"],["1","2","4"]]}
END
same "candidates, json" "$tmp/exp" "$tmp/out"

# A failed write is an error.
write_error "$sudoku" --explain explain-triple.txt

exit $fail
