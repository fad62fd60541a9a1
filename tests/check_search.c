/*
 * check_search.c: the ways a search ends (all explored, stopped by a
 * callback, solution limit, node and update budgets), dlx_first(), the
 * progress callback, the statistics, reuse of one matrix for several
 * searches, and two matrices searched by two threads at once.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "problems.h"

/* queens8: the figures of a complete search (tests/data/README). */
#define Q8_SOLUTIONS	92
#define Q8_NODES	1223
#define Q8_UPDATES	21456

/* Counts solutions, stops after stop_at of them (0: never). */
struct visits {
	uint64_t	 n;
	uint64_t	 stop_at;
	int		 bad;	/* dlx_check() failed or stats disagreed */
	dlx		*d;
};

static int
count_visit(void *arg, const int *options, size_t n)
{
	struct visits		*v = arg;
	struct dlx_stats	 st;

	(void)options;
	(void)n;
	v->n++;
	if (v->d != NULL) {
		if (dlx_check(v->d) != DLX_OK)
			v->bad = 1;
		/* The statistics are current during the callback. */
		dlx_stats(v->d, &st);
		if (st.solutions != v->n)
			v->bad = 1;
	}
	return v->stop_at != 0 && v->n == v->stop_at;
}

START_TEST(test_stop)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	struct visits		 v;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&v, 0, sizeof v);
	v.d = d;
	v.stop_at = 3;
	memset(&s, 0, sizeof s);
	s.tree = 1;
	s.visit = count_visit;
	s.visit_arg = &v;
	ck_assert_int_eq(ck_search(d, &s), DLX_STOPPED);
	ck_assert_int_eq(v.bad, 0);
	ck_assert_uint_eq(v.n, 3);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 3);
	ck_assert_uint_gt(st.nodes, 0);
	ck_assert_uint_lt(st.nodes, Q8_NODES);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* Stopped at the very first solution, through ck_solve. */
	memset(&v, 0, sizeof v);
	v.stop_at = 1;
	ck_assert_int_eq(ck_solve(d, count_visit, &v, &count), DLX_STOPPED);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(v.n, 1);

	/* The stopped searches left the matrix whole. */
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(knuth_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, Q8_SOLUTIONS);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, Q8_NODES);
	ck_assert_uint_eq(st.updates, Q8_UPDATES);
	dlx_free(d);
}
END_TEST

START_TEST(test_limit)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	struct visits		 v;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&v, 0, sizeof v);
	v.d = d;
	memset(&s, 0, sizeof s);
	s.tree = 1;
	s.visit = count_visit;
	s.visit_arg = &v;
	s.max_solutions = 10;
	ck_assert_int_eq(ck_search(d, &s), DLX_LIMIT);
	ck_assert_int_eq(v.bad, 0);
	ck_assert_uint_eq(v.n, 10);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* dlx_count's limit is the same thing. */
	ck_assert_int_eq(ck_count(d, 5, &count), DLX_LIMIT);
	ck_assert_uint_eq(count, 5);
	/* Reaching the limit on the last solution is still the limit... */
	ck_assert_int_eq(ck_count(d, Q8_SOLUTIONS, &count), DLX_LIMIT);
	ck_assert_uint_eq(count, Q8_SOLUTIONS);
	/* ...while a limit never reached lets the search finish. */
	ck_assert_int_eq(knuth_count(d, Q8_SOLUTIONS + 1, &count), DLX_OK);
	ck_assert_uint_eq(count, Q8_SOLUTIONS);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, Q8_NODES);
	/* A NULL count pointer is allowed. */
	ck_assert_int_eq(knuth_count(d, 0, NULL), DLX_OK);
	ck_assert_int_eq(ck_solve(d, NULL, NULL, NULL), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, Q8_SOLUTIONS);
	dlx_free(d);
}
END_TEST

/*
 * A budget of b nodes (updates) allows at most b of them: the full
 * tree's own figure is enough, one less is not.
 */
