#!/bin/sh
# Memoized counting through the programs: known counts from the
# literature, counts beyond 2^64 printed exactly, starved caches, the
# plain search on request, and the --stats lines that say which ran.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# says NAME LINE PROGRAM ARG...: stdout must be the line LINE, status 0.
says() {
	_name=$1
	printf '%s\n' "$2" >"$tmp/exp"
	shift 2
	check "$_name" 0 "$@"
}

# The empty 4x4 sudoku's 288 grids with the cache from the start, roomy
# and starved (entries replaced all the time), and as puzzles; the same
# through the default rule (a search this small stays plain).
for mem in 64M 8K 12K; do
	says "4x4 dlx --memo $mem" 288 "$dlx" --memo --memory $mem \
	    "$data/sudoku4-empty.dlx"
done
$DLX_RUN "$dlx" --memo --memory 8K --stats "$data/sudoku4-empty.dlx" \
    >/dev/null 2>"$tmp/st"
grep -q '^cache: .* [1-9][0-9]* replaced' "$tmp/st" ||
    { failed "4x4 8K: no entry replaced"; cat "$tmp/st"; }
printf '%016d\n' 0 >"$tmp/e4.txt"
says "4x4 sudoku --memo" "$tmp/e4.txt:1: 288 solutions" \
    "$sudoku" --count --memo "$tmp/e4.txt"
says "4x4 sudoku --memo 8K" "$tmp/e4.txt:1: 288 solutions" \
    "$sudoku" --count --memo --memory 8K "$tmp/e4.txt"

# Components: three independent blocks of two items (2 ways each) split
# at the root into 3 components, 8 solutions, whatever --components says;
# --stats gives the split.  The sudoku grid's count is the same with them.
cat >"$tmp/blocks.dlx" <<'EOF2'
a b c d e f
a b
c d
a
b
c
d
e f
e
f
EOF2
for w in always auto never; do
	says "blocks --components=$w" 8 "$dlx" --components=$w "$tmp/blocks.dlx"
done
says "blocks --no-components" 8 "$dlx" --no-components "$tmp/blocks.dlx"
$DLX_RUN "$dlx" --components --stats "$tmp/blocks.dlx" >/dev/null 2>"$tmp/st"
grep -q '^components: 1 nodes looked at, 1 split into 3 components$' \
    "$tmp/st" || { failed "blocks --components --stats"; cat "$tmp/st"; }
grep -q '^component hits by primary items: 1-4 0, 5-16 0, 17-64 0, 65+ 0$' \
    "$tmp/st" || { failed "blocks --components --stats: hits"; cat "$tmp/st"; }
$DLX_RUN "$dlx" --no-components --memo --stats "$tmp/blocks.dlx" \
    >/dev/null 2>"$tmp/st"
grep -q '^component' "$tmp/st" && failed "--no-components: components lines"
says "4x4 sudoku --components" "$tmp/e4.txt:1: 288 solutions" \
    "$sudoku" --count --components "$tmp/e4.txt"
$DLX_RUN "$sudoku" --count --components --stats "$tmp/e4.txt" >/dev/null \
    2>"$tmp/st"
grep -q "e4.txt:1: components: [1-9][0-9]* nodes looked at" "$tmp/st" ||
    { failed "sudoku --components --stats"; cat "$tmp/st"; }

# Serg's 300 puzzles (3 to 1254 solutions each) against the counts file:
# with the cache from the start, roomy and starved (64K: replaced all the
# time), and with the plain search.  About a second in all; under valgrind
# ($DLX_RUN set) every tenth puzzle only, as the 300 would take minutes.
if [ -z "$DLX_RUN" ]; then
	cp "$data/sudoku-serg300.counts" "$tmp/serg.counts"
else
	awk 'NR % 10 == 1' "$data/sudoku-serg300.counts" >"$tmp/serg.counts"
fi
cut -d' ' -f1 "$tmp/serg.counts" >"$tmp/serg.in"
for opts in --memo "--memo --memory 64K" --no-memo; do
	# shellcheck disable=SC2086
	$DLX_RUN "$sudoku" --count --format=line $opts "$tmp/serg.in" \
	    >"$tmp/serg.out" 2>"$tmp/err"
	st=$?
	if [ "$st" != 0 ] || ! cmp -s "$tmp/serg.counts" "$tmp/serg.out"; then
		echo "FAIL serg300 $opts: status $st"
		diff "$tmp/serg.counts" "$tmp/serg.out" | head -10
		cat "$tmp/err"
		fail=1
	fi
