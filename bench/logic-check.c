/*
 * logic-check: check the human-style rules of libdlx (sudoku_logic.h)
 * against the true solutions of whole puzzle files, and print figures.
 *
 * usage: logic-check [FILE...]   (standard input without FILE)
 *
 * Each line of N*N symbols is a puzzle (other lines are counted and
 * skipped).  The true solution comes from the reference solver of
 * ref/sudoku_ref.c, which shares no code with libdlx.  Then the rules
 * run to the end, and every placement must put the solution's symbol and
 * every elimination must remove a symbol that is not the solution's: any
 * other outcome is a violation, printed with the puzzle and the step.  A
 * puzzle the rules cannot finish is finished by dlx_logic_search(), whose
 * solution must also be the true one.  Puzzles with no solution or more
 * than one are counted but not checked (an elimination is only wrong
 * against a single solution).
 *
 * Exit status: 0 no violation, 1 some violation, 2 an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku_logic.h"
#include "sudoku_ref.h"

struct tally {
	uint64_t	 puzzles;	/* puzzle lines read */
	uint64_t	 skipped;	/* lines that are not puzzles */
	uint64_t	 unchecked;	/* no solution, or several */
	uint64_t	 steps[DLX_LOGIC_NRULES];
	uint64_t	 placements;	/* placements checked */
	uint64_t	 elims;		/* eliminations checked */
	uint64_t	 violations;
	uint64_t	 grades[DLX_LOGIC_NGRADES];
	uint64_t	 searched;	/* finished by dlx_logic_search() */
	uint64_t	 guesses;	/* their guesses, in total */
	uint64_t	 maxguesses;
};

/* What the step callback needs to check a step. */
struct check {
	dlx_logic	*lg;
	const int	*sol;
	const char	*where;		/* "FILE:LINE" */
	struct tally	*t;
};

static void
violation(struct check *ck, const struct dlx_logic_step *st)
{
	char	 buf[1024];

	dlx_logic_format(ck->lg, st, buf, sizeof buf);
	printf("VIOLATION %s: %s\n", ck->where, buf);
	ck->t->violations++;
}

static int
check_step(void *arg, const struct dlx_logic_step *st)
{
	struct check	*ck = arg;
	size_t		 i;
	int		 bad = 0;

	ck->t->steps[st->rule]++;
	if (st->cell >= 0) {
		ck->t->placements++;
		bad = ck->sol[st->cell] != st->symbol;
	}
	for (i = 0; i < st->nelim; i++) {
		ck->t->elims++;
		if (ck->sol[st->elim[i].cell] == st->elim[i].symbol)
			bad = 1;
	}
	if (bad)
		violation(ck, st);
	return 0;
}

static int
run_puzzle(const char *line, const char *where, struct tally *t)
{
	static dlx_logic	*lg;
	static int		 lgbr, lgbc;
	struct dlx_logic_step	 st;
	struct dlx_logic_result	 res;
	struct check		 ck;
	int			 grid[REF_MAXN * REF_MAXN];
	int			 sol[REF_MAXN * REF_MAXN];
	int			 found[REF_MAXN * REF_MAXN];
	int			 n, br, bc, rc;

	if ((n = ref_parse(line, grid, &br, &bc)) < 0) {
		t->skipped++;
		return 0;
	}
	t->puzzles++;
	if (ref_solve(br, bc, grid, sol, 2) != 1) {
		t->unchecked++;
		return 0;
	}
	if (lg == NULL || lgbr != br || lgbc != bc) {
		dlx_logic_free(lg);
		if ((lg = dlx_logic_new(br, bc)) == NULL) {
			fprintf(stderr, "logic-check: out of memory\n");
			return -1;
		}
		lgbr = br;
		lgbc = bc;
	}
	if (dlx_logic_load(lg, grid) != DLX_OK) {
		printf("VIOLATION %s: solvable puzzle not loaded\n", where);
		t->violations++;
		return 0;
	}
	ck.lg = lg;
	ck.sol = sol;
	ck.where = where;
	ck.t = t;
	rc = dlx_logic_run(lg, check_step, &ck, &st);
	t->grades[dlx_logic_grade(lg)]++;
	if (rc == DLX_LOGIC_CONTRADICTION) {
		violation(&ck, &st);
		return 0;
	}
	if (rc != DLX_LOGIC_STUCK)
		return 0;
	if (dlx_logic_search(lg, NULL, found, &res) != DLX_OK) {
		fprintf(stderr, "logic-check: %s: search failed\n", where);
		return -1;
	}
	t->searched++;
	t->guesses += res.guesses;
	if (res.guesses > t->maxguesses)
		t->maxguesses = res.guesses;
	if (res.solutions != 1 ||
	    memcmp(found, sol, n * n * sizeof *sol) != 0) {
		printf("VIOLATION %s: search after the rules found %" PRIu64
		    " solutions or another one\n", where, res.solutions);
		t->violations++;
	}
	return 0;
}

static int
run_file(const char *name, FILE *fp, struct tally *t)
{
	char		 line[1024], where[1100];
	unsigned long	 lineno = 0;

	while (fgets(line, sizeof line, fp) != NULL) {
		lineno++;
		snprintf(where, sizeof where, "%s:%lu", name, lineno);
		if (run_puzzle(line, where, t) != 0)
			return -1;
	}
	if (ferror(fp)) {
		fprintf(stderr, "logic-check: %s: %s\n", name,
		    strerror(errno));
		return -1;
	}
	return 0;
}

static void
report(const struct tally *t)
{
	uint64_t	 steps = 0;
	int		 r, g;

	for (r = 0; r < DLX_LOGIC_NRULES; r++)
		steps += t->steps[r];
	printf("puzzles               %" PRIu64 "\n", t->puzzles);
	printf("  not checked         %" PRIu64 " (no or several solutions)\n",
	    t->unchecked);
	printf("steps                 %" PRIu64 "\n", steps);
	for (r = 0; r < DLX_LOGIC_NRULES; r++)
		printf("  %-19s %" PRIu64 "\n", dlx_logic_rule_name(r),
		    t->steps[r]);
	printf("placements checked    %" PRIu64 "\n", t->placements);
	printf("eliminations checked  %" PRIu64 "\n", t->elims);
	printf("grades\n");
	for (g = DLX_LOGIC_GRADE_SINGLES; g < DLX_LOGIC_NGRADES; g++)
		printf("  %-19s %" PRIu64 "\n", dlx_logic_grade_name(g),
		    t->grades[g]);
	printf("finished by search    %" PRIu64 " (guesses: %" PRIu64
	    " in total, %.1f on average, %" PRIu64 " at most)\n",
	    t->searched, t->guesses,
	    t->searched ? (double)t->guesses / t->searched : 0.0,
	    t->maxguesses);
	printf("violations            %" PRIu64 "\n", t->violations);
}

int
main(int argc, char **argv)
{
	struct tally	 t;
	FILE		*fp;
	int		 i, rc = 0;

	memset(&t, 0, sizeof t);
	if (argc < 2)
		rc = run_file("-", stdin, &t);
	for (i = 1; i < argc && rc == 0; i++) {
		if ((fp = fopen(argv[i], "r")) == NULL) {
			fprintf(stderr, "logic-check: %s: %s\n", argv[i],
			    strerror(errno));
			return 2;
		}
		rc = run_file(argv[i], fp, &t);
		fclose(fp);
	}
	if (rc != 0)
		return 2;
	report(&t);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "logic-check: write error\n");
		return 2;
	}
	return t.violations == 0 ? 0 : 1;
}
