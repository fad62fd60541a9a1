#!/bin/sh
# bench/generate.sh: puzzles a second from `dlx-sudoku --generate` (minimal,
# unique) against qqwing (`--generate --one-line`, not minimal), in the same
# run, pinned to one CPU.  Usage: bench/generate.sh [COUNT] [CPU]
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
