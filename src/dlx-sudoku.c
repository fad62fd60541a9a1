/*
 * dlx-sudoku: solve, count and enumerate sudoku puzzles of every size with
 * libdlx.
 *
 * Puzzles come from the files named (or standard input) through the
 * library's streaming reader, one at a time.  The exact cover matrix of
 * each box shape is built the first time a puzzle of that shape appears
 * and kept for the rest of the run; a puzzle's givens are forced on it and
 * released afterwards, so the cost per puzzle is the search and little
 * else.
 *
 * Each mode (solve, count, all, unique) is one function called per puzzle
 * through the modes[] table; a new mode adds an enum value, a function and
 * an option.
 *
 * Exit status: 0 every puzzle answered (with --unique: every puzzle
 * unique), 1 some puzzle has no solution (with --unique: is not unique), 2
 * a usage, input or write error, 130 interrupted.  If standard output is a
 * closed pipe the program stops quietly with 141, as if killed by SIGPIPE.
 */
#include "config.h"

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
#include "sudoku.h"
#include "sudoku_logic.h"
#include "sudoku_variant.h"
#include "sudoku_gen.h"
#include "cluster.h"

#define DEFAULT_SYMBOLS	"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/* Updates between progress calls: a few milliseconds of search, so that
 * Ctrl-C is honoured at once while the calls cost nothing measurable. */
#define PROGRESS_UPDATES	(1u << 20)

/* Seconds between progress lines. */
#define PROGRESS_SECONDS	1.0

#define EXIT_NONE	1	/* some puzzle has no solution / not unique */
#define EXIT_ERROR	2	/* usage, input or write error */
#define EXIT_INTR	130	/* interrupted (128 + SIGINT) */
#define EXIT_PIPE	141	/* stdout closed (128 + SIGPIPE) */

enum mode {
	MODE_SOLVE,		/* print the solution, say if not unique */
	MODE_COUNT,		/* count every solution (up to --limit) */
	MODE_ALL,		/* print every solution, numbered */
	MODE_UNIQUE,		/* unique, none or multiple */
	MODE_EXPLAIN,		/* the rules step by step, then search */
	MODE_RATE,		/* the grade of each puzzle */
	MODE_CANDIDATES,	/* pencil marks where the rules stop */
	MODE_COUNT_		/* number of modes */
};

enum format {
	FORMAT_GRID,		/* human: box separators */
	FORMAT_LINE,		/* one line of N*N symbols */
	FORMAT_CLASSIC,		/* "Initial Board Position", "Solution #k" */
	FORMAT_CSV		/* a header line, then puzzle,answer... */
};

/* What the command line asked for. */
struct options {
	enum mode	 mode;
	int		 mode_set;	/* a mode option was given */
	enum format	 format;
	int		 json;		/* JSON lines instead of format */
	int		 stats;		/* figures on stderr */
	int		 progress;	/* progress lines on stderr */
	int		 candidates;	/* --candidates */
	uint64_t	 limit;		/* stop at this many; 0: none */
	unsigned	 threads;	/* --threads; 0: every CPU */
	int		 no_memo;	/* --no-memo */
	int		 memo;		/* --memo: the cache from the start */
	size_t		 memory;	/* --memory; 0: a quarter of RAM */
	int		 boxr, boxc;	/* --box, or 0 */
	const char	*symbols;	/* --symbols, expanded; or NULL */
	char		 alpha[DLX_SUDOKU_MAXN + 1];
	const char	*variant;	/* --variant, or NULL */
	uint64_t	 generate;	/* --generate N, or 0 */
	int		 symmetry;	/* --symmetry, DLX_GEN_SYM_* */
	uint64_t	 seed;		/* --seed */
	int		 givens;	/* --givens, or 0 */
	int		 grade;		/* --grade, or 0 */
};

/* A matrix kept for the rest of the run. */
struct shape {
	int		 boxr, boxc;
	dlx_sudoku	*s;
};

/* State of the whole run. */
struct run {
	struct options	 o;
	const char	*alphabet;	/* output symbols: alphabet[v-1] */
	int		 nalpha;	/* strlen(alphabet) */
	struct shape	 shapes[16];	/* matrices built so far */
	int		 nshapes;
	int		 status;	/* exit status so far */
	int		 tty;		/* stderr is a terminal */
	uint64_t	 puzzles;	/* puzzles answered */
	uint64_t	 nodes;		/* totals for --stats */
	uint64_t	 updates;
	double		 seconds;
	int		 cells[DLX_SUDOKU_MAXN * DLX_SUDOKU_MAXN];
					/* a solution grid */
	dlx_logic	*logic;		/* rules solver, for one box shape */
	int		 logic_boxr, logic_boxc;
	uint64_t	 grades[DLX_LOGIC_NGRADES + 1];
					/* --rate: puzzles of the file per
					   grade; the last, no solution */
};

/* The puzzle being answered, for every mode function. */
struct puzzle {
	const char			*file;	/* name for messages */
	const struct dlx_sudoku_puzzle	*p;
	dlx_sudoku			*s;	/* its matrix, givens forced */
};

/* What a search found. */
struct result {
	int		 rc;		/* dlx_search()'s return */
	uint64_t	 count;		/* solutions found */
	int		 exact;		/* count is the full count */
	int		 interrupted;	/* Ctrl-C stopped it */
	char		 text[DLX_WIDE_DIGITS + 1];
					/* the count in decimal, exact even
					   beyond 2^64 (count then saturates) */
};

static const char	*progname = "dlx-sudoku";
static struct cluster	 cl;		/* --part, --checkpoint, --resume */
static int		 cl_puzzles;	/* puzzles searched under them */
static volatile sig_atomic_t interrupted;

static void	usage(void);

/* printf-like, so the compiler checks every call's arguments. */
#if defined(__GNUC__)
#define PRINTFLIKE(f, a)	__attribute__((format(printf, f, a)))
#else
#define PRINTFLIKE(f, a)
#endif
static void	diag(const char *, ...) PRINTFLIKE(1, 2);
static void	out(const char *, ...) PRINTFLIKE(1, 2);
static void	usage_error(const char *, ...) PRINTFLIKE(1, 2);

/* Print "dlx-sudoku: message" on stderr. */
static void
diag(const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- output, every write checked ------------------------------------ */

/* A write failed: a closed pipe ends the run quietly, anything else
 * loudly. */
static void
write_failed(int err)
{
	if (err == EPIPE)
		exit(EXIT_PIPE);
	diag("write error: %s", strerror(err));
	exit(EXIT_ERROR);
}

static void
out(const char *fmt, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, fmt);
	rc = vprintf(fmt, ap);
	va_end(ap);
	if (rc < 0)
		write_failed(errno);
}

static void
out_char(int ch)
{
	if (putchar(ch) == EOF)
		write_failed(errno);
}

static void
out_str(const char *s)
{
	if (fputs(s, stdout) == EOF)
		write_failed(errno);
}

/* Length of the valid UTF-8 sequence at p (1-4), or 0 if it is not one:
 * shortest forms only, no surrogates, nothing above U+10FFFF. */
