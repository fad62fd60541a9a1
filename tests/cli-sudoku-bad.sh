#!/bin/sh
# cli-sudoku-bad.sh: every kind of bad input gives one clear diagnostic,
# `dlx-sudoku: FILE:LINE[:COL]: what`, the bad puzzle is skipped, the good
# puzzles around it are still answered, and the exit status is 2.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

# bad NAME EXPECTED-STDOUT EXPECTED-STDERR ARGS...
bad() {
	name=$1 out=$2 err=$3
	shift 3
	run "$sudoku" "$@"
	expect_lines "$name" 2 "$out" "$err"
}

bad "wrong number of cells" \
'bad-count.txt:2: 1 solution
bad-count.txt:4: 1 solution
' \
'dlx-sudoku: bad-count.txt:3: line has 80 cells, expected 81
' -c bad-count.txt

bad "not a puzzle size" \
'bad-size.txt:3: 1 solution
' \
'dlx-sudoku: bad-size.txt:2: line has 7 cells: not a sudoku row or puzzle
' -c bad-size.txt

# A line of pencil marks one cell short is named as one.
{ printf '%0728d\n' 0 | tr 0 1; sed -n 1p "$puzzles/math495r.txt"; } \
    >"$tmp/marks728.txt"
bad "a line of pencil marks one cell short" \
"$tmp/marks728.txt:2: 1 solution
" \
"dlx-sudoku: $tmp/marks728.txt:1: line has 728 cells, expected 729 (a line of pencil marks)
" -c "$tmp/marks728.txt"

# Two puzzles (or more) pasted on one line: said so, with or without
# --box; the puzzle on the next line is still solved.
p=$(sed -n 1p "$puzzles/math495r.txt")
q=..3....1..4.2...
printf '%s%s\n%s\n%s%s%s\n%s%s\n' "$p" "$p" "$p" "$p" "$p" "$p" "$q" "$q" \
    >"$tmp/pasted.txt"
bad "two puzzles on one line" \
"$tmp/pasted.txt:2: 1 solution
" \
"dlx-sudoku: $tmp/pasted.txt:1: line has 162 cells: two 9x9 puzzles on one line? put each on its own line
dlx-sudoku: $tmp/pasted.txt:3: line has 243 cells: 3 9x9 puzzles on one line? put each on its own line
dlx-sudoku: $tmp/pasted.txt:4: line has 32 cells: two 4x4 puzzles on one line? put each on its own line
" -c "$tmp/pasted.txt"
printf '%s%s\n' "$p" "$p" >"$tmp/pasted.txt"
bad "two puzzles on one line, --box" '' \
"dlx-sudoku: $tmp/pasted.txt:1: line has 162 cells: two 9x9 puzzles on one line? put each on its own line
" -c --box 3x3 "$tmp/pasted.txt"

bad "stray character" \
'bad-char.txt:1: 1 solution
' \
'dlx-sudoku: bad-char.txt:2:41: unexpected '"'?'"'
' -c bad-char.txt

bad "symbol out of range" \
'bad-range.txt:14: 1 solution
' \
"dlx-sudoku: bad-range.txt:1:31: symbol 'A' out of range for 9x9 (1-9)
dlx-sudoku: bad-range.txt:3:5: number 12 out of range for 4x4 (0-4)
dlx-sudoku: bad-range.txt:9:3: symbol 'G' out of range for 4x4 (1-4)
" -c bad-range.txt

bad "conflicting givens" \
'bad-conflict.txt:4: 1 solution
' \
'dlx-sudoku: bad-conflict.txt:1: row 1 has two 9s: r1c1 and r1c2
dlx-sudoku: bad-conflict.txt:2: column 1 has two 5s: r6c1 and r9c1
dlx-sudoku: bad-conflict.txt:3: box 1 has two 9s: r1c1 and r3c2
' -c bad-conflict.txt

# JSON output carries the errors too, in order with the answers.
bad "conflicting givens, JSON" \
'{"type":"error","file":"bad-conflict.txt","line":1,"error":"row 1 has two 9s: r1c1 and r1c2"}
{"type":"error","file":"bad-conflict.txt","line":2,"error":"column 1 has two 5s: r6c1 and r9c1"}
{"type":"error","file":"bad-conflict.txt","line":3,"error":"box 1 has two 9s: r1c1 and r3c2"}
{"type":"puzzle","file":"bad-conflict.txt","line":4,"size":9,"box":"3x3","puzzle":"9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2..","result":"unique"}
' \
'dlx-sudoku: bad-conflict.txt:1: row 1 has two 9s: r1c1 and r1c2
dlx-sudoku: bad-conflict.txt:2: column 1 has two 5s: r6c1 and r9c1
dlx-sudoku: bad-conflict.txt:3: box 1 has two 9s: r1c1 and r3c2
' -j -u bad-conflict.txt

bad "broken grids" \
'bad-grid.txt:6: 1 solution
bad-grid.txt:27: 1 solution
' \
'dlx-sudoku: bad-grid.txt:2: grid ends after 3 of 9 rows
dlx-sudoku: bad-grid.txt:20: row 4 has 8 cells, expected 9
' -c bad-grid.txt

good=$(tr -d ' \n' <"$puzzles/classic.txt")

# A line of a megabyte is refused without being stored; the next puzzle
# is still read.
{
	i=0
	while [ $i -lt 16 ]; do
		printf '%065536d' 0
		i=$((i + 1))
	done
	echo
	echo "$good"
} >"$tmp/long"
bad "line too long" \
"$tmp/long:2: 1 solution
" \
"dlx-sudoku: $tmp/long:1: line longer than 65536 bytes
" -c "$tmp/long"

printf '%s\000%s\n%s\n' "$(echo "$good" | cut -c1-40)" \
    "$(echo "$good" | cut -c41-81)" "$good" >"$tmp/nul"
bad "NUL byte" \
"$tmp/nul:2: 1 solution
" \
"dlx-sudoku: $tmp/nul:1:41: unexpected byte 0x00
" -c "$tmp/nul"

cp "$puzzles/classic.txt" "$tmp/classic.txt"
bad "missing file, others still read" \
"$tmp/classic.txt:1: 1 solution
" \
'dlx-sudoku: no-such-file: No such file or directory
' -c no-such-file "$tmp/classic.txt"

bad "a directory" '' \
"dlx-sudoku: $tmp: read error: Is a directory
" -c "$tmp"

# Usage errors: a message, a hint, status 2, nothing on stdout.
for args in "--box 3" "--box 1x1" "--box 7x7" "--format tabular" \
    "--limit 0" "--limit x" "--count --all" "--unique --limit 3" \
    "--symbols 1-9|" "--symbols 11" "--no-such-option"; do
	# shellcheck disable=SC2086
	run "$sudoku" $args "$puzzles/classic.txt"
	status "usage error $args" 2 "$st"
	if [ -s "$tmp/out" ] || ! grep -q "^Try 'dlx-sudoku --help'" "$tmp/err"
	then
		failed "usage error $args: output or hint wrong"
		cat "$tmp/err"
	fi
done
run "$sudoku" --box 3 "$puzzles/classic.txt"
printf '%s\n' "dlx-sudoku: --box: '3' is not RxC with 4 <= R*C <= 36" \
    "Try 'dlx-sudoku --help' for more information." >"$tmp/exp"
same "usage error message" "$tmp/exp" "$tmp/err"

exit $fail