START_TEST(test_budget_nodes)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	uint64_t		 b, last = 0;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&s, 0, sizeof s);
	s.tree = 1;		/* Knuth's figures */
	s.max_nodes = Q8_NODES;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, Q8_SOLUTIONS);
	ck_assert_uint_eq(st.nodes, Q8_NODES);

	s.max_nodes = Q8_NODES - 1;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	dlx_stats(d, &st);
	ck_assert_uint_le(st.nodes, Q8_NODES - 1);
	ck_assert_uint_le(st.solutions, Q8_SOLUTIONS);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* Solutions found grow with the budget; the budget is respected. */
	for (b = 1; b < Q8_NODES / 2; b += 37) {
		s.max_nodes = b;
		ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
		dlx_stats(d, &st);
		ck_assert_uint_le(st.nodes, b);
		ck_assert_uint_ge(st.solutions, last);
		last = st.solutions;
		ck_assert_int_eq(dlx_check(d), DLX_OK);
	}
	ck_assert_uint_gt(last, 0);
	ck_assert_uint_lt(last, Q8_SOLUTIONS);
	dlx_free(d);
}
END_TEST

START_TEST(test_budget_updates)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	struct visits		 v;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&s, 0, sizeof s);
	s.max_updates = Q8_UPDATES;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, Q8_SOLUTIONS);

	memset(&v, 0, sizeof v);
	s.visit = count_visit;
	s.visit_arg = &v;
	s.max_updates = Q8_UPDATES / 2;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	dlx_stats(d, &st);
	/*
	 * The budget is checked before each node, so the search ends within
	 * one step of it: a step covers an item and commits one option, and
	 * unlinks each of the matrix's 46 items and 256 option nodes at most
	 * once.
	 */
	ck_assert_uint_ge(st.updates, Q8_UPDATES / 2);
	ck_assert_uint_lt(st.updates, Q8_UPDATES / 2 + 46 + 256);
	/* The figures so far: every solution reported was visited. */
	ck_assert_uint_eq(st.solutions, v.n);
	ck_assert_uint_gt(v.n, 0);
	ck_assert_uint_lt(v.n, Q8_SOLUTIONS);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* Both budgets: the first to run out ends the search. */
	s.visit = NULL;
	s.max_nodes = 10;
	s.max_updates = Q8_UPDATES;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	dlx_stats(d, &st);
	ck_assert_uint_le(st.nodes, 10);

	/* The matrix is whole again. */
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, Q8_SOLUTIONS);
	dlx_free(d);
}
END_TEST

