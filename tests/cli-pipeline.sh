#!/bin/sh
# dlx-sudoku answers a file of many puzzles several at a time on its
# threads (src/prog/sudoku/sudoku-pipeline.c), and makes puzzles on them
# (src/prog/sudoku/sudoku-generate.c): its output, standard output and standard error
# alike, must be byte for byte what one thread writes, in input order, for
# every mode that goes through it, with bad puzzles among good ones, on 2
# to 8 threads (more than the CPUs included).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
prog=$sudoku

# Good puzzles, bad ones, clashes, two sizes, mixed: the puzzles of the
# collection samples twice over, with the others every 25 lines.
cat "$data"/coll-*.txt "$data"/coll-*.txt | awk '{
	print
	if (NR % 25 == 0) {
		print "12345678912345678........................................" \
		    "........................"
		print "1.2.3.4."
		print "1234341221434321"
	}
}' >"$tmp/mixed.txt"
# The rules behind --rate, --explain and --candidates take forcing chains
# to finish the hardest puzzles (a second each for some): for them, five
# puzzles of the samples they finish in milliseconds (under valgrind, the
# two quickest), with the bad ones as above.
logic="norvig_top95 puzzles2_17_clue puzzles3_magictour_top1465"
[ -n "${DLX_RUN:-}" ] && logic="norvig_top95 puzzles2_17_clue"
for f in $logic; do head -n 5 "$data/coll-$f.txt"; done | awk '{
	print
	if (NR % 5 == 0) {
		print "1.2.3.4."
		print "1234341221434321"
	}
}' >"$tmp/mixed-logic.txt"

# The figures of --stats carry times: drop them before comparing.
notime() {
	sed 's/[0-9.]* s$/T s/' "$1"
}

for args in "" "--count" "-f line --count" "--unique -f csv" "-j" \
    "--rate" "--rate -j" "--explain -f line" "--candidates" \
    "--count --stats" "--count --limit 3" "--count --no-memo"; do
	in=$tmp/mixed.txt
	case " $args " in
	*" --rate "* | *" --explain "* | *" --candidates "*)
		in=$tmp/mixed-logic.txt ;;
	esac
	# shellcheck disable=SC2086
	$DLX_RUN "$prog" -t 1 $args "$in" >"$tmp/out1" 2>"$tmp/err1"
	st1=$?
	notime "$tmp/err1" >"$tmp/e1"
	for t in 2 3 8; do
		# shellcheck disable=SC2086
		$DLX_RUN "$prog" -t $t $args "$in" >"$tmp/out" \
		    2>"$tmp/err"
		st=$?
		notime "$tmp/err" >"$tmp/e"
		if [ "$st" != "$st1" ] || ! cmp -s "$tmp/out1" "$tmp/out" ||
		    ! cmp -s "$tmp/e1" "$tmp/e"; then
			echo "FAIL -t $t $args: status $st (-t 1: $st1)"
			diff "$tmp/out1" "$tmp/out" | head -5
			diff "$tmp/e1" "$tmp/e" | head -5
			fail=1
		fi
	done
	# The run must have answered something: a test of empty outputs
	# could not fail.
	[ -s "$tmp/out1" ] || { echo "FAIL $args: no output"; fail=1; }
done

# --generate makes puzzle i from a seed of its own: the same puzzles, in
# the same order, on any number of threads; every one unique.
for v in "" "--variant x" "--variant killer --box 2x3"; do
	# shellcheck disable=SC2086
	$DLX_RUN "$prog" --generate 12 --seed 9 $v -t 1 >"$tmp/gen1" 2>&1
	for t in 2 3 8; do
		# shellcheck disable=SC2086
		$DLX_RUN "$prog" --generate 12 --seed 9 $v -t $t >"$tmp/gen" 2>&1
		cmp -s "$tmp/gen1" "$tmp/gen" ||
		    { echo "FAIL --generate $v -t $t differs"; fail=1; }
	done
	"$prog" -u -f line "$tmp/gen1" >"$tmp/uniq" ||
	    { echo "FAIL --generate $v: not all unique"; fail=1; }
	[ "$(grep -c ' unique$' "$tmp/uniq")" = 12 ] ||
	    { echo "FAIL --generate $v: not 12 puzzles"; fail=1; }
done

# Standard output and standard error go to one file in the order one
# thread writes them.
"$prog" -t 1 --count "$tmp/mixed.txt" >"$tmp/both1" 2>&1
"$prog" -t 2 --count "$tmp/mixed.txt" >"$tmp/both2" 2>&1
cmp -s "$tmp/both1" "$tmp/both2" ||
    { echo "FAIL: stdout and stderr interleaved differently"; fail=1; }
grep -c '^dlx-sudoku: ' "$tmp/both1" >"$tmp/nerr"
[ "$(cat "$tmp/nerr")" -ge 8 ] ||
    { echo "FAIL: only $(cat "$tmp/nerr") errors reported"; fail=1; }

exit $fail
