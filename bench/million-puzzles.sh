#!/bin/sh
# bench/million-puzzles.sh: a file of a million puzzles, streamed by
# dlx-sudoku in constant memory.
#
# Usage: bench/million-puzzles.sh [BUILDDIR]     (default: the current
#                                                 directory)
#
# Writes N (default 1000000) copies of one puzzle, with one bad line in the
# middle, to a file under TMPDIR, solves them all with dlx-sudoku -f line,
# and checks: status 2 (the bad line), exactly one message, N-1 solutions,
# all of them the right one, and a peak resident size no larger than for a
# single puzzle plus 1 MB.  Prints the time and the puzzles per second.
# make check runs the same check on 10,000 puzzles
# (tests/cli-hostile-sudoku.sh); this is the full-size run, which takes
# about a minute.  Exit status 0 if every check holds.
set -u
build=${1:-.}
n=${N:-1000000}
prog=$build/src/dlx-sudoku
if [ -x "$build/src/.libs/dlx-sudoku" ]; then
	prog=$build/src/.libs/dlx-sudoku
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
[ -x "$prog" ] || { echo "$0: no $prog (build first)" >&2; exit 2; }
/usr/bin/time -f %M true >/dev/null 2>&1 ||
    { echo "$0: needs GNU time (/usr/bin/time)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/million.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
puzzle=9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2..
solution=912763584345289167678451329183572946794136852526894713431925678267318495859647231
half=$((n / 2))
echo "$puzzle" >"$tmp/one.txt"
{
	yes "$puzzle" | head -n $((half - 1))
	echo "${puzzle}5"
	yes "$puzzle" | head -n $((n - half))
} >"$tmp/many.txt"

fail=0
/usr/bin/time -o "$tmp/one.rss" -f %M "$prog" -f line "$tmp/one.txt" \
    >/dev/null 2>&1
/usr/bin/time -o "$tmp/many.time" -f '%M %e' "$prog" -f line \
    "$tmp/many.txt" >"$tmp/out" 2>"$tmp/err"
status=$?
read -r rss secs <<EOF
$(tail -n 1 "$tmp/many.time")
EOF
one=$(tail -n 1 "$tmp/one.rss")
solved=$(wc -l <"$tmp/out")
[ "$status" -eq 2 ] || { echo "FAIL: status $status, expected 2"; fail=1; }
[ "$(wc -l <"$tmp/err")" -eq 1 ] || { echo "FAIL: messages:"; head "$tmp/err"; fail=1; }
[ "$solved" -eq $((n - 1)) ] || { echo "FAIL: $solved solved, expected $((n - 1))"; fail=1; }
[ "$(sort -u "$tmp/out")" = "$solution" ] || { echo "FAIL: a wrong solution"; fail=1; }
[ "$rss" -le $((one + 1024)) ] || { echo "FAIL: $rss KB peak, $one KB for one puzzle"; fail=1; }
echo "$n puzzles: $solved solved in $secs s" \
    "($(awk -v n="$n" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }') puzzles/s)," \
    "peak $rss KB (one puzzle: $one KB)"
exit $fail
