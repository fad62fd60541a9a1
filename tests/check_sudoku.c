/*
 * check_sudoku.c: the sudoku builder and puzzle reader (dlx_sudoku.h).
 *
 * Builder: shapes, option numbering, counts that are known (the empty 4x4
 * has 288 solutions), conflicts named, one matrix reused for many puzzles,
 * random 4x4 and 6x6 puzzles counted against a plain backtracking
 * counter, and givens set without touching the links searched every way
 * as if forced one by one.  Reader: every input form, size inference, each kind of error
 * with its line and column, and reading going on after an error.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx.h"
#include "dlx_sudoku.h"
#include "problems.h"

/* ---- builder -------------------------------------------------------- */

static const int shapes[][2] = {
	{ 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 3, 3 }, { 2, 5 },
	{ 3, 4 }, { 4, 4 }, { 5, 5 }, { 6, 6 }
};

START_TEST(test_builder_shape)
{
	dlx_sudoku	*s = NULL;
	int		 r = shapes[_i][0], c = shapes[_i][1], n = r * c;
	dlx		*d;

	ck_assert_int_eq(dlx_sudoku_new(&s, r, c, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_size(s), n);
	ck_assert_int_eq(dlx_sudoku_boxr(s), r);
	ck_assert_int_eq(dlx_sudoku_boxc(s), c);
	d = dlx_sudoku_matrix(s);
	ck_assert_uint_eq(dlx_nprimary(d), 4 * n * n);
	ck_assert_uint_eq(dlx_nsecondary(d), 0);
	ck_assert_uint_eq(dlx_noptions(d), n * n * n);
	/* The last option is cell (N-1,N-1) holding N: its four items. */
	ck_assert_int_eq(dlx_sudoku_option(s, n - 1, n - 1, n - 1),
	    n * n * n - 1);
	ck_assert_int_eq(dlx_option_item(d, n * n * n - 1, 0), n * n - 1);
	ck_assert_int_eq(dlx_option_item(d, n * n * n - 1, 3), 4 * n * n - 1);
	ck_assert_int_eq(dlx_check(d), DLX_OK);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_builder_bad_shape)
{
	dlx_sudoku	*s = NULL;

	ck_assert_int_eq(dlx_sudoku_new(NULL, 3, 3, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_new(&s, 0, 3, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_new(&s, 1, 1, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_new(&s, 7, 6, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_new(&s, -2, -2, NULL), DLX_EINVAL);
	ck_assert_ptr_null(s);
	dlx_sudoku_free(NULL);
}
END_TEST

START_TEST(test_builder_option_range)
{
	dlx_sudoku	*s;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_option(s, 0, 0, 0), 0);
	ck_assert_int_eq(dlx_sudoku_option(s, 1, 2, 3), (1 * 9 + 2) * 9 + 3);
	ck_assert_int_eq(dlx_sudoku_option(s, 9, 0, 0), -1);
	ck_assert_int_eq(dlx_sudoku_option(s, 0, -1, 0), -1);
	ck_assert_int_eq(dlx_sudoku_option(s, 0, 0, 9), -1);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_builder_empty4)
{
	dlx_sudoku	*s;
	uint64_t	 count = 0;
	int		 cells[16] = { 0 };

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 288);
	/* The same with (no) givens imposed. */
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 288);
	/* One given: 288 / 4 grids have a 1 in the corner. */
	cells[0] = 1;
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 72);
	dlx_sudoku_clear(s);
	ck_assert_uint_eq(dlx_nforced(dlx_sudoku_matrix(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

/* The classic course puzzle (unique) and the two-solution puzzle. */
static const char classic[] =
    "900703504300280100008051300003002906000136050"
    "500000010430000000060008000009040200";
static const char classic_solution[] =
    "912763584345289167678451329183572946794136852"
    "526894713431925678267318495859647231";
static const char two[] =
    "407200000100400005000016098620300040300900000"
    "001072600002005870000600004530097061";

static void
to_cells(const char *s, int *cells)
{
	int	i;

	for (i = 0; s[i] != '\0'; i++)
		cells[i] = s[i] == '.' ? 0 : s[i] - '0';
}

START_TEST(test_builder_solve_decode)
{
	dlx_sudoku	*s;
	int		 cells[81], want[81], got[81], opts[81];
	size_t		 n;
	uint64_t	 count;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	to_cells(classic, cells);
	to_cells(classic_solution, want);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_first(dlx_sudoku_matrix(s), opts, 81, &n),
	    DLX_LIMIT);
	ck_assert_uint_eq(n, 81);
	ck_assert_int_eq(dlx_sudoku_decode(s, opts, n, got), DLX_OK);
	ck_assert_mem_eq(got, want, sizeof want);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	/* An option number that is not one of the matrix. */
	opts[0] = 729;
	ck_assert_int_eq(dlx_sudoku_decode(s, opts, 1, got), DLX_ERANGE);
	dlx_sudoku_free(s);
}
END_TEST

/* One matrix for many puzzles: each answer as from a fresh matrix. */
START_TEST(test_builder_reuse)
{
	dlx_sudoku	*s;
	int		 a[81], b[81], k;
	uint64_t	 count;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	to_cells(classic, a);
	to_cells(two, b);
	for (k = 0; k < 50; k++) {
		ck_assert_int_eq(dlx_sudoku_set_givens(s, k % 2 ? a : b, NULL,
		    NULL), DLX_OK);
		ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 0, &count),
		    DLX_OK);
		ck_assert_uint_eq(count, k % 2 ? 1 : 2);
		dlx_sudoku_clear(s);
	}
	ck_assert_int_eq(dlx_check(dlx_sudoku_matrix(s)), DLX_OK);
	dlx_sudoku_free(s);
}
END_TEST

/* Givens, the conflict expected, and its text. */
static const struct {
	int		 at1, at2;	/* cells given the same 5 */
	int		 kind;
	const char	*text;
} conflicts[] = {
	{ 1, 6, DLX_SUDOKU_ROW, "row 1 has two 5s: r1c2 and r1c7" },
	{ 2 * 9 + 3, 7 * 9 + 3, DLX_SUDOKU_COLUMN,
	    "column 4 has two 5s: r3c4 and r8c4" },
	{ 4 * 9 + 8, 5 * 9 + 6, DLX_SUDOKU_BOX,
	    "box 6 has two 5s: r5c9 and r6c7" },
};

START_TEST(test_conflict)
{
	struct dlx_sudoku_conflict	 conf, conf2;
	struct dlx_error		 err, err2;
	dlx_sudoku			*s;
	int				 cells[81] = { 0 };
	char				 buf[80];

	cells[conflicts[_i].at1] = 5;
	cells[conflicts[_i].at2] = 5;
	ck_assert_int_eq(dlx_sudoku_check(3, 3, cells, &conf, &err),
	    DLX_ECONFLICT);
	ck_assert_int_eq(conf.kind, conflicts[_i].kind);
	ck_assert_int_eq(conf.symbol, 5);
	dlx_sudoku_conflict_text(&conf, NULL, buf, sizeof buf);
	ck_assert_str_eq(buf, conflicts[_i].text);
	/* The error record: the same text, the second cell. */
	ck_assert_int_eq(err.code, DLX_ECONFLICT);
	ck_assert_str_eq(err.message, conflicts[_i].text);
	ck_assert_int_eq(err.cell, conflicts[_i].at2);
	ck_assert_uint_eq(err.line, 0);
	/* set_givens refuses, forces nothing and says the same. */
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, NULL, NULL),
	    DLX_ECONFLICT);
	ck_assert_uint_eq(dlx_nforced(dlx_sudoku_matrix(s)), 0);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, &conf2, &err2),
	    DLX_ECONFLICT);
	ck_assert_int_eq(memcmp(&conf, &conf2, sizeof conf), 0);
	ck_assert_str_eq(err2.message, err.message);
	ck_assert_int_eq(err2.cell, err.cell);
	ck_assert_uint_eq(dlx_nforced(dlx_sudoku_matrix(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_conflict_symbols)
{
	struct dlx_sudoku_conflict	conf;
	struct dlx_error		err;
	int				cells[256] = { 0 };
	char				buf[80];

	cells[16 * 2 + 3] = 12;
	cells[16 * 9 + 3] = 12;
	ck_assert_int_eq(dlx_sudoku_check(4, 4, cells, &conf, NULL),
	    DLX_ECONFLICT);
	dlx_sudoku_conflict_text(&conf, NULL, buf, sizeof buf);
	ck_assert_str_eq(buf, "column 4 has two Cs: r3c4 and r10c4");
	dlx_sudoku_conflict_text(&conf, "", buf, sizeof buf);
	ck_assert_str_eq(buf, "column 4 has two 12s: r3c4 and r10c4");
	dlx_sudoku_conflict_text(&conf, "0123456789ABCDEF", buf, sizeof buf);
	ck_assert_str_eq(buf, "column 4 has two Bs: r3c4 and r10c4");
	/* A value beyond N is invalid, not a conflict. */
	cells[0] = 17;
	ck_assert_int_eq(dlx_sudoku_check(4, 4, cells, &conf, &err),
	    DLX_EINVAL);
	ck_assert_int_eq(err.code, DLX_EINVAL);
	ck_assert_str_eq(err.message, "a cell out of range");
	ck_assert_int_eq(dlx_sudoku_check(6, 7, cells, NULL, &err),
	    DLX_EINVAL);
	ck_assert_str_eq(err.message, "a bad box shape");
}
END_TEST

/* A plain backtracking counter over cells[] (0 blank), for cross-checks. */
static uint64_t
brute(int r, int c, int *cells, int at)
{
	int		n = r * c, i, v, k, rr, cc, ok;
	uint64_t	total = 0;

	for (i = at; i < n * n && cells[i] != 0; i++)
		continue;
	if (i == n * n)
		return 1;
	for (v = 1; v <= n; v++) {
		ok = 1;
		for (k = 0; k < n && ok; k++) {
			rr = (i / n / r) * r + k / c;
			cc = (i % n / c) * c + k % c;
			if (cells[i / n * n + k] == v || cells[k * n + i % n] == v ||
			    cells[rr * n + cc] == v)
				ok = 0;
		}
		if (!ok)
			continue;
		cells[i] = v;
		total += brute(r, c, cells, i + 1);
		cells[i] = 0;
	}
	return total;
}

/* Random givens on 4x4 (2x2) and 6x6 (2x3 and 3x2): DLX agrees with the
 * brute-force counter, including puzzles with no solution. */
START_TEST(test_builder_random)
{
	static dlx_sudoku	*s[3];
	static const int	 sh[3][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 } };
	struct dlx_sudoku_conflict conf;
	unsigned		 seed = 12345 + _i;
	int			 cells[36], k, j, r, c, n, given;
	uint64_t		 count;

	for (k = 0; k < 3; k++)
		ck_assert_int_eq(dlx_sudoku_new(&s[k], sh[k][0], sh[k][1], NULL),
		    DLX_OK);
	for (k = 0; k < 3; k++) {
		r = sh[k][0];
		c = sh[k][1];
		n = r * c;
		for (j = 0; j < 40; j++) {
			memset(cells, 0, sizeof cells);
			/* Enough givens on 6x6 to keep brute force quick. */
			given = n == 4 ? 1 + rand_r(&seed) % 5 :
			    12 + rand_r(&seed) % 8;
			while (given-- > 0)
				cells[rand_r(&seed) % (n * n)] =
				    1 + rand_r(&seed) % n;
			if (dlx_sudoku_check(r, c, cells, &conf, NULL) != DLX_OK)
				continue;
			ck_assert_int_eq(dlx_sudoku_set_givens(s[k], cells,
			    NULL, NULL), DLX_OK);
			ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s[k]), 0,
			    &count), DLX_OK);
			ck_assert_uint_eq(count, brute(r, c, cells, 0));
			dlx_sudoku_clear(s[k]);
		}
	}
	for (k = 0; k < 3; k++)
		dlx_sudoku_free(s[k]);
}
END_TEST

