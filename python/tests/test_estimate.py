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
    assert runner.failures == 0 and runner.tries == 2


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
    assert p.estimate(4000, knuth=knuth) == e
    assert p.estimate(4000, seed=1, knuth=knuth) != e


def test_one_path_is_exact():
    p = dlx.Problem([["a"], ["b"], ["c"], ["d"]])
    e = p.estimate(5)
    assert (e.nodes, e.nodes_se, e.solutions, e.solutions_se) == \
        (5.0, 0.0, 1.0, 0.0)
    assert e.max_depth == 4


def test_refusals():
    p = dlx.Problem([["a"], ["b"]])
    for bad in (0, -1, 1.5, True, "10"):
        with pytest.raises(ValueError):
            p.estimate(bad)
    b = dlx.Problem([["a"], ["a"]], bounds={"a": (1, 2)})
    with pytest.raises(dlx.Error):
        b.estimate(10)


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
    assert rec["max_depth"] == e.max_depth

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
