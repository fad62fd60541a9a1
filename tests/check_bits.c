/*
 * check_bits.c: the bit boards of the 9x9 sudoku matrix (engine/bits.c)
 * against the fast search on sparse sets (DLX_FAST asked by name) and
 * against known counts.
 *
 * The dispatcher takes a plain 9x9 grid of dlx_sudoku.h to the bit boards
 * in the default tree; these tests check that it does, and that what it
 * answers is what the sparse sets answer: the counts of serg's 300
 * puzzles (tests/data/sudoku-serg300.counts), and on random puzzles cut
 * from a grid (unique, ambiguous, with no solution) the count, every
 * limit's status and count, the one solution visited when there is one
 * (and the sparse sets' order when there are more), a progress call that
 * stops, and a matrix that is no longer the plain grid.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_sudoku.h"

#ifndef TOP_SRCDIR
#define TOP_SRCDIR "."
#endif

static const char grid[] =
    "912763584345289167678451329183572946794136852"
    "526894713431925678267318495859647231";

/* Five rows given, the rest open: 4068 solutions, 36 open cells. */
static const char five_rows[] =
    "123456789456789123789123456214365897365897214"
    "....................................";

/* A puzzle line (81 characters, '.' or '0' blank) into cells. */
static void
to_cells(const char *p, int *cells)
{
	int	k;

	for (k = 0; k < 81; k++)
		cells[k] = p[k] >= '1' && p[k] <= '9' ? p[k] - '0' : 0;
}

/* The engine a plain grid's default request runs on: the bit boards,
 * unless the library takes Knuth's tree by default (a build that tests
 * the links: --enable-knuth-default). */
static enum dlx_engine
plain_engine(void)
{
	return dlx_knuth_default() ? DLX_ENGINE_LINKS : DLX_ENGINE_BITS;
}

/* Run rq on d; the engine that ran in *engine. */
static int
run(dlx *d, struct dlx_request *rq, struct dlx_wide *count,
    enum dlx_engine *engine)
{
	struct dlx_result	res;
	int			rc;

	rq->threads = 1;
	rc = dlx_run(d, rq, &res);
	*count = res.count;
	*engine = res.engine;
	return rc;
}

/* The count of every solution: the bit boards', then the sparse sets';
 * both must agree.  Returns the count. */
static uint64_t
both_count(dlx *d)
{
	struct dlx_request	rq;
	struct dlx_wide		a, b;
	enum dlx_engine		ea, eb;

	memset(&rq, 0, sizeof rq);
	ck_assert_int_eq(run(d, &rq, &a, &ea), DLX_OK);
	if (!dlx_knuth_default())
		ck_assert_int_eq(ea, DLX_ENGINE_BITS);
	memset(&rq, 0, sizeof rq);
	rq.tree = DLX_FAST;
	rq.memo = DLX_MEMO_NEVER;
	ck_assert_int_eq(run(d, &rq, &b, &eb), DLX_OK);
	ck_assert_int_eq(eb, DLX_ENGINE_SPARSE);
	ck_assert_uint_eq(a.hi, 0);
	ck_assert_uint_eq(a.lo, b.lo);
	return a.lo;
}

START_TEST(test_bits_serg300)
{
	dlx_sudoku	*s;
	FILE		*fp;
	char		 line[256], p[82];
	unsigned long long want;
	int		 cells[81], n = 0;

	fp = fopen(TOP_SRCDIR "/tests/data/sudoku-serg300.counts", "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	while (fgets(line, sizeof line, fp) != NULL) {
		ck_assert_int_eq(sscanf(line, "%81s %llu", p, &want), 2);
		to_cells(p, cells);
		ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_uint_eq(both_count(dlx_sudoku_matrix(s)), want);
		n++;
	}
	ck_assert_int_eq(n, 300);
	fclose(fp);
	dlx_sudoku_free(s);
}
END_TEST

