#!/bin/sh
# Threads change nothing of what the programs print: counts, solutions
# (--print, --json), limits, --first and the search figures of --stats
# are byte for byte those of -t 1, for 1..8 threads (more than the
# machine may have), but in the fast tree the updates (an abandoned
# option's depend on the order of each thread's sparse sets).  The
# problems are big enough for the threads to cut the tree many times (the
# library cuts every 65536 updates).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

"$examples/queens" -d 10 >"$tmp/queens10.dlx" &&
"$examples/langford" -d 11 >"$tmp/langford11.dlx" &&
"$examples/pentomino" -d 3x20 >"$tmp/pent3x20.dlx" &&
"$examples/magic" -d >"$tmp/magic.dlx" || exit 99

# like_one NAME THREADS ARGS...: stdout, status and the figures of --stats
# (not the timings, nor the lines matching $drop) equal those of -t 1.
drop='^time: '
like_one() {
	name=$1 n=$2
	shift 2
	run "$@" -t 1
	st1=$st
	mv "$tmp/out" "$tmp/out1"
	mv "$tmp/err" "$tmp/err1"
	run "$@" -t "$n"
	status "$name -t $n (as -t 1)" "$st1"
	same "$name -t $n: output as -t 1" "$tmp/out1" "$tmp/out"
	for f in err1 err; do
		# What ran differs by the threads alone.
		grep -v -e '^time: ' -e '^updates/s: ' -e '^threads: ' \
		    -e '^drivers: ' -e "$drop" "$tmp/$f" |
		    sed -e 's/, [0-9.]* s$//' -e 's/, [0-9]* threads*$//' \
		    >"$tmp/$f.f"
	done
	same "$name -t $n: figures as -t 1" "$tmp/err1.f" "$tmp/err.f"
}

# like_fast NAME THREADS ARGS...: like_one but for the updates.
like_fast() {
	drop='^updates: '
	like_one "$@"
	drop='^time: '
}

for n in 2 3 5 8; do
	like_one "queens 10" $n "$dlx" --knuth -s "$tmp/queens10.dlx"
	like_one "queens 10 fast" $n "$dlx" "$tmp/queens10.dlx"
	like_one "queens 10 --print" $n "$dlx" -p "$tmp/queens10.dlx"
	like_one "queens 10 --json" $n "$dlx" --knuth -j -s "$tmp/queens10.dlx"
	like_one "queens 10 --limit" $n "$dlx" -p -n 500 "$tmp/queens10.dlx"
	like_one "queens 10 --limit count" $n "$dlx" -n 600 "$tmp/queens10.dlx"
	like_one "queens 10 --first" $n "$dlx" -1 "$tmp/queens10.dlx"
done
# The fast tree (named: a build may default to Knuth's): its nodes,
# abandoned options, branches and depth.  (The cache is left out: each
# thread's has figures of its own.)
for n in 2 3 4 8; do
	like_fast "queens 10 fast -s" $n "$dlx" --fast --no-memo -s \
	    "$tmp/queens10.dlx"
	like_fast "langford 11 fast -s" $n "$dlx" --fast --no-memo -s \
	    "$tmp/langford11.dlx"
	like_fast "pentominoes 3x20 fast -s" $n "$dlx" --fast --no-memo -s \
	    "$tmp/pent3x20.dlx"
	like_fast "magic square fast -s" $n "$dlx" --fast --no-memo -s \
	    "$tmp/magic.dlx"
done
for n in 2 8; do
	like_one "langford 11" $n "$dlx" --knuth -s "$tmp/langford11.dlx"
	like_one "langford 11 --print" $n "$dlx" -p "$tmp/langford11.dlx"
	like_one "pentominoes 3x20" $n "$dlx" --knuth -s -p "$tmp/pent3x20.dlx"
	like_one "pentominoes 3x20 --limit" $n "$dlx" -n 5 -j "$tmp/pent3x20.dlx"
done

# dlx-sudoku: a puzzle with many solutions, counted and listed, and
# a file of puzzles.
# Five rows given: 4068 ways to finish, 434853 updates.
g=123456789456789123789123456214365897365897214
printf '%s....................................\n' "$g" >"$tmp/many.txt"
for n in 2 4 8; do
	# --fast: the sparse sets, which threads share (one thread would
	# take the bit boards: other figures).
	like_one "sudoku count" $n "$sudoku" --fast -c -s "$tmp/many.txt"
	like_one "sudoku --all" $n "$sudoku" -a -f line "$tmp/many.txt"
	like_one "sudoku --all --limit" $n "$sudoku" -a -l 3000 -j "$tmp/many.txt"
	like_one "sudoku file" $n "$sudoku" -f line \
	    "$puzzles/classic.txt" \
	    "$puzzles/math495r.txt" \
	    "$data/bad-char.txt"
done

# The bit boards of a 9x9 count on threads (the boards after a few
# guesses shared out): the count and every figure of --stats as on one
# thread, updates too, and --stats says so.  Five givens of a solution
# added to README's 7,452,654-solution puzzle leave 20,949 solutions in
# 57,619 nodes; without the cache, whose glance would keep the first 2^18
# nodes on one thread, the count goes on threads after 2^14.
echo 289450000000000000000090200050007000000045700000100030001000068008500010090000400 \
    >"$tmp/wide.txt"
for n in 2 3; do
	like_one "sudoku bit boards" $n "$sudoku" -c -s --no-memo "$tmp/wide.txt"
	knuth_default || grep -q "engine bit boards, $n threads\$" "$tmp/err" ||
	    { failed "sudoku -c -t $n --stats: not the bit boards on $n threads"
	    cat "$tmp/err"; }
	# A limit: "at least" the limit, and the whole count past it.
	run "$sudoku" -l 20000 -s --no-memo -t $n "$tmp/wide.txt"
	echo "$tmp/wide.txt:1: at least 20000 solutions" >"$tmp/exp"
	same "sudoku bit boards -l 20000 -t $n" "$tmp/exp" "$tmp/out"
	knuth_default || grep -q "engine bit boards, $n threads\$" "$tmp/err" ||
	    failed "sudoku -l 20000 -t $n --stats: not on $n threads"
	run "$sudoku" -l 20950 --no-memo -t $n "$tmp/wide.txt"
	echo "$tmp/wide.txt:1: 20949 solutions" >"$tmp/exp"
	same "sudoku bit boards -l 20950 -t $n" "$tmp/exp" "$tmp/out"
done
# A puzzle that ends in a few thousand nodes stays on one thread.
run "$sudoku" -c -s -t 2 "$tmp/many.txt"
knuth_default || grep -q "engine bit boards, 1 thread\$" "$tmp/err" ||
    { failed "sudoku -c -t 2 --stats, a small count: not one thread"
    cat "$tmp/err"; }

# A bad thread count is a usage error.
for bad in 0 -1 x 5000; do
	$DLX_RUN "$dlx" -t "$bad" "$tmp/queens10.dlx" >/dev/null 2>&1
	[ $? = 2 ] || failed "dlx -t $bad: not a usage error"
	$DLX_RUN "$sudoku" -t "$bad" </dev/null >/dev/null 2>&1
	[ $? = 2 ] || failed "dlx-sudoku -t $bad: not a usage error"
done
exit $fail
