/*
 * check_core.c: the search gives the known answers.  Knuth's example from
 * "Dancing Links", classic problems with known solution counts, Knuth's
 * node and update figures on the files of tests/data, and a solution deep
 * enough to overflow a recursive search run on a small stack.
 */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "lib/engine/engine.h"
#include "problems.h"

/* Keeps the first solution seen and counts them all. */
struct keep {
	uint64_t	 nsol;
	int		 first[64];
	size_t		 nfirst;
	int		 bad;		/* dlx_check() failed in a callback */
	dlx		*d;
};

static int
keep_visit(void *arg, const int *options, size_t n)
{
	struct keep	*k = arg;

	if (k->d != NULL && dlx_check(k->d) != DLX_OK)
		k->bad = 1;
	if (k->nsol++ == 0) {
		k->nfirst = n;
		memcpy(k->first, options,
		    (n < 64 ? n : 64) * sizeof options[0]);
	}
	return 0;
}

/* As keep_visit, then stop. */
static int
stop_visit(void *arg, const int *options, size_t n)
{
	keep_visit(arg, options, n);
	return 1;
}

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

START_TEST(test_knuth_solution)
{
	struct keep		k;
	struct dlx_stats	st;
	uint64_t		count;
	dlx			*d;
	int			sorted[3];

	memset(&k, 0, sizeof k);
	ck_assert_ptr_nonnull(d = problem_knuth());
	k.d = d;
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_uint_eq(dlx_nprimary(d), 7);
	ck_assert_uint_eq(dlx_nsecondary(d), 0);
	ck_assert_uint_eq(dlx_noptions(d), 6);
	ck_assert_int_eq(knuth_solve(d, keep_visit, &k, &count), DLX_OK);
	ck_assert_int_eq(k.bad, 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(k.nsol, 1);
	ck_assert_uint_eq(k.nfirst, 3);
	/* Knuth's rule branches on A (A D G fails), then E, then B. */
	ck_assert_int_eq(k.first[0], 3);
	ck_assert_int_eq(k.first[1], 0);
	ck_assert_int_eq(k.first[2], 4);
	memcpy(sorted, k.first, sizeof sorted);
	qsort(sorted, 3, sizeof sorted[0], cmp_int);
	ck_assert_int_eq(sorted[0], 0);
	ck_assert_int_eq(sorted[1], 3);
	ck_assert_int_eq(sorted[2], 4);
	/*
	 * Six nodes: the root, A D G, B C F (E is then empty), A D, C E F,
	 * and the solution; 30 updates, as Knuth's DLX1 counts them.
	 */
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.nodes, 6);
	ck_assert_uint_eq(st.updates, 30);
	ck_assert_uint_eq(st.max_depth, 3);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

START_TEST(test_knuth_options)
{
	static const int	 want[6][3] = {
		{ 2, 4, 5 }, { 0, 3, 6 }, { 1, 2, 5 },
		{ 0, 3, -1 }, { 1, 6, -1 }, { 3, 4, 6 },
	};
	static const size_t	 size[6] = { 3, 3, 3, 2, 2, 3 };
	dlx			*d;
	size_t			 k;
	int			 o;

	ck_assert_ptr_nonnull(d = problem_knuth());
	for (o = 0; o < 6; o++) {
		ck_assert_uint_eq(dlx_option_size(d, o), size[o]);
		for (k = 0; k < size[o]; k++) {
			ck_assert_int_eq(dlx_option_item(d, o, k), want[o][k]);
			ck_assert_int_eq(dlx_option_color(d, o, k), 0);
		}
		ck_assert_int_eq(dlx_option_item(d, o, size[o]), -1);
	}
	ck_assert_str_eq(dlx_item_name(d, 0), "A");
	ck_assert_str_eq(dlx_item_name(d, 6), "G");
	ck_assert_ptr_null(dlx_item_name(d, 7));
	ck_assert_ptr_null(dlx_item_name(d, -1));
	dlx_free(d);
}
END_TEST

/* OEIS A000170. */
static const uint64_t queens_count[] = {
	1, 0, 0, 2, 10, 4, 40, 92, 352, 724
};

START_TEST(test_queens)
{
	struct dlx_stats	 st;
	uint64_t		 count;
	dlx			*d;
	int			 n = _i;

	ck_assert_ptr_nonnull(d = problem_queens(n));
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_msg(count == queens_count[n - 1],
	    "%d queens: %llu solutions, want %llu", n,
	    (unsigned long long)count,
	    (unsigned long long)queens_count[n - 1]);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, count);
	/* Every solution places one queen per rank. */
	if (count > 0)
		ck_assert_uint_eq(st.max_depth, n);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* OEIS A014552, doubled: reversals are counted. */
static const uint64_t langford_count[] = { 0, 0, 2, 2, 0, 0, 52, 300 };

START_TEST(test_langford)
{
	uint64_t	 count;
	dlx		*d;
	int		 n = _i;

	ck_assert_ptr_nonnull(d = problem_langford(n));
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_msg(count == langford_count[n - 1],
	    "Langford n=%d: %llu solutions, want %llu", n,
	    (unsigned long long)count,
	    (unsigned long long)langford_count[n - 1]);
	dlx_free(d);
}
END_TEST

START_TEST(test_sudoku_empty)
{
	uint64_t	 count;
	dlx		*d;

	ck_assert_ptr_nonnull(d = problem_sudoku(2));
	ck_assert_uint_eq(dlx_noptions(d), 64);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 288);
	dlx_free(d);

	/* The 1x1 sudoku: one cell, one digit. */
	ck_assert_ptr_nonnull(d = problem_sudoku(1));
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	dlx_free(d);
}
END_TEST

