#!/bin/sh
# cli-hostile-sudoku.sh: dlx-sudoku against hostile input and output.
#
# Empty input, binary garbage and NUL bytes, a 100 MB line, many puzzles
# in constant memory, a directory, an unreadable and a missing file among
# good ones, a closed pipe, a full device, and Ctrl-C during a count.
# Big inputs are generated here, in the build tree, and removed after.
# Programs run as $DLX_RUN PROGRAM (CI sets DLX_RUN to valgrind); memory
# figures are only checked without it.  Exit 0 pass, 1 fail.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
hostile_setup

puzzle=9..7.35.43..28.1....8.513....3..29.6...136.5.5......1.43........6...8.....9.4.2..
solution=912763584345289167678451329183572946794136852526894713431925678267318495859647231
empty=.................................................................................
echo "$puzzle" >p.txt
echo "$empty" >empty9.txt

# -- an empty file and empty standard input: no puzzle is an input error,
# as it is for dlx (dlx-sudoku(1), EXIT STATUS).
: >empty.txt
: >exp.out
echo "dlx-sudoku: empty.txt: no puzzle" >exp.err
run "$sudoku" empty.txt
expect "empty file" 2
echo "dlx-sudoku: (standard input): no puzzle" >exp.err
run "$sudoku" --count </dev/null
expect "empty stdin" 2

# -- NUL bytes and binary garbage: each bad line named, good ones solved.
printf '\000\000\000\n\377\376\375garbage\n%s\000\n%s\n\001\002\003\n' \
    "$puzzle" "$puzzle" >garbage.bin
printf '%s\n' "- error" "- error" "- error" "$solution" "- error" >exp.out
cat >exp.err <<EOF
dlx-sudoku: garbage.bin:1:1: unexpected byte 0x00
dlx-sudoku: garbage.bin:2:1: unexpected byte 0xff
dlx-sudoku: garbage.bin:3:82: unexpected byte 0x00
dlx-sudoku: garbage.bin:5:1: unexpected byte 0x01
EOF
run "$sudoku" -f line garbage.bin
expect "garbage" 2

# Compressed data: any bytes at all.  Every complaint is one proper line,
# and after a blank line (the end of whatever the garbage started) the
# good puzzle is solved.
gzip -n -9 -c "$top_srcdir/tests/cli-hostile-sudoku.sh" >random.gz
cat random.gz random.gz random.gz >random.bin
printf '\n\n%s\n' "$puzzle" >>random.bin
run "$sudoku" -f line random.bin
[ "$st" -eq 2 ] || failed "random bytes: status $st, expected 2"
[ "$(tail -n 1 out)" = "$solution" ] || failed "random bytes: last puzzle unsolved"
[ -s err ] || failed "random bytes: no complaint"
if grep -v '^dlx-sudoku: random\.bin:[0-9][0-9]*\(:[0-9][0-9]*\)\{0,1\}: [^ ]' err \
    >/dev/null; then
	failed "random bytes: malformed message"
	grep -v '^dlx-sudoku: random\.bin:[0-9]' err | head -n 3
fi

# -- a single 100 MB line, then a good puzzle: the line is refused in
# constant memory and the puzzle still solved.
head -c 100000000 /dev/zero | tr '\000' 1 >long.txt
echo >>long.txt
echo "$puzzle" >>long.txt
printf '%s\n' "- error" "$solution" >exp.out
echo "dlx-sudoku: long.txt:1: line longer than 65536 bytes" >exp.err
run "$sudoku" -f line long.txt
expect "100 MB line" 2
rss_below "100 MB line" 32768 "$sudoku" -f line long.txt
rm -f long.txt

