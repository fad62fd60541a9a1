#!/bin/sh
# fuzz-replay.sh: replay every seed of tests/fuzz/corpus/HARNESS and every
# input a fuzzer once failed on (tests/data/fuzz-HARNESS-*) through the
# harness, built without libFuzzer as tests/fuzz/replay-HARNESS.  A harness
# aborts on any crash or disagreement with its model, failing this test.
# Harnesses whose replay program is not built are skipped.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

ran=0
for src in "$top_srcdir"/tests/fuzz/fuzz_*.c; do
	h=$(basename "$src" .c)
	short=$(echo "${h#fuzz_}" | tr _ -)
	prog=$top_builddir/tests/fuzz/replay-$short
	[ -x "$prog" ] || continue
	set --
	for f in "$top_srcdir/tests/fuzz/corpus/$h"/* \
	    "$top_srcdir"/tests/data/fuzz-"$short"-*; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	if [ $# -eq 0 ]; then
		failed "$h: no inputs to replay"
		continue
	fi
	if $DLX_RUN "$prog" "$@"; then
		ran=$((ran + 1))
	else
		failed "$h"
	fi
done
[ $ran -gt 0 ] || [ $fail -ne 0 ] || exit 77
exit $fail
