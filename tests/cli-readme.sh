#!/bin/sh
# README.md's test command must be the one .ci/run runs, and its quick-start
# command must end by running a program on a file that exists.
srcdir=${top_srcdir:-.}
fail=0

cmd=$(sed -n '/^Run the tests:/,/^    /p' "$srcdir/README.md" | sed -n 's/^    //p')
if [ -z "$cmd" ]; then
	echo "README.md: no test command after 'Run the tests:'"
	fail=1
elif ! grep -qxF "$cmd" "$srcdir/.ci/run"; then
	echo "README.md's test command is not a line of .ci/run: $cmd"
	fail=1
fi

quick=$(sed -n '/^Install, build/,/^    /p' "$srcdir/README.md" | sed -n 's/^    //p')
file=${quick##* }
if [ ! -f "$srcdir/$file" ]; then
	echo "README.md's quick start uses a missing file: $file"
	fail=1
fi
exit $fail
