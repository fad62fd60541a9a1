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
: "${top_builddir:?}" "${top_srcdir:?}"
prog=$top_builddir/src/dlx
name=cli-hostile-dlx
. "$top_srcdir/tests/hostile-common.sh"

# Knuth's example: one solution.
cat >knuth.dlx <<EOF
| Knuth, Dancing Links
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
EOF

# -- an empty file and empty standard input: no item line.
: >empty.dlx
: >exp.out
echo "dlx: empty.dlx: no item line (the input has only blanks and comments)" \
    >exp.err
$limit $DLX_RUN "$prog" empty.dlx >out 2>err
status=$?
expect "empty file" 2
echo "dlx: (standard input): no item line (the input has only blanks and comments)" \
    >exp.err
$limit $DLX_RUN "$prog" </dev/null >out 2>err
status=$?
expect "empty stdin" 2

# -- NUL bytes: in the item line, then in an option.
printf '\000\000\nA\n' >nul1.dlx
echo "dlx: nul1.dlx:1:1: NUL byte in item name '\\x00\\x00'" >exp.err
$limit $DLX_RUN "$prog" nul1.dlx >out 2>err
status=$?
expect "NUL in the item line" 2
printf 'A B\nA\nB\000\n' >nul2.dlx
echo "dlx: nul2.dlx:3:2: NUL byte in 'B\\x00'" >exp.err
$limit $DLX_RUN "$prog" nul2.dlx >out 2>err
status=$?
expect "NUL in an option" 2

# Compressed data: any bytes at all.  One error, in the proper form.
gzip -n -9 -c "$top_srcdir/tests/cli-hostile-dlx.sh" >random.bin
$limit $DLX_RUN "$prog" random.bin >out 2>err
status=$?
[ "$status" -eq 2 ] || bad "random bytes: status $status, expected 2"
[ -s out ] && bad "random bytes: output on stdout"
[ "$(wc -l <err)" -eq 1 ] || bad "random bytes: $(wc -l <err) lines on stderr"
grep '^dlx: random\.bin:[0-9][0-9]*:[0-9][0-9]*: [^ ]' err >/dev/null ||
    { bad "random bytes: malformed message"; cat err; }

# -- a single 100 MB option line: refused, without reading it into memory.
{
	echo "A B"
	head -c 100000000 /dev/zero | tr '\000' A
	echo
	echo "A B"
} >long.dlx
echo "dlx: long.dlx:2:1048577: line longer than 1048576 bytes" >exp.err
$limit $DLX_RUN "$prog" long.dlx >out 2>err
status=$?
expect "100 MB line" 2
rss=$(maxrss "$prog" long.dlx)
if [ -n "$rss" ] && [ "$rss" -gt 32768 ]; then
	bad "100 MB line: $rss KB resident, expected under 32 MB"
fi
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
$limit $DLX_RUN "$prog" big.dlx >out 2>err
status=$?
expect "$items items, $options options" 0
[ "$(cat exp.out)" -gt $((options * 9 / 10)) ] || bad "big problem: bad generator"

# -- the same problem in 40 MB of address space (it needs about 100): out
# of memory is an error like any other, with its place, not a crash.  Only
# where the program runs at all under that limit (not under ASan or
# valgrind, which reserve far more).
if [ -z "$DLX_RUN" ] && (ulimit -v 40000 && "$prog" --version) >/dev/null 2>&1
then
	(ulimit -v 40000 && exec "$prog" big.dlx) >out 2>err
	status=$?
	[ "$status" -eq 2 ] || bad "out of memory: status $status, expected 2"
	[ -s out ] && bad "out of memory: output on stdout"
	grep -x 'dlx: big\.dlx:[0-9]*:[0-9]*: out of memory' err >/dev/null ||
	    { bad "out of memory: message"; cat err; }
fi
rm -f big.dlx

# -- a directory, an unreadable file, a missing file; two files at once.
mkdir dir.d
: >exp.out
echo "dlx: dir.d:1: read error: Is a directory" >exp.err
$limit $DLX_RUN "$prog" dir.d >out 2>err
status=$?
expect "directory" 2
echo "dlx: (standard input):1: read error: Is a directory" >exp.err
$limit $DLX_RUN "$prog" <dir.d >out 2>err
status=$?
expect "directory as standard input" 2
echo "dlx: missing.dlx: No such file or directory" >exp.err
$limit $DLX_RUN "$prog" missing.dlx >out 2>err
status=$?
expect "missing file" 2
printf '%s\n' "dlx: extra operand 'knuth.dlx'" \
    "Try 'dlx --help' for more information." >exp.err
$limit $DLX_RUN "$prog" knuth.dlx knuth.dlx >out 2>err
status=$?
expect "two files" 2
if [ "$(id -u)" -ne 0 ]; then
	# Root reads anything, so this part only means something for others.
	cp knuth.dlx noread.dlx && chmod 000 noread.dlx
	echo "dlx: noread.dlx: Permission denied" >exp.err
	$limit $DLX_RUN "$prog" noread.dlx >out 2>err
	status=$?
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
{
	$limit $DLX_RUN "$prog" -p huge.dlx 2>err
	echo $? >status.txt
} | head -n 1 >out
status=$(cat status.txt)
[ "$status" -eq 141 ] || bad "closed pipe: status $status, expected 141"
[ -s err ] && { bad "closed pipe: stderr not empty"; head -n 3 err; }
echo "1:" >exp.out
cmp -s out exp.out || bad "closed pipe: first line"

# -- a full device: a write error, nonzero status.
if [ -w /dev/full ]; then
	$limit $DLX_RUN "$prog" -p huge.dlx >/dev/full 2>err
	status=$?
	[ "$status" -eq 2 ] || bad "/dev/full: status $status, expected 2"
	echo "dlx: write error: No space left on device" >exp.err
	cmp -s err exp.err || { bad "/dev/full: message"; cat err; }
fi

# -- Ctrl-C during the count: once a progress line shows the search is
# under way, SIGINT gives the count so far, marked partial, status 130.
# (dlx may be a libtool wrapper script; exec keeps $! the program.)
# The plain search: the subproblem cache counts this one in a moment.
sh -c 'exec "$@"' sh $DLX_RUN "$prog" --no-memo --progress=0.01 huge.dlx \
    >out 2>err &
pid=$!
i=0
while ! grep 'explored' err >/dev/null 2>&1 && [ $i -lt 600 ]; do
	sleep 1
	i=$((i + 1))
done
kill -INT $pid
wait $pid
status=$?
pid=
[ "$status" -eq 130 ] || bad "SIGINT: status $status, expected 130"
if grep -x '[1-9][0-9]* (partial)' out >/dev/null; then
	got=$(sed 's/ .*//' out)
	seen=$(grep explored err | tail -n 1 |
	    sed 's/.* s: \([0-9]*\) solutions.*/\1/')
	[ "$got" -ge "$seen" ] ||
	    bad "SIGINT: partial count $got below the progress line's $seen"
else
	bad "SIGINT: no partial count"
	cat out
fi

exit $fail
