/*
 * check_marks.c: puzzles of pencil marks (dlx_sudoku_set_marks()) against
 * an independent brute force, and the errors the call reports.
 *
 * The brute force knows nothing of the model: it fills the cells in
 * reading order with the symbols their marks allow, checking each rule
 * from its definition (same row, column, box, diagonal, cage; cage sums),
 * so a struck candidate the matrix let through, or an allowed one it
 * lost, shows up as a count that differs.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_sudoku.h"

#define MAXC	36		/* cells of the largest brute-forced grid */

struct bf {
	int		 n, br, bc;
	int		 diag;		/* X: both main diagonals */
	const int	*cage;		/* killer: cage numbers, or NULL */
	const int	*sum;
	uint64_t	 marks[MAXC];	/* allowed symbols, bit v-1 */
	int		 g[MAXC];
	uint64_t	 count;
};

static int
same_unit(const struct bf *b, int x, int y)
{
	int	n = b->n, r1 = x / n, c1 = x % n, r2 = y / n, c2 = y % n;

	if (r1 == r2 || c1 == c2)
		return 1;
	if (r1 / b->br == r2 / b->br && c1 / b->bc == c2 / b->bc)
		return 1;
	if (b->diag && ((r1 == c1 && r2 == c2) ||
	    (r1 + c1 == n - 1 && r2 + c2 == n - 1)))
		return 1;
	return b->cage != NULL && b->cage[x] == b->cage[y];
}

/* The cage of cell x, just filled (cells after x open): its sum is not
 * passed, and is met once the cage is full. */
static int
sum_ok(const struct bf *b, int x)
{
	int	y, s = 0, open = 0;

	if (b->cage == NULL)
		return 1;
	for (y = 0; y < b->n * b->n; y++) {
		if (b->cage[y] != b->cage[x])
			continue;
		if (y > x)
			open = 1;
		else
			s += b->g[y];
	}
	return open ? s < b->sum[b->cage[x]] : s == b->sum[b->cage[x]];
}

static void
fill(struct bf *b, int x)
{
	int	v, y, ok;

	if (x == b->n * b->n) {
		b->count++;
		return;
	}
	for (v = 1; v <= b->n; v++) {
		if (!(b->marks[x] >> (v - 1) & 1))
			continue;
		for (ok = 1, y = 0; y < x && ok; y++)
			ok = !(b->g[y] == v && same_unit(b, x, y));
		if (!ok)
			continue;
		b->g[x] = v;
		if (sum_ok(b, x))
			fill(b, x + 1);
		b->g[x] = 0;
	}
}

/* The brute force's count of the marks in b (givens are marks of one). */
static uint64_t
brute(struct bf *b)
{
	b->count = 0;
	memset(b->g, 0, sizeof b->g);
	fill(b, 0);
	return b->count;
}

/* Do two cells of one mark each clash (the call's DLX_ECONFLICT)? */
static int
singles_clash(const struct bf *b)
{
	int	x, y;

	for (x = 0; x < b->n * b->n; x++)
		for (y = 0; y < x; y++)
			if (b->marks[x] == b->marks[y] &&
			    (b->marks[x] & (b->marks[x] - 1)) == 0 &&
			    same_unit(b, x, y))
				return 1;
	return 0;
}

/* The search's count of the puzzle in force on s, every solution checked
 * against the marks. */
struct visit {
	const dlx_sudoku	*s;
	const struct bf		*b;
	int			 bad;
};

static int
on_solution(void *arg, const int *options, size_t n)
{
	struct visit	*vi = arg;
	int		 cells[MAXC], x;

	if (dlx_sudoku_decode(vi->s, options, n, cells) != DLX_OK)
		vi->bad++;
	for (x = 0; x < vi->b->n * vi->b->n; x++)
		if (cells[x] < 1 || !(vi->b->marks[x] >> (cells[x] - 1) & 1))
			vi->bad++;
	return 0;
}

static uint64_t
search(dlx_sudoku *s, const struct bf *b, unsigned threads, int visit)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct visit		 vi;

	memset(&rq, 0, sizeof rq);
	memset(&res, 0, sizeof res);
	vi.s = s;
	vi.b = b;
	vi.bad = 0;
	if (visit) {
		rq.visit = on_solution;
		rq.visit_arg = &vi;
	}
	rq.threads = threads;
	ck_assert_int_eq(dlx_run(dlx_sudoku_matrix(s), &rq, &res), DLX_OK);
	ck_assert_int_eq(vi.bad, 0);
	ck_assert_uint_eq(res.count.hi, 0);
	return res.count.lo;
}

