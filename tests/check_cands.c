/*
 * check_cands.c: the setter's questions (dlx_sudoku_candidate_counts(),
 * dlx_sudoku_unique_by()) against a brute force that knows nothing of
 * the matrix: it fills the cells in reading order, checks rows, columns,
 * boxes (and the diagonals of X) from their definitions, and tallies
 * each solution's symbols.  Every way the library makes its table is
 * taken: the enumeration by a visit (4x4, 6x6, X), the bit boards'
 * tally (9x9, against a visit of the same puzzles), and the counts of
 * each placement (the thresholds set to 0 through sm_candidate_counts()).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_sudoku.h"
#include "lib/sudoku/sudoku_model.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

#define MAXC	36		/* cells of a 6x6 */

struct bf {
	int		 n, br, bc, diag;
	int		 g[MAXC];
	uint64_t	 total;
	uint64_t	 t[MAXC * 6];	/* t[cell * n + v]: solutions */
	int		 first[MAXC];	/* a solution, or all 0 */
	int		 one;		/* stop at the first solution */
};

static int
clash(const struct bf *b, int x, int y)
{
	int	n = b->n, r1 = x / n, c1 = x % n, r2 = y / n, c2 = y % n;

	return r1 == r2 || c1 == c2 ||
	    (r1 / b->br == r2 / b->br && c1 / b->bc == c2 / b->bc) ||
	    (b->diag && ((r1 == c1 && r2 == c2) ||
	    (r1 + c1 == n - 1 && r2 + c2 == n - 1)));
}

/* Fill cells i.. of b->g (givens kept), tallying every solution. */
static void
brute(struct bf *b, int i)
{
	int	n = b->n, v, j, ok, keep;

	if (b->one && b->total > 0)
		return;
	if (i == n * n) {
		if (b->total++ == 0)
			memcpy(b->first, b->g, sizeof b->first);
		for (j = 0; j < n * n; j++)
			b->t[j * n + b->g[j] - 1]++;
		return;
	}
	keep = b->g[i];
	for (v = 1; v <= n; v++) {
		if (keep != 0 && v != keep)
			continue;
		for (j = 0, ok = 1; j < n * n && ok; j++)
			/* Cells before i are filled, after it only the
			 * givens. */
			if (j != i && b->g[j] == v && clash(b, i, j))
				ok = 0;
		if (!ok)
			continue;
		b->g[i] = v;
		brute(b, i + 1);
		b->g[i] = keep;
	}
}

static void
brute_all(struct bf *b, const int *cells)
{
	memcpy(b->g, cells, sizeof b->g);
	b->total = 0;
	memset(b->t, 0, sizeof b->t);
	memset(b->first, 0, sizeof b->first);
	brute(b, 0);
}

/*
 * A random puzzle of b's shape: a random full grid (the brute force
 * from a few random givens until one has a solution), each cell kept
 * with probability keep/100.  The givens never clash.
 */
static void
random_puzzle(struct bf *b, unsigned *seed, int keep, int *cells)
{
	int	n = b->n, i, k;

	for (;;) {
		memset(cells, 0, sizeof(int) * MAXC);
		for (k = 0; k < n; k++) {
			i = rand_r(seed) % (n * n);
			cells[i] = 1 + rand_r(seed) % n;
		}
		for (i = 0; i < n * n; i++)
			for (k = 0; k < n * n; k++)
				if (i != k && cells[i] != 0 &&
				    cells[i] == cells[k] && clash(b, i, k))
					cells[k] = 0;
		b->one = 1;
		brute_all(b, cells);
		b->one = 0;
		if (b->total > 0)
			break;
	}
	for (i = 0; i < n * n; i++)
		cells[i] = rand_r(seed) % 100 < keep ? b->first[i] : 0;
}

static dlx_sudoku *
make(const struct bf *b)
{
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_options	 so;
	dlx_sudoku			*s;

	memset(&v, 0, sizeof v);
	memset(&so, 0, sizeof so);
	v.n = b->n;
	v.boxr = b->br;
	v.boxc = b->bc;
	v.extras = b->diag ? DLX_SUDOKU_DIAGONALS : 0;
	so.variant = &v;
	ck_assert_int_eq(dlx_sudoku_new(&s, b->br, b->bc, &so), DLX_OK);
	return s;
}

/* The table of s against the brute force's; every cell sums to the
 * total. */
static void
same_table(const struct bf *b, const struct dlx_wide *counts,
    struct dlx_wide total)
{
	uint64_t	 sum;
	int		 n = b->n, i, v;

	ck_assert_uint_eq(total.hi, 0);
	ck_assert_uint_eq(total.lo, b->total);
	for (i = 0; i < n * n; i++) {
		for (v = 0, sum = 0; v < n; v++) {
			ck_assert_uint_eq(counts[i * n + v].hi, 0);
			ck_assert_uint_eq(counts[i * n + v].lo, b->t[i * n + v]);
			sum += counts[i * n + v].lo;
		}
		ck_assert_uint_eq(sum, b->total);
	}
}

