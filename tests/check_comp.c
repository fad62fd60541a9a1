/*
 * check_comp.c: component counting in the cache's count.  Random problems
 * with colors and secondary items, and problems made of independent
 * blocks (whose count is the product of the blocks' counts, each found
 * by brute force), counted with components always, auto and never,
 * with the plain search, and against the brute force; a product past
 * 2^64 and one past 2^128; stops, tiny budgets, forced options, threads;
 * and the dispatcher's refusal of components with item bounds.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx.h"
#include "lib/core/search_int.h"
#include "lib/core/wide.h"
#include "problems.h"

#define MAXB	5		/* blocks */
#define MAXP	PROBLEM_SMALL_MAXP	/* primary items of a block */

static u128
comp_count(dlx *d, int memo, int comp, size_t memory, int *rc,
    struct dlx_memo_stats *ms)
{
	struct dlxi_memo	 m;
	struct dlx_wide		 w;

	memset(&m, 0, sizeof m);
	m.mode = memo;
	m.components = comp;
	m.memory = memory;
	*rc = dlxi_count_wide(d, &m, &w, ms);
	return (u128)w.hi << 64 | w.lo;
}

/* Every way of counting d gives want. */
static void
agree(dlx *d, u128 want, uint64_t seed)
{
	static const size_t	 budgets[] = { 0, 1, 700, 5000 };
	static const int	 comps[] = { DLX_COMP_ALWAYS, DLX_COMP_AUTO,
	    DLX_COMP_NEVER };
	struct dlx_memo_stats	 ms;
	struct dlx_request	 rq;
	struct dlx_result	 res;
	uint64_t		 plain;
	u128			 got;
	size_t			 k, c;
	int			 rc;

	if (want >> 64 == 0) {
		ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
		ck_assert_msg(plain == (uint64_t)want, "seed %" PRIu64
		    ": plain %" PRIu64 ", want %" PRIu64, seed, plain,
		    (uint64_t)want);
	}
	for (c = 0; c < sizeof comps / sizeof comps[0]; c++)
		for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
			got = comp_count(d, DLX_MEMO_ALWAYS, comps[c],
			    budgets[k], &rc, &ms);
			ck_assert_int_eq(rc, DLX_OK);
			ck_assert_msg(got == want, "seed %" PRIu64
			    ": components %d, budget %zu: %" PRIu64
			    " against %" PRIu64, seed, comps[c], budgets[k],
			    (uint64_t)got, (uint64_t)want);
			ck_assert_int_eq(dlx_check(d), DLX_OK);
			if (budgets[k] != 0)
				ck_assert_uint_le(ms.bytes, budgets[k] > 700 ?
				    budgets[k] : 700);
			if (comps[c] == DLX_COMP_NEVER)
				ck_assert_uint_eq(ms.splits_tried, 0);
		}
	/* Through the dispatcher, with components always. */
	memset(&rq, 0, sizeof rq);
	rq.components = DLX_COMP_ALWAYS;
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert(((u128)res.count.hi << 64 | res.count.lo) == want);
	ck_assert_int_eq(res.engine, DLX_ENGINE_CACHE);
}

/* Random single problems with colors and secondary items. */
START_TEST(test_comp_random)
{
	struct problem_small	 b;
	uint64_t		 s, seed;
	dlx			*d;
	int			 trial;

	for (trial = 0; trial < 300; trial++) {
		seed = s = 0x2545f4914f6cdd1dull * (uint64_t)(trial + 1);
		problem_small_gen(&s, &b, MAXP, trial % 3 != 0, 0);
		ck_assert_ptr_nonnull(d = problem_small_build(&b, 1));
		agree(d, problem_small_count(&b), seed);
		dlx_free(d);
	}
}
END_TEST

/* Independent blocks: the count is the product of the blocks' counts;
 * the splits must be found, and a product off by a factor shows. */