/* Every grid found by the magic square search, checked and kept. */
struct magic {
	int	 grid[16][9];
	int	 n;
	int	 bad;
	dlx	*d;
};

static int
magic_visit(void *arg, const int *options, size_t n)
{
	struct magic	*m = arg;
	int		 g[9], seen[10], i, s;
	static const int lines[8][3] = {
		{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
		{ 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
	};

	if (dlx_check(m->d) != DLX_OK || n != 8 ||
	    magic_decode(options, n, g) != 0) {
		m->bad = 1;
		return 1;
	}
	memset(seen, 0, sizeof seen);
	for (i = 0; i < 9; i++)
		if (seen[g[i]]++)
			m->bad = 1;
	for (i = 0; i < 8; i++) {
		s = g[lines[i][0]] + g[lines[i][1]] + g[lines[i][2]];
		if (s != 15)
			m->bad = 1;
	}
	for (i = 0; i < m->n; i++)
		if (memcmp(m->grid[i], g, sizeof g) == 0)
			m->bad = 1;	/* the same square twice */
	if (m->n < 16)
		memcpy(m->grid[m->n++], g, sizeof g);
	return 0;
}

START_TEST(test_magic_square)
{
	struct magic	 m;
	uint64_t	 count;
	dlx		*d;
	int		 i;

	memset(&m, 0, sizeof m);
	ck_assert_ptr_nonnull(d = problem_magic());
	ck_assert_uint_eq(dlx_noptions(d), 8 * 48);
	m.d = d;
	ck_assert_int_eq(ck_solve(d, magic_visit, &m, &count), DLX_OK);
	ck_assert_int_eq(m.bad, 0);
	ck_assert_uint_eq(count, 8);
	ck_assert_int_eq(m.n, 8);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(m.grid[i][4], 5);	/* Lo Shu's center */
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/*
 * Tilings of a strip of n cells by monominoes {i} and dominoes {i, i+1}:
 * F(n+1) of them.
 */
START_TEST(test_strip_fibonacci)
{
	uint64_t	 count, f0 = 1, f1 = 1, t;
	dlx		*d;
	int		 n = 24, i, it[2];

	ck_assert_int_eq(dlx_new(&d, n, 0, NULL), DLX_OK);
	for (i = 0; i < n; i++) {
		it[0] = i;
		it[1] = i + 1;
		ck_assert_int_eq(dlx_add_option(d, it, 1), 2 * i);
		ck_assert_int_eq(dlx_add_option(d, it, i + 1 < n ? 2 : 1),
		    2 * i + 1);
	}
	for (i = 1; i < n; i++) {
		t = f0 + f1;
		f0 = f1;
		f1 = t;
	}
	/* The last "domino" is a second monomino on the last cell. */
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, f1 + f0);
	dlx_free(d);
}
END_TEST

START_TEST(test_empty_problem)
{
	struct dlx_request	 s;
	struct dlx_stats	 st;
	struct keep		 k;
	uint64_t		 count;
	size_t			 n;
	dlx			*d;
	int			 it = 0;

	/* No primary item: the empty set is the one solution. */
	memset(&k, 0, sizeof k);
	ck_assert_int_eq(dlx_new(&d, 0, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_solve(d, keep_visit, &k, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(k.nfirst, 0);
	n = 99;
	ck_assert_int_eq(dlx_first(d, NULL, 0, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 0);
	/* That one solution can stop the search, or exceed a budget. */
	memset(&k, 0, sizeof k);
	ck_assert_int_eq(ck_solve(d, stop_visit, &k, &count), DLX_STOPPED);
	ck_assert_uint_eq(count, 1);
	memset(&s, 0, sizeof s);
	s.max_nodes = 1;
	ck_assert_int_eq(ck_search(d, &s), DLX_INCOMPLETE);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, 1);
	ck_assert_uint_eq(st.solutions, 0);
	s.max_nodes = 2;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, 2);		/* the root, the solution */
	ck_assert_uint_eq(st.solutions, 1);
	ck_assert_uint_eq(st.max_depth, 0);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);

	/* A primary item that no option covers: no solution. */
	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, &it, 1), 0);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 0);
	dlx_free(d);
}
END_TEST

