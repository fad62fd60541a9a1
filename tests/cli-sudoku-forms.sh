#!/bin/sh
# cli-sudoku-forms.sh: the forms collections come in, byte for byte:
# titles, annotations and comments, CSV in and out, the '0' symbol rule,
# JSON Lines record types, and a file name that is not UTF-8.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$tmp" || exit 99

p=9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2..
s=912763584345289167678451329183572946794136852526894713431925678267318495859647231
# Another puzzle, and the same with two givens swapped: no solution.
q=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
qs=417369825632158947958724316825437169791586432346912758289643571573291684164875293

# -- Titles: a line of words that is no puzzle and no row is a comment,
# and the puzzles after it are all read.
printf 'Sudoku\n%s\nEasy\n%s\nLevel: 5\n%s\n%s\n' "$p" "$q" "$p" "$q" >titles.txt
run "$sudoku" -f line titles.txt
printf '%s\n%s\n%s\n%s\n' "$s" "$qs" "$s" "$qs" >exp.out
: >exp.err
expect "titles" 0

# A first line that is a row (4 cells of a 4x4) ends short when a whole
# puzzle follows: named in an error (and "- error" keeps its line in -f
# line's output), and the puzzle is read.
printf '1234\n%s\n' "$p" >row.txt
run "$sudoku" -f line row.txt
printf '%s\n%s\n' "- error" "$s" >exp.out
echo "dlx-sudoku: row.txt:1: grid ends after 1 of 4 rows (line 2 is not a row)" >exp.err
expect "a row, then a puzzle" 2

# -- Annotations after a whole puzzle, # comments anywhere.
printf '%s\tnorvig 1\n%s 11.9/11.9/11.3\n%s # hard\n# %s\n%s#x\n' \
    "$q" "$p" "$q" "$p" "$p" >notes.txt
run "$sudoku" -f line notes.txt
printf '%s\n%s\n%s\n%s\n' "$qs" "$s" "$qs" "$s" >exp.out
: >exp.err
expect "annotations" 0

# A grid row with a comment after it.
{ echo "..3. # first row"; echo "...1"; echo "..4."; echo "2..."; } >grid.txt
run "$sudoku" -f line grid.txt
echo 1234432131422413 >exp.out
: >exp.err
expect "grid with comments" 0

# -- CSV in: a header, puzzles with their solutions (checked), one wrong
# solution, one without, quoted fields, qqwing's trailing comma.
{
	echo "quizzes,solutions"
	echo "$p,$s"
	echo "\"$q\" , \"$qs\""
	echo "$p,$qs"
	echo "$q,"
	echo "1,$p,$s,unique"
	echo "no,puzzle,here"
} >in.csv
run "$sudoku" -f line in.csv
printf '%s\n%s\n%s\n%s\n%s\n%s\n' "$s" "$qs" "- error" "$qs" "$s" \
    "- error" >exp.out
cat >exp.err <<END
dlx-sudoku: in.csv:4:83: solution: cell r1c1 differs from the given
dlx-sudoku: in.csv:7: CSV line without a whole puzzle in a field
END
expect "CSV in" 2

# -- CSV out: a header, then puzzle,answer per puzzle; it reads back.
none=$(cat "$data/sudoku-none.txt" | tr 0 .)
printf '%s\n%s\n' "$p" "$none" >two.txt
run "$sudoku" -f csv two.txt
cat >exp.out <<END
puzzle,solution,result
$p,$s,unique
$none,,none
END
: >exp.err
expect "CSV out" 1
cp out back.csv
run "$sudoku" -f line back.csv
printf '%s\n%s none\n' "$s" "$none" >exp.out
expect "CSV out read back" 1

run "$sudoku" -c -f csv "$puzzles/classic-2.txt"
printf 'puzzle,solutions,exact\n%s,2,true\n' \
    9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2.. >exp.out
expect "CSV count" 0
run "$sudoku" -u -f csv "$puzzles/classic-2.txt"
printf 'puzzle,result\n%s,multiple\n' \
    9..7.35.43..28.1....8.513....3..29.6...13..5.5......1.43........6...8.....9.4.2.. >exp.out
expect "CSV unique" 1
run "$sudoku" -r -f csv titles.txt
a=1.2,1.2,1.2,easy,hidden\ single,204
b=2.6,1.2,1.2,medium,pointing,656
printf 'puzzle,er,ep,ed,level,hardest,score,guesses,result\n%s,%s,,unique\n%s,%s,,unique\n%s,%s,,unique\n%s,%s,,unique\n' \
    "$p" "$a" "$q" "$b" "$p" "$a" "$q" "$b" >exp.out
expect "CSV rate" 0
run "$sudoku" -a -f csv titles.txt
: >exp.out
cat >exp.err <<END
dlx-sudoku: --format csv goes with solving, --count, --unique or --rate
Try 'dlx-sudoku --help' for more information.
END
expect "CSV with --all" 2

# -- The symbol rule: 16x16 with 0-9A-F and '.' blanks is refused, with
# the fix; with --symbols it is solved.
tr '1-9A-G' '0-9A-F' <"$puzzles/16x16.txt" | grep -v '^#' >hex.txt
run "$sudoku" hex.txt
: >exp.out
echo "dlx-sudoku: hex.txt:2:13: '0' and another blank mark in one 16x16 puzzle: if 0 is a symbol, pass --symbols 0-9A-F" >exp.err
expect "'0' and '.' in a 16x16" 2
run "$sudoku" -f line --symbols 0-9A-F hex.txt
"$sudoku" -f line "$puzzles/16x16.txt" | tr '1-9A-G' '0-9A-F' >exp.out
: >exp.err
expect "--symbols 0-9A-F" 0
# In a 9x9, '0' can be no symbol: both are blanks.
echo "$p" | sed 's/\.\./0./' >zero9.txt
run "$sudoku" -f line zero9.txt
echo "$s" >exp.out
expect "'0' and '.' in a 9x9" 0

# -- JSON Lines: every record has a type.
printf '%s\n%s\n' "$p" "$(echo "$p" | sed 's/^9/99/')" >j.txt
run "$sudoku" --json j.txt
cat >exp.out <<END
{"type":"puzzle","file":"j.txt","line":1,"size":9,"box":"3x3","puzzle":"$p","result":"unique","solution":"$s"}
{"type":"error","file":"j.txt","line":2,"error":"line has 82 cells, expected 81"}
END
echo "dlx-sudoku: j.txt:2: line has 82 cells, expected 81" >exp.err
expect "JSON puzzle and error" 2
run "$sudoku" --json -a "$puzzles/classic-2.txt"
sed 's/.*"type":"\([a-z]*\)".*/\1/' out >types
printf 'solution\nsolution\ncount\n' >exp.out
same "JSON --all types" exp.out types
run "$sudoku" --json -r -f line j.txt
sed 's/.*"type":"\([a-z]*\)".*/\1/' out >types
printf 'puzzle\nerror\nsummary\n' >exp.out
same "JSON --rate types" exp.out types

# -- A file name that is not UTF-8: the JSON is, with \udcXX for the byte.
bad=$(printf 'bad\377name.txt')
echo "$p" >"$bad"
run "$sudoku" --json -u "$bad"
printf '{"type":"puzzle","file":"bad\\udcffname.txt","line":1,"size":9,"box":"3x3","puzzle":"%s","result":"unique"}\n' "$p" >exp.out
: >exp.err
expect "file name not UTF-8" 0

exit $fail
