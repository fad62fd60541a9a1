#!/bin/sh
# cli-generate.sh: dlx-sudoku --generate at the sizes where a check by
# search cannot finish.  Targets no puzzle can meet are refused at once,
# with the reason and status 2; 16x16 and 25x25 puzzles under an effort
# bound are unique (a count stopping at two says so) and repeat for a
# seed on any number of threads; one SIGINT stops the generator in the
# middle of a puzzle, keeping every puzzle written, with the interrupt
# message and status 130, on one thread and on two.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# refuse NAME MESSAGE ARG...: --generate with ARG is refused with
# "dlx-sudoku: --generate: MESSAGE", status 2 and nothing on stdout.
refuse() {
	_name=$1 _msg=$2
	shift 2
	run "$sudoku" --generate 2 "$@"
	status "refuse $_name" 2
	if [ "$(head -n 1 "$tmp/err")" != "dlx-sudoku: --generate: $_msg" ]
	then
		failed "refuse $_name: message"; cat "$tmp/err"
	fi
	[ -s "$tmp/out" ] && failed "refuse $_name: output"
}

refuse "16 givens 9x9" \
    "no 9x9 sudoku with fewer than 17 givens has one solution" --givens 5
refuse "3 givens 4x4" \
    "no 4x4 sudoku with fewer than 4 givens has one solution" \
    -b 2x2 --givens 3
refuse "7 givens 6x6" \
    "no 6x6 sudoku with fewer than 8 givens has one solution" \
    -b 3x2 --givens 7
refuse "23 givens 25x25" \
    "no 25x25 puzzle with fewer than 24 givens has one solution: two symbols missing from the givens can trade places" \
    -b 5x5 --givens 23
refuse "7 givens x 9x9" \
    "no 9x9 puzzle with fewer than 8 givens has one solution: two symbols missing from the givens can trade places" \
    --variant x --givens 7
refuse "4x4 fish" \
    "every 4x4 sudoku with one solution is solved by singles: none is graded fish" \
    -b 2x2 --grade fish
refuse "grade of a variant" "grades are for classic puzzles only" \
    --variant jigsaw --grade singles
refuse "killer 25x25" "killer puzzles go up to 16x16, not 25x25" \
    --variant killer -b 5x5
refuse "jigsaw hyper" "hyper windows need boxes: not with jigsaw" \
    --variant jigsaw,hyper
refuse "hyper 16x16" "hyper puzzles go up to 12x12, not 16x16: above, the search finds no full grid in time" \
    --variant hyper -b 4x4
refuse "36x36 variant in 35 symbols" \
    "a 36x36 variant is written with one character a symbol: give 36 with --symbols (such as 0-9A-Z)" \
    --variant x -b 6x6
# At the bound, the target is met.
run "$sudoku" --generate 2 -b 2x2 --givens 4 --seed 1 -f line
status "4 givens 4x4" 0
[ "$(awk '{ print gsub(/[1-4]/, "") }' "$tmp/out" | sort -u)" = 4 ] ||
    { failed "4 givens 4x4: givens"; cat "$tmp/out"; }
run "$sudoku" --generate 1 --effort 0
status "--effort 0" 2
run "$sudoku" --effort 5
status "--effort without --generate" 2

# 16x16 and 25x25 with a small bound: unique, and the same on 1 and 2
# threads.  A bound of none at 9x9 is the default there (minimal).
for b in 4x4:50:7:3 5x5:100:3:1; do
	# shellcheck disable=SC2046
	set -- $(echo "$b" | tr : ' ')
	box=$1 effort=$2 seed=$3 n=$4
	run "$sudoku" --generate "$n" -b "$box" --effort "$effort" \
	    --seed "$seed" -f line -t 1
	status "$box generate" 0
	cp "$tmp/out" "$tmp/gen"
	[ "$(wc -l <"$tmp/gen")" -eq "$n" ] || failed "$box: not $n puzzles"
	run "$sudoku" -u -b "$box" "$tmp/gen"
	status "$box unique" 0
	run "$sudoku" --generate "$n" -b "$box" --effort "$effort" \
	    --seed "$seed" -f line -t 2
	same "$box on 2 threads" "$tmp/gen" "$tmp/out"
