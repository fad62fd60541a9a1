#!/bin/sh
# bench/peers.sh: time dlx and dlx-sudoku against other exact-cover and
# sudoku solvers, and check that every program finds the same counts.
#
# Usage: [DLX1=...] [DLX2=...] [SSXC1=...] [TDOKU=...] [KUDOKU=...]
#        [FASTSOLV=...] [QQWING=...] INPUTS=DIR DATA=DIR bench/peers.sh [BUILDDIR]
#
# The peers are built outside this tree; each is named by the path of its
# program in an environment variable, and a peer whose variable is unset
# (or empty) is skipped:
#
#   DLX1, DLX2, SSXC1  Knuth's programs: `prog < file.dlx', summary
#                      "Altogether N solutions, ..." on stderr
#   TDOKU              tdoku_count FILE: one count per puzzle line
#   KUDOKU             kudoku_count < FILE: one count per puzzle line
#   FASTSOLV           fast_solv_9r2 -q -s 100000000 < FILE: "Total: N",
#                      N = the puzzles with exactly one solution ('.' blanks)
#   QQWING             qqwing --solve --count-solutions --csv
#
# INPUTS is the directory of the DLX files (pent6x10.dlx, pent5x12.dlx,
# pent4x15.dlx, pent8x8.dlx, langford12.dlx, queens13.dlx, magic3.dlx,
# magic4.dlx, sudoku-7452654.dlx, sudoku6-empty.dlx, domino8x8.dlx;
# missing ones are skipped; DLX2 alone runs the colored ones, whose names
# start with "magic").  They are made by the examples (examples/pentomino
# -d 6x10, and -d 8x8 for Scott's board less its centre, examples/langford
# -d 12, examples/queens -d 13, examples/magic -d, examples/sudoku2dlx on
# the puzzle of bench/memo.sh, examples/dominocover -d 8 8 1 1 with its
# bounds "1:1|" removed, which Knuth's programs do not read), awk -f
# bench/magic4.awk, and tests/data/sudoku6-empty.dlx; the empty 6x6 is
# also counted by dlx-sudoku (-b 2x3, a line of 36 blanks), a row of its
# own without peers (they read no 6x6 grid).  DATA is
# the directory of the sudoku collections (top1465, forum_hardest_1106,
# forum_hardest_1905_11+, 17_clue, serg); sudoku-7452654.txt in INPUTS
# is timed with them as a one-puzzle set.
#
# Every run is the whole process, pinned to CPU 1 (taskset -c 1), timed by
# its CPU time (user + system), the least of N (default 3) runs.  dlx and
# dlx-sudoku run on one thread (-t 1).  The ratio printed beside each peer
# is the peer's time over ours: above 1, ours is faster.  A count that
# differs from ours is reported and makes the exit status 1.
set -u
build=${1:-.}
repeat=${N:-3}
inputs=${INPUTS:-}
data=${DATA:-}

# The real programs, not libtool's wrapper scripts.
dlx=$build/src/dlx
sud=$build/src/dlx-sudoku
if [ -x "$build/src/.libs/dlx" ]; then
	dlx=$build/src/.libs/dlx
	sud=$build/src/.libs/dlx-sudoku
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
if [ ! -x "$dlx" ] || [ ! -x "$sud" ]; then
	echo "bench/peers.sh: build first; no $dlx or $sud" >&2
	exit 2
fi
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
	pin="taskset -c 1"
fi
gtime=
if [ -x /usr/bin/time ] && /usr/bin/time -f %U -o /dev/null true 2>/dev/null
then
	gtime=/usr/bin/time
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-peers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

# best IN OUT ERR CMD...: run CMD (stdin IN) $repeat times; print the least
# time in seconds.  The last run's stdout and stderr stay in OUT and ERR.
best() {
	in=$1 out=$2 err=$3
	shift 3
	b=
	i=0
	while [ "$i" -lt "$repeat" ]; do
		if [ -n "$gtime" ]; then
			$gtime -f '%U %S' -o "$tmp/time" $pin "$@" \
			    <"$in" >"$out" 2>"$err"
			t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
		else
			t0=$(date +%s.%N)
			$pin "$@" <"$in" >"$out" 2>"$err"
			t1=$(date +%s.%N)
			t=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
		fi
		b=$(echo "$t ${b:-x}" | awk '{ t = $1;
		    if ($2 != "x" && $2 < t) t = $2; printf "%.3f", t }')
		i=$((i + 1))
	done
	echo "$b"
}

ratio() {
	echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2;
	    else printf "-" }'
}

# cell TIME RATIO: one table cell, "1.23 s (0.85)".
cell() {
	printf '%s s (%s)' "$1" "$2"
}

# sum FILE: the sum of the last field of every line.
sum() {
	awk '{ s += $NF } END { printf "%d", s }' "$1"
}

mismatch() {
	echo "  $1: $2 counts $3, dlx $4" >&2
	status=1
}

