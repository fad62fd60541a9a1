/*
 * dlx-main.c: the program dlx, a generic exact cover solver.
 *
 * It reads one problem in Knuth's DLX text format (dlx_text.h) from a file
 * or standard input, searches it with libdlx, and prints the number of
 * solutions, or the solutions themselves (each option written as in the
 * input) followed by their number, or JSON Lines: one record per solution
 * and a last one with the count.  A count cut short by --limit is a lower
 * bound and says so ("at least 5").  Long runs show progress on standard
 * error, and a signal (SIGINT, SIGTERM, SIGHUP) ends the search cleanly
 * with the count of the solutions printed so far.
 *
 * Exit status (cli.h): 0 at least one solution (also when --limit stopped
 * the search), 1 none, 2 trouble (usage, bad input, read or write error),
 * 3 a budget (--max-nodes, --max-updates, --time-limit) stopped it,
 * 128 + the signal that stopped it (130 for SIGINT), 141 standard output
 * closed.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlx.h"
#include "dlx_text.h"
#include "prog/common/cluster.h"
#include "prog/common/cli.h"
#include "prog/common/forecast.h"

enum output {
	OUT_COUNT,			/* the number of solutions */
	OUT_PRINT,			/* each solution, as in the input */
	OUT_JSON			/* each solution as a JSON line */
};

/* Long-only options: values above any char. */
enum {
	OPT_PROGRESS = CHAR_MAX + 1,
	OPT_NO_PROGRESS,
	OPT_STRICT,
	OPT_MAX_LINE,
	OPT_KNUTH,
	OPT_FAST
};

static struct {
	enum output	 output;	/* what to write on stdout */
	int		 output_set;	/* --print or --json was given */
	int		 first;		/* --first: no total after a solution */
	int		 count;		/* --count: the count alone (the
					 * default; with --json, only the
					 * count record) */
	uint64_t	 limit;		/* stop after this many; 0: none */
	int		 stats;		/* --stats */
	int		 progress;	/* -1 auto (tty), 0 off, 1 on */
	double		 interval;	/* seconds between progress lines */
	int		 strict;	/* --strict */
	size_t		 max_line;	/* --max-line; 0: default */
	const char	*file;		/* operand, NULL or "-": stdin */
	struct cli_search search;	/* -t, --memo, --no-memo, --memory */
	struct cluster	 cl;		/* --part, --checkpoint, --resume */
	int		 knuth;		/* --knuth (1), --fast (-1), or 0:
					   the library's default */
	struct forecast_opts fc;	/* --estimate, --seed, --part-time */
} opts = {
	.output = OUT_COUNT,
	.progress = -1,
	.interval = 2.0,
};

/* The state of the run, shared with the callbacks. */
struct run {
	dlx_text	*t;		/* the problem */
	dlx		*d;		/* its matrix */
	const char	*name;		/* input name for messages */
	int		*sorted;	/* a solution's options, sorted */
	char		*line;		/* an option's text */
	size_t		 linecap;	/* bytes allocated for line */
	uint64_t	 numbered;	/* solutions printed by this run */
	struct cli_progress prog;	/* progress lines, and the clock */
};

