/*
 * check_variant.c: sudoku variants against an independent brute force,
 * and the generator's promises (unique, minimal, reproducible).
 *
 * The brute force knows nothing of the model: it fills cells in reading
 * order and checks each rule from its definition (r == c for the main
 * diagonal, the window formula written out, the region map, the cage
 * sums), so a wrong unit list or cage encoding shows up as a count that
 * differs.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_sudoku_gen.h"

struct bf {
	int		 n, br, bc;
	int		 diag, win;
	const int	*reg;		/* or NULL: boxes */
	const int	*cage;		/* or NULL */
	const int	*sum;
	int		 g[64];
	uint64_t	 count;
};

static int
same_unit(const struct bf *b, int x, int y)
{
	int	n = b->n, r1 = x / n, c1 = x % n, r2 = y / n, c2 = y % n;

	if (r1 == r2 || c1 == c2)
		return 1;
	if (b->reg != NULL ? b->reg[x] == b->reg[y] :
	    (r1 / b->br == r2 / b->br && c1 / b->bc == c2 / b->bc))
		return 1;
	if (b->diag && ((r1 == c1 && r2 == c2) ||
	    (r1 + c1 == n - 1 && r2 + c2 == n - 1)))
		return 1;
	/* Windows: rows 1..br, cols 1..bc (and further copies every
	 * br+1, bc+1) */
	if (b->win && r1 >= 1 && r2 >= 1 && c1 >= 1 && c2 >= 1 &&
	    (r1 - 1) % (b->br + 1) < b->br && (r2 - 1) % (b->br + 1) < b->br &&
	    (c1 - 1) % (b->bc + 1) < b->bc && (c2 - 1) % (b->bc + 1) < b->bc &&
	    (r1 - 1) / (b->br + 1) == (r2 - 1) / (b->br + 1) &&
	    (c1 - 1) / (b->bc + 1) == (c2 - 1) / (b->bc + 1) &&
	    1 + ((r1 - 1) / (b->br + 1)) * (b->br + 1) + b->br <= n &&
	    1 + ((c1 - 1) / (b->bc + 1)) * (b->bc + 1) + b->bc <= n)
		return 1;
	if (b->cage != NULL && b->cage[x] == b->cage[y])
		return 1;
	return 0;
}

/* A cage whose cells are all filled (up to cell upto) must have its
 * sum; one still open must not be over it. */
static int
sums_ok(const struct bf *b, int upto)
{
	int	s[64], open[64], i;

	if (b->cage == NULL)
		return 1;
	memset(s, 0, sizeof s);
	memset(open, 0, sizeof open);
	for (i = 0; i < b->n * b->n; i++) {
		if (i <= upto)
			s[b->cage[i]] += b->g[i];
		else
			open[b->cage[i]] = 1;
	}
	for (i = 0; i < b->n * b->n; i++)
		if (s[b->cage[i]] > b->sum[b->cage[i]] ||
		    (!open[b->cage[i]] && s[b->cage[i]] != b->sum[b->cage[i]]))
			return 0;
	return 1;
}

static void
brute(struct bf *b, int x, const int *givens)
{
	int	v, y, ok;

	if (x == b->n * b->n) {
		b->count++;
		return;
	}
	for (v = 1; v <= b->n; v++) {
		if (givens[x] != 0 && givens[x] != v)
			continue;
		ok = 1;
		for (y = 0; y < x && ok; y++)
			if (b->g[y] == v && same_unit(b, x, y))
				ok = 0;
		if (!ok)
			continue;
		b->g[x] = v;
		if (sums_ok(b, x))
			brute(b, x + 1, givens);
	}
	b->g[x] = 0;
}

static uint64_t
dlx_side(const struct dlx_sudoku_variant *v, const int *givens)
{
	dlx_sudoku	*s;
	uint64_t	 count = 0;

	struct dlx_sudoku_options so = { NULL, v };

	ck_assert_int_eq(dlx_sudoku_new(&s, v->boxr, v->boxc, &so), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, givens, NULL, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count), DLX_OK);
	dlx_sudoku_free(s);
	return count;
}

/* Every 4x4 grid of X, hyper, jigsaw and their mixes, and random
 * givens on 4x4 and 6x6: both sides count the same. */
START_TEST(test_variant_counts_brute)
{
	static const int jig4[16] = {
		0, 0, 0, 1,
		2, 0, 1, 1,
		2, 3, 3, 1,
		2, 2, 3, 3,
	};
	struct dlx_sudoku_variant	v;
	struct bf			b;
	int				givens[36], k, trial, x;
	uint64_t			rng = 12345;

	for (trial = 0; trial < 24; trial++) {
		memset(&v, 0, sizeof v);
		memset(&b, 0, sizeof b);
		k = trial % 6;
		v.n = b.n = trial < 12 ? 4 : 6;
		v.boxr = b.br = 2;
		v.boxc = b.bc = v.n / 2;
		if (k & 1)
			v.extras |= DLX_SUDOKU_DIAGONALS, b.diag = 1;
		if (k & 2)
			v.extras |= DLX_SUDOKU_WINDOWS, b.win = 1;
		if (k & 4 && v.n == 4) {
			v.regions = b.reg = jig4;
			v.boxr = v.boxc = 0;
			v.extras &= ~(unsigned)DLX_SUDOKU_WINDOWS;
			b.win = 0;
		}
		memset(givens, 0, sizeof givens);
		/* 4x4: trials 0..5 empty, then two random givens; 6x6:
		 * six. */
		for (x = 0; x < (trial < 6 ? 0 : v.n == 4 ? 2 : 6); x++) {
			rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
			givens[(rng >> 33) % (uint64_t)(v.n * v.n)] =
			    (int)((rng >> 20) % (uint64_t)v.n) + 1;
		}
		brute(&b, 0, givens);
		if (b.count == 0)
			continue;	/* givens that clash: no count */
		ck_assert_uint_eq(dlx_side(&v, givens), b.count);
	}
}
END_TEST

