#!/bin/sh
# Re-splitting, in both programs: a part split again 3 ways (--part
# K/N,J/3, and as files with --resplit), and a checkpoint of a part
# split again, run sub-part by sub-part and merged, give the plain count;
# so does a sub-part split again (depth 3).  merge refuses a gap, a part
# given both whole and split, a part split two ways, a repeated sub-part
# and another problem's sub-part, each with its message.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# Queens 10 (rows and columns primary, diagonals secondary): 724.
"$top_builddir/examples/queens" -d 10 >"$tmp/q10.dlx" || exit 99
"$top_builddir/examples/queens" -d 9 >"$tmp/q9.dlx" || exit 99
q=$tmp/q10.dlx

# A record without its time, to compare two runs of one sub-part.
untimed() { sed 's/,"seconds":[0-9.]*//' "$@"; }
# The split id of a record's last re-split, and its problem.
split_id() { sed 's/.*"lineage":"\([^"]*\)".*/\1/; s/.*@//' "$1"; }
problem() { sed 's/.*"problem":"\([0-9a-f]*\)".*/\1/' "$1"; }

# Parts 1 and 3 whole, part 2 in 3 sub-parts: 724.
for k in 1 2 3; do
	$DLX_RUN "$dlx" --part $k/3 "$q" >"$tmp/r$k" || fail=1
	$DLX_RUN "$dlx" --part 2/3,$k/3 "$q" >"$tmp/s$k" || fail=1
done
got=$($DLX_RUN "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp"/s?)
[ "$got" = 724 ] || { echo "FAIL: part 2/3 in 3 sub-parts: $got"; fail=1; }
grep -q '"part":2,"parts":3,"lineage":"1/3@[0-9a-f]\{16\}","solutions"' \
    "$tmp/s1" || { echo "FAIL: a sub-part's record"; cat "$tmp/s1"; fail=1; }

# The same sub-parts as files: --resplit names them, each resumes to the
# record of its --part path.
run "$dlx" --part 2/3 --checkpoint "$tmp/p2" --resplit 3 "$q"
expect_lines "--resplit of a part" 0 "$tmp/p2.1
$tmp/p2.2
$tmp/p2.3
" ""
# Under valgrind (CI's DLX_RUN), where each run takes seconds, these two
# are left out: the same code runs in the other cases.
if ! under_valgrind; then
	for k in 1 2 3; do
		$DLX_RUN "$dlx" --resume "$tmp/p2.$k" "$q" >"$tmp/f$k" ||
		    fail=1
		[ "$(untimed "$tmp/f$k")" = "$(untimed "$tmp/s$k")" ] || {
			echo "FAIL: file sub-part $k"; cat "$tmp/f$k" "$tmp/s$k"
			fail=1
		}
	done

	# Depth 3: sub-part 2 of part 2 split again in 2.
	for k in 1 2; do
		$DLX_RUN "$dlx" --part 2/3,2/3,$k/2 "$q" >"$tmp/t$k" || fail=1
	done
	got=$($DLX_RUN "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp/s1" \
	    "$tmp/s3" "$tmp"/t?)
	[ "$got" = 724 ] || { echo "FAIL: depth 3: $got"; fail=1; }
fi

# A checkpoint of part 2, stopped after 50 solutions, split in 3: the
# solutions found before go to sub-part 1; the three add up to the part.
$DLX_RUN "$dlx" --part 2/3 --checkpoint "$tmp/ck" --limit 50 --print "$q" \
    >/dev/null 2>&1
grep -q '^solutions 50$' "$tmp/ck" || { echo "FAIL: checkpoint"; fail=1; }
run "$dlx" --resume "$tmp/ck" --resplit 3 "$q"
expect_lines "--resplit of a checkpoint" 0 "$tmp/ck.1
$tmp/ck.2
$tmp/ck.3
" ""
grep -q '^solutions 50$' "$tmp/ck.1" && grep -q '^solutions 0$' "$tmp/ck.2" ||
    { echo "FAIL: the work done is in sub-part 1 alone"; fail=1; }
for k in 1 2 3; do
	$DLX_RUN "$dlx" --resume "$tmp/ck.$k" "$q" >"$tmp/cr$k" || fail=1
done
got=$($DLX_RUN "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp"/cr?)
[ "$got" = 724 ] || { echo "FAIL: checkpoint in 3 sub-parts: $got"; fail=1; }

# dlx-sudoku: a 6x6 with its first row given (39168), part 2 of 2 in 3
# sub-parts, and a checkpoint of it (stopped at 1000) in 2.
printf '%s\n' 123456 ...... ...... ...... ...... ...... >"$tmp/s6.txt"
if ! under_valgrind; then
	$DLX_RUN "$sudoku" --part 1/2 "$tmp/s6.txt" >"$tmp/u1" || fail=1
	for k in 1 2 3; do
		$DLX_RUN "$sudoku" --part 2/2,$k/3 "$tmp/s6.txt" \
		    >"$tmp/v$k" || fail=1
	done
	got=$($DLX_RUN "$sudoku" merge "$tmp/u1" "$tmp"/v?)
	[ "$got" = 39168 ] || { echo "FAIL: sudoku sub-parts: $got"; fail=1; }
	$DLX_RUN "$sudoku" --part 2/2 --checkpoint "$tmp/sck" --limit 1000 \
	    "$tmp/s6.txt" >/dev/null || fail=1
	$DLX_RUN "$sudoku" --resume "$tmp/sck" --resplit 2 "$tmp/s6.txt" \
	    >/dev/null || fail=1
	for k in 1 2; do
		$DLX_RUN "$sudoku" --resume "$tmp/sck.$k" "$tmp/s6.txt" \
		    >"$tmp/w$k" || fail=1
	done
	got=$($DLX_RUN "$sudoku" merge "$tmp/u1" "$tmp"/w?)
	[ "$got" = 39168 ] ||
	    { echo "FAIL: sudoku checkpoint sub-parts: $got"; fail=1; }
