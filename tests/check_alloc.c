/*
 * check_alloc.c: libdlx when memory runs out.
 *
 * Each scenario builds a problem through dlx_new() with a test
 * allocator, names its items, adds enough options to make every array grow
 * several times, then forces options and searches.  The scenario is run
 * once with no failure (the reference: it counts the allocations, n), then
 * once for every k in 1..n with the k-th allocation failing, in two modes:
 *
 *   retry	only the k-th allocation fails.  The call that made it must
 *		return DLX_ENOMEM, leave the
 *		object as it was (dlx_check() passes, nothing added or
 *		renamed), and succeed when repeated; at the end every result
 *		must equal the reference's.
 *   abandon	the k-th allocation and all later ones fail.  At the first
 *		DLX_ENOMEM the object must pass dlx_check() and be freed.
 *
 * In both modes a call returns DLX_ENOMEM exactly when an allocation
 * failed during it, and when the object is freed no allocation is left
 * live.  The searches are also checked to allocate nothing at all, so
 * they cannot fail for memory once a problem is built.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "problems.h"

/* The test allocator: counts calls and live blocks, fails on request. */
struct ta {
	long	calls;		/* realloc calls so far */
	long	fail_at;	/* the call number that fails; 0: none */
	int	sticky;		/* and every call after it fails too */
	long	failed;		/* calls that returned NULL */
	long	live;		/* blocks allocated and not yet freed */
};

static void *
ta_realloc(void *ctx, void *p, size_t n)
{
	struct ta	*ta = ctx;
	void		*q;

	ta->calls++;
	if (ta->fail_at != 0 && (ta->calls == ta->fail_at ||
	    (ta->sticky && ta->calls > ta->fail_at))) {
		ta->failed++;
		return NULL;
	}
	if ((q = realloc(p, n)) != NULL && p == NULL)
		ta->live++;
	return q;
}

static void
ta_free(void *ctx, void *p)
{
	struct ta	*ta = ctx;

	if (p != NULL) {
		ta->live--;
		free(p);
	}
}

enum mode { REFERENCE, RETRY, ABANDON };

/* What a scenario reports, to compare a run with the reference. */
struct result {
	uint64_t	count[4];	/* solution counts of its searches */
	int		first[16];	/* options of a first solution */
	size_t		nfirst;
	size_t		noptions;
	long		allocs;		/* allocations made (reference) */
	int		abandoned;	/* stopped at the first failure */
};

/* One run of a scenario: the allocator and the object under test. */
struct run {
	struct ta		 ta;
	struct dlx_allocator	 a;
	enum mode		 mode;
	dlx			*d;
	long			 before;	/* ta.failed before the call */
};

static void
run_init(struct run *r, enum mode mode, long k)
{
	memset(r, 0, sizeof *r);
	r->mode = mode;
	r->ta.fail_at = mode == REFERENCE ? 0 : k;
	r->ta.sticky = mode == ABANDON;
	r->a.realloc = ta_realloc;
	r->a.free = ta_free;
	r->a.ctx = &r->ta;
}

/* Note the allocator's state before a call that may allocate. */
static void
before(struct run *r)
{
	r->before = r->ta.failed;
}

/*
 * After a call that returned rc: DLX_ENOMEM iff an allocation failed in
 * it.  Returns 1 if the call must be repeated (retry mode: the failure is
 * now switched off), 0 if it succeeded; in abandon mode a failure frees
 * the object and returns -1.
 */
static int
after(struct run *r, int rc, size_t noptions)
{
	int	failed = r->ta.failed != r->before;

	if (rc == DLX_ENOMEM)
		ck_assert_msg(failed, "DLX_ENOMEM with no failed allocation");
	else
		ck_assert_msg(!failed, "allocation %ld failed but the call "
		    "returned %d", r->ta.fail_at, rc);
	if (!failed)
		return 0;
	ck_assert_int_eq(dlx_check(r->d), DLX_OK);
	ck_assert_uint_eq(dlx_noptions(r->d), noptions);
	if (r->mode == ABANDON) {
		dlx_free(r->d);
		r->d = NULL;
		ck_assert_int_eq(r->ta.live, 0);
		return -1;
	}
	r->ta.fail_at = 0;
	return 1;
}