/* Knuth's figures from DLX1 on the files of tests/data (their README). */
static const struct figures {
	const char	*file;
	uint64_t	 solutions, nodes, updates;
	size_t		 depth;
} figures[] = {
	{ "queens8.dlx", 92, 1223, 21456, 8 },
	{ "langford8.dlx", 300, 2789, 37241, 8 },
	{ "sudoku4-empty.dlx", 288, 2157, 22545, 16 },
};

static void
check_figures(dlx *d, const struct figures *f)
{
	struct dlx_stats	st;
	uint64_t		count;

	ck_assert_int_eq(knuth_count(d, 0, &count), DLX_OK);
	dlx_stats(d, &st);
	ck_assert_msg(count == f->solutions && st.solutions == f->solutions,
	    "%s: %llu solutions, want %llu", f->file,
	    (unsigned long long)count, (unsigned long long)f->solutions);
	ck_assert_msg(st.nodes == f->nodes, "%s: %llu nodes, want %llu",
	    f->file, (unsigned long long)st.nodes,
	    (unsigned long long)f->nodes);
	ck_assert_msg(st.updates == f->updates,
	    "%s: %llu updates, want %llu", f->file,
	    (unsigned long long)st.updates, (unsigned long long)f->updates);
	ck_assert_uint_eq(st.max_depth, f->depth);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
}

START_TEST(test_figures_file)
{
	dlx	*d;

	d = problem_read(test_data_path(figures[_i].file));
	ck_assert_msg(d != NULL, "cannot read %s",
	    test_data_path(figures[_i].file));
	check_figures(d, &figures[_i]);
	/* A second search of the same matrix visits the same tree. */
	check_figures(d, &figures[_i]);
	dlx_free(d);
}
END_TEST

/* The builders generate the same matrices as the files, in C. */
START_TEST(test_figures_built)
{
	dlx	*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	check_figures(d, &figures[0]);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_langford(8));
	check_figures(d, &figures[1]);
	dlx_free(d);
	ck_assert_ptr_nonnull(d = problem_sudoku(2));
	check_figures(d, &figures[2]);
	dlx_free(d);
}
END_TEST

