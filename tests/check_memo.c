/*
 * check_memo.c: memoized counting against the plain search and known
 * counts, with roomy and starved caches, forced options, colors, item
 * bounds and stops; and the 128-bit count arithmetic.  The cache engine
 * is called below the dispatcher (dlxi_count_wide(), lib/core/search_int.h)
 * so that its own modes are tested, the hand-back to the plain search
 * (no_plain) included.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx.h"
#include "problems.h"
#include "lib/core/search_int.h"

/* The branching order of memo_count(): all_agree() tries each. */
static int	memo_order = DLX_MEMO_ORDER_AUTO;

static int
memo_count(dlx *d, int mode, size_t memory, uint64_t *count,
    struct dlx_memo_stats *ms)
{
	struct dlxi_memo	 m;
	struct dlx_wide	 w;
	int		 rc;

	memset(&m, 0, sizeof m);
	m.mode = mode;
	m.order = memo_order;
	m.memory = memory;
	rc = dlxi_count_wide(d, &m, &w, ms);
	ck_assert_uint_eq(w.hi, 0);
	*count = w.lo;
	return rc;
}

/* Every mode and a range of budgets give the plain count. */
static void
agree(dlx *d, uint64_t want)
{
	static const size_t	 budgets[] = { 0, 1, 100, 300, 1000, 5000,
	    1 << 20 };
	struct dlx_memo_stats	 ms;
	uint64_t		 plain, got;
	size_t			 k;

	ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
	ck_assert_uint_eq(plain, want);
	for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
		ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, budgets[k],
		    &got, &ms), DLX_OK);
		ck_assert_uint_eq(got, want);
		ck_assert_int_eq(dlx_check(d), DLX_OK);
		if (budgets[k] == 0 || budgets[k] >= 5000)
			ck_assert_int_eq(ms.used, 1);
		ck_assert_uint_le(ms.bytes, budgets[k] == 0 ? DLX_MEMORY_DEFAULT
		    : budgets[k]);
	}
	ck_assert_int_eq(memo_count(d, DLX_MEMO_AUTO, 0, &got, NULL),
	    DLX_OK);
	ck_assert_uint_eq(got, want);
	ck_assert_int_eq(memo_count(d, DLX_MEMO_NEVER, 0, &got, NULL),
	    DLX_OK);
	ck_assert_uint_eq(got, want);
}

/* ... under every branching order. */
static void
all_agree(dlx *d, uint64_t want)
{
	static const int	 orders[] = { DLX_MEMO_ORDER_AUTO, DLX_MEMO_MRV,
	    DLX_MEMO_FIRST };
	size_t			 k;

	for (k = 0; k < sizeof orders / sizeof orders[0]; k++) {
		memo_order = orders[k];
		agree(d, want);
	}
	memo_order = DLX_MEMO_ORDER_AUTO;
}

START_TEST(test_memo_known)
{
	dlx	*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	all_agree(d, 92);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_langford(8));
	all_agree(d, 300);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_sudoku(2));
	all_agree(d, 288);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_magic());
	all_agree(d, 8);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_knuth());
	all_agree(d, 1);
	dlx_free(d);
}
END_TEST

/* The files of tests/data, read by the tests' own reader. */
START_TEST(test_memo_files)
{
	static const char	*files[] = { "queens8.dlx", "langford8.dlx",
	    "sudoku4-empty.dlx" };
	dlx			*d;
	uint64_t		 want;
	size_t			 k;

	for (k = 0; k < sizeof files / sizeof files[0]; k++) {
		ck_assert_ptr_nonnull(d = problem_read(test_data_path(files[k])));
		ck_assert_int_eq(ck_count(d, 0, &want), DLX_OK);
		all_agree(d, want);
		dlx_free(d);
	}
}
END_TEST

/* A 9x9 sudoku with few givens: many solutions, many repeats, and the
 * givens forced on the matrix. */