static int
utf8_len(const unsigned char *p)
{
	int		n, i;
	unsigned long	c;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, c = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, c = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, c = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (n == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	return n;
}

/*
 * Print a string as a JSON string literal, valid UTF-8 whatever s holds:
 * a byte that does not begin a valid UTF-8 sequence is written as the
 * escape \udcXX (XX its value), as Python's "surrogateescape" does, so
 * that a file name can be turned back into its bytes.
 */
static void
out_json_str(const char *s)
{
	const unsigned char	*p;
	int			 n;

	out_char('"');
	for (p = (const unsigned char *)s; *p != '\0'; p += n) {
		n = utf8_len(p);
		if (n == 0) {
			out("\\udc%02x", *p);
			n = 1;
		} else if (*p == '"' || *p == '\\')
			out("\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			out("\\u%04x", *p);
		else if (fwrite(p, 1, (size_t)n, stdout) != (size_t)n)
			write_failed(errno);
	}
	out_char('"');
}

/* Symbols print as single characters unless N outgrows the alphabet;
 * then as numbers. */
static int
use_numbers(const struct run *run, int n)
{
	return n > run->nalpha;
}

/* One line of N*N symbols ('.' blank). */
static void
print_line(const struct run *run, int n, const int *cells)
{
	int	i, numbers = use_numbers(run, n);

	for (i = 0; i < n * n; i++) {
		if (numbers)
			out(i == 0 ? "%d" : " %d", cells[i]);
		else
			out_char(cells[i] == 0 ? '.' :
			    run->alphabet[cells[i] - 1]);
	}
}

/* The grid with | between boxes and a -+- rule between bands. */
static void
print_grid(const struct run *run, const struct dlx_sudoku_puzzle *p,
    const int *cells)
{
	int	n = p->n, r, c, k, w, v;

	w = use_numbers(run, n) ? 2 : 1;
	for (r = 0; r < n; r++) {
		if (r > 0 && r % p->boxr == 0) {
			for (c = 0; c < n; c++) {
				if (c > 0 && c % p->boxc == 0)
					out_str("-+");
				for (k = 0; k < w + (c > 0); k++)
					out_char('-');
			}
			out_char('\n');
		}
		for (c = 0; c < n; c++) {
			if (c > 0)
				out_str(c % p->boxc == 0 ? " | " : " ");
			v = cells[r * n + c];
			if (w == 2)
				out("%2d", v);
			else
				out_char(v == 0 ? '.' : run->alphabet[v - 1]);
		}
		out_char('\n');
	}
}

/* The classic board: space-separated numbers, X for a blank. */
static void
print_classic(const struct dlx_sudoku_puzzle *p, const int *cells)
{
	int	n = p->n, r, c, v;

	for (r = 0; r < n; r++) {
		for (c = 0; c < n; c++) {
			v = cells[r * n + c];
			if (c > 0)
				out_char(' ');
			if (v == 0)
				out_char('X');
			else
				out("%d", v);
		}
		out_char('\n');
	}
}

/* "FILE:LINE: " before a grid-format note. */
static void
print_where(const struct puzzle *pz)
{
	out("%s:%lu: ", pz->file, pz->p->line);
}

/* Start a JSON record of the given type with the puzzle's place and
 * shape. */
static void
json_head(const struct run *run, const struct puzzle *pz, const char *type)
{
	out("{\"type\":\"%s\",\"file\":", type);
	out_json_str(pz->file);
	out(",\"line\":%lu,\"size\":%d,\"box\":\"%dx%d\",\"puzzle\":\"",
	    pz->p->line, pz->p->n, pz->p->boxr, pz->p->boxc);
	print_line(run, pz->p->n, pz->p->cells);
	out_char('"');
}

/* ---- searching ------------------------------------------------------ */

/* State shared with the search callbacks. */
struct search_ctx {
	struct run		*run;
	const struct puzzle	*pz;
	dlx			*d;
	int			 show;		/* progress lines wanted */
	int			 shown;		/* one is on the screen */
	int			 tty;		/* stderr is a terminal */
	double			 start, last;	/* times */
	int			 (*visit)(struct search_ctx *, const int *,
				    size_t);
	uint64_t		 found;		/* solutions visited */
};

static int
on_progress(void *arg, const struct dlx_stats *st)
{
	struct search_ctx	*sc = arg;
	double			 t;

	if (interrupted)
		return 1;
	if (!sc->show)
		return 0;
	t = now();
	if (t - sc->last < PROGRESS_SECONDS)
		return 0;
	sc->last = t;
	fflush(stdout);
	fprintf(stderr, "%s%s: %s:%lu: %llu solutions so far, "
	    "%.3g%% of the search tree, %.0f s%s",
	    sc->tty ? "\r" : "", progname, sc->pz->file, sc->pz->p->line,
	    (unsigned long long)st->solutions, 100 * dlx_progress(sc->d),
	    t - sc->start, sc->tty ? "\033[K" : "\n");
	sc->shown = sc->tty;
	return 0;
}

static int
on_solution(void *arg, const int *options, size_t n)
{
	struct search_ctx	*sc = arg;

	/* Numbered on from the solutions of the runs resumed from. */
	if (sc->found == 0 && cluster_active(&cl))
		sc->found = cl.before;
	sc->found++;
	return sc->visit(sc, options, n);
}

/*
 * Parse --memory's SIZE: a number with an optional suffix K, M, G or T
 * (powers of 1024), or die.
 */
static size_t
parse_size(const char *arg)
{
	unsigned long long	 v;
	char			*end;
	int			 shift = 0;

	errno = 0;
	if (arg[0] < '0' || arg[0] > '9')
		usage_error("--memory: '%s' is not a size", arg);
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
		usage_error("--memory: '%s' is not a size", arg);
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

/*
 * search() under --part, --checkpoint or --resume (cluster.c), for one
 * puzzle only: a checkpoint or a part record names one problem.
 */
static void
search_cluster(struct run *run, const struct puzzle *pz, dlx *d,
    const struct dlx_search *s, struct result *res)
{
	memset(res, 0, sizeof *res);
	if (++cl_puzzles > 1) {
		diag("%s:%lu: --part, --checkpoint and --resume take one "
		    "puzzle", pz->file, pz->p->line);
		run->status = EXIT_ERROR;
		res->rc = CLUSTER_EFILE;
		return;
	}
	res->rc = cluster_search(&cl, d, s);
	if (res->rc == CLUSTER_EFILE) {
		run->status = EXIT_ERROR;
		return;
	}
	res->count = cl.sol_hi != 0 ? UINT64_MAX : cl.sol_lo;
	res->exact = res->rc == DLX_OK;
	if (cl.signo != 0)
		interrupted = 1;
	res->interrupted = res->rc == DLX_STOPPED && interrupted;
}

/*
 * Search the puzzle's matrix for up to max solutions (0: all), calling
 * visit (may be NULL) on each.  Keeps the figures for --stats.
 */
static void
search(struct run *run, const struct puzzle *pz, uint64_t max,
    int (*visit)(struct search_ctx *, const int *, size_t),
    struct result *res)
{
	struct search_ctx	sc;
	struct dlx_search	s;
	struct dlx_parallel	par;
	struct dlx_memo		mm;
	struct dlx_memo_stats	ms;
	struct dlx_wide		wide;
	struct dlx_stats	st;
	double			t;

	memset(&sc, 0, sizeof sc);
	sc.run = run;
	sc.pz = pz;
	sc.d = dlx_sudoku_matrix(pz->s);
	sc.show = run->o.progress;
	sc.tty = run->tty;
	sc.visit = visit;
	memset(&s, 0, sizeof s);
	if (visit != NULL) {
		s.visit = on_solution;
		s.visit_arg = &sc;
	}
	s.max_solutions = max;
	s.progress = on_progress;
	s.progress_arg = &sc;
	s.progress_updates = PROGRESS_UPDATES;
	if (run->o.stats || sc.show)
		sc.start = sc.last = now();
	memset(&ms, 0, sizeof ms);
	wide.hi = wide.lo = 0;
	if (cluster_active(&cl)) {
		/* Threads and the cache as below (cluster.h). */
		memset(&mm, 0, sizeof mm);
		mm.mode = run->o.memo ? DLX_MEMO_ALWAYS : DLX_MEMO_AUTO;
		mm.order = DLX_MEMO_FIRST;
		mm.memory = run->o.memory != 0 ? run->o.memory :
		    default_memory();
		cl.threads = run->o.threads;
		cl.memo = visit == NULL && max == 0 && !run->o.no_memo ?
		    &mm : NULL;
		search_cluster(run, pz, sc.d, &s, res);
		ms = cl.memo_stats;
		if (res->rc == CLUSTER_EFILE)
			return;
		dlx_stats(sc.d, &st);
		wide.hi = cl.sol_hi;
		wide.lo = cl.sol_lo;
		dlx_wide_format(wide, res->text, sizeof res->text);
	} else {
		/* The output is the same on any number of threads: the library
		 * visits the solutions in the serial order, one at a time. */
		memset(&par, 0, sizeof par);
		par.threads = run->o.threads;
		res->rc = DLX_INCOMPLETE;
		if (visit == NULL && max == 0 && !run->o.no_memo) {
			/*
			 * Counting alone: the subproblem cache where it pays.  The
			 * matrix declares the cells first, row by row, so branching
			 * on the first open cell (unless some item is down to one
			 * option) fills the grid in order and partial grids meet
			 * again (dlx.h, DLX_MEMO_FIRST).
			 */
			memset(&mm, 0, sizeof mm);
			mm.mode = run->o.memo ? DLX_MEMO_ALWAYS : DLX_MEMO_AUTO;
			mm.order = DLX_MEMO_FIRST;
			mm.memory = run->o.memory != 0 ? run->o.memory :
			    default_memory();
			mm.no_plain = 1;
			mm.progress = on_progress;
			mm.progress_arg = &sc;
			mm.progress_updates = PROGRESS_UPDATES;
			res->rc = dlx_count_wide(sc.d, &mm, &wide, &ms);
		}
		if (res->rc == DLX_INCOMPLETE) {
			res->rc = dlx_search_parallel(sc.d, &s, &par);
			dlx_stats(sc.d, &st);
			wide.hi = 0;
			wide.lo = st.solutions;
		}
		dlx_stats(sc.d, &st);
		res->count = wide.hi != 0 ? UINT64_MAX : wide.lo;
		dlx_wide_format(wide, res->text, sizeof res->text);
		res->exact = res->rc == DLX_OK;
		res->interrupted = res->rc == DLX_STOPPED && interrupted;
	}
	if (sc.shown)
		fprintf(stderr, "\r\033[K");
	if (res->rc < 0) {
		diag("%s:%lu: %s", pz->file, pz->p->line,
		    dlx_strerror(res->rc));
		run->status = EXIT_ERROR;
	}
	if (run->o.stats) {
		t = now() - sc.start;
		run->nodes += st.nodes;
		run->updates += st.updates;
		run->seconds += t;
		fflush(stdout);
		fprintf(stderr, "%s: %s:%lu: %llu nodes, %llu updates, "
		    "%.6f s\n", progname, pz->file, pz->p->line,
		    (unsigned long long)st.nodes,
		    (unsigned long long)st.updates, t);
		if (ms.used || ms.gave_up)
			fprintf(stderr, "%s: %s:%lu: cache %s: %llu entries, "
			    "%llu lookups, %llu hits, %llu replaced, %zu "
			    "bytes\n", progname, pz->file, pz->p->line,
			    ms.used ? "used" : "gave up (too few repeats)",
			    (unsigned long long)ms.entries,
			    (unsigned long long)ms.lookups,
			    (unsigned long long)ms.hits,
			    (unsigned long long)ms.replaced, ms.bytes);
	}
}

/* Keep the first solution in run->cells. */
static int
keep_first(struct search_ctx *sc, const int *options, size_t n)
{
	if (sc->found == 1)
		dlx_sudoku_decode(sc->pz->s, options, n, sc->run->cells);
	return 0;
}

static void
note_interrupt(const struct puzzle *pz)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s:%lu: interrupted\n", progname, pz->file,
	    pz->p->line);
}

/* ---- modes: one function per mode, called for each puzzle ----------- */

/* Default: the solution, or none, or the first of several. */
static void
mode_solve(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	struct result			 res;
	const char			*what;

	search(run, pz, 2, keep_first, &res);
	if (res.interrupted) {
		note_interrupt(pz);
		return;
	}
	if (res.rc < 0)
		return;
	if (res.count == 0) {
		what = "none";
		run->status = run->status > EXIT_NONE ? run->status : EXIT_NONE;
	} else
		what = res.count == 1 ? "unique" : "multiple";
	if (run->o.json) {
		json_head(run, pz, "puzzle");
		out(",\"result\":\"%s\"", what);
		if (res.count > 0) {
			out_str(",\"solution\":\"");
			print_line(run, p->n, run->cells);
			out_char('"');
		}
		out_str("}\n");
		return;
	}
	switch (run->o.format) {
	case FORMAT_CSV:
		print_line(run, p->n, p->cells);
		out_char(',');
		if (res.count > 0)
			print_line(run, p->n, run->cells);
		out(",%s\n", what);
		break;
	case FORMAT_LINE:
		if (res.count == 0) {
			print_line(run, p->n, p->cells);
			out_str(" none\n");
		} else {
			print_line(run, p->n, run->cells);
			out_str(res.count == 1 ? "\n" : " multiple\n");
		}
		break;
	case FORMAT_GRID:
		print_where(pz);
		if (res.count == 0) {
			out_str("no solution\n\n");
			break;
		}
		out_str(res.count == 1 ? "solved\n" :
		    "not unique; one of several solutions\n");
		print_grid(run, p, run->cells);
		out_char('\n');
		break;
	case FORMAT_CLASSIC:
		out_str("Initial Board Position\n");
		print_classic(p, p->cells);
		out_char('\n');
		if (res.count == 0) {
			out_str("No solution\n\n");
			break;
		}
		out_str("Solution #1\n");
		print_classic(p, run->cells);
		out_str(res.count == 1 ? "\n" :
		    "\nThe solution is not unique.\n\n");
		break;
	}
}

/* Print a count as a phrase: "2 solutions", "at least 5 solutions". */
static void
print_count(const struct result *res)
{
	out("%s%s solution%s%s", res->exact ? "" : "at least ",
	    res->text, res->count == 1 ? "" : "s",
	    res->interrupted ? " (interrupted)" : "");
}

static void
print_count_json(const struct result *res)
{
	out(",\"solutions\":%s,\"exact\":%s%s}\n",
	    res->text, res->exact ? "true" : "false",
	    res->interrupted ? ",\"interrupted\":true" : "");
}

/* The count as the count modes report it, in every format. */
static void
report_count(struct run *run, const struct puzzle *pz,
    const struct result *res)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;

	if (res->count == 0 && res->exact)
		run->status = run->status > EXIT_NONE ? run->status : EXIT_NONE;
	if (run->o.json) {
		json_head(run, pz, "count");
		print_count_json(res);
		return;
	}
	switch (run->o.format) {
	case FORMAT_CSV:
		print_line(run, p->n, p->cells);
		out(",%s,%s\n", res->text, res->exact ? "true" : "false");
		break;
	case FORMAT_LINE:
		print_line(run, p->n, p->cells);
		out_char(' ');
		if (!res->exact)
			out_str("at least ");
		out("%s%s\n", res->text,
		    res->interrupted ? " (interrupted)" : "");
		break;
	case FORMAT_GRID:
		print_where(pz);
		print_count(res);
		out_char('\n');
		break;
	case FORMAT_CLASSIC:
		if (run->o.mode != MODE_ALL) {
			out_str("Initial Board Position\n");
			print_classic(p, p->cells);
			out_char('\n');
		}
		print_count(res);
		out_str("\n\n");
		break;
	}
}

