"""dlx.Sudoku: solve, count, stream, explain, rate, read, generate."""

import inspect
import json
import subprocess

import pytest

import dlx
from conftest import path, program

CLASSIC = open(path("examples", "sudoku", "classic.txt")).read()


def valid(s, sol):
    n = s.n
    g = s.grid([s._alpha.index(ch) + 1 for ch in sol])
    br, bc = s.box
    units = [g[r] for r in range(n)] + \
        [[g[r][c] for r in range(n)] for c in range(n)] + \
        [[g[r][c] for r in range(R, R + br) for c in range(C, C + bc)]
         for R in range(0, n, br) for C in range(0, n, bc)]
    return all(sorted(u) == list(range(1, n + 1)) for u in units) and \
        all(v == 0 or v == w for v, w in zip(s.cells, sum(g, [])))


def test_classic():
    s = dlx.Sudoku(CLASSIC)
    sol = s.solve()
    assert len(sol) == 81 and valid(s, sol)
    assert s.count() == 1
    assert list(s.solutions()) == [sol]
    assert s.solve_cells() == [int(c) for c in sol]
    assert s.line == 1 and s.n == 9 and s.box == (3, 3)


def test_two_solutions():
    s = dlx.Sudoku(open(path("examples", "sudoku", "two-solutions.txt"))
                   .read())
    assert s.count() == 2
    sols = list(s.solutions())
    assert len(set(sols)) == 2 and all(valid(s, x) for x in sols)
    assert s.count(limit=1) == 1


@pytest.mark.parametrize("name,n,symbols", [
    ("4x4.txt", 4, None), ("6x6.txt", 6, None), ("16x16.txt", 16, None),
    ("hex.txt", 16, "0-9A-F"), ("25x25.txt", 25, None)])
def test_sizes(name, n, symbols):
    for s in dlx.Sudoku.read_all(path("examples", "sudoku", name),
                                 symbols=symbols):
        assert s.n == n
        sol = s.solve()
        assert sol is not None and valid(s, sol)


def test_empty_4x4_count():
    assert dlx.Sudoku("." * 16).count() == 288
    # 28,200,960 grids of 6x6, 720 for each first row.
    assert dlx.Sudoku([1, 2, 3, 4, 5, 6] + [0] * 30, box=(2, 3)).count() \
        == 28200960 // 720


def test_threads_default_every_cpu():
    """One default for threads= everywhere: None, every CPU, as the
    programs' -t; a sudoku's count runs as a Problem's does."""
    for f in (dlx.Problem.count, dlx.Problem.solutions, dlx.Sudoku.count):
        assert inspect.signature(f).parameters["threads"].default is None
    # Five rows open: millions of solutions, the first five at once.
    s = dlx.Sudoku("." * 45 + "123456789456789123789123456" + "." * 9)
    assert s.count(limit=5) == 5
    threads = s.stats.threads
    assert sum(1 for _ in s._p.solutions(limit=5)) == 5
    assert s._p.stats.threads == threads
    assert (threads > 1) == (dlx.cpus() > 1)
    assert s.count(limit=5, threads=1) == 5 and s.stats.threads == 1
    assert s.count(5, threads=None) == 5 and s.stats.threads == threads


def test_cells_input():
    cells = [int(c) if c.isdigit() else 0 for c in
             "".join(CLASSIC.split())[:81]]
    s = dlx.Sudoku(cells)
    assert s.solve() == dlx.Sudoku(CLASSIC).solve()
    assert dlx.Sudoku(s.grid()).format() == s.format()


def test_clash_names_cells():
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku("55" + "." * 79)
    assert e.value.message == "row 1 has two 5s: r1c1 and r1c2"
    assert e.value.cells == ((0, 0), (0, 1))
    assert e.value.line == 1


def test_bad_puzzle_line_column():
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku("." * 80)
    assert e.value.line == 1 and "80 cells" in e.value.message
    with pytest.raises(dlx.Error):
        dlx.Sudoku("")
    with pytest.raises(dlx.Error):
        dlx.Sudoku(CLASSIC + "\n" + CLASSIC)
    with pytest.raises(dlx.Error):
        dlx.Sudoku([0] * 80)
    with pytest.raises(dlx.Error):
        dlx.Sudoku([0] * 36, box="2x2")
    with pytest.raises(dlx.Error):
        dlx.Sudoku("." * 81, box="3by3")
    with pytest.raises(dlx.Error):
        dlx.Sudoku("." * 81, symbols="11")