# --- dlx against Knuth's programs ----------------------------------------
if [ -n "$inputs" ]; then
	printf '| %-22s | %12s | %8s | %16s | %16s | %16s |\n' instance \
	    solutions dlx DLX1 DLX2 SSXC1
	printf '|%s|%s|%s|%s|%s|%s|\n' ------------------------ \
	    -------------: ---------: -----------------: -----------------: \
	    -----------------:
	for f in pent6x10 pent5x12 pent4x15 pent8x8 langford12 queens13 \
	    magic3 magic4 sudoku-7452654 sudoku6-empty domino8x8; do
		in=$inputs/$f.dlx
		[ -r "$in" ] || continue
		td=$(best "$in" "$tmp/out" "$tmp/err" "$dlx" -t 1 --no-progress)
		n=$(tail -n 1 "$tmp/out")
		row=
		for peer in DLX1 DLX2 SSXC1; do
			eval "p=\${$peer:-}"
			case $f in
			magic*) [ "$peer" = DLX2 ] || p= ;;
			esac
			if [ -z "$p" ]; then
				row="$row | $(printf '%16s' -)"
				continue
			fi
			tp=$(best "$in" "$tmp/pout" "$tmp/perr" "$p")
			pn=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' \
			    "$tmp/perr")
			[ "$pn" = "$n" ] || mismatch "$f" "$peer" "$pn" "$n"
			row="$row | $(printf '%16s' "$(cell "$tp" \
			    "$(ratio "$tp" "$td")")")"
		done
		printf '| %-22s | %12s | %8s%s |\n' "$f" "$n" "$td s" "$row"
	done
	# The empty 6x6 grid through dlx-sudoku, its own matrix.
	printf '%36s\n' '' | tr ' ' . >"$tmp/six"
	td=$(best "$tmp/six" "$tmp/out" "$tmp/err" "$sud" -c -t 1 -b 2x3 \
	    -f line)
	n=$(sum "$tmp/out")
	[ "$n" = 28200960 ] || mismatch "6x6 grid" dlx-sudoku "$n" 28200960
	printf '| %-22s | %12s | %8s | %16s | %16s | %16s |\n' \
	    "6x6 grid (dlx-sudoku)" "$n" "$td s" - - -
	echo
fi

# --- dlx-sudoku against sudoku solvers -----------------------------------
# ones FILE: the lines whose last field is 1.
ones() {
	awk '$NF == 1 { n++ } END { printf "%d", n }' "$1"
}

sets=
if [ -n "$data" ]; then
	for s in puzzles3_magictour_top1465 puzzles6_forum_hardest_1106 \
	    puzzles5_forum_hardest_1905_11+ puzzles2_17_clue \
	    puzzles7_serg_benchmark; do
		[ -r "$data/$s.txt" ] && sets="$sets $data/$s.txt"
	done
fi
if [ -n "$inputs" ] && [ -r "$inputs/sudoku-7452654.txt" ]; then
	sets="$sets $inputs/sudoku-7452654.txt"
fi
if [ -n "$sets" ]; then
	printf '| %-32s | %10s | %10s | %16s | %16s | %16s | %16s |\n' set \
	    solutions dlx-sudoku tdoku fast_solv_9r2 kudoku qqwing
	printf '|%s|%s|%s|%s|%s|%s|%s|\n' ---------------------------------- \
	    -----------: ---------: -----------------: -----------------: \
	    -----------------: -----------------:
	for f in $sets; do
		name=$(basename "$f" .txt)
		# One puzzle a line, '.' for blanks (fast_solv_9r2 reads no
		# other), nothing else.
		tr 0 . <"$f" | cut -c 1-81 >"$tmp/in"
		td=$(best "$tmp/in" "$tmp/dout" "$tmp/err" "$sud" -c -t 1 \
		    -f line)
		n=$(sum "$tmp/dout")
		u=$(ones "$tmp/dout")
		row=
		for peer in TDOKU FASTSOLV KUDOKU QQWING; do
			eval "p=\${$peer:-}"
			if [ -z "$p" ]; then
				row="$row | $(printf '%16s' -)"
				continue
			fi
			case $peer in
			TDOKU)
				tp=$(best "$tmp/in" "$tmp/pout" "$tmp/perr" \
				    "$p" /dev/stdin)
				pn=$(sum "$tmp/pout")
				;;
			KUDOKU)
				tp=$(best "$tmp/in" "$tmp/pout" "$tmp/perr" \
				    "$p")
				pn=$(sum "$tmp/pout")
				;;
			FASTSOLV)
				tp=$(best "$tmp/in" "$tmp/pout" "$tmp/perr" \
				    "$p" -q -s 100000000)
				# It tells only how many have one solution.
				pn=$(sed -n 's/^Total: *\([0-9]*\).*/\1/p' \
				    "$tmp/pout")
				[ "$pn" = "$u" ] || mismatch "$name" "$peer" \
				    "$pn unique" "$u unique"
				pn=$n
				;;
			QQWING)
				tp=$(best "$tmp/in" "$tmp/pout" "$tmp/perr" \
				    "$p" --solve --count-solutions --csv)
				pn=$(sed 1d "$tmp/pout" | awk -F, \
				    '{ s += $2 } END { printf "%d", s }')
				;;
			esac
			[ "$pn" = "$n" ] || mismatch "$name" "$peer" "$pn" "$n"
			row="$row | $(printf '%16s' "$(cell "$tp" \
			    "$(ratio "$tp" "$td")")")"
		done
		printf '| %-32s | %10s | %10s%s |\n' "$name" "$n" "$td s" \
		    "$row"
	done
fi
exit $status
