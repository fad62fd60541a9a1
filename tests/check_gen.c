/*
 * check_gen.c: the generator's limits: what it refuses and why (the 4x4
 * facts are established here by enumeration), puzzles of 16x16 and 25x25
 * under an effort bound checked unique by a count, killers of 12x12 and
 * 16x16 counted by a killer search of this file's own and symmetric
 * puzzles by the reference solver (ref/sudoku_ref.c), and a stop asked
 * by the progress callback, also in the middle of a search.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_sudoku.h"
#include "dlx_sudoku_gen.h"
#include "dlx_logic.h"
#include "sudoku_ref.h"

/* ---- every 4x4 puzzle ------------------------------------------------- */

static int	 grids4[16][16];	/* the 12 grids with first row 1234 */
static int	 ngrids4;

/* May v go in cell x of g, given cells 0..x-1? */
static int
fits4(const int *g, int x, int v)
{
	int	 y;

	for (y = 0; y < x; y++)
		if (g[y] == v && (y / 4 == x / 4 || y % 4 == x % 4 ||
		    (y / 8 == x / 8 && (y % 4) / 2 == (x % 4) / 2)))
			return 0;
	return 1;
}

static void
fill4(int *g, int x)
{
	int	 v;

	if (x == 16) {
		memcpy(grids4[ngrids4++], g, sizeof grids4[0]);
		return;
	}
	for (v = 1; v <= 4; v++)
		if (fits4(g, x, v)) {
			g[x] = v;
			fill4(g, x + 1);
		}
}

/*
 * Every subset of the givens of 4x4 grid _i (first row 1234: the other
 * grids are relabellings, which change neither uniqueness nor grade):
 * those with one solution have 4 givens at least and are solved by
 * singles.  The generator's refusals at 4x4 rest on this.
 */
START_TEST(test_gen_4x4_every_puzzle)
{
	struct dlx_sudoku_gen_options	 o;
	dlx_sudoku	*s;
	dlx_logic	*lg;
	uint64_t	 count;
	int		 g[16], p[16], mask, x, givens, fewest = 16, unique = 0;

	if (ngrids4 == 0) {
		for (x = 0; x < 4; x++)
			g[x] = x + 1;
		fill4(g, 4);
	}
	ck_assert_int_eq(ngrids4, 12);
	ck_assert_int_eq(dlx_sudoku_new(&s, 2, 2, NULL), DLX_OK);
	ck_assert_ptr_nonnull(lg = test_logic_new(2, 2));
	for (mask = 0; mask < 1 << 16; mask++) {
		for (x = givens = 0; x < 16; x++) {
			p[x] = mask >> x & 1 ? grids4[_i][x] : 0;
			givens += p[x] != 0;
		}
		dlx_sudoku_clear(s);
		ck_assert_int_eq(dlx_sudoku_set_givens(s, p, NULL, NULL),
		    DLX_OK);
		ck_assert_int_ge(ck_count(dlx_sudoku_matrix(s), 2, &count),
		    0);
		if (count != 1)
			continue;
		unique++;
		if (givens < fewest)
			fewest = givens;
		ck_assert_int_eq(dlx_logic_load(lg, p), DLX_OK);
		ck_assert_int_eq(dlx_logic_run(lg, NULL, NULL, NULL),
		    DLX_LOGIC_SOLVED);
		ck_assert_int_le(dlx_logic_grade(lg), DLX_LOGIC_GRADE_SINGLES);
	}
	memset(&o, 0, sizeof o);
	o.boxr = o.boxc = 2;
	ck_assert_int_eq(fewest, dlx_sudoku_gen_min_givens(&o));
	ck_assert_int_gt(unique, 40000);
	dlx_logic_free(lg);
	dlx_sudoku_free(s);
}
END_TEST

/* ---- refusals ----------------------------------------------------------- */