/* A visit adding a solution's options into the table arg (729 wide
 * counts; the marks matrix's option "struck" is no candidate). */
static int
tally_solution(void *arg, const int *options, size_t n)
{
	struct dlx_wide	*t = arg;
	size_t		 k;

	for (k = 0; k < n; k++)
		if (options[k] < 729)
			t[options[k]].lo++;
	return 0;
}

/*
 * Puzzles of pencil marks on the bit boards: the first 60 puzzles of
 * sudoku-serg300.counts, each open cell losing each candidate with
 * probability 1/4 (never all of them), give the sparse sets' count on the
 * boards, on one thread and on two (the boards' split, drive/boards.c),
 * and their per-candidate table (the boards' tally) is the one a visit
 * of every solution on the sparse sets adds up.  A count that saw no struck candidate
 * (the marks matrix searched as the plain grid) differs on most of them.
 */
START_TEST(test_bits_marks)
{
	struct dlx_wide		 ta[729], tb[729], tot_a;
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;
	FILE			*fp;
	uint64_t		 marks[81], seed = 7, c;
	char			 line[256], p[82];
	unsigned long long	 want;
	int			 cells[81], n = 0, x, v, differ = 0;

	fp = fopen(TOP_SRCDIR "/tests/data/sudoku-serg300.counts", "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	while (n < 60 && fgets(line, sizeof line, fp) != NULL) {
		ck_assert_int_eq(sscanf(line, "%81s %llu", p, &want), 2);
		to_cells(p, cells);
		for (x = 0; x < 81; x++) {
			marks[x] = cells[x] != 0 ?
			    (uint64_t)1 << (cells[x] - 1) : 0x1ff;
			for (v = 0; v < 9 && cells[x] == 0; v++) {
				seed = seed * 6364136223846793005ULL +
				    1442695040888963407ULL;
				if ((seed >> 33) % 4 == 0 &&
				    (marks[x] & ~((uint64_t)1 << v)) != 0)
					marks[x] &= ~((uint64_t)1 << v);
			}
		}
		ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, NULL,
		    NULL), DLX_OK);
		c = both_count(dlx_sudoku_matrix(s));
		ck_assert_uint_le(c, want);
		differ += c != want;
		memset(&rq, 0, sizeof rq);
		rq.threads = 2;
		ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res),
		    DLX_OK);
		ck_assert_uint_eq(res.count.lo, c);
		ck_assert_int_eq(dlx_sudoku_candidate_counts(s, NULL, ta,
		    &tot_a), DLX_OK);
		memset(tb, 0, sizeof tb);
		memset(&rq, 0, sizeof rq);
		rq.tree = DLX_FAST;
		rq.memo = DLX_MEMO_NEVER;
		rq.threads = 1;
		rq.visit = tally_solution;
		rq.visit_arg = tb;
		ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res),
		    DLX_OK);
		ck_assert_int_eq(res.engine, DLX_ENGINE_SPARSE);
		ck_assert_uint_eq(tot_a.lo, c);
		ck_assert_uint_eq(res.count.lo, c);
		for (x = 0; x < 729; x++) {
			ck_assert_uint_eq(ta[x].lo, tb[x].lo);
			ck_assert_uint_eq(ta[x].hi, 0);
			/* A struck candidate is in no solution. */
			if (!(marks[x / 9] >> (x % 9) & 1))
				ck_assert_uint_eq(ta[x].lo, 0);
		}
		n++;
	}
	ck_assert_int_eq(n, 60);
	ck_assert_int_gt(differ, 40);
	fclose(fp);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * The puzzles of tests/data's collections, one a line (the hardest sets'
 * samples), and bits-columns.txt: a puzzle on which a column's one open
 * cell was once taken away by a cell filled in the same pass (the bit
 * boards must see a dead end there, not read past the board).
 */
