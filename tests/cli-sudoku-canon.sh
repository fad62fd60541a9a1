#!/bin/sh
# cli-sudoku-canon.sh: --canonical, the canonical (minlex) form of each
# classic 9x9 puzzle: exact lines for puzzles and grids in several forms,
# isomorphs collapsing under sort -u, the JSON record, the same output on
# one thread and several, and what it refuses (other sizes, variants,
# formats other than line).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# Pairs of isomorphs (one transposed, one in grid form with 0 blanks,
# two of Serg's benchmark, two complete grids), then the empty grid.
A=.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...
B=........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..
C=........1......23.......45....123......467....23589...157846...246931...389752...
D=123456789456789123798231564261597348584362917937148652342675891679814235815923476
E=.................................................................................
printf '%s\n' $A $A $B $B $C $C $D $D $E >"$tmp/exp"
check "forms" 0 "$sudoku" --canonical "$data/canon-sample.txt"
same "stderr" /dev/null "$tmp/err"
# The canonical form of a canonical form is itself.
check "idempotent" 0 "$sudoku" --canonical "$tmp/exp"
# De-duplication up to isomorphism.
"$sudoku" --canonical "$data/canon-sample.txt" | sort -u >"$tmp/classes"
printf '%s\n' $E $A $C $B $D | sort >"$tmp/exp"
same "sort -u" "$tmp/exp" "$tmp/classes"
# -f line is the same; threads change nothing.  (Left out under
# valgrind, as the other heavy or repeated cases: each run starts it.)
if ! under_valgrind; then
	printf '%s\n' $A $A $B $B $C $C $D $D $E >"$tmp/exp"
	check "-f line" 0 "$sudoku" --canonical -f line \
	    "$data/canon-sample.txt"
	check "-t 1" 0 "$sudoku" --canonical -t 1 "$data/canon-sample.txt"
	check "-t 2" 0 "$sudoku" --canonical -t 2 "$data/canon-sample.txt"
fi

# Each form is an isomorph: it has as many solutions as its puzzle (300
# puzzles of Serg's benchmark, 2 to 1,555 solutions each).
if ! under_valgrind; then
	cut -d' ' -f1 "$data/sudoku-serg300.counts" >"$tmp/in"
	run "$sudoku" --canonical "$tmp/in"
	status "serg300" 0
	"$sudoku" -c -f line <"$tmp/out" | cut -d' ' -f2 >"$tmp/counts"
	cut -d' ' -f2 "$data/sudoku-serg300.counts" >"$tmp/exp"
	same "serg300: the forms' counts" "$tmp/exp" "$tmp/counts"
	[ "$(sort -u "$tmp/out" | wc -l)" -eq 300 ] ||
	    failed "serg300: 300 classes"
fi

# JSON: the puzzle as read, its form, its automorphisms.
echo ..3.5.7....6.8...........5..........56.....34..........4...........1.3....2.4.6.. \
    >"$tmp/in"
run "$sudoku" --canonical --json "$tmp/in"
expect_lines "json" 0 '{"type":"canonical","file":"'"$tmp/in"'","line":1,"size":9,"box":"3x3","puzzle":"..3.5.7....6.8...........5..........56.....34..........4...........1.3....2.4.6..","canonical":"......................12.34........1..14..5....62..........3.....37..2....8...4..","automorphisms":8}
' ''
run "$sudoku" --canonical --json "$data/canon-sample.txt"
if [ "$(grep -c '"automorphisms":3359232}' "$tmp/out")" != 1 ] ||
    [ "$(grep -c '"type":"canonical"' "$tmp/out")" != 9 ]; then
	failed "json: the empty grid's 3,359,232 automorphisms"
fi

# CSV input: the puzzle field is read, its solution field checked.
printf '%s\n' "puzzle,solution" \
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........,468931527751624839392578461134756298289413675675289314846192753513867942927345186" \
    >"$tmp/in"
run "$sudoku" --canonical <"$tmp/in"
expect_lines "csv" 0 "$B
" ''

# Other sizes: refused each, naming the line; the others answered.
{ echo $A; printf '%s\n' 1234 3412 2143 4321; echo $E; } >"$tmp/in"
run "$sudoku" --canonical <"$tmp/in"
expect_lines "4x4 refused" 2 "$A
- error
$E
" 'dlx-sudoku: (standard input):2: --canonical works on classic 9x9 sudoku only, not 4x4 (boxes of 2x2)
'
run "$sudoku" --canonical --json "$puzzles/4x4.txt"
if ! grep -q '^{"type":"error",.*"line":2,.*classic 9x9 sudoku only' \
    "$tmp/out"; then
	failed "4x4 refused, json"
fi
status "4x4 refused, json" 2
# Variants: a file of them, or --variant.
run "$sudoku" --canonical "$puzzles/variants/x.txt"
status "variant" 2
if ! grep -q '^dlx-sudoku: .*x.txt:[0-9]*: --canonical works on classic 9x9 sudoku only, not on variants$' "$tmp/err"; then
	failed "variant refused"
	cat "$tmp/err"
fi
run "$sudoku" --canonical --variant x "$puzzles/classic.txt"
status "--variant" 2
grep -q "not on variants" "$tmp/err" || failed "--variant refused"
# Two givens clash: no sudoku, no form.
echo 55............................................................................... \
    >"$tmp/in"
run "$sudoku" --canonical <"$tmp/in"
status "conflict" 2
grep -q "(standard input):1: row 1 has two 5s" "$tmp/err" ||
    failed "conflict: $(cat "$tmp/err")"
# Formats other than line, and modes besides.
formats="grid classic csv"
under_valgrind && formats=grid
for f in $formats; do
	run "$sudoku" --canonical -f $f "$puzzles/classic.txt"
	status "-f $f" 2
	[ -s "$tmp/out" ] && failed "-f $f: output"
done
run "$sudoku" --canonical --count "$puzzles/classic.txt"
status "--count" 2
grep -q "conflicts with another mode" "$tmp/err" || failed "--count"

exit $fail