static const struct refusal {
	int		 boxr, boxc, jigsaw, killer, grade, givens;
	unsigned	 extras;
	int		 ok;		/* 1: accepted */
	const char	*why;		/* the reason, or its start */
} refusals[] = {
	{ 3, 3, 0, 0, 0, 16, 0, 0,
	    "no 9x9 sudoku with fewer than 17 givens has one solution" },
	{ 3, 3, 0, 0, 0, 17, 0, 1, "" },
	{ 2, 2, 0, 0, 0, 3, 0, 0,
	    "no 4x4 sudoku with fewer than 4 givens has one solution" },
	{ 2, 2, 0, 0, 0, 4, 0, 1, "" },
	{ 2, 3, 0, 0, 0, 7, 0, 0,
	    "no 6x6 sudoku with fewer than 8 givens has one solution" },
	{ 3, 2, 0, 0, 0, 7, 0, 0,
	    "no 6x6 sudoku with fewer than 8 givens" },
	{ 2, 3, 0, 0, 0, 8, 0, 1, "" },
	{ 1, 6, 0, 0, 0, 4, 0, 0, "no 6x6 puzzle with fewer than 5 givens "
	    "has one solution: two symbols missing from the givens can trade "
	    "places" },
	{ 4, 4, 0, 0, 0, 14, 0, 0, "no 16x16 puzzle with fewer than 15 " },
	{ 4, 4, 0, 0, 0, 15, 0, 1, "" },
	{ 6, 6, 0, 0, 0, 34, 0, 0, "no 36x36 puzzle with fewer than 35 " },
	{ 3, 3, 0, 0, 0, 7, DLX_SUDOKU_DIAGONALS, 0,
	    "no 9x9 puzzle with fewer than 8 givens" },
	{ 3, 3, 0, 0, 0, 8, DLX_SUDOKU_DIAGONALS, 1, "" },
	{ 3, 3, 1, 0, 0, 7, 0, 0, "no 9x9 puzzle with fewer than 8 givens" },
	{ 3, 3, 0, 1, 0, 1, 0, 1, "" },
	{ 2, 2, 0, 0, DLX_LOGIC_GRADE_SUBSETS, 0, 0, 0,
	    "every 4x4 sudoku with one solution is solved by singles: none "
	    "is graded subsets" },
	{ 2, 2, 0, 0, DLX_LOGIC_GRADE_SEARCH, 0, 0, 0,
	    "every 4x4 sudoku with one solution is solved by singles: none "
	    "is graded search" },
	{ 2, 2, 0, 0, DLX_LOGIC_GRADE_SINGLES, 0, 0, 1, "" },
	{ 2, 3, 0, 0, DLX_LOGIC_GRADE_SEARCH, 0, 0, 1, "" },
	{ 3, 3, 0, 0, DLX_LOGIC_GRADE_FISH, 0, DLX_SUDOKU_WINDOWS, 0,
	    "grades are for classic puzzles only" },
	{ 5, 5, 0, 1, 0, 0, 0, 0, "killer puzzles go up to 16x16, not 25x25" },
	{ 3, 3, 1, 0, 0, 0, DLX_SUDOKU_WINDOWS, 0,
	    "hyper windows need boxes: not with jigsaw" },
	{ 4, 4, 0, 0, 0, 0, DLX_SUDOKU_WINDOWS, 0,
	    "hyper puzzles go up to 12x12, not 16x16" },
	{ 3, 4, 0, 0, 0, 0, DLX_SUDOKU_WINDOWS, 1, "" },
	{ 7, 6, 0, 0, 0, 0, 0, 0, "boxes of 7x6 do not make 4 to 36 symbols" },
	{ 1, 3, 0, 0, 0, 0, 0, 0, "boxes of 1x3 do not make 4 to 36 symbols" },
	{ 6, 6, 0, 0, 0, 35, 0, 1, "" },
	{ 1, 36, 0, 0, 0, 0, 0, 1, "" },
};

/* Each row of the table: dlx_sudoku_gen_check() and dlx_sudoku_gen_new()
 * agree, with the reason given. */
