"""dlx.Sudoku.true_candidates() and unique_by(): against the solutions
themselves, the docstrings' examples, and dlx-sudoku's JSON records."""

import doctest
import itertools
import json
import subprocess

import dlx
from conftest import path, program


def brute(s):
    """Each cell's {symbol: solutions} from the solutions themselves."""
    n = s.n
    table = [dict() for _ in range(n * n)]
    for sol in s.solutions(cells=True):
        for i, v in enumerate(sol):
            table[i][v] = table[i].get(v, 0) + 1
    return table


PUZZLES = ["1.....2...3.....", "12.3............", "1...............",
           "12..34....21..43", "12....3...4.....",
           "1....2..........3...4...............",       # 6x6
           "variant x 2x2\n....\n.1..\n....\n2...\n"]


def test_against_solutions():
    for text in PUZZLES:
        s = dlx.Sudoku(text)
        want = brute(s)
        total = s.count()
        got = s.true_candidates(counts=True)
        assert got == want
        assert s.true_candidates() == [set(d) for d in want]
        for d, i in zip(got, range(s.n * s.n)):
            assert sum(d.values()) == total or (total == 0 and not d)
            if s.cells[i]:
                assert d == ({s.cells[i]: total} if total else {})


def test_unique_by():
    for text in PUZZLES:
        s = dlx.Sudoku(text)
        total = s.count()
        leaves, placements = s.unique_by(threads=1)
        if total <= 1:
            assert (leaves, placements) == (total, [])
            continue
        assert placements and placements == sorted(placements)
        # Each placement, added as a given, leaves `leaves` solutions.
        for r, c, v in placements:
            cells = list(s.cells)
            assert cells[r * s.n + c] == 0
            cells[r * s.n + c] = v
            if s.variant == "classic":
                assert dlx.Sudoku(cells, box=s.box).count() == leaves
        # And none leaves fewer (above 0), nor is left out.
        table = s.true_candidates(counts=True)
        cuts = [(i // s.n, i % s.n, v) for i, d in enumerate(table)
                for v, k in d.items() if 0 < k < total and k == leaves]
        assert sorted(cuts) == placements
        assert min(k for d in table for k in d.values()
                   if 0 < k < total) == leaves


def test_docstrings():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for f in (dlx.Sudoku.true_candidates, dlx.Sudoku.unique_by):
        for t in finder.find(f, globs={"Sudoku": dlx.Sudoku}):
            runner.run(t)
    assert runner.failures == 0 and runner.tries >= 5


def _json(mode, text, tmp_path):
    f = tmp_path / "in.txt"
    f.write_text(text)
    out = subprocess.run([program("dlx-sudoku"), mode, "-j", str(f)],
                         capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_against_dlx_sudoku(tmp_path):
    text = "\n".join(PUZZLES[:6]) + "\n"
    recs = _json("--true-candidates=counts", text, tmp_path)
    assert len(recs) == 6
    for r, p in zip(recs, PUZZLES):
        s = dlx.Sudoku(p)
        assert r["type"] == "candidates"
        assert r["solutions"] == s.count()
        mine = s.true_candidates(counts=True)
        theirs = [{int(k): v for k, v in d.items()} for d in r["counts"]]
        # The CLI leaves a given's cell empty.
        assert [({} if s.cells[i] else d) for i, d in enumerate(mine)] \
            == theirs
    recs = _json("--unique-by", text, tmp_path)
    for r, p in zip(recs, PUZZLES):
        leaves, placements = dlx.Sudoku(p).unique_by()
        assert r["type"] == "unique-by"
        assert [(int(x["cell"][1:].split("c")[0]) - 1,
                 int(x["cell"].split("c")[1]) - 1, int(x["symbol"]))
                for x in r["placements"]] == placements
        if placements:
            assert r["leaves"] == leaves


def test_9x9():
    # serg's first puzzle: 872 solutions, per-candidate counts that sum
    # to it in every cell; the two-solution example's four cells.
    line = open(path("tests", "data", "sudoku-serg300.counts")).readline()
    s = dlx.Sudoku(line.split()[0])
    table = s.true_candidates(counts=True)
    assert all(sum(d.values()) == 872 for d in table)
    s = dlx.Sudoku(open(path("examples", "sudoku",
                              "two-solutions.txt")).read())
    leaves, placements = s.unique_by()
    assert leaves == 1
    assert sorted({(r, c) for r, c, _ in placements}) == \
        list(itertools.product((0, 1), (1, 5)))
