/*
 * fuzz_sudoku_logic.c: libFuzzer harness for the rule-based sudoku solver
 * (dlx_logic.h), checked against the exact-cover search.
 *
 * The first byte picks the box shape, the second the rules allowed, the
 * third the alphabet for text; the rest fills the grid, a byte a cell (a
 * few givens, many blanks).  The search on the sudoku matrix (with a node
 * budget) says whether the puzzle has no, one or several solutions.  Then
 * the rules run step by step, and every step must be sound: with a unique
 * solution known, no step places another symbol or removes the solution's
 * symbol from its cell; a step always makes progress, so there are at most
 * N*N*N of them; every step formats to a line.  The outcome must agree
 * with the search: "solved" only with a solution (the one), "contradiction"
 * only without; when stuck, dlx_logic_search() must find as many solutions
 * (up to 2) as the search did.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx_sudoku.h"
#include "dlx_logic.h"

#define CHECK(c) do {							\
	if (!(c)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
		    __FILE__, __LINE__, #c);				\
		abort();						\
	}								\
} while (0)

#define MAXN	16	/* larger grids make each input too slow */

static const int shapes[][2] = {
	{ 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 },
	{ 1, 4 }, { 4, 1 }, { 1, 5 }, { 2, 5 }, { 3, 4 }, { 4, 4 }
};
#define NSHAPES	(sizeof shapes / sizeof shapes[0])

static const char *const alphabets[] = { NULL, "", "abcdefghijklmnop" };

/* One solver and one matrix per shape, kept across inputs. */
static dlx_logic	*solvers[NSHAPES];
static dlx_sudoku	*matrices[NSHAPES];

/* What the search found. */
struct known {
	int		 n;
	int		 complete;	/* the search ended within budget */
	uint64_t	 count;		/* solutions, up to 2 */
	int		 sol[MAXN * MAXN]; /* the first one */
	dlx_sudoku	*s;
};

static int
keep_first(void *arg, const int *options, size_t n)
{
	struct known	*k = arg;

	if (k->count++ == 0)
		CHECK(dlx_sudoku_decode(k->s, options, n, k->sol) == DLX_OK);
	return 0;
}

/* Is grid a full, valid sudoku keeping the givens? */
static void
check_solution(int boxr, int boxc, const int *givens, const int *grid)
{
	int	n = boxr * boxc, r, c, v;
	int	seen[3][MAXN][MAXN + 1];

	memset(seen, 0, sizeof seen);
	for (r = 0; r < n; r++)
		for (c = 0; c < n; c++) {
			v = grid[r * n + c];
			CHECK(v >= 1 && v <= n);
			CHECK(givens[r * n + c] == 0 || givens[r * n + c] == v);
			CHECK(seen[0][r][v]++ == 0);
			CHECK(seen[1][c][v]++ == 0);
			CHECK(seen[2][(r / boxr) * boxr + c / boxc][v]++ == 0);
		}
}

struct run {
	dlx_logic		*lg;
	const struct known	*k;
	long			 steps;
	long			 maxsteps;
};