/* --count: every solution counted, none visited. */
static void
mode_count(struct run *run, const struct puzzle *pz)
{
	struct result	res;

	search(run, pz, run->o.limit, NULL, &res);
	if (res.rc < 0)
		return;
	if (cl.parted && res.rc == DLX_OK) {
		/* The part's record is its answer, whatever its count. */
		fflush(stdout);
		if (cluster_write_record(&cl, cl.record != NULL ? NULL :
		    stdout) != 0)
			run->status = EXIT_ERROR;
		return;
	}
	report_count(run, pz, &res);
}

/* Print each solution as it is found. */
static int
print_each(struct search_ctx *sc, const int *options, size_t n)
{
	struct run			*run = sc->run;
	const struct puzzle		*pz = sc->pz;
	const struct dlx_sudoku_puzzle	*p = pz->p;

	dlx_sudoku_decode(pz->s, options, n, run->cells);
	if (run->o.json) {
		out_str("{\"type\":\"solution\",\"file\":");
		out_json_str(pz->file);
		out(",\"line\":%lu,\"index\":%llu,\"solution\":\"", p->line,
		    (unsigned long long)sc->found);
		print_line(run, p->n, run->cells);
		out_str("\"}\n");
		return 0;
	}
	switch (run->o.format) {
	case FORMAT_CSV:	/* refused by parse_options() */
	case FORMAT_LINE:
		print_line(run, p->n, run->cells);
		out(" #%llu\n", (unsigned long long)sc->found);
		break;
	case FORMAT_GRID:
		print_where(pz);
		out("solution #%llu\n", (unsigned long long)sc->found);
		print_grid(run, p, run->cells);
		out_char('\n');
		break;
	case FORMAT_CLASSIC:
		out("Solution #%llu\n", (unsigned long long)sc->found);
		print_classic(p, run->cells);
		out_char('\n');
		break;
	}
	return 0;
}

/* --all: every solution printed and numbered, then the count. */
static void
mode_all(struct run *run, const struct puzzle *pz)
{
	struct result	res;

	if (!run->o.json && run->o.format == FORMAT_CLASSIC) {
		out_str("Initial Board Position\n");
		print_classic(pz->p, pz->p->cells);
		out_char('\n');
	}
	search(run, pz, run->o.limit, print_each, &res);
	if (res.rc < 0)
		return;
	if (cl.parted && res.rc == DLX_OK && cl.record != NULL &&
	    cluster_write_record(&cl, NULL) != 0)
		run->status = EXIT_ERROR;
	if (!run->o.json && run->o.format == FORMAT_LINE) {
		/* The numbered lines say it all, except for none. */
		if (res.count == 0)
			report_count(run, pz, &res);
		else if (!res.exact) {
			print_line(run, pz->p->n, pz->p->cells);
			out(" at least %llu%s\n",
			    (unsigned long long)res.count,
			    res.interrupted ? " (interrupted)" : "");
		}
		return;
	}
	report_count(run, pz, &res);
}

/* --unique: unique, none or multiple, searching for two at most. */
static void
mode_unique(struct run *run, const struct puzzle *pz)
{
	struct result	 res;
	const char	*what;

	search(run, pz, 2, NULL, &res);
	if (res.interrupted) {
		note_interrupt(pz);
		return;
	}
	if (res.rc < 0)
		return;
	what = res.count == 0 ? "none" : res.count == 1 ? "unique" :
	    "multiple";
	if (res.count != 1)
		run->status = run->status > EXIT_NONE ? run->status : EXIT_NONE;
	if (run->o.json) {
		json_head(run, pz, "puzzle");
		out(",\"result\":\"%s\"}\n", what);
		return;
	}
	switch (run->o.format) {
	case FORMAT_CSV:
		print_line(run, pz->p->n, pz->p->cells);
		out(",%s\n", what);
		break;
	case FORMAT_LINE:
		print_line(run, pz->p->n, pz->p->cells);
		out(" %s\n", what);
		break;
	case FORMAT_GRID:
		print_where(pz);
		out("%s\n", what);
		break;
	case FORMAT_CLASSIC:
		out_str("Initial Board Position\n");
		print_classic(pz->p, pz->p->cells);
		out("\n%s\n\n", what);
		break;
	}
}

/* ---- human-style solving: --explain, --rate, --candidates ----------- */

