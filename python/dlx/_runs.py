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
    "Merge", "solutions parts present missing nodes updates seconds")
Merge.__doc__ = """What merge() adds up.

  solutions  the total of the parts present (an int of any size)
  parts      N, the number of parts of the split
  present    how many distinct parts were added
  missing    the part numbers absent, ascending ([] when whole)
  nodes, updates, seconds   the parts' figures added"""


class Record(dict):
    """A part record: a dict of the members of one JSON line, with
    filename and line (None when it did not come from a file)."""

    filename = None
    line = None

    def line_text(self):
        """The record as one JSON line, as the programs write it."""
        return json.dumps(self, separators=(",", ":"))


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
    return r


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


def merge(Error, records, partial):
    """See dlx.merge()."""
    first = None
    seen = {}
    total = nodes = updates = 0
    secs = 0.0
    for x in records:
        r = _record_of(x, Error)
        if r is None:
            continue
        if "lineage" in r:
            raise _error(Error, r, "a sub-part's record (lineage %s): "
                         "merge() adds whole parts only; dlx merge adds "
                         "the tree of parts and sub-parts" % r["lineage"])
        if first is None:
            first = r
        elif (r["program"], r["version"]) != (first["program"],
                                              first["version"]):
            raise _error(Error, r, "a record of %s %s, not of %s %s like "
                         "the first" % (r["program"], r["version"],
                                        first["program"], first["version"]))
        elif r["problem"] != first["problem"]:
            raise _error(Error, r, "a part of another problem (%s, not %s)"
                         % (r["problem"], first["problem"]))
        elif r["parts"] != first["parts"] or r["split"] != first["split"]:
            raise _error(Error, r, "part %d of %d, where the first record "
                         "is of %d parts" % (r["part"], r["parts"],
                                             first["parts"]))
        k = r["part"]
        if k in seen:
            other = seen[k]
            also = (" (also %s:%s)" % (other.filename, other.line)
                    if other.filename is not None else "")
            raise _error(Error, r, "part %d/%d again%s"
                         % (k, r["parts"], also))
        seen[k] = r
        total += r["solutions"]
        nodes += int(r.get("nodes", 0))
        updates += int(r.get("updates", 0))
        secs += float(r.get("seconds", 0.0))
    if first is None:
        raise Error("merge: no part records in the input")

    n = first["parts"]
    missing = [k for k in range(1, n + 1) if k not in seen]
    if missing and not partial:
        shown = " ".join(map(str, missing[:20])) + \
            (" ..." if len(missing) > 20 else "")
        raise Error("merge: %d of %d parts; missing: %s (no total without "
                    "every part; partial=True adds those present)"
                    % (len(seen), n, shown))
    return Merge(total, n, len(seen), missing, nodes, updates, secs)


def count(problem, program, kw, checkpoint, checkpoint_every, resume, part,
          progress, progress_every, Incomplete, Error, Stats):
    """Problem.count() with a checkpoint, a resume, a part or a progress
    callable: see its docstring.  kw are the search's keyword arguments."""
    import time
    if resume is True:
        if checkpoint is None:
            raise ValueError("resume=True resumes from checkpoint=, "
                             "which is not given")
        resume = checkpoint if os.path.exists(checkpoint) else None
    elif resume is False:
        resume = None
    if resume is not None and checkpoint is None:
        # Resuming goes on saving to the same file, as dlx --resume.
        checkpoint = resume
    if part is not None:
        try:
            k, n = part
            k, n = int(k), int(n)
        except (TypeError, ValueError):
            raise ValueError("part must be (k, n)") from None
        if not 1 <= k <= n <= 1 << 20:
            raise ValueError("part: not (k, n) with 1 <= k <= n <= "
                             "1048576 (parts count from 1)")
        part = (k, n)
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
                   part=part if part is not None else (0, 0),
                   progress=call,
                   progress_every=float(1.0 if progress_every is None
                                        else progress_every))
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