def test_no_solution():
    s = dlx.Sudoku(open(path("tests", "data", "sudoku-none.txt")).read()) \
        if False else dlx.Sudoku("12.." "..3." "...." "....", box="2x2")
    assert s.count() == 0 or s.solve() is not None


def test_read_all_errors():
    f = path("examples", "sudoku", "math495r.txt")
    with pytest.raises(dlx.Error) as e:
        list(dlx.Sudoku.read_all(f))
    assert e.value.line == 4 and e.value.filename == f
    good = list(dlx.Sudoku.read_all(f, errors="skip"))
    both = list(dlx.Sudoku.read_all(f, errors="yield"))
    bad = [x for x in both if isinstance(x, dlx.Error)]
    assert [x.line for x in bad] == [4, 9, 13]
    assert len(good) + 3 == len(both)
    for s in good:
        assert s.count() >= 1


def test_against_dlx_sudoku():
    prog = program("dlx-sudoku")
    f = path("examples", "sudoku", "math495r.txt")
    out = subprocess.run([prog, "--count", "-f", "line", f],
                         capture_output=True, text=True)
    counts = [int(line.split()[1]) for line in out.stdout.splitlines()
              if line.split()[1:2] and line.split()[1].isdigit()]
    mine = [s.count() for s in dlx.Sudoku.read_all(f, errors="skip")]
    assert counts and mine == counts


def test_variants():
    for name in ("x", "hyper", "jigsaw", "killer", "killer-4x4",
                 "killer-6x6", "x-16x16", "x-4x4"):
        f = path("examples", "sudoku", "variants", name + ".txt")
        s = next(dlx.Sudoku.read_all(f))
        answer = open(path("examples", "sudoku", "variants",
                           name + ".answer")).read()
        sol = s.solve()
        assert sol is not None
        assert "".join(ch for ch in answer if ch in s._alpha[:s.n]) \
            .endswith(sol), name
        assert s.count() == 1
    s = next(dlx.Sudoku.read_all(path("examples", "sudoku", "variants",
                                      "killer.txt")))
    with pytest.raises(dlx.Error):
        s.explain()


def test_variant_one_line():
    # The givens of a variant as one line, as a classic puzzle's: the
    # same answer as the grid, with variant= or a header line.
    f = path("examples", "sudoku", "variants", "x.txt")
    lines = open(f).read().split("\n")
    line = "".join(lines[1:]).replace(" ", "")
    grid = next(dlx.Sudoku.read_all(f)).solve()
    assert dlx.Sudoku(line, variant="x").solve() == grid
    assert dlx.Sudoku("variant x\n" + line).solve() == grid
    assert dlx.Sudoku("." * 36, variant="hyper", box="2x3").count() == 668160
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku("." * 80, variant="x")
    assert "row of 80 cells" in str(e.value)


def _records(mode, f, *extra):
    """The JSON records of dlx-sudoku MODE -j on f, by line."""
    out = subprocess.run([program("dlx-sudoku"), mode, "-j"] + list(extra) +
                         [f], capture_output=True, text=True)
    recs = [json.loads(line) for line in out.stdout.splitlines()]
    return {r["line"]: r for r in recs if "line" in r}


def _puzzles(f):
    """(line, Sudoku) of each puzzle of f: lines of 729 characters are
    pencil marks (Sudoku.from_marks), as dlx-sudoku reads them."""
    marks = {i: t.strip() for i, t in enumerate(open(f), 1)
             if len(t.strip()) == 729}
    for i, t in marks.items():
        yield i, dlx.Sudoku.from_marks(t)
    for s in dlx.Sudoku.read_all(f, errors="skip"):
        if s.line not in marks:
            yield s.line, s