/* Print a text of the library in full, whatever its length, as it is or
 * as a JSON string. */
static void
out_text(size_t (*fmt)(const dlx_logic *, const void *, char *, size_t),
    const dlx_logic *lg, const void *arg, int json)
{
	char	 buf[1024], *p = buf;
	size_t	 len;

	len = fmt(lg, arg, buf, sizeof buf);
	if (len >= sizeof buf) {
		if ((p = malloc(len + 1)) == NULL) {
			diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(EXIT_ERROR);
		}
		fmt(lg, arg, p, len + 1);
	}
	if (json)
		out_json_str(p);
	else
		out_str(p);
	if (p != buf)
		free(p);
}

static size_t
fmt_step(const dlx_logic *lg, const void *st, char *buf, size_t size)
{
	return dlx_logic_format(lg, st, buf, size);
}

static size_t
fmt_candidates(const dlx_logic *lg, const void *unused, char *buf,
    size_t size)
{
	(void)unused;
	return dlx_logic_format_candidates(lg, buf, size);
}

/* One symbol as a JSON string. */
static void
json_symbol(const struct run *run, int n, int v)
{
	if (use_numbers(run, n))
		out("\"%d\"", v);
	else
		out("\"%c\"", run->alphabet[v - 1]);
}

/*
 * The pencil marks: a grid of lines, or two JSON members: "grid", the
 * cells filled so far as a line, and "candidates", for each cell in
 * reading order the array of its candidates ([] once filled).
 */
static void
print_candidates(const struct run *run, const dlx_logic *lg)
{
	uint64_t	m;
	int		n = dlx_logic_size(lg), i, v, first;

	if (!run->o.json) {
		out_text(fmt_candidates, lg, NULL, 0);
		return;
	}
	out_str(",\"grid\":\"");
	for (i = 0; i < n * n; i++) {
		v = dlx_logic_cell(lg, i);
		if (use_numbers(run, n))
			out(i == 0 ? "%d" : " %d", v);
		else
			out_char(v == 0 ? '.' : run->alphabet[v - 1]);
	}
	out_str("\",\"candidates\":[");
	for (i = 0; i < n * n; i++) {
		out_str(i == 0 ? "[" : ",[");
		m = dlx_logic_candidates(lg, i);
		for (v = 1, first = 1; v <= n; v++) {
			if ((m >> (v - 1) & 1) == 0)
				continue;
			if (!first)
				out_char(',');
			json_symbol(run, n, v);
			first = 0;
		}
		out_char(']');
	}
	out_char(']');
}

/*
 * The rules solver for pz's shape (kept while the shape stays), loaded
 * with its givens and printing symbols as the rest of the output does.
 * NULL after an error, which has been reported.
 */
static dlx_logic *
logic_load(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	int				 rc;

	if (run->logic == NULL || run->logic_boxr != p->boxr ||
	    run->logic_boxc != p->boxc) {
		dlx_logic_free(run->logic);
		run->logic_boxr = p->boxr;
		run->logic_boxc = p->boxc;
		if ((run->logic = dlx_logic_new(p->boxr, p->boxc)) == NULL) {
			rc = DLX_ENOMEM;
			goto fail;
		}
	}
	dlx_logic_set_alphabet(run->logic,
	    use_numbers(run, p->n) ? "" : run->alphabet);
	/* The givens passed dlx_sudoku_set_givens(): no clash is left. */
	if ((rc = dlx_logic_load(run->logic, p->cells)) == DLX_OK)
		return run->logic;
fail:
	diag("%s:%lu: %s", pz->file, p->line, dlx_strerror(rc));
	run->status = EXIT_ERROR;
	return NULL;
}

/* How the rules, and the search after them, ended for a puzzle. */
struct logic_end {
	int			 rc;	/* the last dlx_logic_step() status */
	struct dlx_logic_step	 stop;	/* the contradiction, if that */
	int			 searched; /* the search had to finish it */
	struct dlx_logic_result	 res;	/* the search's findings */
	uint64_t		 solutions; /* 0, 1, or 2 for several */
};

/* Progress of the search after the rules: Ctrl-C stops it; on request
 * (--progress, or stderr a terminal) a line every second. */
struct logic_progress {
	const struct run	*run;
	const struct puzzle	*pz;
	int			 tty;
	int			 shown;		/* a line is on the screen */
	double			 start, last;
};

static int
on_logic_progress(void *arg, const struct dlx_stats *st)
{
	struct logic_progress	*lp = arg;
	double			 t;

	if (interrupted)
		return 1;
	if (!lp->run->o.progress)
		return 0;
	t = now();
	if (t - lp->last < PROGRESS_SECONDS)
		return 0;
	lp->last = t;
	fflush(stdout);
	fprintf(stderr, "%s%s: %s:%lu: searching after the rules: %llu "
	    "nodes, %.0f s%s", lp->tty ? "\r" : "", progname, lp->pz->file,
	    lp->pz->p->line, (unsigned long long)st->nodes, t - lp->start,
	    lp->tty ? "\033[K" : "\n");
	lp->shown = lp->tty;
	return 0;
}

/*
 * After the rules stopped (end->rc): finish with the search if they are
 * stuck, and put the solution (if any) in run->cells.  Returns -1 after
 * an error (reported) or an interrupt.
 */
static int
logic_finish(struct run *run, const struct puzzle *pz, dlx_logic *lg,
    struct logic_end *end)
{
	struct logic_progress	 lp;
	struct dlx_search	 s;
	int			 rc;

	end->searched = 0;
	end->solutions = end->rc == DLX_LOGIC_SOLVED;
	if (end->rc == DLX_LOGIC_SOLVED)
		dlx_logic_grid(lg, run->cells);
	if (end->rc == DLX_LOGIC_STUCK) {
		memset(&lp, 0, sizeof lp);
		lp.run = run;
		lp.pz = pz;
		lp.tty = isatty(STDERR_FILENO);
		lp.start = lp.last = now();
		memset(&s, 0, sizeof s);
		s.progress = on_logic_progress;
		s.progress_arg = &lp;
		s.progress_updates = PROGRESS_UPDATES;
		rc = dlx_logic_search(lg, &s, run->cells, &end->res);
		if (lp.shown)
			fprintf(stderr, "\r\033[K");
		if (rc == DLX_STOPPED) {
			note_interrupt(pz);
			return -1;
		}
		if (rc != DLX_OK) {
			diag("%s:%lu: %s", pz->file, pz->p->line,
			    dlx_strerror(rc));
			run->status = EXIT_ERROR;
			return -1;
		}
		end->searched = 1;
		end->solutions = end->res.solutions;
	}
	if (end->solutions == 0)
		run->status = run->status > EXIT_NONE ? run->status : EXIT_NONE;
	return 0;
}

static const char *
result_word(const struct logic_end *end)
{
	return end->solutions == 0 ? "none" : end->solutions == 1 ?
	    "unique" : "multiple";
}

/* --explain: each step on its own line, then how it ended. */
static void
mode_explain(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	struct logic_end		 end;
	struct dlx_logic_step		 st;
	dlx_logic			*lg;
	int				 json = run->o.json, first = 1;

	if ((lg = logic_load(run, pz)) == NULL)
		return;
	if (json)
		json_head(run, pz, "puzzle");
	else if (run->o.format == FORMAT_CLASSIC) {
		out_str("Initial Board Position\n");
		print_classic(p, p->cells);
		out_char('\n');
	} else {
		print_where(pz);
		out_str("step by step\n");
	}
	if (run->o.candidates && !json) {
		out_str("candidates:\n");
		print_candidates(run, lg);
	}
	if (json)
		out_str(",\"steps\":[");
	while ((end.rc = dlx_logic_step(lg, &st)) == DLX_OK) {
		if (json && !first)
			out_char(',');
		out_text(fmt_step, lg, &st, json);
		if (!json)
			out_char('\n');
		first = 0;
	}
	if (json)
		out_char(']');
	end.stop = st;
	if (end.rc == DLX_LOGIC_CONTRADICTION) {
		if (json)
			out_str(",\"contradiction\":");
		out_text(fmt_step, lg, &end.stop, json);
		if (!json)
			out_char('\n');
	}
	if (end.rc == DLX_LOGIC_STUCK && !json)
		out_str("no rule applies; candidates:\n");
	else if (end.rc == DLX_LOGIC_CONTRADICTION && run->o.candidates &&
	    !json)
		out_str("candidates:\n");
	if (end.rc == DLX_LOGIC_STUCK ||
	    (run->o.candidates && end.rc == DLX_LOGIC_CONTRADICTION))
		print_candidates(run, lg);
	if (logic_finish(run, pz, lg, &end) != 0) {
		if (json)
			out_str("}\n");
		return;
	}
	if (json) {
		out(",\"grade\":\"%s\"", end.solutions == 0 ? "none" :
		    dlx_logic_grade_name(dlx_logic_grade(lg)));
		if (end.searched)
			out(",\"guesses\":%llu",
			    (unsigned long long)end.res.guesses);
		out(",\"result\":\"%s\"", result_word(&end));
		if (end.solutions > 0) {
			out_str(",\"solution\":\"");
			print_line(run, p->n, run->cells);
			out_char('"');
		}
		out_str("}\n");
		return;
	}
	if (end.searched)
		out("search: %s after %llu guess%s", end.solutions == 0 ?
		    "no solution" : end.solutions == 1 ? "solved" :
		    "not unique; one of several solutions",
		    (unsigned long long)end.res.guesses,
		    end.res.guesses == 1 ? "" : "es");
	else if (end.solutions > 0)
		out_str("solved by the rules");
	if (end.solutions == 0) {
		out_str(end.searched ? "\n\n" : "no solution\n\n");
		return;
	}
	out("; grade: %s\n", dlx_logic_grade_name(dlx_logic_grade(lg)));
	switch (run->o.format) {
	case FORMAT_CSV:	/* refused by parse_options() */
	case FORMAT_LINE:
		print_line(run, p->n, run->cells);
		out_str("\n\n");
		break;
	case FORMAT_GRID:
		print_grid(run, p, run->cells);
		out_char('\n');
		break;
	case FORMAT_CLASSIC:
		out_str("Solution #1\n");
		print_classic(p, run->cells);
		out_char('\n');
		break;
	}
}

