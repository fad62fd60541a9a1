"""dlx.Problem: known counts, brute force, colors, bounds, the streams."""

import itertools
import random
import subprocess

import pytest

import dlx
from conftest import path, program


def queens(n):
    """n queens: rows and columns primary, diagonals secondary."""
    opts = [[("r", r), ("c", c), ("a", r + c), ("b", r - c + n - 1)]
            for r in range(n) for c in range(n)]
    sec = [("a", k) for k in range(2 * n - 1)] + \
        [("b", k) for k in range(2 * n - 1)]
    return dlx.Problem(opts, sec)


@pytest.mark.parametrize("n,count", [(1, 1), (2, 0), (3, 0), (4, 2),
                                     (5, 10), (6, 4), (7, 40), (8, 92)])
def test_queens_counts(n, count):
    p = queens(n)
    assert p.count() == count
    assert p.count(memo=False) == count
    assert p.count(knuth=True) == count
    sols = list(p.solutions())
    assert len(sols) == count
    assert len(set(map(tuple, sols))) == count
    for s in sols:
        assert s == sorted(s)
        assert sorted(x for k in s for x in p.option(k)
                      if x[0] in "rc") == sorted(
            [("r", r) for r in range(n)] + [("c", c) for c in range(n)])
    first = p.first()
    assert (first is None) == (count == 0)
    if first is not None:
        assert first in sols


def test_known_files():
    p = dlx.Problem.read(path("tests", "data", "queens8.dlx"))
    assert p.count() == 92
    assert p.stats.status == "complete"
    # Langford pairs of 8, each pair and its reversal.
    assert dlx.Problem.read(path("tests", "data", "langford8.dlx")).count() \
        == 300


def test_empty_problem():
    p = dlx.Problem([])
    assert p.count() == 1
    assert list(p.solutions()) == [[]]
    assert p.first() == []


def test_primary_without_option():
    p = dlx.Problem([["a"]], primary=["a", "b"])
    assert p.count() == 0
    assert p.first() is None


def brute(options, nprim, colors, bounds):
    """Every solution of a problem given as lists of (item, color)."""
    sols = []
    for r in range(len(options) + 1):
        for sub in itertools.combinations(range(len(options)), r):
            cover = {}
            ok = True
            for k in sub:
                for i, c in options[k]:
                    cover.setdefault(i, []).append(c)
            for i in range(nprim):
                lo, hi = bounds.get(i, (1, 1))
                if not lo <= len(cover.get(i, [])) <= hi:
                    ok = False
            for i, cs in cover.items():
                if i >= nprim and len(cs) > 1 and \
                        (0 in cs or len(set(cs)) > 1):
                    ok = False
            if ok:
                sols.append(list(sub))
    return sols


@pytest.mark.parametrize("seed", range(60))
def test_random_against_brute_force(seed):
    rnd = random.Random(seed)
    nprim = rnd.randint(1, 5)
    nsec = rnd.randint(0, 3)
    with_bounds = seed % 3 == 0
    bounds = {}
    if with_bounds:
        for i in range(nprim):
            lo = rnd.randint(0, 2)
            bounds[i] = (lo, lo + rnd.randint(0, 1))
    options = []
    for _ in range(rnd.randint(0, 10)):
        items = rnd.sample(range(nprim + nsec),
                           rnd.randint(1, min(4, nprim + nsec)))
        if not any(i < nprim for i in items):
            items.append(rnd.randrange(nprim))
        opt = [(i, rnd.randint(0, 2) if i >= nprim and not with_bounds
                else 0) for i in items]
        options.append(opt)
    labels = ["p%d" % i for i in range(nprim)] + \
        ["s%d" % i for i in range(nsec)]
    opts = [[labels[i] if c == 0 else "%s:%s" % (labels[i], "red blue".split()
             [c - 1]) for i, c in o] for o in options]
    p = dlx.Problem(opts, labels[nprim:],
                    {labels[i]: b for i, b in bounds.items()},
                    primary=labels[:nprim])
    want = brute(options, nprim, {}, bounds)
    assert p.count() == len(want)
    assert p.count(memo=False) == len(want)
    assert sorted(p.solutions()) == sorted(want)
    f = p.first()
    assert (f is None and not want) or f in want


