#!/bin/sh
# cli-install.sh: the README's way to install, done for real.  A copy of
# the distribution is configured and built as the quick start does, then
# configured again for another prefix and installed there (the case where
# libtool must link the library and programs again, for the new libdir).
# The installed programs must run and find libdlx.so.0 with no help, and
# the README's C example must compile with nothing but pkg-config
# (#include <dlx/dlx.h>, -I${includedir}), and run, found at run time as
# the README says: through -Wl,-rpath or LD_LIBRARY_PATH.
# Exit 0 pass, 1 fail, 77 skip (no pkg-config).  Takes a build of the
# library and programs: some tens of seconds.

. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
need pkg-config

# A clean source tree: the distribution's files, whatever the build tree.
step distdir $MAKE -C "$top_builddir" distdir distdir="$tmp/src"
cd "$tmp/src" || exit 99
# The build's compiler and flags (a sanitizer build needs its runtime);
# shared libraries only, which is what the run path is about.
step configure1 ./configure --disable-static CC="$CC" \
    CFLAGS="$DLX_BUILD_CFLAGS" LDFLAGS="$DLX_BUILD_LDFLAGS"
step make $MAKE
step configure2 ./configure --prefix="$tmp/p" --disable-static CC="$CC" \
    CFLAGS="$DLX_BUILD_CFLAGS" LDFLAGS="$DLX_BUILD_LDFLAGS"
step install $MAKE install
cd "$tmp" || exit 99

# The installed programs find the library by their run path alone: their
# output and nothing on stderr.
unset LD_LIBRARY_PATH
# quiet NAME PROGRAM ARG...: stdout is $tmp/exp, stderr empty, status 0.
quiet() {
	check "$@"
	same "$1: stderr" /dev/null "$tmp/err"
}
echo 1 >"$tmp/exp"
quiet "installed dlx" 0 "$tmp/p/bin/dlx" "$top_srcdir/examples/simple.dlx"
echo "$puzzles/two-solutions.txt:1: 2 solutions" >"$tmp/exp"
quiet "installed dlx-sudoku" 0 "$tmp/p/bin/dlx-sudoku" --count \
    "$puzzles/two-solutions.txt"

# And the library they load is the installed one, not another copy.
if command -v ldd >/dev/null 2>&1; then
	for p in dlx dlx-sudoku; do
		lib=$(ldd "$tmp/p/bin/$p" | grep 'libdlx\.so')
		case $lib in
		*"=> $tmp/p/lib/libdlx.so"*) ;;
		*) failed "$p loads: $lib" ;;
		esac
	done
fi

# Every header in <dlx/...>, alone, and pkg-config pointing above dlx/.
PKG_CONFIG_PATH=$tmp/p/lib/pkgconfig
PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH
export PKG_CONFIG_PATH PKG_CONFIG_LIBDIR
cflags=$(pkg-config --cflags libdlx) || { echo "pkg-config failed"; exit 1; }
libs=$(pkg-config --libs libdlx) || { echo "pkg-config failed"; exit 1; }
libdir=$(pkg-config --variable=libdir libdlx)
[ "${cflags% }" = "-I$tmp/p/include" ] ||
    failed "pkg-config --cflags: $cflags"
for h in dlx.h dlx_sudoku.h dlx_text.h dlx_logic.h; do
	[ -f "$tmp/p/include/dlx/$h" ] ||
	    failed "$h is not in include/dlx"
	printf '#include <dlx/%s>\nint main(void) { return 0; }\n' "$h" \
	    >"$tmp/h.c"
	# shellcheck disable=SC2086
	$CC $DLX_BUILD_CFLAGS $cflags -c -o "$tmp/h.o" "$tmp/h.c" ||
	    failed "#include <dlx/$h> alone"
done

# The README's C example, as it stands there.
sed -n '/^```c$/,/^```$/p' "$top_srcdir/README.md" | sed '1d;$d' \
    >"$tmp/knuth.c"
grep -q '#include <dlx/dlx.h>' "$tmp/knuth.c" ||
    { echo "FAIL README's C example not found"; exit 1; }
echo '1 solution(s)' >"$tmp/exp"
# shellcheck disable=SC2086
if $CC $DLX_BUILD_CFLAGS $cflags -o "$tmp/knuth" "$tmp/knuth.c" $libs \
    $DLX_BUILD_LDFLAGS; then
	LD_LIBRARY_PATH=$libdir
	export LD_LIBRARY_PATH
	quiet "knuth, LD_LIBRARY_PATH" 0 "$tmp/knuth"
	unset LD_LIBRARY_PATH
else
	failed "compiling README's example"
fi
# shellcheck disable=SC2086
if $CC $DLX_BUILD_CFLAGS $cflags -o "$tmp/knuth-rpath" "$tmp/knuth.c" \
    $libs -Wl,-rpath,"$libdir" $DLX_BUILD_LDFLAGS; then
	quiet "knuth, -Wl,-rpath" 0 "$tmp/knuth-rpath"
	if command -v ldd >/dev/null 2>&1; then
		case $(ldd "$tmp/knuth-rpath" | grep 'libdlx\.so') in
		*"=> $libdir/libdlx.so"*) ;;
		*) echo "FAIL knuth-rpath does not load $libdir/libdlx.so"
		   fail=1 ;;
		esac
	fi
else
	failed "compiling README's example with -rpath"
fi
exit $fail