/* Create the object; 0 if done, -1 if abandoned. */
static int
step_new(struct run *r, size_t np, size_t ns)
{
	int	rc;

	r->d = NULL;
	for (;;) {
		before(r);
		rc = dlx_new(&r->d, np, ns,
		    &(struct dlx_options){ .alloc = &r->a });
		if (rc == DLX_OK) {
			ck_assert_int_eq(r->ta.failed, r->before);
			return 0;
		}
		ck_assert_int_eq(rc, DLX_ENOMEM);
		ck_assert_ptr_null(r->d);
		ck_assert_int_gt(r->ta.failed, r->before);
		ck_assert_int_eq(r->ta.live, 0);
		if (r->mode == ABANDON)
			return -1;
		r->ta.fail_at = 0;
	}
}

static int
step_name(struct run *r, int item, const char *name)
{
	const char	*old;
	char		 save[64];
	int		 rc, again;

	for (;;) {
		old = dlx_item_name(r->d, item);
		if (old != NULL)
			snprintf(save, sizeof save, "%s", old);
		before(r);
		rc = dlx_set_item_name(r->d, item, name);
		if ((again = after(r, rc, dlx_noptions(r->d))) < 0)
			return -1;
		if (again == 0)
			break;
		/* The failed call kept the old name. */
		if (old == NULL)
			ck_assert_ptr_null(dlx_item_name(r->d, item));
		else
			ck_assert_str_eq(dlx_item_name(r->d, item), save);
	}
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert_str_eq(dlx_item_name(r->d, item), name);
	return 0;
}

static int
step_add(struct run *r, const int *items, const int *colors, size_t n)
{
	size_t	noptions = dlx_noptions(r->d);
	int	rc, again;

	for (;;) {
		before(r);
		rc = dlx_add_option_colored(r->d, items, colors, n);
		if ((again = after(r, rc, noptions)) < 0)
			return -1;
		if (again == 0)
			break;
	}
	ck_assert_int_eq(rc, (int)noptions);
	return 0;
}

/* A search must not allocate: run it and check the allocator saw nothing. */
static uint64_t
step_count(struct run *r)
{
	uint64_t	count;
	long		calls = r->ta.calls;

	ck_assert_int_eq(ck_count(r->d, 0, &count), DLX_OK);
	ck_assert_int_eq(r->ta.calls, calls);
	ck_assert_int_eq(dlx_check(r->d), DLX_OK);
	return count;
}

static void
step_first(struct run *r, struct result *res)
{
	long	calls = r->ta.calls;

	ck_assert_int_eq(dlx_first(r->d, res->first, 16, &res->nfirst),
	    DLX_LIMIT);
	ck_assert_int_eq(r->ta.calls, calls);
}

static void
finish(struct run *r, struct result *res)
{
	res->noptions = dlx_noptions(r->d);
	res->allocs = r->ta.calls;
	ck_assert_int_eq(dlx_check(r->d), DLX_OK);
	dlx_free(r->d);
	r->d = NULL;
	ck_assert_int_eq(r->ta.live, 0);
}

/*
 * Scenario 1: the 8 queens (rows and columns primary, diagonals
 * secondary; 92 solutions, 4 with a queen in a corner), every item named,
 * one name replaced, then counts with and without a forced option.
 */
