"""Puzzles of pencil marks (Sudoku.from_marks, and lines of marks read by
parse_all/read_all): every method answers the marks puzzle, whose
solutions use no struck candidate; checked against a brute force on 4x4
grids, a known 9x9 figure and dlx-sudoku."""

import doctest
import json
import random
import subprocess

import pytest

import dlx
from conftest import path, program

# 26 givens, 385,677 solutions; 200,479 of them have a 1 in r1c1.
P26 = (".2......9..71.........3..1....5..3..5...7.....8...2..6........."
       "6.8.....4......92.")


def marks_of(puzzle, n=9, strike=()):
    """The marks line of puzzle (every symbol in an open cell, the given
    alone in a given cell) with the (cell, symbol) pairs of strike
    struck."""
    sym = "123456789ABCDEFG"[:n]
    out = []
    for i, ch in enumerate(puzzle):
        for d in range(1, n + 1):
            ok = (ch == "." or ch == sym[d - 1]) and (i, d) not in strike
            out.append(sym[d - 1] if ok else ".")
    return "".join(out)


def test_figure_9x9(tmp_path):
    full = dlx.Sudoku.from_marks(marks_of(P26))
    assert full.count() == 385677
    line = marks_of(P26, strike={(0, 1)})
    struck = dlx.Sudoku.from_marks(line)
    assert struck.count() == 185198
    # dlx-sudoku counts the same line alike.
    f = tmp_path / "m.txt"
    f.write_text(line + "\n")
    assert _counts(str(f)) == {1: 185198}
    one = dlx.Sudoku.from_marks(marks_of(P26, strike={(0, d) for d in
                                                       range(2, 10)}))
    assert one.cells[0] == 1
    assert one.count() == 200479
    # The search honours the marks: no solution has the struck 1.
    for sol in struck.solutions(limit=200, cells=True):
        assert sol[0] != 1
    assert struck.solve_cells()[0] != 1
    assert struck.stats.solutions >= 1


def brute(n, br, bc, marks):
    """Solutions of the marks (N*N masks) of an n x n grid of boxes br x
    bc, by filling cells in reading order."""
    g = [0] * (n * n)

    def clash(x, v):
        r, c = divmod(x, n)
        for y in range(x):
            if g[y] != v:
                continue
            r2, c2 = divmod(y, n)
            if r == r2 or c == c2 or (r // br == r2 // br and
                                      c // bc == c2 // bc):
                return True
        return False

    def fill(x):
        if x == n * n:
            return 1
        t = 0
        for v in range(1, n + 1):
            if marks[x] >> (v - 1) & 1 and not clash(x, v):
                g[x] = v
                t += fill(x + 1)
                g[x] = 0
        return t
    return fill(0)


def singles_clash(n, br, bc, marks):
    one = [m.bit_length() if m & (m - 1) == 0 else 0 for m in marks]
    for x in range(n * n):
        for y in range(x):
            if one[x] and one[x] == one[y]:
                r, c = divmod(x, n)
                r2, c2 = divmod(y, n)
                if r == r2 or c == c2 or (r // br == r2 // br and
                                          c // bc == c2 // bc):
                    return True
    return False


def test_brute_4x4():
    rnd = random.Random(2026)
    seen = 0
    for _ in range(150):
        marks = []
        for _ in range(16):
            m = 0
            for d in range(4):
                if rnd.random() < 0.7:
                    m |= 1 << d
            marks.append(m or 1 << rnd.randrange(4))
        line = "".join("1234"[d] if m >> d & 1 else "."
                       for m in marks for d in range(4))
        if singles_clash(4, 2, 2, marks):
            with pytest.raises(dlx.Error) as e:
                dlx.Sudoku.from_marks(line)
            assert "has two" in str(e.value)
            continue
        s = dlx.Sudoku.from_marks(line)
        want = brute(4, 2, 2, marks)
        assert s.count() == want, line
        sols = list(s.solutions(cells=True))
        assert len(sols) == want
        for sol in sols:
            assert all(m >> (v - 1) & 1 for m, v in zip(marks, sol))
        assert (s.solve() is None) == (want == 0)
        seen += want > 0
    assert seen > 20


def test_strike_nothing_is_plain():
    assert dlx.Sudoku.from_marks("1234" * 16).count() == 288
    s = dlx.Sudoku.from_marks(".234" + "1234" * 15)
    assert s.count() == 288 - dlx.Sudoku("1" + "." * 15).count() == 216


def test_errors():
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku.from_marks("...." + "1234" * 15)
    assert "r1c1 has no candidate" in str(e.value)
    assert e.value.column == 1
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku.from_marks("1...1..." + "1234" * 14)
    assert str(e.value) == "row 1 has two 1s: r1c1 and r1c2"
    assert e.value.cells == ((0, 0), (0, 1))


def test_docstring_example():
    # The example of help(dlx.Sudoku.from_marks) runs as written.
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for t in finder.find(dlx.Sudoku.from_marks, "from_marks",
                         globs={"Sudoku": dlx.Sudoku}):
        runner.run(t)
    assert runner.tries >= 2 and runner.failures == 0


def _counts(f, *extra):
    out = subprocess.run([program("dlx-sudoku"), "-c", "-j"] + list(extra)
                         + [f], capture_output=True, text=True)
    return {r["line"]: r.get("solutions", r.get("error"))
            for r in map(json.loads, out.stdout.splitlines())}


@pytest.mark.parametrize("name", ["marks.txt", "marks-9x9.txt",
                                  "marks-variants.txt"])
def test_read_all_as_cli(name):
    # Lines of marks in a file are marks puzzles (variants too), counted
    # as dlx-sudoku counts them; bad lines are errors on both sides.
    f = path("tests", "data", name)
    cli = _counts(f)
    seen = 0
    for s in dlx.Sudoku.read_all(f, errors="yield"):
        if isinstance(s, dlx.Error):
            assert s.line in cli and isinstance(cli[s.line], str)
            assert cli[s.line] == s.args[0]
            continue
        assert s.count() == cli[s.line], s.line
        seen += 1
    assert seen == {"marks.txt": 3, "marks-9x9.txt": 1,
                    "marks-variants.txt": 2}[name]

