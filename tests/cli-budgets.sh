#!/bin/sh
# Budgets on the command line (--max-nodes, --max-updates, --time-limit):
# a search they stop reports its exact partial count, exits 3, names the
# checkpoint to resume from, and runs resumed with budgets add up to the
# whole count.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

q=$data/queens8.dlx

# status NAME WANT: the last command's status ($st) must be WANT.
check_status() {
	[ "$st" = "$2" ] || failed "$1: status $st, want $2"
}

# queens8 has 92 solutions in 969 nodes (the fast tree): 100 nodes stop
# it after exactly 4, in the fast tree as in Knuth's (both give them in
# the same order up to there).
$DLX_RUN "$dlx" --fast --max-nodes 100 "$q" >"$tmp/out" 2>"$tmp/err"; st=$?
check_status "--max-nodes" 3
printf '4 (partial)\n' | cmp -s - "$tmp/out" ||
    { failed "--max-nodes: output"; cat "$tmp/out"; }
printf 'dlx: stopped by --max-nodes: 4 solutions so far (partial)\n' |
    cmp -s - "$tmp/err" || { failed "--max-nodes: message"; cat "$tmp/err"; }

# JSON: the count record says which budget.
$DLX_RUN "$dlx" --fast --max-nodes 100 -j "$q" 2>/dev/null | tail -n 1 \
    >"$tmp/out"
printf '{"type":"count","solutions":4,"exact":false,"budget":"nodes"}\n' |
    cmp -s - "$tmp/out" || { failed "--max-nodes -j"; cat "$tmp/out"; }

# --print: the 4 solutions printed, then the partial count.
$DLX_RUN "$dlx" --fast --max-nodes 100 -p "$q" >"$tmp/out" 2>/dev/null; st=$?
check_status "--max-nodes -p" 3
[ "$(grep -c '^[0-9]*:$' "$tmp/out")" = 4 ] ||
    { failed "--max-nodes -p: solutions"; cat "$tmp/out"; }

# An update budget too; a budget larger than the search changes nothing.
$DLX_RUN "$dlx" --max-updates 5000 "$q" >"$tmp/out" 2>/dev/null; st=$?
check_status "--max-updates" 3
grep -qx '[0-9]* (partial)' "$tmp/out" || failed "--max-updates: output"
n=$(sed 's/ .*//' "$tmp/out")
[ "$n" -lt 92 ] || failed "--max-updates: $n solutions"
$DLX_RUN "$dlx" --max-nodes 100000 "$q" >"$tmp/out" 2>&1; st=$?
check_status "large budget" 0
printf '92\n' | cmp -s - "$tmp/out" || failed "large budget: output"

# Checkpointed: 100 nodes a run, resumed until done, gives 92 in all, and
# each stopped run makes progress (far fewer than 969 / 100 * 2 runs).
rm -f "$tmp/ck"
$DLX_RUN "$dlx" --max-nodes 100 --checkpoint "$tmp/ck" "$q" \
    >"$tmp/out" 2>"$tmp/err"; st=$?
check_status "--checkpoint" 3
grep -qx "dlx: stopped by --max-nodes: [0-9]* solutions so far (partial); resume with --resume=$tmp/ck" \
    "$tmp/err" || { failed "--checkpoint: message"; cat "$tmp/err"; }
runs=1
while [ $st = 3 ] && [ $runs -lt 30 ]; do
	runs=$((runs + 1))
	$DLX_RUN "$dlx" --max-nodes 100 --resume "$tmp/ck" \
	    --checkpoint "$tmp/ck" "$q" >"$tmp/out" 2>"$tmp/err"; st=$?
done
check_status "resumed" 0
printf '92\n' | cmp -s - "$tmp/out" ||
    { failed "resumed: count"; cat "$tmp/out" "$tmp/err"; }
[ $runs -le 12 ] || failed "resumed: $runs runs of 100 nodes"

# Refused: a budget with the cache, which has none; bad values.
$DLX_RUN "$dlx" --memo --max-nodes 10 "$q" >/dev/null 2>"$tmp/err"; st=$?
check_status "--memo --max-nodes" 2
grep -qx "dlx: $q: not supported: --memo with --max-nodes" "$tmp/err" ||
    { failed "--memo --max-nodes: message"; cat "$tmp/err"; }
for bad in 0 -1 x; do
	$DLX_RUN "$dlx" --max-nodes "$bad" "$q" >/dev/null 2>&1 &&
	    failed "--max-nodes $bad accepted"
	$DLX_RUN "$sudoku" --time-limit "$bad" "$q" >/dev/null 2>&1 &&
	    failed "--time-limit $bad accepted"
done

# dlx-sudoku: the empty 9x9 (6.67e21 solutions) stopped by a node budget
# on the sparse sets (the bit boards have no budgets), then by the clock.
printf '%081d\n' 0 >"$tmp/e9"
$DLX_RUN "$sudoku" --count --max-nodes 1000 "$tmp/e9" >"$tmp/out" \
    2>"$tmp/err"; st=$?
check_status "dlx-sudoku --max-nodes" 3
printf '%s:1: at least 91 solutions\n' "$tmp/e9" | cmp -s - "$tmp/out" ||
    { failed "dlx-sudoku --max-nodes: output"; cat "$tmp/out"; }
printf 'dlx-sudoku: %s:1: stopped by --max-nodes: 91 solutions so far (partial)\n' \
    "$tmp/e9" | cmp -s - "$tmp/err" ||
    { failed "dlx-sudoku --max-nodes: message"; cat "$tmp/err"; }
$DLX_RUN "$sudoku" --rate --max-nodes 10 "$tmp/e9" >/dev/null 2>&1; st=$?
check_status "dlx-sudoku --rate --max-nodes" 2
if ! under_valgrind; then
	for t in 1 2; do
		$DLX_RUN "$sudoku" --count -t $t --time-limit 0.01 "$tmp/e9" \
		    >"$tmp/out" 2>"$tmp/err"; st=$?
		check_status "dlx-sudoku --time-limit -t $t" 3
		grep -qx "$tmp/e9:1: at least [0-9]* solutions" "$tmp/out" ||
		    { failed "--time-limit -t $t: output"; cat "$tmp/out"; }
		grep -q "stopped by --time-limit" "$tmp/err" ||
		    { failed "--time-limit -t $t: message"; cat "$tmp/err"; }
	done
	"$examples/pentomino" -d 6x10 >"$tmp/p.dlx" || exit 99
	$DLX_RUN "$dlx" --time-limit 0.01 "$tmp/p.dlx" >"$tmp/out" \
	    2>"$tmp/err"; st=$?
	check_status "dlx --time-limit" 3
	grep -qx '[0-9]* (partial)' "$tmp/out" ||
	    { failed "dlx --time-limit: output"; cat "$tmp/out"; }
fi
exit $fail
