/*
 * check_minimal.c: redundant givens and minimal puzzles
 * (dlx_sudoku_redundant(), dlx_sudoku_minimize()), checked by counting
 * every solution directly (dlx_count(), not a search stopping at two) on
 * random puzzles of 4x4, 6x6, X 6x6 and killer 4x4 grids made from the
 * generator's full grids; a 17-clue 9x9 has no redundant given; the
 * statuses of puzzles that are not unique; a symmetry kept; a seed
 * repeated.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"

#define MAXC	(DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN)

/* All the solutions of cells on s, counted in full. */
static uint64_t
count_all(dlx_sudoku *s, const int *cells)
{
	struct dlx_wide	 w;

	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert(w.hi == 0);
	return w.lo;
}

/* The kinds of grids the random cases use. */
struct kind {
	const char	*name;
	int		 boxr, boxc;
	unsigned	 extras;
	int		 killer;
};

static const struct kind kinds[] = {
	{ "4x4", 2, 2, 0, 0 },
	{ "6x6", 2, 3, 0, 0 },
	{ "X 6x6", 2, 3, DLX_SUDOKU_DIAGONALS, 0 },
	{ "killer 4x4", 2, 2, 0, 1 },
};

/* A generator's grid of kind k (seed): its matrix into *sp (built for
 * the puzzle's variant, cages included) and its solution into sol. */
static void
grid_of(const struct kind *k, uint64_t seed, dlx_sudoku **sp, int *sol)
{
	struct dlx_sudoku_gen_options	 go;
	struct dlx_sudoku_options	 so;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g;
	int				 n = k->boxr * k->boxc;

	memset(&go, 0, sizeof go);
	go.boxr = k->boxr;
	go.boxc = k->boxc;
	go.extras = k->extras;
	go.killer = k->killer;
	go.seed = seed;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &go), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	memcpy(sol, p.solution, sizeof *sol * (size_t)(n * n));
	memset(&so, 0, sizeof so);
	so.variant = p.variant;
	ck_assert_int_eq(dlx_sudoku_new(sp, k->boxr, k->boxc, &so), DLX_OK);
	dlx_sudoku_gen_free(g);
}

static uint64_t	 lcg;

static int
rnd(int n)
{
	lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
	return (int)((lcg >> 33) % (uint64_t)n);
}

/*
 * Random puzzles from grids of each kind: where the puzzle is unique,
 * each flag of dlx_sudoku_redundant() is what a full count of the puzzle
 * without that given says; where it is not, the status says how.
 */
START_TEST(test_redundant_counted)
{
	const struct kind		*k = &kinds[_i];
	struct dlx_sudoku_minimal_result res;
	dlx_sudoku			*s;
	unsigned char			 flags[MAXC];
	int				 sol[MAXC], cells[MAXC], n, x, t, rc;
	int				 unique = 0, redundant = 0;
	uint64_t			 c;

	n = k->boxr * k->boxc;
	lcg = (uint64_t)_i + 1;
	for (t = 0; t < 12; t++) {
		grid_of(k, (uint64_t)t, &s, sol);
		for (x = 0; x < n * n; x++)
			cells[x] = rnd(100) < (k->killer ? 15 : 55) ? sol[x] :
			    0;
		c = count_all(s, cells);
		rc = dlx_sudoku_redundant(s, cells, flags, NULL, &res, NULL);
		if (c != 1) {
			ck_assert_int_eq(rc, c == 0 ? DLX_SUDOKU_UNSOLVABLE :
			    DLX_SUDOKU_MULTIPLE);
			dlx_sudoku_free(s);
			continue;
		}
		ck_assert_int_eq(rc, DLX_OK);
		unique++;
		ck_assert_int_eq(res.unsettled, 0);
		for (x = 0; x < n * n; x++) {
			if (cells[x] == 0) {
				ck_assert_int_eq(flags[x], DLX_SUDOKU_BLANK);
				continue;
			}
			cells[x] = 0;
			c = count_all(s, cells);
			cells[x] = sol[x];
			ck_assert_int_eq(flags[x], c == 1 ?
			    DLX_SUDOKU_REDUNDANT : DLX_SUDOKU_NEEDED);
			redundant += c == 1;
		}
		ck_assert_int_eq(res.minimal, res.redundant == 0);
		dlx_sudoku_free(s);
	}
	/* The cases ask something: some puzzles unique, some givens
	 * redundant. */
	ck_assert_int_gt(unique, 0);
	ck_assert_int_gt(redundant, 0);
}
END_TEST

/*
 * From each full grid (no symmetry, 180 degrees, quarter turns, mirror):
 * the minimal puzzle is unique with the grid's solution, its givens
 * among the grid's, symmetric (an orbit all given or all blank), and
 * without any one more orbit it has two solutions at least, by a full
 * count.
 */