/*
 * The givens of dlx_sudoku_set_givens() are forced without touching the
 * links (the fast search applies them in its copy; anything else that
 * reads the links applies them first).  Every way of searching such a
 * matrix agrees with the same givens forced one by one by dlx_force():
 * the fast tree (solutions in order, nodes, updates, depth), Knuth's
 * tree, the cache, threads, a copy, dlx_branch, and forcing or unforcing
 * more afterwards.  Puzzles from empty to full, on 4x4 (where the sparse
 * search saves every level's lengths), 6x6 and 9x9.
 */
/* Run d as asked; the result and the trace of its solutions. */
static int
traced(dlx *d, enum dlx_tree tree, enum dlx_memo_mode memo,
    unsigned threads, struct dlx_result *res, struct problem_trace *t)
{
	struct dlx_request	rq;

	memset(&rq, 0, sizeof rq);
	memset(t, 0, sizeof *t);
	if (memo != DLX_MEMO_ALWAYS) {
		rq.visit = problem_trace_visit;
		rq.visit_arg = t;
	}
	rq.tree = tree;
	rq.memo = memo;
	rq.threads = threads;
	return dlx_run(d, &rq, res);
}

/* The same run on a (givens deferred) and b (forced one by one). */
static void
same_run(dlx *a, dlx *b, enum dlx_tree tree, enum dlx_memo_mode memo,
    unsigned threads)
{
	struct dlx_result	ra, rb;
	struct problem_trace	ta, tb;

	ck_assert_int_eq(traced(a, tree, memo, threads, &ra, &ta), DLX_OK);
	ck_assert_int_eq(traced(b, tree, memo, threads, &rb, &tb), DLX_OK);
	ck_assert_uint_eq(ra.count.lo, rb.count.lo);
	ck_assert_uint_eq(ta.n, tb.n);
	ck_assert_uint_eq(ta.hash, tb.hash);
	ck_assert_int_eq(ra.engine, rb.engine);
	if (memo != DLX_MEMO_ALWAYS) {
		ck_assert_uint_eq(ra.stats.nodes, rb.stats.nodes);
		ck_assert_uint_eq(ra.stats.updates, rb.stats.updates);
		ck_assert_uint_eq(ra.stats.max_depth, rb.stats.max_depth);
	}
	ck_assert_uint_eq(dlx_nforced(a), dlx_nforced(b));
	ck_assert_int_eq(dlx_check(a), DLX_OK);
}

