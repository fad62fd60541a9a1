#!/bin/sh
# The tests that need tools README's Quick start does not install (GNU
# parallel; Slurm and munge) skip, saying why, where the tools are
# missing, and fail instead when DLX_TEST_REQUIRE names them (as CI sets
# it).  "Missing" is a PATH of links to every program on ours but those.
# Neither test leaves a file behind, in its working directory or in
# TMPDIR, whether it skips, passes or fails (a Slurm whose daemons do not
# start, as root, is the failure).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

tools="munged slurmctld slurmd sbatch squeue sinfo parallel"
mkdir "$tmp/bin" || exit 99
old_ifs=$IFS
IFS=:
for d in $PATH; do
	[ -d "$d" ] && ln -s "$d"/* "$tmp/bin/" 2>/dev/null
done
IFS=$old_ifs
for t in $tools; do
	rm -f "$tmp/bin/$t"
done
export top_srcdir top_builddir

# inner NAME WANT-STATUS WANT-LINE PATH [VAR=VALUE...]: run tests/NAME.sh
# in an empty directory with an empty TMPDIR and PATH; it must exit with
# WANT-STATUS, print WANT-LINE, and leave both directories empty.
inner() {
	_n=$1 _want=$2 _line=$3 _path=$4
	shift 4
	rm -rf "$tmp/cwd" "$tmp/tmpdir"
	mkdir "$tmp/cwd" "$tmp/tmpdir" || exit 99
	st=0
	(cd "$tmp/cwd" && env PATH="$_path" TMPDIR="$tmp/tmpdir" "$@" \
	    sh "$top_srcdir/tests/$_n.sh") >"$tmp/log" 2>&1 || st=$?
	status "$_n $*" "$_want"
	grep -qxF "$_line" "$tmp/log" ||
	    { failed "$_n $*: no line '$_line'"; cat "$tmp/log"; }
	_left=$(ls -A "$tmp/cwd" "$tmp/tmpdir" | grep -v ':$' | grep -v '^$')
	[ -z "$_left" ] || failed "$_n $*: left $_left"
}

unset DLX_TEST_REQUIRE
inner cli-gnu-parallel 77 \
    "SKIP: GNU parallel is not installed (Debian: apt-get install parallel)" \
    "$tmp/bin"
inner cli-gnu-parallel 1 \
    "FAIL: GNU parallel is not installed (Debian: apt-get install parallel) (DLX_TEST_REQUIRE=parallel,slurm)" \
    "$tmp/bin" DLX_TEST_REQUIRE=parallel,slurm
if [ "$(id -u)" = 0 ]; then
	inner cli-slurm 77 \
	    "SKIP: munged is missing (Debian: apt-get install slurm-wlm munge)" \
	    "$tmp/bin"
	inner cli-slurm 1 \
	    "FAIL: munged is missing (Debian: apt-get install slurm-wlm munge) (DLX_TEST_REQUIRE=all)" \
	    "$tmp/bin" DLX_TEST_REQUIRE=all
	# Daemons that do not start: the test fails, shows why, and
	# leaves nothing.
	mkdir "$tmp/fake" || exit 99
	for t in $tools; do
		printf '#!/bin/sh\necho "%s: not started (a stand-in)" >&2\nexit 1\n' \
		    "$t" >"$tmp/fake/$t"
		chmod +x "$tmp/fake/$t"
	done
	inner cli-slurm 1 "FAIL: the Slurm cluster did not start (1)" \
	    "$tmp/fake:$tmp/bin"
else
	inner cli-slurm 77 \
	    "SKIP: a Slurm cluster needs root (this test starts its own)" \
	    "$tmp/bin"
fi

exit $fail
