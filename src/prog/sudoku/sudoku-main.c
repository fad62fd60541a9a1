/*
 * dlx-sudoku: solve, count and enumerate sudoku puzzles of every size with
 * libdlx; explain and rate them as a person would solve them; generate new
 * ones.  This file holds the options and main(); dlx-sudoku.h maps the
 * other parts.
 *
 * Exit status (cli.h): 0 every puzzle answered (with --unique: every
 * puzzle unique), 1 some puzzle has no solution (with --unique,
 * --redundant and --minimize: is not unique), 2 a usage, input or write
 * error, 130 interrupted, 141 standard output closed.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prog/sudoku/dlx-sudoku.h"

/* The function of each mode. */
static mode_fn *const modes[MODE_COUNT_] = {
	[MODE_SOLVE] = mode_solve,
	[MODE_COUNT] = mode_count,
	[MODE_ALL] = mode_all,
	[MODE_UNIQUE] = mode_unique,
	[MODE_EXPLAIN] = explain_mode,
	[MODE_RATE] = explain_rate,
	[MODE_CANDIDATES] = explain_candidates,
	[MODE_HINT] = explain_hint,
	[MODE_REDUNDANT] = minimal_redundant,
	[MODE_MINIMIZE] = minimal_minimize,
	[MODE_TRUE_CANDIDATES] = cands_mode,
	[MODE_UNIQUE_BY] = cands_unique_by,
	[MODE_CANONICAL] = canon_mode,
	[MODE_ESTIMATE] = estimate_mode,
};

/* ---- options -------------------------------------------------------- */

enum {
	OPT_SYMBOLS = CHAR_MAX + 1,
	OPT_PROGRESS,
	OPT_CANDIDATES,
	OPT_VARIANT,
	OPT_GENERATE,
	OPT_SYMMETRY,
	OPT_SEED,
	OPT_GIVENS,
	OPT_GRADE,
	OPT_HINT,
	OPT_NO_UNIQUENESS,
	OPT_EFFORT,
	OPT_ATTEMPTS,
	OPT_FAST,
	OPT_KNUTH,
	OPT_REDUNDANT,
	OPT_MINIMIZE,
	OPT_TRUE_CANDIDATES,
	OPT_UNIQUE_BY,
	OPT_CANONICAL
};

static const struct option longopts[] = {
	{ "all",	no_argument,		NULL, 'a' },
	{ "attempts",	required_argument,	NULL, OPT_ATTEMPTS },
	{ "box",	required_argument,	NULL, 'b' },
	{ "candidates",	no_argument,		NULL, OPT_CANDIDATES },
	{ "canonical",	no_argument,		NULL, OPT_CANONICAL },
	{ "count",	no_argument,		NULL, 'c' },
	{ "effort",	required_argument,	NULL, OPT_EFFORT },
	{ "estimate",	optional_argument, NULL, FORECAST_OPT_ESTIMATE },
	{ "part-time",	required_argument, NULL, FORECAST_OPT_PART_TIME },
	{ "explain",	no_argument,		NULL, 'e' },
	{ "format",	required_argument,	NULL, 'f' },
	{ "fast",	no_argument,		NULL, OPT_FAST },
	{ "generate",	required_argument,	NULL, OPT_GENERATE },
	{ "givens",	required_argument,	NULL, OPT_GIVENS },
	{ "grade",	required_argument,	NULL, OPT_GRADE },
	{ "help",	no_argument,		NULL, 'h' },
	{ "hint",	no_argument,		NULL, OPT_HINT },
	{ "json",	no_argument,		NULL, 'j' },
	{ "limit",	required_argument,	NULL, 'l' },
	{ "knuth",	no_argument,		NULL, OPT_KNUTH },
	{ "minimize",	no_argument,		NULL, OPT_MINIMIZE },
	{ "no-uniqueness", no_argument,		NULL, OPT_NO_UNIQUENESS },
	{ "progress",	no_argument,		NULL, OPT_PROGRESS },
	{ "rate",	no_argument,		NULL, 'r' },
	{ "redundant",	no_argument,		NULL, OPT_REDUNDANT },
	{ "seed",	required_argument,	NULL, OPT_SEED },
	{ "stats",	no_argument,		NULL, 's' },
	{ "symbols",	required_argument,	NULL, OPT_SYMBOLS },
	{ "symmetry",	required_argument,	NULL, OPT_SYMMETRY },
	{ "true-candidates", optional_argument,	NULL, OPT_TRUE_CANDIDATES },
	{ "unique-by",	no_argument,		NULL, OPT_UNIQUE_BY },
	{ "unique",	no_argument,		NULL, 'u' },
	{ "variant",	required_argument,	NULL, OPT_VARIANT },
	{ "version",	no_argument,		NULL, 'V' },
	CLI_SEARCH_LONGOPTS,
	CLUSTER_LONGOPTS,
	{ NULL,		0,			NULL, 0 }
};