/* Killer on 4x4 with the cages of the generator: brute force agrees. */
START_TEST(test_variant_killer_brute)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g;
	struct bf			 b;
	int				 i, zero[16];

	memset(&o, 0, sizeof o);
	o.boxr = o.boxc = 2;
	o.killer = 1;
	o.seed = 99;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	memset(zero, 0, sizeof zero);
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
		memset(&b, 0, sizeof b);
		b.n = 4;
		b.br = b.bc = 2;
		b.cage = p.variant->cages;
		b.sum = p.variant->sums;
		/* Cages alone, without the givens: usually many grids. */
		brute(&b, 0, zero);
		ck_assert_uint_eq(dlx_side(p.variant, zero), b.count);
		b.count = 0;
		brute(&b, 0, p.puzzle);
		ck_assert_uint_eq(b.count, 1);
	}
	dlx_sudoku_gen_free(g);
}
END_TEST

/* Generated puzzles are unique and minimal, and a seed repeats them. */
START_TEST(test_variant_gen_minimal)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g, *h;
	dlx_sudoku			*s;
	int				 i, x, cells[81], first[81], save;
	uint64_t			 count;

	memset(&o, 0, sizeof o);
	o.boxr = o.boxc = 3;
	o.seed = 2024;
	o.symmetry = _i;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_new(&h, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
		memcpy(first, p.puzzle, sizeof first);
		ck_assert_int_eq(dlx_sudoku_gen_next(h, &p), DLX_OK);
		ck_assert_mem_eq(first, p.puzzle, sizeof first);
		memcpy(cells, p.puzzle, sizeof cells);
		ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count),
		    DLX_OK);
		ck_assert_uint_eq(count, 1);
		for (x = 0; x < 81; x++) {
			if ((save = cells[x]) == 0)
				continue;
			ck_assert_int_eq(cells[x], p.solution[x]);
			cells[x] = 0;
			dlx_sudoku_set_givens(s, cells, NULL, NULL);
			ck_count(dlx_sudoku_matrix(s), 2, &count);
			ck_assert_uint_eq(count, 2);
			cells[x] = save;
		}
	}
	dlx_sudoku_free(s);
	dlx_sudoku_gen_free(g);
	dlx_sudoku_gen_free(h);
}
END_TEST

/* The checks of a variant: wrong region sizes, disconnected regions,
 * impossible sums. */
START_TEST(test_variant_check)
{
	static const int bad_size[16] = {
		0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 1,
	};
	static const int split[16] = {
		0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 2, 2,
	};
	static const int cages[16] = {
		0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
	};
	static const int sums[8] = { 3, 7, 5, 5, 5, 5, 5, 8 };
	struct dlx_sudoku_variant	v;
	struct dlx_sudoku_options	so;
	struct dlx_error		e;
	dlx_sudoku			*s = NULL;

	memset(&v, 0, sizeof v);
	memset(&so, 0, sizeof so);
	v.n = 4;
	v.regions = bad_size;
	ck_assert_int_eq(dlx_sudoku_variant_check(&v, &e), DLX_EINVAL);
	ck_assert_str_eq(e.message, "region 1 has 5 cells, not 4");
	v.regions = split;
	ck_assert_int_eq(dlx_sudoku_variant_check(&v, &e), DLX_EINVAL);
	ck_assert_str_eq(e.message,
	    "region 3 is not connected (r4c3 is cut off)");
	v.regions = NULL;
	v.boxr = v.boxc = 2;
	v.ncages = 8;
	v.cages = cages;
	v.sums = sums;
	ck_assert_int_eq(dlx_sudoku_variant_check(&v, &e), DLX_EINVAL);
	ck_assert_str_eq(e.message, "cage 8: no 2 different digits sum to 8");
	ck_assert_int_eq(e.cell, 14);
	ck_assert_int_eq(e.code, DLX_EINVAL);
	/* dlx_sudoku_new() refuses it alone, and a variant of another
	 * shape than the one given. */
	so.variant = &v;
	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, &so), DLX_EINVAL);
	ck_assert_ptr_eq(s, NULL);
	v.ncages = 0;
	v.cages = v.sums = NULL;
	ck_assert_int_eq(dlx_sudoku_variant_check(&v, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_new(&s, 1, 4, &so), DLX_EINVAL);
	ck_assert_ptr_eq(s, NULL);
	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, &so), DLX_OK);
	ck_assert_ptr_eq(dlx_sudoku_get_variant(s), NULL);
	dlx_sudoku_free(s);
}
END_TEST

Suite *
make_variant_suite(void)
{
	Suite	*s = suite_create("Variant");
	TCase	*tc = tcase_create("Core");

	tcase_add_test(tc, test_variant_counts_brute);
	tcase_add_test(tc, test_variant_killer_brute);
	tcase_add_test(tc, test_variant_check);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	/* The generator on every variant ("slow": CI leaves it out under
	 * valgrind, where it takes minutes, and runs it everywhere else). */
	tc = tcase_create("Generator");
	tcase_add_loop_test(tc, test_variant_gen_minimal, 0, 4);
	tcase_set_timeout(tc, 60);
	tcase_set_tags(tc, "slow");
	suite_add_tcase(s, tc);
	return s;
}
