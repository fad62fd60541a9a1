"""A walk through dlx, cell by cell as in a notebook: run it whole
(python3 walkthrough.py) or paste the cells one at a time."""

# %% An exact cover problem: items, and options that are sets of items.
# Every primary item must be covered exactly once.
import dlx

p = dlx.Problem([["a", "b"], ["c"], ["a", "c"], ["b"]])
print(p)                       # <dlx.Problem: 3 primary items, ...>
print(p.count())               # 2

# %% Solutions are lists of option indices, in input numbering.
for sol in p.solutions():
    print(sol, [p.option(k) for k in sol])

# %% Secondary items are covered at most once; colors let options share one.
q = dlx.Problem([["a", "x:red"], ["b", "x:red"], ["b", "x:blue"]],
                secondary=["x"])
print(q.count(), q.first())    # 1 [0, 1]: both options agree on red

# %% Bounds: item a covered one to three times.
r = dlx.Problem([["a"], ["a", "b"], ["a"]], bounds={"a": (1, 3)})
print(r.count())               # 4

# %% How the search went.
q.count(knuth=True)
print(q.stats)

# %% Budgets: "ran out" is not "no solution".
big = dlx.Problem([[("r", r), ("c", c), "d%d:%d" % (r + c, r),
                    "e%d:%d" % (r - c, r)]
                   for r in range(12) for c in range(12)],
                  secondary=["d%d" % k for k in range(23)] +
                  ["e%d" % k for k in range(-11, 12)])
try:
    big.count(max_nodes=1000, memo=False)
except dlx.Incomplete as e:
    print("budget ran out after", e.count, "solutions")

# %% Counts of any size: 2^100 solutions, counted by the subproblem cache.
wide = dlx.Problem([[k] for k in range(100) for _ in range(2)])
print(wide.count() == 2 ** 100, wide.stats.engine)

# %% Errors say where.
try:
    dlx.Problem.from_text("a b\na c\n")
except dlx.Error as e:
    print(e.line, e.column, e.message)

# %% Sudoku: solve, count, explain, rate.
s = dlx.Sudoku("4.....8.5.3..........7......2.....6.....8.4......"
               "1.......6.3.7.5..2.....1.4......")
print(s.solve())
print(s.count())
ex = s.explain()
print(len(ex), "steps;", ex[0].text, "...;", ex.outcome, ex.grade)
print(s.rate())

# %% A clash names its cells.
try:
    dlx.Sudoku("55" + "." * 79)
except dlx.Error as e:
    print(e, e.cells)

# %% New puzzles, minimal and with one solution.
for new in dlx.Sudoku.generate(2, seed=1, symmetry="180"):
    print(new, new.count())