START_TEST(test_comp_blocks)
{
	struct problem_small	 b[MAXB];
	struct dlx_memo_stats	 ms;
	uint64_t		 s, seed;
	u128			 want, got;
	dlx			*d;
	int			 trial, nb, j, rc, nonzero = 0, split = 0;

	for (trial = 0; trial < 200; trial++) {
		seed = s = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 7);
		nb = 2 + problem_rnd(&s, MAXB - 1);
		want = 1;
		for (j = 0; j < nb; j++) {
			/* Blocks with a solution mostly: a zero product is
			 * too easy to get right. */
			do
				problem_small_gen(&s, &b[j], MAXP,
				    trial % 4 != 0, 0);
			while (problem_small_count(&b[j]) == 0 &&
			    problem_rnd(&s, 8) != 0);
			want *= problem_small_count(&b[j]);
		}
		ck_assert_ptr_nonnull(d = problem_small_build(b, nb));
		agree(d, want, seed);
		got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc,
		    &ms);
		ck_assert_int_eq(rc, DLX_OK);
		ck_assert(got == want);
		if (want != 0) {
			nonzero++;
			if (ms.splits > 0)
				split++;
			ck_assert_uint_ge(ms.components, 2 * ms.splits);
		}
		dlx_free(d);
	}
	ck_assert_int_gt(nonzero, 100);
	ck_assert_int_gt(split, nonzero / 2);
}
END_TEST

/*
 * n blocks of two items, each covered by one option of both or two of
 * one: 2^n solutions.  With components always the root splits into n
 * components: 2^100 exactly, and 2^130 is an overflow (the plain
 * search's count passes 2^64 and overflows too).
 */
static dlx *
pairs(int n)
{
	dlx	*d;
	int	 k, it[2];

	ck_assert_int_eq(dlx_new(&d, (size_t)(2 * n), 0, NULL), DLX_OK);
	for (k = 0; k < n; k++) {
		it[0] = 2 * k;
		it[1] = 2 * k + 1;
		ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
		ck_assert_int_ge(dlx_add_option(d, it, 1), 0);
		ck_assert_int_ge(dlx_add_option(d, it + 1, 1), 0);
	}
	return d;
}

START_TEST(test_comp_wide)
{
	struct dlx_memo_stats	 ms;
	struct dlx_wide		 w;
	dlx			*d;
	u128			 got;
	int			 rc;
	char			 buf[DLX_WIDE_DIGITS + 1];

	d = pairs(100);
	got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc, &ms);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(got == (u128)1 << 100);
	ck_assert_uint_eq(ms.splits, 1);
	ck_assert_uint_eq(ms.components, 100);
	/* Each on its own items: no hit. */
	ck_assert_uint_eq(ms.comp_hits[0], 0);
	w.hi = (uint64_t)(got >> 64);
	w.lo = (uint64_t)got;
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "1267650600228229401496703205376");
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);

	d = pairs(130);
	(void)comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc, NULL);
	ck_assert_int_eq(rc, DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* 2^127 fits: 127 blocks, forced into by the dispatcher. */
	dlx_free(d);
	d = pairs(127);
	got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_AUTO, 0, &rc, NULL);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(got == (u128)1 << 127);
	dlx_free(d);

	/* A component with no solution after an overflowing product: the
	 * count is 0, exactly. */
	ck_assert_int_eq(dlx_new(&d, 263, 0, NULL), DLX_OK);
	{
		int	k, it[2];

		for (k = 0; k < 130; k++) {
			it[0] = 2 * k;
			it[1] = 2 * k + 1;
			ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
			ck_assert_int_ge(dlx_add_option(d, it, 1), 0);
			ck_assert_int_ge(dlx_add_option(d, it + 1, 1), 0);
		}
		/* Three items, three options of two: no cover. */
		for (k = 0; k < 3; k++) {
			it[0] = 260 + k;
			it[1] = 260 + (k + 1) % 3;
			ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
		}
	}
	got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc, &ms);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(got == 0);
	ck_assert_uint_eq(ms.splits, 1);
	dlx_free(d);
}
END_TEST

/*
 * Three pair blocks and an item X whose options take an item of block 0,
 * of block 1, or the whole of block 2: the same block is left whole
 * beside the others in more than one branch, and found in the cache the
 * second time (12 solutions).
 */
START_TEST(test_comp_repeat)
{
	struct dlx_memo_stats	 ms;
	dlx			*d;
	u128			 got;
	int			 it[2], rc, k;

	ck_assert_int_eq(dlx_new(&d, 7, 0, NULL), DLX_OK);
	for (k = 0; k < 3; k++) {
		it[0] = 2 * k;
		it[1] = 2 * k + 1;
		ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
		ck_assert_int_ge(dlx_add_option(d, it, 1), 0);
		ck_assert_int_ge(dlx_add_option(d, it + 1, 1), 0);
	}
	it[0] = 6;
	it[1] = 0;
	ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
	it[1] = 2;
	ck_assert_int_ge(dlx_add_option(d, it, 2), 0);
	{
		int	x[3] = { 6, 4, 5 };

		ck_assert_int_ge(dlx_add_option(d, x, 3), 0);
	}
	got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc, &ms);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(got == 12);
	ck_assert_uint_ge(ms.splits, 1);
	ck_assert_uint_ge(ms.comp_hits[0], 1);
	agree(d, 12, 0);
	dlx_free(d);
}
END_TEST

