# sudoku-common.sh: sourced by the tests/cli-sudoku-*.sh scripts.
# Sets prog, ex (examples/sudoku), data (tests/data) and a scratch
# directory tmp (removed on exit), and defines the comparison helpers.
# Every check that fails sets fail=1; a script ends with: exit $fail

: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
prog="$top_builddir/src/dlx-sudoku"
ex="$top_srcdir/examples/sudoku"
data="$top_srcdir/tests/data"
if [ ! -x "$prog" ]; then
	echo "no $prog" >&2
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlx-sudoku-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# same NAME EXPECTED-FILE ACTUAL-FILE: the files must be identical.
same() {
	if ! cmp -s "$2" "$3"; then
		echo "FAIL: $1"
		diff -u "$2" "$3" | head -40
		fail=1
	fi
}

# status NAME EXPECTED ACTUAL: exit statuses must be equal.
status() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: exit status $3, expected $2"
		fail=1
	fi
}

# run ARGS...: run the program with stdout to $tmp/out, stderr to
# $tmp/err, and its exit status in $st.
run() {
	st=0
	$DLX_RUN "$prog" "$@" >"$tmp/out" 2>"$tmp/err" || st=$?
}
