#!/bin/sh
# bench/checkpoint.sh: what checkpoints cost a count on threads and with
# the cache.
#
# Usage: [QUICK=1] [N=5] [EVERY=SEC] bench/checkpoint.sh [BUILDDIR]
#
# For each workload it times, in N paired rounds (each round runs every
# way one after the other, so that a busy moment of the machine falls on
# all alike), and prints the median wall seconds with the spread (least
# and most) of:
#   plain -t 2        dlx -t 2 --no-memo, no checkpoint
#   plain -t 2 ck     the same with --checkpoint (every EVERY seconds,
#                     default 1, so that saves are in the figures)
#   2 copies -t 1     two dlx -t 1 --no-memo side by side, one per CPU:
#                     the ceiling of two threads on this machine
#   memo -t 1 / ck    dlx -t 1 --memo, without and with --checkpoint
#   memo -t 2 / ck    dlx -t 2 --memo, without and with --checkpoint
# then the ratios the project aims at:
#   ck/plain     time(plain -t 2) / time(plain -t 2 ck), target >= 0.90
#   vs ceiling   time(2 copies) / (2 * time(plain -t 2 ck)), target
#                >= 0.90 (1.00: the checkpointed threads count as fast
#                as two serial processes)
#   memo ck      time(memo) / time(memo ck) at -t 1 and -t 2, target
#                >= 0.90
# Every count must be the known one, else the script says so and exits 1.
# The two-thread runs are pinned to CPUs 0 and 1 (taskset -c 0,1), a
# serial copy to one of them, where taskset is there and the machine has
# two CPUs.  QUICK=1: smaller workloads, one round (to see that the script
# runs, not for figures).
set -u
build=${1:-.}
repeat=${N:-5}
every=${EVERY:-1}
[ "${QUICK:-0}" = 1 ] && repeat=1

# The real program, not libtool's wrapper script.
dlx=$build/src/dlx
if [ -x "$build/src/.libs/dlx" ]; then
	dlx=$build/src/.libs/dlx
	LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/checkpoint.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

pin2= pin0= pin1=
if command -v taskset >/dev/null 2>&1 && taskset -c 0,1 true 2>/dev/null
then
	pin2="taskset -c 0,1" pin0="taskset -c 0" pin1="taskset -c 1"
fi

# Workloads: name, file, known count.  Pentominoes count plainly (few
# repeats); the empty 6x6 sudoku is where the cache pays.
if [ "${QUICK:-0}" = 1 ]; then
	"$build/examples/pentomino" -d 4x15 >"$tmp/pent.dlx" || exit 1
	pent_want=1472
else
	"$build/examples/pentomino" -d 6x10 >"$tmp/pent.dlx" || exit 1
	pent_want=9356
fi
here=$(cd "$(dirname "$0")/.." && pwd)
memo_file=$here/tests/data/sudoku6-empty.dlx
memo_want=28200960

bad=0

# secs OUT COMMAND...: run COMMAND (stdout to OUT), print wall seconds.
secs() {
	_o=$1
	shift
	_s=$(date +%s.%N)
	"$@" >"$_o" 2>/dev/null
	echo "$(date +%s.%N) - $_s" | bc
}

# want NAME FILE COUNT: FILE holds COUNT, else say so.
want() {
	if [ "$(cat "$2")" != "$3" ]; then
		echo "$1: count $(cat "$2"), not $3" >&2
		bad=1
	fi
}

# stat X...: "median (least-most)".
stat() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
	    END { printf "%.2f (%.2f-%.2f)", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# med X...: the median alone.
med() {
	printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"
}

a='' b='' c='' m1='' m1c='' m2='' m2c=''
i=0
while [ $i -lt "$repeat" ]; do
	i=$((i + 1))
	a="$a $(secs "$tmp/o" $pin2 "$dlx" -t 2 --no-memo "$tmp/pent.dlx")"
	want "plain -t 2" "$tmp/o" $pent_want
	rm -f "$tmp/ck"
	b="$b $(secs "$tmp/o" $pin2 "$dlx" -t 2 --no-memo --checkpoint \
	    "$tmp/ck" --checkpoint-every "$every" "$tmp/pent.dlx")"
	want "plain -t 2 ck" "$tmp/o" $pent_want
	s=$(date +%s.%N)
	$pin0 "$dlx" -t 1 --no-memo "$tmp/pent.dlx" >"$tmp/o1" & p1=$!
	$pin1 "$dlx" -t 1 --no-memo "$tmp/pent.dlx" >"$tmp/o2" & p2=$!
	wait $p1 $p2
	c="$c $(echo "$(date +%s.%N) - $s" | bc)"
	want "copy 1" "$tmp/o1" $pent_want
	want "copy 2" "$tmp/o2" $pent_want
	m1="$m1 $(secs "$tmp/o" $pin0 "$dlx" -t 1 --memo "$memo_file")"
	want "memo -t 1" "$tmp/o" $memo_want
	rm -f "$tmp/ck"
	m1c="$m1c $(secs "$tmp/o" $pin0 "$dlx" -t 1 --memo --checkpoint \
	    "$tmp/ck" --checkpoint-every "$every" "$memo_file")"
	want "memo -t 1 ck" "$tmp/o" $memo_want
	m2="$m2 $(secs "$tmp/o" $pin2 "$dlx" -t 2 --memo "$memo_file")"
	want "memo -t 2" "$tmp/o" $memo_want
	rm -f "$tmp/ck"
	m2c="$m2c $(secs "$tmp/o" $pin2 "$dlx" -t 2 --memo --checkpoint \
	    "$tmp/ck" --checkpoint-every "$every" "$memo_file")"
	want "memo -t 2 ck" "$tmp/o" $memo_want
done

# shellcheck disable=SC2086
{
	echo "rounds: $repeat; checkpoint every $every s; ${pin2:-not pinned}"
	echo "plain -t 2       $(stat $a)"
	echo "plain -t 2 ck    $(stat $b)"
	echo "2 copies -t 1    $(stat $c)"
	echo "memo -t 1        $(stat $m1)"
	echo "memo -t 1 ck     $(stat $m1c)"
	echo "memo -t 2        $(stat $m2)"
	echo "memo -t 2 ck     $(stat $m2c)"
	ta=$(med $a) tb=$(med $b) tc=$(med $c)
	echo "ck/plain         $(echo "scale=2; $ta / $tb" | bc)  (target >= 0.90)"
	echo "vs ceiling       $(echo "scale=2; $tc / (2 * $tb)" | bc)  (target >= 0.90)"
	echo "memo ck -t 1     $(echo "scale=2; $(med $m1) / $(med $m1c)" | bc)  (target >= 0.90)"
	echo "memo ck -t 2     $(echo "scale=2; $(med $m2) / $(med $m2c)" | bc)  (target >= 0.90)"
}
exit $bad
