#!/bin/sh
# skip-driver.sh DRIVER ARG...: make check's LOG_DRIVER.  It runs
# automake's test driver (DRIVER ARG..., as make check gives them) and,
# when the test skipped, prints why under its SKIP line, so that the
# reason (what to install) is on the console and not only in the log:
#
#   SKIP: tests/python.sh
#     why: no Python.h for /usr/bin/python3 (apt-get install python3-dev)
#
# The reasons are the test's lines "SKIP: WHY" (tests/common.sh's
# optional and need print them), or else its last line of output.  A
# test that passed but skipped a part ("SKIP (part): WHY") says so too,
# as "skipped: WHY".  The driver's status is the wrapper's.
log= trs= prev=
for arg; do
	case $prev in
	--log-file) log=$arg ;;
	--trs-file) trs=$arg ;;
	esac
	prev=$arg
done
out=$("$@")
st=$?
res=$(sed -n 's/^:test-result: //p' "$trs" 2>/dev/null)
case $res in
SKIP)
	why=$(sed -n 's/^SKIP\( (part)\)\{0,1\}: /  why: /p' "$log")
	if [ -z "$why" ]; then
		# The last line is the driver's "SKIP NAME (exit status: 77)".
		why=$(sed '$d' "$log" | sed -n '$s/^/  why: /p')
	fi
	[ -n "$why" ] || why="  why: (the test did not say)"
	;;
*)
	why=$(sed -n 's/^SKIP (part): /  skipped: /p' "$log" 2>/dev/null) ;;
esac
# One printf, so that a parallel make check keeps the lines together.
if [ -n "$why" ]; then
	printf '%s\n%s\n' "$out" "$why"
else
	printf '%s\n' "$out"
fi
exit $st
