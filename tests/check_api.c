/*
 * check_api.c: the contract of dlx.h outside the search itself.  Every
 * error path leaves the matrix as it was; forcing and unforcing options;
 * calls that a callback may not make; item names and option accessors;
 * dlx_strerror() for every code; a custom allocator.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_text.h"
#include "problems.h"
#include "dlx_sudoku.h"
#include "dlx_logic.h"

/* Every return code of every header: the core's, the text reader's, the
 * sudoku reader's and the logic solver's.  Each must have a text of its
 * own (their ranges in dlx.h keep them apart). */
static const int codes[] = {
	DLX_OK, DLX_STOPPED, DLX_LIMIT, DLX_INCOMPLETE, DLX_ENOMEM,
	DLX_EINVAL, DLX_ERANGE, DLX_EDUPITEM, DLX_ECOLOR, DLX_ENOPRIMARY,
	DLX_ECONFLICT, DLX_EMISUSE, DLX_EOVERFLOW, DLX_ECORRUPT,
	DLX_ENOTSUP,
	DLX_TEXT_EIO, DLX_TEXT_ENOITEMS, DLX_TEXT_ELONGLINE,
	DLX_TEXT_ESYNTAX, DLX_TEXT_EDUPNAME, DLX_TEXT_EUNKNOWN,
	DLX_TEXT_EDUPITEM, DLX_TEXT_ECOLOR, DLX_TEXT_ENOPRIMARY,
	DLX_TEXT_EBOUND,
	DLX_SUDOKU_EOF, DLX_SUDOKU_PUZZLE, DLX_SUDOKU_BAD, DLX_SUDOKU_EREAD,
	DLX_LOGIC_SOLVED, DLX_LOGIC_STUCK, DLX_LOGIC_CONTRADICTION,
};
#define NCODES	(sizeof codes / sizeof codes[0])

START_TEST(test_strerror)
{
	const char	*s[NCODES], *u;
	size_t		 i, j;

	for (i = 0; i < NCODES; i++) {
		s[i] = dlx_strerror(codes[i]);
		ck_assert_ptr_nonnull(s[i]);
		ck_assert_msg(strlen(s[i]) > 3, "code %d: \"%s\"", codes[i],
		    s[i]);
		for (j = 0; j < i; j++)
			ck_assert_msg(strcmp(s[i], s[j]) != 0,
			    "codes %d and %d share \"%s\"", codes[i],
			    codes[j], s[i]);
	}
	/* No two codes share a number. */
	for (i = 0; i < NCODES; i++)
		for (j = 0; j < i; j++)
			ck_assert_int_ne(codes[i], codes[j]);
	/* Unknown codes still get a text, and not another code's. */
	u = dlx_strerror(12345);
	ck_assert_ptr_nonnull(u);
	ck_assert_ptr_nonnull(dlx_strerror(-12345));
	ck_assert_ptr_nonnull(dlx_strerror(INT_MIN));
	for (i = 0; i < NCODES; i++)
		ck_assert_str_ne(u, s[i]);
}
END_TEST

START_TEST(test_new_sizes)
{
	dlx	*d;

	struct dlx_options	 opt = { NULL };

	/* Item counts that do not fit in an int are refused, and *out is
	 * left alone. */
	d = NULL;
	ck_assert_int_eq(dlx_new(&d, (size_t)INT_MAX + 1, 0, NULL),
	    DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, 0, (size_t)INT_MAX + 1, NULL),
	    DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, (size_t)INT_MAX, (size_t)INT_MAX, NULL),
	    DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, SIZE_MAX, SIZE_MAX, NULL),
	    DLX_EOVERFLOW);				/* sum wraps */
	ck_assert_int_eq(dlx_new(&d, SIZE_MAX, 1, NULL), DLX_EOVERFLOW);
	ck_assert_int_eq(dlx_new(&d, SIZE_MAX, 0, &opt), DLX_EOVERFLOW);
	ck_assert_ptr_null(d);
	ck_assert_int_eq(dlx_new(NULL, 3, 2, NULL), DLX_EINVAL);

	ck_assert_int_eq(dlx_new(&d, 3, 2, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_nprimary(d), 3);
	ck_assert_uint_eq(dlx_nsecondary(d), 2);
	ck_assert_uint_eq(dlx_noptions(d), 0);
	ck_assert_uint_eq(dlx_nforced(d), 0);
	ck_assert_uint_gt(dlx_memory(d), 0);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
	dlx_free(NULL);
}
END_TEST

