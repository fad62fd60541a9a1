/*
 * dlx-main.c: the program dlx, a generic exact cover solver.
 *
 * It reads one problem in Knuth's DLX text format (dlx_text.h) from a file
 * or standard input, searches it with libdlx, and prints the number of
 * solutions, or the solutions themselves (each option written as in the
 * input) followed by their number, or JSON Lines: one record per solution
 * and a last one with the count.  A count cut short by --limit is a lower
 * bound and says so ("at least 5").  Long runs show progress on standard
 * error, and an interrupt (SIGINT) ends the search cleanly with the count
 * so far.
 *
 * Exit status: 0 at least one solution (also when --limit stopped the
 * search), 1 none, 2 trouble (usage, bad input, read or write error), 130
 * interrupted.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dlx.h"
#include "dlx_text.h"
#include "cluster.h"

#define EXIT_FOUND	0	/* at least one solution */
#define EXIT_NONE	1	/* no solution */
#define EXIT_TROUBLE	2	/* usage, input, read or write error */
#define EXIT_INTERRUPT	130	/* SIGINT: 128 + 2, as shells report it */

/* How often the search calls back (updates): a few ms at 2e8 updates/s,
 * so an interrupt is answered at once and progress lines come on time. */
#define CHECK_UPDATES	((uint64_t)1 << 20)

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
	OPT_NO_MEMO,
	OPT_MEMO,
	OPT_MEMORY,
	OPT_PART,
	OPT_CHECKPOINT,
	OPT_CHECKPOINT_EVERY,
	OPT_RESUME,
	OPT_RECORD,
	OPT_KNUTH
};

static const char	*progname = "dlx";

static struct {
	enum output	 output;	/* what to write on stdout */
	int		 output_set;	/* --print or --json was given */
	int		 first;		/* --first: no total after a solution */
	uint64_t	 limit;		/* stop after this many; 0: none */
	int		 stats;		/* --stats */
	int		 progress;	/* -1 auto (tty), 0 off, 1 on */
	double		 interval;	/* seconds between progress lines */
	int		 strict;	/* --strict */
	size_t		 max_line;	/* --max-line; 0: default */
	const char	*file;		/* operand, NULL or "-": stdin */
	unsigned	 threads;	/* --threads; 0: every CPU */
	int		 no_memo;	/* --no-memo */
	int		 memo;		/* --memo: the cache from the start */
	size_t		 memory;	/* --memory; 0: a quarter of RAM */
	struct cluster	 cl;		/* --part, --checkpoint, --resume */
	int		 knuth;		/* --knuth */
} opts = { OUT_COUNT, 0, 0, 0, 0, -1, 2.0, 0, 0, NULL, 0, 0, 0, 0, { 0 }, 0 };

/* The state of the run, shared with the callbacks. */
struct run {
	dlx_text	*t;		/* the problem */
	dlx		*d;		/* its matrix */
	const char	*name;		/* input name for messages */
	int		*sorted;	/* a solution's options, sorted */
	char		*line;		/* an option's text */
	size_t		 linecap;	/* bytes allocated for line */
	int		 write_errno;	/* errno of the first failed write, or
					   0 */
	int		 write_failed;	/* a write to stdout failed */
	int		 show_progress;	/* print progress lines */
	uint64_t	 numbered;	/* solutions printed by this run */
	struct timespec	 start;		/* when the search began */
	double		 last;		/* time of the last progress line */
};

#if defined(__GNUC__)
#define PRINTFLIKE(f, a)	__attribute__((__format__(__printf__, f, a)))
#define NORETURN		__attribute__((__noreturn__))
#else
#define PRINTFLIKE(f, a)
#define NORETURN
#endif

static void	diag(const char *, ...) PRINTFLIKE(1, 2);
static void	usage_error(const char *, ...) PRINTFLIKE(1, 2) NORETURN;

/* Set by the SIGINT handler, polled by the search callbacks. */
static volatile sig_atomic_t	 interrupted;

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Print a diagnostic "dlx: ..." on stderr. */
static void
diag(const char *fmt, ...)
{
	va_list	 ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void
usage_error(const char *fmt, ...)
{
	va_list	 ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n",
	    progname);
	exit(EXIT_TROUBLE);
}

