"""Long runs: checkpoints and resume, parts and their records, merge, and
the progress callable of Problem.count() and Sudoku.count().

The files are those of the programs: a checkpoint written here resumes
with dlx --resume (dlx-sudoku's for a Sudoku) and the other way round,
and a part record is the JSON line dlx --part K/N --record writes, so
parts run here and parts run by the programs merge together (same
library version, same problem).
"""

import collections
import json
import os

from . import _dlx

Progress = collections.namedtuple(
    "Progress", "solutions nodes updates fraction seconds")
Progress.__doc__ = """The figures a progress callable gets (count(progress=f)).

  solutions  solutions found so far (with a position: by every run of it,
             resumed ones too)
  nodes      search tree nodes so far, as Knuth's DLX1 counts them
  updates    links updated so far
  fraction   Knuth's estimate of the fraction of the tree done (0..1),
             from where the search stands; None for a part or a resumed
             run, whose tree the estimate does not see whole
  seconds    seconds since this count began"""

Merge = collections.namedtuple(
    "Merge", "solutions parts present missing nodes updates seconds "
    "missing_subparts records")
Merge.__doc__ = """What merge() adds up.

  solutions  the total of the records (an int of any size)
  parts      N, the number of parts of the split
  present    how many of the parts 1..N some record reaches (whole, or
             through sub-parts)
  missing    the part numbers no record reaches, ascending ([] when
             whole)
  nodes, updates, seconds   the records' figures added
  missing_subparts   the sub-parts absent from a split part, each named
             by its path as part= takes it ("2/3,2/3": sub-part 2 of 3
             of part 2 of 3), in the order of the tree ([] when whole)
  records    how many records were added (more than present when parts
             were split)"""


class Record(dict):
    """A part record: a dict of the members of one JSON line, with
    filename and line (None when it did not come from a file)."""

    filename = None
    line = None

    def line_text(self):
        """The record as one JSON line, as the programs write it."""
        return json.dumps(self, separators=(",", ":"))


# Re-splits below a part, at most (DLX_PART_DEPTH, dlx_part.h).
PART_DEPTH = 16


def part_path(part):
    """part= as count() takes it ((k, n); a path of such pairs, top
    first, [(3, 8), (2, 4)]; or the programs' text "3/8,2/4") as a tuple
    of (k, n) pairs.  ValueError if it is none of those."""
    what = ("part must be (k, n), a path of them [(k, n), (j, m), ...] "
            "or the text 'K/N,J/M,...', with 1 <= k <= n <= 1048576 "
            "(parts count from 1)")
    try:
        if isinstance(part, str):
            steps = [tuple(x.split("/")) for x in part.split(",")]
            if any(len(st) != 2 or not all(v.isdigit() for v in st)
                   for st in steps):
                raise ValueError
        elif len(part) == 2 and not isinstance(part[0], (tuple, list)):
            steps = [part]
        else:
            steps = list(part)
        path = tuple((int(k), int(n)) for k, n in steps)
    except (TypeError, ValueError):
        raise ValueError(what) from None
    if not path or not all(1 <= k <= n <= 1 << 20 for k, n in path):
        raise ValueError(what)
    if len(path) > PART_DEPTH + 1:
        raise ValueError("part: more than %d re-splits" % PART_DEPTH)
    return path


def _resume_file(checkpoint, resume):
    """The checkpoint to go on from (None: a fresh start) for resume=."""
    if resume is True:
        if checkpoint is None:
            raise ValueError("resume=True resumes from checkpoint=, "
                             "which is not given")
        return checkpoint if os.path.exists(checkpoint) else None
    if resume is False:
        return None
    return resume


def _error(Error, where, message):
    if where is not None and where.filename is not None:
        return Error(message, where.line, filename=where.filename)
    return Error(message)


