#!/bin/sh
# dlx: every kind of bad input and bad usage gives one exact diagnostic,
# "dlx: FILE:LINE:COLUMN: what", and exit status 2.
: "${top_builddir:=.}" "${top_srcdir:=.}"
dlx=$(cd "$top_builddir" && pwd)/src/dlx
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli-dlx-errors.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
LC_ALL=C
export LC_ALL
fail=0

# bad NAME INPUT EXPECTED-STDERR [OPTION...]: input (printf format) in
# file NAME must give exactly EXPECTED-STDERR, no output and status 2.
bad() {
	name=$1 input=$2 want=$3
	shift 3
	printf "$input" >"$name"
	printf '%s\n' "$want" >exp
	$DLX_RUN "$dlx" "$@" "$name" >out 2>err
	st=$?
	if [ "$st" != 2 ]; then
		echo "FAIL $name: status $st, expected 2"; fail=1
	fi
	if [ -s out ]; then
		echo "FAIL $name: output on stdout:"; cat out; fail=1
	fi
	if ! cmp -s exp err; then
		echo "FAIL $name: diagnostic differs:"; diff exp err; fail=1
	fi
}

bad empty.dlx '' \
    'dlx: empty.dlx: no item line (the input has only blanks and comments)'
bad comments.dlx '| just\n\n  | comments\n' \
    'dlx: comments.dlx: no item line (the input has only blanks and comments)'
bad unknown.dlx 'A B\nA\nB C\n' \
    "dlx: unknown.dlx:3:3: unknown item 'C'"
bad twice.dlx 'A B | C\nA C B A\n' \
    "dlx: twice.dlx:2:7: item 'A' twice in one option"
bad twice-colored.dlx 'A B | C\nA C:x C:y\n' \
    "dlx: twice-colored.dlx:2:7: item 'C' twice in one option"
bad dupname.dlx '| items\nA B C B\n' \
    "dlx: dupname.dlx:2:7: duplicate item name 'B'"
bad color.dlx 'A B | C\nB A:red\n' \
    "dlx: color.dlx:2:4: color on primary item 'A'"
bad emptycolor.dlx 'A B | C\nA C:\n' \
    "dlx: emptycolor.dlx:2:4: empty color after 'C:'"
bad emptyname.dlx 'A B | C\nA :x\n' \
    "dlx: emptyname.dlx:2:3: empty item name before ':'"
bad colon.dlx 'A B:c | C\n' \
    "dlx: colon.dlx:1:4: ':' in item name 'B:c' (colors belong in options)"
bad bars.dlx 'A B | C | D\n' \
    "dlx: bars.dlx:1:9: second '|' in the item line"
bad nul.dlx 'A B\nA B\0\n' \
    "dlx: nul.dlx:2:4: NUL byte in 'B\\x00'"
bad long.dlx 'A B\nA B\nA\n' \
    'dlx: long.dlx:1:3: line longer than 2 bytes' --max-line=2
bad strict.dlx 'A B | x\nA x\nx\nB\n' \
    'dlx: strict.dlx:3:1: option has no primary item' --strict

# An option with no primary item: skipped with a warning, as DLX1 does.
printf 'A B | x\nA x\n  x\nB\n' >warn.dlx
$DLX_RUN "$dlx" warn.dlx >out 2>err
st=$?
echo 1 >exp
printf '%s\n' 'dlx: warn.dlx:3:3: warning: option has no primary item; ignored' \
    >exp.err
if [ "$st" != 0 ] || ! cmp -s exp out || ! cmp -s exp.err err; then
	echo "FAIL warn.dlx: status $st"; cat out err; fail=1
fi

# Standard input is named as such; a directory gives a read error.
printf 'A\nB\n' >stdin.dlx
$DLX_RUN "$dlx" <stdin.dlx >out 2>err
st=$?
printf '%s\n' "dlx: (standard input):2:1: unknown item 'B'" >exp
[ "$st" = 2 ] && cmp -s exp err || { echo "FAIL stdin:"; cat err; fail=1; }
mkdir dir.dlx
$DLX_RUN "$dlx" dir.dlx >out 2>err
st=$?
printf '%s\n' 'dlx: dir.dlx:1: read error: Is a directory' >exp
[ "$st" = 2 ] && cmp -s exp err || { echo "FAIL dir:"; cat err; fail=1; }
$DLX_RUN "$dlx" missing.dlx >out 2>err
st=$?
printf '%s\n' 'dlx: missing.dlx: No such file or directory' >exp
[ "$st" = 2 ] && cmp -s exp err || { echo "FAIL missing:"; cat err; fail=1; }

# Usage errors: a message, the hint, status 2, nothing on stdout.
usage() {
	want=$1
	shift
	$DLX_RUN "$dlx" "$@" >out 2>err
	st=$?
	printf '%s\n' "$want" "Try 'dlx --help' for more information." >exp
	if [ "$st" != 2 ] || [ -s out ] || ! cmp -s exp err; then
		echo "FAIL usage $*: status $st"; diff exp err; fail=1
	fi
}
usage "dlx: extra operand 'b.dlx'" a.dlx b.dlx
usage "dlx: --limit: '0' is not a positive number" --limit 0
usage "dlx: --limit: 'x' is not a positive number" -n x
usage "dlx: --limit: '-3' is not a positive number" --limit=-3
usage "dlx: --limit: '99999999999999999999' is not a positive number" \
    --limit=99999999999999999999
usage "dlx: --threads: '0' is not a number from 1 to 4096" -t 0
usage "dlx: --progress: '0' is not a number of seconds" --progress=0
usage "dlx: --max-line: '1k' is not a number from 1 to 9223372036854775807" \
    --max-line=1k
usage "dlx: --memory: '12Q' is not a size" --memory=12Q
# An unknown option: getopt's message names the program as the user
# knows it (not libtool's .libs/lt-dlx), then the hint.
for prog in dlx dlx-sudoku; do
	[ $prog = dlx ] && p=$dlx || p=${dlx%/dlx}/dlx-sudoku
	$DLX_RUN "$p" --bogus >out 2>err
	st=$?
	printf '%s\n' "$prog: unrecognized option '--bogus'" \
	    "Try '$prog --help' for more information." >exp
	[ "$st" = 2 ] && [ ! -s out ] && cmp -s exp err ||
	    { echo "FAIL $prog --bogus: status $st"; diff exp err; fail=1; }
done

exit $fail
