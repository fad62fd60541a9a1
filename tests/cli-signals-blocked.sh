#!/bin/sh
# A signal while standard output is blocked (a reader slower than the
# writer).  tests/hold-pipe runs each program into a pipe of two pages that
# nobody reads, sends the signal once the pipe is full, and reads the
# pipe only after the program has ended (or, with -d, a moment after the
# signal).  Whatever the signal, the output and the threads, the program
# must end by itself with 128 + the signal (130, 143, 129) and no write
# error; every record it printed must be whole (a line, a JSON record, a
# solution of several lines, a grid); the partial count must be that of
# the solutions printed; and with --checkpoint, the resumed run must print
# each remaining solution exactly once.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

hold=$top_builddir/tests/hold-pipe
num='[0-9][0-9]*'

# The problems: the 724 solutions of 10 queens (about 100 KB printed),
# and a sudoku with its first 36 cells blank (2220 solutions); then
# the output of each, uninterrupted.
$DLX_RUN "$examples/queens" -d 10 >"$tmp/q.dlx" || exit 99
sol=912763584345289167678451329183572946794136852526894713431925678267318495859647231
echo "....................................$(echo $sol | cut -c37-)" \
    >"$tmp/p.txt"
$DLX_RUN "$dlx" -p "$tmp/q.dlx" >"$tmp/ref-p" || exit 99
$DLX_RUN "$dlx" -j "$tmp/q.dlx" >"$tmp/ref-j" || exit 99
$DLX_RUN "$sudoku" -a "$tmp/p.txt" >"$tmp/ref-grid" || exit 99
$DLX_RUN "$sudoku" -a -f line "$tmp/p.txt" >"$tmp/ref-line" || exit 99
$DLX_RUN "$sudoku" -a -j "$tmp/p.txt" >"$tmp/ref-json" || exit 99

# blocked NAME SIGNAL STATUS [-d MS] PROGRAM ARG...: run it into the
# held pipe (stdout in $tmp/out, stderr in $tmp/err); the status must be
# STATUS, and stderr free of write errors.  A skip of hold-pipe (77: the
# pipe cannot be measured here) skips the test.
blocked() {
	_name=$1 _sig=$2 _want=$3
	shift 3
	_d=
	if [ "$1" = -d ]; then _d="-d $2"; shift 2; fi
	st=0
	# shellcheck disable=SC2086
	"$hold" $_d "$_sig" "$tmp/out" $DLX_RUN "$@" 2>"$tmp/err" || st=$?
	[ $st = 77 ] && exit 77
	status "$_name" "$_want"
	if grep -q 'write error' "$tmp/err"; then
		failed "$_name: a write error"; cat "$tmp/err"
	fi
}

# printed PROG [by SIGTERM] [; resume...]: the count of the one message
# "PROG: [WHERE: ]interrupted[ by SIG]: N solutions so far (partial)..."
# on stderr, or empty if there is none.
printed() {
	sed -n "s/^$1: .*interrupted[ A-Za-z]*: \($num\) solutions* so far (partial).*/\1/p" \
	    "$tmp/err"
}

# prefix NAME LINES: $tmp/out is the first LINES lines of $tmp/ref
# (whole records, the first ones, in order).
prefix() {
	head -n "$2" "$tmp/ref" >"$tmp/exp"
	same "$1: the records printed" "$tmp/exp" "$tmp/out"
}

# dlx --print: records of several lines ("N:", then its options), with a
# blank line between them: the first P of them, cut nowhere else.
blocked "dlx -p SIGINT" INT 130 "$dlx" -p "$tmp/q.dlx"
p=$(printed dlx)
if [ -z "$p" ]; then
	failed "dlx -p SIGINT: no count"; cat "$tmp/err"
else
	awk -v n="$p" '$0 == (n + 1) ":" { exit } { print }' "$tmp/ref-p" |
	    sed '$ { /^$/d; }' >"$tmp/exp"
	same "dlx -p SIGINT: the solutions printed" "$tmp/exp" "$tmp/out"
fi

# dlx --json on two threads, SIGTERM: the first P records, the count
# (not on stdout, which took nothing more) on stderr.
blocked "dlx -j -t 2 SIGTERM" TERM 143 "$dlx" -j -t 2 "$tmp/q.dlx"
p=$(printed dlx)
grep -q '^dlx: interrupted by SIGTERM: ' "$tmp/err" ||
    { failed "dlx -j -t 2 SIGTERM: message"; cat "$tmp/err"; }
cp "$tmp/ref-j" "$tmp/ref"
prefix "dlx -j -t 2 SIGTERM" "${p:-0}"

# A reader that comes back a moment after the signal takes everything:
# the solutions, then the count record, which says how many.
blocked "dlx -j SIGINT, read again" INT 130 -d 100 "$dlx" -j "$tmp/q.dlx"
p=$(printed dlx)
head -n "${p:-0}" "$tmp/ref-j" >"$tmp/exp"
echo "{\"type\":\"count\",\"solutions\":${p:-0},\"exact\":false,\"interrupted\":true}" \
    >>"$tmp/exp"