done
# A 16x16 killer under a bound: some 90 cages, no more than the text
# form has labels (the 84th, ',', read back in the sums too), written
# and read back as a killer with one solution.  It once ended in a false
# "out of memory": the writer had no label for the 85th cage.
run "$sudoku" --generate 1 -b 4x4 --variant killer --seed 0 --effort 5 \
    -t 1
status "16x16 killer --effort" 0
cp "$tmp/out" "$tmp/gen"
[ "$(head -n 1 "$tmp/gen")" = "variant killer 4x4" ] ||
    { failed "16x16 killer: header"; head -n 1 "$tmp/gen"; }
[ -s "$tmp/err" ] && { failed "16x16 killer: stderr"; cat "$tmp/err"; }
run "$sudoku" -u "$tmp/gen"
status "16x16 killer unique" 0
# symmetric BOX SYM FILE: the givens of the one-line puzzles in FILE
# (boxes BOX) lie as symmetry SYM (180, 90, mirror) places them.
symmetric() {
	awk -v box="$1" -v sym="$2" '{
		split(box, b, "x"); n = b[1] * b[2]
		for (x = 0; x < n * n; x++) {
			r = int(x / n); c = x % n
			if (sym == 180) y = (n - 1 - r) * n + n - 1 - c
			else if (sym == 90) y = c * n + n - 1 - r
			else y = r * n + n - 1 - c
			if ((substr($0, x + 1, 1) == ".") != \
			    (substr($0, y + 1, 1) == ".")) bad = 1
		}
	} END { exit bad }' "$3"
}
# Symmetric puzzles above 9x9: kept when no orbit of givens can go (a
# minimal one is rare there), symmetric and unique; 16x16 natively only.
for b in 3x4:90:1 3x4:mirror:2 4x4:180:0; do
	# shellcheck disable=SC2046
	set -- $(echo "$b" | tr : ' ')
	[ "$1" = 4x4 ] && [ -n "$DLX_RUN" ] && continue
	run "$sudoku" --generate 1 -b "$1" --symmetry "$2" --seed "$3" -f line \
	    -t 1
	status "$1 symmetry $2" 0
	cp "$tmp/out" "$tmp/gen"
	symmetric "$1" "$2" "$tmp/gen" ||
	    { failed "$1 symmetry $2: not symmetric"; cat "$tmp/gen"; }
	run "$sudoku" -u -b "$1" "$tmp/gen"
	status "$1 symmetry $2: unique" 0
done
# A 12x12 killer under its default bound (natively: seconds under
# valgrind): a killer, unique.
if [ -z "$DLX_RUN" ]; then
	run "$sudoku" --generate 1 -b 3x4 --variant killer --seed 0 -t 1
	status "12x12 killer" 0
	cp "$tmp/out" "$tmp/gen"
	[ "$(head -n 1 "$tmp/gen")" = "variant killer 3x4" ] ||
	    { failed "12x12 killer: header"; head -n 1 "$tmp/gen"; }
	run "$sudoku" -u "$tmp/gen"
	status "12x12 killer unique" 0
fi
# The largest size: a unique 36x36 puzzle (seconds natively; under
# valgrind minutes, where the 25x25 above already runs the same code).
if [ -z "$DLX_RUN" ]; then
	run "$sudoku" --generate 1 -b 6x6 --seed 1 -f line
	status "6x6 generate" 0
	cp "$tmp/out" "$tmp/gen"
	[ "$(tr -d '.\n' <"$tmp/gen" | wc -c)" -gt 0 ] ||
	    failed "6x6: no givens"
	run "$sudoku" -u -b 6x6 "$tmp/gen"
	status "6x6 unique" 0
