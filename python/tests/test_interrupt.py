"""Ctrl-C stops a long search promptly and leaves the objects usable."""

import os
import signal
import threading
import time

import pytest

import dlx


def long_problem():
    # 15 queens by plain search: about 2.3 million solutions, a few seconds
    # at least: long enough to interrupt.
    n = 15
    opts = [[("r", r), ("c", c), ("a", r + c), ("b", r - c + n)]
            for r in range(n) for c in range(n)]
    sec = [("a", k) for k in range(2 * n)] + [("b", k) for k in range(2 * n)]
    return dlx.Problem(opts, sec)


def interrupt_after(seconds):
    t = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    t.start()
    return t


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_count(threads):
    p = long_problem()
    t0 = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        p.count(threads=threads, memo=False)
    assert time.monotonic() - t0 < 2.0
    assert p.stats.status == "stopped" and p.stats.nodes > 0
    # Usable afterwards: a search of the same problem answers.
    sol = p.first()
    assert sol is not None and len(sol) == 15


def test_ctrl_c_stops_stream():
    p = long_problem()
    t0 = time.monotonic()
    interrupt_after(0.3)
    n = 0
    with pytest.raises(KeyboardInterrupt):
        for _ in p.solutions():
            n += 1
            if n % 1000 == 0:
                time.sleep(0.01)
    assert time.monotonic() - t0 < 2.0
    assert len(list(p.solutions(limit=3))) == 3


def test_other_threads_run_during_search():
    p = long_problem()
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)
    th = threading.Thread(target=tick)
    th.start()
    try:
        with pytest.raises(dlx.Incomplete):
            p.count(memo=False, threads=1, max_updates=30_000_000)
    finally:
        stop.set()
        th.join()
    assert len(ticks) > 5


@pytest.mark.parametrize("memo", [True, None])
def test_ctrl_c_stops_cached_count(memo):
    # The empty 9x9 sudoku has 6.67e21 grids: the cache counts for ever.
    s = dlx.Sudoku("." * 81)
    t0 = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        s._p.count(memo=memo, threads=1)
    assert time.monotonic() - t0 < 2.0
    assert s.solve() is not None


def test_ctrl_c_stops_generator():
    # Puzzles of 17 givens are far too rare for random grids: the
    # generator tries grid after grid (a few ms each; Ctrl-C is checked
    # between them) until Ctrl-C.
    t0 = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        next(dlx.Sudoku.generate(max_givens=17, max_attempts=10 ** 9))
    assert time.monotonic() - t0 < 3.0
