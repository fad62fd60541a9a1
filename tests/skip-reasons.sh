#!/bin/sh
# skip-reasons.sh: make check prints why a test skipped, on the console
# (tests/skip-driver.sh around automake's test driver): fake tests that
# skip, with and without a reason, pass, and pass skipping a part.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

driver=$top_srcdir/build-aux/test-driver
[ -f "$driver" ] || { echo "SKIP: no $driver (run autoreconf -fi)"; exit 77; }
# The Makefile runs the tests through the wrapper.
grep -q '^LOG_DRIVER = .*tests/skip-driver\.sh' \
    "$top_builddir/Makefile" || failed "Makefile: LOG_DRIVER is not skip-driver.sh"

# fake NAME STATUS LINE...: a test printing the lines, exiting STATUS; its
# console output through the wrapper is $tmp/out, the wrapper's status $st.
fake() {
	_name=$1 _st=$2
	shift 2
	{
		for _l; do printf 'echo "%s"\n' "$_l"; done
		echo "exit $_st"
	} >"$tmp/$_name"
	st=0
	${SHELL:-/bin/sh} "$top_srcdir/tests/skip-driver.sh" ${SHELL:-/bin/sh} \
	    "$driver" --test-name "$_name" --log-file "$tmp/$_name.log" \
	    --trs-file "$tmp/$_name.trs" --color-tests no \
	    --enable-hard-errors yes --expect-failure no -- \
	    ${SHELL:-/bin/sh} "$tmp/$_name" >"$tmp/out" 2>&1 || st=$?
}

fake skip.sh 77 "checking" "SKIP: frob is missing (apt-get install frob)"
printf '%s\n' "SKIP: skip.sh" \
    "  why: frob is missing (apt-get install frob)" >"$tmp/exp"
same "a skip with its reason" "$tmp/exp" "$tmp/out"
status "a skip with its reason" 0

fake said.sh 77 "checking" "no frob here"
printf '%s\n' "SKIP: said.sh" "  why: no frob here" >"$tmp/exp"
same "a skip, its last line" "$tmp/exp" "$tmp/out"

fake mute.sh 77
printf '%s\n' "SKIP: mute.sh" "  why: (the test did not say)" >"$tmp/exp"
same "a skip without a word" "$tmp/exp" "$tmp/out"

fake part.sh 0 "SKIP (part): no frob for the second half"
printf '%s\n' "PASS: part.sh" "  skipped: no frob for the second half" \
    >"$tmp/exp"
same "a pass, skipping a part" "$tmp/exp" "$tmp/out"

fake pass.sh 0 "all good"
echo "PASS: pass.sh" >"$tmp/exp"
same "a pass" "$tmp/exp" "$tmp/out"

fake fail.sh 1 "FAIL: it broke"
echo "FAIL: fail.sh" >"$tmp/exp"
same "a failure" "$tmp/exp" "$tmp/out"
status "a failure: the driver's status" 0
exit $fail
