"""Long runs: checkpoints and resume (Ctrl-C too), parts and merge, the
progress callable; and the files passing between Python and the
programs dlx and dlx-sudoku."""

import doctest
import json
import os
import signal
import subprocess
import threading

import pytest

import dlx
from conftest import program


def queens(n):
    opts = [[("r", r), ("c", c), ("a", r + c), ("b", r - c + n)]
            for r in range(n) for c in range(n)]
    sec = [("a", k) for k in range(2 * n)] + [("b", k) for k in range(2 * n)]
    return dlx.Problem(opts, sec)


def queens_text(n):
    """n queens in Knuth's DLX format, as the programs read it."""
    lines = [" ".join(["r%d" % r for r in range(n)] +
                      ["c%d" % c for c in range(n)] + ["|"] +
                      ["a%d" % k for k in range(2 * n)] +
                      ["b%d" % k for k in range(2 * n)])]
    lines += ["r%d c%d a%d b%d" % (r, c, r + c, r - c + n)
              for r in range(n) for c in range(n)]
    return "\n".join(lines) + "\n"


QUEENS = {6: 4, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712}

# A colored problem with secondary items: every 2x2 tiling of a 2x6 board
# by dominoes whose cells' colors (a secondary item per column) agree.
COLORED = dlx.Problem(
    [["a", "b", "x:1"], ["c", "d", "x:1"], ["a", "c", "y:2"],
     ["b", "d", "y:2"], ["a", "b", "y:3"], ["c", "d", "y:3"],
     ["e", "f"], ["e"], ["f"]], secondary=["x", "y"])


def stop_after(calls):
    """A progress callable that asks to stop at its calls-th call."""
    seen = []

    def f(pr):
        seen.append(pr)
        return len(seen) >= calls
    return f, seen


@pytest.fixture(autouse=True)
def sigint_raises():
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


@pytest.mark.parametrize("n", [6, 8, 10, 11])
def test_checkpoint_then_resume(n, tmp_path):
    p = queens(n)
    f = tmp_path / "ckpt"
    assert p.count(checkpoint=f) == QUEENS[n]
    assert "checkpoint" in p.stats.drivers
    # A finished checkpoint resumes to the count at once.
    assert p.count(resume=f) == QUEENS[n]
    assert p.stats.nodes > 0


def test_colored_checkpoint(tmp_path):
    plain = COLORED.count(memo=False)
    f = tmp_path / "c"
    assert COLORED.count(checkpoint=f) == plain
    assert COLORED.count(resume=f) == plain


@pytest.mark.parametrize("calls", [1, 2, 4])
def test_stopped_then_resumed_exact(calls, tmp_path):
    # Stopped by the callable at a progress call (about every million
    # updates: 12 queens take five), the checkpoint holds exactly what is
    # left: resumed, the count is the plain one.
    p = queens(12)
    f = tmp_path / "ckpt"
    stop, seen = stop_after(calls)
    with pytest.raises(dlx.Incomplete) as e:
        p.count(checkpoint=f, progress=stop, progress_every=0)
    assert len(seen) == calls and p.stats.status == "stopped"
    assert 0 <= e.value.count < QUEENS[12]
    assert e.value.count == seen[-1].solutions
    assert p.count(resume=f) == QUEENS[12]
    # The same figures as one run: resumed runs add up.
    whole = queens(12)
    whole.count(checkpoint=tmp_path / "w")
    assert p.stats.nodes == whole.stats.nodes


def test_budget_leaves_checkpoint(tmp_path):
    # A budget that runs out saves the position of the last progress call
    # (a little work is done again, none lost): resumed, the exact count.
    p = queens(12)
    f = tmp_path / "ckpt"
    with pytest.raises(dlx.Incomplete) as e:
        p.count(checkpoint=f, max_updates=3_000_000)
    assert 0 < e.value.count < QUEENS[12]
    assert p.count(resume=f) == QUEENS[12]


def test_resume_true_starts_fresh_or_resumes(tmp_path):
    f = tmp_path / "ckpt"
    p = queens(12)
    assert not f.exists()
    stop, _ = stop_after(2)
    with pytest.raises(dlx.Incomplete):
        p.count(checkpoint=f, resume=True, progress=stop, progress_every=0)
    assert f.exists()
    assert p.count(checkpoint=f, resume=True) == QUEENS[12]