static void
usage(void)
{
	printf("Usage: %s [OPTION]... [FILE]\n", progname);
	printf("  or:  %s merge [--partial] [--stats] RECORD...\n", progname);
	fputs(
"Solve the exact cover problem in FILE, written in Knuth's DLX format\n"
"(standard input if FILE is - or absent), and print how many solutions\n"
"it has.\n"
"\n"
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
"  -t, --threads=N       search on N threads (default: every CPU available)\n"
"      --no-memo         count by plain search, without the subproblem cache\n"
"      --memo            count with the cache from the start, whatever happens\n"
"      --memory=SIZE     bytes the cache may use: 512M, 4G... (default: a\n"
"                        quarter of the memory of the machine)\n"
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
"  -h, --help            display this help and exit\n"
"  -V, --version         output version information and exit\n"
"\n"
"Exit status: 0 if a solution was found (also when --limit stopped the\n"
"search), 1 if there is none, 2 if there was trouble (usage, input, read\n"
"or write error), 130 if interrupted.\n",
	    stdout);
}

/* Parse a positive decimal number for option name, or die. */
static uint64_t
parse_count(const char *name, const char *arg)
{
	unsigned long long	 v;
	char			*end;

	errno = 0;
	if (arg[0] < '0' || arg[0] > '9')
		usage_error("invalid %s: '%s'", name, arg);
	v = strtoull(arg, &end, 10);
	if (*end != '\0' || v == 0 || errno == ERANGE)
		usage_error("invalid %s: '%s'", name, arg);
	return (uint64_t)v;
}

/*
 * Parse a size for option name: a number with an optional suffix K, M, G
 * or T (powers of 1024), or die.
 */
static size_t
parse_size(const char *name, const char *arg)
{
	unsigned long long	 v;
	char			*end;
	int			 shift = 0;

	errno = 0;
	if (arg[0] < '0' || arg[0] > '9')
		usage_error("invalid %s: '%s'", name, arg);
	v = strtoull(arg, &end, 10);
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	case 'T': case 't': shift = 40; end++; break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end != '\0' || v == 0 || errno == ERANGE ||
	    v > (SIZE_MAX >> shift))
		usage_error("invalid %s: '%s'", name, arg);
	return (size_t)v << shift;
}

/* The cache's default budget: a quarter of the machine's memory, at
 * least 64 MiB. */
static size_t
default_memory(void)
{
	long		 pages = sysconf(_SC_PHYS_PAGES);
	long		 psize = sysconf(_SC_PAGESIZE);
	size_t		 m = (size_t)64 << 20;

	if (pages > 0 && psize > 0 &&
	    (unsigned long long)pages / 4 < SIZE_MAX / (size_t)psize &&
	    (size_t)pages / 4 * (size_t)psize > m)
		m = (size_t)pages / 4 * (size_t)psize;
	return m;
}

