/*
 * check_parallel.c: the parallel search against the serial one.
 *
 * The threads driver must visit the same solutions in the same order and
 * end with the same figures as ck_search(), for any number of threads
 * (more than the machine has included) and wherever the threads cut the
 * tree.  A tiny split interval makes the threads cut after a handful of
 * updates, so even small problems are cut into many pieces: the driver is
 * called below dlx_run() for that (dlxi_search_parallel(),
 * lib/core/search_int.h), since a request does not set the interval; so is
 * the fast tree on the links (a request gets the sparse sets).  Stops at
 * random moments (by visit, by progress, by limit, by budget) must give a
 * prefix of the serial solutions, or a subsequence of them in order.
 *
 * The figures of a complete search are the serial ones: solutions, nodes,
 * abandoned options, branches and maximum depth in either tree, and the
 * updates too in Knuth's tree and on the links.  (On sparse sets an
 * abandoned option's updates depend on the order the sets happen to be
 * in, which a thread's copy does not share: see lib/engine/sparse.c.)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx.h"
#include "problems.h"
#include "lib/core/search_int.h"

/* The solutions of one search, in order. */
struct trace {
	int		*opt;		/* all options, one solution after
					   another */
	size_t		*start;		/* where each solution begins */
	size_t		 n, nopt, cap, capopt;
	uint64_t	 stop_at;	/* visit returns 1 at this one (1..);
					   0: never */
	int		 bad;
};

static void
trace_free(struct trace *t)
{
	free(t->opt);
	free(t->start);
	memset(t, 0, sizeof *t);
}

static int
record(void *arg, const int *options, size_t n)
{
	struct trace	*t = arg;
	void		*p;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		if ((p = realloc(t->start, t->cap * sizeof *t->start)) ==
		    NULL) {
			t->bad = 1;
			return 1;
		}
		t->start = p;
	}
	if (t->nopt + n > t->capopt) {
		t->capopt = 2 * (t->nopt + n) + 64;
		if ((p = realloc(t->opt, t->capopt * sizeof *t->opt)) ==
		    NULL) {
			t->bad = 1;
			return 1;
		}
		t->opt = p;
	}
	t->start[t->n++] = t->nopt;
	if (n > 0)	/* options may be NULL for the empty solution */
		memcpy(t->opt + t->nopt, options, n * sizeof *options);
	t->nopt += n;
	return t->stop_at != 0 && t->n == t->stop_at;
}

static size_t
sol_len(const struct trace *t, size_t k)
{
	return (k + 1 < t->n ? t->start[k + 1] : t->nopt) - t->start[k];
}

static int
same_sol(const struct trace *a, size_t i, const struct trace *b, size_t j)
{
	/* An empty solution has no options, and opt may then be NULL. */
	return sol_len(a, i) == sol_len(b, j) && (sol_len(a, i) == 0 ||
	    memcmp(a->opt + a->start[i], b->opt + b->start[j],
	    sol_len(a, i) * sizeof *a->opt) == 0);
}

/* b's solutions are a's first b->n. */
static int
is_prefix(const struct trace *a, const struct trace *b)
{
	size_t	k;

	if (b->n > a->n)
		return 0;
	for (k = 0; k < b->n; k++)
		if (!same_sol(a, k, b, k))
			return 0;
	return 1;
}

/* b's solutions are some of a's, in a's order. */
static int
is_subsequence(const struct trace *a, const struct trace *b)
{
	size_t	i = 0, j;

	for (j = 0; j < b->n; j++) {
		while (i < a->n && !same_sol(a, i, b, j))
			i++;
		if (i == a->n)
			return 0;
		i++;
	}
	return 1;
}

/* The request rq on threads cutting every split updates; with links, the
 * fast tree on the links. */
static int
par_on(dlx *d, const struct dlx_request *rq, unsigned threads,
    uint64_t split, int links)
{
	struct dlxi_parallel	p;
	struct dlxi_search	s;

	/* The request's fields of a search, as dlx_run() passes them. */
	memset(&s, 0, sizeof s);
	if (rq != NULL) {
		s.visit = rq->visit;
		s.visit_arg = rq->visit_arg;
		s.max_solutions = rq->max_solutions;
		s.max_nodes = rq->max_nodes;
		s.max_updates = rq->max_updates;
		s.progress = rq->progress;
		s.progress_arg = rq->progress_arg;
		s.progress_updates = rq->progress_updates;
		s.knuth = rq->tree;
	}
	s.links = links;
	memset(&p, 0, sizeof p);
	p.threads = threads;
	p.split_updates = split;
	return dlxi_search_parallel(d, &s, &p);
}

