"""dlx.Problem.estimate() and dlx.Sudoku.estimate(): Knuth's random-probe
estimate against the true figures of small trees, a tree of one path
(exact), the refusals, and agreement with dlx --estimate and
dlx-sudoku --estimate."""

import doctest
import json
import subprocess

import pytest

import dlx
from conftest import path, program

QUEENS8 = path("tests", "data", "queens8.dlx")


def near(est, se, truth, k=4.0):
    return abs(est - truth) <= k * se + 1e-9 * max(truth, 1)


def test_doctest():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(verbose=False)
    for t in finder.find(dlx.Problem.estimate,
                         globs={"Problem": dlx.Problem}):
        runner.run(t)
    assert runner.failures == 0 and runner.tries == 4


@pytest.mark.parametrize("knuth", [False, True])
def test_queens8_within_standard_errors(knuth):
    with open(QUEENS8) as f:
        p = dlx.Problem.from_text(f.read())
    assert p.count(memo=False, threads=1, knuth=knuth) == 92
    nodes = p.stats.nodes
    e = p.estimate(4000, knuth=knuth)
    assert e.probes == 4000
    assert e.nodes_se > 0 and e.solutions_se > 0
    assert near(e.nodes, e.nodes_se, nodes), (e, nodes)
    assert near(e.solutions, e.solutions_se, 92), e
    # The same seed, the same figures; another seed, others.
    assert p.estimate(4000, knuth=knuth)[:7] == e[:7]
    assert p.estimate(4000, seed=1, knuth=knuth)[:7] != e[:7]


def test_one_path_is_exact():
    p = dlx.Problem([["a"], ["b"], ["c"], ["d"]])
    e = p.estimate(5)
    assert (e.nodes, e.nodes_se, e.solutions, e.solutions_se) == \
        (5.0, 0.0, 1.0, 0.0)
    assert e.max_depth == 4 and e.hits == 5
    # The timed search finishes the tree: its figures are the truth.
    assert e.complete and e.count == 1 and e.seconds_se == 0.0
    assert e.seconds >= 0 and e.rate >= 0
    assert e.parts is None and e.largest is None


def test_refusals():
    p = dlx.Problem([["a"], ["b"]])
    for bad in (0, -1, 1.5, True, "10"):
        with pytest.raises(ValueError):
            p.estimate(bad)
    for bad in (0, -2.5, True, "1h"):
        with pytest.raises(ValueError):
            p.estimate(10, part_time=bad)
    b = dlx.Problem([["a"], ["a"]], bounds={"a": (1, 2)})
    with pytest.raises(dlx.Error):
        b.estimate(10)


def test_forecast_and_parts():
    # The empty 9x9: far beyond the timed search; its grids and nodes in
    # the billions of billions, seconds = nodes / rate.
    s = dlx.Sudoku("." * 81)
    e = s.estimate(300, part_time=86400)
    assert not e.complete and e.count is None
    assert 1e21 < e.solutions < 1e23 and e.hits > 0
    assert e.rate > 0 and e.seconds_se > 0
    assert abs(e.seconds - e.nodes / e.rate) <= 1e-9 * e.seconds
    assert e.parts == 1048576 and e.largest > 86400
    # The parts rule, as forecast.c has it: the fewest parts whose
    # largest fits, the imbalance 1.4 at 8 parts, 2.3 at 64.
    assert dlx._parts(10.0, 20.0) == (1, 10.0)
    n, largest = dlx._parts(100.0, 10.0)
    assert n == 15 and largest <= 10.0
    # 64 parts of 100 s: the largest 2.3 times the mean, 230 s.
    assert dlx._imbalance(64) == 2.3 and dlx._imbalance(8) == 1.4
    n, largest = dlx._parts(6400.0, 230.0)
    assert n <= 64 and largest <= 230.0
    for secs, target in ((1e3, 7.0), (1e5, 60.0), (3.7e6, 3600.0)):
        n, largest = dlx._parts(secs, target)
        assert largest <= target * (1 + 1e-9)
        assert n == 1 or secs * dlx._imbalance(n - 1) / (n - 1) > target


def test_sudoku_empty_4x4():
    s = dlx.Sudoku("." * 16)
    e = s.estimate(4000)
    assert near(e.solutions, e.solutions_se, 288), e


def test_cli_agrees(tmp_path):
    with open(QUEENS8) as f:
        p = dlx.Problem.from_text(f.read())
    out = subprocess.run([program("dlx"), "--estimate=3000",
                          "--json", QUEENS8], capture_output=True,
                         text=True, check=True).stdout
    rec = json.loads(out)
    e = p.estimate(3000)
    assert rec["type"] == "estimate" and rec["probes"] == 3000
    # The program prints 6 significant digits.
    for k in ("nodes", "nodes_se", "solutions", "solutions_se"):
        assert float("%.6g" % getattr(e, k)) == rec[k], k
    assert rec["max_depth"] == e.max_depth and rec["hits"] == e.hits
    assert rec["complete"] and e.complete and rec["count"] == e.count == 92
    out = subprocess.run([program("dlx"), "--estimate=300", "--seed=9",
                          "--json", QUEENS8], capture_output=True,
                         text=True, check=True).stdout
    rec = json.loads(out)
    e = p.estimate(300, seed=9)
    assert rec["seed"] == 9
    assert float("%.6g" % e.nodes) == rec["nodes"] and e[:7] != p.estimate(300)[:7]

    f = tmp_path / "e4.txt"
    f.write_text("." * 16 + "\n")
    out = subprocess.run([program("dlx-sudoku"),
                          "--estimate=3000", "--json", str(f)],
                         capture_output=True, text=True,
                         check=True).stdout
    rec = json.loads(out)
    e = dlx.Sudoku("." * 16).estimate(3000)
    assert float("%.6g" % e.solutions) == rec["solutions"]
    assert float("%.6g" % e.nodes) == rec["nodes"]