fi

# The refusals, word for word.  Records sort by split id where two
# splits of one part meet: the message names the first of the second
# split's records "here".
run "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp/s1" "$tmp/s3"
expect_lines "gap" 2 "" "dlx: merge: part 2/3: sub-part 2/3 missing
dlx: merge: no total without every part (--partial adds those present)
"
run "$dlx" merge --partial "$tmp/r1" "$tmp/r3" "$tmp/s1" "$tmp/s3"
expect_lines "gap, --partial" 0 \
    "$((724 - $(sed 's/.*"solutions":\([0-9]*\).*/\1/' "$tmp/s2"))) (partial: 3 of 3 parts, 1 sub-part missing)
" "dlx: merge: part 2/3: sub-part 2/3 missing
"
run "$dlx" merge "$tmp/r1" "$tmp/r2" "$tmp/r3" "$tmp/s2"
expect_lines "overlap" 2 "" \
    "dlx: $tmp/r2:1: part 2/3 given both whole and split (sub-part 2/3,2/3 at $tmp/s2:1)
"
$DLX_RUN "$dlx" --part 2/3,1/2 "$q" >"$tmp/h1" || fail=1
id=$(split_id "$tmp/s1")
run "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp"/s? "$tmp/h1"
expect_lines "mixed splits" 2 "" \
    "dlx: $tmp/s1:1: part 2/3 split two ways: sub-part 1/3 of split $id here, 1/2 of split $id at $tmp/h1:1
"
run "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp"/cr? "$tmp"/s?
expect_lines "a checkpoint's split and the part's" 2 "" \
    "$(if [ "$(printf '%s\n' "$id" "$(split_id "$tmp/cr1")" | sort |
	head -n 1)" != "$id" ]; then
	echo "dlx: $tmp/s1:1: part 2/3 split two ways: sub-part 1/3 of split $id here, 1/3 of split $(split_id "$tmp/cr1") at $tmp/cr1:1"
    else
	echo "dlx: $tmp/cr1:1: part 2/3 split two ways: sub-part 1/3 of split $(split_id "$tmp/cr1") here, 1/3 of split $id at $tmp/s1:1"
    fi)
"
run "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp"/s? "$tmp/s2"
expect_lines "repeated sub-part" 2 "" \
    "dlx: $tmp/s2:1: part 2/3,2/3 again (also $tmp/s2:1)
"
$DLX_RUN "$dlx" --part 2/3,2/3 "$tmp/q9.dlx" >"$tmp/o2" || fail=1
run "$dlx" merge "$tmp/r1" "$tmp/r3" "$tmp/s1" "$tmp/o2" "$tmp/s3"
expect_lines "another problem's sub-part" 2 "" \
    "dlx: $tmp/o2:1: a part of another problem ($(problem "$tmp/o2"), not $(problem "$tmp/r1"))
"
run "$sudoku" merge "$tmp/r1" "$tmp/r3" "$tmp/s1" "$tmp/s3"
expect_lines "gap (dlx-sudoku)" 2 "" "dlx-sudoku: merge: part 2/3: sub-part 2/3 missing
dlx-sudoku: merge: no total without every part (--partial adds those present)
"

# The programs' own refusals: no file for --resplit, a sub-part's
# checkpoint resumed as another, a checkpoint of another problem.
run "$dlx" --resplit 3 "$q"
expect_lines "--resplit without a file" 2 "" "dlx: --resplit writes its sub-parts to FILE.1 ... FILE.M: name FILE with --checkpoint or --resume
Try 'dlx --help' for more information.
"
run "$dlx" --part 2/3,2/3 --resume "$tmp/p2.1" "$q"
expect_lines "another sub-part's checkpoint" 2 "" "dlx: $tmp/p2.1: checkpoint of another sub-part than part 2/3,2/3
"
cp "$tmp/ck.1" "$tmp/ck.1.before"
run "$dlx" --resume "$tmp/ck" --resplit 2 "$tmp/q9.dlx"
status "--resplit of another problem's checkpoint" 2
grep -q "^dlx: $tmp/ck: checkpoint of another problem" "$tmp/err" ||
    { echo "FAIL: --resplit of another problem's checkpoint"; fail=1; }
cmp -s "$tmp/ck.1" "$tmp/ck.1.before" ||
    { echo "FAIL: a refused --resplit wrote a file"; fail=1; }
run "$sudoku" --all --resplit 2 --checkpoint "$tmp/x" "$tmp/s6.txt"
status "dlx-sudoku --all --resplit" 2
grep -q "^dlx-sudoku: --resplit goes with --count$" "$tmp/err" ||
    { echo "FAIL: dlx-sudoku --all --resplit"; cat "$tmp/err"; fail=1; }

exit $fail
