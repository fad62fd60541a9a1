"""bench/python-bench.py: the costs of the Python binding (bench/python.sh
runs it).  Usage: python-bench.py WHAT ARG..., printing seconds:

  count FILE              p.count() of the problem in FILE (best of N)
  stream                  iterate the 2^20 solutions of 20 independent
                          items of two options each; prints the search
                          alone (p.count(memo=False), the same tree), the
                          iteration, and the difference
  build                   Problem() from 100,000 options of 5 items (of
                          1,000 primary and 100 secondary items) given as
                          Python lists of strings
"""

import random
import sys
import time

import dlx

N = int(sys.argv[-1]) if sys.argv[-1].isdigit() else 3


def best(f):
    t = None
    for _ in range(N):
        t0 = time.perf_counter()
        r = f()
        dt = time.perf_counter() - t0
        t = dt if t is None else min(t, dt)
    return t, r


what = sys.argv[1]
if what == "count":
    p = dlx.Problem.read(sys.argv[2])
    t, c = best(p.count)
    print("count %d %.3f %s" % (c, t, p.stats.engine))
elif what == "stream":
    p = dlx.Problem([[k] for k in range(20) for _ in range(2)])
    ts, c = best(lambda: p.count(memo=False, threads=1))

    def it():
        n = 0
        for _ in p.solutions():
            n += 1
        return n
    ti, n = best(it)
    assert n == c == 2 ** 20
    print("stream %d %.3f %.3f %.3f" % (n, ts, ti, ti - ts))
elif what == "build":
    rnd = random.Random(1)
    prim = ["p%d" % i for i in range(1000)]
    sec = ["s%d" % i for i in range(100)]
    opts = [rnd.sample(prim, 4) + [rnd.choice(sec)] for _ in range(100000)]
    t, p = best(lambda: dlx.Problem(opts, sec))
    assert len(p) == 100000
    print("build %d %.3f" % (len(p), t))
