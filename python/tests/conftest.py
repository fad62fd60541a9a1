"""Where the tests find the tree: DLX_TOP_SRCDIR (the source tree, for
tests/data and examples/sudoku) and DLX_TOP_BUILDDIR (the build tree, for
the programs dlx and dlx-sudoku to compare with; their tests are skipped
without it).  Both default to the tree this directory is in."""

import os

import pytest

here = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("DLX_TOP_SRCDIR") or os.path.join(here, "..", "..")
BUILDDIR = os.environ.get("DLX_TOP_BUILDDIR") or SRCDIR


def path(*parts):
    return os.path.join(SRCDIR, *parts)


def program(name):
    p = os.path.join(BUILDDIR, "src", name)
    if not os.access(p, os.X_OK):
        pytest.skip("%s not built (set DLX_TOP_BUILDDIR)" % p)
    return p