/* --rate: the grade of each puzzle, from the hardest rule it needs. */
static void
mode_rate(struct run *run, const struct puzzle *pz)
{
	const struct dlx_sudoku_puzzle	*p = pz->p;
	struct logic_end		 end;
	dlx_logic			*lg;
	enum dlx_logic_grade		 g;
	uint64_t			 steps = 0;
	int				 r;

	if ((lg = logic_load(run, pz)) == NULL)
		return;
	end.rc = dlx_logic_run(lg, NULL, NULL, &end.stop);
	if (logic_finish(run, pz, lg, &end) != 0)
		return;
	g = dlx_logic_grade(lg);
	run->grades[end.solutions == 0 ? DLX_LOGIC_NGRADES : g]++;
	for (r = 0; r < DLX_LOGIC_NRULES; r++)
		steps += dlx_logic_count(lg, r);
	if (run->o.json) {
		json_head(run, pz, "puzzle");
		out(",\"grade\":\"%s\",\"steps\":%llu", end.solutions == 0 ?
		    "none" : dlx_logic_grade_name(g),
		    (unsigned long long)steps);
		if (end.searched)
			out(",\"guesses\":%llu",
			    (unsigned long long)end.res.guesses);
		out(",\"result\":\"%s\"", result_word(&end));
		if (run->o.candidates && end.rc != DLX_LOGIC_SOLVED)
			print_candidates(run, lg);
		out_str("}\n");
		return;
	}
	if (run->o.format == FORMAT_CSV) {
		print_line(run, p->n, p->cells);
		out(",%s,", end.solutions == 0 ? "none" :
		    dlx_logic_grade_name(g));
		if (end.searched)
			out("%llu", (unsigned long long)end.res.guesses);
		out(",%s\n", result_word(&end));
		return;
	}
	if (run->o.format == FORMAT_LINE) {
		print_line(run, p->n, p->cells);
		out_char(' ');
	} else
		print_where(pz);
	if (end.solutions == 0)
		out_str(run->o.format == FORMAT_LINE ? "none" : "no solution");
	else
		out_str(dlx_logic_grade_name(g));
	if (end.searched && run->o.format == FORMAT_LINE)
		out(" %llu", (unsigned long long)end.res.guesses);
	else if (end.searched)
		out(" (%llu guess%s)", (unsigned long long)end.res.guesses,
		    end.res.guesses == 1 ? "" : "es");
	if (end.solutions > 1)
		out_str(run->o.format == FORMAT_LINE ? " multiple" :
		    ", not unique");
	out_char('\n');
	if (run->o.candidates && end.rc != DLX_LOGIC_SOLVED) {
		print_candidates(run, lg);
		out_char('\n');
	}
}

/* After a file in --rate mode: how many puzzles fell in each grade. */
static void
rate_summary(struct run *run, const char *file)
{
	uint64_t	 total = 0;
	int		 g;

	for (g = DLX_LOGIC_GRADE_SINGLES; g <= DLX_LOGIC_NGRADES; g++)
		total += run->grades[g];
	if (run->o.json) {
		out_str("{\"type\":\"summary\",\"file\":");
		out_json_str(file);
		out(",\"puzzles\":%llu,\"grades\":{", (unsigned long long)total);
		for (g = DLX_LOGIC_GRADE_SINGLES; g <= DLX_LOGIC_NGRADES; g++)
			out("%s\"%s\":%llu", g > DLX_LOGIC_GRADE_SINGLES ?
			    "," : "", g < DLX_LOGIC_NGRADES ?
			    dlx_logic_grade_name(g) : "none",
			    (unsigned long long)run->grades[g]);
		out_str("}}\n");
	} else {
		out("%s: %llu puzzle%s:", file, (unsigned long long)total,
		    total == 1 ? "" : "s");
		for (g = DLX_LOGIC_GRADE_SINGLES; g < DLX_LOGIC_NGRADES; g++)
			out("%s %llu %s", g > DLX_LOGIC_GRADE_SINGLES ? "," :
			    "", (unsigned long long)run->grades[g],
			    dlx_logic_grade_name(g));
		if (run->grades[DLX_LOGIC_NGRADES] != 0)
			out(", %llu with no solution", (unsigned long long)
			    run->grades[DLX_LOGIC_NGRADES]);
		out_char('\n');
	}
	memset(run->grades, 0, sizeof run->grades);
}

/* --candidates alone: the pencil marks where the rules stop. */
static void
mode_candidates(struct run *run, const struct puzzle *pz)
{
	struct dlx_logic_step	 st;
	dlx_logic		*lg;
	int			 rc;

	if ((lg = logic_load(run, pz)) == NULL)
		return;
	rc = dlx_logic_run(lg, NULL, NULL, &st);
	if (rc == DLX_LOGIC_CONTRADICTION)
		run->status = run->status > EXIT_NONE ? run->status : EXIT_NONE;
	if (run->o.json) {
		json_head(run, pz, "puzzle");
		out(",\"stop\":\"%s\"", rc == DLX_LOGIC_SOLVED ? "solved" :
		    rc == DLX_LOGIC_STUCK ? "stuck" : "contradiction");
		print_candidates(run, lg);
		out_str("}\n");
		return;
	}
	print_where(pz);
	if (rc == DLX_LOGIC_CONTRADICTION)
		out_text(fmt_step, lg, &st, 0);
	else
		out_str(rc == DLX_LOGIC_SOLVED ? "solved by the rules" :
		    "no rule applies");
	out_char('\n');
	print_candidates(run, lg);
	out_char('\n');
}

/* The first line of -f csv output, per mode (the others have none). */
static const char *const csv_header[MODE_COUNT_] = {
	[MODE_SOLVE] = "puzzle,solution,result\n",
	[MODE_COUNT] = "puzzle,solutions,exact\n",
	[MODE_UNIQUE] = "puzzle,result\n",
	[MODE_RATE] = "puzzle,grade,guesses,result\n",
};

static void (*const modes[MODE_COUNT_])(struct run *,
    const struct puzzle *) = {
	[MODE_SOLVE] = mode_solve,
	[MODE_COUNT] = mode_count,
	[MODE_ALL] = mode_all,
	[MODE_UNIQUE] = mode_unique,
	[MODE_EXPLAIN] = mode_explain,
	[MODE_RATE] = mode_rate,
	[MODE_CANDIDATES] = mode_candidates,
};

/* ---- puzzles -------------------------------------------------------- */

/* A rejected puzzle: a diagnostic, and a record in JSON output. */
static void
bad_puzzle(struct run *run, const char *file, unsigned long line,
    unsigned long col, const char *msg)
{
	if (col != 0)
		diag("%s:%lu:%lu: %s", file, line, col, msg);
	else
		diag("%s:%lu: %s", file, line, msg);
	run->status = EXIT_ERROR;
	if (run->o.json) {
		out_str("{\"type\":\"error\",\"file\":");
		out_json_str(file);
		out(",\"line\":%lu", line);
		if (col != 0)
			out(",\"column\":%lu", col);
		out_str(",\"error\":");
		out_json_str(msg);
		out_str("}\n");
	}
}

/* The matrix of a box shape, built on first use. */
static dlx_sudoku *
matrix_for(struct run *run, int boxr, int boxc, int *rc)
{
	struct shape	*sh;
	int		 i;

	for (i = 0; i < run->nshapes; i++) {
		sh = &run->shapes[i];
		if (sh->boxr == boxr && sh->boxc == boxc)
			return sh->s;
	}
	if (run->nshapes == (int)(sizeof run->shapes / sizeof run->shapes[0])) {
		/* Many shapes in one run: drop the oldest. */
		dlx_sudoku_free(run->shapes[0].s);
		memmove(run->shapes, run->shapes + 1,
		    sizeof run->shapes - sizeof run->shapes[0]);
		run->nshapes--;
	}
	sh = &run->shapes[run->nshapes];
	if ((*rc = dlx_sudoku_new(&sh->s, boxr, boxc)) != DLX_OK)
		return NULL;
	sh->boxr = boxr;
	sh->boxc = boxc;
	run->nshapes++;
	return sh->s;
}