START_TEST(test_memo_forced_sudoku)
{
	/* 0s are blanks; 2,630 solutions. */
	static const char	 puzzle[] =
	    "080003000000000000000890200050007900000045700000100030"
	    "001000068008500010090000400";
	struct dlx_memo_stats	 ms;
	dlx			*d;
	uint64_t		 plain, got;
	int			 k;

	ck_assert_ptr_nonnull(d = problem_sudoku(3));
	for (k = 0; k < 81; k++)
		if (puzzle[k] != '0')
			ck_assert_int_eq(dlx_force(d, sudoku_option(3, k / 9,
			    k % 9, puzzle[k] - '0')), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
	ck_assert_uint_eq(plain, 2630);
	ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, 0, &got, &ms),
	    DLX_OK);
	ck_assert_uint_eq(got, plain);
	ck_assert_uint_gt(ms.hits, 0);
	ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, 32768, &got, &ms),
	    DLX_OK);
	ck_assert_uint_eq(got, plain);
	ck_assert_uint_gt(ms.replaced, 0);
	ck_assert_int_eq(memo_count(d, DLX_MEMO_AUTO, 0, &got, NULL),
	    DLX_OK);
	ck_assert_uint_eq(got, plain);
	dlx_unforce_all(d);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/*
 * The colored magic square with options forced: the purified colors of
 * the forced options are part of the cache's starting state.  Forcing
 * each option of line 0 in turn splits the 8 squares among them; a second
 * option forced on top (one of line 1) takes the colors further.
 */
START_TEST(test_memo_forced_colors)
{
	static const size_t	 budgets[] = { 0, 300, 2000 };
	dlx			*d;
	uint64_t		 plain, got, sum = 0;
	size_t			 b, nopt;
	int			 o, q, pairs = 0, nonzero = 0;

	ck_assert_ptr_nonnull(d = problem_magic());
	nopt = dlx_noptions(d);
	for (o = 0; o < (int)nopt; o++) {
		if (dlx_option_item(d, o, 0) != 0)
			continue;
		ck_assert_int_eq(dlx_force(d, o), DLX_OK);
		ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
		for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
			ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS,
			    budgets[b], &got, NULL), DLX_OK);
			ck_assert_uint_eq(got, plain);
		}
		sum += plain;
		for (q = 0; q < (int)nopt; q++) {
			if (dlx_option_item(d, q, 0) != 1 ||
			    dlx_force(d, q) != DLX_OK)
				continue;
			ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
			ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, 0,
			    &got, NULL), DLX_OK);
			ck_assert_uint_eq(got, plain);
			pairs++;
			nonzero += plain != 0;
			ck_assert_int_eq(dlx_unforce(d), DLX_OK);
		}
		ck_assert_int_eq(dlx_unforce(d), DLX_OK);
		ck_assert_int_eq(dlx_check(d), DLX_OK);
	}
	/* Line 0 is primary: every square uses exactly one of its options. */
	ck_assert_uint_eq(sum, 8);
	ck_assert_int_gt(pairs, 0);
	ck_assert_int_gt(nonzero, 0);
	dlx_free(d);
}
END_TEST

/* The empty 4x4 and 6x6... the 6x6 is too slow plain; the empty 9x9 box
 * 2x2 grid's count (288) and the empty 6x6 with 2x3 boxes, 28,200,960,
 * are known; the memoized count of the latter is quick. */
START_TEST(test_memo_empty_6x6)
{
	dlx			*d;
	struct dlx_memo_stats	 ms;
	uint64_t		 got;

	ck_assert_ptr_nonnull(d = problem_read(test_data_path(
	    "sudoku6-empty.dlx")));
	ck_assert_int_eq(memo_count(d, DLX_MEMO_AUTO, 0, &got, &ms),
	    DLX_OK);
	ck_assert_uint_eq(got, 28200960);
	ck_assert_int_eq(ms.used, 1);
	dlx_free(d);
}
END_TEST

/*
 * The default order sweeps (the cells of sudoku4-empty.dlx come first):
 * the same tree as DLX_MEMO_FIRST, node for node, smaller than the
 * fewest options' one.  An order that is none of the three is refused.
 */
START_TEST(test_memo_order_auto)
{
	struct dlx_memo_stats	 ms;
	struct dlx_stats	 st;
	uint64_t		 got, nodes[3];
	dlx			*d;
	int			 k;

	ck_assert_ptr_nonnull(d = problem_read(test_data_path(
	    "sudoku4-empty.dlx")));
	for (k = 0; k < 3; k++) {
		memo_order = k == 0 ? DLX_MEMO_ORDER_AUTO : k == 1 ?
		    DLX_MEMO_FIRST : DLX_MEMO_MRV;
		ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, 0, &got, &ms),
		    DLX_OK);
		ck_assert_uint_eq(got, 288);
		ck_assert_int_eq(ms.used, 1);
		dlx_stats(d, &st);
		nodes[k] = st.nodes;
	}
	ck_assert_uint_eq(nodes[0], nodes[1]);
	ck_assert_uint_lt(nodes[1], nodes[2]);
	memo_order = 3;
	ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, 0, &got, &ms),
	    DLX_EINVAL);
	ck_assert_uint_eq(got, 0);
	memo_order = DLX_MEMO_ORDER_AUTO;
	dlx_free(d);
}
END_TEST

