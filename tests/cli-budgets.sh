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
# The runs add up to one search's figures: its 969 nodes (and in Knuth's
# tree its 1223 nodes and 21456 updates; the fast tree's updates of an
# abandoned option depend on the order of the sparse sets).
figures() {
	sed -n 's/^\(solutions\|nodes\|updates\): //p' "$1" | tr '\n' ' '
}
for tree in --fast $(under_valgrind || echo --knuth); do
	$DLX_RUN "$dlx" $tree --stats "$q" >/dev/null 2>"$tmp/err0" ||
	    failed "$tree --stats"
	rm -f "$tmp/ck"
	$DLX_RUN "$dlx" $tree --stats --max-nodes 100 --checkpoint "$tmp/ck" \
	    "$q" >"$tmp/out" 2>"$tmp/err"; st=$?
	check_status "$tree --checkpoint" 3
	grep -qx "dlx: stopped by --max-nodes: [0-9]* solutions so far (partial); resume with --resume=$tmp/ck" \
	    "$tmp/err" || { failed "--checkpoint: message"; cat "$tmp/err"; }
	runs=1
	while [ $st = 3 ] && [ $runs -lt 30 ]; do
		runs=$((runs + 1))
		$DLX_RUN "$dlx" $tree --stats --max-nodes 100 \
		    --resume "$tmp/ck" --checkpoint "$tmp/ck" "$q" \
		    >"$tmp/out" 2>"$tmp/err"; st=$?
	done
	check_status "$tree resumed" 0
	printf '92\n' | cmp -s - "$tmp/out" ||
	    { failed "$tree resumed: count"; cat "$tmp/out" "$tmp/err"; }
	[ $runs -le 14 ] || failed "$tree resumed: $runs runs of 100 nodes"
	case $tree in
	--fast)	want="92 969 " ;;
	*)	want="92 1223 21456 " ;;
	esac
	for f in "$tmp/err0" "$tmp/err"; do
		got=$(figures "$f")
		[ "$tree" = --fast ] && got=${got% * }" "
		[ "$got" = "$want" ] ||
		    failed "$tree resumed: figures '$got', want '$want'"
	done
done

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
# Checkpointed, 400 nodes a run: the empty 4x4 resumed to its 288
# solutions, with the nodes of one search (--stats: those of every run).
printf '%016d\n' 0 >"$tmp/e4"
$DLX_RUN "$sudoku" --count --stats "$tmp/e4" >/dev/null 2>"$tmp/err0" ||
    failed "dlx-sudoku --stats"
rm -f "$tmp/ck"
st=3 runs=0
while [ $st = 3 ] && [ $runs -lt 30 ]; do
	runs=$((runs + 1))
	resume=
	[ $runs -gt 1 ] && resume="--resume $tmp/ck"
	# shellcheck disable=SC2086
	$DLX_RUN "$sudoku" --count --stats --max-nodes 400 $resume \
	    --checkpoint "$tmp/ck" "$tmp/e4" >"$tmp/out" 2>"$tmp/err"; st=$?
done
check_status "dlx-sudoku resumed" 0
printf '%s:1: 288 solutions\n' "$tmp/e4" | cmp -s - "$tmp/out" ||
    { failed "dlx-sudoku resumed: count"; cat "$tmp/out" "$tmp/err"; }
[ $runs -gt 2 ] || failed "dlx-sudoku resumed: $runs runs"
nodes() {
	sed -n 's/^dlx-sudoku: .*:1: \([0-9]*\) nodes, .*/\1/p' "$1"
}
[ -n "$(nodes "$tmp/err0")" ] || failed "dlx-sudoku --stats: no nodes"
[ "$(nodes "$tmp/err")" = "$(nodes "$tmp/err0")" ] ||
    failed "dlx-sudoku resumed: $(nodes "$tmp/err") nodes, want $(nodes "$tmp/err0")"

# --stats says why the 9x9 is not on the bit boards.
if ! knuth_default; then
	$DLX_RUN "$sudoku" --count --stats -t 1 --max-nodes 1000 "$tmp/e9" \
	    >/dev/null 2>"$tmp/err"
	grep -qx "dlx-sudoku: $tmp/e9:1: engine sparse, 1 thread (the bit boards take no node or update budget)" \
	    "$tmp/err" || { failed "dlx-sudoku --stats --max-nodes"; \
	    cat "$tmp/err"; }