START_TEST(test_minimize_counted)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	const struct kind		*k = &kinds[_i % 4];
	dlx_sudoku			*s;
	int				 sol[MAXC], out[MAXC], n, x, y, j, t, r, c;
	int				 orbit[4], no;

	memset(&o, 0, sizeof o);
	o.symmetry = _i / 4;
	n = k->boxr * k->boxc;
	for (t = 0; t < 4; t++) {
		grid_of(k, (uint64_t)t + 100, &s, sol);
		o.seed = (uint64_t)t;
		ck_assert_int_eq(dlx_sudoku_minimize(s, sol, out, &o, &res,
		    NULL), DLX_OK);
		ck_assert_int_eq(res.minimal, 1);
		ck_assert_int_eq(res.givens, n * n);
		ck_assert_int_eq(count_all(s, out), 1);
		for (x = 0; x < n * n; x++)
			ck_assert(out[x] == 0 || out[x] == sol[x]);
		for (x = 0; x < n * n; x++) {
			r = x / n;
			c = x % n;
			no = 0;
			orbit[no++] = x;
			if (o.symmetry == DLX_GEN_SYM_180 ||
			    o.symmetry == DLX_GEN_SYM_90)
				orbit[no++] = (n - 1 - r) * n + (n - 1 - c);
			if (o.symmetry == DLX_GEN_SYM_90) {
				orbit[no++] = c * n + (n - 1 - r);
				orbit[no++] = (n - 1 - c) * n + r;
			}
			if (o.symmetry == DLX_GEN_SYM_MIRROR)
				orbit[no++] = r * n + (n - 1 - c);
			for (j = 1; j < no; j++)
				ck_assert_int_eq(out[orbit[j]] != 0,
				    out[x] != 0);
			if (out[x] == 0)
				continue;
			for (j = 0; j < no; j++)
				out[orbit[j]] = 0;
			ck_assert_uint_ge(count_all(s, out), 2);
			for (j = 0; j < no; j++) {
				y = orbit[j];
				out[y] = sol[y];
			}
		}
		dlx_sudoku_free(s);
	}
}
END_TEST

/* Two cases: a 17-clue puzzle has no redundant given, and minimizing it
 * changes nothing; the same with three givens more loses those three,
 * and they alone are redundant. */
static const char p17[] =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

static void
parse(const char *line, int *cells)
{
	int	 x;

	for (x = 0; x < 81; x++)
		cells[x] = line[x] == '.' ? 0 : line[x] - '0';
}

START_TEST(test_17_clue)
{
	struct dlx_sudoku_minimal_result res;
	dlx_sudoku			*s;
	unsigned char			 flags[81];
	int				 cells[81], sol[81], more[81], out[81], x;
	int				 added[3] = { 0, 41, 80 }, k;
	size_t				 nopt;
	int				 opts[81];

	parse(p17, cells);
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_redundant(s, cells, flags, NULL, &res,
	    NULL), DLX_OK);
	ck_assert_int_eq(res.givens, 17);
	ck_assert_int_eq(res.redundant, 0);
	ck_assert_int_eq(res.minimal, 1);
	for (x = 0; x < 81; x++)
		ck_assert_int_eq(flags[x], cells[x] ? DLX_SUDOKU_NEEDED :
		    DLX_SUDOKU_BLANK);
	ck_assert_int_eq(dlx_sudoku_minimize(s, cells, out, NULL, &res, NULL),
	    DLX_OK);
	ck_assert_mem_eq(out, cells, sizeof out);
	/* s holds the puzzle again: its one solution. */
	ck_assert_int_eq(dlx_first(dlx_sudoku_matrix(s), opts, 81, &nopt),
	    DLX_LIMIT);
	ck_assert_int_eq(dlx_sudoku_decode(s, opts, nopt, sol), DLX_OK);
	memcpy(more, cells, sizeof more);
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(cells[added[k]], 0);
		more[added[k]] = sol[added[k]];
	}
	ck_assert_int_eq(dlx_sudoku_redundant(s, more, flags, NULL, &res,
	    NULL), DLX_OK);
	ck_assert_int_eq(res.givens, 20);
	ck_assert_int_eq(res.redundant, 3);
	ck_assert_int_eq(res.minimal, 0);
	for (k = 0; k < 3; k++)
		ck_assert_int_eq(flags[added[k]], DLX_SUDOKU_REDUNDANT);
	ck_assert_int_eq(dlx_sudoku_minimize(s, more, out, NULL, &res, NULL),
	    DLX_OK);
	ck_assert_int_eq(res.redundant, 3);
	ck_assert_mem_eq(out, cells, sizeof out);
	/* A node budget too small for the first check; then one that
	 * leaves the check of r9c9 unsettled (on one thread whatever
	 * threads says: the same everywhere), which minimize keeps. */
	{
		struct dlx_sudoku_minimal_options o;

		memset(&o, 0, sizeof o);
		o.max_nodes = 1;
		ck_assert_int_eq(dlx_sudoku_redundant(s, cells, flags, &o,
		    &res, NULL), DLX_INCOMPLETE);
		o.max_nodes = 100;
		o.threads = 2;
		ck_assert_int_eq(dlx_sudoku_redundant(s, more, flags, &o,
		    &res, NULL), DLX_OK);
		ck_assert_int_eq(flags[0], DLX_SUDOKU_REDUNDANT);
		ck_assert_int_eq(flags[41], DLX_SUDOKU_REDUNDANT);
		ck_assert_int_eq(flags[80], DLX_SUDOKU_UNSETTLED);
		ck_assert_int_eq(res.unsettled, 1);
		ck_assert_int_eq(res.minimal, 0);
		ck_assert_int_eq(dlx_sudoku_minimize(s, more, out, &o, &res,
		    NULL), DLX_OK);
		ck_assert_int_eq(res.minimal, 0);
		ck_assert_int_eq(out[80], more[80]);
		ck_assert_int_eq(out[0], 0);
	}
	dlx_sudoku_free(s);
}
END_TEST

