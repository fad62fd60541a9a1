#!/bin/sh
# cli-sudoku-formats.sh: dlx-sudoku's exact output in every mode (solve,
# --count, --limit, --all, --unique) and format (grid, line, classic,
# JSON), on the bundled examples.  The solutions were checked by hand and
# the counts against a brute-force counter.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$puzzles" || exit 99

# The puzzles of classic.txt and of classic-2.txt (one given fewer: two
# solutions), of two-solutions.txt, 4x4.txt, 6x6.txt and 16x16.txt, and
# the solutions printed for each.
p1=9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2..
s1=912763584345289167678451329183572946794136852526894713431925678267318495859647231
p2=9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2..
s2=912763584345289167678451329183572946796134852524896713431925678267318495859647231
two=4.72.....1..4....5....16.9862.3...4.3..9.......1.726....2..587....6....453..97.61
two_s=487259316196438725253716498629381547375964182841572639962145873718623954534897261
p4=..3....1..4.2...
s4=1234432131422413
p6=..2.......645...2..61...1..6...5....
s6=642531315264534126261453123645456312
s16=18EG29CA47BD356F635FG1E8AC2947DBD47BF6538EG1AC929AC2BD7435F68E1GG58612AEC49B73FDBC49DF37586GEA21F73D6G85EA12C4B92EA19B4C73DF58G68F65EA1G29C4BD37AG1EC492BD73F685429C73DBF658G1AE3BD7586FG1EA294CC12A47B9DF356GE8E6G8AC219B47DF535DF38EG612AC9B7479B435FD6G8E12CA

# grid
{
	echo "two-solutions.txt:1: not unique; one of several solutions"
	grid $two_s
	echo
} >"$tmp/exp"
check "grid, not unique" 0 "$sudoku" two-solutions.txt
{
	echo "4x4.txt:2: solved"
	grid $s4 2x2
	echo
	echo "6x6.txt:2: solved"
	grid $s6 2x3
	echo
} >"$tmp/exp"
check "grid, 4x4 and 6x6" 0 "$sudoku" 4x4.txt 6x6.txt
{
	echo "16x16.txt:2: solved"
	grid $s16 4x4
	echo
} >"$tmp/exp"
check "grid, 16x16" 0 "$sudoku" 16x16.txt

# line
printf '%s\n' $s1 $s16 >"$tmp/exp"
check "line" 0 "$sudoku" -f line classic.txt 16x16.txt

# classic: the puzzle, then each solution.
{
	echo "Initial Board Position"
	rows $p1
	echo
	echo "Solution #1"
	rows $s1
	echo
} >"$tmp/exp"
check "classic" 0 "$sudoku" -f classic classic.txt
{
	echo "Initial Board Position"
	rows $p2
	echo
	echo "Solution #1"
	rows $s1
	echo
	echo "Solution #2"
	rows $s2
	echo
	echo "2 solutions"
	echo
} >"$tmp/exp"
check "classic, all" 0 "$sudoku" --format=classic --all classic-2.txt

# line, all
printf '%s #%d\n' $s1 1 $s2 2 >"$tmp/exp"
check "line, all" 0 "$sudoku" -f line -a classic-2.txt

# grid, all
{
	echo "4x4.txt:2: solution #1"
	grid $s4 2x2
	echo
	echo "4x4.txt:2: 1 solution"
} >"$tmp/exp"
check "grid, all" 0 "$sudoku" --all 4x4.txt

# count
cat >"$tmp/exp" <<'END'
classic.txt:1: 1 solution
classic-2.txt:1: 2 solutions
two-solutions.txt:1: 2 solutions
END
check "count, grid" 0 "$sudoku" --count classic.txt classic-2.txt \
    two-solutions.txt
echo "$p2 2" >"$tmp/exp"
check "count, line" 0 "$sudoku" -c -f line classic-2.txt
{
	echo "Initial Board Position"
	rows $p2
	echo
	echo "2 solutions"
	echo
} >"$tmp/exp"
check "count, classic" 0 "$sudoku" -c -f classic classic-2.txt