static int
stop_at_once(void *arg, const struct dlx_stats *st)
{
	(void)st;
	return ++*(int *)arg >= 3;
}

/* Queens repeat too little: AUTO gives up and counts by plain search
 * (or hands back DLX_INCOMPLETE with no_plain). */
START_TEST(test_memo_gives_up)
{
	struct dlx_memo_stats	 ms;
	struct dlxi_memo		 m;
	struct dlx_wide		 w;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(12));
	memset(&m, 0, sizeof m);
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, &ms), DLX_OK);
	ck_assert_uint_eq(w.lo, 14200);
	ck_assert_int_eq(ms.gave_up, 1);
	ck_assert_int_eq(ms.used, 0);
	m.no_plain = 1;
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, &ms), DLX_INCOMPLETE);
	ck_assert_int_eq(ms.gave_up, 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* A stop by progress restores the matrix and gives a lower bound. */
START_TEST(test_memo_stop)
{
	struct dlxi_memo	 m;
	struct dlx_wide	 w;
	dlx		*d;
	int		 calls = 0;

	ck_assert_ptr_nonnull(d = problem_langford(8));
	memset(&m, 0, sizeof m);
	m.mode = DLX_MEMO_ALWAYS;
	m.progress = stop_at_once;
	m.progress_arg = &calls;
	m.progress_updates = 50;
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, NULL), DLX_STOPPED);
	ck_assert_int_eq(calls, 3);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_lt(w.lo, 300);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(dlxi_count_wide(d, NULL, &w, NULL), DLX_OK);
	ck_assert_uint_eq(w.lo, 300);
	dlx_free(d);
}
END_TEST

/* An allocator that keeps the size of each block, to know the bytes
 * live at the worst moment. */
struct peak {
	size_t	live;
	size_t	peak;
};

#define PEAK_HDR	16	/* keeps the blocks aligned */

static void *
peak_realloc(void *ctx, void *p, size_t n)
{
	struct peak	*pk = ctx;
	char		*q, *old = p == NULL ? NULL : (char *)p - PEAK_HDR;
	size_t		 was = old == NULL ? 0 : *(size_t *)(void *)old;

	if ((q = realloc(old, n + PEAK_HDR)) == NULL)
		return NULL;
	*(size_t *)(void *)q = n;
	pk->live += n - was;
	if (pk->live > pk->peak)
		pk->peak = pk->live;
	return q + PEAK_HDR;
}

static void
peak_free(void *ctx, void *p)
{
	struct peak	*pk = ctx;
	char		*old;

	if (p == NULL)
		return;
	old = (char *)p - PEAK_HDR;
	pk->live -= *(size_t *)(void *)old;
	free(old);
}

/*
 * The cache takes no more than its budget even while it grows, when the
 * old table and the new one are both held (it once took half as much
 * again).  10 queens with the cache from the start store some 20,000
 * subtrees, more than a 200,000-byte budget holds.
 */
START_TEST(test_memo_budget_peak)
{
	static const size_t	 budgets[] = { 100000, 150000, 200000,
	    300000 };
	struct dlx_allocator	 a;
	struct dlx_memo_stats	 ms;
	struct peak		 pk;
	dlx			*d;
	uint64_t		 got;
	size_t			 k, before;
	int			 r, c, items[4];

	memset(&pk, 0, sizeof pk);
	a.realloc = peak_realloc;
	a.free = peak_free;
	a.ctx = &pk;
	/* Rows and columns primary, the two diagonals secondary. */
	ck_assert_int_eq(dlx_new(&d, 20, 38,
	    &(struct dlx_options){ .alloc = &a }), DLX_OK);
	for (r = 0; r < 10; r++)
		for (c = 0; c < 10; c++) {
			items[0] = r;
			items[1] = 10 + c;
			items[2] = 20 + r + c;
			items[3] = 39 + r - c + 9;
			ck_assert_int_ge(dlx_add_option(d, items, 4), 0);
		}
	for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
		before = pk.peak = pk.live;
		ck_assert_int_eq(memo_count(d, DLX_MEMO_ALWAYS, budgets[k],
		    &got, &ms), DLX_OK);
		ck_assert_uint_eq(got, 724);
		ck_assert_int_eq(ms.used, 1);
		ck_assert_uint_gt(ms.replaced, 0);
		ck_assert_uint_le(pk.peak - before, budgets[k]);
		ck_assert_uint_eq(pk.live, before);
	}
	dlx_free(d);
	ck_assert_uint_eq(pk.live, 0);
}
END_TEST

