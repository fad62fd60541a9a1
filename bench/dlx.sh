#!/bin/sh
# bench/dlx.sh: time the program dlx on the example problems.
#
# Usage: bench/dlx.sh [BUILDDIR]        (default: the current directory)
#
# Each example writes its problem in Knuth's DLX format (examples/*, -d);
# dlx counts its solutions with --stats, pinned to one CPU (taskset -c 1,
# as the machine's two CPUs slow each other).  For each problem the script
# prints the solutions, the search-tree nodes and updates, the time of the
# search and its rate in updates per second (from dlx --stats), and the
# wall time of the whole run (writing the file excluded, reading it
# included).
#
# A peer in the same run: set DLX1 to Knuth's DLX1 program (ctangled from
# his dlx1.w; it is not part of this project) and each problem without
# colors is run through it as well.  It must report the same solutions and
# updates (its node count leaves out the solutions: ours is its count plus
# the number of solutions).  DLX1 reports no time of its own, so its rate
# is over its wall time; the last column is DLX1's wall time divided by
# ours (above 1: dlx is faster).
#
# QUICK=1 leaves out the problems that take more than a few seconds.
set -u
build=${1:-.}
dlx=$build/src/dlx
ex=$build/examples
if [ ! -x "$dlx" ] || [ ! -x "$ex/pentomino" ]; then
	echo "bench/dlx.sh: build first; no $dlx or $ex/pentomino" >&2
	exit 2
fi
pin=
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
	pin="taskset -c 1"
fi
dlx1=${DLX1:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-dlx.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

now() {
	date +%s.%N
}

# A problem: NAME and the example command that writes it; COLORS=1 when
# DLX1 cannot read it (colored options need DLX2).
problems() {
	echo "queens-12 queens 12"
	echo "langford-11 langford 11"
	echo "magic-3x3 magic"
	echo "sudoku-hard sudoku2dlx 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	echo "pentomino-3x20 pentomino 3x20"
	echo "pentomino-4x15-sym pentomino -s 4x15"
	if [ -z "${QUICK:-}" ]; then
		echo "pentomino-5x12 pentomino 5x12"
		echo "pentomino-6x10-sym pentomino -s 6x10"
		echo "pentomino-6x10 pentomino 6x10"
	fi
}

printf '%-20s %9s %9s %11s %8s %9s %8s' problem solutions nodes updates \
    search-s upd/s wall-s
[ -n "$dlx1" ] && printf ' %8s %9s %6s' dlx1-s dlx1-upd/s ratio
printf '\n'
problems | while read -r name prog args; do
	# shellcheck disable=SC2086
	"$ex/$prog" -d $args >"$tmp/p.dlx" || exit 2
	t0=$(now)
	$pin "$dlx" --stats "$tmp/p.dlx" >"$tmp/out" 2>"$tmp/err" </dev/null ||
	    [ $? = 1 ] || { echo "bench/dlx.sh: dlx failed on $name" >&2;
	    cat "$tmp/err" >&2; exit 2; }
	t1=$(now)
	sols=$(sed -n 's/^solutions: //p' "$tmp/err")
	nodes=$(sed -n 's/^nodes: //p' "$tmp/err")
	upd=$(sed -n 's/^updates: //p' "$tmp/err")
	secs=$(sed -n 's/^time: \([0-9.]*\) s$/\1/p' "$tmp/err")
	rate=$(sed -n 's/^updates\/s: //p' "$tmp/err")
	wall=$(echo "$t1 - $t0" | bc -l)
	printf '%-20s %9s %9s %11s %8s %9s %8.3f' "$name" "$sols" "$nodes" \
	    "$upd" "$secs" "$rate" "$wall"
	# DLX1 reads no colors: compare on the problems without them.
	if [ -n "$dlx1" ] && ! grep -v '^ *|' "$tmp/p.dlx" | grep -q ':'; then
		t0=$(now)
		$pin "$dlx1" <"$tmp/p.dlx" >/dev/null 2>"$tmp/err1"
		t1=$(now)
		# "Altogether S solutions, A+B mems, U updates, B bytes, N nodes."
		k=$(sed -n 's/^Altogether \([0-9]*\) solutions*, .* \([0-9]*\) updates, .* \([0-9]*\) nodes\.$/\1 \2 \3/p' \
		    "$tmp/err1")
		# shellcheck disable=SC2086
		set -- $k
		wall1=$(echo "$t1 - $t0" | bc -l)
		printf ' %8.3f %9.3g %6.2f' "$wall1" \
		    "$(echo "$2 / $wall1" | bc -l)" \
		    "$(echo "$wall1 / $wall" | bc -l)"
		if [ "$1" != "$sols" ] || [ "$2" != "$upd" ] ||
		    [ "$(($3 + $1))" != "$nodes" ]; then
			printf '  MISMATCH: dlx1 %s solutions, %s updates, %s nodes' \
			    "$1" "$2" "$3"
		fi
	fi
	printf '\n'
done
