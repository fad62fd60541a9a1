/*
 * check_logic.c: the human-style rules of dlx_logic.h.
 *
 * "Rules": one grid per rule, each with the exact text of its step.  The
 * grids are states in which no single applies (or, for the singles, the
 * single is the first thing to see), so the step shown is the one rule the
 * grid needs next; several come from real puzzles after their singles.
 * "Soundness": every placement and elimination made on a few hundred
 * puzzles (tests/data/logic-sound.txt) agrees with the true solution,
 * found by the independent solver of sudoku_ref.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_dlx.h"
#include "dlx_logic.h"
#include "sudoku_ref.h"

#define SINGLES	(DLX_LOGIC_RULE(DLX_LOGIC_NAKED_SINGLE) | \
		    DLX_LOGIC_RULE(DLX_LOGIC_HIDDEN_SINGLE))

dlx_logic *
test_logic_new(int boxrows, int boxcols)
{
	static char	 mark;
	dlx_logic	*lg = (dlx_logic *)(void *)&mark;
	int		 rc;

	rc = dlx_logic_new(&lg, boxrows, boxcols, NULL);
	if (rc != DLX_OK) {
		ck_assert_int_eq(rc, DLX_EINVAL);
		ck_assert_ptr_eq(lg, (dlx_logic *)(void *)&mark);
		return NULL;
	}
	ck_assert_ptr_ne(lg, (dlx_logic *)(void *)&mark);
	ck_assert_int_eq(dlx_logic_size(lg), boxrows * boxcols);
	return lg;
}

/* A grid and the text of the first step after its singles. */
struct rule_case {
	enum dlx_logic_rule rule;
	const char	*grid;		/* one line, as ref_parse() reads */
	const char	*text;
};

