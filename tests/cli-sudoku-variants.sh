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

# The givens as one line of N*N cells, as classic puzzles may be given: the
# same answer as the grid (the size from the line, or from the header).
{ head -n 1 "$vx/x.txt"; tail -n +2 "$vx/x.txt" | tr -d ' \n'; echo; } \
    >"$tmp/oneline.txt"
run "$sudoku" -f line "$tmp/oneline.txt"
same "x given as one line" "$vx/x.answer" "$tmp/out"
printf 'variant hyper 2x3\n....................................\n' \
    >"$tmp/oneline6.txt"
run "$sudoku" -c "$tmp/oneline6.txt"
echo "$tmp/oneline6.txt:1: 668160 solutions" >"$tmp/exp"
same "empty hyper 6x6 as one line" "$tmp/exp" "$tmp/out"
printf 'variant x\n%080d\n' 0 | tr 0 . >"$tmp/oneline80.txt"
run "$sudoku" -c "$tmp/oneline80.txt"
status "a line of 80 cells" 2 "$st"
echo "dlx-sudoku: $tmp/oneline80.txt:2: row of 80 cells: a variant grid has 4 to 36 (or a line of N*N cells)" >"$tmp/exp"
same "a line of 80 cells: its length named" "$tmp/exp" "$tmp/err"

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
# JSON Lines: every record of every mode has a "type", first; a variant
# record names the variant and its regions as they are (a jigsaw has
# regions, not boxes; windows by their corners), and so do the
# generator's records.
v=$puzzles/variants
: >"$tmp/all.json"
for args in "-u $v/jigsaw.txt" "-c $v/killer-4x4.txt" "-a $v/x-4x4.txt" \
    "$v/hyper.txt" "-c $puzzles/two-solutions.txt" "-a -l 2 $puzzles/two-solutions.txt" \
    "--explain $puzzles/classic.txt" "--rate $puzzles/classic.txt" \
    "--candidates $puzzles/classic.txt" "$puzzles/math495r.txt" \
    "--generate 2 --seed 3" "--generate 2 --seed 3 -t 2 --variant killer" \
    "--generate 1 --seed 3 --variant jigsaw" "--generate 1 --seed 3 --variant hyper -b 2x3" \
    "--part 1/2 $v/killer-4x4.txt"; do
	# shellcheck disable=SC2086
	$DLX_RUN "$sudoku" -j $args >>"$tmp/all.json" 2>/dev/null
done
grep -v '^{"type":"[a-z]*",' "$tmp/all.json" >"$tmp/untyped"
[ -s "$tmp/untyped" ] && { failed "JSON records without a type"; head -n 3 "$tmp/untyped"; }
[ "$(grep -c '"type":"generated"' "$tmp/all.json")" = 6 ] ||
    failed "JSON: not 6 generated records"
for t in puzzle count solution error summary part; do
	grep -q "^{\"type\":\"$t\"" "$tmp/all.json" || failed "JSON: no $t record"
done
# A jigsaw: regions, never "box".
run "$sudoku" -j -u "$v/jigsaw.txt"
expect_lines "JSON jigsaw" 0 '{"type":"puzzle","file":"'"$v"'/jigsaw.txt","line":1,"size":9,"variant":"jigsaw","regions":[1,1,1,1,1,1,2,2,2,1,3,3,2,2,2,2,2,2,1,3,3,3,4,4,4,5,5,1,3,4,3,4,5,5,5,5,3,3,4,4,4,4,6,5,5,6,6,6,6,6,6,6,6,5,7,8,8,8,8,8,8,9,9,7,8,7,7,7,7,8,8,9,7,7,7,9,9,9,9,9,9],"puzzle":"1......7.....2...8.7.........91..73......6.....5.......4......3..49..1.....294...","result":"unique"}
' ""
run "$sudoku" -j -u "$v/hyper.txt"
expect_lines "JSON hyper" 0 '{"type":"puzzle","file":"'"$v"'/hyper.txt","line":1,"size":9,"variant":"hyper","box":"3x3","windows":["r2c2-r4c4","r2c6-r4c8","r6c2-r8c4","r6c6-r8c8"],"puzzle":"......5..482........6....1..3....4.....7...8......................17...42.....6..","result":"unique"}
' ""
run "$sudoku" -j -c "$v/killer-4x4.txt"
expect_lines "JSON killer" 0 '{"type":"count","file":"'"$v"'/killer-4x4.txt","line":1,"size":4,"variant":"killer","box":"2x2","cages":[1,2,2,3,4,4,3,3,5,6,7,7,5,6,7,7],"sums":[2,5,6,7,4,6,10],"puzzle":".............21.","solutions":1,"exact":true}
' ""
run "$sudoku" -j --generate 1 --seed 1 --variant "jigsaw x" -b 2x2
grep -q '^{"type":"generated","size":4,"variant":"jigsaw x","regions":\[[1-4,]*\],"diagonals":true,"givens":' \
    "$tmp/out" && ! grep -q '"box"' "$tmp/out" ||
    { failed "JSON generated jigsaw x"; cat "$tmp/out"; }
