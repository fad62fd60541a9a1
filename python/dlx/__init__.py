"""dlx: exact cover with Knuth's Algorithm X and dancing links (libdlx).

An exact cover problem has items and options; every option is a set of
items.  A solution is a set of options that covers every *primary* item
exactly once and every *secondary* item at most once.  A secondary item
may get a *color* from an option: options that give it the same color can
be chosen together (Knuth's Algorithm C).  A primary item may carry bounds
lo..hi: a solution covers it with at least lo and at most hi options
(Knuth's Algorithm M).

    >>> import dlx
    >>> p = dlx.Problem([["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> p.count()
    2
    >>> list(p.solutions())
    [[0, 1], [2, 3]]
    >>> s = dlx.Sudoku("4.....8.5.3..........7......2.....6.....8.4......"
    ...                "1.......6.3.7.5..2.....1.4......")
    >>> s.solve()[:9]
    '417369825'

Names:
  Problem      an exact cover problem: count(), solutions(), first(), stats
  Sudoku       a sudoku (classic or variant): solve(), count(), solutions(),
               explain(), rate(); Sudoku.read_all(), Sudoku.generate()
  Colored      a colored secondary item, for labels that are not strings
  Stats        the figures of a search
  Step, Rating the records of Sudoku.explain() and Sudoku.rate()
  Error        bad input (a ValueError), with line and column
  Incomplete   a budget (nodes, updates, time) ran out before the answer
  cpus()       the CPUs this process may run on
  merge(), read_records(), Record, Merge, Progress   long runs (below)

The search runs in C (libdlx) without the GIL: other Python threads run
meanwhile, and Ctrl-C stops a long search with KeyboardInterrupt, leaving
the objects usable.

Long runs: Problem.count() and Sudoku.count() take checkpoint= (a file
saved now and then, at the end, and where Ctrl-C stopped the search),
resume= (a checkpoint to go on from, or True), part=(k, n) (a part of
the split; p.record is its record) or a path [(k, n), (j, m)] (sub-part
j of m of part k of n, as --part K/N,J/M), progress= (a callable given a
Progress).  p.resplit(m, checkpoint=) splits a part or a checkpoint
again into m checkpoint files, as --resplit M.  merge(records) adds part
and sub-part records up, refusing what dlx merge refuses.  The files are
the programs': dlx --resume takes a checkpoint of Problem.count(), dlx
merge its records, and the other way round (dlx-sudoku's for a Sudoku),
as long as the library's version is the same (it is in the files: a
checkpoint of another version raises Error).
"""

import collections
import os
import time

from . import _dlx
from . import _runs
from ._runs import Progress, Merge, Record

__all__ = ["Problem", "Sudoku", "Colored", "Stats", "Step", "Rating",
           "Explanation", "Solutions", "Error", "Incomplete", "Estimate",
           "cpus", "__version__", "Progress", "Merge", "Record", "merge",
           "read_records"]

__version__ = "0.1.0"


class Error(ValueError):
    """Bad input: a problem, a text or a puzzle that cannot be used.

    Attributes (None when they do not apply):
      message   what is wrong, without the place
      line      the line of the text (from 1)
      column    the column (byte, from 1)
      filename  the file read, for Problem.read() and Sudoku.read_all()
      option    the index of the offending option, for Problem(options)
      cells     a clashing sudoku's two cells, ((row, col), (row, col)),
                numbered from 0 (the message numbers them from 1)
      code      libdlx's return code, when it gave one
    """

    def __init__(self, message, line=None, column=None, **attrs):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.filename = attrs.get("filename")
        self.option = attrs.get("option")
        self.cells = attrs.get("cells")
        self.code = attrs.get("code")

    def __str__(self):
        where = []
        if self.filename is not None:
            where.append(str(self.filename))
        if self.line:
            where.append(str(self.line))
            if self.column:
                where.append(str(self.column))
        if self.filename is not None:
            return "%s: %s" % (":".join(where), self.message)
        if self.line:
            return "line %s%s: %s" % (
                self.line, ", column %s" % self.column if self.column
                else "", self.message)
        return self.message


class Incomplete(Exception):
    """A budget (max_nodes, max_updates, time_limit) ran out.

    The answer is unknown: that is not "no solution".  Attributes:
      count  the solutions found before the budget ran out (a lower
             bound; on threads too, every solution any thread found)
      stats  the Stats of the search
    """

    def __init__(self, message, count=0, stats=None):
        super().__init__(message)
        self.count = count
        self.stats = stats


_dlx._init(Error, Incomplete)
_SPENT = "a budget (max_nodes, max_updates or time_limit) ran out"


def cpus():
    """The number of CPUs this process may run on (the default of threads)."""
    return _dlx.cpus()


def _runs_asked(checkpoint, checkpoint_every, resume, part, progress,
                progress_every):
    """Whether count() was asked for a long run's features."""
    return (checkpoint is not None or resume not in (None, False) or
            part is not None or progress is not None or
            checkpoint_every is not None or progress_every is not None)


def merge(records, *, partial=False):
    """Add up part records exactly, as dlx merge does: a Merge (solutions,
    parts, present, missing, nodes, updates, seconds, missing_subparts,
    records).

    records  an iterable of records: Record or dict (Problem.record), or
             JSON lines (a file's lines, or read_records(path)); those of
             other types are skipped
    The records must all be of the same problem, N, program and version,
    and cover the tree of parts exactly once: each part 1..N by one
    record of its own, or by the records of the sub-parts 1..M of one
    split of it (count(part=[(k, n), (j, m)]), or p.resplit() and the
    files resumed), each sub-part in its turn whole or split.  A record
    that differs, a part repeated ("part 2/3 again"), a part given both
    whole and split, a part split two ways (two splits of it, or two
    checkpoints of it split), or a part or sub-part missing ("part 2/3:
    sub-part 2/3 missing") raises Error with dlx merge's words, naming
    the file and line of a record read by read_records() ("record I",
    the I-th given, for others).  partial=True adds what is there and
    names the parts and sub-parts absent (missing, missing_subparts);
    it still refuses overlaps.  Records of the programs and of Python
    mix.

    >>> p = Problem([["a", "b"], ["c"], ["a"], ["b", "c"], ["a", "c"]])
    >>> recs = []
    >>> for k in (1, 2, 3):
    ...     n = p.count(part=(k, 3))
    ...     recs.append(p.record)
    >>> merge(recs).solutions
    2
    >>> merge(recs[:2], partial=True).missing
    [3]

    Part 3 again in two sub-parts, one of them missing:

    >>> subs = []
    >>> for j in (1, 2):
    ...     n = p.count(part=[(3, 3), (j, 2)])
    ...     subs.append(p.record)
    >>> merge(recs[:2] + subs).solutions
    2
    >>> merge(recs[:2] + subs[:1], partial=True).missing_subparts
    ['3/3,2/2']
    """
    return _runs.merge(Error, records, partial)


def read_records(*paths):
    """The part records of files (dlx --part K/N --record FILE, or any
    output holding them): a generator of Record, each with filename and
    line; other lines are skipped, a bad one raises Error naming it."""
    return _runs.read_records(Error, *paths)


Colored = collections.namedtuple("Colored", "item color")
Colored.__doc__ = """A secondary item with a color, in an option.

Colored(item, color): options that give item the same color may be chosen
together.  For string labels "item:color" says the same, as in Knuth's
format; Colored serves labels of any hashable type."""
Colored.item.__doc__ = "the secondary item"
Colored.color.__doc__ = "its color (any hashable)"

_STATUS = {0: "complete", _dlx.STOPPED: "stopped", _dlx.LIMIT: "limit",
           _dlx.INCOMPLETE: "budget", _dlx.EOVERFLOW: "overflow"}


class Stats(collections.namedtuple(
        "Stats", "status solutions nodes updates max_depth engine threads "
                 "drivers memo_lookups memo_hits")):
    """The figures of a search (Problem.stats, Solutions.stats).

      status        "complete" (the whole tree), "limit" (stopped at the
                    limit), "budget" (max_nodes, max_updates or
                    time_limit ran out),
                    "stopped" (Ctrl-C, or the loop stopped), "overflow"
      solutions     solutions found (an int of any size: counts are exact
                    up to 2**128)
      nodes         search tree nodes, as Knuth's DLX1 counts them
      updates       links updated while covering, as DLX1 counts them
      max_depth     most options chosen at once
      engine        the engine that ran, as the library names it and
                    dlx --stats prints it: "cache" (the subproblem cache:
                    nodes and updates are then those of the cached
                    search), "sparse" (sparse sets, the fast tree),
                    "links" (dancing links, Knuth's tree), "Algorithm
                    M" (item bounds), "none" (nothing ran)
      threads       threads that ran
      drivers       what drove the engine, a tuple of names: "threads"
                    (more than one thread), "position", "checkpoint";
                    () for a plain serial search
      memo_lookups  states the cache looked up (0 without the cache)
      memo_hits     found in the cache

    The library picks the engine from what the search asks (see the
    library's dlx_run()); a combination no engine serves raises Error
    naming it, never runs another way.
    """

    __slots__ = ()

    @classmethod
    def _make_from(cls, t):
        (code, sol, nodes, upd, depth, engine, threads, drv, used, look,
         hits) = t
        drivers = tuple(n for n, on in
                        zip(("threads", "position", "checkpoint"), drv)
                        if on)
        return cls(_STATUS.get(code, "error"), sol, nodes, upd, depth,
                   engine, threads, drivers, look, hits)


