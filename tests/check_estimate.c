/*
 * check_estimate.c: Knuth's random-probe estimate (dlx_estimate()) against
 * the true figures of small trees: the search's own nodes and solutions
 * in each tree, a tree of one path (estimated exactly), the refusals.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "check_dlx.h"
#include "problems.h"

#define PROBES	10000u
#define SEED	20261129u

/* The two trees an estimate may walk (struct dlx_request's tree). */
static const enum dlx_tree trees[] = { DLX_FAST, DLX_KNUTH };

/* |est - truth| within k standard errors (and a rounding's worth). */
static int
near(double est, double se, double truth, double k)
{
	double	diff = est > truth ? est - truth : truth - est;

	return diff <= k * se + 1e-9 * (truth > 1 ? truth : 1);
}

/*
 * Estimate d in tree t and compare with the search's figures: the mean
 * within 4 standard errors of the true nodes and solutions (the seed is
 * fixed, so this is one deterministic draw that a biased estimator fails:
 * with 10,000 probes a bias of a few percent is many standard errors),
 * and d left as it was (its forced options, its count).
 */
static void
check_against_search(dlx *d, enum dlx_tree t, uint64_t want_sols)
{
	struct dlx_request	 rq;
	struct dlx_estimate	 e, again;
	struct dlx_stats	 st;
	size_t			 forced = dlx_nforced(d);

	memset(&rq, 0, sizeof rq);
	rq.tree = t;
	ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, want_sols);

	ck_assert_int_eq(dlx_estimate(d, &rq, PROBES, SEED, &e), DLX_OK);
	ck_assert_uint_eq(e.probes, PROBES);
	ck_assert_msg(near(e.nodes, e.nodes_se, (double)st.nodes, 4.0),
	    "tree %d: nodes %g +- %g, truth %llu", (int)t, e.nodes,
	    e.nodes_se, (unsigned long long)st.nodes);
	ck_assert_msg(near(e.solutions, e.solutions_se, (double)st.solutions,
	    4.0), "tree %d: solutions %g +- %g, truth %llu", (int)t,
	    e.solutions, e.solutions_se, (unsigned long long)st.solutions);
	/* Not exact by luck: these trees are uneven, so the probes spread,
	 * and a spread of 0 would make the test above one of equality. */
	ck_assert(e.nodes_se > 0.0);
	ck_assert(e.max_depth <= st.max_depth);

	/* The same seed, the same figures; d as it was. */
	ck_assert_int_eq(dlx_estimate(d, &rq, PROBES, SEED, &again), DLX_OK);
	ck_assert(memcmp(&e, &again, sizeof e) == 0);
	ck_assert_uint_eq(dlx_nforced(d), forced);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, want_sols);

	/* Another seed, other probes. */
	ck_assert_int_eq(dlx_estimate(d, &rq, PROBES, SEED + 1, &again),
	    DLX_OK);
	ck_assert(again.nodes != e.nodes);
}

START_TEST(test_estimate_queens8)
{
	dlx	*d = problem_queens(8);

	ck_assert_ptr_nonnull(d);
	check_against_search(d, trees[_i], 92);
	dlx_free(d);
}
END_TEST

/* A 4x4 sudoku with givens forced, as dlx-sudoku imposes them: the
 * estimate walks the tree under them. */
START_TEST(test_estimate_sudoku4_givens)
{
	dlx	*d = problem_sudoku(2);

	ck_assert_ptr_nonnull(d);
	/* The empty 4x4 has 288 grids; a 1 at r0c0 leaves a quarter of
	 * them (relabelling the symbols). */
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 0, 0, 1)), DLX_OK);
	check_against_search(d, trees[_i], 72);
	dlx_free(d);
}
END_TEST

START_TEST(test_estimate_langford8)
{
	dlx	*d = problem_langford(8);

	ck_assert_ptr_nonnull(d);
	check_against_search(d, trees[_i], 300);
	dlx_free(d);
}
END_TEST