START_TEST(test_bits_collections)
{
	static const char *const files[] = {
		"coll-norvig_hardest.txt", "coll-norvig_top95.txt",
		"coll-plb_hard20.txt", "coll-puzzles2_17_clue.txt",
		"coll-puzzles3_magictour_top1465.txt",
		"coll-puzzles5_forum_hardest_1905.txt",
		"coll-puzzles6_forum_hardest_1106.txt",
		"coll-puzzles7_serg_benchmark.txt", "bits-columns.txt"
	};
	dlx_sudoku	*s;
	FILE		*fp;
	char		 path[512], line[256];
	size_t		 f;
	int		 cells[81], n = 0;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	for (f = 0; f < sizeof files / sizeof files[0]; f++) {
		snprintf(path, sizeof path, "%s/tests/data/%s", TOP_SRCDIR,
		    files[f]);
		fp = fopen(path, "r");
		ck_assert_ptr_nonnull(fp);
		while (fgets(line, sizeof line, fp) != NULL) {
			if (strlen(line) < 81)
				continue;
			to_cells(line, cells);
			ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL,
			    NULL), DLX_OK);
			(void)both_count(dlx_sudoku_matrix(s));
			n++;
		}
		fclose(fp);
	}
	ck_assert_int_ge(n, 80);
	dlx_sudoku_free(s);
}
END_TEST

/* A small generator of our own, so that the puzzles are the same
 * everywhere. */
static unsigned
rnd(unsigned long long *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(*x >> 33);
}

/*
 * A random puzzle: the grid with its digits renamed, keeping each cell
 * with probability keep/100; with spoil, one given changed to a digit
 * its row, column and box do not hold (mostly no solution left).
 * Returns 0 if no such digit was found.
 */
static int
random_puzzle(unsigned long long *x, int keep, int spoil, int *cells)
{
	int	perm[10], k, j, t, d, r, c, ok;

	for (k = 1; k <= 9; k++)
		perm[k] = k;
	for (k = 9; k > 1; k--) {
		j = 1 + (int)(rnd(x) % (unsigned)k);
		t = perm[k];
		perm[k] = perm[j];
		perm[j] = t;
	}
	for (k = 0; k < 81; k++)
		cells[k] = (int)(rnd(x) % 100) < keep ?
		    perm[grid[k] - '0'] : 0;
	if (!spoil)
		return 1;
	for (k = (int)(rnd(x) % 81); cells[k] == 0; k = (k + 1) % 81)
		continue;
	for (d = 1; d <= 9; d++) {
		ok = d != cells[k];
		for (j = 0; j < 81 && ok; j++) {
			r = j / 9;
			c = j % 9;
			if (j != k && cells[j] == d && (r == k / 9 ||
			    c == k % 9 || (r / 3 == k / 27 &&
			    c / 3 == k % 9 / 3)))
				ok = 0;
		}
		if (ok) {
			cells[k] = d;
			return 1;
		}
	}
	return 0;
}

/* The solutions visited, in order, as one array: up to 64 of 81. */
struct seen {
	int	opts[64][81];
	size_t	n;
};

static int
keep(void *arg, const int *options, size_t n)
{
	struct seen	*sn = arg;

	ck_assert_uint_eq(n, 81);
	if (sn->n < 64)
		memcpy(sn->opts[sn->n], options, sizeof sn->opts[0]);
	sn->n++;
	return 0;
}