def test_against_dlx_program(tmp_path):
    prog = program("dlx")
    rnd = random.Random(7)
    for trial in range(5):
        n = 12
        lines = [" ".join("i%d" % i for i in range(n)) + " | s0 s1"]
        for _ in range(40):
            items = rnd.sample(range(n), rnd.randint(1, 3))
            lines.append(" ".join("i%d" % i for i in items) +
                         (" s%d:%s" % (rnd.randint(0, 1), rnd.choice("xy"))
                          if rnd.random() < 0.5 else ""))
        text = "\n".join(lines) + "\n"
        f = tmp_path / ("r%d.dlx" % trial)
        f.write_text(text)
        out = subprocess.run([prog, "--no-progress", str(f)],
                             capture_output=True, text=True)
        assert out.returncode in (0, 1), out.stderr
        assert dlx.Problem.from_text(text).count() == int(out.stdout)
        assert dlx.Problem.read(f).count(threads=2) == int(out.stdout)


def test_knuth_figures_match_dlx(tmp_path):
    prog = program("dlx")
    f = path("tests", "data", "langford8.dlx")
    out = subprocess.run([prog, "--knuth", "--stats", "--no-progress", f],
                         capture_output=True, text=True)
    figs = dict(line.split(": ", 1) for line in out.stderr.splitlines()
                if ": " in line)
    p = dlx.Problem.read(f)
    assert p.count(knuth=True) == int(out.stdout)
    assert p.stats.nodes == int(figs["nodes"])
    assert p.stats.updates == int(figs["updates"])


def test_colors_with_colored_wrapper():
    # Two options may share secondary item x only with the same color.
    opts = [[1, dlx.Colored((0,), "red")], [2, dlx.Colored((0,), "red")],
            [3, dlx.Colored((0,), "blue")], [1, 2, 3]]
    p = dlx.Problem(opts, secondary=[(0,)])
    assert p.count() == 1 + 0
    assert p.first() == [3]
    p = dlx.Problem(opts[:2] + [[3]], secondary=[(0,)])
    assert p.count() == 1
    assert p.option(0) == [1, dlx.Colored((0,), "red")]


def test_text_colors_roundtrip():
    p = dlx.Problem.from_text("a b c | x\na x:red\nb x:red\nc x:blue\n"
                              "b c\n")
    assert p.count() == 0 + 1
    assert p.option(0) == ["a", "x:red"]
    assert p.items == ["a", "b", "c", "x"]
    assert (p.nprimary, p.nsecondary, len(p)) == (3, 1, 4)


def test_bounds_text_and_dict():
    p = dlx.Problem.from_text("2|a b\na\na b\na\n")
    assert p.count() == 2
    q = dlx.Problem([["a"], ["a", "b"], ["a"]], bounds={"a": 2})
    assert q.count() == 2
    assert q.bounds("a") == (2, 2)
    r = dlx.Problem([["a"], ["a", "b"], ["a"]], bounds={"a": (1, 3)})
    assert r.count() == 4
    assert sorted(r.solutions()) == [[0, 1], [0, 1, 2], [1], [1, 2]]


def test_count_past_2_64():
    # 70 independent items with two options each: 2^70 solutions.
    opts = [[k] for k in range(70) for _ in range(2)]
    p = dlx.Problem(opts)
    assert p.count() == 2 ** 70
    assert p.stats.engine == "cache"
    assert isinstance(p.count(), int)
    with pytest.raises(dlx.Incomplete) as e:
        p.count(memo=False, max_nodes=1000)
    assert e.value.count < 1000