static int
stop_after(void *arg, const struct dlx_stats *st)
{
	int	*calls = arg;

	(void)st;
	return ++*calls >= 3;
}

static double	last_progress;

static int
watch_progress(void *arg, const struct dlx_stats *st)
{
	double	f = dlx_progress(arg);

	(void)st;
	ck_assert(f >= 0.0 && f <= 1.0);
	last_progress = f;
	return 0;
}

/* A stop inside a component leaves the matrix as it was; progress stays
 * within 0..1; forced options and threads give the same count. */
START_TEST(test_comp_stop_threads)
{
	struct problem_small	 b[MAXB];
	struct dlxi_memo	 m;
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct dlx_wide		 w;
	uint64_t		 s = 12345;
	u128			 want = 1, got;
	dlx			*d;
	int			 j, calls = 0, rc, o;

	for (j = 0; j < MAXB; j++) {
		do
			problem_small_gen(&s, &b[j], MAXP, 1, 0);
		while (problem_small_count(&b[j]) < 2);
		want *= problem_small_count(&b[j]);
	}
	ck_assert_ptr_nonnull(d = problem_small_build(b, MAXB));
	memset(&m, 0, sizeof m);
	m.mode = DLX_MEMO_ALWAYS;
	m.components = DLX_COMP_ALWAYS;
	m.progress = stop_after;
	m.progress_arg = &calls;
	m.progress_updates = 1;
	rc = dlxi_count_wide(d, &m, &w, NULL);
	ck_assert_int_eq(rc, DLX_STOPPED);
	ck_assert(((u128)w.hi << 64 | w.lo) <= want);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0, &rc, NULL);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(got == want);

	m.progress = watch_progress;
	m.progress_arg = d;
	rc = dlxi_count_wide(d, &m, &w, NULL);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert(((u128)w.hi << 64 | w.lo) == want);
	ck_assert(dlx_progress(d) == 1.0);

	/* Threads: the parts each count with components. */
	memset(&rq, 0, sizeof rq);
	rq.components = DLX_COMP_ALWAYS;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert(((u128)res.count.hi << 64 | res.count.lo) == want);

	/* An option forced: block 0's count is then the forced option's
	 * share; the others' product is unchanged. */
	for (o = 0; o < (int)dlx_noptions(d); o++)
		if (dlx_force(d, o) == DLX_OK)
			break;
	ck_assert_int_lt(o, (int)dlx_noptions(d));
	{
		uint64_t plain;

		ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
		got = comp_count(d, DLX_MEMO_ALWAYS, DLX_COMP_ALWAYS, 0,
		    &rc, NULL);
		ck_assert_int_eq(rc, DLX_OK);
		ck_assert(got == plain);
	}
	dlx_unforce_all(d);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* Components always with item bounds: refused, as the cache is. */
START_TEST(test_comp_bounds_refused)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx			*d = pairs(3);

	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 0, 2), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.components = DLX_COMP_ALWAYS;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert(res.refused & DLX_NEED_CACHE);
	ck_assert(res.refused & DLX_NEED_BOUNDS);
	/* Auto and never count with Algorithm M. */
	rq.components = DLX_COMP_AUTO;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_MULT);
	rq.components = DLX_COMP_NEVER;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	/* Components always without the cache: refused. */
	dlx_free(d);
	d = pairs(3);
	rq.components = DLX_COMP_ALWAYS;
	rq.memo = DLX_MEMO_NEVER;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert(res.refused & DLX_NEED_CACHE);
	rq.memo = DLX_MEMO_AUTO;
	rq.components = 7;
	{
		struct dlxi_memo	m;
		struct dlx_wide		w;

		memset(&m, 0, sizeof m);
		m.components = 7;
		ck_assert_int_eq(dlxi_count_wide(d, &m, &w, NULL),
		    DLX_EINVAL);
	}
	dlx_free(d);
}
END_TEST

Suite *
make_comp_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("comp");
	tc = tcase_create("Core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_comp_random);
	tcase_add_test(tc, test_comp_blocks);
	tcase_add_test(tc, test_comp_wide);
	tcase_add_test(tc, test_comp_repeat);
	tcase_add_test(tc, test_comp_stop_threads);
	tcase_add_test(tc, test_comp_bounds_refused);
	suite_add_tcase(s, tc);
	return s;
}