@pytest.mark.parametrize("threads", [None, 1])
def test_ctrl_c_leaves_checkpoint(threads, tmp_path):
    # 13 queens serially: about a second.  SIGINT while it runs (sent a
    # little after the first progress call, so surely before the end on
    # any machine) stops the search where it stands, saves, raises; the
    # resume counts the rest.
    p = queens(13)
    f = tmp_path / "ckpt"
    timers = []

    def arm(pr):
        if not timers:
            timers.append(threading.Timer(0.05, os.kill,
                                          (os.getpid(), signal.SIGINT)))
            timers[0].start()
    try:
        with pytest.raises(KeyboardInterrupt):
            p.count(threads=threads, checkpoint=f, checkpoint_every=3600,
                    progress=arm, progress_every=0)
    finally:
        timers[0].join()
    assert p.stats.status == "stopped"
    text = f.read_text()
    assert text.startswith("dlx-position")
    done = int(text.split("\nsolutions ")[1].split()[0])
    assert 0 < done < QUEENS[13]
    assert p.count(resume=f) == QUEENS[13]


def test_ctrl_c_in_progress_callable(tmp_path):
    # A KeyboardInterrupt raised inside the callable stops the search the
    # same way.
    p = queens(11)
    f = tmp_path / "ckpt"

    def f_progress(pr):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        p.count(checkpoint=f, progress=f_progress, progress_every=0)
    assert p.count(resume=f) == QUEENS[11]


def test_refusals(tmp_path):
    f = tmp_path / "ckpt"
    queens(8).count(part=(2, 3), checkpoint=f)
    with pytest.raises(dlx.Error) as e:
        queens(9).count(resume=f)
    assert "checkpoint of another problem" in str(e.value)
    assert e.value.filename == str(f)
    with pytest.raises(dlx.Error) as e:
        queens(8).count(resume=f, part=(1, 3))
    assert "checkpoint of part 2/3, not of part 1/3" in str(e.value)
    # A part's checkpoint resumes as that part.
    q = queens(8)
    assert q.count(resume=f) == q.count(part=(2, 3))
    # Another program's checkpoint: a Sudoku's is dlx-sudoku's.
    s = dlx.Sudoku("1.....2...3.....")
    s.count(checkpoint=tmp_path / "s")
    with pytest.raises(dlx.Error) as e:
        s._p._program = "dlx"
        dlx.Problem.count(s._p, resume=tmp_path / "s")
    assert "another program or version" in str(e.value)
    bad = tmp_path / "bad"
    bad.write_text(f.read_text().replace("solutions", "solutionz"))
    with pytest.raises(dlx.Error) as e:
        queens(8).count(resume=bad)
    assert "not a usable checkpoint" in str(e.value)
    with pytest.raises(FileNotFoundError):
        queens(8).count(resume=tmp_path / "none")
    with pytest.raises(ValueError):
        queens(8).count(part=(4, 3))


def test_checkpoint_with_threads_as_dispatcher_says(tmp_path):
    # Whatever the library serves: the exact count, or Error naming the
    # refusal; never a run another way.
    p = queens(10)
    try:
        n = p.count(threads=2, checkpoint=tmp_path / "c")
    except dlx.Error as e:
        assert "checkpoint" in str(e) and "threads" in str(e)
    else:
        assert n == QUEENS[10]


def test_save_failure_is_oserror(tmp_path):
    with pytest.raises(OSError):
        queens(8).count(checkpoint=tmp_path / "no" / "such" / "dir")


@pytest.mark.parametrize("n", [1, 2, 7, 16])
def test_parts_sum_and_merge(n):
    p = queens(10)
    recs = []
    total = 0
    for k in range(1, n + 1):
        total += p.count(part=(k, n))
        r = p.record
        assert (r["part"], r["parts"]) == (k, n)
        recs.append(r)
    assert total == QUEENS[10]
    m = dlx.merge(recs)
    assert m.solutions == QUEENS[10] and m.missing == [] and m.parts == n
    # As JSON lines too.
    assert dlx.merge([r.line_text() for r in recs]).solutions == QUEENS[10]