/* The options of variants and the generator. */
static void
variant_option(struct options *o, int ch, const char *arg)
{
	struct dlx_sudoku_reader_options ro;
	struct dlx_sudoku_vreader	*r;
	char				*end;
	unsigned long long		 v;
	int				 k;

	switch (ch) {
	case OPT_VARIANT:
		/* The reader knows the words: ask it. */
		memset(&ro, 0, sizeof ro);
		ro.variant = arg;
		if (dlx_sudoku_vreader_new(&r, stdin, &ro) != DLX_OK)
			cli_usage_error("--variant: '%s' is not made of x, "
			    "hyper, jigsaw, killer", arg);
		dlx_sudoku_vreader_free(r);
		o->variant = arg;
		return;
	case OPT_SYMMETRY:
		if (strcmp(arg, "none") == 0)
			o->symmetry = DLX_GEN_SYM_NONE;
		else if (strcmp(arg, "180") == 0)
			o->symmetry = DLX_GEN_SYM_180;
		else if (strcmp(arg, "90") == 0)
			o->symmetry = DLX_GEN_SYM_90;
		else if (strcmp(arg, "mirror") == 0)
			o->symmetry = DLX_GEN_SYM_MIRROR;
		else
			cli_usage_error("--symmetry: '%s' is not none, 180, 90 "
			    "or mirror", arg);
		return;
	case OPT_GRADE:
		for (k = 1; k < DLX_LOGIC_NGRADES; k++)
			if (strcmp(arg, dlx_logic_grade_name(
			    (enum dlx_logic_grade)k)) == 0)
				break;
		if (k == DLX_LOGIC_NGRADES)
			cli_usage_error("--grade: '%s' is not singles, subsets, "
			    "fish, advanced or search", arg);
		o->grade = k;
		return;
	case OPT_EFFORT:
		o->effort = strcmp(arg, "none") == 0 ? DLX_GEN_EFFORT_NONE :
		    cli_number("--effort", arg, 1, UINT64_MAX);
		return;
	case OPT_ATTEMPTS:
		o->attempts = cli_number("--attempts", arg, 1, UINT64_MAX);
		return;
	}
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    (ch != OPT_SEED && v == 0) || (ch == OPT_GIVENS && v > 1296))
		cli_usage_error("%s: '%s' is not a %s number", ch == OPT_SEED ?
		    "--seed" : ch == OPT_GIVENS ? "--givens" : "--generate",
		    arg, ch == OPT_SEED ? "non-negative" : "positive");
	if (ch == OPT_SEED) {
		o->seed = v;
		o->seed_set = 1;
	} else if (ch == OPT_GIVENS)
		o->givens = (int)v;
	else
		o->generate = v;
}

/* --symmetry, --seed and --effort with --minimize or --redundant; the
 * search options the checks cannot take refused. */
static void
minimal_options_done(struct options *o)
{
	if (o->mode == MODE_REDUNDANT && o->seed_set)
		cli_usage_error("--seed goes with --generate or --minimize, "
		    "not --redundant (which tries every given)");
	if (o->givens != 0 || o->grade != 0 || o->attempts != 0)
		cli_usage_error("--givens, --grade and --attempts go with "
		    "--generate");
	if (o->tree != DLX_TREE_DEFAULT || o->search.memo)
		cli_usage_error("--fast, --knuth and --memo do not go with "
		    "--redundant or --minimize: their checks search the "
		    "default tree for two solutions");
	if (o->limit != 0)
		cli_usage_error("--limit goes with --count or --all");
}

