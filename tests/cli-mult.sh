#!/bin/sh
# Item bounds (DLX3's "lo:hi|name"): the examples' counts, the same counts
# through dlx on their -d output (numbers proved by the brute force of
# check_mult.c), DLX3's node and update figures, and the reader's errors.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$tmp" || exit 99

# counts COUNT PROGRAM ARG... (tests/common.sh): the program counts COUNT,
# and so does dlx on what the program writes with -d.
counts 4 mqueens 6 1 1
counts 92 mqueens 5 2 2
counts 0 mqueens 6 2 1
counts 1097 mqueens 6 2 2
counts 19448 mqueens 7 2 2
counts 11 dominocover 3 4 1 1
counts 3434 dominocover 3 4 1 2
counts 3 dominocover 3 4 2 2
counts 11407 dominocover 2 6 1 3
counts 0 dominocover 3 5 2 2

writes mult-queens6.dlx mqueens -d 6 2 2
writes mult-domino34.dlx dominocover -d 3 4 1 2

# DLX3's figures: solutions, nodes, updates as dlx --stats gives them.
grep -v '^|' "$data/mult-dlx3.figures" | while read -r f s n u; do
	$DLX_RUN "$dlx" --stats "$data/$f" >/dev/null 2>st
	got=$(awk '/^solutions:/{s=$2} /^nodes:/{n=$2} /^updates:/{u=$2}
	    END {print s, n, u}' st)
	[ "$got" = "$s $n $u" ] ||
	    { echo "FAIL $f: $got, DLX3 gives $s $n $u"; exit 1; }
done || fail=1

# The unique solution of the example in DLX3's documentation.
printf '1:\nA C X:1 Y:1\nB X:1\nC Y:1\n\n1 solution\n' >exp
check "mult-knuth.dlx --print" 0 "$dlx" --print "$data/mult-knuth.dlx"

# The reader's errors: one diagnostic, no output, status 2.
dlx_error lohi.dlx 'a 3:2|x\nx\n' \
    "dlx: lohi.dlx:1:3: lower bound 3 exceeds upper bound 2 for item 'x'"
dlx_error nolo.dlx ':2|x\nx\n' \
    "dlx: nolo.dlx:1:1: no lower bound before ':' for item 'x'"
dlx_error second.dlx 'a | b 2|x\na\n' \
    "dlx: second.dlx:1:7: bound on secondary item 'x'"
dlx_error huge.dlx 'a 4294967296|x\na\n' \
    "dlx: huge.dlx:1:3: upper bound of item 'x' exceeds 2147483647"

exit $fail