static void
queens(enum mode mode, long k, struct result *res)
{
	struct run	 r;
	char		 name[16];
	int		 row, col, item, opt[4];

	memset(res, 0, sizeof *res);
	run_init(&r, mode, k);
	if (step_new(&r, 16, 30) < 0)
		goto abandoned;
	for (item = 0; item < 46; item++) {
		if (item < 16)
			snprintf(name, sizeof name, "%c%d",
			    item < 8 ? 'r' : 'c', item % 8);
		else
			snprintf(name, sizeof name, "%c%d",
			    item < 31 ? 'a' : 'b', (item - 16) % 15);
		if (step_name(&r, item, name) < 0)
			goto abandoned;
	}
	if (step_name(&r, 0, "row-zero") < 0)
		goto abandoned;
	for (row = 0; row < 8; row++)
		for (col = 0; col < 8; col++) {
			opt[0] = row;
			opt[1] = 8 + col;
			opt[2] = 16 + row + col;
			opt[3] = 31 + row - col + 7;
			if (step_add(&r, opt, NULL, 4) < 0)
				goto abandoned;
		}
	res->count[0] = step_count(&r);
	ck_assert_int_eq(dlx_force(r.d, 0), DLX_OK);
	res->count[1] = step_count(&r);
	step_first(&r, res);
	ck_assert_int_eq(dlx_unforce(r.d), DLX_OK);
	res->count[2] = step_count(&r);
	ck_assert_uint_eq(res->count[0], 92);
	ck_assert_uint_eq(res->count[1], 4);
	ck_assert_uint_eq(res->count[2], 92);
	finish(&r, res);
	return;
abandoned:
	ck_assert_ptr_null(r.d);
	ck_assert_int_eq(r.ta.live, 0);
	res->abandoned = 1;
}

/* A small deterministic generator, so the colored scenario is repeatable. */
static unsigned
lcg(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 16) & 0x7fff;
}

/*
 * Scenario 2: 6 primary and 4 secondary items, 100 pseudo-random options,
 * a third of their secondary items colored.  Its counts come from the
 * reference run; a failure anywhere must not change them.
 */
static void
colored(enum mode mode, long k, struct result *res)
{
	struct run	 r;
	unsigned	 seed = 1;
	int		 items[10], colors[10], j, i, n;

	memset(res, 0, sizeof *res);
	run_init(&r, mode, k);
	if (step_new(&r, 6, 4) < 0)
		goto abandoned;
	if (step_name(&r, 9, "last") < 0)
		goto abandoned;
	for (j = 0; j < 100; j++) {
		/* Primary item j % 6, so none is left uncoverable, and a
		 * random subset of the other items. */
		n = 0;
		items[n] = j % 6;
		colors[n++] = 0;
		for (i = 0; i < 10; i++) {
			if (i == j % 6 || lcg(&seed) % 4 != 0)
				continue;
			items[n] = i;
			colors[n++] = i >= 6 && lcg(&seed) % 3 == 0 ?
			    1 + (int)(lcg(&seed) % 2) : 0;
		}
		if (step_add(&r, items, colors, (size_t)n) < 0)
			goto abandoned;
	}
	res->count[0] = step_count(&r);
	ck_assert_uint_gt(res->count[0], 0);
	ck_assert_int_eq(dlx_first(r.d, res->first, 16, &res->nfirst),
	    DLX_LIMIT);
	ck_assert_int_eq(dlx_force(r.d, res->first[0]), DLX_OK);
	res->count[1] = step_count(&r);
	dlx_unforce_all(r.d);
	res->count[2] = step_count(&r);
	ck_assert_uint_eq(res->count[2], res->count[0]);
	finish(&r, res);
	return;
abandoned:
	ck_assert_ptr_null(r.d);
	ck_assert_int_eq(r.ta.live, 0);
	res->abandoned = 1;
}

typedef void scenario_fn(enum mode, long, struct result *);

static scenario_fn *const scenarios[] = { queens, colored };

/* Fail each allocation of scenario _i in turn, in both modes. */
START_TEST(test_alloc_every_failure)
{
	struct result	 ref, res;
	scenario_fn	*fn = scenarios[_i];
	long		 k;

	fn(REFERENCE, 0, &ref);
	/* dlx_new's arrays, the names, and growth of both arrays. */
	ck_assert_int_ge(ref.allocs, 15);
	for (k = 1; k <= ref.allocs; k++) {
		fn(RETRY, k, &res);
		ck_assert_int_eq(res.abandoned, 0);
		ck_assert_uint_eq(res.noptions, ref.noptions);
		ck_assert_mem_eq(res.count, ref.count, sizeof ref.count);
		ck_assert_uint_eq(res.nfirst, ref.nfirst);
		ck_assert_mem_eq(res.first, ref.first,
		    ref.nfirst * sizeof ref.first[0]);
		/* The failed call's allocations were made again. */
		ck_assert_int_gt(res.allocs, ref.allocs);

		fn(ABANDON, k, &res);
		ck_assert_int_eq(res.abandoned, 1);
	}
	/* One past the last allocation: nothing fails, nothing abandoned. */
	fn(ABANDON, ref.allocs + 1, &res);
	ck_assert_int_eq(res.abandoned, 0);
}
END_TEST