/* Generator options only with --generate, and no mode with it. */
static void
variant_options_done(struct options *o)
{
	if (o->generate == 0 && (o->mode == MODE_REDUNDANT ||
	    o->mode == MODE_MINIMIZE)) {
		minimal_options_done(o);
		return;
	}
	if (o->generate == 0 && (o->symmetry != 0 ||
	    (o->seed_set && o->mode != MODE_ESTIMATE) || o->givens != 0 || o->grade != 0 || o->effort != 0 ||
	    o->attempts != 0))
		cli_usage_error("--symmetry, --seed, --givens, --grade, "
		    "--effort and --attempts go with --generate (--symmetry "
		    "and --effort with --redundant and --minimize too, "
		    "--seed with --minimize and --estimate)");
	if (o->generate != 0 && (o->mode_set || o->candidates ||
	    o->limit != 0))
		cli_usage_error("--generate goes with no mode option");
	if (o->variant != NULL && (o->mode == MODE_EXPLAIN ||
	    o->mode == MODE_RATE || o->mode == MODE_HINT || o->candidates))
		cli_usage_error("--explain, --rate, --hint and --candidates "
		    "work on classic sudoku only");
}

static void
usage(void)
{
	printf("usage: %s [-acejrsuhV] [-b RxC] [-f grid|line|classic|csv] "
	    "[-t N] [-l N]\n"
	    "       [--hint] [--candidates] [--no-uniqueness] [--progress]\n"
	    "       [--redundant] [--minimize [--symmetry SYM] [--seed S]] "
	    "[--effort N]\n"
	    "       [--true-candidates[=counts]] [--unique-by] "
	    "[--canonical]\n"
	    "       [--estimate[=PROBES] [--seed S] [--part-time DURATION]]\n"
	    "       [--symbols ALPHABET] [file ...]\n"
	    "       [--part K/N] [--record FILE] [--checkpoint FILE] "
	    "[--checkpoint-every SEC]\n"
	    "       [--resume FILE] [--resplit M] -c|-a file\n"
	    "       %s merge [--partial] [--stats] [RECORD...]\n", cli_prog,
	    cli_prog);
	printf("Solve, count or enumerate the sudoku puzzles in each file "
	    "(standard input\nif none, or -).\n\n"
	    "  -c, --count          count the solutions of each puzzle\n"
	    "  -l, --limit N        stop counting at N (\"at least N\"); "
	    "implies --count\n"
	    "                       unless --all is given\n"
	    "  -a, --all            print every solution, numbered\n"
	    "  -u, --unique         say unique, none or multiple\n"
	    "  -e, --explain        solve step by step as a person would, "
	    "then search\n"
	    "  -r, --rate           rate each puzzle: ER/EP/ED and level, "
	    "from its hardest step\n"
	    "      --hint           give only the next step of the rules\n"
	    "      --candidates     print the pencil marks: alone, after the "
	    "givens; with -e\n"
	    "                       or -r, where the rules stop\n"
	    "      --no-uniqueness  no rule that assumes a unique solution\n"
	    "      --redundant      the givens that can each go, the puzzle "
	    "staying unique\n"
	    "      --minimize       a minimal puzzle: givens taken away while "
	    "it stays unique\n"
	    "                       (with --symmetry none|180|90|mirror, "
	    "--seed S for a\n"
	    "                       random order, --effort NODES|none per "
	    "check)\n"
	    "      --true-candidates[=counts]  each open cell's symbols that "
	    "some solution\n"
	    "                       holds there (=counts: and how many hold "
	    "each)\n"
	    "      --unique-by      the placements that leave one solution "
	    "(else the fewest)\n"
	    "      --canonical      the canonical (minlex) form of each "
	    "9x9 puzzle, one line\n"
	    "                       each: isomorphic puzzles get the same "
	    "line\n"
	    "      --estimate[=PROBES]  estimate the solutions and the nodes "
	    "of the search\n"
	    "                       tree (--fast or --knuth) by Knuth's "
	    "random probes\n"
	    "                       (default 10000; --seed S), with their "
	    "standard errors,\n"
	    "                       and the time at this machine's node "
	    "rate\n"
	    "      --part-time DURATION  with --estimate: the N of --part "
	    "for parts of about\n"
	    "                       DURATION (seconds, or with m, h or d)\n"
	    "  -f, --format FORMAT  grid (default), line, classic or csv\n"
	    "  -j, --json           JSON Lines: one JSON object per line, "
	    "each with a \"type\"\n"
	    "  -s, --stats          nodes, updates and time on stderr\n"
	    "      --progress       progress lines on stderr (default when "
	    "it is a terminal)\n"
	    "  -b, --box RxC        boxes of R rows and C columns (default: "
	    "from the input)\n"
	    "      --symbols ALPHA  symbols, e.g. 0-9A-F (default 1-9A-Z)\n"
	    "  -t, --threads N      search on N threads (default: every "
	    "CPU available):\n"
	    "                       a file's puzzles side by side, else "
	    "one tree shared out\n"
	    "      --fast           search the fast tree on sparse sets, as "
	    "dlx does (the\n"
	    "                       default for a 9x9 grid is its bit boards)\n"
	    "      --knuth          search Knuth's tree, as DLX1 does\n"
	    "      --no-memo        count by plain search, without the "
	    "subproblem cache\n"
	    "      --memo           count with the cache from the start\n"
	    "      --memory SIZE    bytes the cache may use in all, every "
	    "thread\n"
	    "                       together: 512M, 4G... (default: 128M)\n"
	    "      --components[=WHEN]  count independent parts apart and "
	    "multiply:\n"
	    "                       auto (default: where it pays), always, "
	    "never\n"
	    "      --no-components  never (as --components=never)\n"
	    "      --variant NAME   x, hyper, jigsaw, killer (or a header "
	    "line in the file)\n"
	    "      --generate N     write N new minimal unique puzzles; "
	    "with --symmetry\n"
	    "                       none|180|90|mirror, --seed S, --givens "
	    "MAX, --grade G,\n"
	    "                       --effort NODES|none (per check; "
	    "above 16x16 1000:\n"
	    "                       unique, maybe not minimal), --attempts "
	    "N (100000)\n"
	    "      --part K/N       count only part K of N (1 <= K <= N) of "
	    "one puzzle and\n"
	    "                       print its record for 'merge'; K omitted: "
	    "$SLURM_ARRAY_TASK_ID\n"
	    "      --record FILE    write the part record to FILE\n"
	    "      --checkpoint FILE  save the search position now and then "
	    "(one puzzle)\n"
	    "      --checkpoint-every SEC  seconds between checkpoints "
	    "(default 60)\n"
	    "      --resume FILE    go on from the checkpoint in FILE\n"
	    "      --part K/N,J/M   sub-part J of M of part K/N (any depth)\n"
	    "      --resplit M      write the part (or the checkpoint of "
	    "--resume) as M\n"
	    "                       sub-parts FILE.1 ... FILE.M, FILE that of "
	    "--checkpoint\n"
	    "                       or --resume, and name them; no search\n"
	    "      --max-nodes N    stop a puzzle's search after N nodes, "
	    "with the partial\n"
	    "                       count (and the checkpoint, if asked)\n"
	    "      --max-updates N  stop it after about N updates, likewise\n"
	    "      --time-limit SEC stop the run SEC seconds after the start, "
	    "likewise\n"
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n\n"
	    "Exit status: 0 all answered (--unique: all unique), 1 some "
	    "puzzle has no\nsolution (--unique, --redundant, --minimize: is "
	    "not unique), 2 usage, "
	    "input or write error, 3 a budget\n(--max-nodes, --max-updates, "
	    "--time-limit) stopped a search, 130 interrupted,\n141 standard "
	    "output closed.\n");
}

