#!/bin/sh
# cli-sudoku-variants.sh: every bundled variant puzzle solves to its known
# answer and is unique; bad variant files give FILE:LINE:COL errors; the
# generator repeats itself for a seed, and its puzzles are unique and
# minimal (each given taken away in turn leaves several solutions).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
vx="$puzzles/variants"

for f in x x-4x4 x-16x16 hyper jigsaw killer killer-4x4 killer-6x6; do
	run "$sudoku" -f line "$vx/$f.txt"
	status "$f solve" 0 "$st"
	same "$f answer" "$vx/$f.answer" "$tmp/out"
	run "$sudoku" -c "$vx/$f.txt"
	echo "$vx/$f.txt:1: 1 solution" >"$tmp/exp"
	same "$f count" "$tmp/exp" "$tmp/out"
done

# --variant instead of a header line, on a classic-looking grid.
tail -n +2 "$vx/x.txt" >"$tmp/nohead.txt"
run "$sudoku" --variant x -f line "$tmp/nohead.txt"
same "--variant x" "$vx/x.answer" "$tmp/out"
# Read as classic sudoku the same grid has other solutions.
run "$sudoku" -u "$tmp/nohead.txt"
status "classic reading is not unique" 1 "$st"

# Errors, each at its line and column.
printf 'variant jigsaw\n....\n....\n....\n....\naabb\naabb\nccdd\ncdcd\n' \
    >"$tmp/bad1.txt"
run "$sudoku" "$tmp/bad1.txt"
status "disconnected region" 2 "$st"
echo "dlx-sudoku: $tmp/bad1.txt:9:3: regions: region 3 is not connected (r4c3 is cut off)" >"$tmp/exp"
same "disconnected region message" "$tmp/exp" "$tmp/err"
printf 'variant killer 2x2\n....\n....\n....\n....\naabb\nccdd\neeff\ngghh\na=3 b=7 c=5 d=5 e=5 f=5 g=5 h=8\n' \
    >"$tmp/bad2.txt"
run "$sudoku" "$tmp/bad2.txt"
echo "dlx-sudoku: $tmp/bad2.txt:9:3: cages: cage 'h': no 2 different digits sum to 8" >"$tmp/exp"
same "impossible sum" "$tmp/exp" "$tmp/err"
printf 'variant killer 2x2\n....\n....\n....\n....\naabb\nccdd\nee.f\ngghh\na=3\n' \
    >"$tmp/bad3.txt"
run "$sudoku" "$tmp/bad3.txt"
status "untiled cages" 2 "$st"
printf 'variant zigzag\n' >"$tmp/bad4.txt"
run "$sudoku" "$tmp/bad4.txt"
echo "dlx-sudoku: $tmp/bad4.txt:1:9: unknown variant word or size (x, hyper, jigsaw, killer, RxC, N)" >"$tmp/exp"
same "unknown variant" "$tmp/exp" "$tmp/err"

# The generator: same seed, same puzzles; unique; minimal.
for v in classic x hyper jigsaw killer; do
	for sym in none 180; do
		run "$sudoku" --generate 3 --variant "$v" --symmetry $sym --seed 11 -f line
		status "generate $v $sym" 0 "$st"
		cp "$tmp/out" "$tmp/gen"
		run "$sudoku" --generate 3 --variant "$v" --symmetry $sym --seed 11 -f line
		same "generate $v $sym repeats" "$tmp/gen" "$tmp/out"
		run "$sudoku" -u "$tmp/gen"
		status "generated $v $sym unique" 0 "$st"
	done
done
# Minimality of classic puzzles: every puzzle with one given removed.
run "$sudoku" --generate 4 --seed 5 -f line
awk '{ for (i = 1; i <= length($0); i++) if (substr($0, i, 1) != ".")
	print substr($0, 1, i - 1) "." substr($0, i + 1) }' "$tmp/out" \
    >"$tmp/minus1"
run "$sudoku" -u "$tmp/minus1"
status "one given fewer: never unique" 1 "$st"
if grep -v 'multiple' "$tmp/out" >/dev/null; then
	failed "a puzzle stayed unique without one of its givens"
fi
exit $fail
