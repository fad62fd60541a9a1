# common.sh: sourced by the shell tests (tests/cli-*.sh and others) as
#   . "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
#
# It sets:
#   top_builddir, top_srcdir  absolute (make check passes both; by hand
#                             they default to . and the script's ..)
#   MAKE, CC                  from make check, or make and cc
#   dlx, sudoku               the programs in the build tree
#   examples                  the example programs (build tree)
#   puzzles                   examples/sudoku (source tree)
#   data                      tests/data (source tree)
#   tmp                       a scratch directory, removed on exit
#   pid                       empty; a program left in the background, if
#                             set, is killed on exit
#   limit                     empty; hostile_setup sets a time limit
#   fail=0, LC_ALL=C, and no DLX_PART or SLURM_ARRAY_TASK_ID from outside
# and defines the helpers below.  A test writes only in $tmp (or, for
# hostile_setup, in the build tree's tests/NAME.tmp, removed on exit too),
# never in the source tree, whether it passes or fails.  Every program is started as
# $DLX_RUN PROGRAM ... (CI sets DLX_RUN to run them under valgrind).
# Every failed check prints a line starting with FAIL and sets fail=1; a
# script ends with: exit $fail

top_builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/..}" && pwd) || exit 99
MAKE=${MAKE:-make}
CC=${CC:-cc}
dlx=$top_builddir/src/dlx
sudoku=$top_builddir/src/dlx-sudoku
examples=$top_builddir/examples
puzzles=$top_srcdir/examples/sudoku
data=$top_srcdir/tests/data
LC_ALL=C
export LC_ALL
unset DLX_PART SLURM_ARRAY_TASK_ID
fail=0
st=0
pid=
limit=

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlx-$(basename "$0" .sh).XXXXXX") || exit 99
# make distdir leaves read-only files; u+w lets rm remove them.
trap 'test -n "$pid" && kill "$pid" 2>/dev/null
      chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# hostile_setup: for the tests of big and hostile input.  The scratch
# directory moves to the build tree (tests/NAME.tmp, for files of 100 MB),
# the script works in it, and run stops a program after 10 minutes rather
# than hang the whole test run.
hostile_setup() {
	rm -rf "$tmp"
	tmp=$top_builddir/tests/$(basename "$0" .sh).tmp
	rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp" || exit 1
	if command -v timeout >/dev/null 2>&1; then
		limit="timeout 600"
	fi
}

# knuth_default: true in a build configured with --enable-knuth-default,
# where a search that names no mode walks Knuth's tree, so that a 9x9
# count is not on the bit boards: a test of which engine ran asks this
# first (the answers themselves are the same in both builds).
knuth_default() {
	grep -q '^#define DLX_KNUTH_DEFAULT 1' "$top_builddir/config.h" \
	    2>/dev/null
}

# optional NAME WHY: something the test needs and README's Quick start
# does not install is missing (WHY says what, and how to get it): skip
# (status 77) with WHY in the log, unless $DLX_TEST_REQUIRE (names,
# separated by spaces or commas, or "all") names NAME: then it is a
# failure, so that where the tools are installed on purpose (CI) the test
# cannot quietly stop running.
optional() {
	case " $(echo "${DLX_TEST_REQUIRE:-}" | tr ',' ' ') " in
	*" $1 "* | *" all "*)
		echo "FAIL: $2 (DLX_TEST_REQUIRE=$DLX_TEST_REQUIRE)"
		exit 1 ;;
	esac
	echo "SKIP: $2"
	exit 77
}

# need COMMAND: skip the test (status 77) where COMMAND is missing.
need() {
	command -v "$1" >/dev/null 2>&1 && return
	echo "SKIP: $1 not found"
	exit 77
}

# step LOG COMMAND...: a step the test cannot go on without (a build, an
# install): its output goes to $tmp/LOG.log, shown if it fails, and then
# the test fails at once.  MAKEFLAGS of the running make (jobserver, -j)
# are left out.
step() {
	_log=$1
	shift
	if ! MAKEFLAGS= MFLAGS= "$@" >"$tmp/$_log.log" 2>&1; then
		tail -n 30 "$tmp/$_log.log"
		failed "$*"
		exit 1
	fi
}

# failed MESSAGE...: a check failed.
failed() {
	echo "FAIL: $*"
	fail=1
}