static void
set_mode(struct options *o, enum mode m, const char *name)
{
	if (o->mode_set && o->mode != m)
		cli_usage_error("%s conflicts with another mode option", name);
	o->mode = m;
	o->mode_set = 1;
}

/* --box RxC. */
static void
box_option(struct options *o, const char *arg)
{
	size_t	 nr, nc;
	int	 r = 0, c = 0;

	/* Exactly digits, one x, digits: "3x3x3" and "2x2x" are not a
	 * shape read up to where it stops making sense. */
	nr = strspn(arg, "0123456789");
	nc = strspn(arg + nr + 1, "0123456789");
	if (nr > 0 && nr <= 2 && (arg[nr] == 'x' || arg[nr] == 'X') &&
	    nc > 0 && nc <= 2 && arg[nr + 1 + nc] == '\0') {
		r = atoi(arg);
		c = atoi(arg + nr + 1);
	}
	if (r < 1 || c < 1 ||
	    r > DLX_SUDOKU_MAXN || c > DLX_SUDOKU_MAXN ||
	    r * c < DLX_SUDOKU_MINN || r * c > DLX_SUDOKU_MAXN)
		cli_usage_error("--box: '%s' is not RxC with %d <= R*C <= %d",
		    arg, DLX_SUDOKU_MINN, DLX_SUDOKU_MAXN);
	o->boxr = r;
	o->boxc = c;
}