static const struct rule_case rule_cases[] = {
	/* Hidden singles come first: this grid has none left. */
	{ DLX_LOGIC_NAKED_SINGLE,
	  "......4139..3..5..3...5.....48..7..........52.1.......6..2....5.7"
	  "....8......3....",
	  "naked single: r5c1 = 7" },
	{ DLX_LOGIC_HIDDEN_SINGLE,
	  "............1...........1...1...........................1........"
	  "................",
	  "hidden single: r1c1 = 1 (only place for 1 in box 1)" },
	{ DLX_LOGIC_POINTING,
	  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3"
	  "....4.9.7......",
	  "pointing 5 in box 4 confined to column 3 (r5c3, r6c3): "
	  "removes 5 from r1c3 r2c3 r3c3" },
	{ DLX_LOGIC_CLAIMING,
	  ".6.5.1.9.12..9..539....7....4.8...7.......5.8.817.5.3.....5.2.7.."
	  "..7.....76..8...",
	  "claiming 9 in row 6 confined to box 6 (r6c7, r6c9): "
	  "removes 9 from r4c7 r4c9" },
	{ DLX_LOGIC_NAKED_PAIR,
	  "..3.5.4..7...6.....5.8...6.5....3..4.1..7..8.2..4....7.4...8.5..."
	  "5.4...9..6.1.24.",
	  "naked pair {8,9} in row 6 (r6c3, r6c5): "
	  "removes 8 from r6c2, 9 from r6c2 r6c6 r6c7 r6c8" },
	{ DLX_LOGIC_HIDDEN_PAIR,
	  "...9...86......5......5...1.2......47.85...9.4..36....2....3....4"
	  ".69..7.67..1.4..",
	  "hidden pair {4,7} in box 8 (r7c4, r7c5): removes 8 from r7c4 r7c5" },
	/* The cells are {6,7}, {6,7,8} and {7,8}. */
	{ DLX_LOGIC_NAKED_TRIPLE,
	  "1..5..4...3..9......53.27.....1.............55.8.2631.7.2.3..8..."
	  "....2.4.592.....",
	  "naked triple {6,7,8} in row 1 (r1c3, r1c5, r1c6): "
	  "removes 6 from r1c2 r1c8 r1c9, 7 from r1c2, 8 from r1c2 r1c9" },
	{ DLX_LOGIC_HIDDEN_TRIPLE,
	  "....714.24......7.2.7....3.346198257.8.7.....7....3.4...3..7.2.52"
	  "4..679..7..2....",
	  "hidden triple {2,4,5} in row 5 (r5c3, r5c5, r5c6): "
	  "removes 1 from r5c3, 6 from r5c5, 9 from r5c3" },
	{ DLX_LOGIC_NAKED_QUAD,
	  "..........56......789..................5........6........7......"
	  "..8........9.....",
	  "naked quad {1,2,3,4} in row 1 (r1c1, r1c2, r1c3, r1c4): "
	  "removes 1 from r1c5 r1c6 r1c7 r1c8 r1c9, "
	  "2 from r1c5 r1c6 r1c7 r1c8 r1c9, 3 from r1c5 r1c6 r1c7 r1c8 r1c9, "
	  "4 from r1c5 r1c6 r1c7 r1c8 r1c9" },
	{ DLX_LOGIC_HIDDEN_QUAD,
	  "...................41...23....3...........7.....4..6...3.1......."
	  "9...4.....2..3..",
	  "hidden quad {1,2,3,4} in box 2 (r1c5, r1c6, r2c5, r2c6): "
	  "removes 5 from r1c5 r1c6 r2c5 r2c6, 6 from r1c5 r1c6 r2c5 r2c6, "
	  "7 from r1c5 r1c6 r2c5 r2c6, 8 from r1c5 r1c6 r2c5 r2c6, "
	  "9 from r1c5 r1c6 r2c5 r2c6" },
	{ DLX_LOGIC_X_WING,
	  "9..7..3...5..2..17..7.....93..6..7...6..5..3...2..8..61..4..6..."
	  "4..6..8...6..3..4",
	  "x-wing 7 in rows 5, 8 confined to columns 1, 6: "
	  "removes 7 from r6c1 r7c6 r9c1" },
	{ DLX_LOGIC_SWORDFISH,
	  "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2..7"
	  "9..8..5...5..9..7",
	  "swordfish 2 in rows 2, 5, 8 confined to columns 3, 4, 6: "
	  "removes 2 from r1c3 r1c6 r3c4 r9c4" },
	/* Other sizes: 4x4, 6x6 (boxes of 2 rows by 3 columns), 16x16. */
	{ DLX_LOGIC_POINTING,
	  "..14.......1..4.",
	  "pointing 2 in box 2 confined to row 2 (r2c3, r2c4): "
	  "removes 2 from r2c1 r2c2" },
	{ DLX_LOGIC_NAKED_PAIR,
	  ".5....346215.34.....5...4....3563142",
	  "naked pair {5,6} in column 4 (r3c4, r5c4): removes 6 from r1c4 r4c4" },
	{ DLX_LOGIC_CLAIMING,
	  "5...2.....1..42...1.52.4....5..5..4.",
	  "claiming 3 in column 5 confined to box 4 (r3c5, r4c5): "
	  "removes 3 from r3c4 r3c6" },
	{ DLX_LOGIC_NAKED_PAIR,
	  "G1459368ABC27DFE7F281B459E3D6AGCD963CEFA...7142BACEB7G2DF1469358"
	  "EB7FA59.C.13D8462G8D467FB95AC1E36314.D8C..FEB59A95AC31BED4682G7F"
	  "B79E84A12FD536CG42FG6C5938B1AED73DC1EFG76A9482B5865AD23BEC7G4F19"
	  "5AG7B8E41329FC6DF8D9.AC.46EB57311E32F9D6...CGB.4C4B65713.D.FE9.2",
	  "naked pair {8,A} in row 15 (r15c11, r15c15): removes 8 from r15c9" },
};

/* A logic solver loaded with grid; fails the test on any error. */
static dlx_logic *
load(const char *line, int *grid, int *n)
{
	dlx_logic	*lg;
	int		 br, bc;

	*n = ref_parse(line, grid, &br, &bc);
	ck_assert_int_gt(*n, 0);
	lg = test_logic_new(br, bc);
	ck_assert_ptr_nonnull(lg);
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
	return lg;
}