/*
 * A rejected option: the call returns want, nothing is added, the
 * invariants hold and the search still gives the old answer.
 */
static void
rejected(dlx *d, const int *items, const int *colors, size_t n, int want)
{
	size_t		noptions = dlx_noptions(d);
	uint64_t	count;
	int		rc;

	rc = dlx_add_option_colored(d, items, colors, n);
	ck_assert_msg(rc == want, "got %d (%s), want %d (%s)", rc,
	    dlx_strerror(rc), want, dlx_strerror(want));
	if (colors == NULL) {
		rc = dlx_add_option(d, items, n);
		ck_assert_int_eq(rc, want);
	}
	ck_assert_uint_eq(dlx_noptions(d), noptions);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
}

/* Options that must be refused by a matrix of primary 0 1, secondary 2 3. */
static const struct bad {
	size_t	 n;
	int	 items[3];
	int	 colors[3];	/* all 0: also tried through dlx_add_option */
	int	 want;
} bad[] = {
	{ 2, { 0, 4 }, { 0 }, DLX_ERANGE },		/* past the end */
	{ 2, { 0, -1 }, { 0 }, DLX_ERANGE },
	{ 2, { 0, INT_MAX }, { 0 }, DLX_ERANGE },
	{ 2, { INT_MIN, 0 }, { 0 }, DLX_ERANGE },
	{ 3, { 1, 3, 1 }, { 0 }, DLX_EDUPITEM },
	{ 3, { 2, 3, 2 }, { 0 }, DLX_EDUPITEM },
	{ 3, { 0, 2, 2 }, { 0, 1, 1 }, DLX_EDUPITEM },	/* even same color */
	{ 0, { 0 }, { 0 }, DLX_ENOPRIMARY },		/* empty option */
	{ 2, { 2, 3 }, { 0 }, DLX_ENOPRIMARY },		/* secondary only */
	{ 2, { 2, 3 }, { 1, 2 }, DLX_ENOPRIMARY },
	{ 2, { 0, 2 }, { 1, 0 }, DLX_ECOLOR },		/* colored primary */
	{ 2, { 0, 2 }, { 0, -1 }, DLX_ECOLOR },		/* negative color */
	{ 2, { 0, 2 }, { 0, INT_MIN }, DLX_ECOLOR },
};

/* The first solution a search visits, kept by visit. */
struct keep {
	int	opt[16];
	size_t	n;
};

static int
keep_first(void *arg, const int *options, size_t n)
{
	struct keep	*k = arg;

	ck_assert_uint_le(n, 16);
	memcpy(k->opt, options, n * sizeof *options);
	k->n = n;
	return 0;
}

/*
 * dlx_count() and dlx_first() are dlx_run() underneath: the count of
 * every engine and thread count the dispatcher picks, wide, and the first
 * solution of the serial search; dlx_clone() says why it refuses.
 */
