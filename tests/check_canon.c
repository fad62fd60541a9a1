/*
 * check_canon.c: the canonical form of classic 9x9 puzzles
 * (dlx_sudoku_canon_run(), dlx_sudoku.h).
 *
 * The canonical forms and automorphism counts of the table were found by
 * the plain minimum over all 3,359,232 transformations (the test tagged
 * "slow" below does it again for two of them).  Each puzzle's random
 * isomorphs (any symmetry of the grid, transposition included, and any
 * relabelling) must give the same form and count; the transformation
 * returned must be a symmetry of the grid and give the form; the form is
 * its own form.  Puzzles known not to be isomorphic (Royle's 17-clue
 * puzzles, one of each class) must give different forms.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_dlx.h"
#include "dlx_sudoku.h"

static const struct known {
	const char	*puzzle;
	const char	*canonical;
	uint64_t	 automorphisms;
} known[] = {
	{ ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
	  ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 1 },
	{ "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
	  "................12..1.34...........5...6.2..7..4.............4..2.7...8..6..1.3..", 1 },
	{ "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	  "........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4..", 1 },
	{ "8.........59.......76............587....7.196....5.243...713965...896412...524738",
	  "........1......23.......45....123......467....23589...157846...246931...389752...", 1 },
	{ "8.........59.......76............587....7.196....5.243...713965...524738...896412",
	  "........1......23.......45....123......467....23589...157846...246931...389752...", 1 },
	{ "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
	  "123456789456789123798231564261597348584362917937148652342675891679814235815923476", 1 },
	{ "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
	  "123456789456789123789123456234567891567891234891234567345678912678912345912345678", 54 },
	{ ".................................................................................",
	  ".................................................................................", 3359232 },
	{ ".............................................................................7...",
	  "................................................................................1", 41472 },
	{ "...................................................................987654321.....",
	  "....................................................................123456789....", 5184 },
	{ "....5.78..5.....2.7.......6...5.7.........2.4......567....7....6.8..2.......4.6..",
	  "........1.....2........3.4....45.1....1........4..6....3....2.654.....3.61..3.4..", 1 },
	{ "..3.5.7....6.8...........5..........56.....34..........4...........1.3....2.4.6..",
	  "......................12.34........1..14..5....62..........3.....37..2....8...4..", 8 },
	{ "1..................89.2....2.45.......7...2.......45.7....7.91..................8",
	  ".................1.....234............3......14...5.......6..72.2.....5..657.....", 2 },
	/* Few givens, many automorphisms: many candidates tie. */
	{ ".....1.....................6.........................6.....................1.....",
	  "..........................1.........................1...............2.....2......", 128 },
	{ ".9.......426.......7.....9...................................4...3...9...........",
	  "............................................1.....1.2.....2........3...4...156...", 36 },
	{ "....56.....................................................................46....",
	  "..............................................................1.....1..2.....3...", 1728 },
	{ "...........5...8...............9.................................................",
	  ".....................................................1....................2..3...", 384 },
	{ "............7.9...................................................9.2............",
	  "....................................................................1..2.....2..3", 3456 },
};

#define NKNOWN	((int)(sizeof known / sizeof known[0]))

/* Royle's 17-clue puzzles: one of each class, so pairwise not
 * isomorphic. */
static const char *const distinct[] = {
	".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
	".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
	".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
	".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
	".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
	"................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
	"..............1.23..4.56......2........73......8...6...2.3...7.6.....5..9........",
	"........1.....2.34.56..........4.5....4.1.....7....8.....6....2...8..9..4........",
};

#define NDISTINCT	((int)(sizeof distinct / sizeof distinct[0]))

static void
parse(const char *s, int *cells)
{
	int	 i;

	for (i = 0; i < 81; i++)
		cells[i] = s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0;
}

static void
format(const int *cells, char *s)
{
	int	 i;

	for (i = 0; i < 81; i++)
		s[i] = cells[i] == 0 ? '.' : (char)('0' + cells[i]);
	s[81] = '\0';
}

/* xorshift64*: the test's own, repeatable. */
static unsigned
rnd(uint64_t *st, unsigned n)
{
	*st ^= *st >> 12;
	*st ^= *st << 25;
	*st ^= *st >> 27;
	return (unsigned)((*st * 2685821657736338717ULL >> 33) % n);
}

static void
shuffle(uint64_t *st, int *a, int n)
{
	int	 i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = (int)rnd(st, (unsigned)i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* A random map of rows (or columns) keeping the bands: a permutation of
 * the bands and of the rows in each. */
static void
band_map(uint64_t *st, int *m)
{
	int	 b[3] = { 0, 1, 2 }, w[3], i, j;

	shuffle(st, b, 3);
	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++)
			w[j] = j;
		shuffle(st, w, 3);
		for (j = 0; j < 3; j++)
			m[3 * i + j] = 3 * b[i] + w[j];
	}
}