static int
on_step(void *arg, const struct dlx_logic_step *st)
{
	struct run	*r = arg;
	char		 line[1024];
	size_t		 len, i;
	int		 nn = r->k->n * r->k->n, cell;

	CHECK(++r->steps <= r->maxsteps);
	CHECK(st->rule >= 0 && st->rule < DLX_LOGIC_NRULES);
	len = dlx_logic_format(r->lg, st, line, sizeof line);
	CHECK(len > 0 && len < sizeof line && strlen(line) == len);
	CHECK(strchr(line, '\n') == NULL);
	if (st->cell >= 0) {
		CHECK(st->cell < nn && st->symbol >= 1 &&
		    st->symbol <= r->k->n && st->nelim == 0);
		CHECK(dlx_logic_cell(r->lg, st->cell) == st->symbol);
	} else
		CHECK(st->nelim > 0);
	for (i = 0; i < st->nelim; i++) {
		cell = st->elim[i].cell;
		CHECK(cell >= 0 && cell < nn);
		CHECK(st->elim[i].symbol >= 1 && st->elim[i].symbol <= r->k->n);
		CHECK((dlx_logic_candidates(r->lg, cell) &
		    (uint64_t)1 << (st->elim[i].symbol - 1)) == 0);
	}
	/* Sound: the unique solution survives every step. */
	if (r->k->complete && r->k->count == 1) {
		if (st->cell >= 0)
			CHECK(r->k->sol[st->cell] == st->symbol);
		for (i = 0; i < st->nelim; i++)
			CHECK(r->k->sol[st->elim[i].cell] !=
			    st->elim[i].symbol);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dlx_request	 srch;
	struct dlx_logic_step	 st;
	struct dlx_logic_result	 res;
	struct known		 k;
	struct run		 run;
	int			 grid[MAXN * MAXN], out[MAXN * MAXN];
	int			 shape, boxr, boxc, n, i, rc, lrc, conflict;
	static char		 pencil[64 * 1024];
	dlx_logic		*lg;

	if (size < 3)
		return 0;
	shape = data[0] % NSHAPES;
	boxr = shapes[shape][0];
	boxc = shapes[shape][1];
	n = boxr * boxc;
	if (solvers[shape] == NULL) {
		CHECK(dlx_logic_new(&solvers[shape], boxr, boxc, NULL) ==
		    DLX_OK);
		CHECK(dlx_sudoku_new(&matrices[shape], boxr, boxc, NULL) ==
		    DLX_OK);
	}
	lg = solvers[shape];
	CHECK(dlx_logic_size(lg) == n);
	/* Mostly all rules; sometimes a random subset. */
	dlx_logic_set_rules(lg, data[1] & 0x80 ? (unsigned)data[1] << 5 |
	    data[1] : DLX_LOGIC_ALL_RULES);
	CHECK(dlx_logic_set_alphabet(lg, alphabets[data[2] % 3]) == DLX_OK);
	data += 3;
	size -= 3;
	/* A byte a cell: about one cell in four given. */
	for (i = 0; i < n * n; i++)
		grid[i] = (size_t)i < size && data[i] % 4 == 0 ?
		    1 + (data[i] >> 2) % n : 0;

	conflict = dlx_sudoku_check(boxr, boxc, grid, NULL, NULL) ==
	    DLX_ECONFLICT;
	rc = dlx_logic_load(lg, grid);
	CHECK(rc == (conflict ? DLX_ECONFLICT : DLX_OK));
	if (conflict)
		return 0;

	/* The reference: the exact-cover search, up to 2 solutions. */
	memset(&k, 0, sizeof k);
	k.n = n;
	k.s = matrices[shape];
	CHECK(dlx_sudoku_set_givens(k.s, grid, NULL, NULL) == DLX_OK);
	memset(&srch, 0, sizeof srch);
	srch.visit = keep_first;
	srch.visit_arg = &k;
	srch.max_solutions = 2;
	srch.max_nodes = 20000;
	srch.threads = 1;
	rc = dlx_run(dlx_sudoku_matrix(k.s), &srch, NULL);
	dlx_sudoku_clear(k.s);
	CHECK(rc == DLX_OK || rc == DLX_LIMIT || rc == DLX_INCOMPLETE);
	k.complete = rc != DLX_INCOMPLETE;
	if (k.count > 0)
		check_solution(boxr, boxc, grid, k.sol);

	/* The rules, step by step. */
	memset(&run, 0, sizeof run);
	run.lg = lg;
	run.k = &k;
	run.maxsteps = (long)n * n * n;
	lrc = dlx_logic_run(lg, on_step, &run, &st);
	CHECK(dlx_logic_format_candidates(lg, pencil, sizeof pencil) <
	    sizeof pencil);
	dlx_logic_grid(lg, out);
	switch (lrc) {
	case DLX_LOGIC_SOLVED:
		check_solution(boxr, boxc, grid, out);
		CHECK(!k.complete || k.count >= 1);
		if (k.complete && k.count == 1)
			CHECK(memcmp(out, k.sol, (size_t)(n * n) *
			    sizeof out[0]) == 0);
		/* The rules only solve what has one solution. */
		CHECK(!k.complete || k.count == 1);
		break;
	case DLX_LOGIC_CONTRADICTION:
		CHECK(st.rule == DLX_LOGIC_NO_CANDIDATE ||
		    st.rule == DLX_LOGIC_NO_PLACE);
		CHECK(!k.complete || k.count == 0);
		CHECK(k.count == 0);
		break;
	case DLX_LOGIC_STUCK:
		memset(&srch, 0, sizeof srch);
		srch.max_nodes = 20000;
		rc = dlx_logic_search(lg, &srch, out, &res);
		CHECK(rc == DLX_OK || rc == DLX_INCOMPLETE);
		if (res.solutions > 0)
			check_solution(boxr, boxc, grid, out);
		if (res.solutions > 0 && k.complete && k.count == 1)
			CHECK(memcmp(out, k.sol, (size_t)(n * n) *
			    sizeof out[0]) == 0);
		if (rc == DLX_OK && k.complete)
			CHECK(res.solutions == k.count);
		if (rc == DLX_OK)
			CHECK(res.solutions <= 2);
		/* Whatever the budgets, one found solution means one. */
		CHECK(res.solutions == 0 || k.count > 0 || !k.complete);
		CHECK(k.count == 0 || res.solutions > 0 || rc != DLX_OK);
		break;
	default:
		CHECK(!"unexpected outcome of dlx_logic_run");
	}
	return 0;
}