# limit
echo "two-solutions.txt:1: at least 1 solution" >"$tmp/exp"
check "limit" 0 "$sudoku" --limit 1 two-solutions.txt
echo "$two at least 1" >"$tmp/exp"
check "limit, line" 0 "$sudoku" -f line --count --limit=1 two-solutions.txt

# unique
printf '%s %s\n' $two multiple $p1 unique $p4 unique >"$tmp/exp"
check "unique, line" 1 "$sudoku" -u -f line two-solutions.txt classic.txt \
    4x4.txt
printf '%s\n' "classic.txt:1: unique" "4x4.txt:2: unique" >"$tmp/exp"
check "unique, grid" 0 "$sudoku" --unique classic.txt 4x4.txt
{
	echo "Initial Board Position"
	rows $p4
	echo
	echo "unique"
	echo
} >"$tmp/exp"
check "unique, classic" 0 "$sudoku" --unique -f classic 4x4.txt

# json
c2='"file":"classic-2.txt","line":1,"size":9,"box":"3x3","puzzle":"'$p2'"'
cat >"$tmp/exp" <<END
{"type":"puzzle","file":"two-solutions.txt","line":1,"size":9,"box":"3x3","puzzle":"$two","result":"multiple","solution":"$two_s"}
{"type":"puzzle","file":"4x4.txt","line":2,"size":4,"box":"2x2","puzzle":"$p4","result":"unique","solution":"$s4"}
END
check "json" 0 "$sudoku" --json two-solutions.txt 4x4.txt
echo '{"type":"count",'"$c2"',"solutions":2,"exact":true}' >"$tmp/exp"
check "json, count" 0 "$sudoku" -j -c classic-2.txt
echo '{"type":"puzzle","file":"6x6.txt","line":2,"size":6,"box":"2x3","puzzle":"'$p6'","result":"unique"}' >"$tmp/exp"
check "json, unique" 0 "$sudoku" -j -u 6x6.txt
cat >"$tmp/exp" <<END
{"type":"solution","file":"classic-2.txt","line":1,"index":1,"solution":"$s1"}
{"type":"solution","file":"classic-2.txt","line":1,"index":2,"solution":"$s2"}
{"type":"count",$c2,"solutions":2,"exact":true}
END
check "json, all" 0 "$sudoku" -j -a classic-2.txt
echo '{"type":"count",'"$c2"',"solutions":1,"exact":false}' >"$tmp/exp"
check "json, limit" 0 "$sudoku" -j -l 1 classic-2.txt

# line: a line for each puzzle, a bad one's "- error" (the message on
# stderr): the 20 of math495r.txt, three of them malformed, and README's
# example of it, whose lines are the first of these.
run "$sudoku" --unique -f line math495r.txt
status "line, bad puzzles" 2
[ "$(wc -l <"$tmp/out")" -eq 20 ] ||
    failed "line, bad puzzles: $(wc -l <"$tmp/out") lines, expected 20"
[ "$(grep -nx -e '- error' "$tmp/out" | tr '\n' ' ')" = \
    "4:- error 9:- error 13:- error " ] ||
    failed "line, bad puzzles: the errors are not lines 4, 9 and 13"
[ "$(grep -cx '[.1-9]\{81\} unique' "$tmp/out")" -eq 17 ] ||
    failed "line, bad puzzles: not 17 puzzles unique"
sed -n '/^    \$ src\/dlx-sudoku --unique -f line /,/^    \.\.\.$/p' \
    "$top_srcdir/README.md" | sed '1d;$d;s/^    //;/^dlx-sudoku: /d' \
    >"$tmp/exp"
[ -s "$tmp/exp" ] || failed "README.md lost its -f line example"
head -n "$(wc -l <"$tmp/exp")" "$tmp/out" >"$tmp/head"
same "README.md's -f line example" "$tmp/exp" "$tmp/head"

exit $fail