/*
 * Pentominoes in 3x20 (8 tilings): every item has far more than 8 options,
 * so each step of a fast-tree probe chooses among all of them and most
 * probes end at a dead choice; the nodes are still within 4 standard
 * errors.  The 8 tilings hide in rare deep paths (a few probes of 10,000
 * reach one, none in Knuth's tree): hits says so, and the solutions are
 * not asserted.
 */
START_TEST(test_estimate_pentomino)
{
	struct dlx_request	 rq;
	struct dlx_estimate	 e;
	struct dlx_stats	 st;
	dlx			*d = problem_pentomino(3, 20);

	ck_assert_ptr_nonnull(d);
	memset(&rq, 0, sizeof rq);
	rq.tree = trees[_i];
	ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 8);
	ck_assert_int_eq(dlx_estimate(d, &rq, PROBES, SEED, &e), DLX_OK);
	ck_assert_msg(near(e.nodes, e.nodes_se, (double)st.nodes, 4.0),
	    "tree %d: nodes %g +- %g, truth %llu", (int)trees[_i], e.nodes,
	    e.nodes_se, (unsigned long long)st.nodes);
	ck_assert(e.nodes_se > 0.0);
	ck_assert_uint_lt(e.hits, PROBES / 100);
	ck_assert(e.hits > 0 || e.solutions == 0.0);
	dlx_free(d);
}
END_TEST

/* The next of a fixed generator (a 64-bit LCG's high bits). */
static unsigned
rnd(uint64_t *s, unsigned n)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((*s >> 33) % n);
}

/*
 * Random matrices with secondary items and colors (Algorithm C's purify
 * in the fast tree's dead-end test): 7 primary items, each in about 11
 * of 40 options, so the probes' steps choose among all options and end
 * at dead ones; 3 secondary items with colors 0..2.  Against the search
 * of each tree: within 4 standard errors.
 */