def test_merge_refusals():
    p = queens(9)
    recs = []
    for k in range(1, 5):
        p.count(part=(k, 4))
        recs.append(p.record)
    with pytest.raises(dlx.Error, match="part 2/4 again"):
        dlx.merge(recs + [recs[1]])
    with pytest.raises(dlx.Error, match="3 of 4 parts; missing: 3"):
        dlx.merge(recs[:2] + recs[3:])
    m = dlx.merge(recs[:2] + recs[3:], partial=True)
    assert m.missing == [3] and m.present == 3
    assert m.solutions == QUEENS[9] - recs[2]["solutions"]
    other = queens(8)
    other.count(part=(3, 4))
    with pytest.raises(dlx.Error, match="a part of another problem"):
        dlx.merge(recs[:2] + [other.record])
    p.count(part=(1, 5))
    with pytest.raises(dlx.Error, match="where the first record is of 4"):
        dlx.merge(recs + [p.record])
    with pytest.raises(dlx.Error, match="no part records"):
        dlx.merge(['{"type":"count","solutions":3}'])


def test_progress_callable():
    p = queens(11)
    seen = []
    assert p.count(memo=False, progress=seen.append,
                   progress_every=0) == QUEENS[11]
    assert seen and isinstance(seen[0], dlx.Progress)
    assert all(a.nodes <= b.nodes for a, b in zip(seen, seen[1:]))
    assert all(0 <= s.fraction <= 1 for s in seen)
    assert seen[-1].solutions <= QUEENS[11]

    class Boom(Exception):
        pass

    def boom(pr):
        raise Boom
    with pytest.raises(Boom):
        p.count(memo=False, progress=boom, progress_every=0)
    stop, seen = stop_after(2)
    with pytest.raises(dlx.Incomplete) as e:
        queens(12).count(memo=False, threads=1, progress=stop,
                         progress_every=0)
    assert e.value.stats.status == "stopped" and len(seen) == 2
    # A part's figures: no fraction of the whole.  (Its subtrees are
    # searched one by one, each under a million updates here: the
    # library calls progress within a subtree only, so maybe never.)
    seen = []
    p.count(part=(1, 2), progress=seen.append, progress_every=0)
    assert all(s.fraction is None for s in seen)


def test_progress_with_checkpoint(tmp_path):
    # A fresh checkpointed count is of the whole tree: fractions, rising;
    # its resumed run is not (13 queens: the subtrees left at the top
    # are big enough to see progress calls).
    p = queens(13)
    seen = []
    stop, _ = stop_after(3)

    def f(pr):
        seen.append(pr)
        return stop(pr)
    with pytest.raises(dlx.Incomplete):
        p.count(checkpoint=tmp_path / "c", progress=f, progress_every=0)
    assert len(seen) == 3
    assert 0 < seen[0].fraction <= seen[1].fraction <= seen[2].fraction < 1
    seen = []
    assert p.count(resume=tmp_path / "c", progress=seen.append,
                   progress_every=0) == QUEENS[13]
    assert seen and all(s.fraction is None for s in seen)


def test_sudoku_parts_and_checkpoint(tmp_path):
    s = dlx.Sudoku("1.....2...3.....")
    assert sum(s.count(part=(k, 3)) for k in (1, 2, 3)) == 3
    assert s.record["program"] == "dlx-sudoku"
    assert s.count(checkpoint=tmp_path / "c") == 3
    assert s.count(resume=tmp_path / "c") == 3


def test_docstrings():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    g = {"Problem": dlx.Problem, "Sudoku": dlx.Sudoku, "merge": dlx.merge,
         "dlx": dlx}
    for f in (dlx.Problem.count, dlx.Sudoku.count, dlx.merge,
              dlx.Problem.resplit, dlx.Sudoku.resplit):
        for t in finder.find(f, globs=dict(g)):
            runner.run(t)
    assert runner.failures == 0 and runner.tries >= 24


# ---- the programs' files ---------------------------------------------------