/* A copy of src (options and colors) built through allocator a. */
static dlx *
copy_custom(dlx *src, const struct dlx_allocator *a)
{
	int	 items[16], colors[16];
	dlx	*d;
	size_t	 n, k;
	int	 o;

	ck_assert_int_eq(dlx_new(&d, dlx_nprimary(src), dlx_nsecondary(src),
	    &(struct dlx_options){ .alloc = a }), DLX_OK);
	for (o = 0; o < (int)dlx_noptions(src); o++) {
		n = dlx_option_size(src, o);
		ck_assert_uint_le(n, 16);
		for (k = 0; k < n; k++) {
			items[k] = dlx_option_item(src, o, k);
			colors[k] = dlx_option_color(src, o, k);
		}
		ck_assert_int_eq(dlx_add_option_colored(d, items, colors, n),
		    o);
	}
	return d;
}

/* A count of d with the cache from the start, on one thread. */
static int
memo_count(dlx *d, struct dlx_wide *w, struct dlx_memo_stats *ms)
{
	struct dlx_request	rq;
	struct dlx_result	res;
	int			rc;

	memset(&rq, 0, sizeof rq);
	rq.memo = DLX_MEMO_ALWAYS;
	/* The fewest options: on queens it stores states enough for the
	 * table to grow, which the test below needs. */
	rq.order = DLX_MEMO_MRV;
	rq.threads = 1;
	rc = dlx_run(d, &rq, &res);
	*w = res.count;
	*ms = res.memo;
	return rc;
}

/*
 * The cache when memory runs out: 5 arrays and the
 * first table are allocated at the start (a failure there means the
 * plain search), then the table is doubled as it fills (a failure keeps
 * the old one).  Failing each of these allocations in turn, alone or with
 * every later one, the count stays exact, d stays sound, nothing leaks.
 * Problems: the 8 queens, the empty 4x4 sudoku, the colored magic square
 * with an option of its first solution
 * forced.
 */
START_TEST(test_alloc_memo)
{
	struct dlx_memo_stats	 ms;
	struct dlx_wide		 w;
	struct run		 r;
	dlx			*src;
	uint64_t		 plain;
	long			 calls, n, k, live;
	size_t			 nfirst;
	int			 sticky, first[16];

	switch (_i) {
	case 0:
		src = problem_queens(8);
		break;
	case 1:
		src = problem_sudoku(2);
		break;
	default:
		src = problem_magic();
		break;
	}
	ck_assert_ptr_nonnull(src);
	run_init(&r, REFERENCE, 0);
	r.d = copy_custom(src, &r.a);
	dlx_free(src);
	if (_i == 2) {
		ck_assert_int_eq(dlx_first(r.d, first, 16, &nfirst),
		    DLX_LIMIT);
		ck_assert_int_eq(dlx_force(r.d, first[0]), DLX_OK);
	}
	ck_assert_int_eq(ck_count(r.d, 0, &plain), DLX_OK);
	ck_assert_uint_gt(plain, 0);

	/* The reference: how many allocations the count makes. */
	calls = r.ta.calls;
	live = r.ta.live;
	ck_assert_int_eq(memo_count(r.d, &w, &ms), DLX_OK);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_eq(w.lo, plain);
	ck_assert_int_eq(ms.used, 1);
	ck_assert_int_eq(r.ta.live, live);
	n = r.ta.calls - calls;
	/* Queens and sudoku grow the table (9 and 8 allocations). */
	ck_assert_int_ge(n, _i < 2 ? 7 : 6);

	for (k = 1; k <= n; k++)
		for (sticky = 0; sticky <= 1; sticky++) {
			r.ta.fail_at = r.ta.calls + k;
			r.ta.sticky = sticky;
			r.ta.failed = 0;
			ck_assert_int_eq(memo_count(r.d, &w, &ms),
			    DLX_OK);
			ck_assert_int_gt(r.ta.failed, 0);
			ck_assert_uint_eq(w.hi, 0);
			ck_assert_uint_eq(w.lo, plain);
			/* The first 11 set the cache up; later ones make
			 * the words it prefetches with (it does without),
			 * grow it or make room for a split of components
			 * (failing, the node is counted whole). */
			ck_assert_int_eq(ms.used, k > 11);
			ck_assert_int_eq(r.ta.live, live);
			ck_assert_int_eq(dlx_check(r.d), DLX_OK);
			r.ta.fail_at = 0;
		}
	ck_assert_int_eq(memo_count(r.d, &w, &ms), DLX_OK);
	ck_assert_uint_eq(w.lo, plain);
	dlx_unforce_all(r.d);
	dlx_free(r.d);
	ck_assert_int_eq(r.ta.live, 0);
}
END_TEST

