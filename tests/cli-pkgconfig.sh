#!/bin/sh
# cli-pkgconfig.sh: a program outside the tree builds against the installed
# libdlx with nothing but pkg-config.  Installs the build into a scratch
# DESTDIR, compiles examples/queens-count.c with
# `pkg-config --cflags --libs libdlx` pointed there, runs it, and compares
# its output with the expected one (and with the copy built by make check).
# Exit 0 pass, 1 fail, 77 skip (no pkg-config).

. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"
need pkg-config

# queens-count's output for 8, 6 and 3 queens.
cat >"$tmp/expected8" <<'END'
8 queens: 92 solutions
a1 e2 h3 f4 c5 g6 b7 d8
END
cat >"$tmp/expected6" <<'END'
6 queens: 4 solutions
b1 d2 f3 a4 c5 e6
END
cat >"$tmp/expected3" <<'END'
3 queens: 0 solutions
no solution
END

# The copy built by make check, against the uninstalled library.
"$examples/queens-count" 8 >"$tmp/out" 2>&1 || failed "queens-count 8: status $?"
same "queens-count 8, built by make check" "$tmp/expected8" "$tmp/out"

# Install into the scratch root.
step install $MAKE -C "$top_builddir" install DESTDIR="$tmp/root"
pc=$(find "$tmp/root" -name libdlx.pc | head -n 1)
if [ -z "$pc" ]; then
	echo "cli-pkgconfig: libdlx.pc was not installed"
	exit 1
fi
hdr=$(find "$tmp/root" -name dlx.h | head -n 1)
[ -n "$hdr" ] || { echo "cli-pkgconfig: dlx.h was not installed"; exit 1; }
case $hdr in
*/include/dlx/dlx.h) ;;
*) echo "cli-pkgconfig: dlx.h is not in include/dlx: $hdr"; exit 1 ;;
esac

# Only the scratch root's libdlx.pc, its paths seen through the sysroot.
PKG_CONFIG_LIBDIR=$(dirname "$pc")
PKG_CONFIG_PATH=
PKG_CONFIG_SYSROOT_DIR="$tmp/root"
export PKG_CONFIG_LIBDIR PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
cflags=$(pkg-config --cflags libdlx) || { echo "pkg-config --cflags failed"; exit 1; }
libs=$(pkg-config --libs libdlx) || { echo "pkg-config --libs failed"; exit 1; }
case $libs in
*"$tmp/root"*) ;;
*) echo "cli-pkgconfig: --libs does not point into the install: $libs"; exit 1 ;;
esac
# -I names the directory above dlx/, for #include <dlx/dlx.h>.
case $cflags in
"-I$tmp/root"*/include | "-I$tmp/root"*/include" ") ;;
*) echo "cli-pkgconfig: --cflags is not -I.../include: $cflags"; exit 1 ;;
esac

# A copy of the source outside both trees: only pkg-config's -I finds
# <dlx/dlx.h>.  The build's own CFLAGS and LDFLAGS come along (a sanitizer
# build's static libdlx needs its runtime).
cp "$top_srcdir/examples/queens-count.c" "$tmp/queens-count.c"
if ! $CC $DLX_BUILD_CFLAGS $cflags -o "$tmp/queens-count" \
    "$tmp/queens-count.c" $libs $DLX_BUILD_LDFLAGS; then
	echo "cli-pkgconfig: compiling against the installed library failed"
	exit 1
fi

# libdlx.pc lives in $(libdir)/pkgconfig.
libdir=$(dirname "$PKG_CONFIG_LIBDIR")
installed() {
	LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
	    "$tmp/queens-count" "$@"
}
for n in 8 6 3; do
	installed $n >"$tmp/out" 2>&1 || failed "queens-count $n: status $?"
	same "queens-count $n" "$tmp/expected$n" "$tmp/out"
done

# Usage errors: status 2 and a message, nothing on stdout.
for bad in 0 17 x "1 2"; do
	# shellcheck disable=SC2086
	if installed $bad >"$tmp/out" 2>"$tmp/err"; then
		failed "queens-count $bad succeeded"
	elif [ $? -ne 2 ] || [ -s "$tmp/out" ] || [ ! -s "$tmp/err" ]; then
		failed "queens-count $bad: wrong status or output"
	fi
done

# A closed stdout is an error too.
if [ -w /dev/full ] && installed 8 >/dev/full 2>"$tmp/err"; then
	failed "writing to /dev/full succeeded"
fi

exit $fail
