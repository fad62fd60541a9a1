"""The n queens problem with dlx: count, and print the first solution.

Rows and columns are primary items (one queen each); the diagonals are
secondary (at most one queen each).  Usage: python3 queens.py [N]
"""

import sys

import dlx

n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
options = [[("row", r), ("col", c), ("diag", r + c), ("anti", r - c)]
           for r in range(n) for c in range(n)]
diagonals = [("diag", k) for k in range(2 * n - 1)] + \
    [("anti", k) for k in range(-(n - 1), n)]
p = dlx.Problem(options, secondary=diagonals)
print("%d queens: %d solutions" % (n, p.count()))
first = p.first()
if first is not None:
    cols = {options[k][0][1]: options[k][1][1] for k in first}
    for r in range(n):
        print(" ".join("Q" if cols[r] == c else "." for c in range(n)))