def test_budget_is_not_no_solution():
    p = queens(10)
    with pytest.raises(dlx.Incomplete) as e:
        p.count(memo=False, max_nodes=50)
    assert e.value.stats.status == "budget"
    with pytest.raises(dlx.Incomplete):
        dlx.Problem([["a"], ["b"]], primary="abc").first(max_nodes=0) \
            if False else queens(12).first(max_nodes=3)
    assert queens(3).first(max_nodes=1000) is None


def test_solutions_limit_and_stop():
    p = queens(8)
    assert len(list(p.solutions(limit=5))) == 5
    s = p.solutions()
    got = [next(s) for _ in range(3)]
    s.close()
    assert list(s) == []
    assert got == list(p.solutions(limit=3))
    with p.solutions() as s2:
        next(s2)
    # The problem stays usable whatever happened to its streams.
    assert p.count() == 92


def test_solutions_stats():
    p = queens(6)
    s = p.solutions()
    assert len(list(s)) == 4
    assert s.stats.solutions == 4 and s.stats.status == "complete"
    assert p.stats == s.stats


def test_many_solutions_stream():
    # 2^16 solutions, in many batches.
    p = dlx.Problem([[k] for k in range(16) for _ in range(2)])
    n = 0
    seen = set()
    for sol in p.solutions(threads=2):
        n += 1
        seen.add(tuple(sol))
    assert n == 2 ** 16 == len(seen)


def test_stream_abandoned_stops_search():
    p = queens(12)
    for k, _ in enumerate(p.solutions()):
        if k == 10:
            break
    # The abandoned stream's thread ended: another search runs at once.
    assert p.first() is not None


def test_threads_from_python():
    import threading
    p = queens(9)
    res = []

    def work():
        res.append(p.count(threads=1, memo=False))
    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert res == [352] * 4
    assert p.count(threads=2, memo=False) == 352
    assert p.stats.threads == 2
    c = p.copy()
    assert c.count() == 352


def test_from_matrix_lists():
    m = [[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]]
    p = dlx.Problem.from_matrix(m)
    assert p.count() == 2
    assert sorted(p.solutions()) == [[0, 1], [2, 3]]
    p = dlx.Problem.from_matrix(m[:3], secondary=1)
    assert sorted(p.solutions()) == [[0, 1], [2]]
    p = dlx.Problem.from_matrix(m[:3], secondary=[0], items="xyz")
    assert p.items == ["y", "z", "x"]
    with pytest.raises(dlx.Error) as e:
        dlx.Problem.from_matrix(m, secondary=1)
    assert e.value.option == 3
    with pytest.raises(dlx.Error):
        dlx.Problem.from_matrix([[1, 0], [1]])


def test_from_matrix_numpy():
    np = pytest.importorskip("numpy")
    m = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]],
                 dtype=np.uint8)
    p = dlx.Problem.from_matrix(m, items="xyz")
    assert p.count() == 2
    assert p.option(2) == ["x", "y"]
    assert dlx.Problem.from_matrix(np.zeros((0, 2))).count() == 0


def test_repr_and_help():
    p = queens(4)
    assert repr(p) == \
        "<dlx.Problem: 8 primary items, 14 secondary, 16 options>"
    for name in dlx.__all__:
        assert getattr(dlx, name).__doc__, name
    for name in ("count", "solutions", "first", "from_text", "read",
                 "from_matrix", "option", "options", "copy", "stats"):
        assert getattr(dlx.Problem, name).__doc__, name