/* Answer one puzzle as the mode says. */
static void
process_puzzle(struct run *run, const char *file,
    const struct dlx_sudoku_puzzle *p)
{
	struct dlx_sudoku_conflict	conf;
	struct puzzle			pz;
	char				msg[160];
	int				rc;

	pz.file = file;
	pz.p = p;
	if ((pz.s = matrix_for(run, p->boxr, p->boxc, &rc)) == NULL) {
		diag("%s:%lu: %s", file, p->line, dlx_strerror(rc));
		run->status = EXIT_ERROR;
		return;
	}
	rc = dlx_sudoku_set_givens(pz.s, p->cells, &conf);
	if (rc == DLX_ECONFLICT) {
		dlx_sudoku_conflict_text(&conf,
		    use_numbers(run, p->n) ? "" : run->alphabet, msg,
		    sizeof msg);
		bad_puzzle(run, file, p->line, 0, msg);
		return;
	}
	if (rc != DLX_OK) {
		bad_puzzle(run, file, p->line, 0, dlx_strerror(rc));
		return;
	}
	modes[run->o.mode](run, &pz);
	dlx_sudoku_clear(pz.s);
	run->puzzles++;
}

static int	variant_file(struct run *, FILE *);
static void	process_variant_file(struct run *, const char *, FILE *);

/* Read and answer every puzzle of one stream. */
static void
process_file(struct run *run, const char *file, FILE *fp)
{
	struct dlx_sudoku_read_opts	 ro;
	struct dlx_sudoku_reader	*r;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_sudoku_error		 e;
	int				 rc;

	if (variant_file(run, fp)) {
		process_variant_file(run, file, fp);
		return;
	}
	memset(&ro, 0, sizeof ro);
	ro.boxr = run->o.boxr;
	ro.boxc = run->o.boxc;
	ro.symbols = run->o.symbols;
	if ((rc = dlx_sudoku_reader_new(&r, fp, &ro)) != DLX_OK) {
		diag("%s: %s", file, dlx_strerror(rc));
		run->status = EXIT_ERROR;
		return;
	}
	while (!interrupted) {
		rc = dlx_sudoku_read(r, &p, &e);
		if (rc == DLX_SUDOKU_EOF)
			break;
		if (rc == DLX_SUDOKU_EREAD) {
			/* Ctrl-C while waiting for input is no read error. */
			if (interrupted)
				break;
			diag("%s: read error: %s", file, strerror(errno));
			run->status = EXIT_ERROR;
			break;
		}
		if (rc == DLX_SUDOKU_BAD)
			bad_puzzle(run, file, e.line, e.column, e.message);
		else
			process_puzzle(run, file, &p);
	}
	dlx_sudoku_reader_free(r);
	if (run->o.mode == MODE_RATE && (run->o.json ||
	    run->o.format != FORMAT_CSV))
		rate_summary(run, file);
}

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
	OPT_NO_MEMO,
	OPT_MEMO,
	OPT_MEMORY,
	OPT_PART,
	OPT_CHECKPOINT,
	OPT_CHECKPOINT_EVERY,
	OPT_RESUME,
	OPT_RECORD
};