START_TEST(test_count_first_clone)
{
	struct dlx_request	 rq;
	struct dlx_wide		 w;
	struct keep		 k;
	dlx			*d, *c;
	int			 opt[16], items[1] = { 0 };
	size_t			 n, i;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	memset(&w, 0xa5, sizeof w);
	ck_assert_int_eq(dlx_count(d, &w), DLX_OK);
	ck_assert_uint_eq(w.hi, 0);
	ck_assert_uint_eq(w.lo, 92);
	ck_assert_int_eq(dlx_count(d, NULL), DLX_OK);
	ck_assert_int_eq(dlx_count(NULL, &w), DLX_EINVAL);

	memset(&rq, 0, sizeof rq);
	rq.visit = keep_first;
	rq.visit_arg = &k;
	rq.max_solutions = 1;
	ck_assert_int_eq(ck_search(d, &rq), DLX_LIMIT);
	ck_assert_int_eq(dlx_first(d, opt, 16, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 8);
	ck_assert_uint_eq(n, k.n);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(opt[i], k.opt[i]);
	ck_assert_int_eq(dlx_first(d, opt, 3, &n), DLX_LIMIT);
	ck_assert_uint_eq(n, 8);
	ck_assert_int_eq(dlx_first(d, NULL, 1, &n), DLX_EINVAL);
	ck_assert_int_eq(dlx_first(d, NULL, 0, &n), DLX_LIMIT);

	c = NULL;
	ck_assert_int_eq(dlx_clone(NULL, d), DLX_EINVAL);
	ck_assert_int_eq(dlx_clone(&c, NULL), DLX_EINVAL);
	ck_assert_ptr_null(c);
	ck_assert_int_eq(dlx_clone(&c, d), DLX_OK);
	ck_assert_int_eq(dlx_count(c, &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 92);
	dlx_free(c);
	dlx_free(d);

	/* No solution: dlx_first says so; a matrix with bounds is not
	 * cloned. */
	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_ge(dlx_add_option(d, items, 1), 0);
	ck_assert_int_eq(dlx_first(d, opt, 16, &n), DLX_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(dlx_count(d, &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 0);
	ck_assert_int_eq(dlx_set_item_bounds(d, 0, 1, 2), DLX_OK);
	c = NULL;
	ck_assert_int_eq(dlx_clone(&c, d), DLX_ENOTSUP);
	ck_assert_ptr_null(c);
	dlx_free(d);
}
END_TEST

START_TEST(test_add_errors)
{
	static const int	 ok[] = { 0, 1, 2, 3 }, zero[4];
	const struct bad	*b;
	dlx			*d;
	int			 it[2], co[2];
	size_t			 k;

	/* Primary 0 1, secondary 2 3; one solution: {0 1}. */
	ck_assert_int_eq(dlx_new(&d, 2, 2, NULL), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, ok, 2), 0);

	for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		b = &bad[k];
		rejected(d, b->items, b->colors, b->n, b->want);
		if (b->colors[0] == 0 && b->colors[1] == 0 &&
		    b->colors[2] == 0)
			rejected(d, b->items, NULL, b->n, b->want);
	}
	rejected(d, NULL, NULL, 1, DLX_EINVAL);
	rejected(d, NULL, zero, 1, DLX_EINVAL);

	/* A NULL matrix. */
	ck_assert_int_eq(dlx_add_option(NULL, ok, 2), DLX_EINVAL);
	ck_assert_int_eq(dlx_add_option_colored(NULL, ok, zero, 2),
	    DLX_EINVAL);

	/* And valid ones still go in, numbered in order. */
	it[0] = 0;
	it[1] = 2;
	co[0] = 0;
	co[1] = 7;
	ck_assert_int_eq(dlx_add_option_colored(d, it, co, 2), 1);
	ck_assert_int_eq(dlx_add_option_colored(d, ok, NULL, 4), 2);
	ck_assert_int_eq(dlx_add_option_colored(d, ok, zero, 4), 3);
	ck_assert_uint_eq(dlx_noptions(d), 4);
	ck_assert_int_eq(dlx_option_color(d, 1, 0), 0);
	ck_assert_int_eq(dlx_option_color(d, 1, 1), 7);
	ck_assert_int_eq(dlx_option_color(d, 2, 3), 0);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

START_TEST(test_accessors_range)
{
	static const int	 it[] = { 1, 0 };
	dlx			*d;

	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, it, 2), 0);
	/* The order of the items is kept. */
	ck_assert_int_eq(dlx_option_item(d, 0, 0), 1);
	ck_assert_int_eq(dlx_option_item(d, 0, 1), 0);
	ck_assert_uint_eq(dlx_option_size(d, 1), 0);
	ck_assert_uint_eq(dlx_option_size(d, -1), 0);
	ck_assert_int_eq(dlx_option_item(d, 0, 2), -1);
	ck_assert_int_eq(dlx_option_item(d, 1, 0), -1);
	ck_assert_int_eq(dlx_option_item(d, -1, 0), -1);
	ck_assert_int_eq(dlx_option_item(d, 0, SIZE_MAX), -1);
	ck_assert_int_eq(dlx_option_color(d, 0, 2), 0);
	ck_assert_int_eq(dlx_option_color(d, 5, 0), 0);
	ck_assert_int_eq(dlx_option_color(d, INT_MIN, 0), 0);
	dlx_free(d);
}
END_TEST

START_TEST(test_item_names)
{
	char	 buf[16];
	dlx	*d;

	ck_assert_int_eq(dlx_new(&d, 2, 1, NULL), DLX_OK);
	ck_assert_ptr_null(dlx_item_name(d, 0));	/* none yet */
	strcpy(buf, "first");
	ck_assert_int_eq(dlx_set_item_name(d, 0, buf), DLX_OK);
	strcpy(buf, "changed");			/* the name was copied */
	ck_assert_str_eq(dlx_item_name(d, 0), "first");
	ck_assert_int_eq(dlx_set_item_name(d, 2, "sec"), DLX_OK);
	ck_assert_str_eq(dlx_item_name(d, 2), "sec");
	ck_assert_int_eq(dlx_set_item_name(d, 0, "again"), DLX_OK);
	ck_assert_str_eq(dlx_item_name(d, 0), "again");
	ck_assert_int_eq(dlx_set_item_name(d, 0, ""), DLX_OK);
	ck_assert_str_eq(dlx_item_name(d, 0), "");

	/* Errors keep the old name. */
	ck_assert_int_eq(dlx_set_item_name(d, 2, NULL), DLX_EINVAL);
	ck_assert_str_eq(dlx_item_name(d, 2), "sec");
	ck_assert_int_eq(dlx_set_item_name(d, 3, "x"), DLX_ERANGE);
	ck_assert_int_eq(dlx_set_item_name(d, -1, "x"), DLX_ERANGE);
	ck_assert_ptr_null(dlx_item_name(d, 3));
	ck_assert_ptr_null(dlx_item_name(d, -1));
	ck_assert_ptr_null(dlx_item_name(d, 1));
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/* Collects the solutions of a search as option lists. */
struct sols {
	int	 opt[32][16];
	size_t	 len[32];
	int	 n;
	int	 bad;
	dlx	*d;
};

static int
sols_visit(void *arg, const int *options, size_t n)
{
	struct sols	*s = arg;

	if (s->d != NULL && dlx_check(s->d) != DLX_OK)
		s->bad = 1;
	if (s->n < 32 && n <= 16) {
		memcpy(s->opt[s->n], options, n * sizeof options[0]);
		s->len[s->n] = n;
	} else
		s->bad = 1;
	s->n++;
	return 0;
}

static int
stop_visit(void *arg, const int *options, size_t n)
{
	(void)arg;
	(void)options;
	(void)n;
	return 1;
}

START_TEST(test_force_knuth)
{
	struct dlx_stats	 st;
	struct sols		 s;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_knuth());
	ck_assert_int_eq(dlx_force(d, 3), DLX_OK);	/* A D */
	ck_assert_uint_eq(dlx_nforced(d), 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* The forced option comes first, then the search's choices. */
	memset(&s, 0, sizeof s);
	s.d = d;
	ck_assert_int_eq(ck_solve(d, sols_visit, &s, &count), DLX_OK);
	ck_assert_int_eq(s.bad, 0);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(s.len[0], 3);
	ck_assert_int_eq(s.opt[0][0], 3);
	ck_assert_int_eq(s.opt[0][1], 0);
	ck_assert_int_eq(s.opt[0][2], 4);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.max_depth, 2);	/* forced ones excluded */

	/* Clashes: A D G shares A and D; A D itself again. */
	ck_assert_int_eq(dlx_force(d, 1), DLX_ECONFLICT);
	ck_assert_int_eq(dlx_force(d, 3), DLX_ECONFLICT);
	ck_assert_int_eq(dlx_force(d, 5), DLX_ECONFLICT);	/* D E G */
	ck_assert_uint_eq(dlx_nforced(d), 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);

	/* Out of range. */
	ck_assert_int_eq(dlx_force(d, 6), DLX_ERANGE);
	ck_assert_int_eq(dlx_force(d, -1), DLX_ERANGE);
	ck_assert_uint_eq(dlx_nforced(d), 1);

	/* Force a second one; the order of forcing is the order listed. */
	ck_assert_int_eq(dlx_force(d, 4), DLX_OK);	/* B G */
	ck_assert_uint_eq(dlx_nforced(d), 2);
	memset(&s, 0, sizeof s);
	s.d = d;
	ck_assert_int_eq(ck_solve(d, sols_visit, &s, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(s.len[0], 3);
	ck_assert_int_eq(s.opt[0][0], 3);
	ck_assert_int_eq(s.opt[0][1], 4);
	ck_assert_int_eq(s.opt[0][2], 0);

	/* The whole solution forced: the search has nothing left to do. */
	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);
	memset(&s, 0, sizeof s);
	ck_assert_int_eq(ck_solve(d, sols_visit, &s, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(s.len[0], 3);
	ck_assert_int_eq(s.opt[0][2], 0);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.max_depth, 0);
	/* Stopped there, the forced options stay forced. */
	ck_assert_int_eq(ck_solve(d, stop_visit, NULL, &count), DLX_STOPPED);
	ck_assert_uint_eq(count, 1);
	ck_assert_uint_eq(dlx_nforced(d), 3);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* Unforce newest first. */
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_uint_eq(dlx_nforced(d), 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_uint_eq(dlx_nforced(d), 0);
	ck_assert_int_eq(dlx_unforce(d), DLX_EMISUSE);
	ck_assert_int_eq(dlx_check(d), DLX_OK);

	/* A D G forced alone: no solution. */
	ck_assert_int_eq(dlx_force(d, 1), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 0);
	dlx_unforce_all(d);
	ck_assert_uint_eq(dlx_nforced(d), 0);
	dlx_unforce_all(d);			/* harmless with none */

	/* Back to the untouched problem, Knuth's figures again. */
	ck_assert_int_eq(knuth_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.nodes, 6);
	ck_assert_uint_eq(st.updates, 30);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/*
 * Secondary items when forcing: an uncolored use clashes with any other
 * use; colored uses clash only when the colors differ.
 */
START_TEST(test_force_secondary)
{
	/* Primary 0..3, secondary 4. */
	static const int	 it[][2] = {
		{ 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 }, { 1, -1 },
	};
	static const int	 co[][2] = {
		{ 0, 1 }, { 0, 1 }, { 0, 2 }, { 0, 0 }, { 0, 0 },
	};
	uint64_t		 count;
	dlx			*d;
	int			 o;

	ck_assert_int_eq(dlx_new(&d, 4, 1, NULL), DLX_OK);
	for (o = 0; o < 4; o++)
		ck_assert_int_eq(dlx_add_option_colored(d, it[o], co[o], 2),
		    o);
	ck_assert_int_eq(dlx_add_option_colored(d, it[4], co[4], 1), 4);

	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);	/* 4 gets color 1 */
	/* Options still report the colors they were given. */
	for (o = 0; o < 4; o++)
		ck_assert_int_eq(dlx_option_color(d, o, 1), co[o][1]);
	ck_assert_int_eq(dlx_force(d, 1), DLX_OK);	/* same color: fine */
	for (o = 0; o < 4; o++)
		ck_assert_int_eq(dlx_option_color(d, o, 1), co[o][1]);
	ck_assert_int_eq(dlx_force(d, 2), DLX_ECONFLICT); /* color 2 */
	ck_assert_int_eq(dlx_force(d, 3), DLX_ECONFLICT); /* uncolored */
	ck_assert_int_eq(dlx_force(d, 4), DLX_ECONFLICT); /* primary 1 */
	ck_assert_uint_eq(dlx_nforced(d), 2);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* 2 and 3 can never join 4's color 1: no solution. */
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 0);
	dlx_unforce_all(d);

	ck_assert_int_eq(dlx_force(d, 3), DLX_OK);	/* uncolored 4 */
	ck_assert_int_eq(dlx_force(d, 0), DLX_ECONFLICT);
	ck_assert_int_eq(dlx_force(d, 2), DLX_ECONFLICT);
	ck_assert_uint_eq(dlx_nforced(d), 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_unforce_all(d);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/*
 * One matrix, many problems: the empty 4x4 sudoku with different givens
 * forced each time.
 */
START_TEST(test_force_sudoku)
{
	uint64_t	 count;
	dlx		*d;
	int		 c;

	ck_assert_ptr_nonnull(d = problem_sudoku(2));
	/* A 1 in the corner: a quarter of the 288 grids. */
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 0, 0, 1)), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 72);
	/* Another digit in the same cell, or the same digit in its row. */
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 0, 0, 2)),
	    DLX_ECONFLICT);
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 0, 3, 1)),
	    DLX_ECONFLICT);
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 1, 1, 1)),
	    DLX_ECONFLICT);
	/* The first row 1 2 3 4: 288 / 4! grids. */
	for (c = 1; c < 4; c++)
		ck_assert_int_eq(dlx_force(d, sudoku_option(2, 0, c, c + 1)),
		    DLX_OK);
	ck_assert_uint_eq(dlx_nforced(d), 4);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 12);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	/* A given that makes the grid impossible without a direct clash. */
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 1, 0, 3)), DLX_OK);
	ck_assert_int_eq(dlx_force(d, sudoku_option(2, 2, 1, 4)), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 0);	/* the 4 of box 0 must be at (1,1) */
	dlx_unforce_all(d);
	ck_assert_uint_eq(dlx_nforced(d), 0);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 288);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

