#!/bin/sh
# cli-count-overflow.sh: the programs never print a wrapped count.
#
# tests/narrow/dlx-sudoku and tests/narrow/dlx are the programs built on a
# copy of the library whose count limit is 100 (DLX_COUNT_MAX, see
# Makefile.am), standing for the 2^64 - 1 of the real one.  Below the
# limit they answer as usual; past it they must say the count overflowed
# and exit 2, whatever the mode, and print no count.  Exit 0 pass, 1 fail.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
narrow=$top_builddir/tests/narrow
cd "$tmp" || exit 99

# answers NAME STATUS EXPECTED-STDOUT EXPECTED-STDERR PROGRAM ARGS...
answers() {
	_name=$1 _want=$2 _out=$3 _err=$4
	shift 4
	run "$@"
	expect_lines "$_name" "$_want" "$_out" "$_err"
}

over="matrix too large or count overflow"

# The empty 4x4 has 288 solutions; with 1 in the corner, 72.
echo ................ >empty4.txt
echo 1............... >one4.txt
answers "sudoku below the limit" 0 "one4.txt:1: 72 solutions
" "" "$narrow/dlx-sudoku" --count one4.txt
answers "sudoku count" 2 "" "dlx-sudoku: empty4.txt:1: $over
" "$narrow/dlx-sudoku" --count empty4.txt
answers "sudoku json" 2 "" "dlx-sudoku: empty4.txt:1: $over
" "$narrow/dlx-sudoku" --count --json empty4.txt
answers "sudoku limit below" 0 "empty4.txt:1: at least 50 solutions
" "" "$narrow/dlx-sudoku" --count --limit 50 empty4.txt
# --all prints the 100 it may count, then reports the overflow; so does
# dlx --json (below).
# hundred NAME STDERR PROGRAM ARG...: 100 lines, STDERR, status 2.
hundred() {
	_name=$1 _err=$2
	shift 2
	run "$@"
	status "$_name" 2
	[ "$(wc -l <out)" -eq 100 ] || failed "$_name: $(wc -l <out) lines"
	echo "$_err" >exp.err
	same "$_name: stderr" exp.err err
}
hundred "sudoku all" "dlx-sudoku: empty4.txt:1: $over" \
    "$narrow/dlx-sudoku" --all -f line empty4.txt

# The same 4x4 as a DLX file, and the 8 queens (92 solutions).
cp "$data/sudoku4-empty.dlx" "$data/queens8.dlx" .
answers "dlx below the limit" 0 "92
" "" "$narrow/dlx" queens8.dlx
answers "dlx count" 2 "" "dlx: sudoku4-empty.dlx: $over
" "$narrow/dlx" sudoku4-empty.dlx
answers "dlx limit below" 0 "at least 50
" "" "$narrow/dlx" --limit 50 sudoku4-empty.dlx
hundred "dlx json" "dlx: sudoku4-empty.dlx: $over" \
    "$narrow/dlx" --json sudoku4-empty.dlx

exit $fail