static int
par(dlx *d, const struct dlx_request *rq, unsigned threads, uint64_t split)
{
	return par_on(d, rq, threads, split, 0);
}

/*
 * The figures b of a complete search on threads are a's, those of the
 * serial search: all of them in Knuth's tree or on the links (exact),
 * all but the updates on sparse sets.
 */
static void
check_figures(const struct dlx_stats *a, const struct dlx_stats *b,
    int exact, const char *what, unsigned th, uint64_t split)
{
	ck_assert_msg(b->solutions == a->solutions && b->nodes == a->nodes &&
	    b->abandoned == a->abandoned && b->branches == a->branches &&
	    b->max_depth == a->max_depth &&
	    (!exact || b->updates == a->updates),
	    "%s: %u threads, split %llu: solutions %llu nodes %llu "
	    "abandoned %llu branches %llu depth %zu updates %llu; serial "
	    "%llu %llu %llu %llu %zu %llu", what, th,
	    (unsigned long long)split,
	    (unsigned long long)b->solutions, (unsigned long long)b->nodes,
	    (unsigned long long)b->abandoned, (unsigned long long)b->branches,
	    b->max_depth, (unsigned long long)b->updates,
	    (unsigned long long)a->solutions, (unsigned long long)a->nodes,
	    (unsigned long long)a->abandoned, (unsigned long long)a->branches,
	    a->max_depth, (unsigned long long)a->updates);
}

/* Serial and parallel runs of d agree in every way, visiting and only
 * counting, with limits; in Knuth's tree, or the fast one on sparse sets
 * or (links) on the links. */
static void
check_same_mode(dlx *d, const char *what, int tree, int links)
{
	static const uint64_t	 splits[] = { 1, 5, 40, 1000 };
	struct dlx_request	 s;
	struct dlx_stats	 a, b;
	struct trace		 ta, tb;
	unsigned		 th;
	size_t			 k;
	int			 rca, rcb, exact;

	memset(&ta, 0, sizeof ta);
	memset(&s, 0, sizeof s);
	s.visit = record;
	s.visit_arg = &ta;
	s.tree = tree;
	exact = tree == DLX_KNUTH || links;
	/* One thread: the serial search (on the links too). */
	rca = links ? par_on(d, &s, 1, 0, 1) : ck_search(d, &s);
	dlx_stats(d, &a);
	ck_assert_int_eq(ta.bad, 0);
	for (th = 1; th <= 8; th++) {
		for (k = 0; k < sizeof splits / sizeof splits[0]; k++) {
			memset(&tb, 0, sizeof tb);
			s.visit_arg = &tb;
			rcb = par_on(d, &s, th, splits[k], links);
			dlx_stats(d, &b);
			ck_assert_msg(rcb == rca && tb.n == ta.n &&
			    is_prefix(&ta, &tb), "%s: %u threads, split %llu: "
			    "rc %d, %zu solutions; serial %d, %zu", what, th,
			    (unsigned long long)splits[k], rcb, tb.n, rca,
			    ta.n);
			check_figures(&a, &b, exact, what, th,
			    splits[k]);
			ck_assert(dlx_progress(d) == 1.0);
			trace_free(&tb);
			/* Counting only. */
			s.visit = NULL;
			ck_assert_int_eq(par_on(d, &s, th, splits[k], links),
			    rca);
			dlx_stats(d, &b);
			check_figures(&a, &b, exact, what, th,
			    splits[k]);
			/* A limit: the first solutions, as serially. */
			s.max_solutions = 1 + ta.n / 3;
			ck_assert_int_eq(par_on(d, &s, th, splits[k], links),
			    ta.n >= s.max_solutions ? DLX_LIMIT : DLX_OK);
			dlx_stats(d, &b);
			ck_assert_uint_eq(b.solutions, ta.n >= s.max_solutions ?
			    s.max_solutions : ta.n);
			s.visit = record;
			s.visit_arg = &tb;
			ck_assert_int_eq(par_on(d, &s, th, splits[k], links),
			    ta.n >= s.max_solutions ? DLX_LIMIT : DLX_OK);
			ck_assert(is_prefix(&ta, &tb));
			ck_assert_uint_eq(tb.n, ta.n >= s.max_solutions ?
			    s.max_solutions : ta.n);
			s.max_solutions = 0;
			trace_free(&tb);
		}
	}
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	trace_free(&ta);
}