static int
cmp_int(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

START_TEST(test_bits_random)
{
	static struct seen	 a, b;
	static const uint64_t	 limits[] = { 1, 2, 3, 7, 100 };
	struct dlx_request	 rq;
	struct dlx_wide		 ca, cb;
	enum dlx_engine		 ea, eb;
	unsigned long long	 x = 20261128;
	dlx_sudoku		*s;
	dlx			*d;
	uint64_t		 total;
	size_t			 j, l;
	int			 cells[81], k, ra, rb, keepp, unique = 0,
				 many = 0, none = 0;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	d = dlx_sudoku_matrix(s);
	for (k = 0; k < 300; k++) {
		/* From 36% of the cells (up to thousands of solutions) to
		 * 65%. */
		keepp = 36 + (int)(rnd(&x) % 30);
		if (!random_puzzle(&x, keepp, k % 5 == 4, cells))
			continue;
		if (dlx_sudoku_set_givens(s, cells, NULL, NULL) != DLX_OK)
			continue;
		/* Too many to count twice in a moment: the next one. */
		memset(&rq, 0, sizeof rq);
		rq.max_solutions = 20000;
		if (run(d, &rq, &ca, &ea) == DLX_LIMIT)
			continue;
		total = both_count(d);
		unique += total == 1;
		many += total > 1;
		none += total == 0;
		/* Limits, without visiting: the same status and count. */
		for (l = 0; l < sizeof limits / sizeof limits[0]; l++) {
			memset(&rq, 0, sizeof rq);
			rq.max_solutions = limits[l];
			ra = run(d, &rq, &ca, &ea);
			ck_assert_int_eq(ea, plain_engine());
			rq.tree = DLX_FAST;
			rb = run(d, &rq, &cb, &eb);
			ck_assert_int_eq(ra, rb);
			ck_assert_uint_eq(ca.lo, cb.lo);
		}
		/* Visiting (at most 64 solutions): the same solutions in
		 * the same order, the bit boards' only when there is one. */
		if (total > 64)
			continue;
		memset(&rq, 0, sizeof rq);
		rq.visit = keep;
		rq.visit_arg = &a;
		a.n = 0;
		ra = run(d, &rq, &ca, &ea);
		ck_assert_int_eq(ea, total <= 1 ? plain_engine() :
		    dlx_knuth_default() ? DLX_ENGINE_LINKS :
		    DLX_ENGINE_SPARSE);
		rq.visit_arg = &b;
		rq.tree = DLX_FAST;
		b.n = 0;
		rb = run(d, &rq, &cb, &eb);
		ck_assert_int_eq(ra, rb);
		ck_assert_uint_eq(a.n, total);
		ck_assert_uint_eq(b.n, total);
		for (j = 0; j < a.n; j++) {
			/* The forced options first, in order; the rest
			 * as a set where another engine visited (the bit
			 * boards, or Knuth's tree in a library built with
			 * it as its default: its levels go another way). */
			ck_assert_int_eq(memcmp(a.opts[j], b.opts[j],
			    dlx_nforced(d) * sizeof(int)), 0);
			if (ea != eb) {
				qsort(a.opts[j], 81, sizeof(int), cmp_int);
				qsort(b.opts[j], 81, sizeof(int), cmp_int);
			}
			ck_assert_int_eq(memcmp(a.opts[j], b.opts[j],
			    sizeof a.opts[j]), 0);
		}
	}
	/* Every kind was met. */
	ck_assert_int_gt(unique, 20);
	ck_assert_int_gt(many, 20);
	ck_assert_int_gt(none, 5);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * The lean search (the last open cells of a count, bits.c): five rows
 * given leave 36 open cells, all of it lean.  The count, limits below, at
 * and above it (DLX_LIMIT with the limit's count, DLX_OK past it), and
 * its figures: every solution is a node.
 */
START_TEST(test_bits_lean)
{
	static const uint64_t	 limits[] = { 1, 2, 1000, 4067, 4068, 4069 };
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;
	dlx			*d;
	int			 cells[81];
	size_t			 l;

	if (dlx_knuth_default())
		return;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	d = dlx_sudoku_matrix(s);
	to_cells(five_rows, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_BITS);
	ck_assert_uint_eq(res.count.lo, 4068);
	ck_assert_uint_ge(res.stats.nodes, 4068);
	ck_assert_uint_eq(res.stats.solutions, 4068);
	ck_assert_uint_le(res.stats.max_depth, 36);
	for (l = 0; l < sizeof limits / sizeof limits[0]; l++) {
		rq.max_solutions = limits[l];
		ck_assert_int_eq(dlx_run(d, &rq, &res),
		    limits[l] <= 4068 ? DLX_LIMIT : DLX_OK);
		ck_assert_int_eq(res.engine, DLX_ENGINE_BITS);
		ck_assert_uint_eq(res.count.lo,
		    limits[l] <= 4068 ? limits[l] : 4068);
	}
	dlx_sudoku_free(s);
}
END_TEST

/* dlx_first() on a unique puzzle: the bit boards, DLX_LIMIT. */
START_TEST(test_bits_first)
{
	dlx_sudoku	*s;
	int		 cells[81], sol[81], opts[81];
	size_t		 n, k;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	to_cells("900703504300280100008051300003002906000136050"
	    "500000010430000000060008000009040200", cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_first(dlx_sudoku_matrix(s), opts, 81, &n),
	    DLX_LIMIT);
	ck_assert_uint_eq(n, 81);
	ck_assert_int_eq(dlx_sudoku_decode(s, opts, n, sol), DLX_OK);
	for (k = 0; k < 81; k++)
		ck_assert_int_eq(sol[k], grid[k] - '0');
	dlx_sudoku_free(s);
}
END_TEST

/* A progress call that stops: DLX_STOPPED, a count of fewer than all. */
START_TEST(test_bits_progress_stops)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;
	int			 cells[81], calls = 0;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	/* Five rows given: 4068 solutions. */
	to_cells(five_rows, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, plain_engine());
	ck_assert_uint_eq(res.count.lo, 4068);
	rq.progress = ck_stop_now;
	rq.progress_arg = &calls;
	rq.progress_updates = 100;
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res),
	    DLX_STOPPED);
	ck_assert_int_eq(calls, 1);
	ck_assert_uint_lt(res.count.lo, 4068);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * Threads (drive/boards.c): the top of the tree expanded into boards,
 * each counted by the serial search on some thread.  Five givens of a
 * solution added to the 7,452,654-solution puzzle of README leave 20,949
 * solutions in 57,619 nodes: a count without the cache (which would have
 * the first 2^18 nodes alone) goes on threads after 2^14.
 */
static const char wide5[] =
    "289450000000000000000090200050007000000045700000100030001000068"
    "008500010090000400";
#define WIDE5_COUNT	20949

/* The count of wide5 on 1, 2, 3 and 8 threads: the same count and the
 * same figures (nodes, updates, branches, depth), on the bit boards, on
 * the threads asked; dlx_stats() has them too. */
START_TEST(test_bits_threads_count)
{
	static const unsigned	 nt[] = { 2, 3, 8 };
	struct dlx_request	 rq;
	struct dlx_result	 one, res;
	struct dlx_stats	 st;
	dlx_sudoku		*s;
	dlx			*d;
	int			 cells[81];
	size_t			 k;

	if (dlx_knuth_default())
		return;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	d = dlx_sudoku_matrix(s);
	to_cells(wide5, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &one), DLX_OK);
	ck_assert_int_eq(one.engine, DLX_ENGINE_BITS);
	ck_assert_uint_eq(one.count.lo, WIDE5_COUNT);
	for (k = 0; k < sizeof nt / sizeof nt[0]; k++) {
		rq.threads = nt[k];
		ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
		ck_assert_int_eq(res.engine, DLX_ENGINE_BITS);
		ck_assert_uint_eq(res.threads, nt[k]);
		ck_assert(res.drivers & DLX_DRIVE_THREADS);
		ck_assert_uint_eq(res.count.hi, 0);
		ck_assert_uint_eq(res.count.lo, WIDE5_COUNT);
		ck_assert_uint_eq(res.stats.solutions, WIDE5_COUNT);
		ck_assert_uint_eq(res.stats.nodes, one.stats.nodes);
		ck_assert_uint_eq(res.stats.updates, one.stats.updates);
		ck_assert_uint_eq(res.stats.branches, one.stats.branches);
		ck_assert_uint_eq(res.stats.max_depth, one.stats.max_depth);
		dlx_stats(d, &st);
		ck_assert_uint_eq(st.nodes, one.stats.nodes);
		ck_assert_uint_eq(st.solutions, WIDE5_COUNT);
		ck_assert(dlx_progress(d) == 1.0);
	}
	/* A small tree stays on one thread: five rows given. */
	to_cells(five_rows, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	rq.threads = 2;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_int_eq(res.engine, DLX_ENGINE_BITS);
	ck_assert_uint_eq(res.threads, 1);
	ck_assert_uint_eq(res.count.lo, 4068);
	dlx_sudoku_free(s);
}
END_TEST

/* Limits on two threads: below, at and past the count, DLX_LIMIT with
 * the limit's count ("at least"), or DLX_OK with the whole count. */
START_TEST(test_bits_threads_limit)
{
	static const uint64_t	 limits[] = { 1, 3, 20000, 20948, 20949,
	    20950, 1000000 };
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;
	dlx			*d;
	int			 cells[81];
	size_t			 l;

	if (dlx_knuth_default())
		return;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	d = dlx_sudoku_matrix(s);
	to_cells(wide5, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	rq.threads = 2;
	for (l = 0; l < sizeof limits / sizeof limits[0]; l++) {
		rq.max_solutions = limits[l];
		ck_assert_int_eq(dlx_run(d, &rq, &res),
		    limits[l] <= WIDE5_COUNT ? DLX_LIMIT : DLX_OK);
		ck_assert_int_eq(res.engine, DLX_ENGINE_BITS);
		ck_assert_uint_eq(res.count.lo, limits[l] <= WIDE5_COUNT ?
		    limits[l] : WIDE5_COUNT);
		ck_assert_uint_eq(res.stats.solutions, res.count.lo);
		/* Past the few thousand nodes counted alone: threads. */
		if (limits[l] >= 20000)
			ck_assert_uint_eq(res.threads, 2);
	}
	dlx_sudoku_free(s);
}
END_TEST

/* Progress on threads: called one thread at a time with the totals,
 * dlx_progress() between 0 and 1; one that stops ends every thread with
 * DLX_STOPPED and the count so far, and the matrix counts again. */
struct thread_progress {
	int		 calls;
	int		 stop_at;	/* stop at this call; 0: never */
	dlx		*d;
	int		 bad;		/* a figure out of bounds */
};

static int
thread_progress(void *arg, const struct dlx_stats *st)
{
	struct thread_progress	*tp = arg;
	double			 f = dlx_progress(tp->d);

	/* (The updates start again where the count alone hands over to
	 * the threads.) */
	if (st->solutions > WIDE5_COUNT || f < 0.0 || f > 1.0)
		tp->bad = 1;
	return ++tp->calls == tp->stop_at;
}

START_TEST(test_bits_threads_stop)
{
	struct thread_progress	 tp;
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;
	dlx			*d;
	int			 cells[81];

	if (dlx_knuth_default())
		return;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	d = dlx_sudoku_matrix(s);
	to_cells(wide5, cells);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	memset(&rq, 0, sizeof rq);
	memset(&tp, 0, sizeof tp);
	tp.d = d;
	rq.memo = DLX_MEMO_NEVER;
	rq.threads = 2;
	rq.progress = thread_progress;
	rq.progress_arg = &tp;
	rq.progress_updates = 20000;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, WIDE5_COUNT);
	ck_assert_uint_eq(res.threads, 2);
	ck_assert_int_gt(tp.calls, 10);
	ck_assert_int_eq(tp.bad, 0);
	/* Stopped on the threads (past the nodes counted alone). */
	memset(&tp, 0, sizeof tp);
	tp.d = d;
	tp.stop_at = 10;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_STOPPED);
	ck_assert_int_eq(tp.calls, 10);
	ck_assert_int_eq(tp.bad, 0);
	ck_assert_uint_eq(res.threads, 2);
	ck_assert_uint_lt(res.count.lo, WIDE5_COUNT);
	ck_assert_uint_eq(res.stats.solutions, res.count.lo);
	ck_assert(dlx_progress(d) < 1.0);
	/* Stopped at the first call, in the nodes counted alone. */
	memset(&tp, 0, sizeof tp);
	tp.d = d;
	tp.stop_at = 1;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_STOPPED);
	ck_assert_uint_lt(res.count.lo, WIDE5_COUNT);
	rq.progress = NULL;
	ck_assert_int_eq(dlx_run(d, &rq, &res), DLX_OK);
	ck_assert_uint_eq(res.count.lo, WIDE5_COUNT);
	dlx_sudoku_free(s);
}
END_TEST