START_TEST(test_estimate_random_colored)
{
	struct dlx_request	 rq;
	struct dlx_estimate	 e;
	struct dlx_stats	 st;
	uint64_t		 s = 977 + (uint64_t)_i;
	dlx			*d;
	/* Up to 4 primary items and 2 secondary ones an option. */
	int			 items[6], colors[6], k, n, j, t, used;

	ck_assert_int_eq(dlx_new(&d, 12, 3, NULL), DLX_OK);
	for (k = 0; k < 60; k++) {
		n = 0;
		used = 0;
		for (j = 0; j < 2 + (int)rnd(&s, 3); j++) {
			t = (int)rnd(&s, 12);
			if (used & (1 << t))
				continue;
			used |= 1 << t;
			items[n] = t;
			colors[n++] = 0;
		}
		for (j = 0; j < (int)rnd(&s, 3); j++) {
			t = 12 + (int)rnd(&s, 3);
			if (used & (1 << t))
				continue;
			used |= 1 << t;
			items[n] = t;
			colors[n++] = (int)rnd(&s, 3);
		}
		ck_assert_int_eq(dlx_add_option_colored(d, items, colors,
		    (size_t)n),
		    k);
	}
	for (t = 0; t < 2; t++) {
		memset(&rq, 0, sizeof rq);
		rq.tree = trees[t];
		ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
		dlx_stats(d, &st);
		ck_assert_int_eq(dlx_estimate(d, &rq, PROBES, SEED, &e),
		    DLX_OK);
		ck_assert_msg(near(e.nodes, e.nodes_se, (double)st.nodes, 4.0),
		    "seed %d tree %d: nodes %g +- %g, truth %llu", _i, t,
		    e.nodes, e.nodes_se, (unsigned long long)st.nodes);
		ck_assert_msg(near(e.solutions, e.solutions_se,
		    (double)st.solutions, 4.0),
		    "seed %d tree %d: solutions %g +- %g, truth %llu", _i, t,
		    e.solutions, e.solutions_se,
		    (unsigned long long)st.solutions);
	}
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* Items 0..3, one option each: the tree is one path, and every probe
 * walks it, so the estimate is exact and its spread 0. */
START_TEST(test_estimate_one_path)
{
	struct dlx_request	 rq;
	struct dlx_estimate	 e;
	struct dlx_stats	 st;
	dlx			*d;
	int			 i;

	ck_assert_int_eq(dlx_new(&d, 4, 0, NULL), DLX_OK);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(dlx_add_option(d, &i, 1), i);
	memset(&rq, 0, sizeof rq);
	rq.tree = trees[_i];
	ck_assert_int_eq(ck_search(d, &rq), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_int_eq(dlx_estimate(d, &rq, 7, 1, &e), DLX_OK);
	ck_assert(e.nodes == (double)st.nodes);
	ck_assert(e.nodes == 5.0);	/* the root, four levels */
	ck_assert(e.solutions == 1.0);
	ck_assert(e.nodes_se == 0.0 && e.solutions_se == 0.0);
	ck_assert_uint_eq(e.max_depth, 4);

	/* One probe: no spread to measure, reported as 0. */
	ck_assert_int_eq(dlx_estimate(d, &rq, 1, 1, &e), DLX_OK);
	ck_assert(e.nodes == 5.0 && e.nodes_se == 0.0);

	/* An option forced: the path under it, exactly. */
	ck_assert_int_eq(dlx_force(d, 2), DLX_OK);
	ck_assert_int_eq(dlx_estimate(d, NULL, 3, 9, &e), DLX_OK);
	ck_assert(e.nodes == 4.0 && e.solutions == 1.0);
	ck_assert_uint_eq(dlx_nforced(d), 1);
	dlx_free(d);
}
END_TEST

/* No solution: the fast tree sees the dead end at the root. */
START_TEST(test_estimate_none)
{
	struct dlx_estimate	 e;
	dlx			*d;
	int			 items[2] = { 0, 1 };

	ck_assert_int_eq(dlx_new(&d, 3, 0, NULL), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, items, 2), 0);
	ck_assert_int_eq(dlx_estimate(d, NULL, 50, 3, &e), DLX_OK);
	ck_assert(e.solutions == 0.0 && e.solutions_se == 0.0);
	ck_assert(e.nodes >= 1.0);
	dlx_free(d);
}
END_TEST

START_TEST(test_estimate_refusals)
{
	struct dlx_estimate	 e;
	dlx			*d = problem_queens(4);

	ck_assert_ptr_nonnull(d);
	memset(&e, 0x5a, sizeof e);
	ck_assert_int_eq(dlx_estimate(d, NULL, 0, 1, &e), DLX_EINVAL);
	ck_assert_int_eq(dlx_estimate(NULL, NULL, 10, 1, &e), DLX_EINVAL);
	ck_assert_int_eq(dlx_estimate(d, NULL, 10, 1, NULL), DLX_EINVAL);
	/* Item bounds: Algorithm M's tree is not estimated yet. */
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 0, 1), DLX_OK);
	ck_assert_int_eq(dlx_estimate(d, NULL, 10, 1, &e), DLX_ENOTSUP);
	dlx_free(d);
}
END_TEST

Suite *
make_estimate_suite(void)
{
	Suite	*s = suite_create("Estimate");
	TCase	*tc = tcase_create("Core");
	int	 nt = (int)(sizeof trees / sizeof trees[0]);

	tcase_add_loop_test(tc, test_estimate_queens8, 0, nt);
	tcase_add_loop_test(tc, test_estimate_sudoku4_givens, 0, nt);
	tcase_add_loop_test(tc, test_estimate_langford8, 0, nt);
	tcase_add_loop_test(tc, test_estimate_one_path, 0, nt);
	tcase_add_loop_test(tc, test_estimate_pentomino, 0, nt);
	tcase_add_loop_test(tc, test_estimate_random_colored, 0, 12);
	tcase_add_test(tc, test_estimate_none);
	tcase_add_test(tc, test_estimate_refusals);
	suite_add_tcase(s, tc);
	return s;
}