/* Both trees (the fast one on the links too: check_figures_cut()). */
static void
check_same(dlx *d, const char *what)
{
	check_same_mode(d, what, DLX_KNUTH, 0);
	check_same_mode(d, what, DLX_FAST, 0);
}

START_TEST(test_parallel_known)
{
	dlx	*d;
	int	 n;

	d = problem_queens(8);
	ck_assert_ptr_nonnull(d);
	check_same(d, "queens 8");
	/* With a forced option: solutions begin with it. */
	ck_assert_int_eq(dlx_force(d, 3), DLX_OK);
	check_same(d, "queens 8, one forced");
	dlx_free(d);
	d = problem_langford(7);
	ck_assert_ptr_nonnull(d);
	check_same(d, "langford 7");
	dlx_free(d);
	d = problem_sudoku(2);
	ck_assert_ptr_nonnull(d);
	check_same(d, "sudoku 4x4");
	dlx_free(d);
	d = problem_magic();
	ck_assert_ptr_nonnull(d);
	check_same(d, "magic square (colors)");
	dlx_free(d);
	d = problem_knuth();
	ck_assert_ptr_nonnull(d);
	check_same(d, "Knuth's example");
	dlx_free(d);
	/* No primary item: the empty set is the one solution. */
	ck_assert_int_eq(dlx_new(&d, 0, 2, NULL), DLX_OK);
	check_same(d, "empty");
	dlx_free(d);
	/* No solution at all. */
	ck_assert_int_eq(dlx_new(&d, 3, 0, NULL), DLX_OK);
	n = 0;
	ck_assert_int_ge(dlx_add_option(d, &n, 1), 0);
	check_same(d, "none");
	dlx_free(d);
}
END_TEST

static uint64_t
rnd64(uint64_t *s)
{
	uint64_t	z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A random problem with colors, big enough to be cut many times. */
static dlx *
random_problem(uint64_t *seed)
{
	dlx	*d;
	int	 np, ns, nopt, o, k, i, j, items[6], colors[6], dup;

	np = 4 + (int)(rnd64(seed) % 9);
	ns = (int)(rnd64(seed) % 4);
	nopt = 10 + (int)(rnd64(seed) % 50);
	if (dlx_new(&d, (size_t)np, (size_t)ns, NULL) != DLX_OK)
		return NULL;
	for (o = 0; o < nopt; o++) {
		k = 1 + (int)(rnd64(seed) % 4);
		items[0] = (int)(rnd64(seed) % (uint64_t)np);
		colors[0] = 0;
		for (i = 1; i < k; i++) {
			do {
				items[i] = (int)(rnd64(seed) %
				    (uint64_t)(np + ns));
				for (dup = 0, j = 0; j < i; j++)
					dup |= items[j] == items[i];
			} while (dup);
			colors[i] = items[i] >= np && rnd64(seed) % 2 ?
			    1 + (int)(rnd64(seed) % 2) : 0;
		}
		if (dlx_add_option_colored(d, items, colors, (size_t)k) < 0) {
			dlx_free(d);
			return NULL;
		}
	}
	return d;
}

START_TEST(test_parallel_random)
{
	uint64_t	 seed = 20240613;
	char		 what[64];
	dlx		*d;
	int		 trial;

	for (trial = 0; trial < 40; trial++) {
		d = random_problem(&seed);
		ck_assert_ptr_nonnull(d);
		snprintf(what, sizeof what, "random problem %d", trial);
		check_same(d, what);
		dlx_free(d);
	}
}
END_TEST

/*
 * The figures of complete searches of d in the fast tree on 2 to 4
 * threads, cut every 1 to 1000 updates, counting, against the serial
 * ones: on sparse sets, and on the links, which walk the same tree (the
 * same figures but the updates) and count the updates exactly.
 */
static void
check_figures_cut(dlx *d, const char *what)
{
	static const uint64_t	 splits[] = { 1, 30, 1000 };
	struct dlx_request	 s;
	struct dlx_stats	 a, l, b;
	unsigned		 th;
	size_t			 k;

	memset(&s, 0, sizeof s);
	s.tree = DLX_FAST;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &a);
	ck_assert_int_eq(par_on(d, &s, 1, 0, 1), DLX_OK);
	dlx_stats(d, &l);
	check_figures(&a, &l, 0, what, 1, 0);
	for (th = 2; th <= 4; th++) {
		for (k = 0; k < sizeof splits / sizeof splits[0]; k++) {
			ck_assert_int_eq(par_on(d, &s, th, splits[k], 0),
			    DLX_OK);
			dlx_stats(d, &b);
			check_figures(&a, &b, 0, what, th, splits[k]);
			ck_assert_int_eq(par_on(d, &s, th, splits[k], 1),
			    DLX_OK);
			dlx_stats(d, &b);
			check_figures(&l, &b, 1, what, th, splits[k]);
		}
	}
	ck_assert_int_eq(dlx_check(d), DLX_OK);
}

