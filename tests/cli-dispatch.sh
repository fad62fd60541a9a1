#!/bin/sh
# Every combination of engine and driver gives the exact answer or is
# refused: one check for each wrong answer once given.
#  - item bounds (Algorithm M) with --checkpoint, --part or -t N: exact
#    (or refused, exit 2, naming the option), never a count added twice,
#    all the work in part 1, or threads silently dropped;
#  - --knuth with --checkpoint walks Knuth's tree (DLX1's figures);
#  - --checkpoint with -t N (N > 1): a count runs on N threads; a run
#    that prints solutions is refused in both programs, by name, and
#    writes no checkpoint;
#  - --memo with bounds names --memo, and --stats prints no count;
#  - -t N on a count the cache takes runs on N threads (--stats says);
#  - dlx-sudoku's pipeline workers share --memory, and the default
#    budget of the cache is no share of the machine's memory;
#  - -p and -j print their total with --checkpoint and --part;
#  - an interrupt while printing with a checkpoint: the count reported
#    is what was printed, and the resumed run prints every other
#    solution once and the total (dlx -j, dlx -p, dlx-sudoku -a).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

# has NAME PATTERN FILE: FILE has a line matching PATTERN (grep -E).
has() {
	grep -Eq -- "$2" "$3" || { failed "$1: no '$2' in:"; head -5 "$3"; }
}

# ---- item bounds: exact, or refused where Algorithm M cannot serve --
"$examples/dominocover" -d 5 4 0 2 >"$tmp/dom.dlx" || exit 99
b=$data/mult-queens6.dlx		# 1097 solutions (DLX3)

# A checkpoint of Algorithm M used to be taken at the root: resuming
# added the partial count again.  Refused, or exact after a SIGTERM.
start "$dlx" --checkpoint "$tmp/ck" --checkpoint-every 0.05 "$tmp/dom.dlx"
# Until it has ended (refused) or written a checkpoint, however slowly it
# starts (under valgrind: seconds), then a moment more.
i=0
while kill -0 "$pid" 2>/dev/null && [ ! -s "$tmp/ck" ] && [ $i -lt 600 ]; do
	sleep 0.1; i=$((i + 1))
done
sleep 0.3
kill -TERM "$pid" 2>/dev/null
st=0; wait "$pid" || st=$?; pid=
if [ $st = 2 ]; then
	has "bounds + --checkpoint" 'checkpoint.*bounds|bounds.*checkpoint' \
	    "$tmp/err"
else
	run "$dlx" --resume "$tmp/ck" "$tmp/dom.dlx"
	[ "$(cat "$tmp/out")" = 127929778 ] ||
	    failed "bounds + --checkpoint: resumed count $(cat "$tmp/out")"
fi

# --part: every part used to hold the whole tree in part 1.
run "$dlx" --part 2/2 "$b"
if [ $st = 2 ]; then
	has "bounds + --part" 'part.*bounds|bounds.*part' "$tmp/err"
else
	has "bounds + --part 2/2 does work" '"nodes":[1-9]' "$tmp/out"
fi

# -t 2: used to run serially without a word.
run "$dlx" -t 2 --stats "$b"
if [ $st = 2 ]; then
	has "bounds + -t 2" 'threads.*bounds|bounds.*threads' "$tmp/err"
else
	has "bounds + -t 2 runs on 2 threads" '^threads: 2' "$tmp/err"
fi
# Without -t the default (every CPU) is no demand: the count runs.
run "$dlx" "$b"
status "bounds, default threads" 0
[ "$(cat "$tmp/out")" = 1097 ] || failed "bounds: $(cat "$tmp/out")"

# --memo with bounds names --memo, and --stats prints no count of 0.
run "$dlx" --memo --stats "$b"
status "--memo + bounds" 2
has "--memo + bounds names --memo" '\-\-memo' "$tmp/err"
grep -q '^solutions: 0' "$tmp/err" && failed "--memo + bounds: solutions: 0"
# --components (always) with bounds likewise, naming --components; the
# default (auto) and --no-components count with Algorithm M.
for opt in --components --components=always; do
	run "$dlx" $opt --stats "$b"
	status "$opt + bounds" 2
	has "$opt + bounds names it" 'not supported: item bounds with --components$' "$tmp/err"
done
for opt in --components=auto --no-components --components=never; do
	run "$dlx" $opt "$b"
	status "$opt + bounds" 0
	[ "$(cat "$tmp/out")" = 1097 ] || failed "$opt + bounds: $(cat "$tmp/out")"