run "$sudoku" -j --generate 1 --seed 1
grep -q '^{"type":"generated","size":9,"variant":"classic","box":"3x3","givens":[0-9]*,"puzzle":"[.1-9]*","solution":"[1-9]*"}$' \
    "$tmp/out" || { failed "JSON generated classic"; cat "$tmp/out"; }

# The windows a hyper record lists are those the solver uses: the empty
# grids of three shapes, their windows taken from the JSON record and
# written as a DLX problem by hand (tests/common.sh knows nothing of the
# model), count the same with dlx as with dlx-sudoku.  (The plain 4x4,
# without windows, checks the hand-made encoding: 288.)
hyper_dlx() {
	awk -v n="$1" -v br="$2" -v bc="$3" -v wins="$4" 'BEGIN {
		nw = split(wins, w, " ")
		for (k = 1; k <= nw; k++) {
			split(w[k], q, /[rc-]+/)
			r0[k] = q[2]; c0[k] = q[3]; r1[k] = q[4]; c1[k] = q[5]
		}
		s = ""
		for (r = 1; r <= n; r++) for (c = 1; c <= n; c++)
			s = s " p" r "_" c
		for (i = 1; i <= n; i++) for (v = 1; v <= n; v++)
			s = s " r" i "_" v " c" i "_" v " b" i "_" v
		for (k = 1; k <= nw; k++) for (v = 1; v <= n; v++)
			s = s " w" k "_" v
		print substr(s, 2)
		for (r = 1; r <= n; r++) for (c = 1; c <= n; c++)
		for (v = 1; v <= n; v++) {
			b = int((r - 1) / br) * (n / bc) + int((c - 1) / bc) + 1
			o = "p" r "_" c " r" r "_" v " c" c "_" v " b" b "_" v
			for (k = 1; k <= nw; k++)
				if (r >= r0[k] && r <= r1[k] && c >= c0[k] && c <= c1[k])
					o = o " w" k "_" v
			print o
		}
	}'
}
for shape in 2x2 2x3 3x2; do
	br=${shape%x*} bc=${shape#*x} n=$((br * bc))
	{
		echo "variant hyper $shape"
		i=0
		while [ $i -lt $n ]; do
			printf '%*s\n' $n '' | tr ' ' .
			i=$((i + 1))
		done
	} >"$tmp/hyper$shape.txt"
	run "$sudoku" -c -j "$tmp/hyper$shape.txt"
	wins=$(sed -n 's/.*"windows":\[\([^]]*\)\].*/\1/p' "$tmp/out" | tr -d '"' | tr , ' ')
	want=$(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$tmp/out")
	got=$(hyper_dlx $n $br $bc "$wins" | $DLX_RUN "$dlx")
	[ -n "$wins" ] && [ "$got" = "$want" ] ||
	    failed "hyper $shape: windows '$wins': dlx counts $got, dlx-sudoku $want"
done
got=$(hyper_dlx 4 2 2 "" | $DLX_RUN "$dlx")
[ "$got" = 288 ] || failed "plain 4x4 by hand: $got"
[ "$(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$tmp/out")" = 668160 ] ||
    failed "empty hyper 6x6: not 668160"

exit $fail
