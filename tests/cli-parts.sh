#!/bin/sh
# --part K/N and merge, in both programs: for every N the parts' counts
# add up to the full count and their solutions are exactly the full set,
# each once; merge refuses missing, repeated and mixed records; a
# checkpoint of another problem or part, or a damaged one, is refused and
# left as it was.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# How many parts each check cuts a problem into.  Under valgrind (CI's
# DLX_RUN), where every run of a program takes a second or more, fewer:
# the same code runs, on a few hundred runs instead of eight hundred.
# There, too, threads and the cache meet the parts in two pairings, not
# all four.
if [ -n "$DLX_RUN" ]; then
	ns_queens="3 13" ns="7"
	drivers="-t_1_--no-memo -t_2_--memo"
else
	ns_queens="1 2 3 5 8 13 64" ns="1 2 3 7 16"
	drivers="-t_1_--memo -t_1_--no-memo -t_2_--memo -t_2_--no-memo"
fi

# The solutions of queens8 (92) as sorted lines, without their numbers.
sols() {
	grep "^{\"type\":\"solution\"" | sed 's/^{"type":"solution","solution":[0-9]*,//' | sort
}
$DLX_RUN "$dlx" --json "$data/queens8.dlx" | sols >"$tmp/all" || exit 99
[ "$(wc -l <"$tmp/all")" = 92 ] || { echo "FAIL: queens8 full set"; exit 1; }

for n in $ns_queens; do
	rm -f "$tmp"/rec.* "$tmp/parts"
	k=1
	while [ $k -le $n ]; do
		$DLX_RUN "$dlx" --part $k/$n "$data/queens8.dlx" \
		    >"$tmp/rec.$k" || { echo "FAIL: part $k/$n status"; fail=1; }
		$DLX_RUN "$dlx" --part $k/$n --json "$data/queens8.dlx" \
		    >>"$tmp/parts"
		k=$((k + 1))
	done
	got=$($DLX_RUN "$dlx" merge "$tmp"/rec.*)
	[ "$got" = 92 ] || { echo "FAIL: N=$n merged $got"; fail=1; }
	sols <"$tmp/parts" >"$tmp/union"
	cmp -s "$tmp/all" "$tmp/union" ||
	    { echo "FAIL: N=$n: the parts' solutions are not the set"; fail=1; }
done

# Colors (Algorithm C) and dlx-sudoku: the empty 4x4 grid has 288.
printf '....\n....\n....\n....\n' >"$tmp/e4.txt"
for n in 2 7; do
	rm -f "$tmp"/srec.*
	k=1
	while [ $k -le $n ]; do
		$DLX_RUN "$sudoku" --part $k/$n "$tmp/e4.txt" >"$tmp/srec.$k" ||
		    fail=1
		k=$((k + 1))
	done
	got=$($DLX_RUN "$sudoku" merge "$tmp"/srec.*)
	[ "$got" = 288 ] || { echo "FAIL: sudoku N=$n merged $got"; fail=1; }
done
got=$($DLX_RUN "$dlx" merge "$tmp"/srec.*)
[ "$got" = 288 ] || { echo "FAIL: dlx merge of dlx-sudoku parts"; fail=1; }

# Threads and the cache inside a part: for pentominoes 3x20, queens 8 and
# two sudokus (4x4 and 6x6), the whole count is the sum of the parts for every N, on
# one thread and two, with the cache and without.
"$top_builddir/examples/pentomino" -d 3x20 >"$tmp/p320.dlx" || exit 99
# A 6x6 sudoku (boxes of 2x3) with its first row given: 39168 solutions.
printf '%s\n' 123456 ...... ...... ...... ...... ...... >"$tmp/s6.txt"
# sum PROG FILE N OPTIONS...: merge the N parts' records.
sum() {
	prog=$1 f=$2 n=$3
	shift 3
	rm -f "$tmp"/m.*
	k=1
	while [ $k -le $n ]; do
		$DLX_RUN "$prog" --part $k/$n "$@" "$f" >"$tmp/m.$k" ||
		    { echo "FAIL: $f part $k/$n $*: status" >&2; fail=1; }
		k=$((k + 1))
	done
	$DLX_RUN "$prog" merge "$tmp"/m.*
}
s6=39168
for drv in $drivers; do
	drv=$(echo "$drv" | tr _ ' ')
	for n in $ns; do
		got=$(sum "$dlx" "$tmp/p320.dlx" $n $drv)
		[ "$got" = 8 ] ||
		    { echo "FAIL: 3x20 N=$n $drv: $got"; fail=1; }
		got=$(sum "$dlx" "$data/queens8.dlx" $n $drv)
		[ "$got" = 92 ] ||
		    { echo "FAIL: queens N=$n $drv: $got"; fail=1; }
		got=$(sum "$sudoku" "$tmp/s6.txt" $n $drv)
		[ "$got" = "$s6" ] ||
		    { echo "FAIL: sudoku N=$n $drv: $got"; fail=1; }
		got=$(sum "$sudoku" "$tmp/e4.txt" $n $drv)
		[ "$got" = 288 ] ||
		    { echo "FAIL: 4x4 N=$n $drv: $got"; fail=1; }
	done