# run PROGRAM ARG...: run PROGRAM (under $limit and $DLX_RUN) with stdout
# to $tmp/out, stderr to $tmp/err, and its exit status in $st.
run() {
	st=0
	$limit $DLX_RUN "$@" >"$tmp/out" 2>"$tmp/err" || st=$?
}

# same NAME EXPECTED-FILE ACTUAL-FILE: the files must be identical.
same() {
	if ! cmp -s "$2" "$3"; then
		failed "$1"
		diff -u "$2" "$3" | head -n 40
	fi
}

# status NAME EXPECTED [ACTUAL]: the exit status ($st by default).
status() {
	if [ "$2" != "${3-$st}" ]; then
		failed "$1: exit status ${3-$st}, expected $2"
	fi
}

# expect NAME STATUS: after run, the status is STATUS and stdout and stderr
# are $tmp/exp.out and $tmp/exp.err.
expect() {
	status "$1" "$2"
	same "$1: stdout" "$tmp/exp.out" "$tmp/out"
	same "$1: stderr" "$tmp/exp.err" "$tmp/err"
}

# expect_lines NAME STATUS STDOUT STDERR: expect, with the expected
# outputs given as strings (printf %s: end them with a newline).
expect_lines() {
	printf '%s' "$3" >"$tmp/exp.out"
	printf '%s' "$4" >"$tmp/exp.err"
	expect "$1" "$2"
}

# check NAME STATUS PROGRAM ARG...: run, then stdout must be $tmp/exp
# and the exit status STATUS (stderr is not compared).
check() {
	_name=$1 _want=$2
	shift 2
	run "$@"
	status "$_name" "$_want"
	same "$_name: stdout" "$tmp/exp" "$tmp/out"
}

# grid CELLS [RxC]: the cells of a sudoku given as one line, as
# dlx-sudoku's grid format prints them: a row a line, the boxes of R rows
# and C columns (3x3 if not given) set apart by | and by lines of - and +.
grid() {
	echo "$1" | awk -v box="${2:-3x3}" '{
		split(box, b, "x")
		n = b[1] * b[2]
		for (r = 0; r < n; r++) {
			if (r > 0 && r % b[1] == 0)
				print sep
			s = substr($0, r * n + 1, 1)
			for (c = 1; c < n; c++)
				s = s (c % b[2] ? " " : " | ") substr($0, r * n + c + 1, 1)
			sep = s
			gsub(/[^|]/, "-", sep)
			gsub(/[|]/, "+", sep)
			print s
		}
	}'
}

# rows CELLS: the cells of a sudoku given as one line, as the classic
# format prints them: a row a line, blanks as X.
rows() {
	echo "$1" | awk '{
		n = int(sqrt(length($0)) + 0.5)
		for (r = 0; r < n; r++) {
			s = ""
			for (c = 1; c <= n; c++) {
				x = substr($0, r * n + c, 1)
				s = s (c > 1 ? " " : "") (x == "." ? "X" : x)
			}
			print s
		}
	}'
}

# start PROGRAM ARG...: run PROGRAM (under $DLX_RUN) in the background
# with stdout to $tmp/out and stderr to $tmp/err; $pid is its process
# (the program itself, even when it is a libtool wrapper script).
start() {
	# Empty now: wait_for must not see what an earlier program wrote.
	: >"$tmp/out"
	: >"$tmp/err"
	sh -c 'exec "$@"' sh $DLX_RUN "$@" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
}

# wait_for PATTERN [TRIES [SECONDS]]: wait until $tmp/err has a line
# matching PATTERN (a basic regular expression), looking TRIES times
# (600) every SECONDS (1).
wait_for() {
	_i=0
	while ! grep -q -- "$1" "$tmp/err" 2>/dev/null &&
	    [ $_i -lt "${2:-600}" ]; do
		sleep "${3:-1}"
		_i=$((_i + 1))
	done
}

# interrupt: SIGINT to $pid, and wait for it; its status in $st.
interrupt() {
	kill -INT "$pid"
	st=0
	wait "$pid" || st=$?
	pid=
}

# interrupt_reading NAME PROGRAM ARG...: one SIGINT while PROGRAM reads
# input that does not end must stop it with status 130 and no message.
# (Before the program sets its handler the signal would be lost: wait
# for the start, longer under valgrind.)
interrupt_reading() {
	_name=$1
	shift
	start "$@"
	if [ -n "$DLX_RUN" ]; then sleep 10; else sleep 1; fi
	interrupt
	status "SIGINT reading $_name" 130
	if [ -s "$tmp/err" ]; then
		failed "SIGINT reading $_name: a message"
		head -n 3 "$tmp/err"
	fi
}

