"""dlx.Sudoku.canonical() and automorphisms(): the canonical (minlex) form
of classic 9x9 puzzles, against isomorphs, the form's own form, counts of
solutions, and dlx-sudoku --canonical."""

import doctest
import json
import random
import subprocess

import pytest

import dlx
from conftest import path, program

SAMPLE = path("tests", "data", "canon-sample.txt")
SERG = path("tests", "data", "sudoku-serg300.counts")


def isomorph(rng, text):
    """A random isomorph: a symmetry of the grid, then a relabelling."""
    def band_map():
        bands = rng.sample(range(3), 3)
        return [3 * b + w for b in bands for w in rng.sample(range(3), 3)]
    rows, cols = band_map(), band_map()
    digits = [0] + rng.sample(range(1, 10), 9)
    t = rng.randrange(2)
    cells = [0 if ch == "." else int(ch) for ch in text]
    out = []
    for i in range(9):
        for j in range(9):
            k = 9 * cols[j] + rows[i] if t else 9 * rows[i] + cols[j]
            out.append(digits[cells[k]])
    return "".join(str(v) if v else "." for v in out)


def test_docstrings():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(verbose=False)
    for f in (dlx.Sudoku.canonical, dlx.Sudoku.automorphisms):
        for t in finder.find(f, globs={"Sudoku": dlx.Sudoku}):
            assert t.examples
            runner.run(t)
    assert runner.failures == 0


def test_isomorphs_one_form():
    rng = random.Random(7)
    for s in dlx.Sudoku.read_all(SAMPLE):
        form = s.canonical()
        naut = s.automorphisms()
        assert len(form) == 81
        assert dlx.Sudoku(form).canonical() == form
        for _ in range(5):
            other = dlx.Sudoku(isomorph(rng, s.format()))
            assert other.canonical() == form
            assert other.automorphisms() == naut


def test_known():
    p = dlx.Sudoku("..3.5.7....6.8...........5..........56....."
                   "34..........4...........1.3....2.4.6..")
    assert p.canonical() == ("......................12.34........1..14..5"
                             "....62..........3.....37..2....8...4..")
    assert p.automorphisms() == 8
    assert dlx.Sudoku("." * 81).automorphisms() == 3359232


def test_forms_keep_counts():
    """A form is an isomorph: as many solutions as its puzzle."""
    lines = open(SERG).read().split("\n")[:40]
    for line in lines:
        puzzle, count = line.split()
        form = dlx.Sudoku(puzzle).canonical()
        assert dlx.Sudoku(form).count() == int(count)


def test_refused():
    with pytest.raises(dlx.Error, match="classic 9x9 sudoku only"):
        dlx.Sudoku("1234341221434321").canonical()
    with pytest.raises(dlx.Error, match="classic 9x9 sudoku only"):
        dlx.Sudoku("." * 81, variant="x").canonical()


def test_against_dlx_sudoku():
    prog = program("dlx-sudoku")
    out = subprocess.run([prog, "--canonical", SAMPLE],
                         capture_output=True, text=True)
    assert out.returncode == 0
    mine = [s.canonical() for s in dlx.Sudoku.read_all(SAMPLE)]
    assert mine and out.stdout.splitlines() == mine
    out = subprocess.run([prog, "--canonical", "--json", SAMPLE],
                         capture_output=True, text=True)
    recs = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["automorphisms"] for r in recs] == \
        [s.automorphisms() for s in dlx.Sudoku.read_all(SAMPLE)]