START_TEST(test_figures_names)
{
	dlx	*d;

	ck_assert_ptr_nonnull(d = problem_read(test_data_path("queens8.dlx")));
	ck_assert_uint_eq(dlx_nprimary(d), 16);
	ck_assert_uint_eq(dlx_nsecondary(d), 30);
	ck_assert_uint_eq(dlx_noptions(d), 64);
	ck_assert_str_eq(dlx_item_name(d, 0), "r0");
	ck_assert_str_eq(dlx_item_name(d, 1), "c0");
	ck_assert_str_eq(dlx_item_name(d, 16), "a0");
	ck_assert_str_eq(dlx_item_name(d, 45), "b14");
	/* Option 9 is "r1 c1 a2 b7". */
	ck_assert_uint_eq(dlx_option_size(d, 9), 4);
	ck_assert_str_eq(dlx_item_name(d, dlx_option_item(d, 9, 0)), "r1");
	ck_assert_str_eq(dlx_item_name(d, dlx_option_item(d, 9, 3)), "b7");
	dlx_free(d);
}
END_TEST

/*
 * A solution of DEEP options: item i has the single option {i}.  Ties go
 * to the item declared first, so the search takes options 0, 1, ... in
 * order, one level each.  It runs on a thread whose stack is far too
 * small for a search that recursed once per level.
 */
#define DEEP		10000
#define DEEP_STACK	(256 * 1024)

struct deep {
	dlx		*d;
	int		 rc;
	uint64_t	 count;
	size_t		 n;
	int		 inorder;
};

static int
deep_visit(void *arg, const int *options, size_t n)
{
	struct deep	*dp = arg;
	size_t		 i;

	dp->n = n;
	dp->inorder = 1;
	for (i = 0; i < n; i++)
		if (options[i] != (int)i)
			dp->inorder = 0;
	return 0;
}

static void *
deep_run(void *arg)
{
	struct deep	*dp = arg;

	dp->rc = ck_solve(dp->d, deep_visit, dp, &dp->count);
	return NULL;
}