# closed_pipe LINES PROGRAM ARG...: PROGRAM's output into head -n LINES.
# PROGRAM must stop when head is gone, quietly (nothing on stderr), with
# status 141 (killed by SIGPIPE, or exiting so by itself); head must get
# LINES lines (in $tmp/out).
closed_pipe() {
	_lines=$1
	shift
	{
		st=0
		$limit $DLX_RUN "$@" 2>"$tmp/err" || st=$?
		echo $st >"$tmp/st"
	} | head -n "$_lines" >"$tmp/out"
	status "closed pipe" 141 "$(cat "$tmp/st")"
	if [ -s "$tmp/err" ]; then
		failed "closed pipe: stderr not empty"
		head -n 3 "$tmp/err"
	fi
	[ "$(wc -l <"$tmp/out")" -eq "$_lines" ] ||
	    failed "closed pipe: $(wc -l <"$tmp/out") lines, expected $_lines"
}

# write_error PROGRAM ARG...: where there is a /dev/full, PROGRAM writing
# to it must exit with status 2 and say so, in one exact line.
write_error() {
	[ -w /dev/full ] || return 0
	st=0
	$limit $DLX_RUN "$@" >/dev/full 2>"$tmp/err" || st=$?
	status "/dev/full: $*" 2
	echo "$(basename "$1"): write error: No space left on device" \
	    >"$tmp/exp.err"
	same "/dev/full: $*: message" "$tmp/exp.err" "$tmp/err"
}

# maxrss PROGRAM ARG...: the peak resident memory in KB of PROGRAM, if
# /usr/bin/time can tell and the program runs natively ($DLX_RUN empty);
# empty otherwise.
maxrss() {
	if [ -n "$DLX_RUN" ] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
		"$@" >/dev/null 2>&1
		return
	fi
	# Under AddressSanitizer freed blocks wait in a quarantine of up to
	# 256 MB before reuse, which looks like growth; without it, the
	# figure is the program's own.
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" \
	    /usr/bin/time -o "$tmp/rss" -f %M "$@" >/dev/null 2>&1
	tail -n 1 "$tmp/rss"
}

# rss_below NAME KB PROGRAM ARG...: PROGRAM's peak resident memory, where
# maxrss can tell, is at most KB.
rss_below() {
	_name=$1 _kb=$2
	shift 2
	_rss=$(maxrss "$@")
	if [ -n "$_rss" ] && [ "$_rss" -gt "$_kb" ]; then
		failed "$_name: $_rss KB resident, expected at most $_kb KB"
	fi
}

# counts COUNT PROGRAM ARG...: the example program counts COUNT, and so
# does dlx on the problem the program writes with -d.
counts() {
	_want=$1 _prog=$2
	shift 2
	_got=$($DLX_RUN "$examples/$_prog" "$@")
	[ "$_got" = "$_want" ] || failed "$_prog $*: $_got, expected $_want"
	$DLX_RUN "$examples/$_prog" -d "$@" >"$tmp/p.dlx" ||
	    failed "$_prog -d $*: status $?"
	_got=$($DLX_RUN "$dlx" "$tmp/p.dlx")
	[ "$_got" = "$_want" ] ||
	    failed "dlx on $_prog -d $*: $_got, expected $_want"
}

# writes FILE PROGRAM ARG...: the example program writes exactly
# tests/data/FILE.
writes() {
	_file=$1 _prog=$2
	shift 2
	$DLX_RUN "$examples/$_prog" "$@" | cmp -s - "$data/$_file" ||
	    failed "$_prog $* differs from $_file"
}

# dlx_error NAME INPUT EXPECTED-STDERR [OPTION...]: dlx on the input
# (printf format) in file NAME, in the current directory, must write
# exactly the line EXPECTED-STDERR and nothing on stdout, and exit with
# status 2.
dlx_error() {
	_name=$1 _input=$2 _want=$3
	shift 3
	printf "$_input" >"$_name"
	run "$dlx" "$@" "$_name"
	expect_lines "$_name" 2 "" "$_want
"
}

# under_valgrind: true while CI runs every program under memcheck
# ($DLX_RUN set), where a test leaves out its heavy cases (they ran
# natively and under the sanitizers, and valgrind's stage is the longest).
under_valgrind() {
	[ -n "$DLX_RUN" ]
}
