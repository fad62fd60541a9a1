#!/bin/sh
# dlx: every kind of bad input and bad usage gives one exact diagnostic,
# "dlx: FILE:LINE:COLUMN: what", and exit status 2.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$tmp" || exit 99

# dlx_error NAME INPUT EXPECTED-STDERR [OPTION...] (tests/common.sh): the
# input (printf format) in file NAME must give exactly EXPECTED-STDERR, no
# output and status 2.
dlx_error empty.dlx '' \
    'dlx: empty.dlx: no item line (the input has only blanks and comments)'
dlx_error comments.dlx '| just\n\n  | comments\n' \
    'dlx: comments.dlx: no item line (the input has only blanks and comments)'
dlx_error unknown.dlx 'A B\nA\nB C\n' \
    "dlx: unknown.dlx:3:3: unknown item 'C'"
dlx_error twice.dlx 'A B | C\nA C B A\n' \
    "dlx: twice.dlx:2:7: item 'A' twice in one option"
dlx_error twice-colored.dlx 'A B | C\nA C:x C:y\n' \
    "dlx: twice-colored.dlx:2:7: item 'C' twice in one option"
dlx_error dupname.dlx '| items\nA B C B\n' \
    "dlx: dupname.dlx:2:7: duplicate item name 'B'"
dlx_error color.dlx 'A B | C\nB A:red\n' \
    "dlx: color.dlx:2:4: color on primary item 'A'"
dlx_error emptycolor.dlx 'A B | C\nA C:\n' \
    "dlx: emptycolor.dlx:2:4: empty color after 'C:'"
dlx_error emptyname.dlx 'A B | C\nA :x\n' \
    "dlx: emptyname.dlx:2:3: empty item name before ':'"
dlx_error colon.dlx 'A B:c | C\n' \
    "dlx: colon.dlx:1:4: ':' in item name 'B:c' (colors belong in options)"
dlx_error bars.dlx 'A B | C | D\n' \
    "dlx: bars.dlx:1:9: second '|' in the item line"
dlx_error nul.dlx 'A B\nA B\0\n' \
    "dlx: nul.dlx:2:4: NUL byte in 'B\\x00'"
dlx_error long.dlx 'A B\nA B\nA\n' \
    'dlx: long.dlx:1:3: line longer than 2 bytes' --max-line=2
dlx_error strict.dlx 'A B | x\nA x\nx\nB\n' \
    'dlx: strict.dlx:3:1: option has no primary item' --strict

# An option with no primary item: skipped with a warning, as DLX1 does.
printf 'A B | x\nA x\n  x\nB\n' >warn.dlx
run "$dlx" warn.dlx
expect_lines warn.dlx 0 "1
" "dlx: warn.dlx:3:3: warning: option has no primary item; ignored
"

# Standard input is named as such; a directory gives a read error, the
# file's, without a line number (as dlx-sudoku says it).
printf 'A\nB\n' >stdin.dlx
run "$dlx" <stdin.dlx
expect_lines stdin 2 "" "dlx: (standard input):2:1: unknown item 'B'
"
mkdir dir.dlx
run "$dlx" dir.dlx
expect_lines dir 2 "" "dlx: dir.dlx: read error: Is a directory
"
run "$dlx" missing.dlx
expect_lines missing 2 "" "dlx: missing.dlx: No such file or directory
"

# Usage errors: a message, the hint, status 2, nothing on stdout.
# usage PROGRAM MESSAGE ARG...
usage() {
	_p=$1 _want=$2
	shift 2
	run "$_p" "$@"
	expect_lines "usage $*" 2 "" "$_want
Try '$(basename "$_p") --help' for more information.
"
}
usage "$dlx" "dlx: extra operand 'b.dlx'" a.dlx b.dlx
usage "$dlx" "dlx: --limit: '0' is not a positive number" --limit 0
usage "$dlx" "dlx: --limit: 'x' is not a positive number" -n x
usage "$dlx" "dlx: --limit: '-3' is not a positive number" --limit=-3
# A number too large for its option says so, with the limit.
usage "$dlx" "dlx: --limit: '99999999999999999999' is too large (at most 18446744073709551615)" \
    --limit=99999999999999999999