def _secs(x):
    """time_limit= as seconds (0.0: none)."""
    if x is None:
        return 0.0
    x = float(x)
    if not x > 0 or x == float("inf"):
        raise ValueError("time_limit must be a number of seconds > 0")
    return x


def _num(x, name):
    if x is None:
        return 0
    x = int(x)
    if x < 0:
        raise ValueError("%s must be >= 0" % name)
    return x


def _threads(threads):
    """threads= as the library takes it: None (every CPU, the one default
    of every search that takes threads=, as of the programs) is 0."""
    if threads is None:
        return 0
    threads = int(threads)
    if threads < 1:
        raise ValueError("threads must be >= 1 (or None: every CPU)")
    return threads


class Solutions:
    """The solutions of a search, one at a time, as they are found.

    Each solution is a list of option indices, ascending (the options
    numbered as they were given).  The search runs on a thread of its own,
    a little ahead of the loop, on a copy of the problem: the problem stays
    usable meanwhile.  Leaving the loop (break, an exception, the iterator
    dropped) or close() stops the search.  Once the iteration has ended,
    stats holds the search's figures (on the Problem too).
    """

    def __init__(self, problem, it):
        self._problem = problem
        self._it = it
        self.stats = None

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return next(self._it)
        except StopIteration:
            self._finish()
            raise

    def _finish(self):
        t = self._it.stats()
        if t is not None and self.stats is None:
            self.stats = Stats._make_from(t)
            self._problem._stats = self.stats
            if self.stats.status == "budget":
                raise Incomplete(_SPENT, self.stats.solutions, self.stats)

    def close(self):
        """Stop the search; the iteration ends."""
        self._it.close()
        self._finish()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Problem:
    """An exact cover problem.

    Problem(options, secondary=(), bounds=None, *, primary=None)

    options    an iterable of options, each an iterable of item labels
               (any hashable: strings, ints, tuples...).  Options are
               numbered 0, 1, 2... in this order.
    secondary  the secondary items (covered at most once); every other
               item is primary (covered exactly once).  A secondary item
               may be given a color in an option: "item:color" for string
               labels, as in Knuth's format, or Colored(item, color).  (A
               string "x:y" is a color only when x is an item: "r1:c1"
               is a label like any other when there is no item "r1".)
    bounds     {item: (lo, hi)} or {item: n}: the primary item is covered
               at least lo and at most hi times (n: exactly n).
    primary    the primary items, in order; by default they are the items
               of the options that are not secondary, in order of first
               appearance.  Given, an unknown label is an error.

    Also Problem.from_text(text), Problem.read(path) for Knuth's DLX
    format, and Problem.from_matrix(rows) for a 0/1 matrix (a numpy array
    or nested lists).

    SEARCHING
      p.count(threads=None, memo=None, memory=None, components=None)
          the number of solutions, an int of any size
      p.solutions(limit=None)   an iterator of solutions, each a list of
          option indices, ascending
      p.first()   one solution, or None if there is none
      p.stats     the figures of the last search (Stats)
      p.count(checkpoint=, resume=, part=, progress=)   long runs, as
          dlx --checkpoint, --resume, --part K/N[,J/M...]; p.record,
          merge()
      p.resplit(m, checkpoint=, resume=, part=)   a part or checkpoint
          split again into m checkpoint files, as dlx --resplit M

    Every search also takes knuth=True (walk Knuth's own search tree, as
    DLX1/DLX2/DLX3 do: the same solutions, his node and update counts),
    and max_nodes=, max_updates= (budgets: Incomplete is raised when one
    runs out).  The search releases the GIL; Ctrl-C stops it with
    KeyboardInterrupt and leaves the problem as it was.

    ITEMS AND OPTIONS
      p.items       the item labels: the primary ones, then the secondary
      p.nprimary, p.nsecondary, len(p)   the counts
      p.option(k)   option k as a list of labels ("item:color" or
                    Colored(item, color) for a colored item)
      p.options()   every option so

    ERRORS
      dlx.Error (a ValueError) for bad input: an unknown or repeated item,
      an option without a primary item, a color on a primary item, a bad
      bound; with line and column for text, option for lists.

    EXAMPLE
      >>> p = dlx.Problem([["a", "b"], ["c"], ["a", "c"], ["b"]])
      >>> p.count(), p.first()
      (2, [0, 1])
    """

    def __init__(self, options, secondary=(), bounds=None, *, primary=None):
        index = {}
        sec = list(secondary)
        for k, s in enumerate(sec):
            if s in index:
                raise Error("secondary item %r listed twice" % (s,))
            index[s] = -1 - k
        prim = []
        fixed = primary is not None
        if fixed:
            for x in primary:
                if x in index:
                    raise Error("item %r listed twice" % (x,))
                index[x] = len(prim)
                prim.append(x)
        colors = {}
        rows = []
        rowcolors = None
        for k, opt in enumerate(options):
            try:
                rows.append([index[x] for x in opt])
                if rowcolors is not None:
                    rowcolors.append(None)
                continue
            except KeyError:
                pass
            except TypeError:
                if not isinstance(opt, (str, bytes)) and \
                        not hasattr(opt, "__iter__"):
                    raise TypeError("option %d is not an iterable of "
                                    "items" % k) from None
            if isinstance(opt, (str, bytes)):
                raise TypeError("option %d is a string: give a list of "
                                "items" % k)
            ids = []
            cols = []
            anycolor = False
            for x in opt:
                i = index.get(x) if not isinstance(x, Colored) else None
                c = 0
                if i is None:
                    item, color = self._split(x)
                    if color is not None and item not in index and \
                            not isinstance(x, Colored):
                        # "r1:c1", no item "r1": a label like any other.
                        color = None
                    if color is not None:
                        i = index.get(item)
                        if i is None:
                            raise Error("option %d: unknown secondary item "
                                        "%r in %r" % (k, item, x), option=k)
                        if i >= 0:
                            raise Error("option %d: a color on primary item "
                                        "%r" % (k, item), option=k)
                        c = colors.setdefault(color, len(colors) + 1)
                        anycolor = True
                    elif fixed:
                        raise Error("option %d: unknown item %r" % (k, x),
                                    option=k)
                    else:
                        i = index[x] = len(prim)
                        prim.append(x)
                ids.append(i)
                cols.append(c)
            rows.append(ids)
            if anycolor:
                if rowcolors is None:
                    rowcolors = [None] * (len(rows) - 1)
                rowcolors.append(cols)
            elif rowcolors is not None:
                rowcolors.append(None)
        blist = []
        if bounds:
            for item, b in bounds.items():
                if isinstance(b, int):
                    lo = hi = b
                else:
                    lo, hi = b
                i = index.get(item)
                if i is None:
                    if fixed:
                        raise Error("bounds for unknown item %r" % (item,))
                    i = index[item] = len(prim)
                    prim.append(item)
                if i < 0:
                    raise Error("bounds for secondary item %r: a secondary "
                                "item is covered at most once" % (item,))
                if not (0 <= lo <= hi):
                    raise Error("bad bounds %r for item %r: need 0 <= lo <= "
                                "hi" % (b, item))
                blist.append((i, lo, hi))
        self._m = _dlx.Matrix(len(prim), len(sec))
        bad = self._m.add_options(rows, rowcolors, len(prim))
        self._items = prim + sec
        self._colors = [None] + list(colors)
        if bad is not None:
            k, code = bad
            labels = [prim[i] if i >= 0 else sec[-1 - i] for i in rows[k]]
            raise Error("option %d (%s): %s" % (
                k, " ".join(map(repr, labels)), _dlx.strerror(code)),
                option=k, code=code)
        for i, lo, hi in blist:
            self._m.set_bounds(i, lo, hi)
        self._stats = None

    @staticmethod
    def _split(x):
        """(item, color) of a colored label, or (x, None)."""
        if isinstance(x, Colored):
            return x.item, x.color
        if isinstance(x, str) and ":" in x:
            item, _, color = x.partition(":")
            return item, color
        return x, None

    @classmethod
    def _wrap(cls, m):
        p = cls.__new__(cls)
        p._m = m
        p._stats = None
        return p

    def __getattr__(self, name):
        # The labels of a problem read from text (or a sudoku's matrix)
        # are its item and color names, fetched when first needed.
        if name in ("_items", "_colors"):
            names = self._m.item_names()
            self._items = [n if n is not None else i
                           for i, n in enumerate(names)]
            self._colors = [None] + self._m.color_names()
            return getattr(self, name)
        raise AttributeError(name)

    @classmethod
    def from_text(cls, text, *, strict=False):
        """A problem written in Knuth's DLX format (str or bytes).

        The first line that is not blank or a comment ("| ...") names the
        items: the primary ones, then "|" and the secondary ones; a
        primary item may carry bounds, "lo:hi|name" or "n|name".  Every
        further line is an option; "item:color" colors a secondary item.
        Options with no primary item are skipped, as Knuth's programs do
        (an error with strict=True).  Raises Error with line and column.
        """
        if isinstance(text, str):
            text = text.encode("utf-8", "surrogateescape")
        return cls._wrap(_dlx.Matrix.from_text(bytes(text), strict))

    @classmethod
    def read(cls, path, *, strict=False):
        """The problem in file path, in Knuth's DLX format (see from_text).
        Errors name the file: Error.filename."""
        with open(path, "rb") as f:
            data = f.read()
        try:
            return cls.from_text(data, strict=strict)
        except Error as e:
            e.filename = os.fspath(path)
            raise

    @classmethod
    def from_matrix(cls, matrix, secondary=0, items=None):
        """A problem from a 0/1 matrix: a row per option, a column per item.

        matrix     a 2-D numpy array, or any sequence of rows of numbers
                   (numpy is used when present, never required)
        secondary  how many of the last columns are secondary items, or a
                   collection of column indices (or labels) that are
        items      labels of the columns (default: 0, 1, 2, ...)
        A nonzero entry puts the column's item in the row's option.
        """
        try:
            import numpy
        except ImportError:
            numpy = None
        if numpy is not None and isinstance(matrix, numpy.ndarray):
            if matrix.ndim != 2:
                raise Error("from_matrix: need a 2-D array")
            ncols = matrix.shape[1]
            r, c = numpy.nonzero(matrix)
            cuts = numpy.searchsorted(r, numpy.arange(1, matrix.shape[0]))
            rows = [x.tolist() for x in numpy.split(c, cuts)] \
                if matrix.shape[0] else []
        else:
            rows = []
            ncols = None
            for k, row in enumerate(matrix):
                row = list(row)
                if ncols is None:
                    ncols = len(row)
                elif len(row) != ncols:
                    raise Error("from_matrix: row %d has %d columns, "
                                "expected %d" % (k, len(row), ncols),
                                option=k)
                rows.append([j for j, v in enumerate(row) if v])
            ncols = ncols or 0
        labels = list(items) if items is not None else list(range(ncols))
        if len(labels) != ncols:
            raise Error("from_matrix: %d labels for %d columns"
                        % (len(labels), ncols))
        if isinstance(secondary, int):
            if not 0 <= secondary <= ncols:
                raise Error("from_matrix: secondary out of range")
            sec = labels[ncols - secondary:]
        else:
            secset = set(secondary)
            sec = [x for j, x in enumerate(labels)
                   if j in secset or x in secset]
        secs = set(sec)
        prim = [x for x in labels if x not in secs]
        opts = [[labels[j] for j in row] for row in rows]
        return cls(opts, sec, primary=prim)

    # ---- what the problem is --------------------------------------------

    @property
    def items(self):
        """The item labels: the primary items, then the secondary ones."""
        return list(self._items)

    @property
    def nprimary(self):
        """The number of primary items."""
        return self._m.sizes()[0]

    @property
    def nsecondary(self):
        """The number of secondary items."""
        return self._m.sizes()[1]

    def __len__(self):
        """The number of options."""
        return self._m.sizes()[2]

    def option(self, k):
        """Option k as a list of item labels, as given ("item:color" or
        Colored(item, color) for a colored secondary item)."""
        if k < 0:
            k += len(self)
        items, colors = self._m.option(k)
        out = []
        for i, c in zip(items, colors):
            x = self._items[i]
            if c:
                col = self._colors[c] if c < len(self._colors) else c
                x = "%s:%s" % (x, col) if isinstance(x, str) and \
                    isinstance(col, str) else Colored(x, col)
            out.append(x)
        return out

    def options(self):
        """Every option, as option(k) gives it."""
        return [self.option(k) for k in range(len(self))]

    def bounds(self, item):
        """(lo, hi) of a primary item: how often a solution covers it."""
        try:
            i = self._items.index(item)
        except ValueError:
            raise Error("unknown item %r" % (item,)) from None
        return self._m.bounds(i)

    def copy(self):
        """An independent copy (to search from another thread at once)."""
        p = Problem.__new__(Problem)
        p._m = self._m.copy()
        p._items = list(self._items)
        p._colors = list(self._colors)
        p._stats = None
        return p

    @property
    def stats(self):
        """The Stats of the last search of this problem (None before)."""
        return self._stats

    # The program whose checkpoints and part records this problem's are:
    # dlx's (a Sudoku's are dlx-sudoku's).
    _program = "dlx"

    @property
    def record(self):
        """The part record of the last complete count with part= (or a
        checkpoint): a Record, the dict of the JSON line that
        dlx --part K/N --record writes (record.line_text() is such a
        line, its members in the same order), for merge(); None
        before."""
        return getattr(self, "_record", None)

    def __repr__(self):
        np, ns, no, _ = self._m.sizes()
        return "<dlx.Problem: %d primary item%s, %d secondary, %d option%s>" \
            % (np, "" if np == 1 else "s", ns, no, "" if no == 1 else "s")

    # ---- searching ------------------------------------------------------

    def _search(self, **kw):
        try:
            st, sol = self._m.search(**kw)
        except KeyboardInterrupt:
            # The figures reached stay in p.stats ("stopped").
            t = self._m.last()
            if t is not None:
                self._stats = Stats._make_from(t)
            raise
        stats = Stats._make_from(st)
        self._stats = stats
        if stats.status == "budget":
            raise Incomplete(_SPENT, stats.solutions, stats)
        if stats.status == "overflow":
            raise OverflowError("the count passed 2^64 in a plain search: "
                                "count with memo=None or True")
        return stats, sol

    def count(self, threads=None, memo=None, memory=None, *, knuth=False,
              max_nodes=None, max_updates=None, components=None,
              time_limit=None, checkpoint=None, checkpoint_every=None,
              resume=None, part=None, progress=None, progress_every=None):
        """The number of solutions, exactly, as an int of any size.

        threads  search on this many threads (None: every CPU, as
                 cpus() says)
        memo     None: the subproblem cache where it pays (counts past
                 2^64 need it); True: the cache from the start; False:
                 the plain search
        memory   bytes the cache may use in the whole run, every thread
                 together (None: the library's default, 128 MiB)
        knuth    walk Knuth's tree (no cache then)
        max_nodes, max_updates   budgets: Incomplete when one runs out
        time_limit  seconds from the call: Incomplete when they pass
                 (looked at every 2^20 updates or so), its count every
                 solution found so far, on threads too
        components  component counting in the cache's count (where the
                 open items fall apart, the groups are counted apart and
                 multiplied): None where it pays, True at every node
                 (the cache then runs from the start; refused with item
                 bounds, as memo=True is), False never

        As dlx(1) counts: the library's dispatcher (dlx_run) picks the
        engine that serves the request (the cache where it pays, else the
        search on the threads); p.stats says what ran (engine, threads,
        drivers).  With item bounds the count runs on threads too
        (Algorithm M's tree cut into subtrees), the cache is refused.  A
        combination no engine serves, such as memo=True with item bounds
        or with knuth=True, raises Error naming it.

        LONG RUNS (the programs' --checkpoint, --resume, --part; see
        "Long runs" in help(dlx))
        checkpoint        save the search's position to this file (written
                 whole to a temporary file, then renamed): when the count
                 starts, every checkpoint_every seconds (default 60), and
                 when it ends, however it ends; Ctrl-C saves where the
                 search stood, then raises KeyboardInterrupt
        resume   a checkpoint file to go on from (then saved to again,
                 unless checkpoint= names another), or True: checkpoint=
                 if that file exists, else a fresh start.  The count
                 returned is that of the whole position, earlier runs
                 included.  A checkpoint of another problem, part or
                 library version raises Error, as dlx --resume refuses it
        part     (k, n): count part k of n of the search tree only (the
                 split of dlx --part K/N); p.record is then the part
                 record, for merge().  A path [(k, n), (j, m), ...] (or
                 the text "K/N,J/M,...") counts sub-part j of m of that
                 part split again, and so on down (16 re-splits at
                 most), as dlx --part K/N,J/M: the same count and the
                 same record, its "lineage" naming the re-splits
        progress  a callable, called about every progress_every seconds
                 (default 1) with a Progress (solutions, nodes, updates,
                 fraction, seconds); a true return value stops the count
                 (Incomplete, with the checkpoint saved), an exception
                 stops it and propagates
        Checkpoints and files are the programs': a checkpoint of
        dlx --checkpoint resumes here and the other way round.  Whether a
        checkpoint goes with threads or the cache is the dispatcher's to
        say (Error naming what it refuses); threads=None runs what
        serves.

        >>> import os, tempfile
        >>> q = Problem([["a", "b"], ["c"], ["a"], ["b", "c"], ["a", "c"]])
        >>> f = os.path.join(tempfile.mkdtemp(), "q.ckpt")
        >>> q.count(checkpoint=f), q.count(resume=f)
        (2, 2)
        >>> [q.count(part=(k, 2)) for k in (1, 2)]
        [1, 1]
        >>> [q.count(part=[(2, 2), (j, 2)]) for j in (1, 2)]
        [1, 0]
        """
        long_run = _runs_asked(checkpoint, checkpoint_every, resume, part,
                               progress, progress_every)
        memo = 0 if memo is None else (1 if memo else -1)
        components = (0 if components is None else
                      (1 if components else -1))
        kw = dict(threads=_threads(threads), memo=memo,
                  memory=_num(memory, "memory"), knuth=knuth,
                  components=components,
                  max_nodes=_num(max_nodes, "max_nodes"),
                  max_updates=_num(max_updates, "max_updates"),
                  time_limit=_secs(time_limit))
        if long_run:
            return _runs.count(self, self._program, kw, checkpoint,
                               checkpoint_every, resume, part, progress,
                               progress_every, Incomplete, Error, Stats)
        st, _ = self._search(**kw)
        return st.solutions

    def resplit(self, m, checkpoint=None, *, resume=None, part=None):
        """Split a part, or a checkpoint of one, again into m sub-parts
        (1 <= m <= 1048576), as dlx --resplit M: each sub-part is saved
        as a checkpoint to CHECKPOINT.1 ... CHECKPOINT.m, to be counted
        anywhere with count(resume=) or dlx --resume, and its record
        merged with the others (merge(), dlx merge).  Nothing is
        searched; the list of the file names is returned.

        checkpoint  FILE of the files FILE.1 ... FILE.m (default: resume)
        resume   the checkpoint to split (what is left of it: the work it
                 has done goes to sub-part 1), or True as count() takes it
        part     without resume, the part to split, as count() takes it
                 ((k, n) or a path); neither: the whole tree (part 1/1)
        The files are those of dlx --resplit (dlx-sudoku's for a
        Sudoku): a sub-part is the same position whoever computes it.
        A checkpoint of another problem or part raises Error as count()
        does; a failed write raises OSError, leaving the files written
        before it (each whole).

        >>> import os, tempfile
        >>> q = Problem([["a", "b"], ["c"], ["a"], ["b", "c"], ["a", "c"]])
        >>> f = os.path.join(tempfile.mkdtemp(), "q.ckpt")
        >>> [os.path.basename(x) for x in q.resplit(2, f, part=(2, 2))]
        ['q.ckpt.1', 'q.ckpt.2']
        >>> [q.count(resume=f + ".%d" % j) for j in (1, 2)]
        [1, 0]
        >>> q.record["lineage"].startswith("2/2@")
        True
        """
        return _runs.resplit(self, self._program, m, checkpoint, resume,
                             part, Error)

    def estimate(self, probes=10000, *, seed=0, knuth=False,
                 part_time=None):
        """Knuth's estimate of the search, without searching it, and the
        time it should take on this machine: an Estimate.

        Each of the probes walks one random path down the plain search's
        tree (the fast one, unless the library was built with Knuth's as
        its default; Knuth's with knuth=True), choosing each option at
        random among those the search would try; the products of the
        branching degrees along it estimate the tree.  nodes and
        solutions are the means over the probes, *_se their standard
        errors: the truth is usually within a few of them, but a tree
        whose size hides in rare deep paths can mislead any number of
        probes (hits, the probes that reached a solution, says how many
        saw one: with few, solutions is unsure).  Then a plain search of
        the same tree (one thread, no cache) runs under doubling node
        budgets for about 0.2 s of CPU: rate is its nodes a CPU second,
        seconds = nodes / rate the forecast of CPU seconds (seconds_se its
        standard error).  If
        that search finishes, complete is True, count is the exact number
        of solutions and seconds its time.  With part_time (seconds), parts
        is the N of dlx --part whose largest part should take about that
        long (the parts are uneven: largest / mean about 1.4 at 8 parts,
        2.3 at 64, 5.3 at 512), largest that part's forecast.  The same
        seed gives the same probes, as dlx --estimate --seed prints them
        (seed 0).  Item bounds raise Error (Algorithm M's tree is not
        estimated).

        >>> p = Problem([["a"], ["b"], ["c"]])
        >>> e = p.estimate(10)
        >>> e.nodes, e.nodes_se, e.solutions, e.solutions_se, e.hits
        (4.0, 0.0, 1.0, 0.0, 10)
        >>> e.complete, e.count
        (True, 1)
        """
        if isinstance(probes, bool) or not isinstance(probes, int) or \
                probes < 1:
            raise ValueError("probes must be a positive int, not %r"
                             % (probes,))
        if part_time is not None and (
                isinstance(part_time, bool) or
                not isinstance(part_time, (int, float)) or
                not part_time > 0):
            raise ValueError("part_time must be a positive number of "
                             "seconds, not %r" % (part_time,))
        (nodes, nodes_se, sols, sols_se, probes, max_depth,
         hits) = self._m.estimate(probes, seed, bool(knuth))
        # The node rate of this machine: a plain search of the same tree
        # under a growing budget, as forecast.c measures it.
        budget = 1024
        count = None
        while True:
            t0 = time.process_time()
            try:
                count = self.count(threads=1, memo=False, knuth=knuth,
                                   components=False, max_nodes=budget)
                done = self.stats.nodes
            except Incomplete as e:
                done = e.stats.nodes
            secs = time.process_time() - t0
            if count is not None or secs >= 0.2:
                break
            budget *= 2
        rate = done / secs if secs > 0 else 0.0
        if count is not None:
            seconds, seconds_se = secs, 0.0
        else:
            seconds = nodes / rate if rate > 0 else 0.0
            seconds_se = nodes_se / rate if rate > 0 else 0.0
        parts = largest = None
        if part_time is not None:
            parts, largest = _parts(seconds, float(part_time))
        return Estimate(nodes, nodes_se, sols, sols_se, probes, hits,
                        max_depth, rate, seconds, seconds_se,
                        count is not None, count, parts, largest)

    def first(self, *, knuth=False, max_nodes=None, max_updates=None):
        """The first solution the search finds, as a list of option indices
        (ascending), or None if there is none.  Incomplete if a budget ran
        out first."""
        _, sol = self._search(first=True, threads=1, knuth=knuth,
                              max_nodes=_num(max_nodes, "max_nodes"),
                              max_updates=_num(max_updates, "max_updates"))
        return sol

    def solutions(self, limit=None, *, threads=None, knuth=False,
                  max_nodes=None, max_updates=None, time_limit=None):
        """An iterator of the solutions, each a list of option indices
        (ascending), in the order the search finds them.

        limit    stop after this many (None: all)
        threads  search on this many threads (None: every CPU, as
                 cpus() says, as count() and the programs; the order is
                 the same on any number)
        max_nodes, max_updates, time_limit   budgets, as in count(): the
                 loop ends with Incomplete once those found are out
        Stopping the loop stops the search.  See Solutions.
        """
        it = self._m.iterate(limit=_num(limit, "limit"),
                             threads=_threads(threads), knuth=knuth,
                             max_nodes=_num(max_nodes, "max_nodes"),
                             max_updates=_num(max_updates, "max_updates"),
                             time_limit=_secs(time_limit))
        return Solutions(self, it)

    def __iter__(self):
        """Iterating a problem iterates its solutions()."""
        return self.solutions()


