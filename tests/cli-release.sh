#!/bin/sh
# cli-release.sh: what a release promises to those who package it.
#  - The shared library exports exactly the functions the installed
#    headers declare: none missing (a declared function a program cannot
#    link to), none leaked (an internal name a program could come to
#    depend on).  The declarations are read by the compiler itself (gcc's
#    -aux-info), not by a pattern, so a prototype on two lines counts too.
#  - Each installed header compiles alone, first in its include list, as
#    C99 with -pedantic and as C++, with every warning an error.
# Exit 0 pass, 1 fail, 77 skip (no shared library in this build: the
# sanitizer and valgrind builds are static; or no gcc or nm).

. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
need nm
need gcc

so=$top_builddir/src/lib/.libs/libdlx.so
if [ ! -f "$so" ]; then
	echo "SKIP: no shared libdlx in this build ($so)"
	exit 77
fi

# The functions the headers declare, by the compiler's own reading.
for h in "$top_srcdir"/include/dlx/*.h; do
	echo "#include <dlx/$(basename "$h")>"
done >"$tmp/all.c"
step aux gcc -std=c99 -fsyntax-only -I"$top_srcdir/include" \
    -aux-info "$tmp/aux" "$tmp/all.c"
# Each line: /* FILE:LINE:NC */ extern TYPE NAME (PARAMETERS); the name is
# the last word before the first parenthesis.
grep "include/dlx/" "$tmp/aux" | sed 's|^/\*[^*]*\*/ *||' |
    grep -v '^static' | sed -n 's/^\([^(]*[ *]\)\(dlx_[a-z0-9_]*\) *(.*/\2/p' |
    sort -u >"$tmp/declared"
# What the shared library exports: defined, global text symbols.
nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' | sort -u \
    >"$tmp/exported"
n=$(wc -l <"$tmp/declared")
[ "$n" -gt 50 ] || failed "only $n functions read from the headers"
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/leaked"
[ -s "$tmp/missing" ] && failed "declared but not exported:" \
    $(cat "$tmp/missing")
[ -s "$tmp/leaked" ] && failed "exported but declared by no header:" \
    $(cat "$tmp/leaked")

# Each header alone: C99 pedantic, and C++ where there is a C++ compiler.
cxx=
for c in c++ g++ clang++; do
	command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
done
for h in "$top_srcdir"/include/dlx/*.h; do
	b=$(basename "$h")
	printf '#include <dlx/%s>\nint main(void) { return 0; }\n' "$b" \
	    >"$tmp/one.c"
	gcc -std=c99 -Wall -Wextra -pedantic -Werror -fsyntax-only \
	    -I"$top_srcdir/include" "$tmp/one.c" >"$tmp/c.log" 2>&1 ||
	    { failed "$b alone as C99"; head -n 20 "$tmp/c.log"; }
	if [ -n "$cxx" ]; then
		"$cxx" -x c++ -std=c++11 -Wall -Wextra -pedantic -Werror \
		    -fsyntax-only -I"$top_srcdir/include" "$tmp/one.c" \
		    >"$tmp/cxx.log" 2>&1 ||
		    { failed "$b alone as C++"; head -n 20 "$tmp/cxx.log"; }
	fi
done
[ -n "$cxx" ] || echo "note: no C++ compiler, the headers were not tried as C++"
echo "$n functions declared and exported"
exit $fail
