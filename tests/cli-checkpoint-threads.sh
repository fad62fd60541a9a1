#!/bin/sh
# Checkpoints of a count on threads survive SIGKILL: the pentomino
# tilings of 4x15 (1472) counted on two threads with --checkpoint, killed
# at random moments and resumed each time on another number of threads
# (2, 1, 3, 2, ...), end with the exact count: the whole count plainly,
# and part 2 of 3 with the cache (--memo), merged with the other two.  A
# checkpoint of a part does not resume as another part.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
# A run left behind is killed outright: no checkpoint at exit.
trap 'test -n "$pid" && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# Under valgrind the smaller 3x20 (8 tilings), plainly only.
if under_valgrind; then shape=3x20 want=8; else shape=4x15 want=1472; fi
"$examples/pentomino" -d $shape >"$tmp/p.dlx" || exit 99

# killed SEED OPTION...: count p.dlx with the options and --checkpoint;
# the first three runs are killed (kill -9) at a random moment 0.1 s to
# 0.4 s in, each resumed from the checkpoint on the next of 2, 1, 3
# threads; the output of the run that ends goes to $tmp/out.  $kills
# tells how many kills landed on a run still counting.
killed() {
	_seed=$1
	shift
	_ck=$tmp/ck.$_seed
	rm -f "$_ck"
	kills=0 _runs=0 st=
	while [ $_runs -lt 20 ]; do
		case $((_runs % 3)) in 0) _t=2 ;; 1) _t=1 ;; *) _t=3 ;; esac
		_runs=$((_runs + 1))
		if [ -f "$_ck" ]; then _f=--resume; else _f=--checkpoint; fi
		# exec: $! is dlx itself, not a subshell.
		(exec $DLX_RUN "$dlx" -t $_t --checkpoint-every 0.02 "$@" \
		    $_f "$_ck" "$tmp/p.dlx" >"$tmp/out" 2>"$tmp/err") &
		pid=$!
		if [ $_runs -le 3 ]; then
			sleep "$(awk -v s="$_seed$_runs$$" 'BEGIN {
			    srand(s); printf "%.2f", 0.1 + 0.3 * rand() }')"
			kill -9 "$pid" 2>/dev/null
		fi
		wait "$pid"
		st=$?
		pid=
		[ $st = 137 ] && kills=$((kills + 1)) && continue
		break
	done
}

# check NAME WANT: the run ended well with WANT on stdout, after a kill.
check() {
	if [ "$st" != 0 ] || [ "$(cat "$tmp/out")" != "$2" ]; then
		failed "$1: after $kills kills: status $st, $(cat "$tmp/out")"
		cat "$tmp/err"
	fi
	[ $kills -ge 1 ] || failed "$1: no kill landed"
}

killed 1
check "-t 2 --checkpoint" "$want"

if ! under_valgrind; then
	# Part 2 of 3 with the cache killed and resumed; parts 1 and 3
	# whole; merged.
	for k in 1 3; do
		run "$dlx" -t 2 --part $k/3 --checkpoint "$tmp/ck.p$k" \
		    "$tmp/p.dlx"
		status "part $k/3" 0
		cp "$tmp/out" "$tmp/rec$k"
	done
	killed 3 --memo --part 2/3
	[ "$st" = 0 ] || { failed "--memo part 2/3: status $st"; cat "$tmp/err"; }
	[ $kills -ge 1 ] || failed "--memo part 2/3: no kill landed"
	cp "$tmp/out" "$tmp/rec2"
	run "$dlx" merge "$tmp/rec1" "$tmp/rec2" "$tmp/rec3"
	[ "$(cat "$tmp/out")" = "$want" ] ||
	    failed "parts merged: $(cat "$tmp/out")"

	# A checkpoint of part 2/3 is not part 1/3, on any threads.
	run "$dlx" -t 2 --part 1/3 --resume "$tmp/ck.3" "$tmp/p.dlx"
	status "part 2/3's checkpoint as part 1/3" 2
	grep -q 'checkpoint of part 2/3, not of part 1/3' "$tmp/err" ||
	    failed "part 2/3's checkpoint as part 1/3: $(cat "$tmp/err")"
fi
exit $fail
