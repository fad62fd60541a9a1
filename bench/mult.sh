#!/bin/sh
# bench/mult.sh: Algorithm M (item bounds) against Knuth's DLX3 on the
# same instances, in one run, pinned to one CPU.  Both must report the
# same solutions, nodes and updates; the ratio is DLX3's time over ours
# (above 1: we are faster).
#
# Usage: bench/mult.sh PATH-TO-DLX3 [CPU]
# DLX3 is built outside this tree from Knuth's dlx3.w (ctangle dlx3.w
# and gb_flip.w, then cc -O2 dlx3.c gb_flip.c).  Run from the build tree.
dlx3=${1:?usage: bench/mult.sh PATH-TO-DLX3 [CPU]}
cpu=${2:-1}
ex=examples
dlx=src/dlx
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mult-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

run() {
	name=$1
	shift
	"$@" >"$tmp/$name.dlx" || exit 1
	t0=$(now)
	taskset -c "$cpu" "$dlx3" <"$tmp/$name.dlx" 2>"$tmp/k" >/dev/null
	t1=$(now)
	taskset -c "$cpu" "$dlx" --stats "$tmp/$name.dlx" 2>"$tmp/o" >/dev/null
	t2=$(now)
	k=$(sed -n 's/Altogether \([0-9]*\) solutions\{0,1\}, .* \([0-9]*\) updates, .* \([0-9]*\) nodes.*/\1 \3 \2/p' "$tmp/k")
	o=$(awk '/^solutions:/{s=$2} /^nodes:/{n=$2} /^updates:/{u=$2}
	    END {print s, n, u}' "$tmp/o")
	[ "$k" = "$o" ] || echo "MISMATCH $name: DLX3 $k, dlx $o"
	awk -v n="$name" -v f="$o" -v a="$t0" -v b="$t1" -v c="$t2" \
	    'BEGIN { printf "%-16s %-34s DLX3 %7.3fs  dlx %7.3fs  ratio %.2f\n",
	    n, f, b - a, c - b, (b - a) / (c - b) }'
}

echo "instance         solutions nodes updates            times (cpu $cpu)"
run mqueens-8-2-2 "$ex/mqueens" -d 8 2 2
run mqueens-7-2-3 "$ex/mqueens" -d 7 2 3
run domino-4x5-1-2 "$ex/dominocover" -d 4 5 1 2
run domino-3x8-1-2 "$ex/dominocover" -d 3 8 1 2