/* Puzzles that are not unique, givens that clash, bad arguments. */
START_TEST(test_not_unique)
{
	struct dlx_sudoku_minimal_options o;
	struct dlx_sudoku_minimal_result res;
	dlx_sudoku			*s;
	unsigned char			 flags[16];
	int				 none[16] = { 1, 0, 0, 0, 0, 2, 0, 0,
					     0, 3, 0, 0, 0, 4, 0, 0 };
	int				 empty[16] = { 0 }, clash[16] = { 1, 1 };
	int				 out[16], bad[16] = { 5 };
	struct dlx_error		 err;

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_redundant(s, none, flags, NULL, &res,
	    NULL), DLX_SUDOKU_UNSOLVABLE);
	ck_assert_int_eq(res.givens, 4);
	ck_assert_int_eq(flags[0], DLX_SUDOKU_NEEDED);
	ck_assert_int_eq(flags[1], DLX_SUDOKU_BLANK);
	ck_assert_int_eq(dlx_sudoku_minimize(s, empty, out, NULL, &res,
	    NULL), DLX_SUDOKU_MULTIPLE);
	ck_assert_int_eq(dlx_sudoku_redundant(s, clash, flags, NULL, &res,
	    &err), DLX_ECONFLICT);
	ck_assert_int_eq(err.code, DLX_ECONFLICT);
	ck_assert_int_eq(dlx_sudoku_redundant(s, bad, flags, NULL, &res,
	    NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_redundant(NULL, empty, flags, NULL, &res,
	    NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_minimize(s, empty, NULL, NULL, &res,
	    NULL), DLX_EINVAL);
	memset(&o, 0, sizeof o);
	o.symmetry = 9;
	ck_assert_int_eq(dlx_sudoku_minimize(s, empty, out, &o, &res, NULL),
	    DLX_EINVAL);
	ck_assert_str_ne(dlx_strerror(DLX_SUDOKU_MULTIPLE),
	    dlx_strerror(DLX_SUDOKU_UNSOLVABLE));
	dlx_sudoku_free(s);
}
END_TEST

/* A seed gives one order: the same puzzle twice; reading order (seed 0)
 * keeps the givens a reading-order pass keeps last. */
START_TEST(test_seed)
{
	struct dlx_sudoku_minimal_options o;
	dlx_sudoku			*s;
	int				 sol[MAXC], a[MAXC], b[MAXC];

	grid_of(&kinds[1], 7, &s, sol);
	memset(&o, 0, sizeof o);
	o.seed = 42;
	ck_assert_int_eq(dlx_sudoku_minimize(s, sol, a, &o, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_sudoku_minimize(s, sol, b, &o, NULL, NULL),
	    DLX_OK);
	ck_assert_mem_eq(a, b, sizeof *a * 36);
	/* In reading order the first cell always goes: the rest of a full
	 * grid fixes it. */
	o.seed = 0;
	ck_assert_int_eq(dlx_sudoku_minimize(s, sol, a, &o, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(a[0], 0);
	dlx_sudoku_free(s);
}
END_TEST

Suite *
make_minimal_suite(void)
{
	Suite	*s = suite_create("Minimal");
	TCase	*tc = tcase_create("Core");

	tcase_add_loop_test(tc, test_redundant_counted, 0,
	    (int)(sizeof kinds / sizeof kinds[0]));
	tcase_add_loop_test(tc, test_minimize_counted, 0, 16);
	tcase_add_test(tc, test_17_clue);
	tcase_add_test(tc, test_not_unique);
	tcase_add_test(tc, test_seed);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