/* A random isomorph of cells: one of the 3,359,232 symmetries, then one
 * of the 9! relabellings. */
static void
isomorph(uint64_t *st, const int *cells, int *out)
{
	int	 rm[9], cm[9], d[10], i, j, k, t = (int)rnd(st, 2);

	band_map(st, rm);
	band_map(st, cm);
	for (i = 0; i < 10; i++)
		d[i] = i;
	shuffle(st, d + 1, 9);
	for (i = 0; i < 9; i++)
		for (j = 0; j < 9; j++) {
			k = t ? 9 * cm[j] + rm[i] : 9 * rm[i] + cm[j];
			out[9 * i + j] = d[cells[k]];
		}
}

/* Is map one of the 3,359,232 symmetries: rows to rows (or columns),
 * bands kept together, the same for every row? */
static int
is_symmetry(const int *map)
{
	int	 t, rm[9], cm[9], i, j, seen;

	t = map[0] / 9 != map[1] / 9;
	for (i = 0; i < 9; i++) {
		rm[i] = t ? map[9 * i] % 9 : map[9 * i] / 9;
		cm[i] = t ? map[i] / 9 : map[i] % 9;
	}
	for (i = 0; i < 9; i++)
		for (j = 0; j < 9; j++)
			if (map[9 * i + j] != (t ? 9 * cm[j] + rm[i] :
			    9 * rm[i] + cm[j]))
				return 0;
	seen = 0;
	for (i = 0; i < 9; i++) {
		if (rm[i] / 3 != rm[i - i % 3] / 3 ||
		    cm[i] / 3 != cm[i - i % 3] / 3)
			return 0;
		seen |= 1 << rm[i] | 1 << (cm[i] + 9);
	}
	return seen == (1 << 18) - 1;
}

/* The known form and count; the transformation gives the form; the form
 * is its own. */
START_TEST(test_canon_known)
{
	const struct known		*k = &known[_i];
	struct dlx_sudoku_transform	 how;
	int				 cells[81], out[81], again[81], i;
	int				 seen;
	char				 s[82];
	uint64_t			 naut, naut2;

	parse(k->puzzle, cells);
	ck_assert_int_eq(dlx_sudoku_canonical(cells, out, &how, &naut),
	    DLX_OK);
	format(out, s);
	ck_assert_str_eq(s, k->canonical);
	ck_assert_uint_eq(naut, k->automorphisms);
	ck_assert(is_symmetry(how.map));
	ck_assert_int_eq(how.digits[0], 0);
	for (seen = 0, i = 1; i < 10; i++)
		seen |= 1 << how.digits[i];
	ck_assert_int_eq(seen, 0x3fe);
	ck_assert_int_eq(dlx_sudoku_transform_apply(&how, cells, again),
	    DLX_OK);
	ck_assert_mem_eq(again, out, sizeof out);
	/* In place, and of the form itself. */
	ck_assert_int_eq(dlx_sudoku_canonical(out, out, NULL, &naut2),
	    DLX_OK);
	format(out, s);
	ck_assert_str_eq(s, k->canonical);
	ck_assert_uint_eq(naut2, naut);
}
END_TEST

/* Random isomorphs of each known puzzle: the same form, the same count,
 * on one workspace reused. */
START_TEST(test_canon_isomorphs)
{
	dlx_sudoku_canon	*c;
	int			 cells[81], iso[81], out[81], k, rep;
	char			 s[82];
	uint64_t		 st = 0x9e3779b97f4a7c15ULL, naut;

	ck_assert_int_eq(dlx_sudoku_canon_new(&c, NULL), DLX_OK);
	for (k = 0; k < NKNOWN; k++) {
		parse(known[k].puzzle, cells);
		for (rep = 0; rep < 8; rep++) {
			isomorph(&st, cells, iso);
			ck_assert_int_eq(dlx_sudoku_canon_run(c, iso, out, NULL,
			    &naut), DLX_OK);
			format(out, s);
			ck_assert_str_eq(s, known[k].canonical);
			ck_assert_uint_eq(naut, known[k].automorphisms);
		}
	}
	dlx_sudoku_canon_free(c);
}
END_TEST

/* Puzzles not isomorphic to each other: forms all different. */
START_TEST(test_canon_distinct)
{
	int	 cells[81], out[NDISTINCT][81], i, j;

	for (i = 0; i < NDISTINCT; i++) {
		parse(distinct[i], cells);
		ck_assert_int_eq(dlx_sudoku_canonical(cells, out[i], NULL,
		    NULL), DLX_OK);
		for (j = 0; j < i; j++)
			ck_assert_msg(memcmp(out[i], out[j], sizeof out[i]) != 0,
			    "puzzles %d and %d have one form", j, i);
	}
}
END_TEST