/* Shapes of the loop tests: 4x4, 6x6, X 4x4, X 6x6, with how many cells
 * of the full grid are kept. */
static const struct {
	int	 n, br, bc, diag, keep;
} shapes[] = {
	{ 4, 2, 2, 0, 25 }, { 6, 2, 3, 0, 45 }, { 4, 2, 2, 1, 15 },
	{ 6, 2, 3, 1, 35 }
};
#define NSHAPES	(int)(sizeof shapes / sizeof shapes[0])

static void
shape_bf(struct bf *b, int k)
{
	memset(b, 0, sizeof *b);
	b->n = shapes[k].n;
	b->br = shapes[k].br;
	b->bc = shapes[k].bc;
	b->diag = shapes[k].diag;
}

/* Random puzzles of each shape: the table by enumeration, and by the
 * counts of each placement, equals the brute force's. */
START_TEST(test_cands_brute)
{
	struct dlx_wide	 counts[MAXC * 6], total;
	struct bf	 b;
	dlx_sudoku	*s;
	unsigned	 seed = 1000u + (unsigned)_i;
	int		 cells[MAXC], k;

	shape_bf(&b, _i);
	s = make(&b);
	for (k = 0; k < 8; k++) {
		random_puzzle(&b, &seed, shapes[_i].keep, cells);
		brute_all(&b, cells);
		ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL, counts,
		    &total), DLX_OK);
		same_table(&b, counts, total);
		/* Counted placement by placement, from the start. */
		memset(counts, 0xff, sizeof counts);
		ck_assert_int_eq(sm_candidate_counts(s, NULL, counts, &total,
		    1, 0, 0), DLX_OK);
		same_table(&b, counts, total);
	}
	dlx_sudoku_free(s);
}
END_TEST

/* The placements of unique_by: each leaves the count it says, checked by
 * counting the puzzle with it placed; none leaves fewer (above 0). */
START_TEST(test_cands_unique_by)
{
	struct dlx_sudoku_placement pl[MAXC * 6];
	struct dlx_wide	 total, c;
	struct bf	 b;
	dlx_sudoku	*s;
	unsigned	 seed = 2000u + (unsigned)_i;
	uint64_t	 best;
	size_t		 np, j, want;
	int		 cells[MAXC], k, x, n, ambiguous = 0, cut = 0;

	shape_bf(&b, _i);
	n = b.n;
	s = make(&b);
	for (k = 0; k < 8; k++) {
		random_puzzle(&b, &seed, shapes[_i].keep, cells);
		brute_all(&b, cells);
		ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, pl,
		    sizeof pl / sizeof pl[0], &np, &total), DLX_OK);
		ck_assert_uint_eq(total.lo, b.total);
		/* The brute force's best cut and how many make it. */
		for (x = 0, best = 0, want = 0; x < n * n * n; x++)
			if (b.t[x] != 0 && b.t[x] < b.total &&
			    (best == 0 || b.t[x] < best)) {
				best = b.t[x];
				want = 0;
			}
		for (x = 0; best != 0 && x < n * n * n; x++)
			want += b.t[x] == best;
		ck_assert_uint_eq(np, want);
		if (b.total > 1) {
			ambiguous++;
			cut += best > 1;
		}
		for (j = 0; j < np; j++) {
			ck_assert_uint_eq(pl[j].count.lo, best);
			x = pl[j].row * n + pl[j].col;
			ck_assert_int_eq(cells[x], 0);
			cells[x] = pl[j].symbol;
			ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL,
			    NULL), DLX_OK);
			ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &c),
			    DLX_OK);
			ck_assert_uint_eq(c.lo, best);
			cells[x] = 0;
			/* In reading order, then by symbol. */
			if (j > 0)
				ck_assert_int_lt((pl[j - 1].row * n +
				    pl[j - 1].col) * n + pl[j - 1].symbol,
				    x * n + pl[j].symbol);
		}
		/* A small cap: *np says how many there are. */
		ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, pl, 1, &j,
		    NULL), DLX_OK);
		ck_assert_uint_eq(j, np);
	}
	ck_assert_int_gt(ambiguous, 0);
	dlx_sudoku_free(s);
}
END_TEST

static uint64_t vt[729];

static int
tally(void *arg, const int *options, size_t n)
{
	size_t	 k;

	(void)arg;
	for (k = 0; k < n; k++)
		vt[options[k]]++;
	return 0;
}

/* 9x9 (the bit boards' tally) against a visit of every solution on the
 * sparse sets, on serg's first 10 puzzles (with their known counts) and
 * the same with a few givens dropped. */