START_TEST(test_force_blocks_add)
{
	static const int	 it[] = { 0, 1 };
	uint64_t		 count;
	dlx			*d;

	ck_assert_int_eq(dlx_new(&d, 2, 0, NULL), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, it, 1), 0);
	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);
	/* No option may be added while options are forced. */
	ck_assert_int_eq(dlx_add_option(d, it + 1, 1), DLX_EMISUSE);
	ck_assert_int_eq(dlx_add_option_colored(d, it + 1, NULL, 1),
	    DLX_EMISUSE);
	ck_assert_uint_eq(dlx_noptions(d), 1);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_int_eq(dlx_add_option(d, it + 1, 1), 1);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_free(d);
}
END_TEST

/*
 * Inside a callback every call that changes the matrix or starts a
 * search is refused with DLX_EMISUSE, and the read-only calls work.
 */
struct misuse {
	dlx	*d;
	int	 calls;
	int	 wrong;		/* a call did not answer as documented */
};

static void
misuse_probe(struct misuse *m)
{
	static const int	 it[] = { 0 };
	struct dlx_stats	 st;
	struct dlx_request	 s;
	uint64_t		 count;
	size_t			 n, nforced;
	int			 buf[8];

	m->calls++;
	nforced = dlx_nforced(m->d);
	memset(&s, 0, sizeof s);
	if (dlx_add_option(m->d, it, 1) != DLX_EMISUSE)
		m->wrong |= 1;
	if (dlx_add_option_colored(m->d, it, NULL, 1) != DLX_EMISUSE)
		m->wrong |= 2;
	if (dlx_force(m->d, 0) != DLX_EMISUSE)
		m->wrong |= 4;
	if (dlx_unforce(m->d) != DLX_EMISUSE)
		m->wrong |= 8;
	dlx_unforce_all(m->d);		/* does nothing during a search */
	if (dlx_nforced(m->d) != nforced)
		m->wrong |= 16;
	if (ck_search(m->d, &s) != DLX_EMISUSE)
		m->wrong |= 32;
	/* A refused search found nothing, whatever the running one did. */
	count = 99;
	if (ck_count(m->d, 0, &count) != DLX_EMISUSE || count != 0)
		m->wrong |= 64;
	count = 99;
	if (ck_solve(m->d, NULL, NULL, &count) != DLX_EMISUSE || count != 0)
		m->wrong |= 128;
	n = 99;
	if (dlx_first(m->d, buf, 8, &n) != DLX_EMISUSE || n != 0)
		m->wrong |= 256;
	/* The read-only calls. */
	if (dlx_check(m->d) != DLX_OK)
		m->wrong |= 512;
	dlx_stats(m->d, &st);
	if (dlx_noptions(m->d) != 64 || dlx_option_size(m->d, 0) != 4 ||
	    dlx_nprimary(m->d) != 16 || dlx_memory(m->d) == 0)
		m->wrong |= 1024;
}