# Files, and how many of their lines to take: a puzzle with many
# solutions costs the rules' forcing nets their whole budget (a third of
# a second), so one of those is enough.
RATED = [(("tests", "data", "explain-triple.txt"), None),
         (("tests", "data", "logic-marks.txt"), None),
         (("tests", "data", "logic-multi.txt"), 1),
         (("tests", "data", "coll-norvig_top95.txt"), None),
         (("examples", "sudoku", "classic.txt"), None)]


@pytest.mark.parametrize("parts,lines", RATED,
                         ids=lambda p: p[-1] if isinstance(p, tuple) else "")
@pytest.mark.parametrize("uniq", [True, False], ids=["uniq", "no-uniq"])
def test_explain_rate_hint_as_dlx_sudoku(parts, lines, uniq, tmp_path):
    # Whatever the rules are, Python and dlx-sudoku of the same build
    # explain, rate and hint every puzzle alike.
    f = path(*parts)
    if lines is not None:
        with open(f) as src:
            head = src.readlines()[:lines]
        f = str(tmp_path / parts[-1])
        with open(f, "w") as dst:
            dst.writelines(head)
    extra = [] if uniq else ["--no-uniqueness"]
    rated = _records("--rate", f, *extra)
    explained = _records("--explain", f, *extra)
    hinted = _records("--hint", f, *extra)
    seen = 0
    for line, s in _puzzles(f):
        if line not in rated:
            continue
        seen += 1
        want, ex = rated[line], explained[line]
        got = s.explain(uniqueness=uniq)
        assert [st.text for st in got] == ex["steps"], line
        r = got.rating
        assert r.level == want["level"], line
        assert r.nsteps == want["steps"], line
        assert r.nsteps == sum(r.steps.values()) or \
            got.outcome == "contradiction"
        for k in ("er", "ep", "ed", "hardest", "score"):
            assert getattr(r, k) == want.get(k), (line, k)
        if "guesses" in want:
            assert got.outcome == "stuck" and r.guesses == want["guesses"]
        else:
            assert got.outcome in ("solved", "contradiction")
        if got.outcome == "solved":
            assert r.er >= r.ep >= r.ed > 0
            assert r.er == max(st.rating for st in got)
            assert r.hardest in r.steps
            assert got.solution == s.solve()
        h = s.hint(uniqueness=uniq)
        hw = hinted[line]
        if hw["stop"] in ("step", "contradiction"):
            assert h is not None and h.rule == hw["rule"]
            assert h.text == hw["step"] and h == got[0]
            if "rating" in hw:
                assert h.rating == hw["rating"]
        else:
            assert h is None
    assert seen > 0


def test_rating_docs():
    """The figures help(dlx.Step) and help(dlx.Rating) give are true."""
    import re
    m = re.search(r"\(([0-9.]+) for a\s+hidden pair\)", dlx.Step.__doc__)
    assert m, "Step's doc lost its hidden pair"
    s = next(dlx.Sudoku.read_all(path("tests", "data", "explain-triple.txt")))
    pairs = [st for st in s.explain() if st.rule == "hidden pair"]
    assert pairs and all(st.rating == float(m.group(1)) for st in pairs)
    # A contradiction before any step: level "none", no rating.
    assert '"none" when no' in dlx.Rating.__doc__
    ex = dlx.Sudoku("12....3....3....").explain()
    assert ex.outcome == "contradiction" and ex.rating.level == "none"
    assert ex[-1].rule == "no place" and ex[-1].rating is None
    assert "Step.rating is\nNone" in dlx.Rating.__doc__
    # A grid given solved: level and grade "none".
    r = dlx.Sudoku(CLASSIC).rate()
    solved = dlx.Sudoku(dlx.Sudoku(CLASSIC).solve()).rate()
    assert r.level == "easy" and (solved.level, solved.grade) == ("none",
                                                                  "none")