done
# The parts' solutions, on one thread and two, are the whole set, each
# once: --print in dlx (a solution is a block of lines), --all in
# dlx-sudoku (a grid per solution).
blocks() {
	awk 'BEGIN { RS = "" } /solution/ { next }
	    { sub(/^[0-9]+:\n/, ""); gsub(/\n/, "|"); print }' |
	while read -r b; do
		echo "$b" | tr '|' '\n' | sort | tr '\n' ' '
		echo
	done | sort
}
grids() { grep '^[1-4]' | paste -d ' ' - - - - | sort; }
$DLX_RUN "$dlx" --print -t 1 "$tmp/p320.dlx" | blocks >"$tmp/pall"
[ "$(wc -l <"$tmp/pall")" = 8 ] || { echo "FAIL: 3x20 --print"; fail=1; }
$DLX_RUN "$sudoku" --all -t 1 "$tmp/e4.txt" | grids >"$tmp/sall"
[ "$(wc -l <"$tmp/sall")" = 288 ] || { echo "FAIL: 4x4 --all"; fail=1; }
for t in 1 2; do
	for n in $ns; do
		: >"$tmp/pu"
		: >"$tmp/su"
		k=1
		while [ $k -le $n ]; do
			$DLX_RUN "$dlx" --part $k/$n --print -t $t \
			    "$tmp/p320.dlx" >>"$tmp/pu" || fail=1
			echo >>"$tmp/pu"
			$DLX_RUN "$sudoku" --part $k/$n --all -t $t \
			    "$tmp/e4.txt" >>"$tmp/su" || fail=1
			k=$((k + 1))
		done
		blocks <"$tmp/pu" | cmp -s - "$tmp/pall" ||
		    { echo "FAIL: 3x20 --print N=$n -t $t"; fail=1; }
		grids <"$tmp/su" | cmp -s - "$tmp/sall" ||
		    { echo "FAIL: 4x4 --all N=$n -t $t"; fail=1; }
	done
done

# K from the Slurm array job, and the whole part from $DLX_PART.
SLURM_ARRAY_TASK_ID=2 $DLX_RUN "$dlx" --part /3 "$data/queens8.dlx" \
    >"$tmp/env2" || fail=1
$DLX_RUN "$dlx" --part 2/3 "$data/queens8.dlx" >"$tmp/arg2" || fail=1
sed 's/"seconds":[0-9.]*/S/' "$tmp/env2" >"$tmp/a"
sed 's/"seconds":[0-9.]*/S/' "$tmp/arg2" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { echo "FAIL: --part /3"; fail=1; }
DLX_PART=2/3 $DLX_RUN "$dlx" "$data/queens8.dlx" |
    sed 's/"seconds":[0-9.]*/S/' >"$tmp/c"
cmp -s "$tmp/a" "$tmp/c" || { echo "FAIL: DLX_PART"; fail=1; }

# Bad --part values: usage errors.
for p in 0/3 4/3 3 /0 a/b 1/2x; do
	$DLX_RUN "$dlx" --part "$p" "$data/queens8.dlx" >/dev/null 2>&1
	[ $? = 2 ] || { echo "FAIL: --part $p accepted"; fail=1; }
done

# merge: refusals, each with exit 2 and a message naming the trouble.
$DLX_RUN "$dlx" --part 1/3 "$data/queens8.dlx" >"$tmp/q1" || fail=1
$DLX_RUN "$dlx" --part 2/3 "$data/queens8.dlx" >"$tmp/q2" || fail=1
$DLX_RUN "$dlx" --part 3/3 "$data/queens8.dlx" >"$tmp/q3" || fail=1
$DLX_RUN "$dlx" --part 2/4 "$data/queens8.dlx" >"$tmp/q2of4" || fail=1
$DLX_RUN "$dlx" --part 2/3 "$data/langford8.dlx" >"$tmp/l2" || fail=1
refuse() {
	what=$1 pattern=$2
	shift 2
	$DLX_RUN "$dlx" merge "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st != 2 ] || [ -s "$tmp/out" ] ||
	    ! grep -q "$pattern" "$tmp/err"; then
		echo "FAIL: merge $what: status $st"; cat "$tmp/out" "$tmp/err"
		fail=1
	fi
}
refuse missing "missing: 2$" "$tmp/q1" "$tmp/q3"
refuse repeated "part 1/3 again" "$tmp/q1" "$tmp/q2" "$tmp/q3" "$tmp/q1"
refuse "another N" "where the first record is of 3 parts" \
    "$tmp/q1" "$tmp/q2of4" "$tmp/q3"
refuse "another problem" "a part of another problem" \
    "$tmp/q1" "$tmp/l2" "$tmp/q3"
