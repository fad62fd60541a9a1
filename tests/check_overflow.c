/*
 * check_overflow.c: the solution count never wraps.
 *
 * The count is 64-bit, so the real limit cannot be reached in a test.  This
 * program is linked with its own copy of the core and the search loops
 * compiled with -DDLX_COUNT_MAX=5 (see Makefile.am), which makes 5 the
 * largest count the library may report: a sixth solution must give
 * DLX_EOVERFLOW, with the figures reached and the matrix intact, never a
 * count of 0 or 6.  It has
 * its own runner because the shared one links the real library.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "dlx.h"
#include "lib/core/search_int.h"

#define NARROW	5	/* the DLX_COUNT_MAX of this build */

/* The search loop itself (this build has no dispatcher): visit every
 * solution with fn (may be NULL), stop at max (0: none), the solutions
 * found into *count. */
static int
ck_solve_max(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t max,
    uint64_t *count)
{
	struct dlxi_search	s;
	struct dlx_stats	st;
	int			rc;

	memset(&s, 0, sizeof s);
	s.visit = fn;
	s.visit_arg = arg;
	s.max_solutions = max;
	rc = dlxi_search(d, &s);
	dlx_stats(d, &st);
	*count = st.solutions;
	return rc;
}

static int
ck_count(dlx *d, uint64_t max, uint64_t *count)
{
	return ck_solve_max(d, NULL, NULL, max, count);
}

static int
ck_solve(dlx *d, dlx_solution_fn *fn, void *arg, uint64_t *count)
{
	return ck_solve_max(d, fn, arg, 0, count);
}

/*
 * Three primary items, each in `copies' single-item options: copies^3
 * solutions, found at depth 3, so an overflow happens deep in the tree.
 */
static dlx *
cube(int copies)
{
	dlx	*d;
	int	 item, k;

	ck_assert_int_eq(dlx_new(&d, 3, 0, NULL), DLX_OK);
	for (item = 0; item < 3; item++)
		for (k = 0; k < copies; k++)
			ck_assert_int_ge(dlx_add_option(d, &item, 1), 0);
	return d;
}

/* One primary item in n options: n solutions at depth 1. */
static dlx *
flat(int n)
{
	dlx	*d;
	int	 item = 0, k;

	ck_assert_int_eq(dlx_new(&d, 1, 0, NULL), DLX_OK);
	for (k = 0; k < n; k++)
		ck_assert_int_eq(dlx_add_option(d, &item, 1), k);
	return d;
}

static int
tally(void *arg, const int *options, size_t n)
{
	(void)options;
	(void)n;
	++*(int *)arg;
	return 0;
}

/* Exactly the largest count is still reported. */
START_TEST(test_overflow_at_max)
{
	dlx		*d = flat(NARROW);
	uint64_t	 count;

	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, NARROW);
	dlx_free(d);
}
END_TEST

/* One more gives DLX_EOVERFLOW, not a wrapped count. */
START_TEST(test_overflow_one_more)
{
	dlx			*d = flat(NARROW + 1);
	struct dlx_stats	 st;
	uint64_t		 count;
	int			 seen = 0;

	ck_assert_int_eq(ck_count(d, 0, &count), DLX_EOVERFLOW);
	ck_assert_uint_eq(count, NARROW);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, NARROW);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* The callback saw each counted solution, and no more. */
	ck_assert_int_eq(ck_solve(d, tally, &seen, &count), DLX_EOVERFLOW);
	ck_assert_int_eq(seen, NARROW);
	dlx_free(d);
}
END_TEST

/* Overflow deep in the tree unwinds every level: the matrix is intact. */
START_TEST(test_overflow_deep)
{
	dlx		*d = cube(2);	/* 8 solutions */
	uint64_t	 count;

	ck_assert_int_eq(ck_count(d, 0, &count), DLX_EOVERFLOW);
	ck_assert_uint_eq(count, NARROW);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* With one item's options forced there are 4: no overflow. */
	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 4);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_EOVERFLOW);
	ck_assert_uint_eq(count, NARROW);
	dlx_free(d);
}
END_TEST

/* A limit at or below the maximum stops the search before the overflow. */
START_TEST(test_overflow_limit_first)
{
	dlx		*d = cube(2);
	uint64_t	 count;

	ck_assert_int_eq(ck_count(d, NARROW, &count), DLX_LIMIT);
	ck_assert_uint_eq(count, NARROW);
	ck_assert_int_eq(ck_count(d, NARROW + 1, &count), DLX_EOVERFLOW);
	ck_assert_uint_eq(count, NARROW);
	dlx_free(d);
}
END_TEST

/* The one solution of a problem with nothing to cover is counted too. */
START_TEST(test_overflow_empty_problem)
{
	dlx		*d;
	uint64_t	 count;

	ck_assert_int_eq(dlx_new(&d, 0, 2, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	dlx_free(d);
}
END_TEST

static Suite *
make_overflow_suite(void)
{
	Suite	*s = suite_create("overflow");
	TCase	*tc = tcase_create("Limits");

	tcase_add_test(tc, test_overflow_at_max);
	tcase_add_test(tc, test_overflow_one_more);
	tcase_add_test(tc, test_overflow_deep);
	tcase_add_test(tc, test_overflow_limit_first);
	tcase_add_test(tc, test_overflow_empty_problem);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(make_overflow_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