# -- many puzzles, one bad in the middle: all streamed, in constant memory,
# a line each (the bad one's "- error").
# (make check uses 10,000 puzzles to stay quick, 1,000 under valgrind;
# bench/million-puzzles.sh runs the same check on a million.)
n=10000
[ -n "$DLX_RUN" ] && n=1000
half=$((n / 2))
{
	yes "$puzzle" | head -n $((half - 1))
	echo "${puzzle}5"
	yes "$puzzle" | head -n $((n - half))
} >many.txt
run "$sudoku" -f line many.txt
[ "$st" -eq 2 ] || failed "many puzzles: status $st, expected 2"
[ "$(wc -l <out)" -eq $n ] || failed "many puzzles: $(wc -l <out) lines, expected $n"
[ "$(sed -n ${half}p out)" = "- error" ] || failed "many puzzles: line $half is no error"
[ "$(grep -vx -e '- error' out | sort -u)" = "$solution" ] ||
    failed "many puzzles: a wrong solution"
echo "dlx-sudoku: many.txt:$half: line has 82 cells, expected 81" >exp.err
cmp -s err exp.err || { failed "many puzzles: stderr differs"; head -n 3 err; }
# One thread: under AddressSanitizer the parallel search's small
# per-puzzle blocks land in other size classes and inflate the figure
# (about 1.5 MB over 10,000 puzzles, none of it live); the reader's
# streaming is what this measures.
one=$(maxrss "$sudoku" -t 1 -f line p.txt)
all=$(maxrss "$sudoku" -t 1 -f line many.txt)
if [ -n "$one" ] && [ "$all" -gt $((one + 1024)) ]; then
	failed "many puzzles: $all KB resident, $one KB for one puzzle"
fi
rm -f many.txt

# -- a directory, an unreadable file, a missing file among good ones: each
# named, the others still solved, status 2.
mkdir dir.d
printf '%s\n%s\n' "$solution" "$solution" >exp.out
cat >exp.err <<EOF
dlx-sudoku: dir.d: read error: Is a directory
dlx-sudoku: missing.txt: No such file or directory
EOF
run "$sudoku" -f line dir.d p.txt missing.txt p.txt
expect "directory and missing file" 2
: >exp.out
echo "dlx-sudoku: (standard input): read error: Is a directory" >exp.err
run "$sudoku" <dir.d
expect "directory as standard input" 2
if [ "$(id -u)" -ne 0 ]; then
	# Root reads anything, so this part only means something for others.
	cp p.txt noread.txt && chmod 000 noread.txt
	echo "$solution" >exp.out
	echo "dlx-sudoku: noread.txt: Permission denied" >exp.err
	run "$sudoku" -f line noread.txt p.txt
	expect "unreadable file" 2
	rm -f noread.txt
fi

# -- a closed pipe: every solution of the empty grid into head -n 1.  The
# program must stop, quietly: killed by SIGPIPE or exiting 141 by itself.
closed_pipe 1 "$sudoku" -a -f line empty9.txt

# -- a full device: a write error, status 2.
write_error "$sudoku" -a -f line p.txt

# -- Ctrl-C during a count of the empty grid (6.67e21 solutions): once a
# progress line shows the count is under way, SIGINT must give the count
# so far, marked as partial, and status 130.
start "$sudoku" --count --progress empty9.txt
wait_for 'solutions so far'
interrupt
status "SIGINT" 130
if grep '^empty9\.txt:1: at least [1-9][0-9]* solutions (interrupted)$' out \
    >/dev/null; then
	got=$(sed 's/.*at least \([0-9]*\) .*/\1/' out)
	seen=$(grep 'solutions so far' err | tail -n 1 |
	    sed 's/.*: \([0-9]*\) solutions so far.*/\1/')
	[ "$got" -ge "$seen" ] ||
	    failed "SIGINT: partial count $got below the progress line's $seen"
else
	failed "SIGINT: no partial count"
	cat out
fi

# -- one Ctrl-C stops a program that is reading, not only one searching:
# an endless line (/dev/zero) and a pipe that stays silent.
mkfifo silent.fifo
exec 3<>silent.fifo
for input in /dev/zero silent.fifo; do
	interrupt_reading "$input" "$sudoku" --count "$input"
done
exec 3>&-

exit $fail