START_TEST(test_first)
{
	struct dlx_stats	 st;
	size_t			 n;
	dlx			*d;
	int			 buf[8];

	ck_assert_ptr_nonnull(d = problem_knuth());
	n = 99;
	ck_assert_int_eq(dlx_first(d, buf, 8, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(buf[0], 3);
	ck_assert_int_eq(buf[1], 0);
	ck_assert_int_eq(buf[2], 4);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 1);

	/* A small buffer gets what fits; *n says how many there were. */
	buf[0] = buf[1] = -1;
	ck_assert_int_eq(dlx_first(d, buf, 1, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 3);
	ck_assert_int_eq(buf[0], 3);
	ck_assert_int_eq(buf[1], -1);
	ck_assert_int_eq(dlx_first(d, NULL, 0, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 3);

	/* No solution: DLX_OK and an empty answer. */
	ck_assert_int_eq(dlx_force(d, 1), DLX_OK);	/* A D G */
	n = 99;
	ck_assert_int_eq(dlx_first(d, buf, 8, &n), DLX_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);

	/* On queens8: a first solution is a placement of 8 queens. */
	ck_assert_ptr_nonnull(d = problem_queens(8));
	ck_assert_int_eq(dlx_first(d, buf, 8, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 8);
	dlx_stats(d, &st);
	ck_assert_uint_lt(st.nodes, Q8_NODES);
	dlx_free(d);
}
END_TEST

/* Progress callback: records what it saw, stops when asked. */
struct prog {
	dlx		*d;
	int		 calls;
	int		 bad;
	int		 stop_at;	/* stop on this call (0: never) */
	uint64_t	 last_updates;
	double		 last, first, min, max;
};

static int
prog_fn(void *arg, const struct dlx_stats *st)
{
	struct prog		*p = arg;
	struct dlx_stats	 now;
	double			 f;

	if (dlx_check(p->d) != DLX_OK)
		p->bad = 1;
	dlx_stats(p->d, &now);
	if (now.updates != st->updates || now.nodes != st->nodes)
		p->bad = 1;
	if (st->updates < p->last_updates)
		p->bad = 1;
	p->last_updates = st->updates;
	f = dlx_progress(p->d);
	if (!(f >= 0.0 && f <= 1.0))
		p->bad = 1;
	if (p->calls == 0)
		p->first = p->min = p->max = f;
	if (f < p->min)
		p->min = f;
	if (f > p->max)
		p->max = f;
	p->last = f;
	p->calls++;
	return p->stop_at != 0 && p->calls == p->stop_at;
}

START_TEST(test_progress)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	struct prog		 p;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(9));
	ck_assert(dlx_progress(d) == 0.0);	/* before any search */
	memset(&p, 0, sizeof p);
	p.d = d;
	memset(&s, 0, sizeof s);
	s.progress = prog_fn;
	s.progress_arg = &p;
	s.progress_updates = 1000;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	ck_assert_int_eq(p.bad, 0);
	dlx_stats(d, &st);
	/* "About every 1000 updates": allow for the overshoot of a level. */
	ck_assert_int_ge(p.calls, (int)(st.updates / 1000) / 2);
	ck_assert_int_le(p.calls, (int)(st.updates / 1000) + 1);
	/* The estimate moves forward through the tree. */
	ck_assert(p.last > p.first);
	ck_assert(p.max - p.min > 0.5);
	ck_assert(dlx_progress(d) == 1.0);	/* after a complete search */

	/* Without an interval, every 2^24 updates: never, in this tree. */
	memset(&p, 0, sizeof p);
	p.d = d;
	s.progress_updates = 0;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	ck_assert_int_eq(p.calls, 0);
	s.progress_updates = 1000;

	/* A search cut short leaves an estimate short of 1. */
	s.progress = NULL;
	s.max_nodes = st.nodes / 2;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	ck_assert(dlx_progress(d) > 0.0 && dlx_progress(d) < 1.0);
	s.max_nodes = 0;
	s.progress = prog_fn;

	/* A progress callback that returns nonzero stops the search. */
	memset(&p, 0, sizeof p);
	p.d = d;
	p.stop_at = 3;
	ck_assert_int_eq(ck_search(d, &s), DLX_STOPPED);
	ck_assert_int_eq(p.calls, 3);
	ck_assert_int_eq(p.bad, 0);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* dlx_progress() seen from the solution callback grows with each one. */
struct sol_prog {
	dlx	*d;
	double	 last;
	int	 decreases, bad, n;
};

static int
sol_prog_visit(void *arg, const int *options, size_t n)
{
	struct sol_prog	*p = arg;
	double		 f = dlx_progress(p->d);

	(void)options;
	(void)n;
	if (!(f >= 0.0 && f <= 1.0))
		p->bad = 1;
	if (p->n++ > 0 && f < p->last)
		p->decreases++;
	p->last = f;
	return 0;
}

/* Stops at the stop_at-th solution, noting the estimate there. */
struct stop_prog {
	dlx	*d;
	int	 n, stop_at;
	double	 at_stop;
};

static int
stop_prog_visit(void *arg, const int *options, size_t n)
{
	struct stop_prog	*v = arg;

	(void)options;
	(void)n;
	if (++v->n < v->stop_at)
		return 0;
	v->at_stop = dlx_progress(v->d);
	return 1;
}

START_TEST(test_progress_in_visit)
{
	struct stop_prog	 v;
	struct sol_prog		 p;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&p, 0, sizeof p);
	p.d = d;
	ck_assert_int_eq(ck_solve(d, sol_prog_visit, &p, NULL), DLX_OK);
	ck_assert_int_eq(p.bad, 0);
	ck_assert_int_eq(p.n, Q8_SOLUTIONS);
	/* Solutions come in tree order, so the estimate never goes back. */
	ck_assert_int_eq(p.decreases, 0);
	ck_assert(p.last > 0.9);

	/* Stopped at the 40th solution, the estimate stays where it was. */
	memset(&v, 0, sizeof v);
	v.d = d;
	v.stop_at = 40;
	ck_assert_int_eq(ck_solve(d, stop_prog_visit, &v, NULL),
	    DLX_STOPPED);
	ck_assert(v.at_stop > 0.0 && v.at_stop < 1.0);
	ck_assert(dlx_progress(d) == v.at_stop);
	dlx_free(d);
}
END_TEST

START_TEST(test_stats_reset)
{
	struct dlx_stats	 st;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(6));
	/* Before any search every figure is 0. */
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_eq(st.nodes, 0);
	ck_assert_uint_eq(st.updates, 0);
	ck_assert_uint_eq(st.max_depth, 0);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 4);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	dlx_stats(d, &st);
	/* Each search starts its figures afresh. */
	ck_assert_uint_eq(st.solutions, 4);
	ck_assert_uint_eq(st.max_depth, 6);
	ck_assert_int_eq(ck_count(d, 1, &count), DLX_LIMIT);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 1);
	dlx_free(d);
}
END_TEST

