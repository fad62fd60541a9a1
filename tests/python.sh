#!/bin/sh
# The Python package (python/): build its extension outside the source
# tree, once per build tree, and run its pytest suite on it.  Skipped
# (77) when Debian's /usr/bin/python3 lacks its headers, setuptools or
# pytest (python3-dev, python3-setuptools, python3-pytest).  In a build
# configured with --enable-sanitizers the extension is built with
# AddressSanitizer and UndefinedBehaviorSanitizer too, and Python runs
# with their runtimes preloaded.  DLX_TEST_REQUIRE=python (or all) makes
# a missing tool a failure (CI).
. "${top_srcdir:-$(dirname "$0")/..}/tests/common.sh"

py=${DLX_PYTHON:-/usr/bin/python3}
[ -x "$py" ] || optional python "$py is missing (apt-get install python3)"
if ! "$py" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"],
    "Python.h")))' 2>/dev/null; then
	optional python "no Python.h for $py (apt-get install python3-dev)"
fi
for mod in setuptools pytest; do
	"$py" -c "import $mod" 2>/dev/null ||
	    optional python "$py has no $mod (apt-get install python3-$mod)"
done

# The sources are copied to the build tree, so that nothing is written
# into the source tree (read-only under distcheck); setup.py finds the
# library's sources through DLX_SRCDIR.  setuptools rebuilds only what
# changed, so the extension is built once per build tree.
work=$top_builddir/tests/python.d
mkdir -p "$work/pkg" || exit 99
rm -rf "$work/pkg/dlx" "$work/pkg/tests"
cp -pR "$top_srcdir/python/setup.py" "$top_srcdir/python/dlx" \
	"$top_srcdir/python/src" "$top_srcdir/python/tests" "$work/pkg/" &&
	chmod -R u+w "$work/pkg" || exit 99

preload=
case " ${CFLAGS:-} " in
*-fsanitize=address*)
	DLX_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all"
	DLX_CFLAGS="$DLX_CFLAGS -fno-omit-frame-pointer"
	DLX_LDFLAGS=$DLX_CFLAGS
	export DLX_CFLAGS DLX_LDFLAGS
	for lib in libasan.so libubsan.so; do
		f=$(${CC:-cc} -print-file-name=$lib)
		if [ ! -f "$f" ]; then
			echo "SKIP: sanitized tree, but $CC has no $lib" \
			    "to preload"
			exit 77
		fi
		preload="$preload $f"
	done
	# Python's own allocations live until exit: leaks are not ours.
	ASAN_OPTIONS=detect_leaks=0
	export ASAN_OPTIONS
	;;
esac
# A tree configured with --enable-knuth-default: the extension compiles
# the library's sources without config.h, so it is given the same default
# here, and answers as this build's programs do.
if grep -q '^#define DLX_KNUTH_DEFAULT 1' "$top_builddir/config.h" \
    2>/dev/null; then
	DLX_CFLAGS="${DLX_CFLAGS:-} -DDLX_KNUTH_DEFAULT=1"
	export DLX_CFLAGS
fi

(cd "$work/pkg" && DLX_SRCDIR=$top_srcdir PYTHONDONTWRITEBYTECODE=1 \
	"$py" setup.py -q build -j2 --build-base "$work/build" \
	--build-lib "$work/lib") >"$work/build.log" 2>&1
st=$?
if [ $st -ne 0 ]; then
	cat "$work/build.log"
	echo "FAIL: the extension did not build (see above)"
	exit 1
fi

cd "$work" || exit 99
DLX_TOP_SRCDIR=$top_srcdir DLX_TOP_BUILDDIR=$top_builddir \
	PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1 \
	LD_PRELOAD=${preload# } \
	"$py" -m pytest -q -p no:cacheprovider "$work/pkg/tests" || fail=1

# README.md's Python quick start: its pip command is the one the package
# is made for, and its closing command prints 2 (run from the top of the
# source tree, as the reader would, on the extension built above).
quick=$(sed -n '/^### Python quick start/,/^It prints/p' \
	"$top_srcdir/README.md" | sed -n 's/^    //p')
venv="/usr/bin/python3 -m venv --system-site-packages venv"
pip="venv/bin/pip install --no-build-isolation --no-index ./python"
case $quick in
*"$venv && $pip && "*) ;;
*)	echo "FAIL: README.md's Python quick start lost its install command"
	fail=1 ;;
