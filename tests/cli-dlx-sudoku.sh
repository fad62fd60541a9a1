#!/bin/sh
# dlx against dlx-sudoku: each puzzle of tests/data/sudoku-cross.txt is
# written as a DLX file (examples/sudoku2dlx) and solved by dlx; the grids
# read back from its solutions must be exactly the solutions dlx-sudoku
# lists, for puzzles with one solution and with hundreds, of sizes 4, 6
# and 9.  Skipped if dlx-sudoku is not built.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
[ -x "$sudoku" ] || exit 77
n=0

# dlx -p prints each solution as its options "pij rid cjd bkd"; the cell
# (i, j) gets the digit d.  Rows, columns and digits are one base-36
# character each.
to_grids() {
	awk '
	function val(c) { return index("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", c) - 1 }
	function flush(  k, s) {
		if (m == 0) return
		s = ""
		for (k = 0; k < m; k++) s = s g[k]
		print s
		m = 0
	}
	/^[0-9]+:$/ { flush(); next }
	/^p/ {
		g[val(substr($1, 2, 1)) * size + val(substr($1, 3, 1))] = substr($2, 3, 1)
		m++
	}
	END { flush() }' size="$1"
}

while read -r puzzle; do
	n=$((n + 1))
	len=${#puzzle}
	size=4
	while [ $((size * size)) -lt "$len" ]; do size=$((size + 1)); done
	printf '%s\n' "$puzzle" >"$tmp/puzzle"
	$DLX_RUN "$sudoku" -a -f line "$tmp/puzzle" >"$tmp/s.out" 2>"$tmp/s.err"
	sed 's/ #[0-9]*$//' "$tmp/s.out" | sort >"$tmp/want"
	$DLX_RUN "$examples/sudoku2dlx" "$puzzle" >"$tmp/p.dlx" &&
	    $DLX_RUN "$dlx" -p "$tmp/p.dlx" >"$tmp/d.out" 2>"$tmp/d.err"
	to_grids "$size" <"$tmp/d.out" | sort >"$tmp/got"
	count=$($DLX_RUN "$dlx" "$tmp/p.dlx")
	if [ ! -s "$tmp/want" ] || ! cmp -s "$tmp/want" "$tmp/got"; then
		failed "puzzle $n ($puzzle): dlx-sudoku and dlx differ"
		diff "$tmp/want" "$tmp/got" | head -n 5
	elif [ "$count" != "$(wc -l <"$tmp/want" | tr -d ' ')" ]; then
		failed "puzzle $n: dlx counts $count"
	fi
done <"$data/sudoku-cross.txt"
[ "$n" -eq 11 ] || failed "$n puzzles read, expected 11"
exit $fail
