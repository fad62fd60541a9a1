#!/bin/sh
# Item bounds (DLX3's "lo:hi|name"): the examples' counts, the same counts
# through dlx on their -d output (numbers proved by the brute force of
# check_mult.c), DLX3's node and update figures, and the reader's errors;
# the same count and figures on two threads, in parts merged, and from a
# checkpoint resumed.
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

# Every driver: the count and DLX3's figures on two threads, in three
# parts merged, and from a checkpoint (run to the end and resumed, and
# cut by a closed pipe and resumed).
q=$data/mult-queens6.dlx		# 1097 24741 186464 (DLX3)
printf '1097\n' >exp
check "mult-queens6 -t 2" 0 "$dlx" -t 2 --stats "$q"
grep -q '^nodes: 24741$' "$tmp/err" && grep -q '^updates: 186464$' \
    "$tmp/err" && grep -q '^threads: 2$' "$tmp/err" ||
    { failed "mult-queens6 -t 2: not DLX3's figures on 2 threads"; cat "$tmp/err"; }
: >recs
for k in 1 2 3; do
	run "$dlx" --part $k/3 "$q"
	status "mult-queens6 --part $k/3" 0
	cat "$tmp/out" >>recs
done
check "mult-queens6 parts merged" 0 "$dlx" merge recs
got=$(sed -n 's/.*"solutions":\([0-9]*\),"nodes":\([0-9]*\),"updates":\([0-9]*\).*/\1 \2 \3/p' recs |
    awk '{ s += $1; n += $2; u += $3 } END { print s, n, u }')
[ "$got" = "1097 24741 186464" ] ||
    failed "mult-queens6 parts: figures $got, not DLX3's"
rm -f ck
check "mult-queens6 --checkpoint" 0 "$dlx" --checkpoint ck "$q"
check "mult-queens6 --resume (done)" 0 "$dlx" --resume ck "$q"
d=$data/mult-domino34.dlx		# 3434 solutions
rm -f ck
$DLX_RUN "$dlx" -p --checkpoint ck "$d" 2>/dev/null | head -n 3 >/dev/null
[ -s ck ] || failed "mult-domino34 -p | head: no checkpoint"
run "$dlx" -p --resume ck "$d"
status "mult-domino34 -p --resume" 0
[ "$(tail -n 1 "$tmp/out")" = "3434 solutions" ] ||
    failed "mult-domino34 -p --resume: $(tail -n 1 "$tmp/out")"
printf '3434\n' >exp
check "mult-domino34 --resume" 0 "$dlx" --resume ck "$d"

# A part of M's tree is not split again: refused, said, status 2.
msg="dlx: not supported: re-splitting a part (--part K/N,J/M or --resplit) with item bounds; split into more parts instead
"
run "$dlx" --part 1/2,1/2 "$q"
expect_lines "mult-queens6 --part 1/2,1/2" 2 "" "$msg"
run "$dlx" --part 1/2 --resplit 2 --checkpoint ck2 "$q"
expect_lines "mult-queens6 --resplit" 2 "" "$msg"
[ ! -e ck2.1 ] || failed "mult-queens6 --resplit wrote ck2.1"

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
