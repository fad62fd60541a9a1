#!/bin/sh
# dlx: write errors and interrupts.  A full disk is an error with a
# message; a reader that goes away (EPIPE) stops dlx quietly; SIGINT stops
# a long search with the count so far, marked partial, and status 130.
# dlx and dlx-sudoku write their progress lines in one format and say
# "interrupted" in one message, with the checkpoint to resume from.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

for opt in "" -p --json; do
	# shellcheck disable=SC2086
	write_error "$dlx" $opt "$data/queens8.dlx"
done

# A closed pipe: no message.  The status is that of head (0).
$DLX_RUN "$dlx" -p "$data/queens8.dlx" 2>"$tmp/err" | head -n 1 >"$tmp/out"
echo 1: >"$tmp/exp"
if ! cmp -s "$tmp/exp" "$tmp/out" || [ -s "$tmp/err" ]; then
	failed "EPIPE"; cat "$tmp/out" "$tmp/err"
fi

# SIGINT during a search far too long to finish (all 9356 pentomino
# tilings of 6x10), with and without --print: wait for the first progress
# line, which shows the search has begun, then interrupt.
$DLX_RUN "$examples/pentomino" -d 6x10 >"$tmp/p.dlx" || exit 99
num='[0-9][0-9]*'
progress="$num solutions so far, [0-9.e+-]*% of the search tree, $num nodes, $num updates, $num s"
for print in "" -p; do
	# shellcheck disable=SC2086
	start "$dlx" $print --progress=0.01 "$tmp/p.dlx"
	wait_for 'of the search tree' 600 0.1
	interrupt
	status "SIGINT${print:+ $print}" 130
	# Progress lines: "dlx: S solutions so far, P% of the search tree,
	# N nodes, U updates, T s".
	if ! grep -qx "dlx: $progress" "$tmp/err"; then
		failed "progress line $print"; head -n 3 "$tmp/err"
	fi
	# The partial count: on stdout, or on stderr with --print.
	if [ -z "$print" ]; then
		grep -qx '[0-9][0-9]* (partial)' "$tmp/out" ||
		    { failed "SIGINT: output"; cat "$tmp/out"; }
	else
		grep -qx 'dlx: interrupted: [0-9]* solutions so far (partial)' \
		    "$tmp/err" ||
		    { failed "SIGINT --print: message"; tail -n 2 "$tmp/err"; }
	fi
done

# With --checkpoint, both programs name the file to resume from, in one
# message: "PROG: [FILE:LINE: ]interrupted: N solutions so far (partial);
# resume with --resume=FILE".  dlx-sudoku's progress lines are dlx's,
# after the puzzle's place.
start "$dlx" --progress=0.01 --checkpoint "$tmp/ck" "$tmp/p.dlx"
wait_for 'of the search tree' 600 0.1
interrupt
status "SIGINT --checkpoint" 130
grep -qx "dlx: interrupted: $num solutions so far (partial); resume with --resume=$tmp/ck" \
    "$tmp/err" || { failed "dlx: SIGINT --checkpoint: message"; tail -n 2 "$tmp/err"; }
printf '%081d\n' 0 >"$tmp/empty9"
# The bit boards on two threads (the empty grid without the cache: far
# too long to finish): the partial count of both threads.
start "$sudoku" -c -t 2 -s --no-memo --progress "$tmp/empty9"
wait_for 'of the search tree' 600 0.1
interrupt
status "dlx-sudoku -t 2 SIGINT" 130
grep -qx "dlx-sudoku: $tmp/empty9:1: $progress" "$tmp/err" ||
    { failed "dlx-sudoku -t 2: progress line"; head -n 3 "$tmp/err"; }
grep -qx "$tmp/empty9:1: at least [1-9][0-9]* solutions (interrupted)" \
    "$tmp/out" || { failed "dlx-sudoku -t 2 SIGINT: output"; cat "$tmp/out"; }
knuth_default || grep -q "engine bit boards, 2 threads\$" "$tmp/err" ||
    { failed "dlx-sudoku -t 2 SIGINT: not the bit boards on threads"
    tail -n 3 "$tmp/err"; }
start "$sudoku" -c --progress --checkpoint "$tmp/sck" "$tmp/empty9"
wait_for 'of the search tree' 600 0.1
interrupt
status "dlx-sudoku SIGINT --checkpoint" 130
grep -qx "dlx-sudoku: $tmp/empty9:1: $progress" "$tmp/err" ||
    { failed "dlx-sudoku: progress line"; head -n 3 "$tmp/err"; }
grep -qx "dlx-sudoku: $tmp/empty9:1: interrupted: $num solutions so far (partial); resume with --resume=$tmp/sck" \
    "$tmp/err" || { failed "dlx-sudoku: SIGINT --checkpoint: message"; tail -n 2 "$tmp/err"; }
grep -qx "$tmp/empty9:1: at least $num solutions (interrupted)" "$tmp/out" ||
    { failed "dlx-sudoku: SIGINT --checkpoint: output"; cat "$tmp/out"; }
[ -s "$tmp/sck" ] || failed "dlx-sudoku: SIGINT --checkpoint: no checkpoint"
# The same with --all: the solutions so far on stdout, the hint on stderr.
rm -f "$tmp/sck"
start "$sudoku" -a -f line --progress --checkpoint "$tmp/sck" "$tmp/empty9"
wait_for 'of the search tree' 600 0.1
interrupt
status "dlx-sudoku -a SIGINT --checkpoint" 130
grep -qx "dlx-sudoku: $tmp/empty9:1: interrupted: $num solutions so far (partial); resume with --resume=$tmp/sck" \
    "$tmp/err" || { failed "dlx-sudoku -a: SIGINT --checkpoint: message"; tail -n 2 "$tmp/err"; }

# One SIGINT while dlx waits for input that never comes: status 130, no
# message (reads are not restarted after the signal).
mkfifo "$tmp/silent"
exec 3<>"$tmp/silent"
interrupt_reading "a silent pipe" "$dlx" "$tmp/silent"
exec 3>&-

exit $fail
