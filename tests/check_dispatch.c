/*
 * check_dispatch.c: dlx_run(), one request and one dispatcher.
 *
 * Every request that runs gives the count of the plain serial search,
 * whatever engine and driver serve it (the cache or not, one thread or
 * two, a position), and says which engine ran; a request that no engine
 * serves (item bounds with the cache, or visiting on threads; the cache
 * with solutions one at a time or Knuth's tree) is refused with
 * DLX_ENOTSUP, the needs it could not meet named, and nothing run.
 */
#include <stdint.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_part.h"
#include "problems.h"

/* The problems of problems.h, by number (problem_numbered()). */
#define NPROBLEMS	PROBLEM_NSET

static int
count_visit(void *arg, const int *options, size_t n)
{
	(void)options;
	(void)n;
	(*(uint64_t *)arg)++;
	return 0;
}

/* Every mode of the cache x threads x a position x visit: the count of
 * ck_search(), or DLX_ENOTSUP exactly where the table says. */
START_TEST(test_dispatch_counts)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct dlx_stats	 st;
	dlx			*d = problem_numbered(_i);
	dlx_pos			*pos;
	uint64_t		 want, visited;
	int			 memo, threads, withpos, visit, rc;

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(ck_search(d, NULL), DLX_OK);
	dlx_stats(d, &st);
	want = st.solutions;
	for (memo = 0; memo < 3; memo++)
	for (threads = 1; threads <= 2; threads++)
	for (withpos = 0; withpos < 2; withpos++)
	for (visit = 0; visit < 2; visit++) {
		memset(&rq, 0, sizeof rq);
		rq.memo = (enum dlx_memo_mode)memo;
		rq.threads = (unsigned)threads;
		visited = 0;
		if (visit) {
			rq.visit = count_visit;
			rq.visit_arg = &visited;
		}
		pos = NULL;
		if (withpos) {
			ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
			rq.pos = pos;
		}
		rc = dlx_run(d, &rq, &res);
		if (memo == DLX_MEMO_ALWAYS && visit) {
			ck_assert_int_eq(rc, DLX_ENOTSUP);
			ck_assert(res.refused & DLX_NEED_VISIT);
			ck_assert_uint_eq(visited, 0);
		} else {
			ck_assert_int_eq(rc, DLX_OK);
			ck_assert_uint_eq(res.count.hi, 0);
			ck_assert_uint_eq(res.count.lo, want);
			if (visit)
				ck_assert_uint_eq(visited, want);
			ck_assert_uint_eq(res.threads, (unsigned)threads);
			if (memo == DLX_MEMO_ALWAYS)
				ck_assert_int_eq(res.engine,
				    DLX_ENGINE_CACHE);
			else if (memo == DLX_MEMO_NEVER || visit)
				ck_assert(res.engine == DLX_ENGINE_SPARSE ||
				    res.engine == DLX_ENGINE_LINKS);
		}
		dlx_pos_free(pos);
	}
	dlx_free(d);
}
END_TEST

/* Knuth's tree: the links, never the cache (DLX_ENOTSUP if it is
 * demanded); DLX1's figures on threads too. */
START_TEST(test_dispatch_knuth)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx			*d = problem_langford(8);

	memset(&rq, 0, sizeof rq);
	rq.tree = DLX_KNUTH;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_LINKS);
	ck_assert_uint_eq(res.count.lo, 300);
	ck_assert_uint_eq(res.stats.nodes, 2789);
	ck_assert_uint_eq(res.stats.updates, 37241);
	rq.memo = DLX_MEMO_ALWAYS;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert(res.refused & (DLX_NEED_KNUTH | DLX_NEED_CACHE));
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_ENOTSUP);
	dlx_free(d);
}
END_TEST

/* Item bounds: Algorithm M, serially, on threads (a count), with a
 * position and with checkpoints; the cache, and a visit on threads, are
 * refused with the bounds named. */
