"""Build the Python package dlx: the C extension dlx._dlx and dlx/.

By default the extension compiles libdlx's own sources (src/lib/*/*.c of
the source tree this file lives in) into itself, so that it builds on a
clean checkout without running configure: nothing of config.h is needed
(the sources include it only when HAVE_CONFIG_H is defined, and the one
macro it may carry, DLX_KNUTH_DEFAULT, is a testing switch that stays
off).

Environment:
  DLX_SRCDIR     the top of the dlx source tree (default: the parent of
                 this directory), for a copy of python/ built elsewhere.
  DLX_PKGCONFIG  set (to 1 or to a pkg-config module name, default
                 "libdlx"): link against an installed libdlx found with
                 pkg-config instead of compiling its sources.
  DLX_CFLAGS     extra compiler flags, e.g. "-fsanitize=address"
                 (DLX_LDFLAGS likewise for the link).
"""

import glob
import os
import shlex
import subprocess

from setuptools import Extension, setup

here = os.path.dirname(os.path.abspath(__file__))
srcdir = os.path.abspath(os.environ.get("DLX_SRCDIR") or
                         os.path.join(here, ".."))
pkgconfig = os.environ.get("DLX_PKGCONFIG", "")
cflags = shlex.split(os.environ.get("DLX_CFLAGS", ""))
ldflags = shlex.split(os.environ.get("DLX_LDFLAGS", ""))


def pkg_config(module, *what):
    """The words pkg-config prints for module, or SystemExit."""
    try:
        out = subprocess.run(["pkg-config", *what, module], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("setup.py: pkg-config %s %s failed: %s"
                         % (" ".join(what), module, e))
    return shlex.split(out)


def library_version():
    """The version of the libdlx compiled in: the second word of the
    program string of checkpoints and part records, which must be the
    programs' own (their PACKAGE_VERSION) for the files to pass between
    them and Python."""
    if pkgconfig:
        module = "libdlx" if pkgconfig in ("1", "yes") else pkgconfig
        return pkg_config(module, "--modversion")[0]
    try:
        with open(os.path.join(srcdir, "configure.ac")) as f:
            for line in f:
                if line.startswith("AC_INIT("):
                    return line.split(",")[1].strip(" []")
    except OSError:
        pass
    raise SystemExit("setup.py: no AC_INIT in %s/configure.ac: set "
                     "DLX_SRCDIR to the dlx source tree" % srcdir)


sources = [os.path.join("src", "_dlx.c"), os.path.join("src", "_dlx_pos.c")]
include_dirs = []
depends = [os.path.join("src", "_dlx.h")]
libraries = []
library_dirs = []
extra_link = ["-pthread"] + ldflags
if pkgconfig:
    module = "libdlx" if pkgconfig in ("1", "yes") else pkgconfig
    for flag in pkg_config(module, "--cflags"):
        if flag.startswith("-I"):
            include_dirs.append(flag[2:])
        else:
            cflags.append(flag)
    for flag in pkg_config(module, "--libs"):
        if flag.startswith("-l"):
            libraries.append(flag[2:])
        elif flag.startswith("-L"):
            library_dirs.append(flag[2:])
            extra_link.append("-Wl,-rpath," + flag[2:])
        else:
            extra_link.append(flag)
else:
    lib = sorted(glob.glob(os.path.join(srcdir, "src", "lib", "*", "*.c")))
    if not lib:
        raise SystemExit("setup.py: no libdlx sources in %s/src/lib: set "
                         "DLX_SRCDIR to the dlx source tree, or "
                         "DLX_PKGCONFIG=1 to use an installed libdlx"
                         % srcdir)
    sources += lib
    # A changed header rebuilds the extension too.
    depends += sorted(glob.glob(os.path.join(srcdir, "include", "dlx",
                                            "*.h")) +
                     glob.glob(os.path.join(srcdir, "src", "lib", "*",
                                            "*.h")))
    include_dirs += [os.path.join(srcdir, "include"),
                     os.path.join(srcdir, "include", "dlx"),
                     os.path.join(srcdir, "src")]
    # Only the module's init function is exported: the library's dlx_
    # names stay inside, clear of a libdlx.so in the same process.
    cflags.append("-fvisibility=hidden")

ext = Extension(
    "dlx._dlx",
    define_macros=[("DLX_LIBRARY_VERSION", '"%s"' % library_version())],
    sources=sources,
    depends=depends,
    include_dirs=include_dirs,
    libraries=libraries,
    library_dirs=library_dirs,
    extra_compile_args=["-std=gnu11", "-pthread"] + cflags,
    extra_link_args=extra_link,
)

setup(
    name="dlx",
    version="0.1.0",
    description="Exact cover with Knuth's Algorithm X and dancing links "
                "(libdlx): counts of any size, threads, sudoku",
    packages=["dlx"],
    ext_modules=[ext],
    python_requires=">=3.9",
)
