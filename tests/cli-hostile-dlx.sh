#!/bin/sh
# cli-hostile-dlx.sh: dlx against hostile input and output.
#
# Empty input, NUL bytes and binary garbage, a 100 MB line, a problem of
# 100,000 items and a million options (and too little memory for it), a
# directory, an unreadable and a missing file, a closed pipe, a full
# device, and Ctrl-C during a count.
# Big inputs are generated here, in the build tree, and removed after.
# Programs run as $DLX_RUN PROGRAM (CI sets DLX_RUN to valgrind, and then
# the big problem is ten times smaller); memory figures are only checked
# without it.  Exit 0 pass, 1 fail.
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
hostile_setup

# Knuth's example: one solution.
cp "$top_srcdir/examples/simple.dlx" knuth.dlx

# -- an empty file and empty standard input: no item line.
: >empty.dlx
: >exp.out
echo "dlx: empty.dlx: no item line (the input has only blanks and comments)" \
    >exp.err
run "$dlx" empty.dlx
expect "empty file" 2
echo "dlx: (standard input): no item line (the input has only blanks and comments)" \
    >exp.err
run "$dlx" </dev/null
expect "empty stdin" 2

# -- NUL bytes: in the item line, then in an option.
printf '\000\000\nA\n' >nul1.dlx
echo "dlx: nul1.dlx:1:1: NUL byte in item name '\\x00\\x00'" >exp.err
run "$dlx" nul1.dlx
expect "NUL in the item line" 2
printf 'A B\nA\nB\000\n' >nul2.dlx
echo "dlx: nul2.dlx:3:2: NUL byte in 'B\\x00'" >exp.err
run "$dlx" nul2.dlx
expect "NUL in an option" 2

# Compressed data: any bytes at all.  One error, in the proper form.
gzip -n -9 -c "$top_srcdir/tests/cli-hostile-dlx.sh" >random.bin
run "$dlx" random.bin
[ "$st" -eq 2 ] || failed "random bytes: status $st, expected 2"
[ -s out ] && failed "random bytes: output on stdout"
[ "$(wc -l <err)" -eq 1 ] || failed "random bytes: $(wc -l <err) lines on stderr"
grep '^dlx: random\.bin:[0-9][0-9]*:[0-9][0-9]*: [^ ]' err >/dev/null ||
    { failed "random bytes: malformed message"; cat err; }

# -- a single 100 MB option line: refused, without reading it into memory.
{
	echo "A B"
	head -c 100000000 /dev/zero | tr '\000' A
	echo
	echo "A B"
} >long.dlx
echo "dlx: long.dlx:2:1048577: line longer than 1048576 bytes" >exp.err
run "$dlx" long.dlx
expect "100 MB line" 2
rss_below "100 MB line" 32768 "$dlx" long.dlx
rm -f long.dlx

# -- 100,000 items and a million options.  Primary items A and B, the rest
# secondary; option "B s0" and options "A sX sY": every A option without
# s0 makes one solution with "B s0".  awk counts those independently.
items=100000
options=1000000
if [ -n "$DLX_RUN" ]; then
	items=10000
	options=100000
fi
awk -v items=$items -v options=$options '
BEGIN {
	m = items - 2
	printf "A B |"
	for (i = 0; i < m; i++)
		printf " s%d", i
	printf "\nB s0\n"
	for (j = 0; j < options - 1; j++) {
		x = j % m
		y = (7 * j + 1) % m	# never x: m is even, 6j + 1 odd
		printf "A s%d s%d\n", x, y
		if (x != 0 && y != 0)
			good++
	}
	print good >"exp.out"
}' >big.dlx
: >exp.err
run "$dlx" big.dlx
expect "$items items, $options options" 0
[ "$(cat exp.out)" -gt $((options * 9 / 10)) ] || failed "big problem: bad generator"

# -- the same problem in 40 MB of address space (it needs about 100): out
# of memory is an error like any other, with its place, not a crash.  Only
# where the program runs at all under that limit (not under ASan or
# valgrind, which reserve far more).
if [ -z "$DLX_RUN" ] && (ulimit -v 40000 && "$dlx" --version) >/dev/null 2>&1
then
	(ulimit -v 40000 && exec "$dlx" big.dlx) >out 2>err
	st=$?
	[ "$st" -eq 2 ] || failed "out of memory: status $st, expected 2"
	[ -s out ] && failed "out of memory: output on stdout"
	grep -x 'dlx: big\.dlx:[0-9]*:[0-9]*: out of memory' err >/dev/null ||
	    { failed "out of memory: message"; cat err; }
fi
rm -f big.dlx

# -- a directory, an unreadable file, a missing file; two files at once.
mkdir dir.d
: >exp.out
echo "dlx: dir.d: read error: Is a directory" >exp.err
run "$dlx" dir.d
expect "directory" 2
echo "dlx: (standard input): read error: Is a directory" >exp.err
run "$dlx" <dir.d
expect "directory as standard input" 2
echo "dlx: missing.dlx: No such file or directory" >exp.err
run "$dlx" missing.dlx
expect "missing file" 2
printf '%s\n' "dlx: extra operand 'knuth.dlx'" \
    "Try 'dlx --help' for more information." >exp.err
run "$dlx" knuth.dlx knuth.dlx
expect "two files" 2
if [ "$(id -u)" -ne 0 ]; then
	# Root reads anything, so this part only means something for others.
	cp knuth.dlx noread.dlx && chmod 000 noread.dlx
	echo "dlx: noread.dlx: Permission denied" >exp.err
	run "$dlx" noread.dlx
	expect "unreadable file" 2
	rm -f noread.dlx
fi

# A problem with 3^30 solutions (30 items, each in three one-item
# options): no run ends.
awk 'BEGIN {
	for (i = 0; i < 30; i++)
		printf "i%d%s", i, i < 29 ? " " : "\n"
	for (i = 0; i < 30; i++)
		for (k = 0; k < 3; k++)
			printf "i%d\n", i
}' >huge.dlx

# -- a closed pipe: every solution into head -n 1; stop, quietly, with
# status 141, as if killed by SIGPIPE (see dlx(1)).
closed_pipe 1 "$dlx" -p huge.dlx
echo "1:" >exp.out
cmp -s out exp.out || failed "closed pipe: first line"

# -- a full device: a write error, status 2.
write_error "$dlx" -p huge.dlx

# -- Ctrl-C during the count: once a progress line shows the search is
# under way, SIGINT gives the count so far, marked partial, status 130.
# The plain search: the subproblem cache counts this one in a moment.
start "$dlx" --no-memo --progress=0.01 huge.dlx
wait_for 'of the search tree'
interrupt
status "SIGINT" 130
if grep -x '[1-9][0-9]* (partial)' out >/dev/null; then
	got=$(sed 's/ .*//' out)
	seen=$(grep 'of the search tree' err | tail -n 1 |
	    sed 's/^dlx: \([0-9]*\) solutions so far.*/\1/')
	[ "$got" -ge "$seen" ] ||
	    failed "SIGINT: partial count $got below the progress line's $seen"
else
	failed "SIGINT: no partial count"
	cat out
fi

exit $fail