START_TEST(test_gen_refusals)
{
	const struct refusal		*r = &refusals[_i];
	struct dlx_sudoku_gen_options	 o;
	dlx_sudoku_gen			*g = NULL;
	struct dlx_error		 why;

	memset(&o, 0, sizeof o);
	o.boxr = r->boxr;
	o.boxc = r->boxc;
	o.jigsaw = r->jigsaw;
	o.killer = r->killer;
	o.grade = r->grade;
	o.max_givens = r->givens;
	o.extras = r->extras;
	ck_assert_int_eq(dlx_sudoku_gen_check(&o, &why),
	    r->ok ? DLX_OK : DLX_EINVAL);
	ck_assert_msg(strncmp(why.message, r->why, strlen(r->why)) == 0 &&
	    (r->ok == (why.message[0] == '\0')), "row %d: '%s'", _i,
	    why.message);
	ck_assert_int_eq(why.code, r->ok ? DLX_OK : DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o),
	    r->ok ? DLX_OK : DLX_EINVAL);
	ck_assert(r->ok == (g != NULL));
	dlx_sudoku_gen_free(g);
	/* No error record is fine. */
	ck_assert_int_eq(dlx_sudoku_gen_check(&o, NULL),
	    r->ok ? DLX_OK : DLX_EINVAL);
}
END_TEST

START_TEST(test_gen_min_givens)
{
	struct dlx_sudoku_gen_options	 o;

	memset(&o, 0, sizeof o);
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(NULL), -1);
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), -1);
	o.boxr = o.boxc = 3;
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), 17);
	o.extras = DLX_SUDOKU_WINDOWS;
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), 8);
	o.extras = 0;
	o.killer = 1;
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), 0);
	o.killer = 0;
	o.boxr = 2;
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), 8);
	o.boxr = 6;
	o.boxc = 6;
	ck_assert_int_eq(dlx_sudoku_gen_min_givens(&o), 35);
	ck_assert_int_eq(dlx_sudoku_gen_check(NULL, NULL), DLX_EINVAL);
}
END_TEST

/* ---- large puzzles -------------------------------------------------- */

/*
 * A puzzle of boxes r x c under effort e: its givens are its solution's,
 * the solution is a valid grid, a count stopping at 2 finds one solution,
 * and the same seed makes it again.
 */
