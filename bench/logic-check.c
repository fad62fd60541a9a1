/*
 * logic-check: check the human-style rules of libdlx (dlx_logic.h)
 * against the true solutions of whole puzzle files, and print figures.
 *
 * usage: logic-check [-U] [FILE...]   (standard input without FILE)
 *
 * -U turns the uniqueness rules off (DLX_LOGIC_UNIQUENESS).
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
 * Figures: the steps of each rule, and for how many puzzles each rule was
 * the hardest step (of those the rules finish); the levels and grades;
 * and the puzzles per second of the rules alone (load and run, the
 * reference solver and the final search not counted), on the clock of
 * the process (CLOCK_PROCESS_CPUTIME_ID): pin it (taskset -c 1) for a
 * figure on one core.
 *
 * Exit status: 0 no violation, 1 some violation, 2 an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx_logic.h"
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
	uint64_t	 hardest[DLX_LOGIC_NRULES]; /* the rules' ER step */
	uint64_t	 levels[DLX_LOGIC_NLEVELS];
	uint64_t	 er[200];	/* puzzles by ER, tenths */
	double		 seconds;	/* in the rules */
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

static int	 no_uniqueness;		/* -U */

static double
cpu_seconds(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
run_puzzle(const char *line, const char *where, struct tally *t)
{
	static dlx_logic	*lg;
	static int		 lgbr, lgbc;
	struct dlx_logic_step	 st;
	struct dlx_logic_result	 res;
	struct dlx_logic_rating	 rt;
	struct check		 ck;
	double			 t0;
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
		lg = NULL;
		if ((rc = dlx_logic_new(&lg, br, bc, NULL)) != DLX_OK) {
			fprintf(stderr, "logic-check: %s\n", dlx_strerror(rc));
			return -1;
		}
		lgbr = br;
		lgbc = bc;
		if (no_uniqueness)
			dlx_logic_set_rules(lg, DLX_LOGIC_ALL_RULES &
			    ~DLX_LOGIC_UNIQUENESS);
	}
	t0 = cpu_seconds();
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
	t->seconds += cpu_seconds() - t0;
	t->grades[dlx_logic_grade(lg)]++;
	dlx_logic_rating(lg, &rt);
	t->levels[rt.level]++;
	if (rc == DLX_LOGIC_SOLVED && rt.steps > 0) {
		t->hardest[rt.hardest]++;
		t->er[rt.er < 200 ? rt.er : 199]++;
	}
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
	uint64_t	 steps = 0, solved = 0;
	int		 r, g;

	for (r = 0; r < DLX_LOGIC_NRULES; r++) {
		steps += t->steps[r];
		solved += t->hardest[r];
	}
	printf("puzzles               %" PRIu64 "\n", t->puzzles);
	printf("  not checked         %" PRIu64 " (no or several solutions)\n",
	    t->unchecked);
	printf("steps                 %" PRIu64 "\n", steps);
	printf("  %-23s %10s %8s %6s\n", "rule", "steps", "hardest",
	    "share");
	for (r = 0; r < DLX_LOGIC_NRULES; r++)
		printf("  %-23s %10" PRIu64 " %8" PRIu64 " %5.1f%%\n",
		    dlx_logic_rule_name(r), t->steps[r], t->hardest[r],
		    t->puzzles ? 100.0 * t->hardest[r] / t->puzzles : 0.0);
	printf("solved by the rules   %" PRIu64 " (%.1f%%)\n", solved,
	    t->puzzles ? 100.0 * solved / t->puzzles : 0.0);
	printf("ER of those\n");
	for (r = 0; r < 200; r++)
		if (t->er[r] != 0)
			printf("  %d.%d %" PRIu64 "\n", r / 10, r % 10, t->er[r]);
	printf("levels\n");
	for (g = DLX_LOGIC_LEVEL_EASY; g < DLX_LOGIC_NLEVELS; g++)
		printf("  %-19s %" PRIu64 "\n", dlx_logic_level_name(g),
		    t->levels[g]);
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
	printf("rules: %.3f s of CPU, %.0f puzzles/s\n", t->seconds,
	    t->seconds > 0 ? (t->puzzles - t->unchecked) / t->seconds : 0.0);
	printf("violations            %" PRIu64 "\n", t->violations);
}

int
main(int argc, char **argv)
{
	struct tally	 t;
	FILE		*fp;
	int		 i, rc = 0;

	memset(&t, 0, sizeof t);
	i = 1;
	if (argc > 1 && strcmp(argv[1], "-U") == 0) {
		no_uniqueness = 1;
		i++;
	}
	if (i == argc)
		rc = run_file("-", stdin, &t);
	for (; i < argc && rc == 0; i++) {
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
