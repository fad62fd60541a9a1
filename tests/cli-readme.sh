#!/bin/sh
# README.md's test command must be the one .ci/run runs, and its quick-start
# command must end by running a program on a file that exists.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

cmd=$(sed -n '/^Run the tests:/,/^    /p' "$top_srcdir/README.md" | sed -n 's/^    //p')
if [ -z "$cmd" ]; then
	echo "README.md: no test command after 'Run the tests:'"
	fail=1
elif ! grep -qxF "$cmd" "$top_srcdir/.ci/run"; then
	echo "README.md's test command is not a line of .ci/run: $cmd"
	fail=1
fi

quick=$(sed -n '/^Install, build/,/^    /p' "$top_srcdir/README.md" | sed -n 's/^    //p')
file=${quick##* }
if [ ! -f "$top_srcdir/$file" ]; then
	echo "README.md's quick start uses a missing file: $file"
	fail=1
fi
exit $fail
