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


@pytest.fixture(autouse=True)
def sigint_raises():
    # A process started in the background by a non-interactive shell
    # inherits SIGINT ignored, and Python then installs no handler: the
    # signal would never become KeyboardInterrupt.  Install Python's own.
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def interrupt_after(seconds):
    t = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    t.start()
    return t


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_count(threads):
    p = long_problem()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        p.count(threads=threads, memo=False)
    assert p.stats.status == "stopped" and p.stats.nodes > 0
    # Usable afterwards: a search of the same problem answers.
    sol = p.first()
    assert sol is not None and len(sol) == 15


def test_ctrl_c_stops_stream():
    p = long_problem()
    interrupt_after(0.3)
    n = 0
    with pytest.raises(KeyboardInterrupt):
        for _ in p.solutions():
            n += 1
            if n % 1000 == 0:
                time.sleep(0.01)
    assert 0 < n < 2_279_184        # stopped before the last solution
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
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        s._p.count(memo=memo, threads=1)
    assert s.solve() is not None


def test_ctrl_c_stops_generator():
    # Puzzles of 17 givens are far too rare for random grids: the
    # generator tries grid after grid (a few ms each; Ctrl-C is checked
    # between them) until Ctrl-C.
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        next(dlx.Sudoku.generate(max_givens=17, max_attempts=10 ** 9))