printf 'not json\n' >"$tmp/junk"
refuse junk "junk:1: not a JSON object" "$tmp/q1" "$tmp/junk"
refuse "no file" "No such file" "$tmp/q1" "$tmp/nonesuch"
# --partial: the parts present, marked; then all three: 92 (exit 0).
got=$($DLX_RUN "$dlx" merge --partial "$tmp/q1" "$tmp/q3" 2>/dev/null)
p1=$(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$tmp/q1")
p3=$(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$tmp/q3")
[ "$got" = "$((p1 + p3)) (partial: 2 of 3 parts)" ] ||
    { echo "FAIL: --partial: $got"; fail=1; }
# Counts beyond 2^64 add exactly: three records of 2^64 - 1.
for k in 1 2 3; do
	sed "s/\"part\":[0-9]*/\"part\":$k/; s/\"solutions\":[0-9]*/\"solutions\":18446744073709551615/" \
	    "$tmp/q1" >"$tmp/big$k"
done
got=$($DLX_RUN "$dlx" merge "$tmp"/big1 "$tmp"/big2 "$tmp"/big3)
[ "$got" = 55340232221128654845 ] || { echo "FAIL: wide sum $got"; fail=1; }

# merge reads standard input: "-" among the files, or no file from a pipe
# (cat part-*.json | dlx merge), in both programs; on a terminal, no file
# is a usage error naming the two ways.
got=$(cat "$tmp/q1" "$tmp/q2" "$tmp/q3" | $DLX_RUN "$dlx" merge 2>&1)
[ "$got" = 92 ] || { echo "FAIL: dlx merge from a pipe: $got"; fail=1; }
got=$($DLX_RUN "$dlx" merge "$tmp/q1" - "$tmp/q3" <"$tmp/q2" 2>&1)
[ "$got" = 92 ] || { echo "FAIL: dlx merge -: $got"; fail=1; }
got=$(cat "$tmp"/srec.* | $DLX_RUN "$sudoku" merge 2>&1)
[ "$got" = 288 ] || { echo "FAIL: dlx-sudoku merge from a pipe: $got"; fail=1; }
got=$($DLX_RUN "$sudoku" merge - <"$tmp/q2" 2>&1)
[ "$got" = "dlx-sudoku: merge: 1 of 3 parts; missing: 1 3
dlx-sudoku: merge: no total without every part (--partial adds those present)" ] ||
    { echo "FAIL: dlx-sudoku merge - of one part: $got"; fail=1; }
printf 'not json\n' | $DLX_RUN "$dlx" merge "$tmp/q1" - >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q '^dlx: (standard input):1: not a JSON object$' \
    "$tmp/err" || { echo "FAIL: merge - of junk: $st"; cat "$tmp/err"; fail=1; }
run "$dlx" merge </dev/null
expect_lines "merge of empty stdin" 2 "" "dlx: merge: no part records in the input
"
# A terminal: script(1) (util-linux) gives the program one.
if command -v script >/dev/null 2>&1 &&
    script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "$DLX_RUN '$dlx' merge; echo status \$?" /dev/null \
	    </dev/null >"$tmp/tty" 2>&1
	grep -q 'no part records given (name the files, or pipe the records in)' \
	    "$tmp/tty" && grep -q 'status 2' "$tmp/tty" ||
	    { echo "FAIL: merge on a terminal"; cat "$tmp/tty"; fail=1; }
fi

# Checkpoints refused: another problem, another part, damaged, cut short.
$DLX_RUN "$dlx" --part 1/3 --checkpoint "$tmp/ck" "$data/queens8.dlx" \
    >/dev/null || fail=1
cp "$tmp/ck" "$tmp/ck.orig"
check_refused() {
	what=$1 pattern=$2
	shift 2
	$DLX_RUN "$dlx" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st != 2 ] || ! grep -q "$pattern" "$tmp/err"; then
		echo "FAIL: resume $what: status $st"; cat "$tmp/err"; fail=1
	fi
	cmp -s "$tmp/ck" "$tmp/ck.orig" ||
	    { echo "FAIL: resume $what changed the checkpoint"; fail=1; }
}
check_refused "other problem" "checkpoint of another problem" \
    --resume "$tmp/ck" "$data/langford8.dlx"
check_refused "other part" "checkpoint of part 1/3, not of part 2/3" \
    --part 2/3 --resume "$tmp/ck" "$data/queens8.dlx"
sed 's/^solutions .*/solutions 99/' "$tmp/ck.orig" >"$tmp/ck"
cp "$tmp/ck" "$tmp/ck.orig"
check_refused damaged "checksum mismatch" --resume "$tmp/ck" \
    "$data/queens8.dlx"
head -c 40 "$tmp/ck" >"$tmp/ck2" && mv "$tmp/ck2" "$tmp/ck"
cp "$tmp/ck" "$tmp/ck.orig"
check_refused truncated "truncated" --resume "$tmp/ck" "$data/queens8.dlx"
# A finished checkpoint resumes to the same count at once.
$DLX_RUN "$dlx" --checkpoint "$tmp/done" "$data/queens8.dlx" >/dev/null
got=$($DLX_RUN "$dlx" --resume "$tmp/done" "$data/queens8.dlx")
[ "$got" = 92 ] || { echo "FAIL: resume finished: $got"; fail=1; }

exit $fail