same "dlx -j SIGINT, read again: output" "$tmp/exp" "$tmp/out"

# With a checkpoint, SIGHUP: the checkpoint is where the output stopped,
# so the resumed run prints the rest, each solution once.
blocked "dlx -j --checkpoint SIGHUP" HUP 129 \
    "$dlx" -j --checkpoint "$tmp/ck" "$tmp/q.dlx"
grep -q "^dlx: interrupted by SIGHUP: $num solutions* so far (partial); resume with --resume=$tmp/ck\$" \
    "$tmp/err" || { failed "dlx --checkpoint SIGHUP: message"; cat "$tmp/err"; }
p=$(printed dlx)
[ "$(grep -c . "$tmp/out")" = "${p:-0}" ] ||
    failed "dlx --checkpoint SIGHUP: $(grep -c . "$tmp/out") records, the message says ${p:-none}"
mv "$tmp/out" "$tmp/out1"
run "$dlx" -j --resume "$tmp/ck" "$tmp/q.dlx"
status "dlx --resume after SIGHUP" 0
cat "$tmp/out1" "$tmp/out" >"$tmp/all"
same "dlx --checkpoint SIGHUP, then --resume: each solution once" \
    "$tmp/ref-j" "$tmp/all"

# dlx-sudoku --all, grids of 13 lines ("FILE:LINE: solution #N", the grid,
# a blank line).
blocked "dlx-sudoku -a SIGINT" INT 130 "$sudoku" -a "$tmp/p.txt"
p=$(printed dlx-sudoku)
[ -n "$p" ] || { failed "dlx-sudoku -a SIGINT: no count"; cat "$tmp/err"; }
cp "$tmp/ref-grid" "$tmp/ref"
prefix "dlx-sudoku -a SIGINT" $((13 * ${p:-0}))

# One line each, on two threads, SIGTERM.
blocked "dlx-sudoku -a -f line -t 2 SIGTERM" TERM 143 \
    "$sudoku" -a -f line -t 2 "$tmp/p.txt"
p=$(printed dlx-sudoku)
cp "$tmp/ref-line" "$tmp/ref"
prefix "dlx-sudoku -a -f line -t 2 SIGTERM" "${p:-0}"

# JSON with a checkpoint, SIGHUP, and the resumed run.
rm -f "$tmp/ck"
blocked "dlx-sudoku -a -j --checkpoint SIGHUP" HUP 129 \
    "$sudoku" -a -j --checkpoint "$tmp/ck" "$tmp/p.txt"
grep -q "^dlx-sudoku: $tmp/p.txt:1: interrupted by SIGHUP: $num solutions* so far (partial); resume with --resume=$tmp/ck\$" \
    "$tmp/err" || { failed "dlx-sudoku --checkpoint SIGHUP: message"; cat "$tmp/err"; }
p=$(printed dlx-sudoku)
[ "$(grep -c . "$tmp/out")" = "${p:-0}" ] ||
    failed "dlx-sudoku --checkpoint SIGHUP: $(grep -c . "$tmp/out") records, the message says ${p:-none}"
mv "$tmp/out" "$tmp/out1"
run "$sudoku" -a -j --resume "$tmp/ck" "$tmp/p.txt"
status "dlx-sudoku --resume after SIGHUP" 0
cat "$tmp/out1" "$tmp/out" >"$tmp/all"
same "dlx-sudoku --checkpoint SIGHUP, then --resume: each solution once" \
    "$tmp/ref-json" "$tmp/all"

# CSV, a file of 1200 puzzles answered side by side (-t 2) or one by one:
# the header, then a whole line per puzzle, in the file's order.
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	cat "$data/coll-norvig_top95.txt" "$data/coll-plb_hard20.txt" \
	    "$data/coll-norvig_hardest.txt"
done >"$tmp/many.txt"
for t in "2 HUP 129" "1 TERM 143"; do
	set -- $t
	blocked "dlx-sudoku -f csv -t $1 SIG$2" "$2" "$3" \
	    "$sudoku" -f csv -t "$1" "$tmp/many.txt"
	if ! awk -F, 'NR == FNR { p[NR] = $0; next }
	    FNR == 1 { if ($0 != "puzzle,solution,result") exit 1; next }
	    NF != 3 || $1 != p[FNR - 1] || length($2) != 81 ||
	    $2 ~ /[^1-9]/ || $3 != "unique" { exit 1 }' \
	    "$tmp/many.txt" "$tmp/out"; then
		failed "dlx-sudoku -f csv -t $1 SIG$2: a record not whole"
		tail -n 2 "$tmp/out"
	fi
	[ "$(wc -l <"$tmp/out")" -gt 1 ] ||
	    failed "dlx-sudoku -f csv -t $1 SIG$2: nothing printed"
	# "interrupted", after the place of a puzzle whose search it
	# stopped (with that search's count), or alone.
	grep -q "^dlx-sudoku: \(.*:[0-9]*: \)*interrupted by SIG$2\(: \|\$\)" \
	    "$tmp/err" ||
	    { failed "dlx-sudoku -f csv -t $1 SIG$2: message"; cat "$tmp/err"; }
done

exit $fail