/*
 * The fast tree gives up an option that leaves an item with no option:
 * where the threads cut, such a sibling is counted as abandoned, as
 * serially, not searched as a subtree of its own (whose root would be a
 * node).  Problems with many of them: pentominoes, queens, Langford
 * pairs, colors, random ones.
 */
START_TEST(test_parallel_figures)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	uint64_t		 seed = 4111;
	char			 what[64];
	dlx			*d;
	int			 trial;

	/* The fast tree by name: a build with Knuth's tree as the default
	 * (--enable-knuth-default) runs this too. */
	memset(&s, 0, sizeof s);
	s.tree = DLX_FAST;
	d = problem_pentomino(3, 20);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 8);
	ck_assert_uint_gt(st.abandoned, st.nodes);
	check_figures_cut(d, "pentominoes 3x20");
	dlx_free(d);
	d = problem_queens(8);
	ck_assert_ptr_nonnull(d);
	check_figures_cut(d, "queens 8");
	dlx_free(d);
	d = problem_langford(8);
	ck_assert_ptr_nonnull(d);
	check_figures_cut(d, "langford 8");
	dlx_free(d);
	d = problem_magic();
	ck_assert_ptr_nonnull(d);
	check_figures_cut(d, "magic square (colors)");
	dlx_free(d);
	for (trial = 0; trial < 10; trial++) {
		d = random_problem(&seed);
		ck_assert_ptr_nonnull(d);
		snprintf(what, sizeof what, "random problem %d", trial);
		check_figures_cut(d, what);
		dlx_free(d);
	}
}
END_TEST

/* Stop after a number of progress calls. */
struct stopper {
	int		 calls;
	int		 stop_after;
	dlx		*d;
	int		 bad;
};

static int
stop_progress(void *arg, const struct dlx_stats *st)
{
	struct stopper	*sp = arg;
	double		 f = dlx_progress(sp->d);

	(void)st;
	if (!(f >= 0.0 && f <= 1.0))
		sp->bad = 1;
	return ++sp->calls >= sp->stop_after;
}

/*
 * Stops at random moments: a visit that stops gives a prefix of the
 * serial solutions; a progress stop or a budget gives a subsequence of
 * them, in order, with the count of everything found.
 */
