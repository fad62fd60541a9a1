#!/bin/sh
# cli-count-overflow.sh: the programs never print a wrapped count.
#
# tests/narrow/dlx-sudoku and tests/narrow/dlx are the programs built on a
# copy of the library whose count limit is 100 (DLX_COUNT_MAX, see
# Makefile.am), standing for the 2^64 - 1 of the real one.  Below the
# limit they answer as usual; past it they must say the count overflowed
# and exit 2, whatever the mode, and print no count.  Exit 0 pass, 1 fail.
: "${top_builddir:?}" "${top_srcdir:?}"
LC_ALL=C
export LC_ALL

narrow=$top_builddir/tests/narrow
tmp=$top_builddir/tests/cli-count-overflow.tmp
rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0

# check NAME STATUS EXPECTED-STDOUT EXPECTED-STDERR PROGRAM ARGS...
check() {
	name=$1 want=$2 out=$3 err=$4
	shift 4
	$DLX_RUN "$@" >out 2>err
	st=$?
	printf '%s' "$out" >exp.out
	printf '%s' "$err" >exp.err
	[ "$st" -eq "$want" ] || { echo "FAIL: $name: status $st, expected $want"; fail=1; }
	cmp -s out exp.out || { echo "FAIL: $name: stdout"; diff exp.out out | head -n 5; fail=1; }
	cmp -s err exp.err || { echo "FAIL: $name: stderr"; diff exp.err err | head -n 5; fail=1; }
}

over="matrix too large or count overflow"

# The empty 4x4 has 288 solutions; with 1 in the corner, 72.
echo ................ >empty4.txt
echo 1............... >one4.txt
check "sudoku below the limit" 0 "one4.txt:1: 72 solutions
" "" "$narrow/dlx-sudoku" --count one4.txt
check "sudoku count" 2 "" "dlx-sudoku: empty4.txt:1: $over
" "$narrow/dlx-sudoku" --count empty4.txt
check "sudoku json" 2 "" "dlx-sudoku: empty4.txt:1: $over
" "$narrow/dlx-sudoku" --count --json empty4.txt
check "sudoku limit below" 0 "empty4.txt:1: at least 50 solutions
" "" "$narrow/dlx-sudoku" --count --limit 50 empty4.txt
# --all prints the 100 it may count, then reports the overflow.
$DLX_RUN "$narrow/dlx-sudoku" --all -f line empty4.txt >out 2>err
st=$?
[ "$st" -eq 2 ] || { echo "FAIL: sudoku all: status $st"; fail=1; }
[ "$(wc -l <out)" -eq 100 ] || { echo "FAIL: sudoku all: $(wc -l <out) lines"; fail=1; }
echo "dlx-sudoku: empty4.txt:1: $over" >exp.err
cmp -s err exp.err || { echo "FAIL: sudoku all: stderr"; cat err; fail=1; }

# The same 4x4 as a DLX file, and the 8 queens (92 solutions).
cp "$top_srcdir/tests/data/sudoku4-empty.dlx" "$top_srcdir/tests/data/queens8.dlx" .
check "dlx below the limit" 0 "92
" "" "$narrow/dlx" queens8.dlx
check "dlx count" 2 "" "dlx: sudoku4-empty.dlx: $over
" "$narrow/dlx" sudoku4-empty.dlx
check "dlx limit below" 0 "at least 50
" "" "$narrow/dlx" --limit 50 sudoku4-empty.dlx
$DLX_RUN "$narrow/dlx" --json sudoku4-empty.dlx >out 2>err
st=$?
[ "$st" -eq 2 ] || { echo "FAIL: dlx json: status $st"; fail=1; }
[ "$(wc -l <out)" -eq 100 ] || { echo "FAIL: dlx json: $(wc -l <out) lines"; fail=1; }
echo "dlx: sudoku4-empty.dlx: $over" >exp.err
cmp -s err exp.err || { echo "FAIL: dlx json: stderr"; cat err; fail=1; }

exit $fail