static void
check_large(int r, int c, uint64_t effort, uint64_t seed)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g, *h;
	dlx_sudoku			*s;
	int				*first, n = r * c, x, givens = 0;
	uint64_t			 count;

	memset(&o, 0, sizeof o);
	o.boxr = r;
	o.boxc = c;
	o.seed = seed;
	o.effort = effort;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_new(&h, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_ptr_nonnull(first = malloc(sizeof *first * n * n));
	memcpy(first, p.puzzle, sizeof *first * n * n);
	for (x = 0; x < n * n; x++) {
		ck_assert(p.puzzle[x] == 0 || p.puzzle[x] == p.solution[x]);
		givens += p.puzzle[x] != 0;
	}
	ck_assert_int_eq(givens, p.givens);
	ck_assert_int_lt(givens, n * n / 2);
	ck_assert_int_eq(dlx_sudoku_check(r, c, p.solution, NULL, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_new(&s, r, c, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_givens(s, p.puzzle, NULL, NULL),
	    DLX_OK);
	ck_assert_int_eq(ck_count(dlx_sudoku_matrix(s), 2, &count), DLX_OK);
	ck_assert_uint_eq(count, 1);
	ck_assert_int_eq(dlx_sudoku_gen_next(h, &p), DLX_OK);
	ck_assert_mem_eq(first, p.puzzle, sizeof *first * n * n);
	free(first);
	dlx_sudoku_free(s);
	dlx_sudoku_gen_free(g);
	dlx_sudoku_gen_free(h);
}

START_TEST(test_gen_16x16_bounded)
{
	check_large(4, 4, 50, 7);
}
END_TEST

START_TEST(test_gen_25x25_bounded)
{
	check_large(5, 5, 100, 3);
}
END_TEST

/* Without a bound a 9x9 puzzle is minimal; with a bound of one node a
 * 16x16 one says it may not be. */
START_TEST(test_gen_minimal_flag)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g;

	memset(&o, 0, sizeof o);
	o.boxr = o.boxc = 3;
	o.seed = 5;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_int_eq(p.minimal, 1);
	dlx_sudoku_gen_free(g);
	o.boxr = o.boxc = 4;
	o.effort = 1;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_int_eq(p.minimal, 0);
	dlx_sudoku_gen_free(g);
}
END_TEST

/* ---- killer and symmetry at 12x12 and 16x16 --------------------------- */

/*
 * An independent count of a killer (boxes br x bc) to at most max: it
 * knows nothing of the model, only the rules.  A search on the open
 * cell with the fewest candidates: a symbol is a candidate if its row,
 * column, box and cage lack it and the cage's sum can still be made
 * (the sum so far, the symbol, and the smallest and largest symbols the
 * cage lacks for its other open cells).
 */
struct kc {
	int		 n, br, bc, ncages, max, count;
	const int	*cage, *sum;
	int		 g[256];
	unsigned	 row[16], col[16], box[16], in[256];
	int		 have[256], open[256];	/* per cage */
};

static int
kc_box(const struct kc *k, int x)
{
	return x / k->n / k->br * k->br + x % k->n / k->bc;
}

static void
kc_set(struct kc *k, int x, int v, int on)
{
	unsigned	 b = 1u << (v - 1);
	int		 c = k->cage[x];

	k->g[x] = on ? v : 0;
	k->row[x / k->n] ^= b;
	k->col[x % k->n] ^= b;
	k->box[kc_box(k, x)] ^= b;
	k->in[c] ^= b;
	k->have[c] += on ? v : -v;
	k->open[c] += on ? -1 : 1;
}

static unsigned
kc_cands(const struct kc *k, int x)
{
	unsigned	 m, free_, r = 0;
	int		 c = k->cage[x], v, w, lo, hi, j, need;

	m = ~(k->row[x / k->n] | k->col[x % k->n] | k->box[kc_box(k, x)] |
	    k->in[c]) & ((1u << k->n) - 1);
	for (v = 1; v <= k->n; v++) {
		if (!(m >> (v - 1) & 1))
			continue;
		free_ = ~(k->in[c] | 1u << (v - 1)) & ((1u << k->n) - 1);
		need = k->open[c] - 1;
		lo = hi = 0;
		for (w = 1, j = 0; w <= k->n && j < need; w++)
			if (free_ >> (w - 1) & 1)
				lo += w, j++;
		for (w = k->n, j = 0; w >= 1 && j < need; w--)
			if (free_ >> (w - 1) & 1)
				hi += w, j++;
		if (k->have[c] + v + lo <= k->sum[c] &&
		    k->have[c] + v + hi >= k->sum[c])
			r |= 1u << (v - 1);
	}
	return r;
}

static void
kc_search(struct kc *k)
{
	unsigned	 m, best_m = 0;
	int		 x, best = -1, nb = 99, c, v;

	for (x = 0; x < k->n * k->n; x++) {
		if (k->g[x] != 0)
			continue;
		m = kc_cands(k, x);
		for (c = 0, v = 0; v < k->n; v++)
			c += m >> v & 1;
		if (c < nb) {
			nb = c;
			best = x;
			best_m = m;
			if (c == 0)
				return;
		}
	}
	if (best < 0) {
		k->count++;
		return;
	}
	for (v = 1; v <= k->n && k->count < k->max; v++) {
		if (!(best_m >> (v - 1) & 1))
			continue;
		kc_set(k, best, v, 1);
		kc_search(k);
		kc_set(k, best, v, 0);
	}
}

/* Solutions of the killer v with givens, counted to at most max (the
 * givens must not clash). */
static int
killer_count(const struct dlx_sudoku_variant *v, const int *givens, int max)
{
	struct kc	*k;
	int		 x, c;

	ck_assert_ptr_nonnull(k = calloc(1, sizeof *k));
	k->n = v->n;
	k->br = v->boxr;
	k->bc = v->boxc;
	k->cage = v->cages;
	k->sum = v->sums;
	k->max = max;
	ck_assert_int_le(k->n, 16);
	for (x = 0; x < k->n * k->n; x++)
		k->open[v->cages[x]]++;
	for (x = 0; x < k->n * k->n; x++)
		if (givens[x] != 0)
			kc_set(k, x, givens[x], 1);
	for (c = 0; c < v->ncages; c++)
		ck_assert_int_le(k->have[c], v->sums[c]);
	kc_search(k);
	c = k->count;
	free(k);
	return c;
}

/*
 * A killer of boxes r x c under effort e (0: the default): it is a
 * killer, with no more cages than the text form labels, unique by
 * killer_count(), and its text form reads back the same.
 */
static void
check_killer(int r, int c, uint64_t effort, uint64_t seed, int *givens)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	struct dlx_sudoku_gen_status	 st;
	struct dlx_sudoku_reader_options ro;
	struct dlx_sudoku_puzzle	 rp;
	struct dlx_sudoku_variant	 rv;
	dlx_sudoku_vreader		*rd;
	dlx_sudoku_gen			*g;
	char				*text;
	size_t				 len;
	FILE				*fp;
	int				 n = r * c, x;
	int				 map[DLX_SUDOKU_LABELS];

	memset(&o, 0, sizeof o);
	o.boxr = r;
	o.boxc = c;
	o.killer = 1;
	o.seed = seed;
	o.effort = effort;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_ptr_nonnull(p.variant->cages);
	ck_assert_str_eq(dlx_sudoku_variant_name(p.variant), "killer");
	ck_assert_int_gt(p.variant->ncages, 0);
	ck_assert_int_le(p.variant->ncages, DLX_SUDOKU_LABELS);
	ck_assert_int_eq(dlx_sudoku_variant_check(p.variant, NULL), DLX_OK);
	for (x = 0; x < n * n; x++)
		ck_assert(p.puzzle[x] == 0 || p.puzzle[x] == p.solution[x]);
	ck_assert_int_eq(killer_count(p.variant, p.solution, 2), 1);
	ck_assert_int_eq(killer_count(p.variant, p.puzzle, 2), 1);
	/* Givens whose check ran out: the puzzle does not claim to be
	 * minimal. */
	ck_assert_int_eq(dlx_sudoku_gen_status(g, &st), DLX_OK);
	if (st.unsettled > 0)
		ck_assert_int_eq(p.minimal, 0);
	*givens = p.givens;
	/* Its text form, every cage labelled, reads back the same. */
	len = dlx_sudoku_variant_format(p.variant, p.puzzle, NULL, NULL, 0);
	ck_assert_uint_gt(len, 0);
	ck_assert_ptr_nonnull(text = malloc(len + 1));
	ck_assert_uint_eq(dlx_sudoku_variant_format(p.variant, p.puzzle, NULL,
	    text, len + 1), len);
	ck_assert_ptr_nonnull(fp = fmemopen(text, len, "r"));
	memset(&ro, 0, sizeof ro);
	ck_assert_int_eq(dlx_sudoku_vreader_new(&rd, fp, &ro), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_vread(rd, &rp, &rv, NULL),
	    DLX_SUDOKU_PUZZLE);
	/* The reader numbers cages as they come: the same cages, the
	 * same sums, under other numbers. */
	ck_assert_int_eq(rv.ncages, p.variant->ncages);
	for (x = 0; x < rv.ncages; x++)
		map[x] = -1;
	for (x = 0; x < n * n; x++) {
		if (map[p.variant->cages[x]] < 0)
			map[p.variant->cages[x]] = rv.cages[x];
		ck_assert_int_eq(map[p.variant->cages[x]], rv.cages[x]);
		ck_assert_int_eq(rv.sums[rv.cages[x]],
		    p.variant->sums[p.variant->cages[x]]);
	}
	ck_assert_mem_eq(rp.cells, p.puzzle, sizeof *p.puzzle * n * n);
	dlx_sudoku_vreader_free(rd);
	fclose(fp);
	free(text);
	dlx_sudoku_gen_free(g);
}