/* --format. */
static void
format_option(struct options *o, const char *arg)
{
	static const char *const names[] = {
		[FORMAT_GRID] = "grid", [FORMAT_LINE] = "line",
		[FORMAT_CLASSIC] = "classic", [FORMAT_CSV] = "csv",
	};
	int	 f;

	for (f = FORMAT_GRID; f <= FORMAT_CSV; f++)
		if (strcmp(arg, names[f]) == 0)
			break;
	if (f > FORMAT_CSV)
		cli_usage_error("--format: '%s' is not grid, line, classic or "
		    "csv", arg);
	o->format_set = 1;
	/* --json wins whatever the order. */
	if (o->format != FORMAT_JSON)
		o->format = (enum format)f;
}

/* The options of the search; 0 if ch is none of them. */
static int
search_option(struct options *o, int ch, const char *arg)
{
	if (ch == 'l') {
		o->limit = cli_number("--limit", arg, 1, UINT64_MAX);
		return 1;
	}
	return cli_search_option(&o->search, ch, arg) ||
	    cluster_option(&o->cl, ch, arg) ||
	    (ch == FORECAST_OPT_PART_TIME && forecast_option(&o->fc, ch, arg));
}

/* The options that choose the mode, the output and the input.  Returns
 * 0 if ch is none of them. */
static int
main_option(struct options *o, int ch, const char *arg)
{
	struct dlx_error	 err;

	switch (ch) {
	case 'a': set_mode(o, MODE_ALL, "--all"); return 1;
	case 'c': set_mode(o, MODE_COUNT, "--count"); return 1;
	case 'e': set_mode(o, MODE_EXPLAIN, "--explain"); return 1;
	case 'r': set_mode(o, MODE_RATE, "--rate"); return 1;
	case 'u': set_mode(o, MODE_UNIQUE, "--unique"); return 1;
	case 'b': box_option(o, arg); return 1;
	case 'f': format_option(o, arg); return 1;
	case 'j': o->format = FORMAT_JSON; return 1;
	case 's': o->stats = 1; return 1;
	case OPT_PROGRESS: o->progress = 1; return 1;
	case OPT_CANDIDATES: o->candidates = 1; return 1;
	case OPT_HINT: set_mode(o, MODE_HINT, "--hint"); return 1;
	case OPT_REDUNDANT:
		set_mode(o, MODE_REDUNDANT, "--redundant");
		return 1;
	case OPT_MINIMIZE: set_mode(o, MODE_MINIMIZE, "--minimize"); return 1;
	case OPT_TRUE_CANDIDATES:
		if (arg != NULL && strcmp(arg, "counts") != 0)
			cli_usage_error("--true-candidates: '%s' is not counts",
			    arg);
		o->true_counts = arg != NULL;
		set_mode(o, MODE_TRUE_CANDIDATES, "--true-candidates");
		return 1;
	case OPT_UNIQUE_BY:
		set_mode(o, MODE_UNIQUE_BY, "--unique-by");
		return 1;
	case OPT_CANONICAL:
		set_mode(o, MODE_CANONICAL, "--canonical");
		return 1;
	case FORECAST_OPT_ESTIMATE:
		forecast_option(&o->fc, ch, arg);
		set_mode(o, MODE_ESTIMATE, "--estimate");
		return 1;
	case OPT_NO_UNIQUENESS: o->no_uniqueness = 1; return 1;
	case OPT_FAST: o->tree = DLX_FAST; return 1;
	case OPT_KNUTH: o->tree = DLX_KNUTH; return 1;
	case OPT_SYMBOLS:
		if (dlx_sudoku_parse_symbols(arg, o->alpha, &err) < 0)
			cli_usage_error("--symbols: %s", err.message);
		o->symbols = o->alpha;
		return 1;
	case 'h':
		usage();
		cli_exit_help();
	case 'V':
		cli_version();
	}
	return 0;
}