static void
parse_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "print",	 no_argument,		NULL, 'p' },
		{ "json",	 no_argument,		NULL, 'j' },
		{ "limit",	 required_argument,	NULL, 'n' },
		{ "first",	 no_argument,		NULL, '1' },
		{ "stats",	 no_argument,		NULL, 's' },
		{ "threads",	 required_argument,	NULL, 't' },
		{ "progress",	 optional_argument,	NULL, OPT_PROGRESS },
		{ "no-progress", no_argument,		NULL, OPT_NO_PROGRESS },
		{ "strict",	 no_argument,		NULL, OPT_STRICT },
		{ "max-line",	 required_argument,	NULL, OPT_MAX_LINE },
		{ "no-memo",	 no_argument,		NULL, OPT_NO_MEMO },
		{ "memo",	 no_argument,		NULL, OPT_MEMO },
		{ "memory",	 required_argument,	NULL, OPT_MEMORY },
		{ "part",	 required_argument,	NULL, OPT_PART },
		{ "record",	 required_argument,	NULL, OPT_RECORD },
		{ "checkpoint",	 required_argument,	NULL, OPT_CHECKPOINT },
		{ "checkpoint-every", required_argument, NULL,
		    OPT_CHECKPOINT_EVERY },
		{ "resume",	 required_argument,	NULL, OPT_RESUME },
		{ "knuth",	 no_argument,		NULL, OPT_KNUTH },
		{ "help",	 no_argument,		NULL, 'h' },
		{ "version",	 no_argument,		NULL, 'V' },
		{ NULL,		 0,			NULL, 0 }
	};
	int		 c;
	uint64_t	 v;
	char		*end;
	const char	*why;

	while ((c = getopt_long(argc, argv, "pjn:1st:hV", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'p':
			opts.output = OUT_PRINT;
			opts.output_set = 1;
			break;
		case 'j':
			opts.output = OUT_JSON;
			opts.output_set = 1;
			break;
		case 'n':
			opts.limit = parse_count("limit", optarg);
			break;
		case '1':
			opts.first = 1;
			break;
		case 's':
			opts.stats = 1;
			break;
		case 't':
			v = parse_count("thread count", optarg);
			if (v > 4096)
				usage_error("invalid thread count: '%s'",
				    optarg);
			opts.threads = (unsigned)v;
			break;
		case OPT_PROGRESS:
			opts.progress = 1;
			if (optarg != NULL) {
				errno = 0;
				opts.interval = strtod(optarg, &end);
				if (end == optarg || *end != '\0' ||
				    errno == ERANGE || !(opts.interval > 0) ||
				    opts.interval > 1e6)
					usage_error("invalid progress "
					    "interval: '%s'", optarg);
			}
			break;
		case OPT_NO_PROGRESS:
			opts.progress = 0;
			break;
		case OPT_STRICT:
			opts.strict = 1;
			break;
		case OPT_KNUTH:
			opts.knuth = 1;
			break;
		case OPT_MAX_LINE:
			v = parse_count("line length", optarg);
			if (v > SIZE_MAX / 2)
				usage_error("invalid line length: '%s'",
				    optarg);
			opts.max_line = (size_t)v;
			break;
		case OPT_NO_MEMO:
			opts.no_memo = 1;
			opts.memo = 0;
			break;
		case OPT_MEMO:
			opts.memo = 1;
			opts.no_memo = 0;
			break;
		case OPT_MEMORY:
			opts.memory = parse_size("memory size", optarg);
			break;
		case OPT_PART:
			if (cluster_parse_part(optarg, &opts.cl.k, &opts.cl.n,
			    &why) != 0)
				usage_error("--part: '%s': %s", optarg, why);
			break;
		case OPT_RECORD:
			opts.cl.record = optarg;
			break;
		case OPT_CHECKPOINT:
			opts.cl.checkpoint = optarg;
			break;
		case OPT_CHECKPOINT_EVERY:
			if (cluster_parse_every(optarg, &opts.cl.every) != 0)
				usage_error("invalid checkpoint interval: "
				    "'%s'", optarg);
			break;
		case OPT_RESUME:
			opts.cl.resume = optarg;
			break;
		case 'h':
			usage();
			exit(fflush(stdout) == 0 && !ferror(stdout) ?
			    EXIT_SUCCESS : EXIT_TROUBLE);
		case 'V':
			printf("%s (%s) %s\n", progname, PACKAGE_NAME,
			    PACKAGE_VERSION);
			exit(fflush(stdout) == 0 && !ferror(stdout) ?
			    EXIT_SUCCESS : EXIT_TROUBLE);
		default:
			fprintf(stderr, "Try '%s --help' for more "
			    "information.\n", progname);
			exit(EXIT_TROUBLE);
		}
	}
	if (opts.first) {
		opts.limit = 1;
		if (!opts.output_set)
			opts.output = OUT_PRINT;
	}
	if (argc - optind > 1)
		usage_error("extra operand '%s'", argv[optind + 1]);
	if (optind < argc)
		opts.file = argv[optind];
	opts.cl.prog = progname;
	opts.cl.version = PACKAGE_VERSION;
	if (cluster_setup(&opts.cl, &why) != 0)
		usage_error("%s", why);
	if (opts.cl.record != NULL && !opts.cl.parted)
		usage_error("--record goes with --part");
}