/* A 16x16 killer under a small bound: once its 85th cage had no label
 * and dlx-sudoku said "out of memory". */
START_TEST(test_gen_killer_labels)
{
	int	 givens;

	check_killer(4, 4, 5, 0, &givens);
}
END_TEST

/* 12x12 and 16x16 killers under their default bound. */
START_TEST(test_gen_killer_default)
{
	int	 givens;

	check_killer(3, 4, 0, 0, &givens);
	check_killer(4, 4, 0, 1, &givens);
}
END_TEST

/*
 * A classic puzzle of boxes r x c with symmetry sym (the default bound):
 * classic, its givens placed as sym says, unique by the reference
 * solver.
 */
static void
check_symmetric(int r, int c, int sym, uint64_t seed)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g;
	int				 n = r * c, x, y, i, j;

	memset(&o, 0, sizeof o);
	o.boxr = r;
	o.boxc = c;
	o.symmetry = sym;
	o.seed = seed;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_ptr_null(p.variant->cages);
	ck_assert_ptr_null(p.variant->regions);
	ck_assert_uint_eq(p.variant->extras, 0);
	for (x = 0; x < n * n; x++) {
		i = x / n;
		j = x % n;
		y = sym == DLX_GEN_SYM_180 ? (n - 1 - i) * n + n - 1 - j :
		    sym == DLX_GEN_SYM_90 ? j * n + n - 1 - i :
		    i * n + n - 1 - j;
		ck_assert_int_eq(p.puzzle[x] != 0, p.puzzle[y] != 0);
		ck_assert(p.puzzle[x] == 0 || p.puzzle[x] == p.solution[x]);
	}
	ck_assert_int_eq(ref_solve(r, c, p.puzzle, NULL, 2), 1);
	dlx_sudoku_gen_free(g);
}