/* The options that go together or not, once all are known. */
static void
options_done(struct options *o)
{
	const char	*why;

	variant_options_done(o);
	/* The node and update budgets bound a count or an enumeration;
	 * the other modes run searches of their own (--effort bounds
	 * theirs). */
	if ((o->search.max_nodes != 0 || o->search.max_updates != 0) &&
	    (o->generate != 0 || (o->mode != MODE_SOLVE &&
	    o->mode != MODE_COUNT && o->mode != MODE_ALL &&
	    o->mode != MODE_UNIQUE)))
		cli_usage_error("--max-nodes and --max-updates go with "
		    "solving, --count, --all and --unique");
	o->cl.prog = cli_prog;
	o->cl.version = PACKAGE_VERSION;
	if (cluster_setup(&o->cl, &why) != 0)
		cli_usage_error("%s", why);
	if (o->cl.record != NULL && !o->cl.parted)
		cli_usage_error("--record goes with --part");
	if (cluster_active(&o->cl) && !o->mode_set)
		set_mode(o, MODE_COUNT, "--part");
	if (cluster_active(&o->cl) && o->mode != MODE_COUNT &&
	    o->mode != MODE_ALL)
		cli_usage_error("--part, --checkpoint and --resume go with "
		    "--count or --all");
	if (o->cl.resplit != 0 && o->mode != MODE_COUNT)
		cli_usage_error("--resplit goes with --count");
	if (o->candidates && !o->mode_set)
		set_mode(o, MODE_CANDIDATES, "--candidates");
	if (o->candidates && o->mode != MODE_CANDIDATES &&
	    o->mode != MODE_EXPLAIN && o->mode != MODE_RATE)
		cli_usage_error("--candidates goes with --explain or --rate");
	if (o->no_uniqueness && o->mode != MODE_EXPLAIN &&
	    o->mode != MODE_RATE && o->mode != MODE_HINT &&
	    o->mode != MODE_CANDIDATES)
		cli_usage_error("--no-uniqueness goes with --explain, --rate, "
		    "--hint or --candidates");
	if (o->limit != 0 && !o->mode_set)
		set_mode(o, MODE_COUNT, "--limit");
	if (o->format == FORMAT_CSV && o->mode != MODE_SOLVE &&
	    o->mode != MODE_COUNT && o->mode != MODE_UNIQUE &&
	    o->mode != MODE_RATE)
		cli_usage_error("--format csv goes with solving, --count, "
		    "--unique or --rate");
	if (o->mode == MODE_CANONICAL) {
		/* One line a puzzle, so that sort -u counts classes. */
		if (o->format_set && o->format != FORMAT_LINE &&
		    o->format != FORMAT_JSON)
			cli_usage_error("--canonical writes lines: --format "
			    "line or --json only");
		if (o->format != FORMAT_JSON)
			o->format = FORMAT_LINE;
		if (o->variant != NULL)
			cli_usage_error("--canonical works on classic 9x9 "
			    "sudoku only, not on variants");
	}
	if (o->fc.part_time > 0 && o->mode != MODE_ESTIMATE)
		cli_usage_error("--part-time goes with --estimate");
	if (o->mode == MODE_ESTIMATE) {
		o->fc.seed = o->seed;
		o->fc.seed_set = o->seed_set;
		if (o->stats)
			cli_usage_error("--estimate conflicts with --stats: "
			    "it prints its own figures");
		if (cluster_active(&o->cl))
			cli_usage_error("--estimate conflicts with %s",
			    o->cl.parted ? "--part (or $DLX_PART)" :
			    o->cl.checkpoint != NULL ? "--checkpoint" :
			    "--resume");
		/* The plain tree, serially: what would walk another tree
		 * (the cache) or share it is refused, not ignored. */
		if (o->search.memo ||
		    o->search.components == DLX_COMP_ALWAYS)
			cli_usage_error("--estimate conflicts with %s: the "
			    "cache walks a tree of its own", o->search.memo ?
			    "--memo" : "--components=always");
		if (o->search.threads > 1)
			cli_usage_error("--estimate runs on one thread: it "
			    "conflicts with -t %u", o->search.threads);
	}
	if (o->limit != 0 && o->mode != MODE_COUNT && o->mode != MODE_ALL)
		cli_usage_error("--limit goes with --count or --all");
	if (o->symbols != NULL && o->boxr != 0 &&
	    strlen(o->symbols) < (size_t)(o->boxr * o->boxc))
		cli_usage_error("--symbols: %zu symbols for %d x %d boxes",
		    strlen(o->symbols), o->boxr, o->boxc);
}