/* Note the first failed write: the search stops and the status says so. */
static void
check_write(struct run *r, int rc)
{
	if (rc < 0 && !r->write_failed) {
		r->write_failed = 1;
		r->write_errno = errno;
	}
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

/* Write s as a JSON string (UTF-8 and other bytes >= 0x80 as they are). */
static int
json_string(const char *s)
{
	const unsigned char	*p;

	if (putchar('"') == EOF)
		return -1;
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		int	 rc;

		if (*p == '"' || *p == '\\')
			rc = printf("\\%c", *p);
		else if (*p < 0x20)
			rc = printf("\\u%04x", *p);
		else
			rc = putchar(*p) == EOF ? -1 : 0;
		if (rc < 0)
			return -1;
	}
	return putchar('"') == EOF ? -1 : 0;
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
	int			 rc = 0;

	if (interrupted || r->write_failed)
		return 1;
	memcpy(r->sorted, options, n * sizeof *options);
	qsort(r->sorted, n, sizeof *r->sorted, cmp_int);
	/* Numbered on from the solutions of the runs resumed from. */
	number = opts.cl.before + ++r->numbered;
	if (opts.output == OUT_PRINT)
		rc = printf("%s%llu:\n", r->numbered > 1 ? "\n" : "",
		    (unsigned long long)number);
	else
		rc = printf("{\"type\":\"solution\",\"solution\":%llu,"
		    "\"options\":[", (unsigned long long)number);
	for (k = 0; k < n && rc >= 0; k++) {
		if ((s = option_text(r, r->sorted[k])) == NULL) {
			diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(EXIT_TROUBLE);
		}
		if (opts.output == OUT_PRINT)
			rc = printf("%s\n", s);
		else if ((rc = k > 0 ? printf(",") : 0) >= 0)
			rc = json_string(s);
	}
	if (opts.output == OUT_JSON && rc >= 0)
		rc = printf("]}\n");
	check_write(r, rc);
	return r->write_failed;
}

/* Seconds since the search began. */
static double
elapsed(const struct run *r)
{
	struct timespec	 now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - r->start.tv_sec) +
	    (double)(now.tv_nsec - r->start.tv_nsec) / 1e9;
}

/* Called every CHECK_UPDATES updates: interrupts and progress lines. */
static int
progress(void *arg, const struct dlx_stats *st)
{
	struct run	*r = arg;
	double		 now;

	if (interrupted || r->write_failed)
		return 1;
	if (!r->show_progress)
		return 0;
	now = elapsed(r);
	if (now - r->last < opts.interval)
		return 0;
	r->last = now;
	fprintf(stderr, "%s: %.0f s: %llu solutions, %llu nodes, "
	    "%llu updates, %.5f explored\n", progname, now,
	    (unsigned long long)st->solutions,
	    (unsigned long long)st->nodes, (unsigned long long)st->updates,
	    dlx_progress(r->d));
	return 0;
}

/* Print a reader warning or error, "dlx: FILE:LINE:COLUMN: message". */
static void
report(const char *name, const struct dlx_text_error *e, const char *what)
{
	if (e->line == 0)
		fprintf(stderr, "%s: %s: %s%s\n", progname, name, what,
		    e->message);
	else if (e->column == 0)
		fprintf(stderr, "%s: %s:%lu: %s%s\n", progname, name, e->line,
		    what, e->message);
	else
		fprintf(stderr, "%s: %s:%lu:%lu: %s%s\n", progname, name,
		    e->line, e->column, what, e->message);
}

/* The reader's warnings; arg is the input's name. */
static void
on_warning(void *arg, const struct dlx_text_error *w)
{
	report(arg, w, "warning: ");
}

/* Read the problem; on error print why and exit. */
static dlx_text *
load(const char *file, const char **namep)
{
	struct dlx_text_options	 topt;
	struct dlx_text_error	 err;
	const char		*name;
	dlx_text		*t;
	FILE			*fp;

	if (file == NULL || strcmp(file, "-") == 0) {
		name = "(standard input)";
		fp = stdin;
	} else {
		name = file;
		if ((fp = fopen(file, "r")) == NULL) {
			diag("%s: %s", file, strerror(errno));
			exit(EXIT_TROUBLE);
		}
	}
	memset(&topt, 0, sizeof topt);
	topt.flags = opts.strict ? DLX_TEXT_STRICT : 0;
	topt.max_line = opts.max_line;
	topt.warn = on_warning;
	topt.warn_arg = (void *)(uintptr_t)name;
	t = dlx_text_read_file(fp, &topt, &err);
	if (fp != stdin)
		fclose(fp);
	if (t == NULL) {
		report(name, &err, "");
		exit(EXIT_TROUBLE);
	}
	*namep = name;
	return t;
}