/* A random solution grid of b's shape into b->g (b's marks all full). */
static void
random_grid(struct bf *b, unsigned *seed, int x, int *done)
{
	int	v0, k, v, y, ok;

	if (x == b->n * b->n) {
		*done = 1;
		return;
	}
	v0 = rand_r(seed) % b->n;
	for (k = 0; k < b->n && !*done; k++) {
		v = (v0 + k) % b->n + 1;
		for (ok = 1, y = 0; y < x && ok; y++)
			ok = !(b->g[y] == v && same_unit(b, x, y));
		if (!ok)
			continue;
		b->g[x] = v;
		if (sum_ok(b, x))
			random_grid(b, seed, x + 1, done);
		if (!*done)
			b->g[x] = 0;
	}
}

/*
 * One random case on s (shape of b): givens from a random grid, random
 * strikes (some keeping the grid's symbols, so that many cases have
 * solutions), checked against the brute force.  Returns 1 if the case
 * had a solution.
 */
static int
random_case(dlx_sudoku *s, struct bf *b, unsigned *seed, int pgiven,
    int pstrike)
{
	struct dlx_sudoku_conflict	 conf;
	struct dlx_error		 err;
	uint64_t			 all = ((uint64_t)1 << b->n) - 1, want;
	int				 sol[MAXC], cells[MAXC];
	int				 nn = b->n * b->n, x, v, keep, done = 0;
	int				 rc;

	memset(b->g, 0, sizeof b->g);
	random_grid(b, seed, 0, &done);
	ck_assert(done);
	memcpy(sol, b->g, sizeof sol);
	keep = rand_r(seed) % 3 != 0;
	for (x = 0; x < nn; x++) {
		cells[x] = rand_r(seed) % 100 < pgiven ? sol[x] : 0;
		b->marks[x] = all;
		for (v = 1; v <= b->n; v++)
			if (rand_r(seed) % 100 < pstrike &&
			    !(keep && v == sol[x]) && v != cells[x])
				b->marks[x] &= ~((uint64_t)1 << (v - 1));
		if (b->marks[x] == 0)
			b->marks[x] = (uint64_t)1 << (rand_r(seed) % b->n);
		if (cells[x] != 0 && !(b->marks[x] >> (cells[x] - 1) & 1))
			cells[x] = 0;
	}
	/* The brute force takes a given as a mark of one. */
	{
		uint64_t	saved[MAXC];

		memcpy(saved, b->marks, sizeof saved);
		for (x = 0; x < nn; x++)
			if (cells[x] != 0)
				b->marks[x] = (uint64_t)1 << (cells[x] - 1);
		want = singles_clash(b) ? UINT64_MAX : brute(b);
		rc = dlx_sudoku_set_marks(s, cells, saved, &conf, &err);
		if (want == UINT64_MAX) {
			ck_assert_int_eq(rc, DLX_ECONFLICT);
			ck_assert_int_eq(err.code, DLX_ECONFLICT);
			ck_assert_int_eq(conf.symbol,
			    cells[conf.row2 * b->n + conf.col2] != 0 ?
			    cells[conf.row2 * b->n + conf.col2] :
			    __builtin_ctzll(saved[conf.row2 * b->n +
			    conf.col2]) + 1);
			return 0;
		}
		ck_assert_msg(rc == DLX_OK, "set_marks: %d (%s)", rc,
		    err.message);
		ck_assert_uint_eq(search(s, b, 1, 1), want);
	}
	return want > 0;
}

/* 4x4 and 6x6, classic: hundreds of random puzzles of marks. */
START_TEST(test_marks_brute_classic)
{
	struct bf	 b;
	dlx_sudoku	*s;
	unsigned	 seed = 4242 + (unsigned)_i;
	int		 k, some = 0;

	memset(&b, 0, sizeof b);
	b.br = 2;
	b.bc = _i == 0 ? 2 : 3;
	b.n = b.br * b.bc;
	ck_assert_int_eq(dlx_sudoku_new(&s, b.br, b.bc, NULL), DLX_OK);
	for (k = 0; k < 300; k++)
		some += random_case(s, &b, &seed, b.n == 4 ? 15 : 45,
		    k % 3 == 0 ? 10 : 30);
	/* The cases are not all empty or all clashing. */
	ck_assert_int_gt(some, 50);
	dlx_sudoku_free(s);
}
END_TEST

