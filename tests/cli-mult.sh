#!/bin/sh
# Item bounds (DLX3's "lo:hi|name"): the examples' counts, the same counts
# through dlx on their -d output (numbers proved by the brute force of
# check_mult.c), DLX3's node and update figures, and the reader's errors.
: "${top_builddir:=.}" "${top_srcdir:=.}"
ex=$(cd "$top_builddir" && pwd)/examples
dlx=$(cd "$top_builddir" && pwd)/src/dlx
data=$(cd "$top_srcdir" && pwd)/tests/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cli-mult.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
LC_ALL=C
export LC_ALL
fail=0

# expect COUNT PROGRAM ARG...: the program counts COUNT, and so does dlx
# on what the program writes with -d.
expect() {
	want=$1 prog=$2
	shift 2
	got=$($DLX_RUN "$ex/$prog" "$@")
	[ "$got" = "$want" ] ||
	    { echo "FAIL $prog $*: $got, expected $want"; fail=1; }
	$DLX_RUN "$ex/$prog" -d "$@" >p.dlx ||
	    { echo "FAIL $prog -d $*"; fail=1; }
	got=$($DLX_RUN "$dlx" p.dlx)
	[ "$got" = "$want" ] ||
	    { echo "FAIL dlx on $prog -d $*: $got, expected $want"; fail=1; }
}

expect 4 mqueens 6 1 1
expect 92 mqueens 5 2 2
expect 0 mqueens 6 2 1
expect 1097 mqueens 6 2 2
expect 19448 mqueens 7 2 2
expect 11 dominocover 3 4 1 1
expect 3434 dominocover 3 4 1 2
expect 3 dominocover 3 4 2 2
expect 11407 dominocover 2 6 1 3
expect 0 dominocover 3 5 2 2

$DLX_RUN "$ex/mqueens" -d 6 2 2 | cmp -s - "$data/mult-queens6.dlx" ||
    { echo "FAIL mqueens -d 6 2 2 differs from mult-queens6.dlx"; fail=1; }
$DLX_RUN "$ex/dominocover" -d 3 4 1 2 | cmp -s - "$data/mult-domino34.dlx" ||
    { echo "FAIL dominocover -d 3 4 1 2 differs"; fail=1; }

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
$DLX_RUN "$dlx" --print "$data/mult-knuth.dlx" >out
cmp -s exp out || { echo "FAIL mult-knuth.dlx --print:"; diff exp out; fail=1; }

# bad NAME INPUT EXPECTED-STDERR: one diagnostic, status 2.
bad() {
	printf "$2" >"$1"
	printf '%s\n' "$3" >exp
	$DLX_RUN "$dlx" "$1" >out 2>err
	st=$?
	[ "$st" = 2 ] || { echo "FAIL $1: status $st"; fail=1; }
	cmp -s exp err || { echo "FAIL $1:"; diff exp err; fail=1; }
}
bad lohi.dlx 'a 3:2|x\nx\n' \
    "dlx: lohi.dlx:1:3: lower bound 3 exceeds upper bound 2 for item 'x'"
bad nolo.dlx ':2|x\nx\n' \
    "dlx: nolo.dlx:1:1: no lower bound before ':' for item 'x'"
bad second.dlx 'a | b 2|x\na\n' \
    "dlx: second.dlx:1:7: bound on secondary item 'x'"
bad huge.dlx 'a 4294967296|x\na\n' \
    "dlx: huge.dlx:1:3: upper bound of item 'x' exceeds 2147483647"

exit $fail