/* Force cells' givens on b one by one, as set_givens did before. */
static void
force_each(dlx_sudoku *sb, const int *cells, int n)
{
	int	i;

	dlx_unforce_all(dlx_sudoku_matrix(sb));
	for (i = 0; i < n * n; i++)
		if (cells[i] != 0)
			ck_assert_int_eq(dlx_force(dlx_sudoku_matrix(sb),
			    dlx_sudoku_option(sb, i / n, i % n, cells[i] - 1)),
			    DLX_OK);
}

START_TEST(test_builder_deferred)
{
	static const int	 sh[3][2] = { { 2, 2 }, { 2, 3 }, { 3, 3 } };
	dlx_sudoku		*sa, *sb;
	dlx			*a, *b, *c;
	unsigned		 seed = 777 + _i;
	int			 grid[81], cells[81], opts[81], ia, ib, oa[9],
				 ob[9];
	int			 r = sh[_i][0], cc = sh[_i][1], n = r * cc, i, j,
				 given, lo, blank;
	size_t			 m;
	uint64_t		 count;

	ck_assert_int_eq(dlx_sudoku_new(&sa, r, cc, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_new(&sb, r, cc, NULL), DLX_OK);
	a = dlx_sudoku_matrix(sa);
	b = dlx_sudoku_matrix(sb);
	/* A solution grid to take givens from. */
	ck_assert_int_eq(dlx_first(b, opts, 81, &m), DLX_LIMIT);
	ck_assert_int_eq(dlx_sudoku_decode(sb, opts, m, grid), DLX_OK);
	/* Few givens make large trees on 9x9: Knuth's tree walks them. */
	lo = n == 9 ? 30 : n == 6 ? 14 : 0;
	for (j = 0; j < 12; j++) {
		given = j == 0 ? n * n : j == 1 ? lo :
		    lo + rand_r(&seed) % (n * n - lo + 1);
		memcpy(cells, grid, sizeof grid);
		for (i = n * n; i > given;) {
			blank = rand_r(&seed) % (n * n);
			if (cells[blank] != 0) {
				cells[blank] = 0;
				i--;
			}
		}
		/* The fast tree, Knuth's, the cache, two threads: each from
		 * the deferred state. */
		force_each(sb, cells, n);
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		same_run(a, b, DLX_FAST, DLX_MEMO_NEVER, 1);
		same_run(a, b, DLX_FAST, DLX_MEMO_NEVER, 1);
		same_run(a, b, DLX_KNUTH, DLX_MEMO_NEVER, 1);
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		same_run(a, b, DLX_FAST, DLX_MEMO_ALWAYS, 1);
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		same_run(a, b, DLX_FAST, DLX_MEMO_NEVER, 2);
		/* A copy, and the branching of the root. */
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		ck_assert_int_eq(dlx_clone(&c, a), DLX_OK);
		same_run(c, b, DLX_FAST, DLX_MEMO_NEVER, 1);
		dlx_free(c);
		memset(oa, 0xff, sizeof oa);
		memset(ob, 0xff, sizeof ob);
		ck_assert_int_eq(dlx_branch(a, &ia, oa, NULL, 9),
		    dlx_branch(b, &ib, ob, NULL, 9));
		ck_assert_int_eq(ia, ib);
		ck_assert_int_eq(memcmp(oa, ob, sizeof oa), 0);
		/* Forcing one more cell (its value in the grid), then taking
		 * back the last two. */
		for (i = 0; i < n * n && cells[i] != 0; i++)
			continue;
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		if (i < n * n) {
			ck_assert_int_eq(dlx_force(a, dlx_sudoku_option(sa,
			    i / n, i % n, grid[i] - 1)), DLX_OK);
			ck_assert_int_eq(dlx_force(b, dlx_sudoku_option(sb,
			    i / n, i % n, grid[i] - 1)), DLX_OK);
			same_run(a, b, DLX_FAST, DLX_MEMO_NEVER, 1);
			ck_assert_int_eq(dlx_unforce(a), DLX_OK);
			ck_assert_int_eq(dlx_unforce(b), DLX_OK);
		}
		ck_assert_int_eq(dlx_sudoku_set_givens(sa, cells, NULL, NULL),
		    DLX_OK);
		if (dlx_nforced(a) > 0) {
			ck_assert_int_eq(dlx_unforce(a), DLX_OK);
			ck_assert_int_eq(dlx_unforce(b), DLX_OK);
			same_run(a, b, DLX_FAST, DLX_MEMO_NEVER, 1);
		}
		/* Released, the matrix is whole again. */
		dlx_sudoku_clear(sa);
		ck_assert_uint_eq(dlx_nforced(a), 0);
		ck_assert_int_eq(dlx_check(a), DLX_OK);
	}
	/* The full grid: no primary item left, one solution. */
	ck_assert_int_eq(dlx_sudoku_set_givens(sa, grid, NULL, NULL), DLX_OK);
	ck_assert_int_eq(ck_count(a, 0, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	dlx_sudoku_free(sa);
	dlx_sudoku_free(sb);
}
END_TEST

START_TEST(test_box_for)
{
	static const int	table[][3] = {
		{ 4, 2, 2 }, { 6, 2, 3 }, { 8, 2, 4 }, { 9, 3, 3 },
		{ 10, 2, 5 }, { 12, 3, 4 }, { 16, 4, 4 }, { 25, 5, 5 },
		{ 36, 6, 6 }, { 20, 4, 5 }
	};
	size_t			k;
	int			r, c;

	for (k = 0; k < sizeof table / sizeof table[0]; k++) {
		ck_assert_int_eq(dlx_sudoku_box_for(table[k][0], &r, &c),
		    DLX_OK);
		ck_assert_int_eq(r, table[k][1]);
		ck_assert_int_eq(c, table[k][2]);
	}
	ck_assert_int_eq(dlx_sudoku_box_for(7, &r, &c), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_box_for(3, &r, &c), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_box_for(37, &r, &c), DLX_EINVAL);
}
END_TEST

START_TEST(test_parse_symbols)
{
	char			 out[DLX_SUDOKU_MAXN + 1];
	struct dlx_error	 why;

	ck_assert_int_eq(dlx_sudoku_parse_symbols("0-9A-F", out, &why), 16);
	ck_assert_str_eq(out, "0123456789ABCDEF");
	ck_assert_int_eq(dlx_sudoku_parse_symbols("abc", out, &why), 3);
	ck_assert_str_eq(out, "abc");
	ck_assert_int_eq(dlx_sudoku_parse_symbols("1-9A-Z", out, &why), 35);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("", out, &why), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("112", out, &why),
	    DLX_EINVAL);
	ck_assert_int_eq(why.code, DLX_EINVAL);
	ck_assert_str_eq(why.message, "a symbol appears twice");
	ck_assert_int_eq(dlx_sudoku_parse_symbols("9-1", out, &why),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("12|", out, &why),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("a b", out, &why),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("0-9A-Za-z", out, &why),
	    DLX_EINVAL);
	ck_assert_str_eq(why.message, "more than 36 symbols");
	ck_assert_int_eq(dlx_sudoku_parse_symbols("0-9A-Za-z", out, NULL),
	    DLX_EINVAL);
}
END_TEST

/* ---- reader --------------------------------------------------------- */

/* Everything one read gave, for comparing with what a test expects. */
struct got {
	int		rc;
	unsigned long	line, col;
	int		n, boxr;
	char		cells[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN + 1];
	char		msg[256];
};

/* Read every puzzle of text (len bytes) into g[0..], at most max. */
static int
read_all(const char *text, size_t len,
    const struct dlx_sudoku_reader_options *o, struct got *g, int max)
{
	dlx_sudoku_reader		*r;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_error		 e;
	FILE				*fp;
	int				 k = 0, i, rc;

	fp = fmemopen((void *)text, len, "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, fp, o), DLX_OK);
	while ((rc = dlx_sudoku_read(r, &p, &e)) != DLX_SUDOKU_EOF) {
		ck_assert_int_lt(k, max);
		memset(&g[k], 0, sizeof g[k]);
		g[k].rc = rc;
		/* The record says what came back: nothing for a puzzle,
		 * the status and the place for a rejected one. */
		ck_assert_int_eq(e.code, rc == DLX_SUDOKU_PUZZLE ? DLX_OK :
		    rc);
		ck_assert_int_eq(e.cell, -1);
		if (rc == DLX_SUDOKU_PUZZLE) {
			g[k].line = p.line;
			g[k].n = p.n;
			g[k].boxr = p.boxr;
			for (i = 0; i < p.n * p.n; i++)
				g[k].cells[i] = p.cells[i] == 0 ? '.' :
				    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    [p.cells[i] - 1];
		} else {
			ck_assert_int_eq(rc, DLX_SUDOKU_BAD);
			g[k].line = e.line;
			g[k].col = e.column;
			snprintf(g[k].msg, sizeof g[k].msg, "%s", e.message);
		}
		k++;
	}
	/* No record wanted: the same end. */
	ck_assert_int_eq(dlx_sudoku_read(r, &p, NULL), DLX_SUDOKU_EOF);
	ck_assert_int_eq(dlx_sudoku_read(NULL, &p, NULL), DLX_EINVAL);
	dlx_sudoku_reader_free(r);
	fclose(fp);
	return k;
}

#define READ(text, o, g)	read_all(text, strlen(text), o, g, \
				    (int)(sizeof g / sizeof g[0]))

static const char four[] = "..3....1..4.2...";

START_TEST(test_read_forms)
{
	static const char text[] =
	    "# one line, 81 cells, blanks of every kind\n"
	    "9..7.35.43__28*1xX0.8.513....3..29.6...136.5.5......1.43"
	    "........6...8.....9.4.2..\n"
	    "\n"
	    "# .sdk: grid without spaces, metadata comments\n"
	    "#A someone\n"
	    "..3.\n...1\n..4.\n2...\n"
	    "\n"
	    "*-----*\n"
	    "|..|3.|\n"
	    "|..|.1|\n"
	    "|--+--|\n"
	    "|..|4.|\n"
	    "|2.|..|\n"
	    "*-----*\n"
	    "0 0 3 0\r\n0 0 0 1\r\n0 0 4 0\r\n2 0 0 0\r\n"
	    "  \n"
	    "..3....1..4.2...";	/* no final newline */
	static struct got	g[8];
	int			n, k;

	n = READ(text, NULL, g);
	ck_assert_int_eq(n, 5);
	for (k = 0; k < n; k++)
		ck_assert_int_eq(g[k].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_uint_eq(g[0].line, 2);
	ck_assert_int_eq(g[0].n, 9);
	ck_assert_str_eq(g[0].cells, "9..7.35.43..28.1....8.513....3..29.6..."
	    "136.5.5......1.43........6...8.....9.4.2..");
	ck_assert_uint_eq(g[1].line, 6);
	ck_assert_uint_eq(g[2].line, 12);
	ck_assert_uint_eq(g[3].line, 18);
	ck_assert_uint_eq(g[4].line, 23);
	for (k = 1; k < 5; k++) {
		ck_assert_int_eq(g[k].n, 4);
		ck_assert_int_eq(g[k].boxr, 2);
		ck_assert_str_eq(g[k].cells, four);
	}
}
END_TEST

START_TEST(test_read_numbers)
{
	/* 16x16 as numbers: 10..16 are single cells. */
	static const char row[] = "0 0 12 0 | 0 16 0 0 | 10 0 0 0 | 0 0 0 1\n";
	static struct got	g[4];
	char			text[2048];
	int			k;

	text[0] = '\0';
	for (k = 0; k < 16; k++)
		strcat(text, k == 5 ? "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n" : row);
	ck_assert_int_eq(READ(text, NULL, g), 1);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_int_eq(g[0].n, 16);
	ck_assert_int_eq(g[0].cells[2], 'C');
	ck_assert_int_eq(g[0].cells[5], 'G');
	ck_assert_int_eq(g[0].cells[8], 'A');
	ck_assert_int_eq(g[0].cells[15], '1');
	ck_assert_int_eq(g[0].cells[16 * 5 + 2], '.');
	/* "12 34" is two halves of a 4x4 row, not two numbers. */
	ck_assert_int_eq(READ("12 34\n34 12\n21 43\n43 21\n", NULL, g), 1);
	ck_assert_str_eq(g[0].cells, "1234341221434321");
}
END_TEST

START_TEST(test_read_inference)
{
	static struct got		 g[20];
	struct dlx_sudoku_reader_options	 o;
	char				 text[1024];
	int				 k, n;

	/* Consecutive one-line 4x4 puzzles are not a 16x16 grid. */
	text[0] = '\0';
	for (k = 0; k < 16; k++)
		strcat(strcat(text, four), "\n");
	ck_assert_int_eq(READ(text, NULL, g), 16);
	for (k = 0; k < 16; k++) {
		ck_assert_int_eq(g[k].n, 4);
		ck_assert_uint_eq(g[k].line, (unsigned long)k + 1);
	}
	/* A symbol beyond 4 makes 16-cell lines rows of a 16x16 grid; one
	 * too few is an error at the start of the grid. */
	ck_assert_int_eq(READ("G...............\n................\n",
	    NULL, g), 1);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_BAD);
	ck_assert_str_eq(g[0].msg, "grid ends after 2 of 16 rows");
	/* --box 2x2 says so outright. */
	memset(&o, 0, sizeof o);
	o.boxr = o.boxc = 2;
	ck_assert_int_eq(READ("1234............\n....\n....\n....\n....\n",
	    &o, g), 2);
	ck_assert_str_eq(g[0].cells, "1234............");
	ck_assert_str_eq(g[1].cells, "................");
	/* Other sizes from the line length. */
	memset(text, '.', 144);
	strcpy(text + 144, "\n");
	n = READ(text, NULL, g);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(g[0].n, 12);
	ck_assert_int_eq(g[0].boxr, 3);
	/* --box 3x2: 6x6 with boxes of 3 rows. */
	o.boxr = 3;
	o.boxc = 2;
	ck_assert_int_eq(READ("......\n......\n......\n......\n......\n"
	    "......\n", &o, g), 1);
	ck_assert_int_eq(g[0].n, 6);
	ck_assert_int_eq(g[0].boxr, 3);
}
END_TEST

START_TEST(test_read_errors)
{
	static const char text[] =
	    "..3....1..4.2.\n"			/* 14 cells */
	    "..3....1..4.2...\n"		/* good */
	    "..3.?..1..4.2...\n"		/* stray at col 5 */
	    "..3....1..5.2...\n"		/* 5 out of range */
	    "..3.\n...1\n..4\n2...\n"		/* row 3 short */
	    "..3.\n...1\n"			/* cut short */
	    "\n"
	    "....\n....\n....\n....\n";		/* good */
	static struct got	g[10];
	int			n;

	n = READ(text, NULL, g);
	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_BAD);
	ck_assert_uint_eq(g[0].line, 1);
	ck_assert_uint_eq(g[0].col, 0);
	ck_assert_str_eq(g[0].msg, "line has 14 cells: not a sudoku row or "
	    "puzzle");
	ck_assert_int_eq(g[1].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_uint_eq(g[1].line, 2);
	ck_assert_int_eq(g[2].rc, DLX_SUDOKU_BAD);
	ck_assert_uint_eq(g[2].line, 3);
	ck_assert_uint_eq(g[2].col, 5);
	ck_assert_str_eq(g[2].msg, "unexpected '?'");
	ck_assert_uint_eq(g[3].line, 4);
	ck_assert_uint_eq(g[3].col, 11);
	ck_assert_str_eq(g[3].msg, "symbol '5' out of range for 4x4 (1-4)");
	ck_assert_uint_eq(g[4].line, 7);
	ck_assert_str_eq(g[4].msg, "row 3 has 3 cells, expected 4");
	ck_assert_uint_eq(g[5].line, 9);
	ck_assert_str_eq(g[5].msg, "grid ends after 2 of 4 rows");
	ck_assert_int_eq(g[6].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_uint_eq(g[6].line, 12);
}
END_TEST

START_TEST(test_read_long_line)
{
	static struct got	 g[4];
	size_t			 len = 3 * DLX_SUDOKU_MAXLINE;
	char			*text;

	/* A line three times the limit, then a good puzzle. */
	text = malloc(len + 40);
	ck_assert_ptr_nonnull(text);
	memset(text, '1', len);
	strcpy(text + len, "\n..3....1..4.2...\n");
	ck_assert_int_eq(read_all(text, strlen(text), NULL, g, 4), 2);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_BAD);
	ck_assert_uint_eq(g[0].line, 1);
	ck_assert_str_eq(g[0].msg, "line longer than 65536 bytes");
	ck_assert_int_eq(g[1].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_uint_eq(g[1].line, 2);
	free(text);
}
END_TEST

START_TEST(test_read_binary)
{
	static const char	text[] = "..3.\0...1..4.2...\n\xef\xbb\xbf\n";
	static struct got	g[4];

	ck_assert_int_eq(read_all(text, sizeof text - 1, NULL, g, 4), 2);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_BAD);
	ck_assert_uint_eq(g[0].col, 5);
	ck_assert_str_eq(g[0].msg, "unexpected byte 0x00");
	/* A byte order mark is skipped only at the very start. */
	ck_assert_int_eq(g[1].rc, DLX_SUDOKU_BAD);
	ck_assert_str_eq(g[1].msg, "unexpected byte 0xef");
	ck_assert_int_eq(read_all("\xef\xbb\xbf..3....1..4.2...\n", 19, NULL,
	    g, 4), 1);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_PUZZLE);
}
END_TEST

START_TEST(test_read_symbols)
{
	struct dlx_sudoku_reader_options	o;
	static struct got		g[4];
	char				alpha[DLX_SUDOKU_MAXN + 1];

	memset(&o, 0, sizeof o);
	ck_assert_int_eq(dlx_sudoku_parse_symbols("0-3", alpha, NULL), 4);
	o.symbols = alpha;
	/* 0 is a symbol now, . and x still blanks. */
	ck_assert_int_eq(READ("..2x...0..3.1...\n", &o, g), 1);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_PUZZLE);
	ck_assert_str_eq(g[0].cells, "..3....1..4.2...");
	/* Letters stand for either case; 10..N only in numbers mode, which
	 * an alphabet turns off. */
	ck_assert_int_eq(dlx_sudoku_parse_symbols("A-D", alpha, NULL), 4);
	ck_assert_int_eq(READ("..c....a..d.b...\n", &o, g), 1);
	ck_assert_str_eq(g[0].cells, "..3....1..4.2...");
	ck_assert_int_eq(READ("..E....A..D.B...\n", &o, g), 1);
	ck_assert_int_eq(g[0].rc, DLX_SUDOKU_BAD);
	ck_assert_uint_eq(g[0].col, 3);
}
END_TEST