/* The shape is the plain grid's alone: not 4x4, not a variant, not a
 * grid with an option added, nor with budgets or a tree named. */
START_TEST(test_bits_only_plain)
{
	static const int	 items[] = { 0, 81 };
	struct dlx_sudoku_variant v;
	struct dlx_sudoku_options o;
	struct dlx_request	 rq;
	struct dlx_result	 res;
	dlx_sudoku		*s;

	memset(&rq, 0, sizeof rq);
	rq.threads = 1;
	rq.max_solutions = 1;
	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_ne(res.engine, DLX_ENGINE_BITS);
	dlx_sudoku_free(s);

	memset(&v, 0, sizeof v);
	v.n = 9;
	v.boxr = v.boxc = 3;
	v.extras = DLX_SUDOKU_DIAGONALS;
	memset(&o, 0, sizeof o);
	o.variant = &v;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, &o), DLX_OK);
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_ne(res.engine, DLX_ENGINE_BITS);
	dlx_sudoku_free(s);

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_eq(res.engine, plain_engine());
	rq.max_nodes = 1000;
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_ne(res.engine, DLX_ENGINE_BITS);
	rq.max_nodes = 0;
	rq.tree = DLX_KNUTH;
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_eq(res.engine, DLX_ENGINE_LINKS);
	rq.tree = DLX_TREE_DEFAULT;
	ck_assert_int_eq(dlx_add_option(dlx_sudoku_matrix(s), items, 2), 729);
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_LIMIT);
	ck_assert_int_ne(res.engine, DLX_ENGINE_BITS);
	dlx_sudoku_free(s);
}
END_TEST