/* 12x12 with each symmetry (nearly every 12x12 symmetric puzzle has a
 * given that could go alone: they are kept). */
START_TEST(test_gen_symmetric_12x12)
{
	check_symmetric(3, 4, DLX_GEN_SYM_180, 0);
	check_symmetric(3, 4, DLX_GEN_SYM_90, 1);
	check_symmetric(3, 4, DLX_GEN_SYM_MIRROR, 2);
}
END_TEST

/* 16x16 with 180-degree symmetry: once hundreds of grids, minutes. */
START_TEST(test_gen_symmetric_16x16)
{
	check_symmetric(4, 4, DLX_GEN_SYM_180, 0);
}
END_TEST

/* Asked for no bound, a symmetric 12x12 is minimal: no given alone can
 * go (each counted by the reference solver). */
START_TEST(test_gen_symmetric_no_bound)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	dlx_sudoku_gen			*g;
	int				 cells[144], x, save;

	memset(&o, 0, sizeof o);
	o.boxr = 3;
	o.boxc = 4;
	o.symmetry = DLX_GEN_SYM_180;
	o.effort = DLX_GEN_EFFORT_NONE;
	ck_assert_int_eq(dlx_sudoku_gen_new(&g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(g, &p), DLX_OK);
	ck_assert_int_eq(p.minimal, 1);
	memcpy(cells, p.puzzle, sizeof cells);
	ck_assert_int_eq(ref_solve(3, 4, cells, NULL, 2), 1);
	for (x = 0; x < 144; x++) {
		if ((save = cells[x]) == 0)
			continue;
		cells[x] = 0;
		ck_assert_int_eq(ref_solve(3, 4, cells, NULL, 2), 2);
		cells[x] = save;
	}
	dlx_sudoku_gen_free(g);
}
END_TEST

/* ---- stopping ----------------------------------------------------------- */

struct poller {
	dlx_sudoku_gen	*g;
	uint64_t	 calls;
	uint64_t	 stop_at;	/* stop at this call; 0: never */
	int		 in_search;	/* stop at the first poll inside a
					   search */
	int		 last_done;	/* the search pass's step last seen */
	int		 stage_ok;
};