def _record_of(x, Error):
    """x (a dict or a JSON line) as a Record, or None for another type."""
    if isinstance(x, Record):
        r = x
    elif isinstance(x, dict):
        r = Record(x)
    elif isinstance(x, (str, bytes)):
        if not x.strip():
            return None
        try:
            v = json.loads(x)
        except ValueError as e:
            raise Error("not a JSON object: %s" % e) from None
        if not isinstance(v, dict):
            raise Error("not a JSON object")
        r = Record(v)
    else:
        raise TypeError("a part record is a dict or a JSON line, not %s"
                        % type(x).__name__)
    if r.get("type") != "part":
        return None
    for key in ("program", "version", "problem"):
        if not isinstance(r.get(key), str):
            raise _error(Error, r, "part record without program, "
                         "version, problem, split, part, parts or "
                         "solutions")
    for key in ("split", "part", "parts", "solutions"):
        v = r.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _error(Error, r, "part record without program, "
                         "version, problem, split, part, parts or "
                         "solutions")
    if not 1 <= r["part"] <= r["parts"]:
        raise _error(Error, r, "part number not in 1..parts")
    if "lineage" in r:
        _lineage(r, Error)
    return r


def _lineage(r, Error):
    """The re-splits of r's "lineage" ("K/N@ID,K/N@ID", top first, as the
    programs write it) as a list of (n, id, k) steps; Error if it is not
    that."""
    steps = []
    text = r["lineage"]
    for st in text.split(",") if isinstance(text, str) else [None]:
        try:
            kn, sid = st.split("@")
            k, n = kn.split("/")
            if not (k.isdigit() and n.isdigit() and len(sid) == 16 and
                    all(c in "0123456789abcdef" for c in sid)):
                raise ValueError
            k, n, sid = int(k), int(n), int(sid, 16)
        except (AttributeError, ValueError):
            raise _error(Error, r, "bad lineage %s (not K/N@ID,... as "
                         "the programs write it)" % json.dumps(text)) \
                from None
        if not 1 <= k <= n <= 1 << 20:
            raise _error(Error, r, "bad lineage %s (a sub-part number "
                         "not in 1..N)" % json.dumps(text))
        steps.append((n, sid, k))
    if len(steps) > PART_DEPTH:
        raise _error(Error, r, "bad lineage %s (more than %d re-splits)"
                     % (json.dumps(text), PART_DEPTH))
    return steps


def read_records(Error, *paths):
    """The part records of the files paths, in order (a generator of
    Record); lines of other types are skipped, as dlx merge skips them.
    A line that is not a record raises Error with its file and line."""
    for path in paths:
        with open(path, "rb") as f:
            for n, raw in enumerate(f, 1):
                try:
                    r = _record_of(raw.decode("utf-8", "replace"), Error)
                except Error as e:
                    e.filename = os.fspath(path)
                    e.line = n
                    raise
                if r is not None:
                    r.filename = os.fspath(path)
                    r.line = n
                    yield r


class _Leaf:
    """A record in the tree of parts: its path, top first, each level
    (n, id, k) (id 0 at the top, where the rule alone cuts the tree),
    and where it was, for messages."""

    __slots__ = ("path", "place", "record")

    def __init__(self, path, place, record):
        self.path = path
        self.place = place
        self.record = record

    def name(self, depth):
        """The name of the node of depth levels of the path: "3/8,2/4"."""
        return ",".join("%d/%d" % (k, n) for n, _, k in self.path[:depth])


def _place(r, i):
    """Where record r, the i-th given, came from: "FILE:LINE", or
    "record I" for one not read from a file."""
    if r.filename is not None:
        return "%s:%s" % (r.filename, r.line)
    return "record %d" % i


def _refusal(Error, r, i, message, place=None):
    """Error saying message about record r, the i-th given: with its file
    and line, or "record I: " before the message for one not read from a
    file (place: _place(r, i))."""
    if r.filename is not None:
        return _error(Error, r, message)
    return Error("%s: %s" % (place or _place(r, i), message))


