"""Sub-parts: count(part=[(k, n), (j, m)]) and Problem.resplit(), as the
programs' --part K/N,J/M and --resplit M (the same counts, records and
files), and merge() checking the tree of parts and sub-parts as dlx merge
does, refusing what it refuses with its words."""

import json
import os
import subprocess

import pytest

import dlx
from conftest import program
from test_runs import QUEENS, queens, queens_text, stop_after


def untimed(rec):
    """A record without its time, to compare two runs of one sub-part."""
    return {k: v for k, v in rec.items() if k != "seconds"}


def counted(p, part):
    """p.count(part=part) and its record."""
    n = p.count(part=part)
    return n, p.record


@pytest.fixture(scope="module")
def q10():
    """Queens 10's records: parts 1..3 whole (r), part 2 in 3 sub-parts
    (s), sub-part 2 of those in 2 (t), and part 2 in 2 sub-parts (h)."""
    p = queens(10)
    return dict(
        r=[counted(p, (k, 3))[1] for k in (1, 2, 3)],
        s=[counted(p, [(2, 3), (j, 3)])[1] for j in (1, 2, 3)],
        t=[counted(p, "2/3,2/3,%d/2" % j)[1] for j in (1, 2)],
        h=[counted(p, [(2, 3), (j, 2)])[1] for j in (1, 2)])


@pytest.mark.parametrize("n,m", [(1, 3), (3, 2), (2, 4)])
def test_depth2_sum_and_merge(n, m):
    p = queens(10)
    recs = []
    total = 0
    for k in range(1, n + 1):
        for j in range(1, m + 1):
            total += p.count(part=[(k, n), (j, m)])
            r = p.record
            assert (r["part"], r["parts"]) == (k, n)
            assert r["lineage"].startswith("%d/%d@" % (j, m))
            recs.append(r)
    assert total == QUEENS[10]
    mg = dlx.merge(recs)
    assert (mg.solutions, mg.parts, mg.present, mg.records) == \
        (QUEENS[10], n, n, n * m)
    assert mg.missing == [] and mg.missing_subparts == []
    # The records as JSON lines, shuffled: the tree does not depend on
    # the order.
    lines = [r.line_text() for r in reversed(recs)]
    assert dlx.merge(lines).solutions == QUEENS[10]


def test_mixed_depths(q10):
    # Part 1 and 3 whole, part 2 in 3 sub-parts of which the second is
    # split again in 2: depth 3.
    recs = q10["r"][:1] + q10["r"][2:] + q10["s"][:1] + q10["s"][2:] + \
        q10["t"]
    assert dlx.merge(recs).solutions == QUEENS[10]
    assert q10["t"][0]["lineage"].split(",")[0] == \
        q10["s"][1]["lineage"]
    assert sum(r["solutions"] for r in q10["t"]) == \
        q10["s"][1]["solutions"]


def test_part_forms():
    p = queens(8)
    assert p.count(part=(2, 3)) == p.count(part=[(2, 3)]) == \
        p.count(part="2/3")
    a = p.count(part=[(2, 3), (1, 2)])
    rec = p.record
    assert p.count(part="2/3,1/2") == a and p.record["lineage"] == \
        rec["lineage"]
    # Part 1 of 1 split: the whole tree in sub-parts.
    assert sum(p.count(part=[(1, 1), (j, 4)]) for j in range(1, 5)) == \
        QUEENS[8]
    assert p.record["part"] == p.record["parts"] == 1
    for bad in [(0, 3), (4, 3), [(2, 3), (3, 2)], "2/3,", "2/3,a/2",
                "2-3", [(2, 3, 1)], 5, [(1, 2)] * 18]:
        with pytest.raises(ValueError):
            p.count(part=bad)


def test_sudoku_subparts(tmp_path):
    s = dlx.Sudoku("1.....2...3.....")
    counts, recs = [], []
    for j in (1, 2, 3):
        counts.append(s.count(part=[(2, 2), (j, 3)]))
        recs.append(s.record)
    assert s.record["program"] == "dlx-sudoku" and "lineage" in s.record
    assert s.count(part=(1, 2)) + sum(counts) == 3
    assert dlx.merge(recs + [s.record]).solutions == 3
    files = s.resplit(2, tmp_path / "s", part=(2, 2))
    assert [s.count(resume=f) for f in files] == \
        [s.count(part=[(2, 2), (j, 2)]) for j in (1, 2)]