START_TEST(test_logic_rule)
{
	const struct rule_case	*rc = &rule_cases[_i];
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	char			 buf[1024];
	int			 grid[REF_MAXN * REF_MAXN], n, r;

	lg = load(rc->grid, grid, &n);
	if (rc->rule > DLX_LOGIC_HIDDEN_SINGLE) {
		/* Singles alone are stuck: the rule is needed. */
		dlx_logic_set_rules(lg, SINGLES);
		ck_assert_int_eq(dlx_logic_run(lg, NULL, NULL, NULL),
		    DLX_LOGIC_STUCK);
		dlx_logic_set_rules(lg, DLX_LOGIC_ALL_RULES);
	}
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_OK);
	ck_assert_int_eq(st.rule, rc->rule);
	ck_assert_uint_eq(dlx_logic_format(lg, &st, buf, sizeof buf),
	    strlen(rc->text));
	ck_assert_str_eq(buf, rc->text);
	ck_assert_uint_eq(dlx_logic_count(lg, rc->rule), 1);
	ck_assert_int_eq(dlx_logic_grade(lg), dlx_logic_rule_grade(rc->rule));
	/* Nothing easier than the rule would have done. */
	for (r = 0; r < (int)rc->rule; r++)
		if (r > DLX_LOGIC_HIDDEN_SINGLE)
			ck_assert_uint_eq(dlx_logic_count(lg, r), 0);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_rule_only)
{
	const struct rule_case	*rc = &rule_cases[_i];
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	int			 grid[REF_MAXN * REF_MAXN], n;

	/* With the rule itself (and singles) allowed, the same step. */
	lg = load(rc->grid, grid, &n);
	dlx_logic_set_rules(lg, SINGLES | DLX_LOGIC_RULE(rc->rule));
	while (dlx_logic_step(lg, &st) == DLX_OK && st.rule != rc->rule)
		continue;
	ck_assert_int_eq(st.rule, rc->rule);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_new_limits)
{
	dlx_logic	*lg;

	ck_assert_ptr_null(test_logic_new(1, 1));
	ck_assert_ptr_null(test_logic_new(0, 4));
	ck_assert_ptr_null(test_logic_new(4, 0));
	ck_assert_ptr_null(test_logic_new(6, 7));
	ck_assert_ptr_null(test_logic_new(1, 37));
	ck_assert_ptr_null(test_logic_new(-3, -3));
	lg = test_logic_new(6, 6);
	ck_assert_ptr_nonnull(lg);
	ck_assert_int_eq(dlx_logic_size(lg), 36);
	dlx_logic_free(lg);
	/* Boxes of one row: each box is a row. */
	lg = test_logic_new(1, 4);
	ck_assert_ptr_nonnull(lg);
	ck_assert_int_eq(dlx_logic_size(lg), 4);
	dlx_logic_free(lg);
	dlx_logic_free(NULL);
}
END_TEST