static void
usage(void)
{
	printf("usage: %s [OPTION]... [FILE]\n", cli_prog);
	printf("       %s merge [--partial] [--stats] [RECORD...]\n", cli_prog);
	fputs(
"Solve the exact cover problem in FILE, written in Knuth's DLX format\n"
"(standard input if FILE is - or absent), and print how many solutions\n"
"it has.\n"
"\n"
"  -c, --count           count the solutions (the default); with --json,\n"
"                        print only the count record\n"
"  -p, --print           print each solution (its options as in the input),\n"
"                        then the number of solutions\n"
"  -j, --json            JSON Lines: a record per solution, then the count\n"
"  -n, --limit=N         stop after N solutions (the count is then \"at\n"
"                        least N\")\n"
"  -1, --first           stop after the first solution and print it (or\n"
"                        \"no solution\")\n"
"  -s, --stats           print search statistics on standard error\n"
"      --knuth           search Knuth's tree, as DLX1 (DLX2 with colors)\n"
"                        does, with his node and update figures\n"
"      --fast            search the smaller tree (the default)\n"
"      --estimate[=PROBES]  do not search: estimate the number of solutions\n"
"                        and the nodes of the tree (--knuth or --fast) by\n"
"                        Knuth's random probes (default 10000), with their\n"
"                        standard error, and the time at this machine's rate\n"
"      --seed=N          the probes' seed (default 0)\n"
"      --part-time=DURATION  with --estimate: the N of --part for parts of\n"
"                        about DURATION each (seconds, or with m, h or d)\n"
"  -t, --threads=N       search on N threads (default: every CPU available)\n"
"      --no-memo         count by plain search, without the subproblem cache\n"
"      --memo            count with the cache from the start, whatever happens\n"
"      --memory=SIZE     bytes the cache may use in all, every thread\n"
"                        together: 512M, 4G... (default: 128M)\n"
"      --components[=WHEN]  count independent parts apart and multiply:\n"
"                        auto (default: where it pays), always, never\n"
"      --no-components   never (as --components=never)\n"
"      --progress[=SEC]  print progress on standard error every SEC seconds\n"
"                        (default 2), even if it is not a terminal\n"
"      --no-progress     no progress lines, even on a terminal\n"
"      --strict          an option with no primary item is an error, not a\n"
"                        warning\n"
"      --max-line=BYTES  longest input line accepted (default 1048576)\n"
"      --part=K/N        search only part K of N (1 <= K <= N), and print\n"
"                        its record (JSON) for 'dlx merge'; K omitted:\n"
"                        $SLURM_ARRAY_TASK_ID; no --part: $DLX_PART\n"
"      --record=FILE     write the part record to FILE\n"
"      --checkpoint=FILE save the search position to FILE now and then\n"
"      --checkpoint-every=SEC  seconds between checkpoints (default 60)\n"
"      --resume=FILE     go on from the checkpoint in FILE\n"
"      --part=K/N,J/M    sub-part J of M of part K/N (and so on, any depth)\n"
"      --resplit=M       write the M sub-parts of the part, or of the\n"
"                        checkpoint of --resume, to FILE.1 ... FILE.M (FILE:\n"
"                        --checkpoint's, else --resume's) and name them\n"
"      --max-nodes=N     stop after N nodes of the search tree, with the\n"
"                        partial count (and the checkpoint, if asked)\n"
"      --max-updates=N   stop after about N updates, likewise\n"
"      --time-limit=SEC  stop SEC seconds after the start, likewise\n"
"  -h, --help            display this help and exit\n"
"  -V, --version         output version information and exit\n"
"\n"
"Exit status: 0 if a solution was found (also when --limit stopped the\n"
"search), 1 if there is none, 2 if there was trouble (usage, input, read\n"
"or write error), 3 if --max-nodes, --max-updates or --time-limit stopped\n"
"the search, 130 if interrupted, 141 if standard output was closed.\n",
	    stdout);
}

/* The options of the output and the input; 0 if c is none of them. */
static int
output_option(int c, const char *arg)
{
	switch (c) {
	case 'p':
	case 'j':
		opts.output = c == 'p' ? OUT_PRINT : OUT_JSON;
		opts.output_set = 1;
		return 1;
	case '1':
		opts.first = 1;
		return 1;
	case 'c':
		opts.count = 1;
		return 1;
	case 's':
		opts.stats = 1;
		return 1;
	case OPT_PROGRESS:
		opts.progress = 1;
		if (arg != NULL && cli_parse_seconds(arg, &opts.interval) != 0)
			cli_usage_error("--progress: '%s' is not a number of "
			    "seconds", arg);
		return 1;
	case OPT_NO_PROGRESS:
		opts.progress = 0;
		return 1;
	case OPT_STRICT:
		opts.strict = 1;
		return 1;
	case OPT_MAX_LINE:
		opts.max_line = (size_t)cli_number("--max-line", arg, 1,
		    SIZE_MAX / 2);
		return 1;
	case 'h':
		usage();
		cli_exit_help();
	case 'V':
		cli_version();
	}
	return 0;
}