def _tree(leaves, errors, gaps, top):
    """Check the tree the records reach, as dlx merge does (merge.c's
    merge_node(): see merge()): leaves sorted by path (per level N, ID,
    K; a node's own record before those below it; then in the order
    given).  Overlaps, repeats and mixed splits go to errors as
    (leaf, message), sub-parts missing to gaps as paths, the top parts
    reached to top."""

    def node(lo, hi, depth):
        a = leaves[lo]
        if len(a.path) == depth:
            # A leaf: its record alone covers it.
            if hi - lo > 1:
                b = leaves[lo + 1]
                if len(b.path) == depth:
                    errors.append((b, "part %s again (also %s)"
                                   % (a.name(depth), a.place)))
                else:
                    errors.append((a, "part %s given both whole and "
                                   "split (sub-part %s at %s)"
                                   % (a.name(depth), b.name(len(b.path)),
                                      b.place)))
            return
        n, sid, _ = a.path[depth]
        if leaves[hi - 1].path[depth][:2] != (n, sid):
            # Sorted by N and ID first: the first record of another
            # split is where they change.
            j = lo
            while leaves[j].path[depth][:2] == (n, sid):
                j += 1
            b = leaves[j]
            bn, bid, bk = b.path[depth]
            errors.append((b, "part %s split two ways: sub-part %d/%d of "
                           "split %016x here, %d/%d of split %016x at %s"
                           % (a.name(depth) if depth else "(the whole)",
                              bk, bn, bid, a.path[depth][2], n, sid,
                              a.place)))
            return
        # One split: sub-parts 1..n, each a range of the records.
        k = 1
        j = lo
        while j < hi:
            kj = leaves[j].path[depth][2]
            end = j + 1
            while end < hi and leaves[end].path[depth][2] == kj:
                end += 1
            if depth > 0:
                gaps.extend("%s,%d/%d" % (a.name(depth), g, n)
                            for g in range(k, kj))
            else:
                top.add(kj)
            node(j, end, depth + 1)
            k = kj + 1
            j = end
        if depth > 0:
            gaps.extend("%s,%d/%d" % (a.name(depth), g, n)
                        for g in range(k, n + 1))

    node(0, len(leaves), 0)


def merge(Error, records, partial):
    """See dlx.merge()."""
    first = None
    leaves = []
    total = nodes = updates = 0
    secs = 0.0
    for i, x in enumerate(records, 1):
        try:
            r = _record_of(x, Error)
        except Error as e:
            if e.filename is None:
                e.message = "record %d: %s" % (i, e.message)
                e.args = (e.message,)
            raise
        if r is None:
            continue
        if first is None:
            first = r
        elif (r["program"], r["version"]) != (first["program"],
                                              first["version"]):
            raise _refusal(Error, r, i, "a record of %s %s, not of %s %s "
                           "like the first" % (r["program"], r["version"],
                                               first["program"],
                                               first["version"]))
        elif r["problem"] != first["problem"]:
            raise _refusal(Error, r, i, "a part of another problem (%s, "
                           "not %s)" % (r["problem"], first["problem"]))
        elif r["parts"] != first["parts"] or r["split"] != first["split"]:
            raise _refusal(Error, r, i, "part %d of %d, where the first "
                           "record is of %d parts" % (r["part"], r["parts"],
                                                      first["parts"]))
        path = [(r["parts"], 0, r["part"])]
        if "lineage" in r:
            path += _lineage(r, Error)
        leaves.append(_Leaf(tuple(path), _place(r, i), r))
        total += r["solutions"]
        nodes += int(r.get("nodes", 0))
        updates += int(r.get("updates", 0))
        secs += float(r.get("seconds", 0.0))
    if first is None:
        raise Error("merge: no part records in the input")

    # The records cover the whole when every node they reach is covered
    # once: by one record of its own, or by every sub-part of one split.
    leaves.sort(key=lambda lf: lf.path)    # stable: then as given
    errors, gaps, top = [], [], set()
    _tree(leaves, errors, gaps, top)
    if errors:
        lf, message = errors[0]
        raise _refusal(Error, lf.record, None, message, lf.place)
    n = first["parts"]
    missing = [k for k in range(1, n + 1) if k not in top]
    if (missing or gaps) and not partial:
        said = []
        if missing:
            said.append("%d of %d parts; missing: %s" % (
                len(top), n, " ".join(map(str, missing[:20])) +
                (" ..." if len(missing) > 20 else "")))
        said += ["part %s: sub-part %s missing" % tuple(g.rsplit(",", 1))
                 for g in gaps[:20]]
        if len(gaps) > 20:
            said.append("%d more sub-parts missing" % (len(gaps) - 20))
        raise Error("merge: %s (no total without every part; partial=True "
                    "adds those present)" % "; ".join(said))
    return Merge(total, n, len(top), missing, nodes, updates, secs, gaps,
                 len(leaves))


