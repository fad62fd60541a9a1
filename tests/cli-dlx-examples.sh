#!/bin/sh
# The example programs: their known counts (the ones that take well under
# a second), solved both directly with libdlx and by dlx on the file the
# example writes, and the files that must equal the shared instances.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# counts COUNT PROGRAM ARG... (tests/common.sh): the example's count,
# directly and through its DLX file (-d), must both be COUNT.

# n queens, n = 1..10 (OEIS A000170).
n=1
for c in 1 0 0 2 10 4 40 92 352 724; do
	counts "$c" queens "$n"
	n=$((n + 1))
done

# Langford pairs (OEIS A014552, doubled when reversals count).
counts 2 langford 3
counts 1 langford -s 3
counts 2 langford 4
counts 0 langford 5
counts 0 langford 6
counts 52 langford 7
counts 26 langford -s 7
counts 300 langford 8
counts 150 langford -s 8

# The 3x3 magic square: 8 squares, all with 5 in the middle.  A corner or
# an edge given leaves 2 (a square and its mirror image in the line through
# that cell), a neighbour more leaves 1.
counts 8 magic
counts 8 magic ....5....
counts 2 magic 2........
counts 2 magic .9.......
counts 2 magic 2.......8
counts 1 magic 27.......
counts 1 magic 276951438
counts 0 magic ....1....
counts 0 magic 5........

# Pentominoes in 3x20: 8 tilings, 2 up to symmetry.
counts 8 pentomino 3x20
counts 2 pentomino -s 3x20
# Scott's 8x8 less the centre: 520 tilings (65 up to its 8 symmetries).
counts 520 pentomino 8x8

# The generators write exactly the shared instances.
writes queens8.dlx queens -d 8
writes langford8.dlx langford -d 8
writes sudoku4-empty.dlx sudoku2dlx ................

# The pentomino file has Knuth's 2056 options for 6x10 (one header line,
# one item line); its item line lists pieces, then cells row by row.
lines=$($DLX_RUN "$examples/pentomino" -d 6x10 | wc -l)
[ "$lines" -eq 2058 ] || failed "pentomino 6x10: $lines lines"
items=$($DLX_RUN "$examples/pentomino" -d 6x10 | sed -n 2p | cut -d' ' -f1-14)
[ "$items" = "O P Q R S T U V W X Y Z 00 01" ] ||
    failed "pentomino item line: $items"

# The magic square printed by dlx, with its colors.
cat >"$tmp/exp" <<'END'
1:
r1 a:2 b:7 c:6 n2:a n7:b n6:c
r2 d:9 e:5 f:1 n9:d n5:e n1:f
r3 g:4 h:3 i:8 n4:g n3:h n8:i
c1 a:2 d:9 g:4 n2:a n9:d n4:g
c2 b:7 e:5 h:3 n7:b n5:e n3:h
c3 c:6 f:1 i:8 n6:c n1:f n8:i
d1 a:2 e:5 i:8 n2:a n5:e n8:i
d2 c:6 e:5 g:4 n6:c n5:e n4:g
ga a:2 n2:a
gb b:7 n7:b

1 solution
END
$DLX_RUN "$examples/magic" -d 27....... | $DLX_RUN "$dlx" -p >"$tmp/out"
same "magic -p" "$tmp/exp" "$tmp/out"

# The search trees of Knuth's programs on the files the examples write:
# DLX2 (colors) on the magic square, DLX1 on the others.  Knuth's programs
# print nodes without the solutions; ours count each solution as a node.
stats() {
	want=$1
	shift
	$DLX_RUN "$examples/$1" -d "$2" >"$tmp/p.dlx"
	got=$($DLX_RUN "$dlx" --knuth --stats "$tmp/p.dlx" 2>&1 >/dev/null |
	    sed -n 's/^\(solutions\|nodes\|updates\): //p' | tr '\n' ' ')
	if [ "$got" != "$want " ]; then
		failed "--stats $*: $got, expected $want"
	fi
}
stats "8 169 98081" magic .........
stats "8 66 7196" magic ....5....
stats "1 12 2405" magic 27.......
stats "8 32978 10986975" pentomino 3x20
stats "92 1223 21456" queens 8
stats "724 16536 312479" queens 10
stats "52 607 8339" langford 7

# The fast tree (the default, unless the library was built with Knuth's
# as its default) on the colored magic square runs on sparse sets (as
# Knuth's SSXCC) and is the fast tree of the links: its nodes, options
# abandoned and branch points.
fast() {
	want=$1
	shift
	$DLX_RUN "$examples/$1" -d "$2" >"$tmp/p.dlx"
	got=$($DLX_RUN "$dlx" -t 1 --fast --no-memo --stats "$tmp/p.dlx" 2>&1 >/dev/null |
	    sed -n 's/^\(solutions\|nodes\|abandoned\|branches\|engine\): //p' |
	    tr '\n' ' ')
	if [ "$got" != "$want " ]; then
		failed "--stats $*: $got, expected $want"
	fi
}
fast "8 93 76 37 sparse" magic .........
fast "8 62 4 5 sparse" magic ....5....
fast "1 11 1 1 sparse" magic 27.......

# The 4x4 magic square of bench/magic4.awk (7,040 squares as DLX2 counts,
# too long a search for here) with its first row begun 1 3: 8 squares,
# as DLX2 counts, on sparse sets and on the links in Knuth's tree.
awk -f "$top_srcdir/bench/magic4.awk" |
    awk 'NR <= 3 || !/^r1 / || index($0, "r1 a:A b:C ") == 1' >"$tmp/m4.dlx"
for mode in "" --knuth; do
	n=$($DLX_RUN "$dlx" $mode "$tmp/m4.dlx")
	[ "$n" = 8 ] || failed "magic4 begun 1 3 $mode: $n squares"
done

# Bad arguments are refused with status 2.
for args in "queens 0" "queens x" "langford" "pentomino 7x9" \
    "pentomino 6x10x" "magic 12345" "magic 0........" "sudoku2dlx 12345"; do
	# shellcheck disable=SC2086
	if $DLX_RUN "$examples"/$args >/dev/null 2>&1; then
		failed "$args accepted"
	fi
done

exit $fail