static int
misuse_visit(void *arg, const int *options, size_t n)
{
	(void)options;
	(void)n;
	misuse_probe(arg);
	return 0;
}

static int
misuse_progress(void *arg, const struct dlx_stats *st)
{
	(void)st;
	misuse_probe(arg);
	return 0;
}

START_TEST(test_misuse_in_callbacks)
{
	struct dlx_request	 s;
	struct misuse		 m;
	struct dlx_stats	 st;
	uint64_t		 count;
	dlx			*d;

	ck_assert_ptr_nonnull(d = problem_queens(8));
	ck_assert_int_eq(dlx_force(d, 0), DLX_OK);	/* a queen at (0,0) */
	memset(&m, 0, sizeof m);
	m.d = d;
	memset(&s, 0, sizeof s);
	s.visit = misuse_visit;
	s.visit_arg = &m;
	s.progress = misuse_progress;
	s.progress_arg = &m;
	s.progress_updates = 500;
	ck_assert_int_eq(ck_search(d, &s), DLX_OK);
	ck_assert_msg(m.wrong == 0, "wrong answers: %#x", m.wrong);
	dlx_stats(d, &st);
	ck_assert_uint_eq(st.solutions, 4);
	ck_assert_uint_gt(m.calls, 4);		/* progress was called too */

	/* The refused calls changed nothing. */
	ck_assert_uint_eq(dlx_nforced(d), 1);
	ck_assert_uint_eq(dlx_noptions(d), 64);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 4);
	ck_assert_int_eq(dlx_unforce(d), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 92);
	dlx_free(d);
}
END_TEST

