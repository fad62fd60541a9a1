#!/bin/sh
# Threads change nothing of what the programs print: counts, solutions
# (--print, --json), limits, --first and the search figures of --stats
# are byte for byte those of -t 1, for 1..8 threads (more than the
# machine may have).  The problems are big enough for the threads to cut
# the tree many times (the library cuts every 65536 updates).
: "${top_builddir:=.}" "${top_srcdir:=.}"
dlx=$top_builddir/src/dlx
sudoku=$top_builddir/src/dlx-sudoku
ex=$top_builddir/examples
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli-threads.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

"$ex/queens" -d 10 >"$tmp/queens10.dlx" &&
"$ex/langford" -d 11 >"$tmp/langford11.dlx" &&
"$ex/pentomino" -d 3x20 >"$tmp/pent3x20.dlx" || exit 99

# same NAME THREADS ARGS...: stdout, status and the figures of --stats
# (not the timings) equal those of -t 1.
same() {
	name=$1 n=$2
	shift 2
	$DLX_RUN "$@" -t 1 >"$tmp/out1" 2>"$tmp/err1"
	st1=$?
	$DLX_RUN "$@" -t "$n" >"$tmp/outn" 2>"$tmp/errn"
	stn=$?
	if [ "$st1" != "$stn" ]; then
		echo "FAIL $name -t $n: status $stn, -t 1 gave $st1"; fail=1
	fi
	if ! cmp -s "$tmp/out1" "$tmp/outn"; then
		echo "FAIL $name -t $n: output differs from -t 1"; fail=1
	fi
	for f in err1 errn; do
		grep -v -e '^time: ' -e '^updates/s: ' "$tmp/$f" |
		    sed 's/, [0-9.]* s$//' >"$tmp/$f.f"
	done
	if ! cmp -s "$tmp/err1.f" "$tmp/errn.f"; then
		echo "FAIL $name -t $n: figures differ:"
		diff "$tmp/err1.f" "$tmp/errn.f"; fail=1
	fi
}

for n in 2 3 5 8; do
	same "queens 10" $n "$dlx" --knuth -s "$tmp/queens10.dlx"
	same "queens 10 fast" $n "$dlx" "$tmp/queens10.dlx"
	same "queens 10 --print" $n "$dlx" -p "$tmp/queens10.dlx"
	same "queens 10 --json" $n "$dlx" --knuth -j -s "$tmp/queens10.dlx"
	same "queens 10 --limit" $n "$dlx" -p -n 500 "$tmp/queens10.dlx"
	same "queens 10 --limit count" $n "$dlx" -n 600 "$tmp/queens10.dlx"
	same "queens 10 --first" $n "$dlx" -1 "$tmp/queens10.dlx"
done
for n in 2 8; do
	same "langford 11" $n "$dlx" --knuth -s "$tmp/langford11.dlx"
	same "langford 11 --print" $n "$dlx" -p "$tmp/langford11.dlx"
	same "pentominoes 3x20" $n "$dlx" --knuth -s -p "$tmp/pent3x20.dlx"
	same "pentominoes 3x20 --limit" $n "$dlx" -n 5 -j "$tmp/pent3x20.dlx"
done

# dlx-sudoku: a puzzle with many solutions, counted and listed, and
# a file of puzzles.
# Five rows given: 4068 ways to finish, 434853 updates.
g=123456789456789123789123456214365897365897214
printf '%s....................................\n' "$g" >"$tmp/many.txt"
for n in 2 4 8; do
	same "sudoku count" $n "$sudoku" -c -s "$tmp/many.txt"
	same "sudoku --all" $n "$sudoku" -a -f line "$tmp/many.txt"
	same "sudoku --all --limit" $n "$sudoku" -a -l 3000 -j "$tmp/many.txt"
	same "sudoku file" $n "$sudoku" -f line \
	    "$top_srcdir/examples/sudoku/classic.txt" \
	    "$top_srcdir/examples/sudoku/math495r.txt" \
	    "$top_srcdir/tests/data/bad-char.txt"
done

# A bad thread count is a usage error.
for bad in 0 -1 x 5000; do
	$DLX_RUN "$dlx" -t "$bad" "$tmp/queens10.dlx" >/dev/null 2>&1
	[ $? = 2 ] || { echo "FAIL dlx -t $bad: not a usage error"; fail=1; }
	$DLX_RUN "$sudoku" -t "$bad" </dev/null >/dev/null 2>&1
	[ $? = 2 ] || { echo "FAIL dlx-sudoku -t $bad: not a usage error"; fail=1; }
done
exit $fail