/*
 * Print the total after the solutions of --print: "92 solutions", "at
 * least 5 solutions" when --limit cut the search short, "no solution".
 * Solutions are separated by blank lines; one more comes before the total.
 */
static int
print_total(uint64_t count, int exact)
{
	if (count == 0 && exact)
		return printf("no solution\n");
	return printf("\n%s%llu solution%s\n", exact ? "" : "at least ",
	    (unsigned long long)count, count == 1 ? "" : "s");
}

/* The last JSON record: the count, a lower bound unless exact. */
static int
json_count(uint64_t count, int exact, int partial)
{
	return printf("{\"type\":\"count\",\"solutions\":%llu,"
	    "\"exact\":%s%s}\n", (unsigned long long)count,
	    exact ? "true" : "false", partial ? ",\"interrupted\":true" : "");
}

static void
print_stats(struct run *r, double secs, const struct dlx_memo_stats *ms)
{
	struct dlx_stats	 st;

	char			 num[48];

	dlx_stats(r->d, &st);
	fprintf(stderr, "mode: %s\n", opts.knuth ? "knuth" : "fast");
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
}

/*
 * After a search run by cluster_search() (rc): print the count, or the
 * part record with --part, and say how it ended.  Returns the exit
 * status.  A part that was searched to the end exits 0 even without a
 * solution: its record is the answer, and a batch system would take 1
 * for a failure.
 */
static int
main_cluster(struct run *r, int rc)
{
	struct cluster	*c = &opts.cl;
	char		 num[48];
	int		 sig;

	if (rc == CLUSTER_EFILE)
		return EXIT_TROUBLE;
	if (rc < 0) {
		diag("%s: %s", r->name, dlx_strerror(rc));
		return EXIT_TROUBLE;
	}
	cluster_u128_text(c->sol_hi, c->sol_lo, num);
	sig = c->signo != 0 ? c->signo : interrupted ? SIGINT : 0;
	if (sig != 0 || rc == DLX_STOPPED) {
		if (r->write_failed)
			return EXIT_TROUBLE;
		diag("stopped: %s solutions so far (partial)%s%s", num,
		    c->checkpoint != NULL ? "; resume with --resume=" : "",
		    c->checkpoint != NULL ? c->checkpoint : "");
		return sig != 0 ? 128 + sig : EXIT_INTERRUPT;
	}
	if (c->parted) {
		if (rc != DLX_OK) {
			diag("part %u/%u: the search did not end (--limit?): "
			    "no record", c->k, c->n);
			return EXIT_TROUBLE;
		}
		if (c->record != NULL)
			return cluster_write_record(c, NULL) == 0 ?
			    EXIT_FOUND : EXIT_TROUBLE;
		if (opts.output == OUT_COUNT)
			check_write(r, cluster_write_record(c, stdout));
		return EXIT_FOUND;
	}
	if (opts.output == OUT_COUNT)
		check_write(r, printf("%s%s\n", num, rc == DLX_OK ? "" :
		    " (at least)"));
	return c->sol_hi == 0 && c->sol_lo == 0 ? EXIT_NONE : EXIT_FOUND;
}