START_TEST(test_dispatch_bounds)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct dlx_wide		 w;
	dlx			*d;
	dlx_pos			*pos;
	int			 items[2] = { 0, 1 };

	/* Two items, each covered once or twice, by three options. */
	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_ge(dlx_add_option(d, items, 1), 0);
	ck_assert_int_ge(dlx_add_option(d, items + 1, 1), 0);
	ck_assert_int_ge(dlx_add_option(d, items, 2), 0);
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 1, 2), DLX_OK);
	ck_assert_int_eq(dlx_set_item_bounds(d, 1, 1, 2), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_MULT);
	ck_assert_uint_eq(res.threads, 1);
	/* {0}{1}, {01}, {0}{01}, {1}{01}, {0}{1}{01} */
	ck_assert_uint_eq(res.count.lo, 5);

	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_MULT);
	ck_assert_uint_eq(res.threads, 2);
	ck_assert_uint_eq(res.count.lo, 5);
	rq.max_solutions = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_THREADS | DLX_NEED_BOUNDS |
	    DLX_NEED_VISIT);
	rq.max_solutions = 0;
	rq.threads = 0;
	rq.memo = DLX_MEMO_ALWAYS;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_CACHE | DLX_NEED_BOUNDS);
	rq.memo = DLX_MEMO_AUTO;
	ck_assert_int_eq(dlx_pos_whole(&pos, d), DLX_OK);
	ck_assert_int_eq(dlx_pos_whole(NULL, d), DLX_EINVAL);
	rq.pos = pos;
	rq.checkpoint = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.drivers, DLX_DRIVE_POSITION |
	    DLX_DRIVE_CHECKPOINT);
	dlx_pos_figures(pos, &w, NULL, NULL);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_eq(w.lo, 5);
	ck_assert_uint_eq(dlx_pos_tasks(pos), 0);
	dlx_pos_free(pos);
	ck_assert_int_eq(dlx_split_part(d, 1, 2, &pos), DLX_OK);
	dlx_pos_free(pos);
	ck_assert_str_eq(dlx_engine_name(DLX_ENGINE_MULT), "Algorithm M");
	dlx_free(d);
}
END_TEST

/* A checkpoint on threads: a count runs (its position is exact at every
 * progress call: check_ckpt.c); a search that visits or stops at a limit
 * moves by whole subtrees and is refused, by name, before any work. */
START_TEST(test_dispatch_checkpoint_threads)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx			*d;
	int			 items[2], k;

	ck_assert_int_eq(dlx_new(&d, 4, 0, NULL), DLX_OK);
	for (k = 0; k < 4; k++) {
		items[0] = k;
		items[1] = (k + 1) % 4;
		ck_assert_int_ge(dlx_add_option(d, items, 2), 0);
	}
	memset(&rq, 0, sizeof rq);
	rq.checkpoint = 1;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, 2);
	rq.max_solutions = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_PATH | DLX_NEED_THREADS |
	    DLX_NEED_VISIT);
	ck_assert_int_eq(dlx_run_plan(d, &rq, &res), DLX_ENOTSUP);
	ck_assert_uint_eq(res.refused, DLX_NEED_PATH | DLX_NEED_THREADS |
	    DLX_NEED_VISIT);
	rq.max_solutions = 0;
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, 2);
	ck_assert_uint_eq(res.threads, 1);
	rq.checkpoint = 0;
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, 2);
	dlx_free(d);
}
END_TEST

Suite *
make_dispatch_suite(void)
{
	Suite	*s = suite_create("dispatch");
	TCase	*tc = tcase_create("Core");

	tcase_add_loop_test(tc, test_dispatch_counts, 0, NPROBLEMS);
	tcase_add_test(tc, test_dispatch_knuth);
	tcase_add_test(tc, test_dispatch_bounds);
	tcase_add_test(tc, test_dispatch_checkpoint_threads);
	tcase_set_timeout(tc, 60);
	tcase_set_tags(tc, "threads");
	suite_add_tcase(s, tc);
	return s;
}