/* An allocator without its functions is refused. */
START_TEST(test_alloc_incomplete_allocator)
{
	struct dlx_allocator	a;
	struct dlx_options	opt = { &a };
	struct ta		ta;
	dlx			*d;

	memset(&ta, 0, sizeof ta);
	a.realloc = ta_realloc;
	a.free = NULL;
	a.ctx = &ta;
	d = NULL;
	ck_assert_int_eq(dlx_new(&d, 3, 0, &opt), DLX_EINVAL);
	a.realloc = NULL;
	a.free = ta_free;
	ck_assert_int_eq(dlx_new(&d, 3, 0, &opt), DLX_EINVAL);
	ck_assert_ptr_null(d);
	ck_assert_int_eq(ta.calls, 0);
}
END_TEST

/* The allocator is copied: the caller's struct may go away. */
START_TEST(test_alloc_allocator_copied)
{
	struct dlx_allocator	*a;
	struct ta		 ta;
	dlx			*d;
	int			 items[1] = { 0 };

	memset(&ta, 0, sizeof ta);
	ck_assert_ptr_nonnull(a = malloc(sizeof *a));
	a->realloc = ta_realloc;
	a->free = ta_free;
	a->ctx = &ta;
	ck_assert_int_eq(dlx_new(&d, 1, 0, &(struct dlx_options){ .alloc = a }),
	    DLX_OK);
	memset(a, 0, sizeof *a);
	free(a);
	ck_assert_int_eq(dlx_add_option(d, items, 1), 0);
	ck_assert_int_eq(dlx_set_item_name(d, 0, "x"), DLX_OK);
	dlx_free(d);
	ck_assert_int_eq(ta.live, 0);
	ck_assert_int_gt(ta.calls, 0);
}
END_TEST

/* Sizes that cannot be represented fail cleanly, with nothing allocated. */
START_TEST(test_alloc_huge_sizes)
{
	struct dlx_allocator	a;
	struct dlx_options	opt = { &a };
	struct ta		ta;
	dlx			*d;

	memset(&ta, 0, sizeof ta);
	a.realloc = ta_realloc;
	a.free = ta_free;
	a.ctx = &ta;
	d = NULL;
	ck_assert_int_eq(dlx_new(&d, SIZE_MAX, 0, &opt), DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, 0, SIZE_MAX, &opt), DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, (size_t)1 << 31, 1, &opt),
	    DLX_EOVERFLOW);
	ck_assert_ptr_null(d);
	ck_assert_int_eq(ta.live, 0);
}
END_TEST

Suite *
make_alloc_suite(void)
{
	Suite	*s = suite_create("alloc");
	TCase	*tc = tcase_create("Core");

	tcase_add_loop_test(tc, test_alloc_every_failure, 0,
	    (int)(sizeof scenarios / sizeof scenarios[0]));
	tcase_add_loop_test(tc, test_alloc_memo, 0, 3);
	tcase_add_test(tc, test_alloc_incomplete_allocator);
	tcase_add_test(tc, test_alloc_allocator_copied);
	tcase_add_test(tc, test_alloc_huge_sizes);
	suite_add_tcase(s, tc);
	return s;
}
