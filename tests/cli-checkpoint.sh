#!/bin/sh
# Checkpoints survive SIGKILL: a count of the pentomino tilings of 5x12
# (4040) is killed at random moments several times, resumed each time
# from its checkpoint, and must end with the exact count.  Then SIGTERM:
# the count stops at once with a checkpoint where it stood (status 143),
# and resuming it, with parts too, gives the exact count.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
# A run left behind is killed outright: no checkpoint at exit.
trap 'test -n "$pid" && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# Under valgrind (DLX_RUN set) the smaller 3x20 (8 tilings) is enough.
if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi
"$top_builddir/examples/pentomino" -d $shape >"$tmp/p.dlx" || exit 99

# How long a whole run takes here (valgrind makes it slower by far): the
# kills below land at random moments within that time.
t0=$(date +%s.%N)
$DLX_RUN "$dlx" --checkpoint-every 0.05 --checkpoint "$tmp/ck0" \
    "$tmp/p.dlx" >/dev/null 2>&1
t1=$(date +%s.%N)
rm -f "$tmp/ck0"

# Up to 40 runs; the first 5 are killed at a random moment from 0.1 s
# to 0.1 s + a tenth of a whole run (at most 1.1 s).  Five such kills add
# up to at most half a run and then some, so at least three land on a run
# still counting even when this machine runs twice as fast as it did
# while the whole run above was timed.  (A window of a third of a run let
# two late kills leave too little for a third, about one test in twenty.)
ck=$tmp/ck
kills=0 runs=0 st=
while [ $runs -lt 40 ]; do
	runs=$((runs + 1))
	if [ -f "$ck" ]; then
		set -- --resume "$ck"
	else
		set -- --checkpoint "$ck"
	fi
	# exec: $! is dlx itself, not a subshell.
	(exec $DLX_RUN "$dlx" --checkpoint-every 0.05 "$@" "$tmp/p.dlx" \
	    >"$tmp/out" 2>"$tmp/err") &
	pid=$!
	if [ $runs -le 5 ]; then
		r=$(awk -v s="$runs$$" -v a="$t0" -v b="$t1" 'BEGIN {
			srand(s); d = (b - a) / 10; if (d > 1) d = 1
			printf "%.2f", 0.1 + d * rand() }')
		sleep "$r"
		kill -9 "$pid" 2>/dev/null
	fi
	wait "$pid"
	st=$?
	pid=
	# A kill landed when the run died of it (kill also succeeds on a
	# run that has just finished and not yet been waited for).
	[ $st = 137 ] && kills=$((kills + 1)) && continue
	[ $st = 0 ] && break
	echo "FAIL: run $runs: status $st"; cat "$tmp/err"; fail=1
	break
done
if [ "$st" != 0 ] || [ "$(cat "$tmp/out")" != "$want" ]; then
	echo "FAIL: after $kills kills: status $st, count $(cat "$tmp/out")"
	cat "$tmp/err"
	fail=1
fi
[ $kills -ge 3 ] || { echo "FAIL: only $kills kills landed"; fail=1; }
# The last checkpoint is of the finished count.  (A kill during a save
# may leave a temporary file, never a damaged checkpoint.)
got=$($DLX_RUN "$dlx" --resume "$ck" "$tmp/p.dlx")
[ "$got" = "$want" ] || { echo "FAIL: finished checkpoint: $got"; fail=1; }

# SIGTERM stops part 2 of 3 with a checkpoint; resume it; merge.
rm -f "$ck"
for k in 1 3; do
	$DLX_RUN "$dlx" --part $k/3 "$tmp/p.dlx" >"$tmp/rec$k" || fail=1
done
(exec $DLX_RUN "$dlx" --part 2/3 --checkpoint "$ck" "$tmp/p.dlx" \
    >"$tmp/rec2" 2>"$tmp/err") &
pid=$!
i=0
while [ ! -s "$ck" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -TERM "$pid"
wait "$pid"
st=$?
pid=
if [ $st = 143 ]; then
	grep -q '^dlx: interrupted by SIGTERM: [0-9]* solutions so far (partial); resume with --resume=' "$tmp/err" ||
	    { echo "FAIL: SIGTERM message"; cat "$tmp/err"; fail=1; }
	$DLX_RUN "$dlx" --resume "$ck" "$tmp/p.dlx" >"$tmp/rec2" || fail=1
elif [ $st != 0 ]; then
	echo "FAIL: SIGTERM: status $st"; cat "$tmp/err"; fail=1
fi
got=$($DLX_RUN "$dlx" merge "$tmp/rec1" "$tmp/rec2" "$tmp/rec3")
[ "$got" = "$want" ] || { echo "FAIL: merged after SIGTERM: $got"; fail=1; }

exit $fail