def _ran(prog, f, *args):
    """engine, threads and drivers that dlx --stats says ran."""
    out = subprocess.run([prog, "--stats"] + list(args) + [f],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    st = dict(line.split(": ", 1) for line in out.stderr.splitlines()
              if ": " in line)
    drivers = () if st["drivers"] == "none" else \
        tuple(st["drivers"].split(", "))
    return st["engine"], int(st["threads"]), drivers, int(out.stdout)


@pytest.mark.parametrize("name,args,kw", [
    ("queens8.dlx", ["-t", "2", "--no-memo"], dict(threads=2, memo=False)),
    ("queens8.dlx", ["-t", "1"], dict(threads=1)),
    ("mult-queens6.dlx", ["-t", "1"], dict(threads=1)),
    ("sudoku4-empty.dlx", ["-t", "1", "--memo"],
     dict(threads=1, memo=True)),
    ("langford8.dlx", ["-t", "1", "--knuth"], dict(threads=1, knuth=True)),
])
def test_stats_say_what_ran_as_dlx(name, args, kw):
    # The library's dispatcher picks the engine for both alike.
    f = path("tests", "data", name)
    engine, threads, drivers, count = _ran(program("dlx"), f, *args)
    p = dlx.Problem.read(f)
    assert p.count(**kw) == count
    assert (p.stats.engine, p.stats.threads, p.stats.drivers) == \
        (engine, threads, drivers)


def test_refused_combination_names_it():
    p = dlx.Problem([["a"], ["a"]], bounds={"a": 2})
    # Algorithm M counts on threads, but visits on one.
    assert p.count(threads=2) == 1 and p.stats.threads == 2
    with pytest.raises(dlx.Error) as e:
        list(p.solutions(threads=2))
    assert "item bounds" in e.value.message and \
        "threads" in e.value.message
    assert p.count(threads=1) == 1 and p.stats.engine == "Algorithm M"
    q = dlx.Problem.read(path("tests", "data", "queens8.dlx"))
    with pytest.raises(dlx.Error) as e:
        q.count(memo=True, knuth=True)
    assert "memo=True with knuth=True" in e.value.message


def test_components_product():
    # Five independent blocks of two items: each covered by one option of
    # both or two of one, 2 ways each; 2^5 in all, and 2^70 for 70 blocks
    # (past 2^64: the cache's wide count).
    def blocks(n):
        rows = []
        for k in range(n):
            a, b = "a%d" % k, "b%d" % k
            rows += [[a, b], [a], [b]]
        return dlx.Problem(rows)

    p = blocks(5)
    for comp in (None, True, False):
        assert p.count(threads=1, components=comp) == 32
        assert p.count(threads=1, memo=True, components=comp) == 32
    assert blocks(70).count(threads=1, components=True) == 2 ** 70


def test_components_always_with_bounds_refused():
    p = dlx.Problem([["a"], ["a"]], bounds={"a": 2})
    assert p.count(components=False) == 1
    assert p.count() == 1
    with pytest.raises(dlx.Error) as e:
        p.count(components=True)
    assert "components=True" in e.value.message
    assert "bound" in e.value.message


def test_time_limit():
    # 13 queens (73712 solutions, seconds of plain search) cannot end in
    # 10 ms: Incomplete, with the count so far (every solution found, on
    # threads too), at most the whole; a bad limit is refused.
    p = queens(13)
    for threads in (1, 2):
        with pytest.raises(dlx.Incomplete) as e:
            p.count(threads=threads, memo=False, time_limit=0.01)
        assert e.value.stats.status == "budget"
        assert 0 <= e.value.count <= 73712
        assert "time_limit" in str(e.value)
    # Iterating: the loop gets every solution found, then Incomplete.
    n = 0
    with pytest.raises(dlx.Incomplete) as e:
        for _ in p.solutions(threads=2, time_limit=0.01):
            n += 1
    assert n == e.value.count <= 73712
    # The empty 9x9 (6.67e21 solutions) on the sudoku's own count.
    with pytest.raises(dlx.Incomplete) as e:
        dlx.Sudoku("." * 81).count(time_limit=0.05)
    assert e.value.count >= 0
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            p.count(time_limit=bad)
    assert queens(8).count(time_limit=60) == 92