# ---- sudoku ---------------------------------------------------------------

_DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Estimate = collections.namedtuple(
    "Estimate", "nodes nodes_se solutions solutions_se probes hits "
    "max_depth rate seconds seconds_se complete count parts largest")
Estimate.__doc__ = """Problem.estimate(): Knuth's estimate of the search
tree's nodes and of the solutions (means over the probes) with their
standard errors, the probes walked, those that reached a solution and
the deepest one; this machine's node rate (nodes a second), the seconds
the plain search should take and their standard error; complete and
count when the timed search finished the tree (else False and None);
with part_time, the parts for dlx --part and the largest one's seconds
(else None)."""


def _imbalance(n):
    """Largest / mean of the parts' times at n parts, as forecast.c has
    it: 1, 1.4, 2.3, 5.3 at 1, 8, 64, 512 parts (README's bench/parts),
    linear in floor(log2 n) between, rising on beyond 512."""
    at = (1.0, 1.4, 2.3, 5.3)
    lg = (n.bit_length() - 1) / 3.0
    if lg >= 3.0:
        return at[3] + (lg - 3.0) * (at[3] - at[2])
    k = int(lg)
    return at[k] + (lg - k) * (at[k + 1] - at[k])


def _parts(seconds, target, most=1048576):
    """(n, largest): the fewest parts whose largest takes about target
    seconds of a search of seconds (at most most parts, as --part takes),
    and that part's forecast."""
    n = 1
    for _ in range(64):
        need = seconds * _imbalance(n) / target
        if need <= n:
            break
        n = most if need >= most else int(need) + 1
        if n == most:
            break
    return n, seconds * _imbalance(n) / n

