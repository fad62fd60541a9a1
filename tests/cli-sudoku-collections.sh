#!/bin/sh
# cli-sudoku-collections.sh: the first puzzles of every collection in the
# benchmark sets (tests/data/coll-*), dressed as people keep them: a title
# line, a header, comments, blank lines, names and ratings after the
# puzzles, a damaged puzzle.  Every puzzle is answered or named in an
# error (answers + errors = puzzles), and every answer is checked to be a
# solution by a checker that shares no code with the program.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$data" || exit 99

# check_csv FILE: each line puzzle,solution,result of a 9x9 must hold a
# solution keeping the givens, with every row, column and box a
# permutation of 1-9.  Prints the number of bad lines.
check_csv() {
	awk -F, 'NR > 1 {
		p = $1; s = $2; bad = 0
		if (length(s) != 81 || s !~ /^[1-9]+$/) bad = 1
		for (i = 1; i <= 81 && !bad; i++) {
			c = substr(p, i, 1)
			if (c != "." && c != "0" && c != substr(s, i, 1)) bad = 1
		}
		for (u = 0; u < 9 && !bad; u++) {
			split("", r); split("", k); split("", b)
			for (j = 0; j < 9; j++) {
				r[substr(s, u * 9 + j + 1, 1)] = 1
				k[substr(s, j * 9 + u + 1, 1)] = 1
				br = int(u / 3) * 3 + int(j / 3)
				bc = (u % 3) * 3 + j % 3
				b[substr(s, br * 9 + bc + 1, 1)] = 1
			}
			nr = nk = nb = 0
			for (x in r) nr++
			for (x in k) nk++
			for (x in b) nb++
			if (nr != 9 || nk != 9 || nb != 9) bad = 1
		}
		nbad += bad
	} END { print nbad + 0 }' "$1"
}

for f in coll-*.txt coll-*.counts; do
	# The collection's puzzles (the first word of each line).
	cut -d' ' -f1 "$f" >"$tmp/plain"
	n=$(wc -l <"$tmp/plain")
	# Dressed: title, header-like line, comments, blank lines,
	# annotations, one damaged puzzle (the first, cut short by a cell).
	{
		echo "Sudoku"
		echo "Level: hard, from $f"
		echo "# first puzzles of $f"
		echo
		head -1 "$tmp/plain" | cut -c2-
		i=0
		while read -r p; do
			i=$((i + 1))
			case $((i % 4)) in
			0) printf '%s\tpuzzle %d\n' "$p" "$i" ;;
			1) printf '%s 11.9/11.9/11.3\n' "$p" ;;
			2) printf '%s  # number %d\n\n' "$p" "$i" ;;
			3) printf '%s\n' "$p" ;;
			esac
		done <"$tmp/plain"
	} >"$tmp/dressed"
	run "$sudoku" -f csv "$tmp/dressed"
	answers=$(($(wc -l <"$tmp/out") - 1))
	errors=$(wc -l <"$tmp/err")
	if [ "$answers" != "$n" ] || [ "$errors" != 1 ]; then
		echo "FAIL: $f: $answers answers and $errors errors for" \
		    "$n puzzles and 1 damaged"
		cat "$tmp/err"
		fail=1
	fi
	status "$f: exit status" 2 "$st"
	cp "$tmp/out" "$tmp/dressed.out"
	bad=$(check_csv "$tmp/out")
	if [ "$bad" != 0 ]; then
		failed "$f: $bad answers are not solutions"
	fi
	# The plain collection solves the same, without complaint.
	run "$sudoku" -f csv "$tmp/plain"
	status "$f: plain" 0 "$st"
	same "$f: dressed and plain answers" "$tmp/dressed.out" "$tmp/out"
	# The bit boards (the default for a 9x9) and the exact-cover
	# searches asked for by name answer alike: the solution of a
	# unique puzzle, the first of the fast tree otherwise, the counts.
	for tree in --fast --knuth; do
		run "$sudoku" $tree -f csv "$tmp/plain"
		same "$f: $tree answers as the default" "$tmp/dressed.out" \
		    "$tmp/out"
	done
	run "$sudoku" -c -f line "$tmp/plain"
	cp "$tmp/out" "$tmp/counts"
	run "$sudoku" --fast -c -f line "$tmp/plain"
	same "$f: --fast counts as the default" "$tmp/counts" "$tmp/out"
done

# What ran: the bit boards for a 9x9 by default (the links in a library
# built with Knuth's tree as its default), the sparse sets with --fast,
# the links with --knuth; a 4x4 never takes the bit boards.
head -1 coll-puzzles7_serg_benchmark.txt >"$tmp/one"
default="bit boards"
$DLX_RUN "$dlx" --stats queens8.dlx 2>&1 >/dev/null |
    grep -q '^mode: knuth$' && default=links
for want in "$default:" "sparse:--fast" "links:--knuth"; do
	run "$sudoku" ${want#*:} -t 1 -s -c "$tmp/one"
	grep -q "engine ${want%:*}, 1 thread" "$tmp/err" ||
	    failed "engine ${want%:*} ${want#*:}"
done
printf '1...\n..3.\n.1..\n...2\n' >"$tmp/four"
run "$sudoku" -s -c "$tmp/four"
grep -q "engine bit boards" "$tmp/err" && failed "a 4x4 on the bit boards"

# The counts of the serg benchmark (puzzle, space, count: an annotation
# for the reader) agree with ours.
run "$sudoku" -c -f csv coll-puzzles7_serg_benchmark.counts
awk -F, 'NR > 1 { print $1 " " $2 }' "$tmp/out" >"$tmp/got"
same "serg counts" coll-puzzles7_serg_benchmark.counts "$tmp/got"

exit $fail