/* The options of the search: how far and how; 0 if c is none of them. */
static int
search_option(int c, const char *arg)
{
	switch (c) {
	case 'n':
		opts.limit = cli_number("--limit", arg, 1, UINT64_MAX);
		return 1;
	case OPT_KNUTH:
		opts.knuth = DLX_KNUTH;
		return 1;
	case OPT_FAST:
		opts.knuth = DLX_FAST;
		return 1;
	}
	return forecast_option(&opts.fc, c, arg) ||
	    cli_search_option(&opts.search, c, arg) ||
	    cluster_option(&opts.cl, c, arg);
}

/*
 * --estimate walks the plain tree of --knuth or --fast, serially, over
 * the whole problem: what would make the search walk another tree (the
 * cache), share it (threads) or take a part of it is refused, not
 * ignored.  Estimating a part is not done yet.
 */
static void
estimate_options(void)
{
	if (opts.output == OUT_PRINT || opts.first)
		cli_usage_error("--estimate conflicts with %s",
		    opts.first ? "--first" : "--print");
	if (opts.limit != 0)
		cli_usage_error("--estimate conflicts with --limit");
	if (opts.stats)
		cli_usage_error("--estimate conflicts with --stats: it "
		    "prints its own figures");
	if (opts.search.memo || opts.search.components == DLX_COMP_ALWAYS)
		cli_usage_error("--estimate conflicts with %s: the cache "
		    "walks a tree of its own", opts.search.memo ? "--memo" :
		    "--components=always");
	if (opts.search.threads > 1)
		cli_usage_error("--estimate runs on one thread: it conflicts "
		    "with -t %u", opts.search.threads);
	if (cluster_active(&opts.cl))
		cli_usage_error("--estimate conflicts with %s",
		    opts.cl.parted ? "--part (or $DLX_PART)" :
		    opts.cl.checkpoint != NULL ? "--checkpoint" : "--resume");
}

static void
parse_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "count",	 no_argument,		NULL, 'c' },
		{ "print",	 no_argument,		NULL, 'p' },
		{ "json",	 no_argument,		NULL, 'j' },
		{ "limit",	 required_argument,	NULL, 'n' },
		{ "first",	 no_argument,		NULL, '1' },
		{ "stats",	 no_argument,		NULL, 's' },
		{ "progress",	 optional_argument,	NULL, OPT_PROGRESS },
		{ "no-progress", no_argument,		NULL, OPT_NO_PROGRESS },
		{ "strict",	 no_argument,		NULL, OPT_STRICT },
		{ "max-line",	 required_argument,	NULL, OPT_MAX_LINE },
		CLI_SEARCH_LONGOPTS,
		CLUSTER_LONGOPTS,
		{ "knuth",	 no_argument,		NULL, OPT_KNUTH },
		{ "fast",	 no_argument,		NULL, OPT_FAST },
		FORECAST_LONGOPTS,
		{ "help",	 no_argument,		NULL, 'h' },
		{ "version",	 no_argument,		NULL, 'V' },
		{ NULL,		 0,			NULL, 0 }
	};
	int		 c;
	const char	*why;

	while ((c = getopt_long(argc, argv, "cpjn:1st:hV", longopts, NULL)) !=
	    -1)
		if (!output_option(c, optarg) && !search_option(c, optarg))
			cli_bad_option();
	/* --count is the default mode, named as dlx-sudoku names it; with
	 * --json it leaves out the solution records. */
	if (opts.count && opts.output == OUT_PRINT)
		cli_usage_error("--count conflicts with --print");
	if (opts.count && opts.first)
		cli_usage_error("--count conflicts with --first");
	if (opts.first) {
		opts.limit = 1;
		if (!opts.output_set)
			opts.output = OUT_PRINT;
	}
	if (argc - optind > 1)
		cli_usage_error("extra operand '%s'", argv[optind + 1]);
	if (optind < argc)
		opts.file = argv[optind];
	opts.cl.prog = cli_prog;
	opts.cl.version = PACKAGE_VERSION;
	if (cluster_setup(&opts.cl, &why) != 0)
		cli_usage_error("%s", why);
	if (opts.cl.record != NULL && !opts.cl.parted)
		cli_usage_error("--record goes with --part");
	forecast_check(&opts.fc);
	if (opts.fc.probes > 0)
		estimate_options();
}