/*
 * Reuse: the same matrix searched again and again, between additions of
 * options, gives the figures of a freshly built one.
 */
START_TEST(test_reuse_extend)
{
	struct dlx_stats	 st, st2;
	uint64_t		 count;
	dlx			*d, *fresh;
	int			 r, c, it[4], n = 6;

	/* queens6 built in two halves with searches in between. */
	ck_assert_int_eq(dlx_new(&d, 2 * n, 2 * (2 * n - 1), NULL), DLX_OK);
	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			it[0] = 2 * r;
			it[1] = 2 * c + 1;
			it[2] = 2 * n + r + c;
			it[3] = 2 * n + (2 * n - 1) + r - c + n - 1;
			ck_assert_int_ge(dlx_add_option(d, it, 4), 0);
		}
		ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
		/* Until the last rank is in, some rank has no option. */
		ck_assert_uint_eq(count, r == n - 1 ? 4 : 0);
		ck_assert_int_eq(dlx_check(d), DLX_OK);
	}
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 4);
	dlx_stats(d, &st);

	ck_assert_ptr_nonnull(fresh = problem_queens(n));
	ck_assert_int_eq(ck_count(fresh, 0, &count), DLX_OK);
	dlx_stats(fresh, &st2);
	ck_assert_uint_eq(st.nodes, st2.nodes);
	ck_assert_uint_eq(st.updates, st2.updates);
	dlx_free(fresh);
	dlx_free(d);
}
END_TEST

/* Two threads, each searching its own matrix, at the same time. */
struct job {
	dlx			*d;
	int			 rc;
	uint64_t		 count;
	struct dlx_stats	 st;
	int			 rounds;
};

static void *
job_run(void *arg)
{
	struct job	*j = arg;
	uint64_t	 c;
	int		 i;

	for (i = 0; i < j->rounds; i++) {
		if ((j->rc = knuth_count(j->d, 0, &c)) != DLX_OK)
			break;
		if (i > 0 && c != j->count) {
			j->rc = -100;
			break;
		}
		j->count = c;
	}
	dlx_stats(j->d, &j->st);
	return NULL;
}

START_TEST(test_threads)
{
	pthread_t	 t[2];
	struct job	 j[2];
	int		 i;

	memset(j, 0, sizeof j);
	ck_assert_ptr_nonnull(j[0].d = problem_queens(8));
	ck_assert_ptr_nonnull(j[1].d = problem_langford(8));
	j[0].rounds = 20;
	j[1].rounds = 10;
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, job_run, &j[i]),
		    0);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
	ck_assert_int_eq(j[0].rc, DLX_OK);
	ck_assert_int_eq(j[1].rc, DLX_OK);
	ck_assert_uint_eq(j[0].count, Q8_SOLUTIONS);
	ck_assert_uint_eq(j[0].st.nodes, Q8_NODES);
	ck_assert_uint_eq(j[0].st.updates, Q8_UPDATES);
	ck_assert_uint_eq(j[1].count, 300);
	ck_assert_uint_eq(j[1].st.nodes, 2789);
	ck_assert_uint_eq(j[1].st.updates, 37241);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(dlx_check(j[i].d), DLX_OK);
		dlx_free(j[i].d);
	}
}
END_TEST

Suite *
make_search_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("Search");

	tc = tcase_create("Ends");
	tcase_add_test(tc, test_stop);
	tcase_add_test(tc, test_limit);
	tcase_add_test(tc, test_budget_nodes);
	tcase_add_test(tc, test_budget_updates);
	tcase_add_test(tc, test_first);
	suite_add_tcase(s, tc);

	tc = tcase_create("Progress");
	tcase_add_test(tc, test_progress);
	tcase_add_test(tc, test_progress_in_visit);
	tcase_add_test(tc, test_stats_reset);
	suite_add_tcase(s, tc);

	tc = tcase_create("Reuse");
	tcase_set_tags(tc, "threads");
	tcase_add_test(tc, test_reuse_extend);
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);

	return s;
}