done
run "$sudoku" --components=sometimes "$data/explain-small.txt"
status "--components=sometimes" 2
has "--components=sometimes: usage" "'sometimes' is not auto, always or never" "$tmp/err"

# ---- Knuth's tree with a checkpoint: DLX1's figures ----------------
for ck in "" "--checkpoint $tmp/lck" "--part 1/1"; do
	run "$dlx" --knuth --stats $ck "$data/langford8.dlx"
	has "--knuth $ck: nodes" '^nodes: 2789$' "$tmp/err"
	has "--knuth $ck: updates" '^updates: 37241$' "$tmp/err"
	rm -f "$tmp/lck"
done

# ---- a checkpoint on threads: a count runs there; printing refused -----
# (It used to run on one thread whatever -t said, then was refused.)
for prog in "$dlx" "$sudoku"; do
	case $prog in
	"$dlx") f=$data/langford8.dlx pr=-p name=--print want=300 ;;
	*) f=$puzzles/two-solutions.txt pr=-a name=--all want="$f:1: 2 solutions" ;;
	esac
	p=$(basename "$prog")
	rm -f "$tmp/tck"
	run "$prog" -t 2 $pr --checkpoint "$tmp/tck" "$f"
	status "$p -t 2 $pr --checkpoint" 2
	has "$p -t 2 $pr --checkpoint: named" \
	    "not supported: $name with --checkpoint with --threads\$" "$tmp/err"
	[ ! -e "$tmp/tck" ] ||
	    failed "$p -t 2 $pr --checkpoint wrote a checkpoint"
	run "$prog" -t 2 -c --stats --checkpoint "$tmp/tck" "$f"
	status "$p -t 2 --checkpoint" 0
	[ "$(cat "$tmp/out")" = "$want" ] ||
	    failed "$p -t 2 --checkpoint: $(cat "$tmp/out")"
	has "$p -t 2 --checkpoint: on 2 threads" '(threads: 2|, 2 threads)$' \
	    "$tmp/err"
	[ -s "$tmp/tck" ] || failed "$p -t 2 --checkpoint wrote no checkpoint"
	rm -f "$tmp/tck"
done
run "$dlx" -t 1 --checkpoint "$tmp/tck" "$data/langford8.dlx"
[ "$(cat "$tmp/out")" = 300 ] || failed "-t 1 --checkpoint: $(cat "$tmp/out")"
rm -f "$tmp/tck"

# ---- -t with the cache; --stats names what ran --------------------
"$examples/pentomino" -d 3x20 >"$tmp/p320.dlx" || exit 99
run "$dlx" -t 2 --memo --stats "$tmp/p320.dlx"
[ "$(cat "$tmp/out")" = 8 ] || failed "-t 2 --memo: $(cat "$tmp/out")"
has "-t 2 --memo runs on 2 threads" '^threads: 2$' "$tmp/err"
has "-t 2 --memo names the cache" '^engine: cache' "$tmp/err"

# ---- one budget ----------------------------------------------------
# Two 6x6 grids (6 givens, 39168 solutions) through the pipeline (2
# workers): their caches together within --memory, not each (the cache
# of one takes 925676 bytes of 1500K, the half 466924).
g6=123456..............................
printf '%s\n%s\n' "$g6" "$g6" >"$tmp/g6.txt"
run "$sudoku" -c -t 2 --memory 1500K --stats "$tmp/g6.txt"
status "two 6x6: status" 0
sum=$(sed -n 's/.*cache used:.* \([0-9]*\) bytes$/\1/p' "$tmp/err" |
    awk '{ s += $1 } END { print s + 0 }')
[ "$sum" -gt 0 ] && [ "$sum" -le 1536000 ] ||
    failed "two 6x6 -t 2 --memory 1500K: the caches took $sum bytes"

# ---- -p and -j end with the total under every driver --------------
q=$data/queens8.dlx
for drv in "--checkpoint $tmp/qck" "--part 1/1 --record $tmp/rec"; do
	run "$dlx" -p $drv "$q"
	[ "$(tail -n 1 "$tmp/out")" = "92 solutions" ] ||
	    failed "-p $drv: ends with '$(tail -n 1 "$tmp/out")'"
	run "$dlx" -j $drv "$q"
	[ "$(tail -n 1 "$tmp/out")" = '{"type":"count","solutions":92,"exact":true}' ] ||
	    failed "-j $drv: ends with '$(tail -n 1 "$tmp/out")'"
	rm -f "$tmp/qck" "$tmp/rec"
done