esac
code=$(printf '%s\n' "$quick" |
	sed -n "s/.*venv\/bin\/python -c '\(.*\)'\$/\1/p")
out=$(cd "$top_srcdir" && PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1 \
	LD_PRELOAD=${preload# } "$py" -c "$code" 2>&1)
if [ -z "$code" ] || [ "$out" != 2 ]; then
	echo "FAIL: README.md's Python quick start printed '$out', not 2"
	fail=1
fi

# The examples run, and say what they should.
out=$(PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1 LD_PRELOAD=${preload# } \
	"$py" "$top_srcdir/examples/python/queens.py" 8 2>&1 | head -n 1)
[ "$out" = "8 queens: 92 solutions" ] ||
	{ echo "FAIL: examples/python/queens.py: $out"; fail=1; }
out=$(PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1 LD_PRELOAD=${preload# } \
	"$py" "$top_srcdir/examples/python/pentominoes.py" 3x20 2>&1 |
	head -n 1)
case $out in
"pentominoes in 3x20: 8 tilings "*) ;;
*)	echo "FAIL: examples/python/pentominoes.py: $out"; fail=1 ;;
esac
for ex in sudoku walkthrough; do
	if ! (cd "$tmp" && PYTHONPATH=$work/lib PYTHONDONTWRITEBYTECODE=1 \
	    LD_PRELOAD=${preload# } "$py" "$top_srcdir/examples/python/$ex.py" \
	    >"$tmp/$ex.out" 2>&1); then
		cat "$tmp/$ex.out"
		echo "FAIL: examples/python/$ex.py"
		fail=1
	fi
done
grep -q "^two-solutions.txt:1: 9x9, 2 solutions" "$tmp/sudoku.out" ||
	{ echo "FAIL: examples/python/sudoku.py: no count of two-solutions.txt"
	  fail=1; }

# The other way to build: against an installed libdlx, found by
# pkg-config (DLX_PKGCONFIG=1).  The build tree is installed into a
# scratch root, as tests/cli-pkgconfig.sh does, and the suite runs again
# on that extension.  Not in a sanitized tree (its library is static and
# not position-independent), nor without pkg-config or a shared libdlx.
if [ -n "$preload" ]; then
	echo "SKIP (part): the build against an installed libdlx, in a" \
	    "sanitized tree"
	exit $fail
fi
if ! command -v pkg-config >/dev/null 2>&1; then
	echo "SKIP (part): no pkg-config for the build against libdlx"
	exit $fail
fi
$MAKE -C "$top_builddir" install DESTDIR="$tmp/root" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; echo "FAIL: make install"; exit 1; }
pc=$(find "$tmp/root" -name libdlx.pc | head -n 1)
so=$(find "$tmp/root" -name 'libdlx.so*' | head -n 1)
if [ -z "$pc" ] || [ -z "$so" ]; then
	echo "SKIP (part): no shared libdlx installed (--disable-shared?)"
	exit $fail
fi
(cd "$work/pkg" && PKG_CONFIG_LIBDIR=$(dirname "$pc") PKG_CONFIG_PATH= \
	PKG_CONFIG_SYSROOT_DIR=$tmp/root DLX_PKGCONFIG=1 \
	PYTHONDONTWRITEBYTECODE=1 "$py" setup.py -q build \
	--build-base "$tmp/pcbuild" --build-lib "$tmp/pclib") \
	>"$tmp/pcbuild.log" 2>&1 ||
	{ cat "$tmp/pcbuild.log"; echo "FAIL: the build against libdlx"
	  exit 1; }
if ! ldd "$tmp"/pclib/dlx/_dlx*.so | grep -q "libdlx.so.*$tmp/root"; then
	ldd "$tmp"/pclib/dlx/_dlx*.so
	echo "FAIL: the extension does not use the installed libdlx"
	fail=1
fi
(cd "$tmp" && DLX_TOP_SRCDIR=$top_srcdir DLX_TOP_BUILDDIR=$top_builddir \
	PYTHONPATH=$tmp/pclib PYTHONDONTWRITEBYTECODE=1 \
	"$py" -m pytest -q -p no:cacheprovider "$work/pkg/tests") || fail=1
exit $fail