START_TEST(test_reader_args)
{
	struct dlx_sudoku_reader_options	 o;
	dlx_sudoku_reader		*r = NULL;

	memset(&o, 0, sizeof o);
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, NULL, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_reader_new(NULL, stdin, NULL), DLX_EINVAL);
	o.boxr = 3;
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, stdin, &o), DLX_EINVAL);
	o.boxc = 3;
	o.symbols = "12345678";
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, stdin, &o), DLX_EINVAL);
	/* Not an expanded alphabet: a separator, a repeat, a range. */
	o.boxr = o.boxc = 0;
	o.symbols = "12|4";
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, stdin, &o), DLX_EINVAL);
	o.symbols = "1231";
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, stdin, &o), DLX_EINVAL);
	o.symbols = "1-4";
	ck_assert_int_eq(dlx_sudoku_reader_new(&r, stdin, &o), DLX_EINVAL);
	ck_assert_ptr_null(r);
	dlx_sudoku_reader_free(NULL);
}
END_TEST

Suite *
make_sudoku_suite(void)
{
	Suite	*s = suite_create("sudoku");
	TCase	*tc;

	tc = tcase_create("Builder");
	tcase_add_loop_test(tc, test_builder_shape, 0,
	    sizeof shapes / sizeof shapes[0]);
	tcase_add_test(tc, test_builder_bad_shape);
	tcase_add_test(tc, test_builder_option_range);
	tcase_add_test(tc, test_builder_empty4);
	tcase_add_test(tc, test_builder_solve_decode);
	tcase_add_test(tc, test_builder_reuse);
	tcase_add_loop_test(tc, test_conflict, 0,
	    sizeof conflicts / sizeof conflicts[0]);
	tcase_add_test(tc, test_conflict_symbols);
	tcase_add_loop_test(tc, test_builder_random, 0, 5);
	tcase_add_loop_test(tc, test_builder_deferred, 0, 3);
	tcase_add_test(tc, test_box_for);
	tcase_add_test(tc, test_parse_symbols);
	suite_add_tcase(s, tc);

	tc = tcase_create("Reader");
	tcase_add_test(tc, test_read_forms);
	tcase_add_test(tc, test_read_numbers);
	tcase_add_test(tc, test_read_inference);
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_read_long_line);
	tcase_add_test(tc, test_read_binary);
	tcase_add_test(tc, test_read_symbols);
	tcase_add_test(tc, test_reader_args);
	suite_add_tcase(s, tc);
	return s;
}
