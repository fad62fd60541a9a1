#!/bin/sh
# GNU parallel runs the 8 parts of a count (pentomino tilings of 5x12:
# 4040) as independent processes; merging their records gives the exact
# total.  README's Quick start does not install GNU parallel: where it is
# missing the test is skipped (77) and says so, unless DLX_TEST_REQUIRE
# names "parallel" (CI installs it and sets that, see common.sh).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

if ! command -v parallel >/dev/null 2>&1; then
	optional parallel "GNU parallel is not installed (Debian: apt-get install parallel)"
elif ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
	optional parallel "'parallel' is not GNU parallel (moreutils'?); install GNU parallel (Debian: apt-get install parallel)"
fi
if [ -n "$DLX_RUN" ]; then shape=3x20 want=8; else shape=5x12 want=4040; fi
"$top_builddir/examples/pentomino" -d $shape >"$tmp/p.dlx" || exit 99

# The line the README gives, with the build's program.  HOME goes to the
# scratch directory: parallel keeps its files (~/.parallel) there.
HOME=$tmp
export dlx tmp DLX_RUN HOME
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