Step = collections.namedtuple(
    "Step", "rule text cell symbol eliminations houses cells rating")
Step.__doc__ = """One step of Sudoku.explain() or Sudoku.hint().

  rule          "naked single", "hidden single", "pointing", "claiming",
                "naked pair" ... "swordfish"; "no candidate" or "no place"
                for a contradiction
  text          the step as dlx-sudoku --explain prints it
  cell          the placement (row, col), from 0, or None
  symbol        the symbol placed (1..N), or 0
  eliminations  [((row, col), symbol), ...] the candidates removed
  houses        [(kind, index), ...]: ("row", 0), ("column", 3), ("box", 8)
  cells         [(row, col), ...] the cells of the pattern
  rating        the step's value on Sudoku Explainer's scale, as a float:
                its rule's value in dlx_logic(3)'s table (3.4 for a
                hidden pair), more for a longer chain or a larger
                pattern (a naked single that is also a hidden single is
                rated as the hidden single); None for a contradiction,
                which is no rule"""

Rating = collections.namedtuple(
    "Rating", "grade guesses steps er ep ed level hardest score nsteps")
Rating.__doc__ = """The difficulty of a sudoku (Sudoku.rate()), as
dlx-sudoku --rate gives it.

  grade    the grade of the hardest rule used ("singles", "subsets",
           "fish", "advanced"), "search" (the rules get stuck), or
           "none" (no rule was used)
  guesses  the options the search tried before its first solution (0
           unless the rules get stuck)
  steps    {rule: how many steps used it}
  er, ep, ed  Sudoku Explainer's ratings, as floats: the hardest step,
           the hardest up to the first placement, the hardest up to the
           first step; None unless the rules solve the puzzle
  level    HoDoKu's level: "easy", "medium", "hard", "unfair",
           "extreme"; "search" when the rules get stuck; "none" when no
           step was made (a grid given solved, or one the rules find
           without solution before any step)
  hardest  the rule of the hardest step (None unless the rules solve it)
  score    HoDoKu's score: each step's score added up (None unless the
           rules solve it)
  nsteps   the steps the rules made

A puzzle without solution (the explanation's outcome "contradiction")
has er, ep, ed, hardest and score None, and its level is that of the
steps made before the contradiction ("none" if there were none); the
contradiction itself is no step of the rating (its Step.rating is
None)."""


