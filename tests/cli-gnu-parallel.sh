#!/bin/sh
# GNU parallel runs the 8 parts of a count (pentomino tilings of 5x12:
# 4040) as independent processes; merging their records gives the exact
# total.  Skipped (77) only where GNU parallel is missing and we are not
# root; as root (CI installs it) a missing parallel is a failure.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	if [ "$(id -u)" = 0 ]; then
		echo "FAIL: GNU parallel is not installed (CI installs it)"
		exit 1
	fi
	echo "SKIP: GNU parallel is not installed"
	exit 77
fi
if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi
"$top_builddir/examples/pentomino" -d $shape >"$tmp/p.dlx" || exit 99

# The line the README gives, with the build's program.
export dlx tmp DLX_RUN
parallel --will-cite -j 2 --halt now,fail=1 \
    '$DLX_RUN "$dlx" --part {}/8 "$tmp/p.dlx" >"$tmp/part-{}.json"' \
    ::: 1 2 3 4 5 6 7 8 || { echo "FAIL: a part failed"; exit 1; }
got=$($DLX_RUN "$dlx" merge "$tmp"/part-*.json) || exit 1
if [ "$got" != "$want" ]; then
	echo "FAIL: merged $got, want $want"
	cat "$tmp"/part-*.json
	exit 1
fi
exit 0