START_TEST(test_parallel_stop_random)
{
	struct dlx_request	 s;
	struct dlx_stats	 a, b;
	struct trace		 ta, tb;
	struct stopper		 sp;
	uint64_t		 seed = 77;
	unsigned		 th;
	int			 trial, rc;
	dlx			*d;

	d = problem_langford(8);
	ck_assert_ptr_nonnull(d);
	memset(&ta, 0, sizeof ta);
	memset(&s, 0, sizeof s);
	s.visit = record;
	s.visit_arg = &ta;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &a);
	for (trial = 0; trial < 60; trial++) {
		th = 2 + (unsigned)(rnd64(&seed) % 7);
		memset(&tb, 0, sizeof tb);
		memset(&s, 0, sizeof s);
		s.visit = record;
		s.visit_arg = &tb;
		switch (trial % 3) {
		case 0:
			tb.stop_at = 1 + rnd64(&seed) % ta.n;
			rc = par(d, &s, th, 1 + rnd64(&seed) % 50);
			ck_assert_int_eq(rc, DLX_STOPPED);
			ck_assert_uint_eq(tb.n, tb.stop_at);
			ck_assert(is_prefix(&ta, &tb));
			dlx_stats(d, &b);
			ck_assert_uint_eq(b.solutions, tb.n);
			break;
		case 1:
			memset(&sp, 0, sizeof sp);
			sp.d = d;
			sp.stop_after = 1 + (int)(rnd64(&seed) % 40);
			s.progress = stop_progress;
			s.progress_arg = &sp;
			s.progress_updates = 1 + rnd64(&seed) % 2000;
			rc = par(d, &s, th, 1 + rnd64(&seed) % 50);
			ck_assert(rc == DLX_STOPPED || rc == DLX_OK);
			ck_assert_int_eq(sp.bad, 0);
			ck_assert(is_subsequence(&ta, &tb));
			dlx_stats(d, &b);
			ck_assert_uint_eq(b.solutions, tb.n);
			if (rc == DLX_OK)
				ck_assert_uint_eq(tb.n, ta.n);
			break;
		default:
			s.max_nodes = 1 + rnd64(&seed) % a.nodes;
			rc = par(d, &s, th, 1 + rnd64(&seed) % 50);
			ck_assert(rc == DLX_INCOMPLETE || rc == DLX_OK);
			ck_assert(is_subsequence(&ta, &tb));
			dlx_stats(d, &b);
			ck_assert_uint_eq(b.solutions, tb.n);
			break;
		}
		trace_free(&tb);
		ck_assert_int_eq(dlx_check(d), DLX_OK);
	}
	trace_free(&ta);
	dlx_free(d);
}
END_TEST

/* The primitives: a clone counts the same; the branching step's subtrees
 * add up to the tree, figures included. */
START_TEST(test_parallel_primitives)
{
	struct dlx_stats	 a, b;
	uint64_t		 costs[64], nodes, updates, sols;
	int			 opts[64], item, n, k;
	dlx			*d, *c;

	d = problem_queens(6);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(dlx_force(d, 1), DLX_OK);
	ck_assert_int_eq(ck_search(d, NULL), DLX_OK);
	dlx_stats(d, &a);
	ck_assert_int_eq(dlx_clone(&c, d), DLX_OK);
	ck_assert_uint_eq(dlx_nforced(c), 1);
	ck_assert_int_eq(dlx_check(c), DLX_OK);
	ck_assert_int_eq(ck_search(c, NULL), DLX_OK);
	dlx_stats(c, &b);
	ck_assert(a.solutions == b.solutions && a.nodes == b.nodes &&
	    a.updates == b.updates);
	dlx_free(c);

	n = dlx_branch(d, &item, opts, costs, 64);
	ck_assert_int_gt(n, 0);
	ck_assert_int_ge(item, 0);
	/* The root node, and covering its item (one plus its options'
	 * nodes in other lists) are the parent's; the rest is below. */
	nodes = 1;
	updates = 0;
	sols = 0;
	for (k = 0; k < n; k++) {
		ck_assert_int_eq(dlx_force(d, opts[k]), DLX_OK);
		ck_assert_int_eq(ck_search(d, NULL), DLX_OK);
		dlx_stats(d, &b);
		nodes += b.nodes;
		updates += b.updates + costs[k];
		sols += b.solutions;
		ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	}
	ck_assert_uint_eq(sols, a.solutions);
	ck_assert_uint_eq(nodes, a.nodes);
	ck_assert_uint_lt(updates, a.updates);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* Outside a callback there is no path. */
	ck_assert_uint_eq(dlx_path(d, opts, NULL, 64), 0);
	ck_assert_uint_ge(dlx_cpus(), 1);
	dlx_free(d);
}
END_TEST

Suite *
make_parallel_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("Parallel");
	tc = tcase_create("Core");
	tcase_set_timeout(tc, 120);
	/* "threads": the cases CI runs again under ThreadSanitizer. */
	tcase_set_tags(tc, "threads");
	tcase_add_test(tc, test_parallel_primitives);
	tcase_add_test(tc, test_parallel_known);
	tcase_add_test(tc, test_parallel_stop_random);
	suite_add_tcase(s, tc);

	/* Random problems on threads against the serial search, and the
	 * figures of hundreds of cut searches ("slow": minutes under
	 * valgrind; TSan and ASan run them). */
	tc = tcase_create("Random");
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "threads slow");
	tcase_add_test(tc, test_parallel_random);
	tcase_add_test(tc, test_parallel_figures);
	suite_add_tcase(s, tc);
	return s;
}
