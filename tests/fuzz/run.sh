#!/bin/sh
# run.sh: build a libFuzzer harness of tests/fuzz with clang (ASan + UBSan)
# and fuzz it.
#
#   tests/fuzz/run.sh [-t SECONDS] [-j JOBS] [HARNESS...]
#
# HARNESS is fuzz_api, fuzz_sudoku_read, fuzz_dlx_text or fuzz_sudoku_logic
# (default: every tests/fuzz/fuzz_*.c), run one after the other for SECONDS each (default
# 60).  -j runs that many fuzzer processes per harness (libFuzzer -fork).
# The working corpus, the log and any crashing input go to
# $FUZZ_OUT/HARNESS (default ${TMPDIR:-/tmp}/dlx-fuzz); the corpus starts
# from the seeds in tests/fuzz/corpus/HARNESS, which are never written to.
# The exit status is nonzero if an input crashed, failed a check or timed
# out: copy it to tests/data/fuzz-HARNESS-NAME to make it a regression test
# (tests/fuzz-replay.sh replays those and the seeds in make check).
# tests/fuzz/HARNESS.dict, if there is one, gives libFuzzer the tokens of
# the input format.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
secs=60
jobs=1
while getopts t:j: opt; do
	case $opt in
	t) secs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) echo "usage: $0 [-t SECONDS] [-j JOBS] [HARNESS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	for f in "$here"/fuzz_*.c; do
		set -- "$@" "$(basename "$f" .c)"
	done
fi
out=${FUZZ_OUT:-${TMPDIR:-/tmp}/dlx-fuzz}
CC=${FUZZ_CC:-clang}

# The library's sources: every file of the folders of src/lib/ (the
# programs are in src/prog/).
lib=$(echo "$top"/src/lib/*/*.c)

status=0
for h in "$@"; do
	[ -f "$here/$h.c" ] || { echo "$0: no harness $h" >&2; exit 2; }
	dir=$out/$h
	mkdir -p "$dir/corpus" "$dir/artifacts"
	echo "== $h: building"
	# shellcheck disable=SC2086
	$CC -g -O1 -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=all -I"$top/include/dlx" -I"$top/src" \
	    $lib "$here/$h.c" -o "$dir/$h"
	if [ -d "$here/corpus/$h" ]; then
		cp -n "$here/corpus/$h"/* "$dir/corpus/" 2>/dev/null || true
	fi
	echo "== $h: fuzzing for $secs s (log: $dir/log)"
	fork=
	[ "$jobs" -gt 1 ] && fork=-fork=$jobs
	dict=
	[ -f "$here/$h.dict" ] && dict=-dict=$here/$h.dict
	# shellcheck disable=SC2086
	if "$dir/$h" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 $fork $dict \
	    -artifact_prefix="$dir/artifacts/" "$dir/corpus" \
	    >"$dir/log" 2>&1; then
		grep -E '^Done [0-9]+ runs' "$dir/log" || tail -n 1 "$dir/log"
	else
		status=1
		echo "$h: FAILED; see $dir/log and $dir/artifacts/" >&2
		grep -E 'ERROR|mismatch|SUMMARY' "$dir/log" | head -n 5 >&2
	fi
done
exit $status