START_TEST(test_deep_solution)
{
	struct dlx_stats	 st;
	struct deep		 dp;
	pthread_attr_t		 attr;
	pthread_t		 t;
	int			 i;

	memset(&dp, 0, sizeof dp);
	ck_assert_int_eq(dlx_new(&dp.d, DEEP, 0, NULL), DLX_OK);
	for (i = 0; i < DEEP; i++)
		ck_assert_int_eq(dlx_add_option(dp.d, &i, 1), i);
	ck_assert_int_eq(pthread_attr_init(&attr), 0);
	ck_assert_int_eq(pthread_attr_setstacksize(&attr, DEEP_STACK), 0);
	ck_assert_int_eq(pthread_create(&t, &attr, deep_run, &dp), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	pthread_attr_destroy(&attr);
	ck_assert_int_eq(dp.rc, DLX_OK);
	ck_assert_uint_eq(dp.count, 1);
	ck_assert_uint_eq(dp.n, DEEP);
	ck_assert_int_eq(dp.inorder, 1);
	dlx_stats(dp.d, &st);
	ck_assert_uint_eq(st.max_depth, DEEP);
	ck_assert_uint_eq(st.nodes, DEEP + 1);	/* DEEP levels, 1 solution */
	ck_assert_uint_eq(st.updates, DEEP);	/* each item, no node */
	ck_assert_int_eq(dlx_check(dp.d), DLX_OK);
	dlx_free(dp.d);
}
END_TEST

/*
 * The branching rule on its own: item i has len[i] options, each the
 * singleton {i}, so choosing one changes no other list and the search
 * takes the items in order of (length, declaration).  The first solution
 * lists them in that order, each through its first option.  Lengths and
 * counts vary so that the smallest falls at every position, around any
 * word or vector width the engine may scan by.
 */
START_TEST(test_branching_rule)
{
	struct dlx_stats	 st;
	uint64_t		 s = UINT64_C(0x2545f4914f6cdd1d);
	size_t			 n;
	dlx			*d;
	int			 len[100], first[100], order[100], sol[100];
	int			 nitems, i, j, k, o, trial;

	for (trial = 0; trial < 300; trial++) {
		nitems = 1 + trial % 100;
		ck_assert_int_eq(dlx_new(&d, nitems, 0, NULL), DLX_OK);
		for (i = 0; i < nitems; i++) {
			s = s * UINT64_C(6364136223846793005) +
			    UINT64_C(1442695040888963407);
			len[i] = 1 + (int)((s >> 33) % (trial < 100 ? 2 : 5));
		}
		/* Options in a scrambled order: item by item is too easy. */
		o = 0;
		for (k = 0; k < 5; k++)
			for (i = nitems - 1; i >= 0; i--)
				if (k < len[i]) {
					if (k == 0)
						first[i] = o;
					ck_assert_int_eq(dlx_add_option(d, &i, 1),
					    o++);
				}
		/* The expected order: a stable sort by length. */
		for (i = 0; i < nitems; i++) {
			for (j = i; j > 0 && len[order[j - 1]] > len[i]; j--)
				order[j] = order[j - 1];
			order[j] = i;
		}
		ck_assert_int_eq(dlx_first(d, sol, 100, &n), DLX_LIMIT);
		ck_assert_uint_eq(n, nitems);
		for (i = 0; i < nitems; i++)
			ck_assert_msg(sol[i] == first[order[i]],
			    "trial %d: choice %d is option %d, want %d "
			    "(item %d)", trial, i, sol[i], first[order[i]],
			    order[i]);
		dlx_free(d);
	}

	/* An item with no option, wherever it is, ends the search at once. */
	for (nitems = 1; nitems <= 70; nitems++) {
		for (j = 0; j < nitems; j += 1 + nitems / 8) {
			ck_assert_int_eq(dlx_new(&d, nitems, 0, NULL), DLX_OK);
			for (i = 0; i < nitems; i++)
				if (i != j)
					ck_assert_int_ge(dlx_add_option(d, &i, 1),
					    0);
			ck_assert_int_eq(knuth_count(d, 0, NULL), DLX_OK);
			dlx_stats(d, &st);
			ck_assert_uint_eq(st.solutions, 0);
			ck_assert_uint_eq(st.nodes, 1);
			ck_assert_uint_eq(st.updates, 1);
			dlx_free(d);
		}
	}
}
END_TEST

/*
 * The scan every engine chooses by, on its own (engine.h): against its
 * definition, on random lengths, covered ones among them, for every n up
 * to 300 (around the blocks of 16 and the lanes of 4), both stops, with
 * the first short item or the first smallest at every place.
 */
START_TEST(test_first_short)
{
	uint64_t	s = UINT64_C(0x9e3779b97f4a7c15);
	int		a[300], n, k, stop, trial, want, m, range;

	for (trial = 0; trial < 6000; trial++) {
		n = 1 + trial % 300;
		stop = 1 + trial % 2;
		range = 2 + trial % 7;
		for (k = 0; k < n; k++) {
			s = s * UINT64_C(6364136223846793005) +
			    UINT64_C(1442695040888963407);
			/* Mostly above stop, so that the minimum counts. */
			a[k] = stop + 1 - (trial % 5 == 0) +
			    (int)((s >> 33) % (uint64_t)range);
			if ((s >> 20) % 4 == 0)
				a[k] += COVERED;
		}
		for (want = -1, k = 0; k < n && want < 0; k++)
			if (a[k] <= stop)
				want = k;
		if (want < 0) {
			for (m = INT_MAX, k = 0; k < n; k++)
				m = a[k] < m ? a[k] : m;
			for (want = 0; a[want] != m; want++)
				continue;
		}
		ck_assert_msg(search_first_short(a, n, stop) == want,
		    "trial %d: n %d, stop %d: %d, want %d", trial, n, stop,
		    search_first_short(a, n, stop), want);
	}
}
END_TEST

/*
 * Options forced deferred (dlxi_force_deferred(), as a sudoku's givens):
 * the fast search builds its sets from a form of the bare matrix it keeps
 * from search to search.  Against the same options forced one by one on
 * a second copy: the solutions in order, the count and every figure,
 * round after round of other options (the kept form reused), with a
 * search on the links in between (which lays the workspace out anew),
 * and once options are added after (no room kept then: the links search,
 * the same solutions).  On the pentominoes 3x20, Langford 8, queens 8
 * (secondary items), the 4x4 sudoku and 9x9 puzzles.
 */
/* The items of option o of d in items[], their number returned. */
static size_t
option_items(const dlx *d, int o, int *items)
{
	size_t	k, m = dlx_option_size(d, o);

	for (k = 0; k < m; k++)
		items[k] = dlx_option_item(d, o, k);
	return m;
}

static void
trace_run(dlx *d, struct dlx_result *res, struct problem_trace *t)
{
	struct dlx_request	rq;

	memset(&rq, 0, sizeof rq);
	memset(t, 0, sizeof *t);
	rq.tree = DLX_FAST;
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;		/* on threads the updates may differ */
	rq.visit = problem_trace_visit;
	rq.visit_arg = t;
	ck_assert_int_eq(dlx_run(d, &rq, res), DLX_OK);
}

static dlx *
deferred_problem(int k)
{
	switch (k) {
	case 0:
		return problem_pentomino(3, 20);
	case 1:
		return problem_langford(8);
	case 2:
		return problem_queens(8);
	case 3:
		return problem_sudoku(2);
	default:
		return problem_sudoku(3);
	}
}

START_TEST(test_deferred_kept)
{
	struct dlx_result	 ra, rb;
	struct problem_trace	 ta, tb;
	uint64_t		 s = UINT64_C(0x5851f42d4c957f2d) + (uint64_t)_i;
	unsigned char		*used;
	dlx			*a, *b;
	int			 opts[100], items[100], grid[81], round, n, o,
				 k, j, ok, np, ni;
	size_t			 m;

	ck_assert_ptr_nonnull(a = deferred_problem(_i));
	ck_assert_ptr_nonnull(b = deferred_problem(_i));
	np = (int)dlx_nprimary(a);
	ni = np + (int)dlx_nsecondary(a);
	ck_assert_ptr_nonnull(used = calloc((size_t)ni, 1));
	ck_assert_int_eq(dlxi_workspace_keep(a), DLX_OK);
	if (_i == 4)
		ck_assert_int_eq(dlx_first(b, grid, 81, &m), DLX_LIMIT);
	for (round = 0; round < 24; round++) {
		/* Random options that share no item, a few of them (more
		 * on the sudoku, fewer on problems with few solutions). */
		memset(used, 0, (size_t)ni);
		n = 0;
		/* The 9x9: 30 to 53 givens of one grid (fewer leave more
		 * grids than a test can count). */
		for (k = 0; _i == 4 && k < 81; k++)
			if (problem_rnd(&s, 81) < 30 + round)
				opts[n++] = grid[k];
		for (k = 0; _i < 4 && k < 40 && n < (_i == 3 ?
		    1 + round % 8 : 1 + round % 3); k++) {
			o = problem_rnd(&s, (int)dlx_noptions(a));
			m = option_items(a, o, items);
			for (ok = 1, j = 0; j < (int)m; j++)
				ok &= !used[items[j]];
			for (j = 0; j < (int)m && ok; j++)
				used[items[j]] = 1;
			if (ok && items[0] < np)
				opts[n++] = o;
		}
		if (n == 0)
			continue;
		ck_assert_int_eq(dlxi_force_deferred(a, opts, (size_t)n),
		    DLX_OK);
		for (k = 0; k < n; k++)
			ck_assert_int_eq(dlx_force(b, opts[k]), DLX_OK);
		/* Twice: the second search reuses what the first kept. */
		for (k = 0; k < 2; k++) {
			trace_run(a, &ra, &ta);
			trace_run(b, &rb, &tb);
			ck_assert_uint_eq(ta.n, tb.n);
			ck_assert_uint_eq(ta.hash, tb.hash);
			ck_assert_uint_eq(ra.count.lo, rb.count.lo);
			ck_assert_uint_eq(ra.stats.nodes, rb.stats.nodes);
			ck_assert_uint_eq(ra.stats.updates, rb.stats.updates);
			ck_assert_uint_eq(ra.stats.max_depth,
			    rb.stats.max_depth);
			ck_assert_int_eq(ra.engine, rb.engine);
		}
		/* Every third round, one option more by dlx_force (on the
		 * links, then searched from them), taken back after. */
		if (round % 3 == 2 && n > 1) {
			ck_assert_int_eq(dlx_unforce(a), DLX_OK);
			ck_assert_int_eq(dlx_unforce(b), DLX_OK);
			ck_assert_int_eq(dlx_force(a, opts[n - 1]), DLX_OK);
			ck_assert_int_eq(dlx_force(b, opts[n - 1]), DLX_OK);
			trace_run(a, &ra, &ta);
			trace_run(b, &rb, &tb);
			ck_assert_uint_eq(ta.hash, tb.hash);
			ck_assert_uint_eq(ra.stats.nodes, rb.stats.nodes);
		}
		dlx_unforce_all(a);
		dlx_unforce_all(b);
		ck_assert_int_eq(dlx_check(a), DLX_OK);
	}
	/* An option added after (a copy of one of the grid's on the 9x9,
	 * with 44 more givens of it): the kept form is made again, or if
	 * the matrix outgrew the room kept, the links search takes it; the
	 * same solutions either way. */
	m = option_items(a, _i == 4 ? grid[0] : 0, items);
	ck_assert_int_ge(dlx_add_option(a, items, m), 0);
	ck_assert_int_ge(dlx_add_option(b, items, m), 0);
	opts[0] = (int)dlx_noptions(a) - 1;
	for (n = 1; _i == 4 && n < 45; n++)
		opts[n] = grid[n];
	ck_assert_int_eq(dlxi_force_deferred(a, opts, (size_t)n), DLX_OK);
	for (k = 0; k < n; k++)
		ck_assert_int_eq(dlx_force(b, opts[k]), DLX_OK);
	trace_run(a, &ra, &ta);
	trace_run(b, &rb, &tb);
	ck_assert_uint_eq(ta.n, tb.n);
	ck_assert_uint_eq(ta.hash, tb.hash);
	ck_assert_uint_eq(ra.stats.nodes, rb.stats.nodes);
	free(used);
	dlx_free(a);
	dlx_free(b);
}
END_TEST

Suite *
make_core_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("Core");

	tc = tcase_create("Knuth");
	tcase_add_test(tc, test_knuth_solution);
	tcase_add_test(tc, test_knuth_options);
	tcase_add_test(tc, test_branching_rule);
	tcase_add_test(tc, test_first_short);
	tcase_add_loop_test(tc, test_deferred_kept, 0, 5);
	suite_add_tcase(s, tc);

	tc = tcase_create("Counts");
	tcase_add_loop_test(tc, test_queens, 1, 11);
	tcase_add_loop_test(tc, test_langford, 1, 9);
	tcase_add_test(tc, test_sudoku_empty);
	tcase_add_test(tc, test_magic_square);
	tcase_add_test(tc, test_strip_fibonacci);
	tcase_add_test(tc, test_empty_problem);
	suite_add_tcase(s, tc);

	tc = tcase_create("Figures");
	tcase_add_loop_test(tc, test_figures_file, 0,
	    sizeof figures / sizeof figures[0]);
	tcase_add_test(tc, test_figures_built);
	tcase_add_test(tc, test_figures_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("Deep");
	tcase_add_test(tc, test_deep_solution);
	suite_add_tcase(s, tc);

	return s;
}