/* Variants: X and killer on 4x4 and 6x6. */
START_TEST(test_marks_brute_variant)
{
	/* 6x6 killer: cages of two cells side by side, sums of the grid
	 * 123456/456123/... read off a solution. */
	static const int sol6[36] = {
		1, 2, 3, 4, 5, 6,  4, 5, 6, 1, 2, 3,
		2, 3, 1, 5, 6, 4,  5, 6, 4, 2, 3, 1,
		3, 1, 2, 6, 4, 5,  6, 4, 5, 3, 1, 2
	};
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_options	 o;
	struct bf			 b;
	dlx_sudoku			*s;
	int				 cage[36], sum[18], x, k, some = 0;
	unsigned			 seed = 777 + (unsigned)_i;

	memset(&v, 0, sizeof v);
	memset(&b, 0, sizeof b);
	v.boxr = b.br = 2;
	v.boxc = b.bc = _i == 0 ? 2 : 3;
	v.n = b.n = b.br * b.bc;
	if (_i == 0) {
		v.extras = DLX_SUDOKU_DIAGONALS;
		b.diag = 1;
	} else {
		memset(sum, 0, sizeof sum);
		for (x = 0; x < 36; x++) {
			cage[x] = x / 2;
			sum[x / 2] += sol6[x];
		}
		v.ncages = 18;
		v.cages = b.cage = cage;
		v.sums = b.sum = sum;
	}
	memset(&o, 0, sizeof o);
	o.variant = &v;
	ck_assert_int_eq(dlx_sudoku_new(&s, v.boxr, v.boxc, &o), DLX_OK);
	for (k = 0; k < (_i == 0 ? 200 : 60); k++)
		some += random_case(s, &b, &seed, _i == 0 ? 10 : 30, 30);
	ck_assert_int_gt(some, 10);
	dlx_sudoku_free(s);
}
END_TEST

static const char puzzle26[] =
    ".2......9..71.........3..1....5..3..5...7.....8...2..6........."
    "6.8.....4......92.";

static void
load26(int *cells, uint64_t *marks)
{
	int	x;

	for (x = 0; x < 81; x++) {
		cells[x] = puzzle26[x] == '.' ? 0 : puzzle26[x] - '0';
		marks[x] = cells[x] != 0 ? (uint64_t)1 << (cells[x] - 1) :
		    0x1ff;
	}
}

/*
 * The 26 givens with 385,677 solutions: its full marks (every symbol in
 * every open cell, the given alone in a given cell) are the same
 * puzzle; 1 struck from r1c1 leaves 185,198 (200,479 have a 1 there).
 */
START_TEST(test_marks_figure)
{
	struct dlx_sudoku_conflict	 conf;
	struct dlx_error		 err;
	struct dlx_wide			 w;
	uint64_t			 marks[81];
	int				 cells[81];
	dlx_sudoku			*s;
	dlx				*plain;

	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	plain = dlx_sudoku_matrix(s);
	load26(cells, marks);
	/* Full marks, with and without the givens: the plain puzzle, on
	 * the plain matrix. */
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_OK);
	ck_assert_ptr_eq(dlx_sudoku_matrix(s), plain);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 385677);
	ck_assert_int_eq(dlx_sudoku_set_marks(s, NULL, marks, &conf, &err),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 385677);
	/* A player's starting marks (the givens' symbols struck from their
	 * rows, columns and boxes) strike nothing more: the plain matrix. */
	{
		uint64_t	start[81];
		int		x, y;

		for (x = 0; x < 81; x++) {
			start[x] = marks[x];
			for (y = 0; y < 81 && cells[x] == 0; y++)
				if (cells[y] != 0 && (x / 9 == y / 9 ||
				    x % 9 == y % 9 || (x / 27 == y / 27 &&
				    x % 9 / 3 == y % 9 / 3)))
					start[x] &= ~((uint64_t)1 <<
					    (cells[y] - 1));
		}
		ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, start, &conf,
		    &err), DLX_OK);
		ck_assert_ptr_eq(dlx_sudoku_matrix(s), plain);
		ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w),
		    DLX_OK);
		ck_assert_uint_eq(w.lo, 385677);
	}
	/* 1 struck from r1c1. */
	marks[0] &= ~(uint64_t)1;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, NULL, marks, &conf, &err),
	    DLX_OK);
	ck_assert_ptr_ne(dlx_sudoku_matrix(s), plain);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 185198);
	/* The other side: 1 alone in r1c1 is a given. */
	marks[0] = 1;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 200479);
	/* Back to plain givens: the plain matrix and count. */
	ck_assert_int_eq(dlx_sudoku_set_givens(s, cells, &conf, &err),
	    DLX_OK);
	ck_assert_ptr_eq(dlx_sudoku_matrix(s), plain);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 385677);
	dlx_sudoku_free(s);
}
END_TEST

/* Threads and a given struck elsewhere: the count on 2 threads is the
 * count on 1. */