Suite *
make_bits_suite(void)
{
	Suite	*s = suite_create("bits");
	TCase	*tc = tcase_create("Core");
	TCase	*many = tcase_create("Many");
	TCase	*thr = tcase_create("Threads");

	tcase_add_test(tc, test_bits_collections);
	tcase_add_test(tc, test_bits_first);
	tcase_add_test(tc, test_bits_lean);
	tcase_add_test(tc, test_bits_progress_stops);
	tcase_add_test(tc, test_bits_only_plain);
	suite_add_tcase(s, tc);
	/* "threads": the cases CI runs again under ThreadSanitizer. */
	tcase_set_tags(thr, "threads");
	tcase_add_test(thr, test_bits_threads_count);
	tcase_add_test(thr, test_bits_threads_limit);
	tcase_add_test(thr, test_bits_threads_stop);
	suite_add_tcase(s, thr);
	/* Hundreds of puzzles, each searched twice: under valgrind (which
	 * skips "slow") they took minutes; the sanitizers run them. */
	tcase_set_timeout(many, 60);
	tcase_set_tags(many, "slow");
	tcase_add_test(many, test_bits_serg300);
	tcase_add_test(many, test_bits_random);
	tcase_add_test(many, test_bits_marks);
	suite_add_tcase(s, many);
	return s;
}