START_TEST(test_cands_bits)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct dlx_wide		 counts[729], total;
	dlx_sudoku		*s;
	FILE			*fp;
	char			 line[256], p[82];
	unsigned long long	 want;
	int			 cells[81], i, k, n = 0, rounds;

	fp = fopen(TOP_SRCDIR "/tests/data/sudoku-serg300.counts", "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	while (n < 10 && fgets(line, sizeof line, fp) != NULL) {
		ck_assert_int_eq(sscanf(line, "%81s %llu", p, &want), 2);
		for (i = 0; i < 81; i++)
			cells[i] = p[i] == '.' ? 0 : p[i] - '0';
		for (rounds = 0; rounds < 2; rounds++) {
			if (rounds == 1)	/* drop a few givens */
				for (i = n % 7; i < 81; i += 13)
					cells[i] = 0;
			ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL,
			    NULL), DLX_OK);
			ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL,
			    counts, &total), DLX_OK);
			memset(vt, 0, sizeof vt);
			memset(&rq, 0, sizeof rq);
			rq.visit = tally;
			rq.tree = DLX_FAST;
			ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq,
			    &res), DLX_OK);
			ck_assert_uint_eq(total.lo, res.count.lo);
			if (rounds == 0)
				ck_assert_uint_eq(total.lo, want);
			for (k = 0; k < 729; k++) {
				ck_assert_uint_eq(counts[k].hi, 0);
				ck_assert_uint_eq(counts[k].lo, vt[k]);
			}
		}
		n++;
	}
	ck_assert_int_eq(n, 10);
	fclose(fp);
	dlx_sudoku_free(s);
}
END_TEST

/* The edges: a unique puzzle, one with no solution, a request that
 * visits, NULL arguments. */
START_TEST(test_cands_edges)
{
	static const int	 uniq[MAXC] = { 1, 0, 0, 0, 0, 0, 3, 0,
					      0, 4, 0, 0, 0, 0, 0, 2 };
	static const int	 none[MAXC] = { 1, 2, 0, 0, 0, 0, 3, 0,
					      0, 0, 4, 0, 0, 0, 0, 0 };
	struct dlx_sudoku_placement pl[64];
	struct dlx_request	 rq;
	struct dlx_wide		 counts[64], total;
	struct bf		 b;
	dlx_sudoku		*s;
	size_t			 np = 99;

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	shape_bf(&b, 0);
	brute_all(&b, uniq);
	ck_assert_uint_eq(b.total, 1);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, uniq, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, pl, 64, &np, &total),
	    DLX_OK);
	ck_assert_uint_eq(np, 0);
	ck_assert_uint_eq(total.lo, 1);
	ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL, counts,
	    &total), DLX_OK);
	same_table(&b, counts, total);

	/* r1c3 needs 3 or 4, which column 3 has. */
	brute_all(&b, none);
	ck_assert_uint_eq(b.total, 0);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, none, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL, counts,
	    &total), DLX_OK);
	same_table(&b, counts, total);
	ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, pl, 64, &np, NULL),
	    DLX_OK);
	ck_assert_uint_eq(np, 0);

	memset(&rq, 0, sizeof rq);
	rq.visit = tally;
	ck_assert_int_eq(dlx_sudoku_candidate_counts(s, &rq, counts, &total),
	    DLX_EINVAL);
	rq.visit = NULL;
	rq.max_solutions = 3;
	ck_assert_int_eq(dlx_sudoku_unique_by(s, &rq, pl, 64, &np, &total),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_candidate_counts(NULL, NULL, counts,
	    &total), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL, NULL, &total),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, NULL, 1, &np, NULL),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_unique_by(s, NULL, pl, 64, NULL, NULL),
	    DLX_EINVAL);
	/* The givens stay in force. */
	ck_assert_uint_eq(dlx_nforced(dlx_sudoku_matrix(s)), 4);
	dlx_sudoku_free(s);
}
END_TEST

static int
stop_now(void *arg, const struct dlx_stats *st)
{
	(void)st;
	return ++*(int *)arg >= 2;
}

/* progress stops it: DLX_STOPPED, on the empty 6x6 (28,200,960
 * solutions) both ways. */
START_TEST(test_cands_stop)
{
	struct dlx_request	 rq;
	struct dlx_wide		 counts[216], total = { 7, 7 };
	dlx_sudoku		*s;
	int			 calls = 0;
	static const int	 empty[36];

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, empty, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.progress = stop_now;
	rq.progress_arg = &calls;
	rq.progress_updates = 1000;
	ck_assert_int_eq(dlx_sudoku_candidate_counts(s, &rq, counts, &total),
	    DLX_STOPPED);
	ck_assert_uint_eq(total.hi, 7);
	calls = 0;
	ck_assert_int_eq(sm_candidate_counts(s, &rq, counts, &total, 1, 0, 0),
	    DLX_STOPPED);
	dlx_sudoku_free(s);
}
END_TEST

Suite *
make_cands_suite(void)
{
	Suite	*su = suite_create("cands");
	TCase	*tc = tcase_create("Core");
	TCase	*big = tcase_create("Bits");

	tcase_add_loop_test(tc, test_cands_brute, 0, NSHAPES);
	tcase_add_loop_test(tc, test_cands_unique_by, 0, NSHAPES);
	tcase_add_test(tc, test_cands_edges);
	tcase_add_test(tc, test_cands_stop);
	suite_add_tcase(su, tc);
	tcase_add_test(big, test_cands_bits);
	tcase_set_timeout(big, 60);
	suite_add_tcase(su, big);
	return su;
}
