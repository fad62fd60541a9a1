#!/bin/sh
# bench/check-logic.sh: check the human-style rules (dlx_logic.h) over
# whole puzzle files against their true solutions, and print the figures.
#
# Usage: bench/check-logic.sh [BUILDDIR [FILE...]]
#
# BUILDDIR (default: the current directory) holds the built
# bench/logic-check.  FILEs default to the sets of ../shared/data/sudoku
# the rules are meant for: puzzles3_* (hard, 1,465) and puzzles2_* (all
# 49,158 17-clue puzzles), or set DATA to another directory with them.
# For each file logic-check solves every puzzle with an independent
# reference solver, runs the rules, and checks every placement and every
# elimination against the solution; puzzles the rules cannot finish are
# finished with dlx_logic_search(), whose solution must agree too.  It
# prints per rule the steps taken, the grades, the guesses of the search
# and the violations, which must be 0.  Not part of make check: the whole
# run takes a few tens of seconds.
#
# Exit status: 0 no violation, 1 some violation, 2 an error.
set -u
build=${1:-.}
[ $# -gt 0 ] && shift
prog=$build/bench/logic-check
if [ ! -x "$prog" ]; then
	echo "bench/check-logic.sh: build first; no $prog" >&2
	exit 2
fi
if [ $# -eq 0 ]; then
	here=$(cd "$(dirname "$0")" && pwd)
	data=${DATA:-$here/../../shared/data/sudoku}
	set -- "$data"/puzzles3_* "$data"/puzzles2_*
fi
status=0
for f in "$@"; do
	if [ ! -r "$f" ]; then
		echo "bench/check-logic.sh: cannot read $f" >&2
		exit 2
	fi
	echo "== $f"
	start=$(date +%s)
	"$prog" "$f"
	rc=$?
	echo "time                  $(( $(date +%s) - start )) s"
	[ $rc -gt $status ] && status=$rc
done
exit $status