/* Bounds: ALWAYS refuses, AUTO counts by plain search. */
START_TEST(test_memo_bounds)
{
	struct dlxi_memo	 m;
	struct dlx_wide	 w;
	dlx		*d;
	uint64_t	 plain;

	ck_assert_ptr_nonnull(d = problem_queens(6));
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 0, 1), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &plain), DLX_OK);
	memset(&m, 0, sizeof m);
	m.mode = DLX_MEMO_ALWAYS;
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, NULL), DLX_ENOTSUP);
	m.mode = DLX_MEMO_AUTO;
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, NULL), DLX_OK);
	ck_assert_uint_eq(w.lo, plain);
	m.mode = 7;
	ck_assert_int_eq(dlxi_count_wide(d, &m, &w, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlxi_count_wide(NULL, NULL, &w, NULL), DLX_EINVAL);
	dlx_free(d);
}
END_TEST

START_TEST(test_wide_format)
{
	char		 buf[DLX_WIDE_DIGITS + 1];
	struct dlx_wide	 w, one = { 0, 1 };

	w.hi = 0;
	w.lo = 0;
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf), "0");
	w.lo = UINT64_MAX;
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "18446744073709551615");
	ck_assert_int_eq(dlx_wide_add(&w, one), DLX_OK);
	ck_assert_uint_eq(w.hi, 1);
	ck_assert_uint_eq(w.lo, 0);
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "18446744073709551616");
	/* 10^19 exactly: a chunk boundary. */
	w.hi = 0;
	w.lo = UINT64_C(10000000000000000000);
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "10000000000000000000");
	/* The empty 9x9 sudoku's grids, 6,670,903,752,021,072,936,960 =
	 * 361 * 2^64 + 11,629,141,411,924,803,584. */
	w.hi = 361;
	w.lo = UINT64_C(11629141411924803584);
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "6670903752021072936960");
	w.hi = UINT64_MAX;
	w.lo = UINT64_MAX;
	ck_assert_str_eq(dlx_wide_format(w, buf, sizeof buf),
	    "340282366920938463463374607431768211455");
	ck_assert_int_eq(dlx_wide_add(&w, one), DLX_EOVERFLOW);
	ck_assert_uint_eq(w.hi, UINT64_MAX);
	ck_assert_uint_eq(w.lo, UINT64_MAX);
	/* Too small a buffer: empty, never cut. */
	ck_assert_str_eq(dlx_wide_format(w, buf, 10), "");
	w.hi = 1;
	w.lo = 5;
	ck_assert_int_eq(dlx_wide_cmp(w, one), 1);
	ck_assert_int_eq(dlx_wide_cmp(one, w), -1);
	ck_assert_int_eq(dlx_wide_cmp(w, w), 0);
	ck_assert_int_eq(dlx_wide_add(NULL, one), DLX_EINVAL);
}
END_TEST

Suite *
make_memo_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("memo");
	tc = tcase_create("Core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_memo_known);
	tcase_add_test(tc, test_memo_files);
	tcase_add_test(tc, test_memo_forced_sudoku);
	tcase_add_test(tc, test_memo_forced_colors);
	tcase_add_test(tc, test_memo_stop);
	tcase_add_test(tc, test_memo_gives_up);
	tcase_add_test(tc, test_memo_order_auto);
	tcase_add_test(tc, test_memo_bounds);
	tcase_add_test(tc, test_memo_budget_peak);
	tcase_add_test(tc, test_wide_format);
	suite_add_tcase(s, tc);

	/* The empty 6x6 grid: seconds natively, many minutes under valgrind
	 * ("slow": CI runs it everywhere else). */
	tc = tcase_create("Large");
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "slow");
	tcase_add_test(tc, test_memo_empty_6x6);
	suite_add_tcase(s, tc);
	return s;
}
