"""dlx.Sudoku.redundant() and minimize(): against full counts on small
grids, a 17-clue puzzle, symmetry, variants, errors, their docstring
examples, and against dlx-sudoku --redundant and --minimize."""

import doctest
import json
import random
import subprocess

import pytest

import dlx
from conftest import path, program

P17 = (".................1.....2.3......3.2...1.4......5....6..3......4.7."
       ".8...962...7...")
P20 = ("9................1.....2.3......3.2...1.45.....5....6..3......4.7."
       ".8...962...7..3")


def without(s, cells, r, c):
    c2 = list(cells)
    c2[r * s.n + c] = 0
    return c2


def test_17_clue_is_minimal():
    s = dlx.Sudoku(P17)
    assert s.redundant() == []
    m = s.minimize()
    assert m.format() == P17 and m.minimal
    # The Sudoku still holds its puzzle.
    assert s.count() == 1


def test_three_redundant():
    s = dlx.Sudoku(P20)
    assert s.redundant() == [(0, 0), (4, 5), (8, 8)]
    m = s.minimize()
    assert m.format() == P17
    assert m.solve() == s.solve()
    assert s.format() == P20 and s.count() == 1


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_redundant_by_counting(box):
    rng = random.Random(sum(box))
    n = box[0] * box[1]
    grid = next(dlx.Sudoku.generate(1, box, seed=sum(box)))
    sol = [grid._alpha.index(ch) + 1 for ch in grid.solution]
    asked = 0
    for _ in range(20):
        cells = [v if rng.random() < 0.5 else 0 for v in sol]
        s = dlx.Sudoku(cells, box=box)
        if s.count() != 1:
            with pytest.raises(dlx.Error):
                s.redundant()
            continue
        asked += 1
        want = [(x // n, x % n) for x in range(n * n) if cells[x] and
                dlx.Sudoku(without(s, cells, x // n, x % n),
                           box=box).count() == 1]
        assert s.redundant() == want
    assert asked > 0


@pytest.mark.parametrize("sym", [None, "180", "90", "mirror"])
def test_minimize_symmetric(sym):
    s = dlx.Sudoku("423156516324364215152463631542245631", box=(2, 3))
    for seed in range(3):
        m = s.minimize(sym, seed=seed)
        assert m.minimal and m.count() == 1
        n = 6
        for x in range(n * n):
            r, c = divmod(x, n)
            imgs = {"180": [(n - 1 - r) * n + n - 1 - c],
                    "90": [c * n + n - 1 - r, (n - 1 - r) * n + n - 1 - c,
                           (n - 1 - c) * n + r],
                    "mirror": [r * n + n - 1 - c]}.get(sym, [])
            for y in imgs:
                assert (m.cells[x] == 0) == (m.cells[y] == 0)
        # No orbit can go: every given is needed with its orbit.
        assert m.redundant(symmetry=sym) == []


def test_killer_keeps_cages():
    text = open(path("examples", "sudoku", "variants",
                     "killer-4x4.txt")).read()
    s = dlx.Sudoku(text)
    full = dlx.Sudoku(text.replace("....\n....\n....\n.21.",
                                   "2143\n4321\n1432\n3214"))
    assert full.count() == 1
    m = full.minimize()
    assert m.variant == "killer" and m.count() == 1
    assert m._var[5] == s._var[5]
    assert sum(1 for v in m.cells if v) == 2


def test_errors():
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku("." * 16).redundant()
    assert e.value.code == 211
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku("1..." + ".2.." + ".3.." + ".4..").minimize()
    assert e.value.code == 210
    with pytest.raises(dlx.Error):
        dlx.Sudoku(P17).minimize("45")
    with pytest.raises(dlx.Error):
        dlx.Sudoku(P17).redundant(effort=-1)


def test_effort_bound():
    # One node per check: the puzzle's own check cannot finish.
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku(P20).redundant(effort=1)
    assert e.value.code == 3        # DLX_INCOMPLETE


def test_docstrings():
    for f in (dlx.Sudoku.redundant, dlx.Sudoku.minimize):
        t = doctest.DocTestFinder().find(f, globs={"Sudoku": dlx.Sudoku})
        r = doctest.DocTestRunner()
        for test in t:
            r.run(test)
        assert r.failures == 0 and r.tries > 0


def test_against_dlx_sudoku():
    prog = program("dlx-sudoku")
    f = path("examples", "sudoku", "redundant.txt")
    out = subprocess.run([prog, "--redundant", "--json", f],
                         capture_output=True, text=True)
    rec = json.loads(out.stdout)
    s = dlx.Sudoku(P20)
    assert rec["redundant"] == ["r%dc%d" % (r + 1, c + 1)
                                for r, c in s.redundant()]
    grids = path("examples", "sudoku", "math495r.txt")
    for sym in ("none", "180"):
        out = subprocess.run([prog, "-f", "line", grids],
                             capture_output=True, text=True)
        first = out.stdout.splitlines()[0]
        out = subprocess.run([prog, "--minimize", "--symmetry", sym,
                              "--seed", "7", "-"], input=first + "\n",
                             capture_output=True, text=True)
        m = dlx.Sudoku(first).minimize(None if sym == "none" else sym,
                                       seed=7)
        assert out.stdout.strip() == m.format()