/* Bad arguments and givens that clash: refused, out unchanged. */
START_TEST(test_canon_refusals)
{
	struct dlx_sudoku_transform	 how;
	dlx_sudoku_canon		*c = NULL;
	int				 cells[81], out[81], i;

	memset(cells, 0, sizeof cells);
	for (i = 0; i < 81; i++)
		out[i] = 7;
	ck_assert_int_eq(dlx_sudoku_canon_new(NULL, NULL), DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_canon_run(NULL, cells, out, NULL, NULL),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_canonical(NULL, out, NULL, NULL),
	    DLX_EINVAL);
	ck_assert_int_eq(dlx_sudoku_canonical(cells, NULL, NULL, NULL),
	    DLX_EINVAL);
	cells[40] = 10;
	ck_assert_int_eq(dlx_sudoku_canonical(cells, out, NULL, NULL),
	    DLX_EINVAL);
	cells[40] = -1;
	ck_assert_int_eq(dlx_sudoku_canonical(cells, out, NULL, NULL),
	    DLX_EINVAL);
	/* Two 5s in a box, in no row or column together. */
	cells[40] = 5;
	cells[30] = 5;
	ck_assert_int_eq(dlx_sudoku_canonical(cells, out, &how, NULL),
	    DLX_ECONFLICT);
	for (i = 0; i < 81; i++)
		ck_assert_int_eq(out[i], 7);
	ck_assert_int_eq(dlx_sudoku_transform_apply(NULL, cells, out),
	    DLX_EINVAL);
	dlx_sudoku_canon_free(c);
}
END_TEST

/* The plain minimum over all 3,359,232 transformations (each relabelled
 * in order of first appearance), and how many reach it. */
static void
brute(const int *cells, int *best, uint64_t *count)
{
	static const int p[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
		{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	static int	 maps[1296][9];
	int		 g[2][81], n = 0, b, w[4], i, j, k, t, a, c, v, cmp;
	int		 lab[10], nl;

	for (b = 0; b < 6; b++)
		for (w[0] = 0; w[0] < 6; w[0]++)
			for (w[1] = 0; w[1] < 6; w[1]++)
				for (w[2] = 0; w[2] < 6; w[2]++, n++)
					for (i = 0; i < 3; i++)
						for (j = 0; j < 3; j++)
							maps[n][3 * i + j] =
							    3 * p[b][i] +
							    p[w[i]][j];
	for (k = 0; k < 81; k++) {
		g[0][k] = cells[k];
		g[1][9 * (k % 9) + k / 9] = cells[k];
		best[k] = 99;
	}
	*count = 0;
	for (t = 0; t < 2; t++)
		for (a = 0; a < 1296; a++)
			for (c = 0; c < 1296; c++) {
				memset(lab, 0, sizeof lab);
				nl = 0;
				cmp = 0;
				for (k = 0; k < 81 && cmp <= 0; k++) {
					v = g[t][9 * maps[a][k / 9] +
					    maps[c][k % 9]];
					if (v != 0 && lab[v] == 0)
						lab[v] = ++nl;
					v = lab[v];
					if (cmp == 0 && v != best[k])
						cmp = v < best[k] ? -1 : 1;
					if (cmp < 0)
						best[k] = v;
				}
				if (cmp < 0)
					*count = 1;
				else if (cmp == 0)
					(*count)++;
			}
}

/* Two puzzles against the plain minimum: one with 8 automorphisms. */
START_TEST(test_canon_brute)
{
	static const int	 which[] = { 2, 11 };
	int			 cells[81], out[81], best[81];
	uint64_t		 naut, count;

	parse(known[which[_i]].puzzle, cells);
	brute(cells, best, &count);
	ck_assert_int_eq(dlx_sudoku_canonical(cells, out, NULL, &naut),
	    DLX_OK);
	ck_assert_mem_eq(out, best, sizeof out);
	ck_assert_uint_eq(naut, count);
}
END_TEST

Suite *
make_canon_suite(void)
{
	Suite	*s = suite_create("Canon");
	TCase	*tc = tcase_create("Core");
	TCase	*slow = tcase_create("Brute");

	tcase_add_loop_test(tc, test_canon_known, 0, NKNOWN);
	tcase_add_test(tc, test_canon_isomorphs);
	tcase_add_test(tc, test_canon_distinct);
	tcase_add_test(tc, test_canon_refusals);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	/* A second or so each: 3,359,232 transformations. */
	tcase_add_loop_test(slow, test_canon_brute, 0, 2);
	tcase_set_timeout(slow, 300);
	tcase_set_tags(slow, "slow");
	suite_add_tcase(s, slow);
	return s;
}