def test_cli_checkpoint_resumed_in_python(tmp_path):
    dlxprog = program("dlx")
    src = tmp_path / "q13.dlx"
    src.write_text(queens_text(13))
    f = tmp_path / "ckpt"
    proc = subprocess.Popen([dlxprog, "--no-progress", "--checkpoint",
                             str(f), str(src)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    timer = threading.Timer(0.2, proc.send_signal, (signal.SIGINT,))
    timer.start()
    proc.communicate()
    timer.cancel()
    assert proc.returncode in (0, 130)
    assert dlx.Problem.read(src).count(resume=f) == QUEENS[13]


def test_python_checkpoint_resumed_by_cli(tmp_path):
    dlxprog = program("dlx")
    src = tmp_path / "q12.dlx"
    src.write_text(queens_text(12))
    f = tmp_path / "ckpt"
    stop, _ = stop_after(3)
    with pytest.raises(dlx.Incomplete):
        dlx.Problem.read(src).count(checkpoint=f, progress=stop,
                                    progress_every=0)
    out = subprocess.run([dlxprog, "--no-progress", "--resume", str(f),
                          str(src)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(QUEENS[12])]


def test_cli_records_merged_in_python(tmp_path):
    dlxprog = program("dlx")
    src = tmp_path / "q10.dlx"
    src.write_text(queens_text(10))
    files = []
    for k in (1, 3):
        rec = tmp_path / ("part%d.json" % k)
        subprocess.run([dlxprog, "--part", "%d/3" % k, "--record", str(rec),
                        str(src)], check=True, capture_output=True)
        files.append(rec)
    p = dlx.Problem.read(src)
    p.count(part=(2, 3))
    recs = list(dlx.read_records(*files)) + [p.record]
    assert dlx.merge(recs).solutions == QUEENS[10]
    # And Python's record merged by the program.
    mine = tmp_path / "part2.json"
    mine.write_text(p.record.line_text() + "\n")
    out = subprocess.run([dlxprog, "merge"] + [str(x) for x in files] +
                         [str(mine)], capture_output=True, text=True)
    assert out.stdout.split() == [str(QUEENS[10])], out.stderr
    # A repeated part read from a file is named with its place.
    with pytest.raises(dlx.Error) as e:
        dlx.merge(dlx.read_records(files[0], files[0]))
    assert e.value.filename == str(files[0]) and e.value.line == 1
    assert "part 1/3 again" in str(e.value)


def test_cli_subpart_checkpoint(tmp_path):
    # A sub-part of dlx --resplit resumed here: its record names its
    # lineage as the program's does, and dlx merge and merge() add it
    # into the tree.
    dlxprog = program("dlx")
    src = tmp_path / "q10.dlx"
    src.write_text(queens_text(10))
    ck = tmp_path / "ck"
    out = subprocess.run([dlxprog, "--part", "2/3", "--checkpoint", str(ck),
                          "--resplit", "2", str(src)], capture_output=True,
                         text=True)
    if out.returncode != 0:
        pytest.skip("no --resplit in this dlx: " + out.stderr.strip())
    p = dlx.Problem.read(src)
    recs = []
    for j in (1, 2):
        p.count(resume="%s.%d" % (ck, j))
        recs.append(p.record)
        assert p.record["lineage"].startswith("%d/2@" % j)
    files = []
    for k in (1, 3):
        rec = tmp_path / ("part%d.json" % k)
        subprocess.run([dlxprog, "--part", "%d/3" % k, "--record", str(rec),
                        str(src)], check=True, capture_output=True)
        files.append(str(rec))
    mine = tmp_path / "subs.json"
    mine.write_text("".join(r.line_text() + "\n" for r in recs))
    out = subprocess.run([dlxprog, "merge", str(mine)] + files,
                         capture_output=True, text=True)
    assert out.stdout.split() == [str(QUEENS[10])], out.stderr
    assert dlx.merge(recs + list(dlx.read_records(*files))).solutions == \
        QUEENS[10]


def test_cli_sudoku_files(tmp_path):
    prog = program("dlx-sudoku")
    puzzle = "1.....2...3....."
    src = tmp_path / "s.txt"
    src.write_text(puzzle + "\n")
    out = subprocess.run([prog, "--part", "1/2", str(src)],
                         capture_output=True, text=True, check=True)
    rec = json.loads(out.stdout.splitlines()[0])
    s = dlx.Sudoku(puzzle)
    s.count(part=(2, 2))
    assert dlx.merge([rec, s.record]).solutions == 3
    f = tmp_path / "ckpt"
    s.count(checkpoint=f)
    out = subprocess.run([prog, "--resume", str(f), str(src)],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "3 solutions" in out.stdout, out.stderr