usage "$dlx" "dlx: --limit: '99999999999999999999999' is too large (at most 18446744073709551615)" \
    -n 99999999999999999999999
usage "$sudoku" "dlx-sudoku: --limit: '99999999999999999999999' is too large (at most 18446744073709551615)" \
    -l 99999999999999999999999
usage "$dlx" "dlx: --threads: '5000' is too large (at most 4096)" -t 5000
# --box is digits, x, digits and nothing else.
for b in 3x3x3 2x2x 2x2junk x3 3x " 3x3" 3x-3 3x+3; do
	usage "$sudoku" "dlx-sudoku: --box: '$b' is not RxC with 4 <= R*C <= 36" \
	    -b "$b"
done
# K taken from the Slurm array job names the variable and its value, and
# so does $DLX_PART.
SLURM_ARRAY_TASK_ID=9
export SLURM_ARRAY_TASK_ID
usage "$dlx" "dlx: --part: '/3': K comes from SLURM_ARRAY_TASK_ID='9', which is not a part from 1 to 3" \
    --part /3
DLX_PART=/3
export DLX_PART
usage "$sudoku" "dlx-sudoku: DLX_PART='/3': K comes from SLURM_ARRAY_TASK_ID='9', which is not a part from 1 to 3" \
    -c
unset SLURM_ARRAY_TASK_ID DLX_PART
# A puzzle of a size read only with --box: the message names the option;
# a stray character in a grid row is named with its column.
awk 'BEGIN { while (n++ < 1296) printf "."; print "" }' >big.txt
run "$sudoku" big.txt
expect_lines "36x36 without --box" 2 "" "dlx-sudoku: big.txt:1: line has 1296 cells, a 36x36 puzzle: give its boxes with --box RxC (such as --box 6x6)
"
run "$sudoku" -c -b 6x6 --limit 1 big.txt
expect_lines "36x36 with --box 6x6" 0 "big.txt:1: at least 1 solution
" ""
awk 'BEGIN { while (n++ < 900) printf "."; print "" }' >big30.txt
run "$sudoku" big30.txt
expect_lines "30x30 without --box" 2 "" "dlx-sudoku: big30.txt:1: line has 900 cells, a 30x30 puzzle: give its boxes with --box RxC (such as --box 5x6)
"
awk 'BEGIN { while (n++ < 30) printf "."; print "" }' >row30.txt
run "$sudoku" row30.txt
expect_lines "a row of 30 without --box" 2 "" "dlx-sudoku: row30.txt:1: line has 30 cells, a row of a 30x30 grid: give its boxes with --box RxC (such as --box 5x6)
"
printf '%s\n' "9 0 0 7 0 3 5 0 4" "3 0 0 2 8 0 1 0 0" "0 0 8 0 5 1 3 0 0" \
    "0 0 3 0 0 2 9 0 6" "0 0 0 1 3 6 0 5 0" "5 0 0 0 0 0 0 1 0" \
    "4 3 0 0 0 0 0 0 0" "0 6 0 0 0 8 0 0 0" "1 2 ? 4 5 6 7 8 9" >what.txt
run "$sudoku" what.txt
expect_lines "a ? in a grid row" 2 "" "dlx-sudoku: what.txt:9:5: unexpected '?'
"
usage "$dlx" "dlx: --threads: '0' is not a number from 1 to 4096" -t 0
usage "$dlx" "dlx: --progress: '0' is not a number of seconds" --progress=0
usage "$dlx" \
    "dlx: --max-line: '1k' is not a number from 1 to 9223372036854775807" \
    --max-line=1k
usage "$dlx" "dlx: --memory: '12Q' is not a size" --memory=12Q
# An unknown option: getopt's message names the program as the user
# knows it (not libtool's .libs/lt-dlx), then the hint.
usage "$dlx" "dlx: unrecognized option '--bogus'" --bogus
usage "$sudoku" "dlx-sudoku: unrecognized option '--bogus'" --bogus

exit $fail