done
# The starved cache did run, and replaced entries.
$DLX_RUN "$sudoku" --count --format=line --memo --memory 64K --stats \
    "$tmp/serg.in" >/dev/null 2>"$tmp/st"
grep -q ': cache used: .* [1-9][0-9]* replaced' "$tmp/st" || {
	echo "FAIL serg300 --memo 64K --stats: no entry replaced"
	head -5 "$tmp/st"; fail=1; }
# And --no-memo kept it off.
$DLX_RUN "$sudoku" --count --format=line --no-memo --stats "$tmp/serg.in" \
    >/dev/null 2>"$tmp/st"
if grep -q ': cache used: ' "$tmp/st"; then
	failed "serg300 --no-memo --stats: the cache ran"
fi

# The empty 6x6 sudoku (boxes 2x3) has 28,200,960 grids: counted with the
# cache by default in a second or two (plain, it takes half a minute).
# Not under valgrind, where it would take minutes.
if [ -z "$DLX_RUN" ]; then
	printf '%036d\n' 0 >"$tmp/e6.txt"
	says "6x6 sudoku" "$tmp/e6.txt:1: 28200960 solutions" \
	    "$sudoku" --count --memory 256M "$tmp/e6.txt"
	$DLX_RUN "$sudoku" --count --memory 256M --stats "$tmp/e6.txt" >/dev/null 2>"$tmp/st"
	grep -q ': cache used: ' "$tmp/st" || {
		echo "FAIL 6x6 --stats: no 'cache used' line"; cat "$tmp/st"
		fail=1; }
fi

# 70 independent copies of a problem with 2 solutions: 2^70 solutions,
# past 2^64.  Every copy's subproblem repeats, so the cache counts it in
# a few hundred nodes and prints it exactly.
awk 'BEGIN {
	for (k = 0; k < 70; k++) printf "a%d b%d ", k, k; print "";
	for (k = 0; k < 70; k++) printf "a%d b%d\na%d\nb%d\n", k, k, k, k
}' >"$tmp/wide.dlx"
says "2^70" 1180591620717411303424 "$dlx" "$tmp/wide.dlx"

# A small count never sets up the cache; --stats stays DLX1's lines.
$DLX_RUN "$dlx" --stats "$data/queens8.dlx" >/dev/null 2>"$tmp/st"
if grep -q '^cache:\|^search:' "$tmp/st"; then
	failed "queens8 --stats: cache lines for a small search"
fi
# Queens repeat too little: with --memo the count is exact all the same.
"$examples/queens" -d 10 >"$tmp/q10.dlx"
says "queens 10 --memo" 724 "$dlx" --memo "$tmp/q10.dlx"
says "queens 10 --no-memo" 724 "$dlx" --no-memo "$tmp/q10.dlx"

# The automatic branching order under --memo: the sweep (first item
# declared, here a piece) is judged and given up for the fewest options,
# which counts pentominoes in 3x20 (8 tilings) in about 20,000 nodes; the
# sweep alone took 127 million.
"$examples/pentomino" -d 3x20 >"$tmp/p320.dlx"
$DLX_RUN "$dlx" --memo --stats -t 1 "$tmp/p320.dlx" >"$tmp/out" 2>"$tmp/st"
n=$(sed -n 's/^nodes: //p' "$tmp/st")
[ "$(cat "$tmp/out")" = 8 ] && [ -n "$n" ] && [ "$n" -lt 1000000 ] ||
    failed "pentominoes 3x20 --memo: $(cat "$tmp/out") tilings, $n nodes"

# Bad sizes are usage errors.
for bad in 0 12X -5 M 99999999999999999999T; do
	$DLX_RUN "$dlx" --memory "$bad" "$data/queens8.dlx" >/dev/null \
	    2>&1 && failed "--memory $bad accepted by dlx"
	$DLX_RUN "$sudoku" --memory "$bad" "$tmp/e4.txt" >/dev/null \
	    2>&1 && failed "--memory $bad accepted by dlx-sudoku"
done
exit $fail
