#!/bin/sh
# Every long option of each program is listed in its --help and in its
# man page.  The options are read from the programs' getopt_long tables
# (their own and the shared ones of cli.h and cluster.h), so an option
# added to a table and documented nowhere fails here.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

prog=$top_srcdir/src/prog
for p in dlx dlx-sudoku; do
	case $p in
	dlx) src=$prog/dlx/dlx-main.c ;;
	*) src=$prog/sudoku/sudoku-main.c ;;
	esac
	grep -ho '{ *"[a-z0-9-]*",' "$src" "$prog/common/cli.h" \
	    "$prog/common/cluster.h" | sed 's/{ *"//; s/",//' | sort -u \
	    >"$tmp/opts"
	[ "$(wc -l <"$tmp/opts")" -gt 10 ] ||
	    failed "$p: only $(wc -l <"$tmp/opts") options read from $src"
	"$top_builddir/src/$p" --help >"$tmp/help" 2>&1 ||
	    failed "$p --help: exit status $?"
	while read -r o; do
		grep -q -- "--$o\\b" "$tmp/help" ||
		    failed "$p: --$o is not in --help"
		e=$(echo "$o" | sed 's/-/\\\\-/g')
		grep -q "Fl \\\\-$e\\b" "$top_srcdir/man/$p.1" ||
		    failed "$p: --$o is not in $p.1"
	done <"$tmp/opts"
done
exit $fail