/* Parse the options; returns the index of the first file operand. */
static int
parse_options(int argc, char **argv, struct options *o)
{
	int	 ch;

	memset(o, 0, sizeof *o);
	o->progress = isatty(STDERR_FILENO);
	while ((ch = getopt_long(argc, argv, "ab:cef:hjl:rst:uV", longopts,
	    NULL)) != -1) {
		if (main_option(o, ch, optarg) || search_option(o, ch, optarg))
			continue;
		switch (ch) {
		case OPT_VARIANT:
		case OPT_GENERATE:
		case OPT_SYMMETRY:
		case OPT_SEED:
		case OPT_GIVENS:
		case OPT_GRADE:
		case OPT_EFFORT:
		case OPT_ATTEMPTS:
			variant_option(o, ch, optarg);
			break;
		default:
			cli_bad_option();
		}
	}
	options_done(o);
	return optind;
}

/* Answer the puzzles of one file operand ("-": standard input). */
static void
operand(struct run *run, const char *file)
{
	FILE	*fp;

	if (strcmp(file, "-") == 0) {
		pipeline_file(run, "(standard input)", stdin);
		return;
	}
	if ((fp = fopen(file, "r")) == NULL) {
		cli_diag("%s: %s", file, strerror(errno));
		run_status(run, CLI_EXIT_ERROR);
		return;
	}
	pipeline_file(run, file, fp);
	fclose(fp);
}

int
main(int argc, char **argv)
{
	static struct run	 run;
	const char		*header;
	int			 i, first;

	cli_init(argv[0], "dlx-sudoku");
	/* getopt_long() names the program by argv[0]: the name the user
	 * knows, not the path libtool runs. */
	argv[0] = (char *)cli_prog;
	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return merge_main(cli_prog, argc - 1, argv + 1);
	first = parse_options(argc, argv, &run.o);
	run.mode = modes[run.o.mode];
	run.fmt = print_format(run.o.format);
	/* The grades of --rate add up per file, except in CSV. */
	if (run.o.mode == MODE_RATE && run.o.format != FORMAT_CSV)
		run.file_done = explain_rate_summary;
	run.alphabet = run.o.symbols != NULL ? run.o.symbols :
	    DLX_SUDOKU_SYMBOLS;
	run.nalpha = (int)strlen(run.alphabet);

	if (run.o.generate != 0) {
		if (first != argc)
			cli_usage_error("--generate takes no files");
		generate_run(&run);
		return cli_exit(run.status);
	}
	if ((header = run.fmt->header(run.o.mode)) != NULL)
		cli_puts(header);
	if (first == argc)
		operand(&run, "-");
	for (i = first; i < argc && !cli_stopped(); i++)
		operand(&run, argv[i]);
	/* The time limit may pass between two puzzles, or in a mode
	 * whose searches are not counts: the run stopped all the same. */
	if (cli_time_noticed() && !cli_interrupted()) {
		if (run.status != CLI_EXIT_BUDGET && run.status !=
		    CLI_EXIT_ERROR)
			cli_budget_note(NULL, "--time-limit", NULL, NULL);
		run_status(&run, CLI_EXIT_BUDGET);
	}
	if (run.o.stats)
		cli_diag("total: %llu puzzles, %llu nodes, %llu updates, "
		    "%.6f s", (unsigned long long)run.puzzles,
		    (unsigned long long)run.nodes,
		    (unsigned long long)run.updates, run.seconds);
	run_free(&run);
	/* A signal's status (128 + it) comes from cli_exit(). */
	return cli_exit(run.status);
}