int
main(int argc, char **argv)
{
	struct dlx_search	 s;
	struct dlx_parallel	 par;
	struct dlx_memo		 mm;
	struct dlx_memo_stats	 ms;
	struct dlx_wide		 wide;
	struct dlx_stats	 st;
	struct sigaction	 sa;
	char			 total[DLX_WIDE_DIGITS + 1];
	struct run		 r;
	double			 secs;
	int			 rc, status, exact;

	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return merge_main(progname, argc - 1, argv + 1);
	parse_options(argc, argv);

	memset(&r, 0, sizeof r);
	r.t = load(opts.file, &r.name);
	r.d = dlx_text_dlx(r.t);
	/* A solution has at most one option per primary item. */
	if ((r.sorted = calloc(dlx_nprimary(r.d) + 1,
	    sizeof *r.sorted)) == NULL) {
		diag("%s", dlx_strerror(DLX_ENOMEM));
		exit(EXIT_TROUBLE);
	}
	r.show_progress = opts.progress == 1 ||
	    (opts.progress == -1 && isatty(STDERR_FILENO));

	/* A closed pipe is a write error (EPIPE), not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);

	memset(&s, 0, sizeof s);
	if (opts.output != OUT_COUNT) {
		s.visit = visit;
		s.visit_arg = &r;
	}
	s.max_solutions = opts.limit;
	s.knuth = opts.knuth;
	s.progress = progress;
	s.progress_arg = &r;
	s.progress_updates = CHECK_UPDATES;
	clock_gettime(CLOCK_MONOTONIC, &r.start);
	memset(&ms, 0, sizeof ms);
	if (cluster_active(&opts.cl)) {
		/* --part, --checkpoint, --resume: cluster.c runs the search
		 * from its position, with threads and the cache as below. */
		memset(&mm, 0, sizeof mm);
		mm.mode = opts.memo ? DLX_MEMO_ALWAYS : DLX_MEMO_AUTO;
		mm.memory = opts.memory != 0 ? opts.memory : default_memory();
		opts.cl.threads = opts.threads;
		if (opts.output == OUT_COUNT && opts.limit == 0 &&
		    !opts.no_memo && !opts.knuth)
			opts.cl.memo = &mm;
		rc = cluster_search(&opts.cl, r.d, &s);
		status = main_cluster(&r, rc);
		if (opts.stats)
			print_stats(&r, elapsed(&r), &opts.cl.memo_stats);
		goto done;
	}
	/* Threads change nothing of the output: the library visits the
	 * solutions in the serial order, one at a time. */
	memset(&par, 0, sizeof par);
	par.threads = opts.threads;
	rc = DLX_INCOMPLETE;
	wide.hi = wide.lo = 0;
	/* --knuth asks for Knuth's tree and figures: no cache then. */
	if (opts.output == OUT_COUNT && opts.limit == 0 && !opts.no_memo &&
	    !opts.knuth) {
		/* Counting alone: the subproblem cache, where it pays. */
		memset(&mm, 0, sizeof mm);
		mm.mode = opts.memo ? DLX_MEMO_ALWAYS : DLX_MEMO_AUTO;
		mm.memory = opts.memory != 0 ? opts.memory : default_memory();
		mm.no_plain = 1;
		mm.progress = progress;
		mm.progress_arg = &r;
		mm.progress_updates = CHECK_UPDATES;
		rc = dlx_count_wide(r.d, &mm, &wide, &ms);
	}
	if (rc == DLX_INCOMPLETE) {
		rc = dlx_search_parallel(r.d, &s, &par);
		dlx_stats(r.d, &st);
		wide.hi = 0;
		wide.lo = st.solutions;
	}
	secs = elapsed(&r);
	dlx_stats(r.d, &st);
	dlx_wide_format(wide, total, sizeof total);

	if (rc < 0) {
		diag("%s: %s", r.name, dlx_strerror(rc));
		status = EXIT_TROUBLE;
	} else if (interrupted) {
		status = EXIT_INTERRUPT;
		if (opts.output == OUT_COUNT)
			check_write(&r, printf("%s (partial)\n", total));
		else {
			if (opts.output == OUT_JSON)
				check_write(&r, json_count(st.solutions, 0, 1));
			diag("interrupted: %llu solutions so far (partial)",
			    (unsigned long long)st.solutions);
		}
	} else {
		/* DLX_LIMIT: the tree was not finished, there may be more. */
		exact = rc == DLX_OK;
		status = wide.hi != 0 || wide.lo > 0 ? EXIT_FOUND : EXIT_NONE;
		if (opts.output == OUT_COUNT)
			check_write(&r, printf("%s%s\n",
			    exact ? "" : "at least ", total));
		else if (opts.output == OUT_JSON)
			check_write(&r, json_count(st.solutions, exact, 0));
		else if (!opts.first || st.solutions == 0)
			check_write(&r, print_total(st.solutions, exact));
	}
	if (opts.stats)
		print_stats(&r, secs, &ms);
done:
	if (fflush(stdout) != 0)
		check_write(&r, -1);
	if (r.write_failed || ferror(stdout)) {
		/* A reader that went away (EPIPE) needs no message. */
		if (r.write_errno != EPIPE)
			diag("write error: %s", strerror(r.write_failed ?
			    r.write_errno : EIO));
		status = EXIT_TROUBLE;
	}
	free(r.sorted);
	free(r.line);
	dlx_text_free(r.t);
	return status;
}