def test_resplit_checkpoint_resumed(tmp_path):
    # Queens 12 stopped at its first progress call (about a million
    # updates in), the checkpoint split in 3: the work done goes to
    # sub-part 1, and the three resumed add up to the whole.
    p = queens(12)
    ck = tmp_path / "ck"
    stop, seen = stop_after(1)
    with pytest.raises(dlx.Incomplete) as e:
        p.count(checkpoint=ck, progress=stop, progress_every=0)
    done = e.value.count
    assert 0 < done < QUEENS[12]
    files = p.resplit(3, resume=ck)
    assert files == ["%s.%d" % (ck, j) for j in (1, 2, 3)]
    heads = [open(f).read().split("\nsolutions ")[1].split()[0]
             for f in files]
    assert heads == [str(done), "0", "0"]
    counts, recs = [], []
    for f in files:
        counts.append(p.count(resume=f))
        recs.append(p.record)
    assert sum(counts) == QUEENS[12] and counts[0] >= done
    assert dlx.merge(recs).solutions == QUEENS[12]
    # A sub-part's checkpoint split again (depth 2), into files named
    # after checkpoint=.
    more = p.resplit(2, tmp_path / "ck2", resume=files[1])
    assert [os.path.basename(f) for f in more] == ["ck2.1", "ck2.2"]
    deeper = []
    for f in more:
        p.count(resume=f)
        deeper.append(p.record)
    assert dlx.merge(recs[:1] + recs[2:] + deeper).solutions == QUEENS[12]
    # Sub-part 2's record and its split's together: overlap.
    with pytest.raises(dlx.Error, match="given both whole and split"):
        dlx.merge(recs + deeper)


def test_resplit_whole_and_part(tmp_path):
    p = queens(9)
    f = tmp_path / "w"
    files = p.resplit(4, f)
    recs = []
    for x in files:
        p.count(resume=x)
        recs.append(p.record)
    assert dlx.merge(recs).solutions == QUEENS[9]
    assert all((r["part"], r["parts"]) == (1, 1) for r in recs)
    # A part's fresh sub-parts as files are those of part=[...]: same
    # records.
    files = p.resplit(3, f, part=(2, 2))
    for j, x in enumerate(files, 1):
        p.count(resume=x)
        a = untimed(p.record)
        p.count(part=[(2, 2), (j, 3)])
        assert a == untimed(p.record)


def test_resplit_refusals(tmp_path):
    p = queens(8)
    with pytest.raises(ValueError, match="name FILE with checkpoint="):
        p.resplit(3)
    with pytest.raises(ValueError):
        p.resplit(0, tmp_path / "x")
    with pytest.raises(ValueError):
        p.resplit(1 << 21, tmp_path / "x")
    assert not list(tmp_path.iterdir())
    ck = tmp_path / "ck"
    p.count(part=(2, 3), checkpoint=ck)
    with pytest.raises(dlx.Error) as e:
        queens(9).resplit(2, resume=ck)
    assert "checkpoint of another problem" in str(e.value)
    assert e.value.filename == str(ck)
    assert sorted(os.listdir(tmp_path)) == ["ck"]
    with pytest.raises(dlx.Error, match="checkpoint of part 2/3, not of "
                       "part 1/3"):
        p.resplit(2, resume=ck, part=(1, 3))
    files = p.resplit(2, resume=ck)
    # A sub-part's checkpoint resumed as another sub-part, as the
    # programs refuse it.
    with pytest.raises(dlx.Error, match="checkpoint of another sub-part "
                       "than part 2/3,2/2"):
        p.count(resume=files[0], part=[(2, 3), (2, 2)])
    # ck is part 2/3 counted to the end: its sub-part 1 holds the count.
    assert p.count(resume=files[0], part=[(2, 3), (1, 2)]) == \
        p.count(part=(2, 3))
    assert p.count(resume=files[1]) == 0
    with pytest.raises(OSError):
        p.resplit(2, tmp_path / "no" / "such" / "dir")