fi
run "$sudoku" --generate 3 --seed 4 -f line
cp "$tmp/out" "$tmp/gen"
run "$sudoku" --generate 3 --seed 4 -f line --effort none
same "--effort none at 9x9" "$tmp/gen" "$tmp/out"

# stop_within TRIES: one SIGINT to $pid, which must end within TRIES
# tenths of a second (a guard against a hang, not a timing: the program
# stops within milliseconds); its status in $st, 137 if it had to be
# killed.
stop_within() {
	kill -INT "$pid"
	_i=0
	while kill -0 "$pid" 2>/dev/null && [ $_i -lt "$1" ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	kill -KILL "$pid" 2>/dev/null
	st=0
	wait "$pid" || st=$?
	pid=
}
if [ -n "$DLX_RUN" ]; then tries=600; else tries=100; fi
num='[0-9][0-9]*'

# SIGINT in the middle of a 25x25 puzzle without a bound, whose checks
# grow long: stopped, nothing written, the progress lines say where it
# was.
start "$sudoku" --generate 1 -b 5x5 --effort none --seed 1 --progress -t 1
wait_for 'search pass' 600 0.1
stop_within $tries
status "SIGINT in a long check" 130
grep -qx "dlx-sudoku: 0 of 1 puzzles; the next: attempt 1, search pass $num of 625, $num givens, $num s" \
    "$tmp/err" || { failed "progress line"; head -n 3 "$tmp/err"; }
[ "$(tail -n 1 "$tmp/err")" = \
    "dlx-sudoku: --generate (0 of 1 puzzles written): interrupted" ] ||
    { failed "SIGINT in a long check: message"; tail -n 2 "$tmp/err"; }
[ -s "$tmp/out" ] && failed "SIGINT in a long check: output"

# A 16x16 killer's progress line counts the givens kept at the effort
# bound (natively: it comes after seconds, minutes under valgrind).
if [ -z "$DLX_RUN" ]; then
	start "$sudoku" --generate 3 -b 4x4 --variant killer --seed 0 \
	    --progress -t 1
	wait_for 'kept at the effort bound' 300 0.1
	stop_within $tries
	grep -q "^dlx-sudoku: [0-2] of 3 puzzles; the next: attempt 1, search pass $num of 256, $num givens ($num kept at the effort bound), $num s$" \
	    "$tmp/err" || { failed "killer progress line"; tail -n 2 "$tmp/err"; }
fi

# SIGINT after the first puzzles are out, on one thread and on two: the
# puzzles written are whole and unique, and the message counts them.
for t in 1 2; do
	start "$sudoku" --generate 40 -b 5x5 --effort 100 --seed 2 -f line \
	    -t $t
	_i=0
	while [ "$(wc -l <"$tmp/out")" -lt 1 ] && [ $_i -lt 3000 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	stop_within $tries
	status "SIGINT -t $t" 130
	k=$(wc -l <"$tmp/out")
	[ "$k" -ge 1 ] && [ "$k" -lt 40 ] ||
	    failed "SIGINT -t $t: $k puzzles written"
	[ "$(tail -n 1 "$tmp/err")" = \
	    "dlx-sudoku: --generate ($k of 40 puzzles written): interrupted" ] ||
	    { failed "SIGINT -t $t: message"; tail -n 2 "$tmp/err"; }
	[ "$(awk 'length($0) != 625' "$tmp/out")" = "" ] ||
	    failed "SIGINT -t $t: a puzzle cut short"
	cp "$tmp/out" "$tmp/kept"
	run "$sudoku" -u -b 5x5 "$tmp/kept"
	status "SIGINT -t $t: puzzles kept unique" 0
	# The same puzzles as an uninterrupted run makes first.
	run "$sudoku" --generate "$k" -b 5x5 --effort 100 --seed 2 -f line
	same "SIGINT -t $t: the first $k puzzles" "$tmp/out" "$tmp/kept"
done
exit $fail