/* Note a failed write (rc < 0): the search stops, cli_exit() reports. */
static void
check_write(int rc)
{
	if (rc < 0)
		cli_write_error(errno);
}

/* The text of option opt in r->line; NULL if out of memory. */
static const char *
option_text(struct run *r, int opt)
{
	size_t	 n;
	char	*p;

	n = dlx_text_format_option(r->t, opt, r->line, r->linecap);
	if (n >= r->linecap) {
		if ((p = realloc(r->line, n + 1)) == NULL)
			return NULL;
		r->line = p;
		r->linecap = n + 1;
		dlx_text_format_option(r->t, opt, r->line, r->linecap);
	}
	return r->line;
}

/* Compare option numbers for qsort(). */
static int
cmp_int(const void *a, const void *b)
{
	int	 x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/*
 * Print one solution.  Its options are listed in input order (the order
 * in which the search chose them says nothing about the solution).
 */
static int
visit(void *arg, const int *options, size_t n)
{
	struct run		*r = arg;
	const char		*s;
	size_t			 k;
	uint64_t		 number;

	/* Printed even after an interrupt, while the reader takes it: the
	 * count reported is that of the solutions printed.  Output cut
	 * after a stop takes none: a checkpoint leaves it to the resumed
	 * run. */
	if (cli_output_cut())
		return DLX_VISIT_AGAIN;
	memcpy(r->sorted, options, n * sizeof *options);
	qsort(r->sorted, n, sizeof *r->sorted, cmp_int);
	/* Numbered on from the solutions of the runs resumed from. */
	number = opts.cl.before + ++r->numbered;
	/* One record, written whole or not at all. */
	cli_record_begin();
	if (opts.output == OUT_PRINT)
		cli_out("%s%llu:\n", r->numbered > 1 ? "\n" : "",
		    (unsigned long long)number);
	else
		cli_out("{\"type\":\"solution\",\"solution\":%llu,"
		    "\"options\":[", (unsigned long long)number);
	for (k = 0; k < n && !cli_write_failed(); k++) {
		if ((s = option_text(r, r->sorted[k])) == NULL) {
			cli_diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(CLI_EXIT_ERROR);
		}
		if (opts.output == OUT_PRINT)
			cli_out("%s\n", s);
		else {
			if (k > 0)
				cli_putc(',');
			cli_json_str(s);
		}
	}
	if (opts.output == OUT_JSON)
		cli_puts("]}\n");
	cli_record_end(1);
	if (cli_output_cut())
		return DLX_VISIT_AGAIN;
	return cli_stopped();
}

/* Called every CLI_PROGRESS_UPDATES updates: interrupts and progress
 * lines. */
static int
progress(void *arg, const struct dlx_stats *st)
{
	struct run	*r = arg;

	if (cli_stopped())
		return 1;
	if (cli_progress_due(&r->prog))
		cli_progress_search(&r->prog, NULL, st->solutions, st->nodes,
		    st->updates, dlx_progress(r->d));
	return 0;
}

/*
 * Print a reader warning or error, "dlx: FILE:LINE:COLUMN: message".  A
 * read error is the file's, not a line's: "dlx: FILE: read error: ...",
 * as dlx-sudoku says it.
 */
static void
report(const char *name, const struct dlx_error *e, const char *what)
{
	if (e->line == 0 || e->sys_errno != 0)
		fprintf(stderr, "%s: %s: %s%s\n", cli_prog, name, what,
		    e->message);
	else if (e->column == 0)
		fprintf(stderr, "%s: %s:%lu: %s%s\n", cli_prog, name, e->line,
		    what, e->message);
	else
		fprintf(stderr, "%s: %s:%lu:%lu: %s%s\n", cli_prog, name,
		    e->line, e->column, what, e->message);
}

/* The reader's warnings; arg is the input's name. */
static void
on_warning(void *arg, const struct dlx_error *w)
{
	report(arg, w, "warning: ");
}

/* Read the problem; on error print why and exit. */
static dlx_text *
load(const char *file, const char **namep)
{
	struct dlx_text_options	 topt;
	struct dlx_error	 err;
	const char		*name;
	dlx_text		*t;
	FILE			*fp;
	int			 rc;

	if (file == NULL || strcmp(file, "-") == 0) {
		name = "(standard input)";
		fp = stdin;
	} else {
		name = file;
		if ((fp = fopen(file, "r")) == NULL) {
			cli_diag("%s: %s", file, strerror(errno));
			exit(CLI_EXIT_ERROR);
		}
	}
	/* A signal that came while starting would not interrupt the read. */
	if (cli_interrupted())
		exit(cli_intr_status());
	memset(&topt, 0, sizeof topt);
	topt.flags = opts.strict ? DLX_TEXT_STRICT : 0;
	topt.max_line = opts.max_line;
	topt.warn = on_warning;
	topt.warn_arg = (void *)(uintptr_t)name;
	rc = dlx_text_read(&t, fp, &topt, &err);
	if (fp != stdin)
		fclose(fp);
	if (rc != DLX_OK) {
		/* Ctrl-C while waiting for input is no read error. */
		if (cli_interrupted())
			exit(cli_intr_status());
		report(name, &err, "");
		exit(CLI_EXIT_ERROR);
	}
	*namep = name;
	return t;
}

/*
 * Print the total after the solutions of --print: "92 solutions", "at
 * least 5 solutions" when --limit cut the search short, "no solution".
 * Solutions are separated by blank lines; one more comes before the total.
 */
static void
print_total(uint64_t count, int exact)
{
	cli_record_begin();
	if (count == 0 && exact)
		cli_puts("no solution\n");
	else
		cli_out("\n%s%llu solution%s\n", exact ? "" : "at least ",
		    (unsigned long long)count, count == 1 ? "" : "s");
	cli_record_end(0);
}

/* The count record, the count given as decimal text (exact past 2^64);
 * partial: stopped by a signal, or by the budget named (its option). */
static void
json_count_why(const char *num, int exact, int partial, const char *budget)
{
	cli_out("{\"type\":\"count\",\"solutions\":%s,"
	    "\"exact\":%s%s%s%s%s}\n", num, exact ? "true" : "false",
	    partial && budget == NULL ? ",\"interrupted\":true" : "",
	    budget != NULL ? ",\"budget\":\"" : "",
	    budget != NULL ? cli_budget_key(budget) : "",
	    budget != NULL ? "\"" : "");
}

static void
json_count_text(const char *num, int exact, int partial)
{
	json_count_why(num, exact, partial, NULL);
}

/* The last JSON record: the count, a lower bound unless exact. */
static void
json_count(uint64_t count, int exact, int partial)
{
	char	 num[DLX_WIDE_DIGITS + 1];

	snprintf(num, sizeof num, "%llu", (unsigned long long)count);
	json_count_text(num, exact, partial);
}

/* Whether the search walks Knuth's tree: --knuth, or neither option and
 * a library built with Knuth's tree as its default. */
static int
knuth(void)
{
	return opts.knuth > 0 || (opts.knuth == 0 && dlx_knuth_default());
}

static void
print_stats(struct run *r, double secs, const struct dlx_result *res)
{
	const struct dlx_memo_stats *ms = &res->memo;
	struct dlx_stats	 st;
	char			 num[48];

	dlx_stats(r->d, &st);
	if (!cluster_active(&opts.cl))
		st = res->stats;
	cli_flush();
	fprintf(stderr, "mode: %s\n", knuth() ? "knuth" : "fast");
	/* The cache's lines only when it was tried: the figures of a plain
	 * search stay those of Knuth's DLX1 and DLX2, line for line. */
	if (ms->used || ms->gave_up)
		fprintf(stderr, "search: %s\n", ms->used ? "memoized" :
		    "plain (the cache found too few repeats)");
	if (ms->used || ms->gave_up)
		fprintf(stderr, "cache: %llu entries, %llu lookups, %llu hits, "
		    "%llu replaced, %zu bytes\n",
		    (unsigned long long)ms->entries,
		    (unsigned long long)ms->lookups,
		    (unsigned long long)ms->hits,
		    (unsigned long long)ms->replaced, ms->bytes);
	cli_components(0, "", ms);
	if (cluster_active(&opts.cl)) {
		/* The figures of the part or of every run resumed from. */
		st.nodes = opts.cl.nodes;
		st.updates = opts.cl.updates;
		cluster_u128_text(opts.cl.sol_hi, opts.cl.sol_lo, num);
	} else
		snprintf(num, sizeof num, "%llu",
		    (unsigned long long)st.solutions);
	fprintf(stderr, "solutions: %s\n", num);
	fprintf(stderr, "nodes: %llu\n", (unsigned long long)st.nodes);
	fprintf(stderr, "updates: %llu\n", (unsigned long long)st.updates);
	fprintf(stderr, "abandoned: %llu\n",
	    (unsigned long long)st.abandoned);
	fprintf(stderr, "branches: %llu\n", (unsigned long long)st.branches);
	fprintf(stderr, "max depth: %zu\n", st.max_depth);
	fprintf(stderr, "time: %.3f s\n", secs);
	fprintf(stderr, "updates/s: %.3g\n",
	    secs > 0 ? (double)st.updates / secs : 0.0);
	fprintf(stderr, "memory: %zu bytes\n", dlx_memory(r->d));
	/* What ran, which may be less than asked (-t on a tree that ends
	 * before it is shared out) but never another answer. */
	cli_ran("", res);
}

/* The option that asks for the solutions one at a time. */
static const char *
visit_option(void)
{
	/* Counting, a budget is what asks for a search that can stop. */
	if (opts.output == OUT_COUNT && opts.limit == 0 &&
	    opts.search.max_nodes != 0)
		return "--max-nodes";
	if (opts.output == OUT_COUNT && opts.limit == 0 &&
	    opts.search.max_updates != 0)
		return "--max-updates";
	return opts.output == OUT_PRINT ? "--print" :
	    opts.output == OUT_JSON ? "--json" : "--limit";
}

/* Whether the solutions are printed one by one (-p, -j without -c). */
static int
visiting(void)
{
	return opts.output != OUT_COUNT && !opts.count;
}

/*
 * The end of a search a signal or a budget (the option budget, NULL for a
 * signal) stopped, whose count is num: the solutions visited, or when
 * they are printed, those written out (after the buffered ones went out,
 * as far as the reader took them in half a second), with those of the
 * runs resumed from.  The count goes to standard output as the mode
 * writes it (a line, a JSON record), and to standard error in the message
 * both programs use: always after a budget or solutions printed, and
 * whenever standard output did not take the count.  Returns the exit
 * status.
 */
static int
report_stop(char *num, size_t size, const char *checkpoint, int line,
    const char *budget)
{
	cli_flush();
	if (visiting())
		snprintf(num, size, "%llu", (unsigned long long)
		    (opts.cl.before + cli_solutions_out()));
	if (opts.output == OUT_COUNT && line)
		cli_out("%s (partial)\n", num);
	else if (opts.output == OUT_JSON)
		json_count_why(num, 0, 1, cli_interrupted() ? NULL : budget);
	cli_flush();
	if (budget != NULL && !cli_interrupted()) {
		cli_budget_note(NULL, budget, num, checkpoint);
		return CLI_EXIT_BUDGET;
	}
	if (opts.output != OUT_COUNT || !line || cli_output_cut())
		cli_interrupt_note(NULL, num, checkpoint, cli_interrupted());
	return cli_intr_status();
}

/*
 * After a search run by cluster_search() (rc): print the count, or the
 * part record with --part, and say how it ended.  Returns the exit
 * status.  A part that was searched to the end exits 0 even without a
 * solution: its record is the answer, and a batch system would take 1
 * for a failure.
 */
static int
main_cluster(struct run *r, int rc, const struct dlx_result *res)
{
	struct cluster	*c = &opts.cl;
	char		 num[48], name[40 * DLX_PART_DEPTH];
	const char	*budget;
	uint64_t	 count;

	if (rc == CLUSTER_EFILE)
		return CLI_EXIT_ERROR;
	if (rc == CLUSTER_SPLIT)
		return CLI_EXIT_OK;	/* the sub-parts' files, named */
	if (rc == DLX_ENOTSUP) {
		cli_refused(r->name, res->refused, 0, visit_option());
		return CLI_EXIT_ERROR;
	}
	if (rc < 0) {
		cli_diag("%s: %s", r->name, dlx_strerror(rc));
		return CLI_EXIT_ERROR;
	}
	cluster_u128_text(c->sol_hi, c->sol_lo, num);
	count = c->sol_hi != 0 ? UINT64_MAX : c->sol_lo;
	budget = cli_budget_spent(&opts.search, rc);
	if (cli_interrupted() || rc == DLX_STOPPED || budget != NULL) {
		if (cli_write_failed())
			return CLI_EXIT_ERROR;
		/* The count on stderr, with the checkpoint to resume from. */
		return report_stop(num, sizeof num, c->checkpoint, 0, budget);
	}
	/* The solutions printed end with their total, as without parts
	 * or checkpoints: those of the part, or of every run resumed.  A
	 * part counted with --count --json has its record for JSON (below),
	 * the same as without --json, so that merge takes it. */
	if (opts.output == OUT_JSON && !(opts.count && c->parted))
		json_count_text(num, rc == DLX_OK, 0);
	else if (opts.output == OUT_PRINT && (!opts.first || count == 0))
		print_total(count, rc == DLX_OK);
	if (c->parted) {
		if (rc != DLX_OK) {
			cluster_part_name(c, name, sizeof name);
			cli_diag("part %s: the search did not end "
			    "(--limit?): no record", name);
			return CLI_EXIT_ERROR;
		}
		if (c->record != NULL)
			return cluster_write_record(c) == 0 ?
			    CLI_EXIT_OK : CLI_EXIT_ERROR;
		if (opts.output == OUT_COUNT || opts.count)
			check_write(cluster_write_record(c));
		return CLI_EXIT_OK;
	}
	if (opts.output == OUT_COUNT)
		cli_out("%s%s\n", num, rc == DLX_OK ? "" : " (at least)");
	return c->sol_hi == 0 && c->sol_lo == 0 ? CLI_EXIT_NONE : CLI_EXIT_OK;
}

/* Print how the search (rc, count wide) ended; returns the status. */
static int
report_search(struct run *r, int rc, const struct dlx_result *res)
{
	struct dlx_wide		 wide = res->count;
	struct dlx_stats	 st = res->stats;
	char			 total[DLX_WIDE_DIGITS + 1];
	const char		*budget;
	int			 exact;

	dlx_wide_format(wide, total, sizeof total);
	if (rc == DLX_ENOTSUP) {
		cli_refused(r->name, res->refused, 0, visit_option());
		return CLI_EXIT_ERROR;
	}
	if (rc < 0) {
		cli_diag("%s: %s", r->name, dlx_strerror(rc));
		return CLI_EXIT_ERROR;
	}
	if (cli_interrupted())
		return report_stop(total, sizeof total, NULL, 1, NULL);
	if ((budget = cli_budget_spent(&opts.search, rc)) != NULL) {
		if (cli_write_failed())
			return CLI_EXIT_ERROR;
		return report_stop(total, sizeof total, NULL, 1, budget);
	}
	/* DLX_LIMIT: the tree was not finished, there may be more. */
	exact = rc == DLX_OK;
	if (opts.output == OUT_COUNT)
		cli_out("%s%s\n", exact ? "" : "at least ", total);
	else if (opts.output == OUT_JSON && opts.count)
		json_count_text(total, exact, 0);
	else if (opts.output == OUT_JSON)
		json_count(st.solutions, exact, 0);
	else if (!opts.first || st.solutions == 0)
		print_total(st.solutions, exact);
	return wide.hi != 0 || wide.lo > 0 ? CLI_EXIT_OK : CLI_EXIT_NONE;
}

/*
 * --estimate: Knuth's random probes of the tree and the time they
 * forecast (forecast.c), as text or one JSON record.  Returns the exit
 * status: 0, or 2 on trouble (item bounds are not estimated).
 */
static int
main_estimate(struct run *r, const struct dlx_request *rq)
{
	struct forecast	 f;
	const char	*tree = knuth() ? "knuth" : "fast";
	int		 rc;

	rc = forecast_run(r->d, rq, &opts.fc, &f);
	if (rc == DLX_ENOTSUP) {
		cli_diag("%s: not supported: item bounds with --estimate "
		    "(Algorithm M's tree is not estimated)", r->name);
		return CLI_EXIT_ERROR;
	}
	if (rc != DLX_OK) {
		cli_diag("%s: %s", r->name, dlx_strerror(rc));
		return CLI_EXIT_ERROR;
	}
	if (opts.output == OUT_JSON) {
		cli_out("{\"type\":\"estimate\"");
		forecast_json(&f, &opts.fc, tree);
		cli_out("}\n");
	} else
		forecast_print(&f, &opts.fc, tree, "");
	return CLI_EXIT_OK;
}

int
main(int argc, char **argv)
{
	struct dlx_request	 rq;
	struct dlx_result	 res;
	struct run		 r;
	int			 rc, status;

	cli_init(argv[0], "dlx");
	/* getopt_long() names the program by argv[0]: the name the user
	 * knows, not the path libtool runs. */
	argv[0] = (char *)cli_prog;
	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return merge_main(cli_prog, argc - 1, argv + 1);
	parse_options(argc, argv);

	memset(&r, 0, sizeof r);
	r.t = load(opts.file, &r.name);
	r.d = dlx_text_dlx(r.t);
	/* A solution uses each option at most once (with item bounds it
	 * may have more options than primary items). */
	if ((r.sorted = calloc(dlx_noptions(r.d) + 1,
	    sizeof *r.sorted)) == NULL) {
		cli_diag("%s", dlx_strerror(DLX_ENOMEM));
		exit(CLI_EXIT_ERROR);
	}
	cli_progress_start(&r.prog, opts.progress == 1 ||
	    (opts.progress == -1 && isatty(STDERR_FILENO)), opts.interval);

	/* One request, built here and nowhere else: the library's
	 * dispatcher picks the engine (or refuses), the same with parts
	 * and checkpoints (cluster.c only adds the position). */
	memset(&rq, 0, sizeof rq);
	if (opts.output != OUT_COUNT && !opts.count) {
		rq.visit = visit;
		rq.visit_arg = &r;
	}
	rq.max_solutions = opts.limit;
	rq.tree = opts.knuth;
	rq.progress = progress;
	rq.progress_arg = &r;
	rq.progress_updates = CLI_PROGRESS_UPDATES;
	cli_request(&opts.search, &rq);
	memset(&res, 0, sizeof res);
	if (opts.fc.probes > 0) {
		status = main_estimate(&r, &rq);
		cli_progress_end(&r.prog);
		free(r.sorted);
		free(r.line);
		dlx_text_free(r.t);
		return cli_exit(status);
	}
	if (cluster_active(&opts.cl)) {
		rc = cluster_search(&opts.cl, r.d, &rq, &res);
		cli_progress_end(&r.prog);
		status = main_cluster(&r, rc, &res);
	} else {
		rc = dlx_run(r.d, &rq, &res);
		cli_progress_end(&r.prog);
		status = report_search(&r, rc, &res);
	}
	if (opts.stats && rc != DLX_ENOTSUP && rc != CLUSTER_EFILE &&
	    rc != CLUSTER_SPLIT)
		print_stats(&r, cli_progress_elapsed(&r.prog), &res);
	free(r.sorted);
	free(r.line);
	dlx_text_free(r.t);
	return cli_exit(status);
}