# ---- merge's tree and its refusals ----------------------------------------

def test_merge_refusals_tree(q10):
    r, s, h = q10["r"], q10["s"], q10["h"]
    gap = r[:1] + r[2:] + s[:1] + s[2:]
    with pytest.raises(dlx.Error) as e:
        dlx.merge(gap)
    assert str(e.value) == ("merge: part 2/3: sub-part 2/3 missing (no "
                            "total without every part; partial=True adds "
                            "those present)")
    m = dlx.merge(gap, partial=True)
    assert m.solutions == QUEENS[10] - s[1]["solutions"]
    assert m.missing == [] and m.missing_subparts == ["2/3,2/3"]
    assert (m.present, m.records) == (3, 4)
    # A part missing and a sub-part missing, both named.
    with pytest.raises(dlx.Error, match="merge: 2 of 3 parts; missing: 1; "
                       "part 2/3: sub-part 2/3 missing"):
        dlx.merge(r[2:] + s[:1] + s[2:])
    m = dlx.merge(r[2:] + s[:1] + s[2:], partial=True)
    assert m.missing == [1] and m.missing_subparts == ["2/3,2/3"]
    # Records not read from files are named by their place in records.
    with pytest.raises(dlx.Error) as e:
        dlx.merge(r + [s[1]])
    assert str(e.value) == ("record 2: part 2/3 given both whole and split "
                            "(sub-part 2/3,2/3 at record 4)")
    with pytest.raises(dlx.Error) as e:
        dlx.merge(r[:1] + r[2:] + s + [s[1]])
    assert str(e.value) == "record 6: part 2/3,2/3 again (also record 4)"
    sid = s[0]["lineage"].split("@")[1]
    assert h[0]["lineage"].split("@")[1] == sid
    with pytest.raises(dlx.Error) as e:
        dlx.merge(r[:1] + r[2:] + s + h[:1])
    assert str(e.value) == (
        "record 3: part 2/3 split two ways: sub-part 1/3 of split %s here, "
        "1/2 of split %s at record 6" % (sid, sid))
    # Partial still refuses an overlap.
    with pytest.raises(dlx.Error, match="again"):
        dlx.merge(r + [r[0]], partial=True)
    other = queens(9)
    other.count(part=[(2, 3), (2, 3)])
    with pytest.raises(dlx.Error, match=r"record 3: a part of another "
                       r"problem \([0-9a-f]{16}, not [0-9a-f]{16}\)"):
        dlx.merge(r[:1] + s[:1] + [other.record])
    with pytest.raises(dlx.Error) as e:
        dlx.merge(r[:1] + [{"type": "part", "program": "dlx"}])
    assert str(e.value) == ("record 2: part record without program, "
                            "version, problem, split, part, parts or "
                            "solutions")
    sud = dlx.Sudoku("1.....2...3.....")
    sud.count(part=(1, 3))
    with pytest.raises(dlx.Error) as e:
        dlx.merge(r[:1] + [sud.record])
    assert str(e.value) == ("record 2: a record of dlx-sudoku %s, not of "
                            "dlx %s like the first"
                            % (r[0]["version"], r[0]["version"]))
    # A lineage that is not one.
    for bad in ["1/3", "1/3@12", "0/3@" + sid, "4/3@" + sid, "1/3@" + sid +
                ",", 3, ",".join(["1/2@" + sid] * 17)]:
        rec = dict(s[0], lineage=bad)
        with pytest.raises(dlx.Error, match="bad lineage"):
            dlx.merge([rec])


def write_records(path, recs):
    path.write_text("".join(x.line_text() + "\n" for x in recs))
    return str(path)