START_TEST(test_logic_load_errors)
{
	dlx_logic	*lg;
	int		 grid[16], i;

	lg = test_logic_new(2, 2);
	ck_assert_ptr_nonnull(lg);
	for (i = 0; i < 16; i++)
		grid[i] = 0;
	grid[5] = 3;
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
	/* Out of range: refused, the grid loaded before stays. */
	grid[0] = 5;
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_EINVAL);
	grid[0] = -1;
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_EINVAL);
	ck_assert_int_eq(dlx_logic_load(lg, NULL), DLX_EINVAL);
	/* Two 1s in box 1 (r1c1 and r2c2). */
	grid[0] = 1;
	grid[5] = 1;
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_ECONFLICT);
	ck_assert_int_eq(dlx_logic_cell(lg, 5), 3);
	ck_assert_uint_eq(dlx_logic_candidates(lg, 0), 0x1 | 0x2 | 0x8);
	ck_assert_uint_eq(dlx_logic_candidates(lg, 5), 0);
	ck_assert_uint_eq(dlx_logic_candidates(lg, 16), 0);
	ck_assert_int_eq(dlx_logic_cell(lg, -1), 0);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_solved_and_stuck)
{
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	int			 grid[81] = { 0 }, n;

	/* The empty grid: nothing applies. */
	lg = test_logic_new(3, 3);
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
	ck_assert_int_eq(dlx_logic_grade(lg), DLX_LOGIC_GRADE_NONE);
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_LOGIC_STUCK);
	ck_assert_int_eq(dlx_logic_grade(lg), DLX_LOGIC_GRADE_SEARCH);
	ck_assert_str_eq(dlx_logic_grade_name(dlx_logic_grade(lg)), "search");
	dlx_logic_free(lg);

	/* A puzzle of singles only, run to the end. */
	lg = load("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95"
	    "..8..2.3..9..5.1.3..", grid, &n);
	ck_assert_int_eq(dlx_logic_run(lg, NULL, NULL, NULL),
	    DLX_LOGIC_SOLVED);
	ck_assert_int_eq(dlx_logic_grade(lg), DLX_LOGIC_GRADE_SINGLES);
	ck_assert_uint_eq(dlx_logic_count(lg, DLX_LOGIC_NAKED_SINGLE) +
	    dlx_logic_count(lg, DLX_LOGIC_HIDDEN_SINGLE), 49);
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_LOGIC_SOLVED);
	ck_assert_int_eq(dlx_logic_step(lg, NULL), DLX_EINVAL);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_contradiction)
{
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	char			 buf[128];
	int			 grid[81], n;

	/* r1c9 sees 1..8 in its row and 9 in its column. */
	lg = load("12345678....................................9................."
	    "...................", grid, &n);
	ck_assert_int_eq(dlx_logic_run(lg, NULL, NULL, &st),
	    DLX_LOGIC_CONTRADICTION);
	ck_assert_int_eq(st.rule, DLX_LOGIC_NO_CANDIDATE);
	dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_str_eq(buf, "contradiction: no candidate left for r1c9");
	dlx_logic_free(lg);

	/* 1 can go nowhere in row 1: r1c8 and r1c9 see a 1 below. */
	lg = load("2345678....................................1..................."
	    "........1.........", grid, &n);
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_LOGIC_CONTRADICTION);
	dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_str_eq(buf, "contradiction: no place left for 1 in row 1");
	dlx_logic_free(lg);
}
END_TEST

static int
stop_at_once(void *arg, const struct dlx_logic_step *st)
{
	(void)arg;
	(void)st;
	return 1;
}

START_TEST(test_logic_run_stop)
{
	dlx_logic	*lg;
	int		 grid[81], n;

	lg = load(rule_cases[0].grid, grid, &n);
	ck_assert_int_eq(dlx_logic_run(lg, stop_at_once, NULL, NULL),
	    DLX_STOPPED);
	/* One step made: the naked single r5c1 = 7. */
	ck_assert_int_eq(dlx_logic_cell(lg, 36), 7);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_format_limits)
{
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	char			 buf[8];
	int			 grid[81], n;
	size_t			 len;

	lg = load(rule_cases[4].grid, grid, &n);
	dlx_logic_set_rules(lg, SINGLES);
	dlx_logic_run(lg, NULL, NULL, NULL);
	dlx_logic_set_rules(lg, DLX_LOGIC_ALL_RULES);
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_OK);
	len = dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_uint_eq(len, strlen(rule_cases[4].text));
	ck_assert_str_eq(buf, "naked p");
	ck_assert_uint_eq(dlx_logic_format(lg, &st, NULL, 0), len);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_alphabet)
{
	struct dlx_logic_step	 st;
	const struct rule_case	*rc = &rule_cases[15];
	dlx_logic		*lg;
	char			 buf[256];
	int			 grid[256], n;

	lg = load(rc->grid, grid, &n);
	ck_assert_int_eq(dlx_logic_set_alphabet(lg, "0123456789abcdef"),
	    DLX_OK);
	dlx_logic_set_rules(lg, SINGLES);
	dlx_logic_run(lg, NULL, NULL, NULL);
	dlx_logic_set_rules(lg, DLX_LOGIC_ALL_RULES);
	ck_assert_int_eq(dlx_logic_step(lg, &st), DLX_OK);
	dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_str_eq(buf, "naked pair {7,9} in row 15 (r15c11, r15c15): "
	    "removes 7 from r15c9");
	/* Too short an alphabet: numbers. */
	ck_assert_int_eq(dlx_logic_set_alphabet(lg, "0123456789abcde"),
	    DLX_OK);
	dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_str_eq(buf, "naked pair {8,10} in row 15 (r15c11, r15c15): "
	    "removes 8 from r15c9");
	ck_assert_int_eq(dlx_logic_set_alphabet(lg, NULL), DLX_OK);
	dlx_logic_format(lg, &st, buf, sizeof buf);
	ck_assert_str_eq(buf, rc->text);
	dlx_logic_free(lg);
}
END_TEST

