#!/bin/sh
# bench/python.sh: what the Python binding costs, against dlx itself.
#
# Usage: [N=3] [CPU=1] bench/python.sh [BUILDDIR]
#
# Builds the extension in BUILDDIR/tests/python.d (as tests/python.sh
# does; /usr/bin/python3 with python3-dev and python3-setuptools), then,
# pinned to one CPU (taskset -c $CPU, default 1) in the same run:
#   - pentominoes in 6x10 (examples/pentomino -d 6x10): the whole dlx
#     process (best of N wall times) against p.count() of the same file
#     (best of N), and their ratio; the target is within 5%;
#   - a million solutions (2^20) iterated from Python, less the search
#     alone (the same tree counted): the target is under 1 s;
#   - Problem() from 100,000 options of Python lists: target under 0.5 s.
set -u
build=$(cd "${1:-.}" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
repeat=${N:-3}
cpu=${CPU:-1}
py=${DLX_PYTHON:-/usr/bin/python3}
pin="taskset -c $cpu"
command -v taskset >/dev/null 2>&1 || pin=
work=$build/tests/python.d
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$work/pkg" &&
cp -pR "$here/python/setup.py" "$here/python/dlx" "$here/python/src" \
	"$work/pkg/" && chmod -R u+w "$work/pkg" || exit 1
(cd "$work/pkg" && DLX_SRCDIR=$here "$py" setup.py -q build -j2 \
	--build-base "$work/build" --build-lib "$work/lib") >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log"; exit 1; }

"$build/examples/pentomino" -d 6x10 >"$tmp/pent.dlx" || exit 1
best=
for i in $(seq "$repeat"); do
	t0=$(date +%s.%N)
	c=$($pin "$build/src/dlx" --no-progress "$tmp/pent.dlx") || exit 1
	t1=$(date +%s.%N)
	t=$(echo "$t1 - $t0" | bc)
	if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then
		best=$t
	fi
done
export PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1
set -- $($pin "$py" "$here/bench/python-bench.py" count "$tmp/pent.dlx" \
	"$repeat")
printf '%s %s solutions in %.3f s; p.count() %s in %.3f s (%s); %s %.3f\n' \
	"pentominoes 6x10: dlx" "$c" "$best" "$2" "$3" "$4" ratio \
	"$(echo "$3 / $best" | bc -l)"
[ "$c" = "$2" ] || { echo "the counts differ"; exit 1; }
set -- $($pin "$py" "$here/bench/python-bench.py" stream "$repeat")
printf '%s %s iterated in %.3f s, the search alone %.3f s: %.3f s %s\n' \
	"a million solutions:" "$2" "$4" "$3" "$5" "beyond it"
set -- $($pin "$py" "$here/bench/python-bench.py" build "$repeat")
printf 'Problem() of %s options from lists: %.3f s\n' "$2" "$3"
