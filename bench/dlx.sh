#!/bin/sh
# bench/dlx.sh: time the program dlx on the example problems.
#
# Usage: bench/dlx.sh [BUILDDIR]        (default: the current directory)
#
# Each example writes its problem in Knuth's DLX format (examples/*, -d);
# dlx counts its solutions with --stats, pinned to one CPU (taskset -c 1,
# as the machine's two CPUs slow each other).  For each problem the script
# prints the solutions, the search-tree nodes and updates, the wall and CPU
# time of the run (reading the file included), the rate in updates per CPU
# second, and the rate of the search alone as dlx --stats measures it
# (finer grained: the only rate for the problems solved in a blink).
#
# A peer in the same run: set DLX1 to Knuth's DLX1 program (ctangled from
# his dlx1.w; it is not part of this project) and each problem without
# colors is run through it as well; set DLX2 to his DLX2 and the problems
# with colors are run through that.  It must report the same solutions and
# updates (its node count leaves out the solutions: ours is its count plus
# the number of solutions).  The last column is the peer's CPU time divided
# by ours (above 1: dlx is faster).
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
dlx2=${DLX2:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-dlx.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# run IN OUT ERR CMD...: run CMD pinned, reading IN, stdout to OUT, stderr
# to ERR; sets
# wall (seconds) and cpu (user + system seconds; the wall time if
# /usr/bin/time is missing).  CPU time is the steadier figure when other
# work shares the machine; wall time is what a user waits.
run() {
	in=$1 out=$2 err=$3
	shift 3
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%e %U %S' -o "$tmp/time" $pin "$@" \
		    <"$in" >"$out" 2>"$err"
		st=$?
		# The last line: a failing command adds one before it.
		tail -n 1 "$tmp/time" >"$tmp/time1"
		read -r wall u s <"$tmp/time1"
		cpu=$(echo "$u + $s" | bc -l)
	else
		t0=$(date +%s.%N)
		$pin "$@" <"$in" >"$out" 2>"$err"
		st=$?
		t1=$(date +%s.%N)
		wall=$(echo "$t1 - $t0" | bc -l)
		cpu=$wall
	fi
	return $st
}

# Times of a few hundredths of a second are too coarse for a rate.
rate() {
	if [ "$(echo "$2 >= 0.1" | bc -l)" = 1 ]; then
		printf '%.3g' "$(echo "$1 / $2" | bc -l)"
	else
		printf '%s' -
	fi
}

ratio() {
	if [ "$(echo "$2 >= 0.1" | bc -l)" = 1 ]; then
		printf '%.2f' "$(echo "$1 / $2" | bc -l)"
	else
		printf '%s' -
	fi
}

# The problems: a name, then the example and its arguments.
problems() {
	echo "queens-13 queens 13"
	echo "langford-12 langford 12"
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

printf '%-19s %9s %9s %11s %7s %7s %9s %9s' problem solutions nodes \
    updates wall-s cpu-s upd/s search/s
[ -n "$dlx1$dlx2" ] &&
    printf ' %7s %7s %9s %6s' knuth-s knuth-cpu knuth-upd ratio
printf '\n'
problems | while read -r name prog args; do
	# shellcheck disable=SC2086
	"$ex/$prog" -d $args >"$tmp/p.dlx" || exit 2
	run /dev/null "$tmp/out" "$tmp/err" "$dlx" --stats "$tmp/p.dlx" ||
	    [ $? = 1 ] ||
	    { echo "bench/dlx.sh: dlx failed on $name" >&2; cat "$tmp/err" >&2;
	    exit 2; }
	sols=$(sed -n 's/^solutions: //p' "$tmp/err")
	nodes=$(sed -n 's/^nodes: //p' "$tmp/err")
	upd=$(sed -n 's/^updates: //p' "$tmp/err")
	dlxcpu=$cpu
	srate=$(sed -n 's/^updates\/s: //p' "$tmp/err")
	printf '%-19s %9s %9s %11s %7.2f %7.2f %9s %9s' "$name" "$sols" \
	    "$nodes" "$upd" "$wall" "$cpu" "$(rate "$upd" "$cpu")" "$srate"
	# DLX1 reads no colors: DLX2 takes the problems with them.
	peer=$dlx1
	grep -v '^ *|' "$tmp/p.dlx" | grep -q ':' && peer=$dlx2
	if [ -n "$peer" ]; then
		run "$tmp/p.dlx" /dev/null "$tmp/err1" "$peer"
		# "Altogether S solutions, A+B mems, U updates, [C cleansings,]
		# B bytes, N nodes."
		k=$(sed -n 's/^Altogether \([0-9]*\) solutions*, .* \([0-9]*\) updates, .* \([0-9]*\) nodes\.$/\1 \2 \3/p' \
		    "$tmp/err1")
		# shellcheck disable=SC2086
		set -- $k
		printf ' %7.2f %7.2f %9s %6s' "$wall" "$cpu" "$(rate "$2" "$cpu")" \
		    "$(ratio "$cpu" "$dlxcpu")"
		if [ "$1" != "$sols" ] || [ "$2" != "$upd" ] ||
		    [ "$(($3 + $1))" != "$nodes" ]; then
			printf '  MISMATCH: knuth %s solutions, %s updates, %s nodes' \
			    "$1" "$2" "$3"
		fi
	fi
	printf '\n'
done