static const struct option longopts[] = {
	{ "all",	no_argument,		NULL, 'a' },
	{ "box",	required_argument,	NULL, 'b' },
	{ "candidates",	no_argument,		NULL, OPT_CANDIDATES },
	{ "checkpoint",	required_argument,	NULL, OPT_CHECKPOINT },
	{ "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
	{ "part",	required_argument,	NULL, OPT_PART },
	{ "record",	required_argument,	NULL, OPT_RECORD },
	{ "resume",	required_argument,	NULL, OPT_RESUME },
	{ "count",	no_argument,		NULL, 'c' },
	{ "explain",	no_argument,		NULL, 'e' },
	{ "format",	required_argument,	NULL, 'f' },
	{ "generate",	required_argument,	NULL, OPT_GENERATE },
	{ "givens",	required_argument,	NULL, OPT_GIVENS },
	{ "grade",	required_argument,	NULL, OPT_GRADE },
	{ "help",	no_argument,		NULL, 'h' },
	{ "json",	no_argument,		NULL, 'j' },
	{ "memo",	no_argument,		NULL, OPT_MEMO },
	{ "memory",	required_argument,	NULL, OPT_MEMORY },
	{ "no-memo",	no_argument,		NULL, OPT_NO_MEMO },
	{ "limit",	required_argument,	NULL, 'l' },
	{ "progress",	no_argument,		NULL, OPT_PROGRESS },
	{ "rate",	no_argument,		NULL, 'r' },
	{ "seed",	required_argument,	NULL, OPT_SEED },
	{ "stats",	no_argument,		NULL, 's' },
	{ "symbols",	required_argument,	NULL, OPT_SYMBOLS },
	{ "symmetry",	required_argument,	NULL, OPT_SYMMETRY },
	{ "threads",	required_argument,	NULL, 't' },
	{ "unique",	no_argument,		NULL, 'u' },
	{ "variant",	required_argument,	NULL, OPT_VARIANT },
	{ "version",	no_argument,		NULL, 'V' },
	{ NULL,		0,			NULL, 0 }
};

/* ---- variants and the generator ---------------------------------------- */

/* Is fp a file of variant puzzles: --variant given, or a first line
 * "variant ..." (peeked at one byte: no classic puzzle starts with 'v'
 * unless --symbols makes it a symbol)? */
static int
variant_file(struct run *run, FILE *fp)
{
	int	ch;

	if (run->o.variant != NULL)
		return 1;
	if (run->o.symbols != NULL && strchr(run->o.symbols, 'v') != NULL)
		return 0;
	ch = getc(fp);
	if (ch == EOF)
		return 0;
	ungetc(ch, fp);
	return ch == 'v';
}

/* Answer one variant puzzle through the classic modes. */
static void
process_variant(struct run *run, const char *file,
    const struct dlx_sudoku_puzzle *p, const struct dlx_sudoku_variant *v)
{
	struct dlx_sudoku_variant_error	ve;
	struct dlx_sudoku_conflict	conf;
	struct puzzle			pz;
	char				msg[160];
	int				rc;

	if (run->o.mode != MODE_SOLVE && run->o.mode != MODE_COUNT &&
	    run->o.mode != MODE_ALL && run->o.mode != MODE_UNIQUE) {
		bad_puzzle(run, file, p->line, 0, "--explain, --rate and "
		    "--candidates work on classic sudoku only");
		return;
	}
	pz.file = file;
	pz.p = p;
	if ((rc = dlx_sudoku_new_variant(&pz.s, v, &ve)) != DLX_OK) {
		bad_puzzle(run, file, p->line, 0, rc == DLX_EINVAL ?
		    ve.message : dlx_strerror(rc));
		return;
	}
	rc = dlx_sudoku_set_givens(pz.s, p->cells, &conf);
	if (rc == DLX_ECONFLICT) {
		dlx_sudoku_conflict_text(&conf, use_numbers(run, p->n) ? "" :
		    run->alphabet, msg, sizeof msg);
		bad_puzzle(run, file, p->line, 0, msg);
	} else if (rc != DLX_OK)
		bad_puzzle(run, file, p->line, 0, dlx_strerror(rc));
	else {
		modes[run->o.mode](run, &pz);
		run->puzzles++;
	}
	dlx_sudoku_free(pz.s);
}

/* Read and answer every variant puzzle of one stream. */
static void
process_variant_file(struct run *run, const char *file, FILE *fp)
{
	struct dlx_sudoku_vreader	*r;
	struct dlx_sudoku_puzzle	 p;
	struct dlx_sudoku_variant	 v;
	struct dlx_sudoku_error		 e;
	int				 rc;

	if ((rc = dlx_sudoku_vreader_new(&r, fp, run->o.variant, run->o.boxr,
	    run->o.boxc, run->o.symbols)) != DLX_OK) {
		diag("%s: %s", file, dlx_strerror(rc));
		run->status = EXIT_ERROR;
		return;
	}
	while (!interrupted) {
		rc = dlx_sudoku_vread(r, &p, &v, &e);
		if (rc == DLX_SUDOKU_EOF)
			break;
		if (rc == DLX_SUDOKU_EREAD) {
			if (!interrupted) {
				diag("%s: read error: %s", file,
				    strerror(errno));
				run->status = EXIT_ERROR;
			}
			break;
		}
		if (rc == DLX_SUDOKU_BAD)
			bad_puzzle(run, file, e.line, e.column, e.message);
		else
			process_variant(run, file, &p, &v);
	}
	dlx_sudoku_vreader_free(r);
}

/* Progress of the generator; a Ctrl-C stops it. */
struct gen_progress {
	struct run	*run;
	uint64_t	 made;
	double		 last;
};

static int
on_gen_progress(void *arg, uint64_t attempts)
{
	struct gen_progress	*gp = arg;
	double			 t;

	if (interrupted)
		return 1;
	if (gp->run->o.progress && (t = now()) - gp->last >=
	    PROGRESS_SECONDS) {
		gp->last = t;
		fprintf(stderr, "%s: %llu of %llu puzzles, %llu attempts "
		    "for the next\n", progname, (unsigned long long)gp->made,
		    (unsigned long long)gp->run->o.generate,
		    (unsigned long long)attempts);
	}
	return 0;
}

/* Write one generated puzzle in the output format: classic puzzles as
 * the formats say, variants in their text form, blank-line separated. */
static void
print_generated(struct run *run, const struct dlx_sudoku_genpuzzle *g)
{
	const struct dlx_sudoku_variant	*v = g->variant;
	struct dlx_sudoku_puzzle	 p;
	char				*text;
	size_t				 len;
	int				 classic;

	classic = v->regions == NULL && v->extras == 0 && v->cages == NULL;
	memset(&p, 0, sizeof p);
	p.n = v->n;
	p.boxr = v->boxr;
	p.boxc = v->boxc;
	p.cells = g->puzzle;
	text = NULL;
	if (!classic) {
		len = dlx_sudoku_variant_format(v, g->puzzle, run->alphabet,
		    NULL, 0);
		if (len == 0 || (text = malloc(len + 1)) == NULL) {
			diag("%s", dlx_strerror(DLX_ENOMEM));
			exit(EXIT_ERROR);
		}
		dlx_sudoku_variant_format(v, g->puzzle, run->alphabet, text,
		    len + 1);
	}
	if (run->o.json) {
		out("{\"size\":%d,\"variant\":\"%s\",\"givens\":%d,"
		    "\"puzzle\":\"", v->n, dlx_sudoku_variant_name(v),
		    g->givens);
		print_line(run, v->n, g->puzzle);
		out_str("\",\"solution\":\"");
		print_line(run, v->n, g->solution);
		out_char('"');
		if (g->grade != 0)
			out(",\"grade\":\"%s\"",
			    dlx_logic_grade_name((enum dlx_logic_grade)
			    g->grade));
		if (text != NULL) {
			out_str(",\"text\":");
			out_json_str(text);
		}
		out_str("}\n");
	} else if (text != NULL)
		out("%s\n", text);
	else if (run->o.format == FORMAT_LINE) {
		print_line(run, v->n, g->puzzle);
		out_char('\n');
	} else if (run->o.format == FORMAT_CLASSIC) {
		print_classic(&p, g->puzzle);
		out_char('\n');
	} else {
		print_grid(run, &p, g->puzzle);
		out_char('\n');
	}
	free(text);
}

/* --generate N: N puzzles, each written as soon as it is made, so that
 * a Ctrl-C keeps those already out. */
static void
generate(struct run *run)
{
	struct dlx_sudoku_gen_opts	 go;
	struct dlx_sudoku_genpuzzle	 gp;
	struct gen_progress		 prog;
	dlx_sudoku_gen			*g;
	unsigned			 extras = 0;
	int				 jigsaw, killer, rc;
	char				 words[64], *w;

	memset(&go, 0, sizeof go);
	jigsaw = killer = 0;
	if (run->o.variant != NULL) {
		/* parse_options() checked the words already. */
		snprintf(words, sizeof words, "%s", run->o.variant);
		for (w = strtok(words, " ,\t"); w != NULL;
		    w = strtok(NULL, " ,\t")) {
			if (strcmp(w, "x") == 0 || strcmp(w, "X") == 0)
				extras |= DLX_SUDOKU_DIAGONALS;
			else if (strcmp(w, "hyper") == 0 ||
			    strcmp(w, "windoku") == 0)
				extras |= DLX_SUDOKU_WINDOWS;
			else if (strcmp(w, "jigsaw") == 0)
				jigsaw = 1;
			else if (strcmp(w, "killer") == 0)
				killer = 1;
		}
	}
	go.boxr = run->o.boxr != 0 ? run->o.boxr : 3;
	go.boxc = run->o.boxc != 0 ? run->o.boxc : 3;
	go.extras = extras;
	go.jigsaw = jigsaw;
	go.killer = killer;
	go.symmetry = run->o.symmetry;
	go.max_givens = run->o.givens;
	go.grade = run->o.grade;
	go.seed = run->o.seed;
	go.progress = on_gen_progress;
	go.progress_arg = &prog;
	prog.run = run;
	prog.made = 0;
	prog.last = now();
	if ((rc = dlx_sudoku_gen_new(&g, &go)) != DLX_OK) {
		if (rc == DLX_EINVAL)
			usage_error("--generate: no such puzzles (killer up "
			    "to 16x16, --grade with classic only, no "
			    "windows with jigsaw)");
		diag("%s", dlx_strerror(rc));
		exit(EXIT_ERROR);
	}
	for (prog.made = 0; prog.made < run->o.generate; prog.made++) {
		rc = dlx_sudoku_gen_next(g, &gp);
		if (rc == DLX_STOPPED)
			break;
		if (rc != DLX_OK) {
			diag("--generate: %s", rc == DLX_INCOMPLETE ?
			    "no puzzle met the targets in 100000 attempts" :
			    dlx_strerror(rc));
			run->status = EXIT_ERROR;
			break;
		}
		print_generated(run, &gp);
		if (fflush(stdout) != 0)
			write_failed(errno);
	}
	dlx_sudoku_gen_free(g);
}

/* The options of variants and the generator. */
static void
variant_option(struct options *o, int ch, const char *arg)
{
	struct dlx_sudoku_vreader	*r;
	char				*end;
	unsigned long long		 v;
	int				 k;

	switch (ch) {
	case OPT_VARIANT:
		/* The reader knows the words: ask it. */
		if (dlx_sudoku_vreader_new(&r, stdin, arg, 0, 0, NULL) !=
		    DLX_OK)
			usage_error("--variant: '%s' is not made of x, "
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
			usage_error("--symmetry: '%s' is not none, 180, 90 "
			    "or mirror", arg);
		return;
	case OPT_GRADE:
		for (k = 1; k < DLX_LOGIC_NGRADES; k++)
			if (strcmp(arg, dlx_logic_grade_name(
			    (enum dlx_logic_grade)k)) == 0)
				break;
		if (k == DLX_LOGIC_NGRADES)
			usage_error("--grade: '%s' is not singles, subsets, "
			    "fish or search", arg);
		o->grade = k;
		return;
	}
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-' ||
	    (ch != OPT_SEED && v == 0) || (ch == OPT_GIVENS && v > 1296))
		usage_error("%s: '%s' is not a %s number", ch == OPT_SEED ?
		    "--seed" : ch == OPT_GIVENS ? "--givens" : "--generate",
		    arg, ch == OPT_SEED ? "non-negative" : "positive");
	if (ch == OPT_SEED)
		o->seed = v;
	else if (ch == OPT_GIVENS)
		o->givens = (int)v;
	else
		o->generate = v;
}

/* Generator options only with --generate, and no mode with it. */
static void
variant_options_done(struct options *o)
{
	if (o->generate == 0 && (o->symmetry != 0 || o->seed != 0 ||
	    o->givens != 0 || o->grade != 0))
		usage_error("--symmetry, --seed, --givens and --grade go "
		    "with --generate");
	if (o->generate != 0 && (o->mode_set || o->candidates ||
	    o->limit != 0))
		usage_error("--generate goes with no mode option");
	if (o->variant != NULL && (o->mode == MODE_EXPLAIN ||
	    o->mode == MODE_RATE || o->candidates))
		usage_error("--explain, --rate and --candidates work on "
		    "classic sudoku only");
}

static void
usage(void)
{
	printf("usage: %s [-acejrsuhV] [-b RxC] [-f grid|line|classic|csv] "
	    "[-t N] [-l N]\n"
	    "       [--candidates] [--progress] [--symbols ALPHABET] "
	    "[file ...]\n"
	    "       [--part K/N] [--record FILE] [--checkpoint FILE] "
	    "[--checkpoint-every SEC]\n"
	    "       [--resume FILE] -c|-a file\n"
	    "       %s merge [--partial] [--stats] RECORD...\n", progname,
	    progname);
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
	    "  -r, --rate           grade each puzzle by the hardest rule it "
	    "needs\n"
	    "      --candidates     print the pencil marks where the rules "
	    "stop\n"
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
	    "CPU available)\n"
	    "      --no-memo        count by plain search, without the "
	    "subproblem cache\n"
	    "      --memo           count with the cache from the start\n"
	    "      --memory SIZE    bytes the cache may use: 512M, 4G... "
	    "(default: a\n"
	    "                       quarter of the machine's memory)\n"
	    "      --variant NAME   x, hyper, jigsaw, killer (or a header "
	    "line in the file)\n"
	    "      --generate N     write N new minimal unique puzzles; "
	    "with --symmetry\n"
	    "                       none|180|90|mirror, --seed S, --givens "
	    "MAX, --grade G\n"
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
	    "  -h, --help           show this help and exit\n"
	    "  -V, --version        show the version and exit\n\n"
	    "Exit status: 0 all answered (--unique: all unique), 1 some "
	    "puzzle has no\nsolution (--unique: is not unique), 2 usage or "
	    "input error, 130 interrupted.\n");
}