def resplit(problem, program, m, checkpoint, resume, part, Error):
    """Problem.resplit(): see its docstring."""
    resume = _resume_file(checkpoint, resume)
    if checkpoint is None:
        checkpoint = resume
    if checkpoint is None:
        raise ValueError("resplit writes its sub-parts to FILE.1 ... "
                         "FILE.M: name FILE with checkpoint= or resume=")
    if isinstance(m, bool) or not isinstance(m, int) or \
            not 1 <= m <= 1 << 20:
        raise ValueError("resplit: m is not a number of sub-parts from 1 "
                         "to 1048576")
    path = part_path(part) if part is not None else ((0, 0),)
    run = _dlx.Run(program, checkpoint=checkpoint, part=path[0],
                   sub=path[1:])
    text = None
    if resume is not None:
        with open(resume, "rb") as f:
            text = f.read()
    try:
        return run.resplit(problem._m, text, m)
    except Error as e:
        where = os.fspath(resume) if resume is not None else "(part)"
        if e.code == _dlx.ECORRUPT:
            raise Error("the checkpoint does not fit the problem",
                        filename=where, code=e.code) from None
        if resume is not None and e.filename is None:
            e.filename = where
        raise


def count(problem, program, kw, checkpoint, checkpoint_every, resume, part,
          progress, progress_every, Incomplete, Error, Stats):
    """Problem.count() with a checkpoint, a resume, a part or a progress
    callable: see its docstring.  kw are the search's keyword arguments."""
    import time
    resume = _resume_file(checkpoint, resume)
    if resume is not None and checkpoint is None:
        # Resuming goes on saving to the same file, as dlx --resume.
        checkpoint = resume
    path = part_path(part) if part is not None else ((0, 0),)
    if checkpoint_every is None:
        checkpoint_every = 60.0
    if checkpoint_every < 0 or (progress_every or 0) < 0:
        raise ValueError("checkpoint_every and progress_every must be "
                         ">= 0 seconds")
    call = None
    if progress is not None:
        if not callable(progress):
            raise TypeError("progress is not callable")

        def call(sol, nodes, upd, frac, secs):
            return progress(Progress(sol, nodes, upd, frac, secs))
    run = _dlx.Run(program, checkpoint=checkpoint,
                   every=float(checkpoint_every),
                   part=path[0], progress=call,
                   progress_every=float(1.0 if progress_every is None
                                        else progress_every),
                   sub=path[1:])
    text = None
    if resume is not None:
        with open(resume, "rb") as f:
            text = f.read()
    t0 = time.monotonic()
    try:
        run.prepare(problem._m, text)
    except Error as e:
        e.filename = os.fspath(resume) if resume is not None else None
        raise
    try:
        st, _ = problem._search(run=run, **kw)
    except KeyboardInterrupt as ki:
        # The checkpoint is saved where the search stopped, unless the
        # save failed: that is the error to see.
        failed = run.save_failed()
        if failed is not None:
            raise failed from ki
        run.finish()
        raise
    except Incomplete as e:
        # A budget: the position's figures, resumed runs' too.
        res = run.finish()
        if res[0] is not None:
            e.count = res[0]
        raise
    except Error as e:
        run.finish()
        if e.code == _dlx.ECORRUPT:
            raise Error("the checkpoint does not fit the problem",
                        filename=os.fspath(resume) if resume is not None
                        else "(part)", code=e.code) from None
        raise
    except BaseException:
        run.finish()
        raise
    sol, nodes, updates, tasks, k, n, digest, lineage = run.finish()
    if sol is None:
        # A callable alone: the plain search's figures.
        sol = st.solutions
    else:
        st = st._replace(solutions=sol, nodes=nodes, updates=updates)
        problem._stats = st
        if st.status == "complete" and tasks == 0:
            rec = Record(
                type="part", program=program,
                version=_dlx.LIBRARY_VERSION, problem="%016x" % digest,
                split=_dlx.SPLIT_VERSION, part=k, parts=n)
            if lineage is not None:
                # A sub-part (a checkpoint of dlx --resplit resumed):
                # named as the programs name it, for dlx merge.
                rec["lineage"] = lineage
            rec.update(solutions=sol, nodes=nodes, updates=updates,
                       seconds=round(time.monotonic() - t0, 3))
            problem._record = rec
    if st.status == "stopped":
        raise Incomplete("stopped by the progress callable", sol, st)
    return sol
