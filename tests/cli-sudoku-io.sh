#!/bin/sh
# cli-sudoku-io.sh: standard input, several files, no solution, --help
# and --version, --stats, write errors, a closed pipe, and Ctrl-C during
# a count that would never end.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
cd "$puzzles" || exit 99

# Standard input, with no file and with "-", mixed with files.
run "$sudoku" -c <two-solutions.txt
echo "(standard input):1: 2 solutions" >"$tmp/exp"
same "stdin" "$tmp/exp" "$tmp/out"
status "stdin" 0 "$st"
cat >"$tmp/exp" <<'END'
classic.txt:1: 1 solution
(standard input):1: 2 solutions
4x4.txt:2: 1 solution
END
check "files and -" 0 "$sudoku" -c classic.txt - 4x4.txt <classic-2.txt
# Several puzzles on standard input, in different forms and sizes.
{ cat 4x4.txt; echo; cat classic.txt; echo; cat 6x6.txt; } | {
	run "$sudoku" -u -f line
	cat >"$tmp/exp" <<'END'
..3....1..4.2... unique
9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2.. unique
..2.......645...2..61...1..6...5.... unique
END
	same "mixed sizes on stdin" "$tmp/exp" "$tmp/out"
	status "mixed sizes on stdin" 0 "$st"
	exit $fail
} || fail=1

# No solution: said in every format, exit status 1.
run "$sudoku" "$data/sudoku-none.txt"
printf '%s\n\n' "$data/sudoku-none.txt:1: no solution" >"$tmp/exp"
same "no solution, grid" "$tmp/exp" "$tmp/out"
status "no solution" 1 "$st"
run "$sudoku" -f line <"$data/sudoku-none.txt"
echo "457200000100400005000016098620300040300900000001072600002005870000600004530097061 none" |
    tr 0 . >"$tmp/exp"
same "no solution, line" "$tmp/exp" "$tmp/out"
status "no solution, line" 1 "$st"
run "$sudoku" -c classic.txt - <"$data/sudoku-none.txt"
printf '%s\n' "classic.txt:1: 1 solution" "(standard input):1: 0 solutions" \
    >"$tmp/exp"
same "no solution, count" "$tmp/exp" "$tmp/out"
status "no solution, count" 1 "$st"

# --help and --version: stdout, status 0.
run "$sudoku" --help
status "--help" 0 "$st"
if ! head -1 "$tmp/out" | grep -q '^usage: dlx-sudoku ' || [ -s "$tmp/err" ]
then
	failed "--help"
fi
for opt in --count --limit --all --unique --format --json --stats \
    --progress --box --symbols --help --version; do
	if ! grep -q -- "$opt" "$tmp/out"; then
		failed "--help does not mention $opt"
	fi
done
run "$sudoku" --version
status "--version" 0 "$st"
grep -q '^dlx-sudoku (dlx) [0-9]' "$tmp/out" || {
	failed "--version"
}

# --symbols: another alphabet, in and out.
printf '%s\n' ". 3 | . ." ". . | . 0" "----+----" ". . | 2 ." "1 . | . ." \
    >"$tmp/sym"
run "$sudoku" --symbols 0-3 "$tmp/sym"
cat >"$tmp/exp" <<END
$tmp/sym:1: solved
0 3 | 1 2
2 1 | 3 0
----+----
3 0 | 2 1
1 2 | 0 3

END
same "--symbols, grid" "$tmp/exp" "$tmp/out"
run "$sudoku" -f line --symbols 0123 "$tmp/sym"
echo "0312213030211203" >"$tmp/exp"
same "--symbols, line" "$tmp/exp" "$tmp/out"
status "--symbols" 0 "$st"

# --stats: one line per puzzle and a total, on stderr only.
run "$sudoku" --stats -c classic.txt classic-2.txt
if [ "$(grep -cE '^dlx-sudoku: classic(-2)?\.txt:1: [0-9]+ nodes, [0-9]+ updates, [0-9.]+ s$' "$tmp/err")" != 2 ] ||
    ! grep -qE '^dlx-sudoku: total: 2 puzzles, [0-9]+ nodes, [0-9]+ updates, [0-9.]+ s$' "$tmp/err"
then
	failed "--stats"
	cat "$tmp/err"
fi

# A write error is an error (status 2), with a message.
write_error "$sudoku" classic.txt

# The empty 9x9 has 6,670,903,752,021,072,936,960 solutions: no run ends.
printf '%081d\n' 0 >"$tmp/empty9"

# A closed pipe ends --all quietly, with 141 as if killed by SIGPIPE.
closed_pipe 2 "$sudoku" --all -f line "$tmp/empty9"

# Ctrl-C during a count: "at least N", status 130.  Wait for the first
# progress line (slow to come under valgrind), so the count is surely
# under way when the signal arrives.
start "$sudoku" -c --progress "$tmp/empty9"
wait_for 'solutions so far' 300
interrupt
status "interrupted count" 130
if ! grep -qE "^$tmp/empty9:1: at least [0-9]+ solutions \(interrupted\)\$" \
    "$tmp/out"; then
	failed "interrupted count: stdout"
	cat "$tmp/out"
fi
# --progress printed at least one line (a second passes before the kill).
if ! grep -qE "^dlx-sudoku: $tmp/empty9:1: [0-9]+ solutions so far" "$tmp/err"
then
	failed "no progress line"
	cat "$tmp/err"
fi

exit $fail