def test_merge_words_as_the_program(q10, tmp_path):
    # The same records in files, refused by dlx merge and by merge():
    # the same first message, word for word.
    dlxprog = program("dlx")
    f = {}
    for name in ("r1", "r2", "r3", "s1", "s2", "s3", "h1"):
        rec = q10[name[0]][int(name[1]) - 1]
        f[name] = write_records(tmp_path / name, [rec])
    other = queens(9)
    other.count(part=[(2, 3), (2, 3)])
    f["o2"] = write_records(tmp_path / "o2", [other.record])
    cases = [("r1 r3 s1 s3", "merge: part 2/3: sub-part 2/3 missing"),
             ("r1 r2 r3 s2", "given both whole and split"),
             ("r1 r3 s1 s2 s3 h1", "split two ways"),
             ("r1 r3 s1 s2 s3 s2", "again"),
             ("r1 r3 s1 o2 s3", "a part of another problem")]
    for names, words in cases:
        files = [f[x] for x in names.split()]
        out = subprocess.run([dlxprog, "merge"] + files,
                             capture_output=True, text=True)
        assert out.returncode == 2
        said = out.stderr.splitlines()[0]
        assert said.startswith("dlx: ") and words in said
        with pytest.raises(dlx.Error) as e:
            dlx.merge(dlx.read_records(*files))
        assert str(e.value).startswith(said[len("dlx: "):])
    out = subprocess.run([dlxprog, "merge", "--partial", f["r1"], f["r3"],
                          f["s1"], f["s3"]], capture_output=True, text=True)
    m = dlx.merge(dlx.read_records(f["r1"], f["r3"], f["s1"], f["s3"]),
                  partial=True)
    assert out.stdout == "%d (partial: 3 of 3 parts, 1 sub-part missing)\n" \
        % m.solutions


# ---- the programs' sub-parts ----------------------------------------------

def test_cli_subparts_are_pythons(tmp_path):
    # dlx --part 2/3,J/3 writes the record count(part=[(2, 3), (J, 3)])
    # makes; CLI sub-parts merge in Python, Python's in dlx merge.
    dlxprog = program("dlx")
    src = tmp_path / "q10.dlx"
    src.write_text(queens_text(10))
    cli = []
    for j in (1, 2, 3):
        out = subprocess.run([dlxprog, "--part", "2/3,%d/3" % j, str(src)],
                             capture_output=True, text=True, check=True)
        cli.append(dlx.Record(json.loads(out.stdout)))
    py = dlx.Problem.read(src)
    subs = []
    for j in (1, 2, 3):
        py.count(part=[(2, 3), (j, 3)])
        assert untimed(py.record) == untimed(cli[j - 1])
        subs.append(py.record)
    recs = [counted(py, (k, 3))[1] for k in (1, 3)]
    assert dlx.merge(recs + cli).solutions == QUEENS[10]
    mine = write_records(tmp_path / "mine", recs + subs)
    out = subprocess.run([dlxprog, "merge", mine], capture_output=True,
                         text=True)
    assert out.stdout == "%d\n" % QUEENS[10], out.stderr
    # --resplit's files are Python's, byte for byte, and resume either
    # way.
    subprocess.run([dlxprog, "--part", "2/3", "--checkpoint",
                    str(tmp_path / "c"), "--resplit", "3", str(src)],
                   check=True, capture_output=True)
    files = py.resplit(3, tmp_path / "p", part=(2, 3))
    for j, x in enumerate(files, 1):
        with open(x, "rb") as a, open("%s.%d" % (tmp_path / "c", j),
                                      "rb") as b:
            assert a.read() == b.read()
    out = subprocess.run([dlxprog, "--resume", files[1], str(src)],
                         capture_output=True, text=True, check=True)
    py.count(resume=tmp_path / "c.2")
    assert untimed(json.loads(out.stdout)) == untimed(py.record)


def test_cli_sudoku_subparts(tmp_path):
    prog = program("dlx-sudoku")
    puzzle = "1.....2...3....."
    src = tmp_path / "s.txt"
    src.write_text(puzzle + "\n")
    s = dlx.Sudoku(puzzle)
    recs = []
    for j in (1, 2):
        out = subprocess.run([prog, "--part", "2/2,%d/2" % j, str(src)],
                             capture_output=True, text=True, check=True)
        rec = json.loads(out.stdout.splitlines()[0])
        s.count(part=[(2, 2), (j, 2)])
        assert untimed(rec) == untimed(s.record)
        recs.append(rec)
    s.count(part=(1, 2))
    assert dlx.merge(recs + [s.record]).solutions == 3
