# hostile-common.sh: the harness both hostile-input tests share; sourced
# after setting prog (the program) and name (the test, which names its
# scratch directory in the build tree).  Leaves the caller in that
# directory with bad, expect and maxrss defined and $limit set.
: "${top_builddir:?}" "${top_srcdir:?}" "${prog:?}" "${name:?}"
LC_ALL=C
export LC_ALL

tmp=$top_builddir/tests/$name.tmp
rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
pid=			# a program left running in the background, if any
trap 'test -n "$pid" && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
cd "$tmp" || exit 1

# Stop a hung program rather than the whole test run.
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 600"

fail=0
bad() {
	echo "FAIL: $*"
	fail=1
}

# expect NAME STATUS: compare status, out and err with $status, exp.out
# and exp.err.
expect() {
	[ "$status" -eq "$2" ] || bad "$1: status $status, expected $2"
	cmp -s out exp.out || { bad "$1: stdout differs"; diff exp.out out | head -n 10; }
	cmp -s err exp.err || { bad "$1: stderr differs"; diff exp.err err | head -n 10; }
}

# Peak resident memory in KB of a command, if /usr/bin/time can tell and
# the program runs natively; empty otherwise.
maxrss() {
	if [ -n "$DLX_RUN" ] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
		"$@" >/dev/null 2>&1
		return
	fi
	# Under AddressSanitizer freed blocks wait in a quarantine of up to
	# 256 MB before reuse, which looks like growth; without it, the
	# figure is the program's own.
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" \
	    /usr/bin/time -o rss.txt -f %M "$@" >/dev/null 2>&1
	tail -n 1 rss.txt
}
