#!/bin/sh
# dlx: write errors and interrupts.  A full disk is an error with a
# message; a reader that goes away (EPIPE) stops dlx quietly; SIGINT stops
# a long search with the count so far, marked partial, and status 130.
: "${top_builddir:=.}" "${top_srcdir:=.}"
dlx=$top_builddir/src/dlx
data=$top_srcdir/tests/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli-dlx-signals.XXXXXX") || exit 99
pid=
trap 'test -n "$pid" && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL
fail=0

if [ -w /dev/full ]; then
	for opt in "" -p --json; do
		# shellcheck disable=SC2086
		$DLX_RUN "$dlx" $opt "$data/queens8.dlx" >/dev/full 2>"$tmp/err"
		st=$?
		printf '%s\n' 'dlx: write error: No space left on device' \
		    >"$tmp/exp"
		if [ "$st" != 2 ] || ! cmp -s "$tmp/exp" "$tmp/err"; then
			echo "FAIL /dev/full $opt: status $st"; cat "$tmp/err"
			fail=1
		fi
	done
fi

# A closed pipe: no message.  The status is that of head (0).
$DLX_RUN "$dlx" -p "$data/queens8.dlx" 2>"$tmp/err" | head -n 1 >"$tmp/out"
echo 1: >"$tmp/exp"
if ! cmp -s "$tmp/exp" "$tmp/out" || [ -s "$tmp/err" ]; then
	echo "FAIL EPIPE:"; cat "$tmp/out" "$tmp/err"; fail=1
fi

# SIGINT during a search far too long to finish (all 9356 pentomino
# tilings of 6x10): wait for the first progress line, which shows the
# search has begun, then interrupt.
$DLX_RUN "$top_builddir/examples/pentomino" -d 6x10 >"$tmp/p.dlx" || exit 99
# dlx may be a libtool wrapper script; exec makes $! the program itself.
sh -c 'exec "$@"' sh $DLX_RUN "$dlx" --progress=0.01 "$tmp/p.dlx" \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
while ! grep -q 'explored' "$tmp/err" && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
st=$?
pid=
if [ "$st" != 130 ]; then
	echo "FAIL SIGINT: status $st"; fail=1
fi
if ! grep -qx '[0-9][0-9]* (partial)' "$tmp/out"; then
	echo "FAIL SIGINT: output"; cat "$tmp/out"; fail=1
fi
# Progress lines: "dlx: T s: S solutions, N nodes, U updates, F explored".
if ! grep -qx 'dlx: [0-9]* s: [0-9]* solutions, [0-9]* nodes, [0-9]* updates, [01]\.[0-9]* explored' \
    "$tmp/err"; then
	echo "FAIL progress line:"; head -n 3 "$tmp/err"; fail=1
fi

# The same with --print: the partial count goes to stderr.
sh -c 'exec "$@"' sh $DLX_RUN "$dlx" -p --progress=0.01 "$tmp/p.dlx" \
    >"$tmp/out2" 2>"$tmp/err2" &
pid=$!
i=0
while ! grep -q 'explored' "$tmp/err2" && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
st=$?
pid=
if [ "$st" != 130 ] ||
    ! grep -qx 'dlx: interrupted: [0-9]* solutions so far (partial)' \
    "$tmp/err2"; then
	echo "FAIL SIGINT --print: status $st"; tail -n 2 "$tmp/err2"; fail=1
fi


# One SIGINT while dlx waits for input that never comes: status 130, no
# message (reads are not restarted after the signal).
settle=1
[ -n "${DLX_RUN:-}" ] && settle=10
mkfifo "$tmp/silent"
exec 3<>"$tmp/silent"
$DLX_RUN "$dlx" "$tmp/silent" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep $settle
kill -INT $pid
wait $pid
st=$?
pid=
exec 3>&-
if [ "$st" != 130 ] || [ -s "$tmp/err" ]; then
	echo "FAIL SIGINT while reading: status $st"; cat "$tmp/err"; fail=1
fi

exit $fail
