#!/bin/sh
# cli-explain-steps.sh: dlx-sudoku --explain, exact output: each step of
# the rules, the pencil marks and the search where they are stuck, a
# contradiction, every format, a 16x16 with letters.  The steps were
# checked by hand against the candidates.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

# The pencil marks where the rules stop (tests/data/*.candidates, shared
# with cli-explain-rate.sh), and the solutions.
small3=$data/explain-small-3.candidates
small4=$data/explain-small-4.candidates
triple_s=127568493634791852985342761276153948341879625598426317712634589863915274459287136

# The seed example: a naked triple, locked candidates, patterns, then
# chains, almost locked sets, Sue de Coq and forcing chains to the end
# (their steps are checked against the solution by check_chains.c and
# bench/logic-check).
{
	cat <<'END'
explain-triple.txt:3: step by step
naked triple {6,7,8} in row 1 (r1c3, r1c5, r1c6): removes 6 from r1c2 r1c8 r1c9, 7 from r1c2, 8 from r1c2 r1c9
pointing 7 in box 1 confined to column 3 (r1c3, r2c3): removes 7 from r4c3 r5c3
claiming 8 in row 1 confined to box 2 (r1c5, r1c6): removes 8 from r2c4 r2c6 r3c5
finned swordfish 4 in rows 2, 6, 7 confined to columns 2, 4, 6, fins r2c1 r2c3: removes 4 from r3c2
x-chain: r3c5<>4 => r3c1=4 => r9c1<>4 => r7c2=4 => r6c2<>4 => r6c4=4: removes 4 from r2c4 r4c5 r5c5
hidden pair {1,4} in box 2 (r2c6, r3c5): removes 6 from r3c5, 7 from r2c6
grouped aic: r2c4<>7 => r2c3=7 => r2c3<>4 => r45c3=4 => r6c2<>4 => r6c4=4: removes 7 from r6c4
grouped aic: r2c6<>1 => r2c6=4 => r2c3<>4 => r45c3=4 => r456c2<>4 => r7c2=4 => r7c2<>1 => r8c23=1: removes 1 from r8c6
grouped aic: r5c4<>8 => r8c4=8 => r8c12<>8 => r9c1=8 => r9c1<>4 => r7c2=4 => r6c2<>4 => r6c4=4: removes 4 from r5c4
als-xy-wing {2,3,7,8,9} in r1c2 r1c6 r1c8 r1c9, {4,6,7,9} in r2c4 r6c4 r7c4, {7,8,9} in r5c4 r5c5 (linked by {7,9}): removes 8 from r4c6 r5c6
forcing chain: r3c9=9 => r3c2<>9 => r1c2=9 => r6c2<>9 => r6c4=9 => r6c4<>4; r3c9=9 => r3c9<>1 => r3c5=1 => r3c5<>4 => r9c5=4 => r7c4<>4: removes 9 from r3c9
forcing chain: r5c8=7 => r6c9<>7 => r6c9=9 => r5c7<>9 => r5c7=6 => r9c7<>6 => r9c7=1 => r7c9<>1; r5c8=7 => r6c9<>7 => r6c9=9 => r6c4<>9 => r6c4=4 => r7c4<>4 => r7c4=6 => r7c9<>6; r5c8=7 => r6c9<>7 => r6c9=9 => r7c9<>9: removes 7 from r5c8
forcing chain: r6c9=9 => r5c7<>9 => r7c7=9 => r7c7<>5 => r2c7=5 => r2c7<>1 => r9c7=1 => r7c9<>1; r6c9=9 => r5c7<>9 => r7c7=9 => r7c4<>9 => r7c4=6 => r7c9<>6; r6c9=9 => r7c9<>9: removes 9 from r6c9
naked single: r6c9 = 7
grouped aic: r2c3<>4 => r45c3=4 => r6c2<>4 => r6c2=9 => r13c2<>9 => r3c1=9: removes 4 from r3c1
hidden single: r3c5 = 4 (only place for 4 in row 3)
hidden single: r2c6 = 1 (only place for 1 in box 2)
hidden single: r3c9 = 1 (only place for 1 in box 3)
pointing 8 in box 3 confined to row 2 (r2c7, r2c9): removes 8 from r2c1
aic: r7c6<>5 => r7c7=5 => r7c7<>1 => r9c7=1 => r9c5<>1 => r8c5=1: removes 5 from r8c5
hidden single: r4c5 = 5 (only place for 5 in column 5)
pointing 8 in box 5 confined to row 5 (r5c4, r5c5): removes 8 from r5c7
aic: r9c1<>4 => r7c2=4 => r7c2<>1 => r7c7=1 => r9c7<>1 => r9c7=6: removes 6 from r9c1
aic: r1c6<>8 => r1c6=7 => r1c3<>7 => r2c3=7 => r2c3<>4 => r2c1=4 => r9c1<>4 => r9c6=4: removes 8 from r9c6
sue de coq {1,5,6,7,8,9} in r8c4 r8c5 r8c6, {1,3,6,8} in r8c1 r8c2 r8c3, {4,5,7,9} in r7c6 r9c6: removes 3 from r8c8, 4 from r7c4, 6 from r8c8, 7 from r9c5, 9 from r7c4
hidden single: r6c4 = 4 (only place for 4 in column 4)
hidden single: r6c2 = 9 (only place for 9 in row 6)
hidden single: r3c1 = 9 (only place for 9 in box 1)
hidden single: r3c2 = 8 (only place for 8 in box 1)
hidden single: r3c8 = 6 (only place for 6 in row 3)
naked single: r1c2 = 2
naked single: r7c4 = 6
hidden single: r1c5 = 6 (only place for 6 in box 2)
hidden single: r1c6 = 8 (only place for 8 in box 2)
hidden single: r2c4 = 7 (only place for 7 in box 2)
hidden single: r1c3 = 7 (only place for 7 in box 1)
naked single: r7c9 = 9
hidden single: r1c8 = 9 (only place for 9 in box 3)
hidden single: r1c9 = 3 (only place for 3 in box 3)
hidden single: r9c8 = 3 (only place for 3 in box 9)
hidden single: r8c8 = 7 (only place for 7 in box 9)
hidden single: r9c6 = 7 (only place for 7 in box 8)
hidden single: r5c5 = 7 (only place for 7 in box 5)
hidden single: r4c2 = 7 (only place for 7 in box 4)
hidden single: r5c4 = 8 (only place for 8 in box 5)
hidden single: r7c6 = 4 (only place for 4 in box 8)
hidden single: r9c1 = 4 (only place for 4 in box 7)
hidden single: r2c3 = 4 (only place for 4 in box 1)
hidden single: r2c1 = 6 (only place for 6 in box 1)
hidden single: r5c2 = 4 (only place for 4 in box 4)
hidden single: r5c3 = 1 (only place for 1 in box 4)
hidden single: r4c3 = 6 (only place for 6 in box 4)
hidden single: r4c8 = 4 (only place for 4 in box 6)
hidden single: r5c7 = 6 (only place for 6 in box 6)
hidden single: r4c7 = 9 (only place for 9 in box 6)
hidden single: r5c6 = 9 (only place for 9 in box 5)
hidden single: r4c6 = 3 (only place for 3 in box 5)
hidden single: r5c1 = 3 (only place for 3 in box 4)
hidden single: r4c1 = 2 (only place for 2 in box 4)
hidden single: r5c8 = 2 (only place for 2 in box 6)
hidden single: r2c9 = 2 (only place for 2 in box 3)
hidden single: r2c7 = 8 (only place for 8 in box 3)
hidden single: r2c8 = 5 (only place for 5 in box 3)
hidden single: r4c9 = 8 (only place for 8 in box 6)
hidden single: r8c3 = 3 (only place for 3 in box 7)
hidden single: r8c2 = 6 (only place for 6 in box 7)
hidden single: r7c2 = 1 (only place for 1 in box 7)
hidden single: r8c1 = 8 (only place for 8 in box 7)
hidden single: r8c6 = 5 (only place for 5 in box 8)
hidden single: r9c5 = 8 (only place for 8 in box 8)
hidden single: r8c5 = 1 (only place for 1 in box 8)
hidden single: r8c4 = 9 (only place for 9 in box 8)
hidden single: r9c7 = 1 (only place for 1 in box 9)
hidden single: r7c7 = 5 (only place for 5 in box 9)
hidden single: r9c9 = 6 (only place for 6 in box 9)
solved by the rules; grade: advanced
END
	grid $triple_s
	echo
} >"$tmp/exp"
check "explain, triple" 0 "$sudoku" --explain explain-triple.txt