START_TEST(test_logic_candidates_text)
{
	dlx_logic	*lg;
	char		 buf[512];
	int		 grid[36], n;
	size_t		 len;
	static const char want[] =
	    "12  5  12 | 346 36  46\n"
	    "3   4  6  | 2   1   5\n"
	    "----------+------------\n"
	    "126 3  4  | 56  256 16\n"
	    "126 12 5  | 346 236 146\n"
	    "----------+------------\n"
	    "4   12 12 | 56  56  3\n"
	    "5   6  3  | 1   4   2\n";

	/* Before any step: the candidates follow from the givens. */
	lg = load(rule_cases[13].grid, grid, &n);
	len = dlx_logic_format_candidates(lg, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
	ck_assert_uint_eq(len, strlen(want));
	dlx_logic_free(lg);
}
END_TEST

/* Check each step of a soundness run against the solution. */
struct sound {
	const int	*sol;
	int		 steps;
};

static int
sound_step(void *arg, const struct dlx_logic_step *st)
{
	struct sound	*s = arg;
	size_t		 i;

	s->steps++;
	if (st->cell >= 0)
		ck_assert_int_eq(s->sol[st->cell], st->symbol);
	for (i = 0; i < st->nelim; i++)
		ck_assert_int_ne(s->sol[st->elim[i].cell], st->elim[i].symbol);
	return 0;
}

START_TEST(test_logic_soundness)
{
	struct dlx_logic_result	 res;
	struct sound		 s;
	dlx_logic		*lg;
	FILE			*fp;
	char			 line[1024];
	int			 grid[81], sol[81], found[81], br, bc;
	int			 puzzles = 0, searched = 0, c;
	int			 grades[DLX_LOGIC_NGRADES] = { 0 };

	fp = fopen(test_data_path("logic-sound.txt"), "r");
	ck_assert_ptr_nonnull(fp);
	lg = test_logic_new(3, 3);
	ck_assert_ptr_nonnull(lg);
	s.steps = 0;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (line[0] == '#')
			continue;
		ck_assert_int_eq(ref_parse(line, grid, &br, &bc), 9);
		ck_assert_int_eq(ref_solve(3, 3, grid, sol, 2), 1);
		ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
		s.sol = sol;
		c = dlx_logic_run(lg, sound_step, &s, NULL);
		ck_assert(c == DLX_LOGIC_SOLVED || c == DLX_LOGIC_STUCK);
		grades[dlx_logic_grade(lg)]++;
		/* Whatever the rules left, the solution is still there. */
		for (c = 0; c < 81; c++)
			ck_assert(dlx_logic_cell(lg, c) == sol[c] ||
			    (dlx_logic_candidates(lg, c) &
			    (1u << (sol[c] - 1))));
		if (dlx_logic_grade(lg) == DLX_LOGIC_GRADE_SEARCH) {
			ck_assert_int_eq(dlx_logic_search(lg, NULL, found, &res),
			    DLX_OK);
			ck_assert_uint_eq(res.solutions, 1);
			ck_assert_uint_gt(res.guesses, 0);
			ck_assert_mem_eq(found, sol, sizeof sol);
			searched++;
		}
		puzzles++;
	}
	fclose(fp);
	dlx_logic_free(lg);
	/* The figures of this sample, for a change in the rules to show. */
	ck_assert_int_eq(puzzles, 297);
	ck_assert_int_eq(s.steps, 22917);
	ck_assert_int_eq(grades[DLX_LOGIC_GRADE_SINGLES], 65);
	ck_assert_int_eq(grades[DLX_LOGIC_GRADE_SUBSETS], 87);
	ck_assert_int_eq(grades[DLX_LOGIC_GRADE_FISH], 0);
	/* The chains and forcing chains explain every one of the rest. */
	ck_assert_int_eq(grades[DLX_LOGIC_GRADE_ADVANCED], 145);
	ck_assert_int_eq(grades[DLX_LOGIC_GRADE_SEARCH], 0);
	ck_assert_int_eq(searched, 0);
}
END_TEST