# ---- an interrupt while printing with a checkpoint -----------------
# interrupted NAME WANT COUNT-OF-FILE... : PROGRAM ARGS are in "$@" after
# the name; the run is stopped by SIGINT at a random moment, resumed to
# the end, and whatever the moment: the count reported equals the
# solutions printed, and the two runs print each solution once, WANT in
# all, numbered 1..WANT.
"$examples/pentomino" -d 5x12 >"$tmp/p512.dlx" || exit 99
# 139247 solutions; printing them all takes a fraction of a second.
echo '.......5...5...6...7...9...1...2...8...5...4...2...1...3...4...9...3...7...9...3.' \
    >"$tmp/g.txt"

# sols KIND FILE: one line per solution printed in FILE: "NUMBER TEXT".
sols() {
	case $1 in
	j)	sed -n 's/^{"type":"solution","solution":\([0-9]*\),"options":\(.*\)}$/\1 \2/p' "$2" ;;
	p)	awk '/^[0-9]+:$/ { if (n != "") print n, s; n = $0; s = ""; next }
		     /^$/ { next }
		     /solution/ { next }
		     { s = s "|" $0 }
		     END { if (n != "") print n, s }' "$2" | sed 's/: / /' ;;
	a)	sed -n 's/^{"type":"solution",.*"index":\([0-9]*\),"solution":"\([1-9]*\)"}$/\1 \2/p' "$2" ;;
	esac
}

interrupted() {
	_n=$1 _kind=$2 _want=$3
	shift 3
	rm -f "$tmp/ick"
	start "$@" --checkpoint "$tmp/ick" --checkpoint-every 0.02
	# Once the first solutions are out, at a random moment.  (Under
	# valgrind on a busy machine the first can take many seconds: an
	# interrupt before the checkpoint's first write leaves nothing to
	# resume.  The wait ends as soon as they are out.)
	_i=0
	while [ ! -s "$tmp/out" ] && [ $_i -lt 6000 ]; do
		sleep 0.01; _i=$((_i + 1))
	done
	sleep "$(awk -v s="$$$_n" 'BEGIN { srand(s); printf "%.2f", 0.05 + 0.2 * rand() }')"
	interrupt
	cp "$tmp/out" "$tmp/out1"
	cp "$tmp/err" "$tmp/err1"
	sols $_kind "$tmp/out1" >"$tmp/s1"
	_p1=$(wc -l <"$tmp/s1")
	if [ $st = 0 ]; then
		echo "note: $_n: the search ended before the interrupt"
		: >"$tmp/out"
	else
		status "$_n: interrupted" 130
		# The count reported on the interrupt is what was printed.
		grep -q " $_p1 solutions so far\|: $_p1 solutions\|\"solutions\":$_p1," \
		    "$tmp/err1" "$tmp/out1" ||
		    { failed "$_n: $_p1 printed, reported:"; cat "$tmp/err1"; }
		run "$@" --resume "$tmp/ick"
		status "$_n: resumed" 0
	fi
	sols $_kind "$tmp/out" >"$tmp/s2"
	cat "$tmp/s1" "$tmp/s2" >"$tmp/all"
	[ "$(wc -l <"$tmp/all")" -eq "$_want" ] ||
	    failed "$_n: $_p1 + $(wc -l <"$tmp/s2") printed, $_want solutions"
	[ "$(cut -d' ' -f1 "$tmp/all" | sort -n | uniq | wc -l)" -eq "$_want" ] &&
	    [ "$(cut -d' ' -f1 "$tmp/all" | sort -n | tail -n 1)" -eq "$_want" ] ||
	    failed "$_n: the numbers are not 1..$_want, each once"
	[ "$(cut -d' ' -f2- "$tmp/all" | sort | uniq | wc -l)" -eq "$_want" ] ||
	    failed "$_n: a solution printed twice"
	case $_kind in
	j) has "$_n: count record" "^\{\"type\":\"count\",\"solutions\":$_want,\"exact\":true\}$" "$tmp/out" ;;
	p) has "$_n: total" "^$_want solutions$" "$tmp/out" ;;
	a) has "$_n: count record" "\"solutions\":$_want,\"exact\":true}$" "$tmp/out" ;;
	esac
}

interrupted "dlx -j" j 4040 "$dlx" -j "$tmp/p512.dlx"
interrupted "dlx -p" p 4040 "$dlx" -p "$tmp/p512.dlx"
interrupted "dlx-sudoku -a" a 139247 "$sudoku" -a -j "$tmp/g.txt"

exit $fail
