"""Scott's pentomino problem: the 12 pentominoes tile a 6x10 rectangle in
2339 ways, 9356 counting the rotations and reflections of the whole.

Each option places one piece: the piece's name and the cells it covers.
Usage: python3 pentominoes.py [ROWSxCOLS]  (6x10, 5x12, 4x15 or 3x20)
"""

import sys
import time

import dlx

PIECES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def shapes(cells):
    """The distinct rotations and reflections of a piece, normalized."""
    out = set()
    for flip in (False, True):
        c = [(r, -col) if flip else (r, col) for r, col in cells]
        for _ in range(4):
            c = [(col, -r) for r, col in c]
            r0 = min(r for r, _ in c)
            c0 = min(col for _, col in c)
            out.add(tuple(sorted((r - r0, col - c0) for r, col in c)))
    return out


rows, cols = map(int, (sys.argv[1] if len(sys.argv) > 1 else "6x10")
                 .split("x"))
options = []
for name, cells in PIECES.items():
    for shape in shapes(cells):
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        for r in range(rows - h + 1):
            for c in range(cols - w + 1):
                options.append([name] + [(r + dr, c + dc)
                                         for dr, dc in shape])
p = dlx.Problem(options)
t = time.perf_counter()
n = p.count()
print("pentominoes in %dx%d: %d tilings (%d options, %.2f s, %s)"
      % (rows, cols, n, len(p), time.perf_counter() - t, p.stats.engine))
grid = [["."] * cols for _ in range(rows)]
for k in p.first() or []:
    for r, c in options[k][1:]:
        grid[r][c] = options[k][0]
print("\n".join("".join(row) for row in grid))