fi
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
	# dlx: 12 queens (14200 solutions, a few tenths of a second) is
	# stopped by a limit of 0.01 s, from the start of the run, on every
	# driver: one thread, two (the cache's subtrees, or the parallel
	# search with --fast -p), a part.  The partial count is at most the
	# whole; a checkpoint saved at the stop resumes to the whole.
	"$examples/queens" -d 12 >"$tmp/q12.dlx" || exit 99
	for args in "-t 1" "-t 2" "-t 2 --no-memo" "-t 2 --part 1/1" \
	    "-t 1 --checkpoint $tmp/ck12"; do
		rm -f "$tmp/ck12"
		# shellcheck disable=SC2086
		"$dlx" $args --time-limit 0.01 "$tmp/q12.dlx" >"$tmp/out" \
		    2>"$tmp/err"; st=$?
		check_status "dlx $args --time-limit" 3
		n=$(sed -n 's/^dlx: stopped by --time-limit: \([0-9]*\) solutions* so far (partial).*/\1/p' \
		    "$tmp/err")
		[ -n "$n" ] && [ "$n" -le 14200 ] ||
		    { failed "dlx $args --time-limit: count"; cat "$tmp/err"; }
	done
	"$dlx" --resume "$tmp/ck12" "$tmp/q12.dlx" >"$tmp/out" 2>&1 ||
	    failed "--time-limit: the resumed run"
	printf '14200\n' | cmp -s - "$tmp/out" ||
	    { failed "--time-limit: resumed count"; cat "$tmp/out"; }
	# A part on two threads, printing, stopped by a node budget: its
	# count is that of the solutions printed (of the subtree under way
	# too, which the position does not hold).
	"$dlx" --part 1/2 -t 2 --max-nodes 20000 -p "$tmp/q12.dlx" \
	    >"$tmp/out" 2>"$tmp/err"; st=$?
	check_status "--part 1/2 -t 2 --max-nodes -p" 3
	n=$(grep -c '^[0-9]*:$' "$tmp/out")
	printf 'dlx: stopped by --max-nodes: %s solutions so far (partial)\n' \
	    "$n" | cmp -s - "$tmp/err" ||
	    { failed "--part -t 2 --max-nodes: $n printed"; cat "$tmp/err"; }

	# On threads a checkpoint is not served yet: refused, or (once it is)
	# it resumes to the whole count on one thread and on two.
	"$dlx" -t 2 --checkpoint "$tmp/ck12" --time-limit 0.01 \
	    "$tmp/q12.dlx" >/dev/null 2>"$tmp/err"; st=$?
	if [ $st = 2 ]; then
		grep -q 'not supported: .*-t' "$tmp/err" ||
		    { failed "-t 2 --checkpoint: refusal"; cat "$tmp/err"; }
	else
		check_status "-t 2 --checkpoint --time-limit" 3
		for t in 2 1; do
			cp "$tmp/ck12" "$tmp/ck12.$t"
			"$dlx" -t $t --resume "$tmp/ck12.$t" "$tmp/q12.dlx" \
			    >"$tmp/out" 2>&1
			printf '14200\n' | cmp -s - "$tmp/out" ||
			    { failed "-t 2 checkpoint resumed on $t"; \
			    cat "$tmp/out"; }
		done
	fi

	# A reader that never reads: the run ends by the limit all the
	# same (the FIFO is held open here, nobody reads it), status 3.
	if mkfifo "$tmp/fifo" 2>/dev/null; then
		exec 3<>"$tmp/fifo"
		"$dlx" -p --time-limit 0.3 "$tmp/q12.dlx" >"$tmp/fifo" \
		    2>"$tmp/err" &
		pid=$!
		( sleep 30; kill "$pid" ) >/dev/null 2>&1 &
		guard=$!
		wait "$pid"; st=$?
		kill "$guard" 2>/dev/null
		exec 3>&-
		check_status "dlx -p --time-limit, a reader that never reads" 3
		grep -q '^dlx: stopped by --time-limit: ' "$tmp/err" ||
		    { failed "blocked --time-limit: message"; cat "$tmp/err"; }
	fi
fi
exit $fail