class Explanation(list):
    """The steps of Sudoku.explain(): a list of Step, with attributes

      outcome     "solved" (the rules alone), "stuck" (the search
                  finished), "contradiction" (the puzzle has no solution)
      grade       as Rating.grade
      guesses     the search's guesses (when stuck)
      solution    the solution (a string), or None
      candidates  the pencil marks where the rules stopped ("" if solved)
      rating      the Rating of the puzzle (as Sudoku.rate())
    """

    outcome = grade = solution = candidates = rating = None
    guesses = 0


_VARIANT_WORDS = {"x": "diagonals", "hyper": "windows", "windoku": "windows",
                  "jigsaw": "jigsaw", "killer": "killer", "classic": None}


class Sudoku:
    """A sudoku puzzle, classic or variant, of any size from 4x4 to 36x36.

    Sudoku(text, box=None, symbols=None, variant=None)

    text     one puzzle in any form dlx-sudoku reads: one line of N*N
             cells (blanks 0 . _ * x X), a grid of N lines with or without
             spaces and | - + separators, lines of numbers; or a variant
             puzzle starting with its header line ("variant killer", see
             dlx-sudoku(1)); or a list of N*N ints (0 blank) or of N rows
    box      the box shape, "2x3" or (2, 3) (rows x columns), when it is
             not the usual one for N
    symbols  the alphabet, e.g. "0-9A-F" (default 1-9, then A-Z)
    variant  for text without a header: "x", "hyper", "jigsaw", "killer"
             or words joined ("killer x"); jigsaw and killer text carries
             the region or cage map after the grid

    SOLVING
      s.solve()        the solution as a string of N*N symbols, or None
      s.count(limit=None)   the number of solutions (at most limit)
      s.solutions(limit=None)   an iterator of solutions (strings)
      s.explain()      the steps a person takes (classic only): an
                       Explanation, a list of Step records
      s.rate()         the difficulty: a Rating (ER/EP/ED, HoDoKu level)
      s.hint()         the next step of the rules, or None
      Sudoku.from_marks(line)   a puzzle given by a player's pencil marks
                       (a line of N*N*N): every method honours them

    SETTING
      s.redundant()    the givens that can each go, the puzzle staying
                       unique: [(row, col), ...]; [] when minimal
      s.minimize(symmetry=None)   a minimal puzzle: a new Sudoku
      s.true_candidates(counts=False)   each cell's symbols that some
                       solution holds (with counts, how many hold each)
      s.unique_by()    the placements that leave one solution (or fewest)

    MORE
      Sudoku.read_all(path)   every puzzle of a file, one at a time
      Sudoku.parse_all(text)  every puzzle of a text
      Sudoku.generate(...)    new puzzles with one solution, minimal
                              within an effort bound
      s.canonical()    the canonical (minlex) form of a classic 9x9
                       puzzle, a string: the same for isomorphic puzzles
      s.automorphisms()   how many grid symmetries keep the puzzle
      s.cells          the givens, N*N ints (0 blank), row-major
      s.n, s.box, s.variant, s.line   size, box shape, variant, line
      s.format(cells)  cells as a line of symbols; s.grid(cells) as rows

    Givens that clash raise Error naming the cells ("row 1 has two 5s:
    r1c2 and r1c7", with Error.cells); a text that is no puzzle raises
    Error with its line and column.
    """

    def __init__(self, text, box=None, symbols=None, variant=None):
        boxr, boxc = _box(box)
        alpha = _dlx.sudoku_symbols(symbols) if symbols is not None else None
        if not isinstance(text, (str, bytes)):
            self._from_cells(text, boxr, boxc, alpha, variant)
            return
        items = list(_read_puzzles(text, boxr, boxc, alpha, variant, 2))
        if not items:
            raise Error("no puzzle in the text")
        if items[0][0] == "bad":
            _, line, column, msg = items[0]
            raise Error(msg, line, column)
        if len(items) > 1:
            raise Error("more than one puzzle in the text (see "
                        "Sudoku.parse_all)", items[1][1])
        self._setup(items[0], alpha)

    def _from_cells(self, cells, boxr, boxc, alpha, variant):
        cells = list(cells)
        if cells and not isinstance(cells[0], int):
            cells = [int(v) for row in cells for v in row]
        nn = len(cells)
        n = int(round(nn ** 0.5))
        if n * n != nn:
            raise Error("%d cells: not a square grid" % nn)
        if variant not in (None, "classic"):
            raise Error("a variant puzzle is given as text (its header, "
                        "grid and maps)")
        if not boxr:
            boxr, boxc = _dlx.sudoku_box_for(n)
        if boxr * boxc != n:
            raise Error("box %dx%d does not fit %d symbols" % (boxr, boxc, n))
        for v in cells:
            if not 0 <= v <= n:
                raise Error("cell value %d out of range 0..%d" % (v, n))
        self._setup(("puzzle", None, boxr, boxc, cells, None, None), alpha)

    def _setup(self, item, alpha):
        _, line, boxr, boxc, cells, sol, var = item[:7]
        marks = item[7] if len(item) > 7 else None
        if marks is not None:
            # A cell of one mark is filled (as dlx-sudoku and the rules
            # take it): s.cells shows it.
            cells = [c or (m.bit_length() if m and not m & (m - 1) else 0)
                     for c, m in zip(cells, marks)]
        n = boxr * boxc if var is None else var[0]
        if var is None:
            var = (n, boxr, boxc, 0, None, None, None, "classic")
        self.n = n
        self.line = line
        self.cells = cells
        self.variant = var[7]
        self.box = (var[1], var[2]) if var[1] else None
        self._var = var
        self._alpha = alpha if alpha is not None else \
            (_DEFAULT_SYMBOLS if n <= len(_DEFAULT_SYMBOLS) else "")
        self._given_solution = sol
        try:
            self._m = _dlx.sudoku_matrix(cells, n, var[1], var[2], var[3],
                                         var[4], var[5], var[6],
                                         self._alpha or None, marks)
        except Error as e:
            e.line = line
            raise
        self._p = Problem._wrap(self._m)
        if marks is not None:
            self._marks = list(marks)

    # ---- text -----------------------------------------------------------

    def format(self, cells=None, blank="."):
        """cells (default: the givens) as one line of N*N symbols, blank
        for 0; with more symbols than the alphabet, numbers separated by
        spaces."""
        cells = self.cells if cells is None else cells
        a = self._alpha
        if self.n <= len(a):
            return "".join(a[v - 1] if v else blank for v in cells)
        return " ".join(str(v) for v in cells)

    def grid(self, cells=None):
        """cells (default: the givens) as a list of N rows of ints."""
        cells = self.cells if cells is None else cells
        return [list(cells[r * self.n:(r + 1) * self.n])
                for r in range(self.n)]

    def __str__(self):
        return self.format()

    def __repr__(self):
        return "<dlx.Sudoku %dx%d %s%s: %s>" % (
            self.n, self.n, self.variant,
            "" if self.line is None else " (line %d)" % self.line,
            self.format() if self.n <= 16 else "...")

    # ---- solving --------------------------------------------------------

    def _decode(self, sol):
        n = self.n
        nnn = n * n * n
        cells = [0] * (n * n)
        for o in sol:
            if o < nnn:
                cells[o // n] = o % n + 1
        return cells

    def solve(self):
        """The solution as a string of N*N symbols (see format()), or None
        if there is none.  With several, the first the search finds."""
        sol = self._p.first()
        return None if sol is None else self.format(self._decode(sol))

    def solve_cells(self):
        """The solution as N*N ints (1..N), or None."""
        sol = self._p.first()
        return None if sol is None else self._decode(sol)

    def count(self, limit=None, *, threads=None, max_nodes=None,
              max_updates=None, time_limit=None, checkpoint=None,
              checkpoint_every=None, resume=None, part=None, progress=None,
              progress_every=None):
        """The number of solutions (stopping at limit when given: then the
        result is at least that many).

        threads  search on this many threads (None: every CPU, as
                 cpus() says, as Problem.count() and dlx-sudoku -t)
        max_nodes, max_updates, time_limit   budgets, as in
                 Problem.count(): Incomplete, with the count so far, when
                 one runs out (a node budget keeps a 9x9 off the bit
                 boards, as in dlx-sudoku)
        checkpoint, checkpoint_every, resume, part, progress,
        progress_every   a long run, as Problem.count() takes them; the
                 files are dlx-sudoku's (--checkpoint, --resume,
                 --part K/N --record), s.record the part record

        >>> s = Sudoku("1.....2...3.....")
        >>> [s.count(part=(k, 2)) for k in (1, 2)], s.count()
        ([2, 1], 3)
        """
        kw = dict(threads=threads, max_nodes=max_nodes,
                  max_updates=max_updates, time_limit=time_limit)
        if _runs_asked(checkpoint, checkpoint_every, resume, part,
                       progress, progress_every):
            if limit is not None:
                raise ValueError("limit does not go with a long run's "
                                 "arguments (checkpoint, part, progress)")
            self._p._program = "dlx-sudoku"
            return self._p.count(**kw, checkpoint=checkpoint,
                                 checkpoint_every=checkpoint_every,
                                 resume=resume, part=part,
                                 progress=progress,
                                 progress_every=progress_every)
        if limit is not None:
            n = 0
            for _ in self._p.solutions(limit=limit, **kw):
                n += 1
            return n
        return self._p.count(**kw)

    @property
    def record(self):
        """The part record of the last count with part= (see
        Problem.record), dlx-sudoku's."""
        return self._p.record

    def resplit(self, m, checkpoint=None, *, resume=None, part=None):
        """A part or a checkpoint split again into m checkpoint files, as
        dlx-sudoku --resplit M writes them (see Problem.resplit()).

        >>> import os, tempfile
        >>> s = Sudoku("1.....2...3.....")
        >>> f = os.path.join(tempfile.mkdtemp(), "s.ckpt")
        >>> n = len(s.resplit(2, f))
        >>> [s.count(resume=f + ".%d" % j) for j in (1, 2)]
        [2, 1]
        """
        self._p._program = "dlx-sudoku"
        return self._p.resplit(m, checkpoint, resume=resume, part=part)

    def estimate(self, probes=10000, *, seed=0, knuth=False,
                 part_time=None):
        """Knuth's estimate of the puzzle's solutions and of the nodes of
        its search tree, and the seconds the plain search should take, as
        Problem.estimate() gives them (an Estimate) and dlx-sudoku
        --estimate prints them (the default count of a 9x9 runs on the
        bit boards or the cache, faster than that forecast)."""
        return self._p.estimate(probes, seed=seed, knuth=knuth,
                                part_time=part_time)

    def solutions(self, limit=None, *, cells=False):
        """An iterator of the solutions, as strings (lists of ints with
        cells=True), found on every CPU (the order is that of one thread).
        Stopping the loop stops the search."""
        dec = self._decode
        fmt = (lambda c: c) if cells else self.format
        return (fmt(dec(s)) for s in self._p.solutions(limit=limit))

    def true_candidates(self, counts=False, *, threads=None):
        """The symbols each cell holds in at least one solution: a list of
        N*N sets of ints (1..N), in reading order; a given's cell holds its
        given.  With counts=True, a list of N*N dicts {symbol: solutions
        holding it there} instead; each sums to count().  Exact at any
        size (enumerated when the solutions are few, else counted
        placement by placement, beyond 2^64).

        >>> s = Sudoku("1.....2...3.....")
        >>> s.count()
        3
        >>> s.true_candidates()[4]          # r2c1
        {3, 4}
        >>> s.true_candidates(counts=True)[4]
        {3: 2, 4: 1}

        threads  the threads of the counts (None: every CPU); Ctrl-C
                 stops it (KeyboardInterrupt)"""
        total, table = self._m.candidate_counts(threads=_threads(threads))
        n = self.n
        rows = [table[i * n:(i + 1) * n] for i in range(n * n)]
        if counts:
            return [{v + 1: c for v, c in enumerate(r) if c} for r in rows]
        return [{v + 1 for v, c in enumerate(r) if c} for r in rows]

    def unique_by(self, *, threads=None):
        """What makes the puzzle unique: (leaves, placements), placements
        the list of (row, column, symbol) (row and column from 0, symbol
        1..N), in reading order, each of which, added as a given, leaves
        the puzzle with `leaves` solutions: 1 when some placement makes it
        unique, else the fewest any placement leaves.  (count(), []) when
        the puzzle has one solution or none.

        >>> Sudoku("1.....2...3.....").unique_by()[1][:3]
        [(1, 0, 4), (1, 1, 3), (2, 0, 4)]
        >>> Sudoku("12.3............").unique_by()[0]
        3"""
        total, table = self._m.candidate_counts(threads=_threads(threads))
        n = self.n
        cuts = [c for c in table if 0 < c < total]
        if not cuts:
            return total, []
        best = min(cuts)
        return best, [(k // n // n, k // n % n, k % n + 1)
                      for k, c in enumerate(table) if c == best]

    @property
    def stats(self):
        """The Stats of the last search."""
        return self._p.stats

    def _classic(self, what):
        if self._var[3] or self._var[4] is not None or \
                self._var[5] is not None:
            raise Error("%s: the rules know classic sudoku only, not %s"
                        % (what, self.variant))

    def _logic(self, what, uniqueness, max_steps):
        self._classic(what)
        boxr, boxc = self.box
        return _dlx.sudoku_logic(self.cells, boxr, boxc, self._alpha or "",
                                 getattr(self, "_marks", None),
                                 bool(uniqueness), max_steps)

    def explain(self, *, uniqueness=True):
        """Solve the way a person does: the rules, simplest first (singles,
        locked candidates, subsets, fish, wings, coloring, uniqueness
        rules, chains ...: the rules of dlx-sudoku --explain), one Step
        each; where no rule applies, the search finishes.  Classic sudoku
        only.  A puzzle made by from_marks() starts from its pencil marks.

        uniqueness  use the uniqueness rules (unique rectangles, BUG+1)
                    when a short search finds exactly one solution, as
                    dlx-sudoku does; False: never (--no-uniqueness)

        Returns an Explanation (a list of Step, with outcome, solution,
        candidates and rating)."""
        (steps, outcome, grade, guesses, sol, nsol, cand,
         rating) = self._logic("explain", uniqueness, -1)
        n = self.n
        ex = Explanation(_step(t, n) for t in steps)
        ex.outcome = outcome
        ex.grade = grade
        ex.guesses = guesses
        ex.solution = self.format(sol) if sol is not None else None
        ex.candidates = cand
        ex.rating = _rating(grade, guesses, ex, rating, outcome)
        return ex

    def rate(self, *, uniqueness=True):
        """The difficulty, as dlx-sudoku --rate gives it: a Rating with
        Sudoku Explainer's ER/EP/ED, HoDoKu's level and score, the hardest
        rule, the steps per rule and, when the rules get stuck, the
        search's guesses.  uniqueness as in explain()."""
        return self.explain(uniqueness=uniqueness).rating

    def hint(self, *, uniqueness=True):
        """The next step of the rules (a Step, as dlx-sudoku --hint gives
        it), from the givens or from the pencil marks of a puzzle made by
        from_marks(); None when the puzzle is solved or no rule applies.
        A contradiction is given as its Step ("no candidate", "no place").
        uniqueness as in explain()."""
        steps, outcome = self._logic("hint", uniqueness, 1)[:2]
        return _step(steps[0], self.n) if steps else None

    # ---- the setter's questions -------------------------------------------

    _SYMMETRIES = {None: 0, "none": 0, "180": 1, "90": 2, "mirror": 3}

    def _minimal(self, minimize, symmetry, seed, effort):
        # Removing givens asks about givens: a puzzle of pencil marks
        # would lose its struck candidates here, so it is refused.
        if getattr(self, "_marks", None) is not None:
            raise Error("redundant givens and minimize take a puzzle of "
                        "givens, not pencil marks", self.line)
        sym = self._SYMMETRIES.get(symmetry,
                                   self._SYMMETRIES.get(str(symmetry)))
        if sym is None:
            raise Error("symmetry must be None, '180', '90' or 'mirror'")
        if effort is None:
            # As dlx-sudoku: no bound up to 16x16 (killer: 9x9).
            nodes = 1000 if self.n > 16 else \
                10000 if self._var[5] is not None and self.n > 9 else 0
        elif effort == "none":
            nodes = 0
        elif isinstance(effort, int) and not isinstance(effort, bool) \
                and effort > 0:
            nodes = effort
        else:
            raise Error("effort must be None, 'none' or a positive int")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise Error("seed must be a non-negative int")
        return _dlx.sudoku_minimal(self._m, self.cells, minimize, sym, seed,
                                   nodes)

    def redundant(self, *, symmetry=None, effort=None):
        """The givens that can each go, the puzzle staying unique, as
        dlx-sudoku --redundant finds them: a list of (row, col), from 0,
        in reading order; [] for a minimal puzzle.

        symmetry  None, "180", "90" or "mirror": a given is redundant when
                  its whole orbit (the cells it maps to) can go
        effort    search nodes one check may take: None, as dlx-sudoku
                  (no bound up to 16x16, killer up to 9x9); "none"; or an
                  int.  A given whose check runs out is not listed (see
                  unsettled())

        A puzzle that is not unique raises Error, its code
        DLX_SUDOKU_MULTIPLE (211) or DLX_SUDOKU_UNSOLVABLE (210).

        >>> s = Sudoku("9................1.....2.3......3.2...1.45....."
        ...            "5....6..3......4.7..8...962...7..3")
        >>> s.redundant()
        [(0, 0), (4, 5), (8, 8)]
        >>> Sudoku(s.minimize().format()).redundant()
        []
        """
        flags = self._minimal(0, symmetry, 0, effort)[0]
        n = self.n
        return [(x // n, x % n) for x, f in enumerate(flags) if f == 2]

    def unsettled(self, *, symmetry=None, effort=None):
        """The givens whose check in redundant() ran out of effort: a list
        of (row, col) as there; [] without a bound."""
        flags = self._minimal(0, symmetry, 0, effort)[0]
        n = self.n
        return [(x // n, x % n) for x, f in enumerate(flags) if f == 3]

    def minimize(self, symmetry=None, *, seed=0, effort=None):
        """A minimal puzzle (a new Sudoku, same variant and solution) as
        dlx-sudoku --minimize makes it: each given in turn, in reading
        order (or a random order from seed, not 0; the same everywhere),
        goes if the puzzle stays unique without it.  With symmetry
        ("180", "90", "mirror") givens go a whole orbit at a time, so a
        symmetric puzzle stays symmetric.  effort as in redundant(); the
        result's minimal attribute is False when some check ran out of
        it (those givens stay).  A puzzle that is not unique raises
        Error as redundant() does.  A killer keeps its cages.

        >>> grid = Sudoku("2143432114323214")
        >>> m = grid.minimize()
        >>> m.format(), m.minimal
        ('......21.....214', True)
        >>> grid.minimize("90").format()
        '..4.432..432.2..'
        """
        cells, _, _, _, minimal = self._minimal(1, symmetry, seed, effort)
        new = object.__new__(Sudoku)
        new._setup(("puzzle", self.line, self._var[1], self._var[2],
                    cells, None, None if self._var[7] == "classic"
                    else self._var), self._alpha or None)
        new.minimal = bool(minimal)
        return new
    # ---- the canonical form ----------------------------------------------

    def _canon(self, what):
        if self.n != 9 or self.box != (3, 3) or self.variant != "classic":
            raise Error("%s works on classic 9x9 sudoku only, not %s %dx%d"
                        % (what, self.variant, self.n, self.n))
        if getattr(self, "_marks", None) is not None:
            raise Error("%s: not for a puzzle of pencil marks" % what)
        return _dlx.sudoku_canonical(self.cells)

    def canonical(self):
        """The canonical form of this classic 9x9 puzzle (or complete
        grid), as a string of 81 symbols with "." for blanks, the line
        dlx-sudoku --canonical writes: the least of all the puzzles that
        the 3,359,232 symmetries of the grid (transposition, bands, rows
        within a band, stacks, columns within a stack) and the
        relabellings of the digits make of it, reading the cells row by
        row, a blank below every digit.  Isomorphic puzzles, and only
        they, have the same canonical form, so it de-duplicates a
        collection; the form of a form is itself.  Other sizes and
        variants raise Error.

        >>> p = Sudoku("4...3.......6..8..........1....5..9..8....6..."
        ...            "7.2........1.27..5.3....4.9........")
        >>> p.canonical()
        '........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..'
        >>> len({Sudoku(t).canonical() for t in (str(p), p.canonical())})
        1
        """
        return self.format(self._canon("canonical()")[0])

    def automorphisms(self):
        """How many of the 3,359,232 symmetries of the grid turn this
        classic 9x9 puzzle into itself, up to a relabelling of its
        digits: 1 for most puzzles, more for a symmetric one, 3,359,232
        for the empty grid (the "automorphisms" of dlx-sudoku
        --canonical --json).

        >>> Sudoku("." * 81).automorphisms()
        3359232
        """
        return self._canon("automorphisms()")[1]

    @classmethod
    def from_marks(cls, line, box=None, symbols=None):
        """A puzzle given as a player's pencil marks: line holds N*N*N
        characters (729 for a 9x9, as Sukaku Explainer and dlx-sudoku
        read them), the i-th group of N being the i-th cell in reading
        order, its d-th character the symbol d when d is a candidate
        there, else "." or "0".  A cell with one mark is taken as filled.

        The marks are the puzzle for every method: its solutions are
        those of its filled cells that use no struck candidate (solve(),
        solve_cells(), count(), solutions() and stats, as dlx-sudoku
        answers a line of marks), and explain(), rate() and hint() start
        from the marks.  A mark out of its place or a cell with no mark
        raises Error with its column; two cells of one mark that clash in
        a unit raise Error naming them.  Sudoku.parse_all() and
        read_all() make such puzzles of the lines of marks they meet
        (variants too: a line of marks in place of the grid).

        >>> s = Sudoku.from_marks(".234" + "1234" * 15)  # 4x4, 1 struck
        >>> s.count()                                    # from r1c1
        216
        >>> Sudoku("." * 16).count() - Sudoku("1" + "." * 15).count()
        216"""
        line = line.strip()
        nnn = len(line)
        n = int(round(nnn ** (1.0 / 3)))
        if n * n * n != nnn or n < 2:
            raise Error("%d characters: not N*N*N pencil marks" % nnn)
        boxr, boxc = _box(box)
        if not boxr:
            boxr, boxc = _dlx.sudoku_box_for(n)
        alpha = _dlx.sudoku_symbols(symbols) if symbols is not None else \
            _DEFAULT_SYMBOLS
        if len(alpha) < n:
            raise Error("%d symbols: the alphabet is too short" % n)
        cells, marks = [], []
        for c in range(n * n):
            m = 0
            for d in range(n):
                ch = line[c * n + d]
                if ch == alpha[d]:
                    m |= 1 << d
                elif ch not in ".0":
                    raise Error("%r is no mark for %s here" %
                                (ch, alpha[d]), 1, c * n + d + 1)
            if m == 0:
                raise Error("r%dc%d has no candidate (its %d places are "
                            "all blank)" % (c // n + 1, c % n + 1, n), 1,
                            c * n + 1)
            single = m & (m - 1) == 0
            cells.append(m.bit_length() if single else 0)
            marks.append(m)
        s = cls.__new__(cls)
        s._setup(("puzzle", None, boxr, boxc, cells, None, None, marks),
                 alpha if symbols is not None else None)
        return s

    # ---- many puzzles -----------------------------------------------------

    @classmethod
    def parse_all(cls, text, box=None, symbols=None, variant=None,
                  errors="raise"):
        """Every puzzle of text, one at a time (a generator of Sudoku).

        errors  "raise": a bad puzzle raises Error (with its line);
                "skip": bad puzzles are left out;
                "yield": a bad puzzle is yielded as its Error
        """
        return cls._all(text, box, symbols, variant, errors, None)

    @classmethod
    def read_all(cls, path, box=None, symbols=None, variant=None,
                 errors="raise"):
        """Every puzzle of the file path, one at a time (a generator of
        Sudoku with .line set); errors as in parse_all(), Error.filename
        naming the file."""
        with open(path, "rb") as f:
            data = f.read()
        return cls._all(data, box, symbols, variant, errors,
                        os.fspath(path))

    @classmethod
    def _all(cls, text, box, symbols, variant, errors, filename):
        if errors not in ("raise", "skip", "yield"):
            raise ValueError("errors must be 'raise', 'skip' or 'yield'")
        boxr, boxc = _box(box)
        alpha = _dlx.sudoku_symbols(symbols) if symbols is not None else None
        for item in _read_puzzles(text, boxr, boxc, alpha, variant, None):
            try:
                if item[0] == "bad":
                    raise Error(item[3], item[1], item[2])
                s = cls.__new__(cls)
                s._setup(item, alpha)
            except Error as e:
                e.filename = filename
                if errors == "raise":
                    raise
                if errors == "yield":
                    yield e
                continue
            yield s

    @classmethod
    def generate(cls, count=None, box=(3, 3), *, seed=0, variant=None,
                 symmetry=None, max_givens=None, grade=None,
                 max_attempts=None, symbols=None, effort=None):
        """New puzzles, each with exactly one solution and minimal
        within the effort bound (as dlx-sudoku --generate): a generator
        of Sudoku (count of them, or without end).

        box         the box shape, "3x3" or (3, 3)
        seed        the same seed gives the same puzzles everywhere
        variant     None (classic), "x", "hyper", "jigsaw", "killer" or
                    words joined ("killer x")
        symmetry    None, "180", "90" or "mirror": of the givens
        max_givens  only puzzles with at most this many givens
        grade       only puzzles of this grade ("singles", "subsets",
                    "fish", "advanced", "search"; classic only)
        max_attempts  grids tried per puzzle before Error (default 100000)
        effort      search nodes one uniqueness check may take: None,
                    the bound by size and kind (none up to 9x9, nor for
                    classic, X, hyper and jigsaw up to 16x16; 10000 for
                    a killer and 100000 for a symmetric puzzle from 10x10,
                    1000 from 25x25); "none", no bound at any size (minimal
                    puzzles, but slow from 25x25 and for big killers); or
                    an int
        Each puzzle's solution is s.solution (a string), and s.minimal
        is True when every given was proved needed (always so up to 9x9
        and without a bound), False when a check ran out of effort and
        its given stayed.
        """
        boxr, boxc = _box(box)
        extras, jigsaw, killer = 0, False, False
        for w in (variant or "").replace(",", " ").split():
            kind = _VARIANT_WORDS.get(w)
            if w not in _VARIANT_WORDS:
                raise Error("unknown variant word %r" % w)
            if kind == "diagonals":
                extras |= _dlx.SUDOKU_DIAGONALS
            elif kind == "windows":
                extras |= _dlx.SUDOKU_WINDOWS
            elif kind == "jigsaw":
                jigsaw = True
            elif kind == "killer":
                killer = True
        syms = {None: 0, "none": 0, "180": 1, "90": 2, "mirror": 3}
        if symmetry not in syms and str(symmetry) not in syms:
            raise Error("symmetry must be None, '180', '90' or 'mirror'")
        sym = syms.get(symmetry, syms.get(str(symmetry)))
        # The library's grades (enum dlx_logic_grade), as Rating.grade
        # names them.
        grades = {None: 0, "singles": 1, "subsets": 2, "fish": 3,
                  "advanced": 4, "search": 5}
        if grade not in grades:
            raise Error("grade must be 'singles', 'subsets', 'fish', "
                        "'advanced' or 'search'")
        if effort is None:
            nodes = 0
        elif effort == "none":
            nodes = _dlx.GEN_EFFORT_NONE
        elif (isinstance(effort, int) and not isinstance(effort, bool)
              and 0 < effort < _dlx.GEN_EFFORT_NONE):
            nodes = effort
        else:
            raise Error("effort must be None, 'none' or a positive int")
        alpha = _dlx.sudoku_symbols(symbols) if symbols is not None else None
        g = _dlx.Generator(boxr or 3, boxc or 3, seed=int(seed),
                           extras=extras, jigsaw=jigsaw, killer=killer,
                           symmetry=sym, max_givens=max_givens or 0,
                           grade=grades[grade],
                           max_attempts=max_attempts or 0, symbols=alpha,
                           effort=nodes)
        made = 0
        while count is None or made < count:
            text, sol, givens, _, attempts, minimal = next(g)
            s = cls(text, box=(boxr, boxc) if not jigsaw else None,
                    symbols=symbols)
            s.solution = s.format(sol)
            s.attempts = attempts
            s.minimal = minimal
            made += 1
            yield s


def _step(t, n):
    rule, text, cell, symbol, elim, houses, cells, rating = t
    kinds = ("row", "column", "box")
    return Step(rule, text,
                None if cell < 0 else divmod(cell, n), symbol,
                [(divmod(c, n), v) for c, v in elim],
                [(kinds[h // n], h % n) for h in houses],
                [divmod(c, n) for c in cells],
                None if rating < 0 else rating / 10)


def _rating(grade, guesses, steps, t, outcome):
    """The Rating of an explanation: t is the C layer's (er, ep, ed,
    score, level, hardest, nsteps), the figures in tenths."""
    er, ep, ed, score, level, hardest, nsteps = t
    solved = outcome == "solved"
    counts = collections.Counter(s.rule for s in steps
                                 if outcome != "contradiction" or
                                 s is not steps[-1])
    return Rating(grade, guesses, dict(counts),
                  er / 10 if solved else None, ep / 10 if solved else None,
                  ed / 10 if solved else None, level,
                  hardest if solved and hardest else None,
                  score if solved else None, nsteps)


def _box(box):
    """(boxr, boxc) of "RxC", (R, C) or None ((0, 0): inferred)."""
    if box is None:
        return 0, 0
    if isinstance(box, str):
        try:
            r, c = box.lower().split("x")
            return int(r), int(c)
        except ValueError:
            raise Error("box must be 'RxC', e.g. '2x3'") from None
    r, c = box
    return int(r), int(c)


def _read_puzzles(text, boxr, boxc, alpha, variant, most):
    """The reader's items of text: ("puzzle", ...) or ("bad", line, column,
    message); at most most of them (None: all)."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogateescape")
    if variant is None:
        # A variant text announces itself in its first line.
        for raw in text.splitlines():
            s = raw.strip()
            if not s or s.startswith(b"#"):
                continue
            if s.split()[0] == b"variant":
                variant = ""
            break
    elif variant == "classic":
        variant = None
    r = _dlx.SudokuReader(bytes(text), boxr, boxc, alpha, variant)
    k = 0
    for item in r:
        yield item
        k += 1
        if most is not None and k >= most:
            return