static void
usage_error(const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n",
	    progname);
	exit(EXIT_ERROR);
}

static void
set_mode(struct options *o, enum mode m, const char *name)
{
	if (o->mode_set && o->mode != m)
		usage_error("%s conflicts with another mode option", name);
	o->mode = m;
	o->mode_set = 1;
}

/* Parse the options; returns the index of the first file operand. */
static int
parse_options(int argc, char **argv, struct options *o)
{
	const char	*why;
	char		*end, x;
	unsigned long long v;
	int		 ch, r, c, tty;

	memset(o, 0, sizeof *o);
	tty = isatty(STDERR_FILENO);
	o->progress = tty;
	while ((ch = getopt_long(argc, argv, "ab:cef:hjl:rst:uV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			set_mode(o, MODE_ALL, "--all");
			break;
		case 'b':
			if (sscanf(optarg, "%d%c%d", &r, &x, &c) != 3 ||
			    (x != 'x' && x != 'X') || r < 1 || c < 1 ||
			    r > DLX_SUDOKU_MAXN || c > DLX_SUDOKU_MAXN ||
			    r * c < 4 || r * c > DLX_SUDOKU_MAXN ||
			    strspn(optarg, "0123456789xX") != strlen(optarg))
				usage_error("--box: '%s' is not RxC with 4 <= "
				    "R*C <= %d", optarg, DLX_SUDOKU_MAXN);
			o->boxr = r;
			o->boxc = c;
			break;
		case 'c':
			set_mode(o, MODE_COUNT, "--count");
			break;
		case 'e':
			set_mode(o, MODE_EXPLAIN, "--explain");
			break;
		case 'f':
			if (strcmp(optarg, "grid") == 0)
				o->format = FORMAT_GRID;
			else if (strcmp(optarg, "line") == 0)
				o->format = FORMAT_LINE;
			else if (strcmp(optarg, "classic") == 0)
				o->format = FORMAT_CLASSIC;
			else if (strcmp(optarg, "csv") == 0)
				o->format = FORMAT_CSV;
			else
				usage_error("--format: '%s' is not grid, line, "
				    "classic or csv", optarg);
			break;
		case 'h':
			usage();
			if (fflush(stdout) != 0 || ferror(stdout))
				write_failed(errno);
			exit(0);
		case 'j':
			o->json = 1;
			break;
		case 'l':
			errno = 0;
			v = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    v == 0 || optarg[0] == '-')
				usage_error("--limit: '%s' is not a positive "
				    "number", optarg);
			o->limit = v;
			break;
		case 's':
			o->stats = 1;
			break;
		case 't':
			errno = 0;
			v = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    v == 0 || v > 4096 || optarg[0] == '-')
				usage_error("--threads: '%s' is not a number "
				    "from 1 to 4096", optarg);
			o->threads = (unsigned)v;
			break;
		case 'r':
			set_mode(o, MODE_RATE, "--rate");
			break;
		case 'u':
			set_mode(o, MODE_UNIQUE, "--unique");
			break;
		case 'V':
			printf("%s (%s) %s\n", progname, PACKAGE_NAME,
			    PACKAGE_VERSION);
			if (fflush(stdout) != 0 || ferror(stdout))
				write_failed(errno);
			exit(0);
		case OPT_PROGRESS:
			o->progress = 1;
			break;
		case OPT_CANDIDATES:
			o->candidates = 1;
			break;
		case OPT_VARIANT:
		case OPT_GENERATE:
		case OPT_SYMMETRY:
		case OPT_SEED:
		case OPT_GIVENS:
		case OPT_GRADE:
			variant_option(o, ch, optarg);
			break;
		case OPT_NO_MEMO:
			o->no_memo = 1;
			o->memo = 0;
			break;
		case OPT_MEMO:
			o->memo = 1;
			o->no_memo = 0;
			break;
		case OPT_MEMORY:
			o->memory = parse_size(optarg);
			break;
		case OPT_PART:
			if (cluster_parse_part(optarg, &cl.k, &cl.n,
			    &why) != 0)
				usage_error("--part: '%s': %s", optarg, why);
			break;
		case OPT_RECORD:
			cl.record = optarg;
			break;
		case OPT_CHECKPOINT:
			cl.checkpoint = optarg;
			break;
		case OPT_CHECKPOINT_EVERY:
			if (cluster_parse_every(optarg, &cl.every) != 0)
				usage_error("--checkpoint-every: '%s' is not "
				    "a number of seconds", optarg);
			break;
		case OPT_RESUME:
			cl.resume = optarg;
			break;
		case OPT_SYMBOLS:
			if (dlx_sudoku_parse_symbols(optarg, o->alpha,
			    &why) < 0)
				usage_error("--symbols: %s", why);
			o->symbols = o->alpha;
			break;
		default:
			fprintf(stderr, "Try '%s --help' for more "
			    "information.\n", progname);
			exit(EXIT_ERROR);
		}
	}
	variant_options_done(o);
	cl.prog = progname;
	cl.version = PACKAGE_VERSION;
	if (cluster_setup(&cl, &why) != 0)
		usage_error("%s", why);
	if (cl.record != NULL && !cl.parted)
		usage_error("--record goes with --part");
	if (cluster_active(&cl) && !o->mode_set)
		set_mode(o, MODE_COUNT, "--part");
	if (cluster_active(&cl) && o->mode != MODE_COUNT &&
	    o->mode != MODE_ALL)
		usage_error("--part, --checkpoint and --resume go with "
		    "--count or --all");
	if (o->candidates && !o->mode_set)
		set_mode(o, MODE_CANDIDATES, "--candidates");
	if (o->candidates && o->mode != MODE_CANDIDATES &&
	    o->mode != MODE_EXPLAIN && o->mode != MODE_RATE)
		usage_error("--candidates goes with --explain or --rate");
	if (o->limit != 0 && !o->mode_set)
		set_mode(o, MODE_COUNT, "--limit");
	if (o->format == FORMAT_CSV && !o->json && o->mode != MODE_SOLVE &&
	    o->mode != MODE_COUNT && o->mode != MODE_UNIQUE &&
	    o->mode != MODE_RATE)
		usage_error("--format csv goes with solving, --count, --unique "
		    "or --rate");
	if (o->limit != 0 && o->mode != MODE_COUNT && o->mode != MODE_ALL)
		usage_error("--limit goes with --count or --all");
	if (o->symbols != NULL && o->boxr != 0 &&
	    strlen(o->symbols) < (size_t)(o->boxr * o->boxc))
		usage_error("--symbols: %zu symbols for %d x %d boxes",
		    strlen(o->symbols), o->boxr, o->boxc);
	return optind;
}

int
main(int argc, char **argv)
{
	static struct run	 run;
	struct sigaction	 sa;
	FILE			*fp;
	const char		*file;
	int			 i, first;

	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return merge_main(progname, argc - 1, argv + 1);
	first = parse_options(argc, argv, &run.o);
	run.alphabet = run.o.symbols != NULL ? run.o.symbols : DEFAULT_SYMBOLS;
	run.nalpha = (int)strlen(run.alphabet);
	run.tty = isatty(STDERR_FILENO);

	/* Ctrl-C stops the search at the next progress call; a second one
	 * kills at once (SA_RESETHAND). */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGINT, &sa, NULL);
	/* A closed pipe shows up as EPIPE from a write, handled there. */
	signal(SIGPIPE, SIG_IGN);

	if (run.o.format == FORMAT_CSV && !run.o.json &&
	    run.o.generate == 0)
		out_str(csv_header[run.o.mode]);
	if (run.o.generate != 0) {
		if (first != argc)
			usage_error("--generate takes no files");
		generate(&run);
	} else if (first == argc)
		process_file(&run, "(standard input)", stdin);
	for (i = first; i < argc && !interrupted; i++) {
		file = argv[i];
		if (strcmp(file, "-") == 0) {
			process_file(&run, "(standard input)", stdin);
			continue;
		}
		if ((fp = fopen(file, "r")) == NULL) {
			diag("%s: %s", file, strerror(errno));
			run.status = EXIT_ERROR;
			continue;
		}
		process_file(&run, file, fp);
		fclose(fp);
	}
	if (run.o.stats) {
		fflush(stdout);
		fprintf(stderr, "%s: total: %llu puzzles, %llu nodes, "
		    "%llu updates, %.6f s\n", progname,
		    (unsigned long long)run.puzzles,
		    (unsigned long long)run.nodes,
		    (unsigned long long)run.updates, run.seconds);
	}
	for (i = 0; i < run.nshapes; i++)
		dlx_sudoku_free(run.shapes[i].s);
	dlx_logic_free(run.logic);
	if (fflush(stdout) != 0 || ferror(stdout))
		write_failed(errno ? errno : EIO);
	if (fclose(stdout) != 0)
		write_failed(errno);
	if (cl.signo != 0)
		return 128 + cl.signo;
	if (interrupted)
		return EXIT_INTR;
	return run.status;
}