static int
on_poll(void *arg, uint64_t attempts)
{
	struct poller			*pl = arg;
	struct dlx_sudoku_gen_status	 st;

	(void)attempts;
	pl->calls++;
	ck_assert_int_eq(dlx_sudoku_gen_status(pl->g, &st), DLX_OK);
	if (st.stage < DLX_GEN_STAGE_GRID || st.stage > DLX_GEN_STAGE_GRADE ||
	    st.done > st.total || st.givens < 0 || st.attempts == 0)
		pl->stage_ok = 0;
	if (pl->stop_at != 0 && pl->calls >= pl->stop_at)
		return 1;
	/* The search pass polls once before each check: a second poll at
	 * the same step comes from inside a check's search. */
	if (pl->in_search && st.stage == DLX_GEN_STAGE_SEARCH) {
		if (st.done == pl->last_done)
			return 1;
		pl->last_done = st.done;
	}
	return 0;
}

/* A stop asked at the 200th poll ends next() with DLX_STOPPED at once;
 * the generator then makes its puzzle afresh, and a whole 25x25 puzzle
 * is polled at least once per cell. */
START_TEST(test_gen_stop)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	struct poller			 pl;

	memset(&o, 0, sizeof o);
	memset(&pl, 0, sizeof pl);
	o.boxr = o.boxc = 5;
	o.seed = 1;
	o.effort = 10;
	o.progress = on_poll;
	o.progress_arg = &pl;
	pl.stage_ok = 1;
	pl.stop_at = 200;
	ck_assert_int_eq(dlx_sudoku_gen_new(&pl.g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(pl.g, &p), DLX_STOPPED);
	ck_assert_uint_eq(pl.calls, 200);
	pl.stop_at = 0;
	pl.calls = 0;
	ck_assert_int_eq(dlx_sudoku_gen_next(pl.g, &p), DLX_OK);
	ck_assert_uint_ge(pl.calls, 625);
	ck_assert_int_eq(pl.stage_ok, 1);
	dlx_sudoku_gen_free(pl.g);
}
END_TEST

/* Without a bound 25x25 checks grow long: the callback is polled inside
 * them too, and a stop there ends next() as well. */
START_TEST(test_gen_stop_in_search)
{
	struct dlx_sudoku_gen_options	 o;
	struct dlx_sudoku_genpuzzle	 p;
	struct poller			 pl;

	memset(&o, 0, sizeof o);
	memset(&pl, 0, sizeof pl);
	o.boxr = o.boxc = 5;
	o.seed = 1;
	o.effort = DLX_GEN_EFFORT_NONE;
	o.progress = on_poll;
	o.progress_arg = &pl;
	pl.stage_ok = 1;
	pl.in_search = 1;
	pl.last_done = -1;
	ck_assert_int_eq(dlx_sudoku_gen_new(&pl.g, &o), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_gen_next(pl.g, &p), DLX_STOPPED);
	ck_assert_int_eq(pl.stage_ok, 1);
	dlx_sudoku_gen_free(pl.g);
}
END_TEST

Suite *
make_gen_suite(void)
{
	Suite	*s = suite_create("Gen");
	TCase	*tc = tcase_create("Core");
	TCase	*lim = tcase_create("Limits");

	tcase_add_loop_test(tc, test_gen_refusals, 0,
	    (int)(sizeof refusals / sizeof refusals[0]));
	tcase_add_test(tc, test_gen_min_givens);
	tcase_add_test(tc, test_gen_minimal_flag);
	tcase_add_test(tc, test_gen_stop);
	tcase_add_test(tc, test_gen_killer_labels);
	tcase_add_test(tc, test_gen_symmetric_12x12);
	/* A 25x25 puzzle: seconds under the sanitizers or valgrind. */
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	tcase_add_loop_test(lim, test_gen_4x4_every_puzzle, 0, 12);
	tcase_add_test(lim, test_gen_16x16_bounded);
	tcase_add_test(lim, test_gen_25x25_bounded);
	tcase_add_test(lim, test_gen_stop_in_search);
	tcase_add_test(lim, test_gen_killer_default);
	tcase_add_test(lim, test_gen_symmetric_16x16);
	tcase_add_test(lim, test_gen_symmetric_no_bound);
	tcase_set_timeout(lim, 120);
	/* Seconds of work: CI's in-process valgrind run leaves out the
	 * tag "slow" (CK_EXCLUDE_TAGS); every other run has it. */
	tcase_set_tags(lim, "slow");
	suite_add_tcase(s, lim);
	return s;
}