# Stuck with several solutions; no solution.  --candidates adds the pencil
# marks before the first step and at a contradiction.
{
	cat <<'END'
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
END
	cat "$small3"
	echo "search: not unique; one of several solutions after 14 guesses; grade: search"
	grid 1234341221434321 2x2
	echo
	echo "explain-small.txt:4: step by step"
	echo "candidates:"
	cat "$small4"
	echo "contradiction: no place left for 3 in row 1"
	echo "candidates:"
	cat "$small4"
	echo "no solution"
	echo
} >"$tmp/exp"
check "explain, candidates" 1 "$sudoku" --explain --candidates explain-small.txt

cat >"$tmp/exp" <<'END'
{"type":"puzzle","file":"explain-small.txt","line":3,"size":4,"box":"2x2","puzzle":"12..............","steps":["pointing 3 in box 1 confined to row 2 (r2c1, r2c2): removes 3 from r2c3 r2c4","pointing 4 in box 1 confined to row 2 (r2c1, r2c2): removes 4 from r2c3 r2c4"],"grid":"12..............","candidates":[[],[],["3","4"],["3","4"],["3","4"],["3","4"],["1","2"],["1","2"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"],["2","3","4"],["1","3","4"],["1","2","3","4"],["1","2","3","4"]],"grade":"search","guesses":14,"result":"multiple","solution":"1234341221434321"}
{"type":"puzzle","file":"explain-small.txt","line":4,"size":4,"box":"2x2","puzzle":"12....3....3....","steps":[],"contradiction":"contradiction: no place left for 3 in row 1","grade":"none","result":"none"}
END
check "explain, json" 1 "$sudoku" --explain --json explain-small.txt

run "$sudoku" --explain --format line explain-triple.txt
tail -n 2 "$tmp/out" >"$tmp/got"
printf '%s\n\n' $triple_s >"$tmp/exp"
same "explain, line" "$tmp/exp" "$tmp/got"

{
	echo "Initial Board Position"
	rows ..3....1..4.2...
	echo
	for cell in r1c4=4/2 r2c3=2/2 r1c2=2/1 r1c1=1/1 r4c2=4/3 r2c1=4/1 \
	    r2c2=3/1 r3c2=1/3 r3c1=3/3 r4c3=1/4 r3c4=2/4 r4c4=3/4; do
		v=${cell#*=}
		echo "hidden single: ${cell%=*} = ${v%/*} (only place for" \
		    "${v%/*} in box ${v#*/})"
	done
	echo "solved by the rules; grade: singles"
	echo "Solution #1"
	rows 1234432131422413
	echo
} >"$tmp/exp"
check "explain, classic" 0 "$sudoku" --explain --format classic \
    "$puzzles/4x4.txt"

# Symbols beyond 9 print as letters.
run "$sudoku" -e "$puzzles/16x16.txt"
sed -n 2,4p "$tmp/out" >"$tmp/got"
cat >"$tmp/exp" <<'END'
hidden single: r1c1 = 1 (only place for 1 in box 1)
hidden single: r4c10 = 5 (only place for 5 in box 3)
hidden single: r6c3 = 4 (only place for 4 in box 5)
END
same "explain, 16x16" "$tmp/exp" "$tmp/got"
grep -A 1 "^solved" "$tmp/out" >"$tmp/got"
printf "%s\n" "solved by the rules; grade: singles" \
    "1 8 E G | 2 9 C A | 4 7 B D | 3 5 6 F" >"$tmp/exp"
same "explain, 16x16 end" "$tmp/exp" "$tmp/got"

# --candidates goes with the rules only.
run "$sudoku" --candidates --count explain-small.txt
printf '%s\n' "dlx-sudoku: --candidates goes with --explain or --rate" \
    "Try 'dlx-sudoku --help' for more information." >"$tmp/exp"
same "candidates with count" "$tmp/exp" "$tmp/err"
status "candidates with count" 2
run "$sudoku" --explain --rate explain-small.txt
status "explain with rate" 2 "$st"

exit $fail
