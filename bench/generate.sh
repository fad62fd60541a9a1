#!/bin/sh
# bench/generate.sh: puzzles a second from `dlx-sudoku --generate` (minimal,
# unique) against qqwing (`--generate --one-line`, not minimal), in the same
# run, pinned to one CPU; then 25x25 and 36x36 puzzles (unique, under the
# default effort bound) for several seeds, with their givens, and how long
# the generator takes to stop after a SIGINT in the middle of a 36x36
# puzzle; and the first puzzle of a 12x12 and a 16x16 killer and of a
# 16x16 with symmetry, seeds 0-4 (median and worst).
# Usage: bench/generate.sh [COUNT] [CPU] [SEEDS]
count=${1:-200}
cpu=${2:-1}
prog=${DLX_SUDOKU:-src/dlx-sudoku}
rate() {	# rate LABEL N COMMAND...: print N / user seconds
	label=$1 n=$2
	shift 2
	t=$( { /usr/bin/time -f %U taskset -c "$cpu" "$@" >/dev/null; } 2>&1 |
	    tail -1)
	echo "$label: $n puzzles in ${t}s user: $(echo "$n / $t" | bc -l |
	    cut -c1-7)/s"
}
if command -v qqwing >/dev/null; then
	rate "qqwing 9x9" "$count" qqwing --generate "$count" --one-line
fi
rate "dlx-sudoku 9x9 minimal" "$count" "$prog" --generate "$count" --seed 1
rate "dlx-sudoku 9x9 minimal, 180" "$((count / 4))" "$prog" \
    --generate "$((count / 4))" --symmetry 180 --seed 1
rate "dlx-sudoku 16x16 minimal" 3 "$prog" --generate 3 -b 4x4 --seed 1

# One puzzle per seed at 25x25 and 36x36: user seconds and givens.
seeds=${3:-4}
for box in 5x5 6x6; do
	s=1
	while [ "$s" -le "$seeds" ]; do
		t=$( { /usr/bin/time -f %U taskset -c "$cpu" "$prog" -t 1 \
		    --generate 1 -b "$box" --seed "$s" -f line \
		    >"${TMPDIR:-/tmp}/gen.$$"; } 2>&1 | tail -1)
		# Givens: the cells that are not '.' (25x25) or not 0 (36x36,
		# written as numbers).
		if [ "$box" = 5x5 ]; then
			g=$(tr -cd '.' <"${TMPDIR:-/tmp}/gen.$$" | wc -c)
			g=$((625 - g))
		else
			g=$(tr ' ' '\n' <"${TMPDIR:-/tmp}/gen.$$" | grep -vcx 0)
		fi
		echo "dlx-sudoku $box seed $s: ${t}s user, $g givens"
		s=$((s + 1))
	done
done
rm -f "${TMPDIR:-/tmp}/gen.$$"

# The first puzzle of the kinds with a bound from 10x10 (a 12x12 and a
# 16x16 killer, a 16x16 with 180-degree symmetry), seeds 0-4, one
# thread pinned: user seconds of each (sorted), the median and the
# worst.  Each once took a minute or more (none of them
# finished in five minutes for some seeds).
firsts() {	# firsts LABEL ARG...: the line for dlx-sudoku ARG...
	label=$1
	shift
	: >"${TMPDIR:-/tmp}/firsts.$$"
	for s in 0 1 2 3 4; do
		t=$( { /usr/bin/time -f %U taskset -c "$cpu" "$prog" -t 1 \
		    --generate 1 --seed "$s" "$@" >/dev/null; } 2>&1 |
		    tail -1)
		echo "$t" >>"${TMPDIR:-/tmp}/firsts.$$"
	done
	sort -n "${TMPDIR:-/tmp}/firsts.$$" | awk -v l="$label" '
	    { t[NR] = $1; all = all " " $1 }
	    END { printf "%s, seeds 0-4 (sorted):%s s; median %s s, worst %s s\n",
		l, all, t[3], t[5] }'
	rm -f "${TMPDIR:-/tmp}/firsts.$$"
}
firsts "12x12 killer" -b 3x4 --variant killer
firsts "16x16 killer" -b 4x4 --variant killer
firsts "16x16, 180-degree symmetry" -b 4x4 --symmetry 180

# A SIGINT 3 seconds into a 36x36 puzzle: seconds until the program has
# exited (status 130).
taskset -c "$cpu" "$prog" -t 1 --generate 5 -b 6x6 --seed 1 -f line \
    >/dev/null 2>&1 &
pid=$!
sleep 3
s=$(date +%s.%N)
kill -INT "$pid"
wait "$pid"
st=$?
e=$(date +%s.%N)
echo "36x36 SIGINT: exit status $st after $(echo "$e - $s" | bc -l |
    cut -c1-6)s"

# Threads (needs two CPUs): --generate on both against its ceiling, two
# independent one-thread copies making half each side by side (the two
# CPUs slow each other down when both are busy).  Wall seconds.
if [ "$(nproc)" -ge 2 ]; then
	half=$((count / 2))
	s=$(date +%s.%N)
	taskset -c 0 "$prog" -t 1 --generate "$half" --seed 1 >/dev/null &
	taskset -c 1 "$prog" -t 1 --generate "$half" --seed 2 >/dev/null
	wait
	e=$(date +%s.%N)
	two=$(echo "$e - $s" | bc -l)
	s=$(date +%s.%N)
	taskset -c 0,1 "$prog" -t 2 --generate "$((2 * half))" --seed 1 \
	    >/dev/null
	e=$(date +%s.%N)
	t2=$(echo "$e - $s" | bc -l)
	echo "two copies, $half puzzles each: ${two}s; -t 2, $((2 * half))" \
	    "puzzles: ${t2}s; -t 2 reaches $(echo "100 * $two / $t2" |
	    bc -l | cut -c1-5)% of the ceiling"
fi
