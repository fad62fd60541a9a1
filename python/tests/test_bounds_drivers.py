"""Item bounds (Algorithm M) on threads: the count of the serial search,
on the files of tests/data against the dlx program's, and on random
problems with bounds against a brute force."""

import itertools
import random
import subprocess

import pytest

import dlx
from conftest import path, program


@pytest.mark.parametrize("name,want", [("mult-queens6.dlx", 1097),
                                       ("mult-domino34.dlx", 3434),
                                       ("mult-random3.dlx", 2336)])
def test_bounds_on_threads(name, want):
    p = dlx.Problem.read(path("tests", "data", name))
    assert p.count(threads=1) == want
    for threads in (2, 3, 8):
        assert p.count(threads=threads) == want
        assert p.stats.engine == "Algorithm M"
        assert p.stats.threads == threads
        assert "threads" in p.stats.drivers
    out = subprocess.run([program("dlx"), "--no-progress", "-t", "2",
                          path("tests", "data", name)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == want


def brute(options, nprim, bounds):
    n = 0
    for k in range(len(options) + 1):
        for pick in itertools.combinations(options, k):
            cover = [0] * nprim
            for o in pick:
                for i in o:
                    cover[i] += 1
            if all(bounds[i][0] <= cover[i] <= bounds[i][1]
                   for i in range(nprim)):
                n += 1
    return n


@pytest.mark.parametrize("seed", range(30))
def test_bounds_threads_against_brute_force(seed):
    rnd = random.Random(seed)
    nprim = rnd.randint(2, 5)
    bounds = {}
    for i in range(nprim):
        lo = rnd.randint(0, 2)
        bounds[i] = (lo, lo + rnd.randint(0, 2))
    options = []
    for _ in range(rnd.randint(4, 11)):
        options.append(sorted(rnd.sample(range(nprim),
                                         rnd.randint(1, min(3, nprim)))))
    labels = ["p%d" % i for i in range(nprim)]
    p = dlx.Problem([[labels[i] for i in o] for o in options], (),
                    {labels[i]: b for i, b in bounds.items()},
                    primary=labels)
    want = brute(options, nprim, bounds)
    assert p.count(threads=1) == want
    assert p.count(threads=2) == want
    assert p.count(threads=3) == want
    # A visit on threads is refused with the bounds named, not run
    # another way.
    with pytest.raises(dlx.Error):
        list(p.solutions(threads=2))