static int
stop_progress(void *arg, const struct dlx_stats *st)
{
	(void)arg;
	(void)st;
	return 1;
}

/* A small LCG, so that the generated puzzles are the same everywhere. */
static unsigned
lcg(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

/*
 * Puzzles of every box shape up to 12x12, each a full grid with random
 * symbols, rows and columns shuffled (within bands and stacks), then
 * holes dug while the reference solver still finds one solution: such
 * minimal puzzles need the harder rules.  Every step must agree with the
 * grid they came from.
 */
START_TEST(test_logic_soundness_shapes)
{
	static const int shapes[][2] = {
		{ 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 },
		{ 2, 5 }, { 5, 2 }, { 3, 4 }, { 4, 3 }, { 2, 6 }, { 1, 4 }
	};
	struct sound	 s;
	dlx_logic	*lg;
	unsigned	 seed = 2026;
	int		 sol[144], grid[144], ord[144], perm[12], rp[12], cp[12];
	int		 k, br, bc, n, i, j, t, r, c, v, rc;
	int		 steps[DLX_LOGIC_NRULES] = { 0 };

	s.steps = 0;
	for (k = 0; k < 120; k++) {
		br = shapes[k % 12][0];
		bc = shapes[k % 12][1];
		n = br * bc;
		for (i = 0; i < n; i++)
			perm[i] = rp[i] = cp[i] = i;
		for (i = n - 1; i > 0; i--) {
			j = lcg(&seed) % (i + 1);
			t = perm[i], perm[i] = perm[j], perm[j] = t;
		}
		for (i = 0; i < n; i++) {
			/* Swap within the band (stack) of i. */
			j = i / br * br + lcg(&seed) % br;
			t = rp[i], rp[i] = rp[j], rp[j] = t;
			j = i / bc * bc + lcg(&seed) % bc;
			t = cp[i], cp[i] = cp[j], cp[j] = t;
		}
		for (r = 0; r < n; r++)
			for (c = 0; c < n; c++)
				sol[r * n + c] = perm[(rp[r] % br * bc +
				    rp[r] / br + cp[c]) % n] + 1;
		ck_assert_int_eq(ref_solve(br, bc, sol, NULL, 2), 1);
		memcpy(grid, sol, sizeof sol);
		for (i = 0; i < n * n; i++)
			ord[i] = i;
		for (i = n * n - 1; i > 0; i--) {
			j = lcg(&seed) % (i + 1);
			t = ord[i], ord[i] = ord[j], ord[j] = t;
		}
		for (i = 0; i < n * n; i++) {
			v = grid[ord[i]];
			grid[ord[i]] = 0;
			if (ref_solve(br, bc, grid, NULL, 2) != 1)
				grid[ord[i]] = v;
		}
		lg = test_logic_new(br, bc);
		ck_assert_ptr_nonnull(lg);
		ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
		s.sol = sol;
		rc = dlx_logic_run(lg, sound_step, &s, NULL);
		ck_assert(rc == DLX_LOGIC_SOLVED || rc == DLX_LOGIC_STUCK);
		for (r = 0; r < DLX_LOGIC_NRULES; r++)
			steps[r] += (int)dlx_logic_count(lg, r);
		dlx_logic_free(lg);
	}
	/* The sample reaches the subsets and the fish. */
	ck_assert_int_gt(steps[DLX_LOGIC_POINTING], 0);
	ck_assert_int_gt(steps[DLX_LOGIC_NAKED_PAIR], 0);
	ck_assert_int_gt(steps[DLX_LOGIC_HIDDEN_PAIR], 0);
	ck_assert_int_gt(steps[DLX_LOGIC_X_WING], 0);
}
END_TEST

START_TEST(test_logic_search)
{
	struct dlx_request	 how;
	struct dlx_logic_result	 res;
	dlx_logic		*lg;
	int			 grid[16] = { 0 }, sol[16], c;

	/* The empty 4x4 has 288 solutions: the search stops at 2. */
	lg = test_logic_new(2, 2);
	ck_assert_int_eq(dlx_logic_load(lg, grid), DLX_OK);
	ck_assert_int_eq(dlx_logic_search(lg, NULL, sol, &res), DLX_OK);
	ck_assert_uint_eq(res.solutions, 2);
	ck_assert_uint_gt(res.guesses, 0);
	ck_assert_int_eq(ref_solve(2, 2, sol, NULL, 2), 1);
	for (c = 0; c < 16; c++)
		ck_assert_int_eq(dlx_logic_cell(lg, c), 0);
	ck_assert_int_eq(dlx_logic_search(lg, NULL, NULL, NULL), DLX_EINVAL);
	/* Cut short by a budget or by the progress callback. */
	memset(&how, 0, sizeof how);
	how.max_nodes = 3;
	ck_assert_int_eq(dlx_logic_search(lg, &how, sol, &res),
	    DLX_INCOMPLETE);
	ck_assert_uint_eq(res.solutions, 0);
	ck_assert_uint_eq(res.nodes, 3);
	memset(&how, 0, sizeof how);
	how.progress = stop_progress;
	how.progress_updates = 1;
	ck_assert_int_eq(dlx_logic_search(lg, &how, sol, &res), DLX_STOPPED);
	/* A full grid: one solution, no guess. */
	ck_assert_int_eq(dlx_logic_load(lg, sol), DLX_OK);
	ck_assert_int_eq(dlx_logic_search(lg, NULL, grid, &res), DLX_OK);
	ck_assert_uint_eq(res.solutions, 1);
	ck_assert_uint_eq(res.guesses, 0);
	ck_assert_mem_eq(grid, sol, sizeof sol);
	dlx_logic_free(lg);
}
END_TEST

Suite *
make_logic_suite(void)
{
	Suite	*s;
	TCase	*tc;
	int	 n = sizeof rule_cases / sizeof rule_cases[0];

	s = suite_create("Logic");
	tc = tcase_create("Rules");
	tcase_add_loop_test(tc, test_logic_rule, 0, n);
	tcase_add_loop_test(tc, test_logic_rule_only, 0, n);
	suite_add_tcase(s, tc);
	tc = tcase_create("Core");
	tcase_add_test(tc, test_logic_new_limits);
	tcase_add_test(tc, test_logic_load_errors);
	tcase_add_test(tc, test_logic_solved_and_stuck);
	tcase_add_test(tc, test_logic_contradiction);
	tcase_add_test(tc, test_logic_run_stop);
	tcase_add_test(tc, test_logic_format_limits);
	tcase_add_test(tc, test_logic_alphabet);
	tcase_add_test(tc, test_logic_candidates_text);
	suite_add_tcase(s, tc);
	tc = tcase_create("Soundness");
	tcase_add_test(tc, test_logic_soundness);
	tcase_add_test(tc, test_logic_soundness_shapes);
	tcase_add_test(tc, test_logic_search);
	tcase_set_timeout(tc, 60);
	/* 300 puzzles through every rule, forcing chains included: seconds
	 * of work, left out of CI's in-process valgrind run (which the
	 * sanitizers' run covers), as check_gen.c's "slow" case is. */
	tcase_set_tags(tc, "slow");
	suite_add_tcase(s, tc);
	return s;
}
