"""The sudoku puzzles of examples/sudoku, solved and counted with dlx.

Every file there: each puzzle's line, its number of solutions and its
first solution; bad puzzles are reported with their line, as dlx-sudoku
does, and skipped.  Usage: python3 sudoku.py [FILE...]
"""

import glob
import os
import sys

import dlx

here = os.path.dirname(os.path.abspath(__file__))
files = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "..", "sudoku",
                                                      "*.txt")))
for f in files:
    # hex.txt writes its 16 symbols as 0-9A-F.
    symbols = "0-9A-F" if f.endswith("hex.txt") else None
    for s in dlx.Sudoku.read_all(f, symbols=symbols, errors="yield"):
        name = os.path.basename(f)
        if isinstance(s, dlx.Error):
            print("%s: bad puzzle: %s" % (name, s))
            continue
        n = s.count()
        print("%s:%d: %dx%d, %d solution%s%s" % (
            name, s.line, s.n, s.n, n, "" if n == 1 else "s",
            ", first " + s.solve() if n and s.n <= 9 else ""))