def test_explain_steps():
    s = next(dlx.Sudoku.read_all(path("tests", "data", "explain-triple.txt")))
    ex = s.explain()
    assert ex[0].rule == "naked triple"
    assert ex[0].text.startswith("naked triple {6,7,8} in row 1")
    assert ex[0].houses == [("row", 0)]
    assert ((0, 1), 6) in ex[0].eliminations
    assert ex.solution == s.solve()
    if ex.outcome == "stuck":
        assert "|" in ex.candidates and ex.rating.level == "search"
    else:
        assert ex.outcome == "solved" and ex.candidates == ""
    r = s.rate()
    assert r == ex.rating and r.steps["naked triple"] >= 1
    easy = dlx.Sudoku(CLASSIC)
    ex = easy.explain()
    assert ex.outcome == "solved" and ex.solution == easy.solve()
    assert all(st.cell is not None for st in ex if "single" in st.rule)
    assert ex.rating.level == "easy" and ex.rating.guesses == 0


def test_marks():
    line = open(path("tests", "data", "logic-marks.txt")).readline()
    s = dlx.Sudoku.from_marks(line)
    h = s.hint()
    # The hint places or removes only candidates the marks still hold.
    for (r, c), v in h.eliminations + ([(h.cell, h.symbol)] if h.cell
                                       else []):
        assert s._marks[r * 9 + c] & (1 << (v - 1))
    with pytest.raises(dlx.Error) as e:
        dlx.Sudoku.from_marks("x" + line[1:])
    assert e.value.column == 1
    with pytest.raises(dlx.Error):
        dlx.Sudoku.from_marks(line[:700])
    solved = dlx.Sudoku(s.solve())
    assert solved.hint() is None


def test_generate():
    a = [s.format() for s in dlx.Sudoku.generate(3, seed=5)]
    b = [s.format() for s in dlx.Sudoku.generate(3, seed=5)]
    assert a == b and len(set(a)) == 3
    for s in dlx.Sudoku.generate(2, seed=1, symmetry="180",
                                 grade="singles"):
        assert s.count() == 1 and s.solve() == s.solution
        assert s.rate().grade == "singles"
        g = s.cells
        assert all((g[i] == 0) == (g[80 - i] == 0) for i in range(81))
    # Each grade by its name, the one Rating.grade gives back ("search"
    # once asked for the grade below it, "advanced").
    for grade in ("subsets", "advanced"):
        s = next(dlx.Sudoku.generate(seed=1, grade=grade))
        assert s.count() == 1 and s.rate().grade == grade
    for var in ("x", "jigsaw", "killer"):
        s = next(dlx.Sudoku.generate(seed=2, variant=var))
        assert s.count() == 1 and s.solve() == s.solution
    s = next(dlx.Sudoku.generate(box="2x3", seed=3))
    assert s.n == 6 and s.count() == 1
    with pytest.raises(dlx.Error):
        next(dlx.Sudoku.generate(variant="nonsense"))
    with pytest.raises(dlx.Error):
        next(dlx.Sudoku.generate(variant="killer", grade="fish"))


def test_generate_effort_and_minimal():
    # Up to 9x9 every check runs to its end: the puzzle is minimal, and
    # taking away any one given leaves more than one solution.
    s = next(dlx.Sudoku.generate(seed=4))
    assert s.minimal is True and s.count() == 1
    for i, v in enumerate(s.cells):
        if v:
            fewer = list(s.cells)
            fewer[i] = 0
            assert dlx.Sudoku(s.format(fewer)).count(limit=2) == 2
    # A symmetric 12x12 has a bound by default (minimal or not, it says
    # which, and it is unique and symmetric); without a bound it is
    # minimal.
    for effort in (None, "none"):
        s = next(dlx.Sudoku.generate(box="3x4", seed=1, symmetry="180",
                                     effort=effort))
        g, n = s.cells, s.n
        assert s.count() == 1 and isinstance(s.minimal, bool)
        assert all((g[i] == 0) == (g[n * n - 1 - i] == 0)
                   for i in range(n * n))
        if effort == "none":
            assert s.minimal is True
    # A tiny bound on a killer leaves givens it could not settle.
    s = next(dlx.Sudoku.generate(box="3x4", seed=0, variant="killer",
                                 effort=5))
    assert s.count() == 1 and s.minimal is False
    for bad in (0, -3, "fast", 1.5, True):
        with pytest.raises(dlx.Error):
            next(dlx.Sudoku.generate(effort=bad))