START_TEST(test_marks_threads)
{
	struct bf	 b;
	uint64_t	 marks[81];
	int		 cells[81];
	dlx_sudoku	*s;

	memset(&b, 0, sizeof b);
	b.n = 9;
	ck_assert_int_eq(dlx_sudoku_new(&s, 3, 3, NULL), DLX_OK);
	load26(cells, marks);
	marks[0] &= ~(uint64_t)1;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, NULL, NULL),
	    DLX_OK);
	ck_assert_uint_eq(search(s, &b, 2, 0), 185198);
	dlx_sudoku_free(s);
}
END_TEST

/* Marks that strike nothing: the plain count, at every size tried. */
START_TEST(test_marks_strike_nothing)
{
	uint64_t	 marks[MAXC];
	int		 cells[MAXC], x;
	dlx_sudoku	*s;
	struct dlx_wide	 w;

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	for (x = 0; x < 16; x++)
		marks[x] = 0xf;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, NULL, marks, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 288);
	/* marks NULL: the givens alone. */
	memset(cells, 0, sizeof cells);
	cells[0] = 1;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, NULL, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 72);
	/* Bits past N are no candidates and strike nothing. */
	for (x = 0; x < 16; x++)
		marks[x] = ~(uint64_t)0;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 72);
	dlx_sudoku_free(s);
}
END_TEST

/* The errors, and the previous puzzle staying in force after them. */
START_TEST(test_marks_errors)
{
	struct dlx_sudoku_conflict	 conf;
	struct dlx_error		 err;
	struct dlx_wide			 w;
	uint64_t			 marks[16];
	int				 cells[16], x;
	dlx_sudoku			*s;

	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	memset(cells, 0, sizeof cells);
	for (x = 0; x < 16; x++)
		marks[x] = 0xf;
	marks[0] = 0xe;			/* no 1 in r1c1: 216 left */
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 216);
	/* A cell with no candidate. */
	marks[6] = 0;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_EINVAL);
	ck_assert_int_eq(err.code, DLX_EINVAL);
	ck_assert_int_eq(err.cell, 6);
	ck_assert_str_eq(err.message, "r2c3 has no candidate");
	/* A given its marks strike. */
	marks[6] = 0x3;
	cells[6] = 3;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_EINVAL);
	ck_assert_int_eq(err.cell, 6);
	ck_assert_str_eq(err.message, "r2c3 is a given its pencil marks "
	    "strike");
	/* Two single marks that clash, and a single mark against a
	 * given. */
	cells[6] = 0;
	marks[6] = 0xf;
	marks[1] = 0x4;
	marks[3] = 0x4;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_ECONFLICT);
	ck_assert_int_eq(err.code, DLX_ECONFLICT);
	ck_assert_int_eq(err.cell, 3);
	ck_assert_str_eq(err.message, "row 1 has two 3s: r1c2 and r1c4");
	ck_assert_int_eq(conf.kind, DLX_SUDOKU_ROW);
	ck_assert_int_eq(conf.symbol, 3);
	marks[3] = 0xf;
	cells[5] = 3;			/* r2c2, box 1 with r1c2 */
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_ECONFLICT);
	ck_assert_str_eq(err.message, "column 2 has two 3s: r1c2 and r2c2");
	/* A symbol out of range. */
	cells[5] = 5;
	ck_assert_int_eq(dlx_sudoku_set_marks(s, cells, marks, &conf, &err),
	    DLX_EINVAL);
	ck_assert_int_eq(err.cell, -1);
	/* After every error, the first puzzle is still the one in force. */
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 216);
	dlx_sudoku_clear(s);
	ck_assert_int_eq(dlx_count(dlx_sudoku_matrix(s), &w), DLX_OK);
	ck_assert_uint_eq(w.lo, 288);
	dlx_sudoku_free(s);
}
END_TEST

Suite *
make_marks_suite(void)
{
	Suite	*s = suite_create("marks");
	TCase	*tc;

	tc = tcase_create("brute");
	tcase_add_loop_test(tc, test_marks_brute_classic, 0, 2);
	tcase_add_loop_test(tc, test_marks_brute_variant, 0, 2);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_test(tc, test_marks_strike_nothing);
	tcase_add_test(tc, test_marks_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("figure");
	tcase_add_test(tc, test_marks_figure);
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "slow");
	suite_add_tcase(s, tc);
	tc = tcase_create("threads");
	tcase_add_test(tc, test_marks_threads);
	tcase_set_timeout(tc, 120);
	tcase_set_tags(tc, "slow threads");
	suite_add_tcase(s, tc);
	return s;
}