/* A callback on another matrix may search it: no global state. */
struct nested {
	dlx		*other;
	int		 bad;
	uint64_t	 inner;
};

static int
nested_visit(void *arg, const int *options, size_t n)
{
	struct nested	*ns = arg;
	uint64_t	 count;

	(void)options;
	(void)n;
	if (ck_count(ns->other, 0, &count) != DLX_OK || count != 4)
		ns->bad = 1;
	ns->inner += count;
	return 0;
}

START_TEST(test_nested_other_matrix)
{
	struct nested	 ns;
	uint64_t	 count;
	dlx		*d;

	ck_assert_ptr_nonnull(d = problem_queens(5));
	ck_assert_ptr_nonnull(ns.other = problem_queens(6));
	ns.bad = 0;
	ns.inner = 0;
	ck_assert_int_eq(ck_solve(d, nested_visit, &ns, &count), DLX_OK);
	ck_assert_uint_eq(count, 10);
	ck_assert_int_eq(ns.bad, 0);
	ck_assert_uint_eq(ns.inner, 40);
	dlx_free(ns.other);
	dlx_free(d);
}
END_TEST

START_TEST(test_null_matrix)
{
	struct dlx_request	s;
	uint64_t		count;
	size_t			n;
	int			buf[1];

	memset(&s, 0, sizeof s);
	ck_assert_int_eq(ck_search(NULL, &s), DLX_EINVAL);
	ck_assert_int_eq(ck_count(NULL, 0, &count), DLX_EINVAL);
	ck_assert_int_eq(ck_solve(NULL, NULL, NULL, &count), DLX_EINVAL);
	ck_assert_int_eq(dlx_first(NULL, buf, 1, &n), DLX_EINVAL);
	ck_assert_int_eq(dlx_force(NULL, 0), DLX_EINVAL);
	ck_assert_int_eq(dlx_unforce(NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_set_item_name(NULL, 0, "x"), DLX_EINVAL);
}
END_TEST

/* A custom allocator that counts, to see that every block is freed. */
struct counting {
	long	live;		/* blocks allocated and not yet freed */
	long	calls;
};

static void *
counting_realloc(void *ctx, void *p, size_t n)
{
	struct counting	*c = ctx;
	void		*q;

	if ((q = realloc(p, n == 0 ? 1 : n)) == NULL)
		return NULL;
	if (p == NULL)
		c->live++;
	c->calls++;
	return q;
}

static void
counting_free(void *ctx, void *p)
{
	struct counting	*c = ctx;

	if (p != NULL)
		c->live--;
	free(p);
}

START_TEST(test_custom_allocator)
{
	struct counting		c = { 0, 0 };
	struct dlx_allocator	a;
	uint64_t		count;
	dlx			*d;
	int			r, col, it[4], n = 6;

	a.realloc = counting_realloc;
	a.free = counting_free;
	a.ctx = &c;
	ck_assert_int_eq(dlx_new(&d, 2 * n, 2 * (2 * n - 1),
	    &(struct dlx_options){ .alloc = &a }), DLX_OK);
	memset(&a, 0, sizeof a);		/* the allocator was copied */
	for (r = 0; r < n; r++) {
		for (col = 0; col < n; col++) {
			it[0] = 2 * r;
			it[1] = 2 * col + 1;
			it[2] = 2 * n + r + col;
			it[3] = 2 * n + (2 * n - 1) + r - col + n - 1;
			ck_assert_int_ge(dlx_add_option(d, it, 4), 0);
		}
	}
	ck_assert_int_eq(dlx_set_item_name(d, 0, "r0"), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 4);
	ck_assert_int_eq(dlx_force(d, 1), DLX_OK);
	ck_assert_int_eq(ck_count(d, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_int_gt(c.calls, 0);
	ck_assert_int_gt(c.live, 0);
	dlx_free(d);
	ck_assert_int_eq(c.live, 0);
}
END_TEST

START_TEST(test_memory_grows)
{
	size_t	 m0, m1;
	dlx	*d;
	int	 i, it[2];

	ck_assert_int_eq(dlx_new(&d, 1000, 0, NULL), DLX_OK);
	m0 = dlx_memory(d);
	for (i = 0; i < 999; i++) {
		it[0] = i;
		it[1] = i + 1;
		ck_assert_int_eq(dlx_add_option(d, it, 2), i);
	}
	m1 = dlx_memory(d);
	/* At least an int per node for the item and the two links. */
	ck_assert_uint_ge(m1 - m0, 999 * 2 * 3 * sizeof(int));
	dlx_free(d);
}
END_TEST

Suite *
make_api_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("API");

	tc = tcase_create("Errors");
	tcase_add_test(tc, test_strerror);
	tcase_add_test(tc, test_new_sizes);
	tcase_add_test(tc, test_count_first_clone);
	tcase_add_test(tc, test_add_errors);
	tcase_add_test(tc, test_accessors_range);
	tcase_add_test(tc, test_item_names);
	tcase_add_test(tc, test_null_matrix);
	suite_add_tcase(s, tc);

	tc = tcase_create("Force");
	tcase_add_test(tc, test_force_knuth);
	tcase_add_test(tc, test_force_secondary);
	tcase_add_test(tc, test_force_sudoku);
	tcase_add_test(tc, test_force_blocks_add);
	suite_add_tcase(s, tc);

	tc = tcase_create("Callbacks");
	tcase_add_test(tc, test_misuse_in_callbacks);
	tcase_add_test(tc, test_nested_other_matrix);
	suite_add_tcase(s, tc);

	tc = tcase_create("Memory");
	tcase_add_test(tc, test_custom_allocator);
	tcase_add_test(tc, test_memory_grows);
	suite_add_tcase(s, tc);

	return s;
}
