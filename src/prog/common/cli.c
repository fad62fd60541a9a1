/*
 * cli.c: the programs' shared layer (see cli.h for the policies).
 *
 * State is a handful of file-scope variables: a program has one standard
 * output, one name and one SIGINT flag.  The output state is touched only
 * by the thread that writes (the library calls visit callbacks one at a
 * time), and the flag only by the handler and the pollers.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "prog/common/cli.h"

const char			*cli_prog = "dlx";
/* Set by the SIGINT handler, read by every thread: an atomic (lock-free,
 * so safe in a handler), which a volatile sig_atomic_t is not between
 * threads. */
static int			 interrupted;
/* The first failed write's errno, or 0.  Only the thread writing to the
 * real stdout sets it, but threads answering puzzles read it (through
 * cli_stopped()) to stop early: atomic loads and stores. */
static int			 write_errno;

/* A capture: the text, and where each run of it goes. */
struct cli_capture {
	char		*buf;
	size_t		 len, cap;
	struct seg {
		int	 err;		/* to stderr, else stdout */
		size_t	 end;		/* the run ends at buf[end] */
	}		*segs;
	size_t		 nsegs, capsegs;
	int		 failed;	/* out of memory: some text is lost */
};

/* This thread's capture, or NULL. */
static __thread struct cli_capture	*capture;

static void
on_sigint(int sig)
{
	(void)sig;
	__atomic_store_n(&interrupted, 1, __ATOMIC_RELAXED);
}

void
cli_init(const char *argv0, const char *fallback)
{
	struct sigaction	 sa;
	const char		*p;

	cli_prog = fallback;
	if (argv0 != NULL && argv0[0] != '\0') {
		p = strrchr(argv0, '/');
		p = p != NULL ? p + 1 : argv0;
		/* libtool runs the uninstalled programs as .libs/lt-NAME. */
		if (strncmp(p, "lt-", 3) == 0 && p[3] != '\0')
			p += 3;
		if (*p != '\0')
			cli_prog = p;
	}
	/*
	 * No SA_RESTART: a read waiting for input fails with EINTR, so the
	 * first Ctrl-C stops a program reading a terminal or a slow pipe as
	 * well as one searching.  SA_RESETHAND: the second one kills.
	 */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGINT, &sa, NULL);
	/* A closed pipe shows up as EPIPE from a write, handled there. */
	signal(SIGPIPE, SIG_IGN);
}

static void	cap_vprintf(struct cli_capture *, int, const char *, va_list);
static void	cap_append(struct cli_capture *, int, const void *, size_t);

void
cli_vdiag(const char *fmt, va_list ap)
{
	if (capture != NULL) {
		cap_append(capture, 1, cli_prog, strlen(cli_prog));
		cap_append(capture, 1, ": ", 2);
		cap_vprintf(capture, 1, fmt, ap);
		cap_append(capture, 1, "\n", 1);
		return;
	}
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
cli_diag(const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	cli_vdiag(fmt, ap);
	va_end(ap);
}

void
cli_bad_option(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", cli_prog);
	exit(CLI_EXIT_ERROR);
}

void
cli_usage_error(const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	cli_vdiag(fmt, ap);
	va_end(ap);
	cli_bad_option();
}

void
cli_version(void)
{
	printf("%s (%s) %s\n", cli_prog, PACKAGE_NAME, PACKAGE_VERSION);
	cli_exit_help();
}

void
cli_exit_help(void)
{
	exit(cli_exit(CLI_EXIT_OK));
}

/* ---- output --------------------------------------------------------- */

void
cli_write_error(int err)
{
	if (__atomic_load_n(&write_errno, __ATOMIC_RELAXED) == 0)
		__atomic_store_n(&write_errno, err != 0 ? err : EIO,
		    __ATOMIC_RELAXED);
}

int
cli_write_failed(void)
{
	return __atomic_load_n(&write_errno, __ATOMIC_RELAXED) != 0;
}

int
cli_interrupted(void)
{
	return __atomic_load_n(&interrupted, __ATOMIC_RELAXED);
}

void
cli_interrupt(void)
{
	__atomic_store_n(&interrupted, 1, __ATOMIC_RELAXED);
}

int
cli_stopped(void)
{
	return cli_interrupted() || cli_write_failed();
}

void
cli_out(const char *fmt, ...)
{
	va_list	 ap;
	int	 rc;

	if (capture != NULL) {
		va_start(ap, fmt);
		cap_vprintf(capture, 0, fmt, ap);
		va_end(ap);
		return;
	}
	if (cli_write_failed())
		return;
	va_start(ap, fmt);
	rc = vprintf(fmt, ap);
	va_end(ap);
	if (rc < 0)
		cli_write_error(errno);
}

void
cli_putc(int ch)
{
	char	 c = (char)ch;

	if (capture != NULL)
		cap_append(capture, 0, &c, 1);
	else if (!cli_write_failed() && putchar(ch) == EOF)
		cli_write_error(errno);
}

void
cli_puts(const char *s)
{
	if (capture != NULL)
		cap_append(capture, 0, s, strlen(s));
	else if (!cli_write_failed() && fputs(s, stdout) == EOF)
		cli_write_error(errno);
}

void
cli_write(const void *p, size_t n)
{
	if (capture != NULL)
		cap_append(capture, 0, p, n);
	else if (!cli_write_failed() && n > 0 && fwrite(p, 1, n, stdout) != n)
		cli_write_error(errno);
}

/* ---- capture -------------------------------------------------------- */

struct cli_capture *
cli_capture_new(void)
{
	return calloc(1, sizeof(struct cli_capture));
}

void
cli_capture_free(struct cli_capture *c)
{
	if (c == NULL)
		return;
	free(c->buf);
	free(c->segs);
	free(c);
}

void
cli_capture_begin(struct cli_capture *c)
{
	capture = c;
}

/* Room for n more bytes; 0, or -1 (c->failed) if out of memory. */
static int
cap_reserve(struct cli_capture *c, size_t n)
{
	size_t	 cap;
	char	*p;

	if (c->len + n <= c->cap)
		return 0;
	for (cap = c->cap != 0 ? c->cap : 4096; cap < c->len + n; cap *= 2)
		if (cap > SIZE_MAX / 4)
			goto fail;
	if ((p = realloc(c->buf, cap)) == NULL)
		goto fail;
	c->buf = p;
	c->cap = cap;
	return 0;
fail:
	c->failed = 1;
	return -1;
}

/* Start a run for stream err unless the last run is one. */
static int
cap_stream(struct cli_capture *c, int err)
{
	struct seg	*p;
	size_t		 cap;

	if (c->nsegs > 0 && c->segs[c->nsegs - 1].err == err)
		return 0;
	if (c->nsegs == c->capsegs) {
		cap = c->capsegs != 0 ? 2 * c->capsegs : 16;
		if ((p = realloc(c->segs, cap * sizeof *p)) == NULL) {
			c->failed = 1;
			return -1;
		}
		c->segs = p;
		c->capsegs = cap;
	}
	c->segs[c->nsegs].err = err;
	c->segs[c->nsegs].end = c->len;
	c->nsegs++;
	return 0;
}

static void
cap_append(struct cli_capture *c, int err, const void *p, size_t n)
{
	if (n == 0 || cap_stream(c, err) != 0 || cap_reserve(c, n) != 0)
		return;
	memcpy(c->buf + c->len, p, n);
	c->len += n;
	c->segs[c->nsegs - 1].end = c->len;
}

static void
cap_vprintf(struct cli_capture *c, int err, const char *fmt, va_list ap)
{
	va_list	 aq;
	int	 n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || cap_stream(c, err) != 0 ||
	    cap_reserve(c, (size_t)n + 1) != 0)
		return;
	vsnprintf(c->buf + c->len, (size_t)n + 1, fmt, ap);
	c->len += (size_t)n;
	c->segs[c->nsegs - 1].end = c->len;
}

int
cli_capture_emit(struct cli_capture *c)
{
	size_t	 k, start = 0;
	int	 failed = c->failed;

	for (k = 0; k < c->nsegs; k++) {
		if (c->segs[k].err) {
			fflush(stdout);
			fwrite(c->buf + start, 1, c->segs[k].end - start,
			    stderr);
		} else
			cli_write(c->buf + start, c->segs[k].end - start);
		start = c->segs[k].end;
	}
	c->len = c->nsegs = 0;
	c->failed = 0;
	return failed ? -1 : 0;
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

void
cli_json_str(const char *s)
{
	const unsigned char	*p;
	int			 n;

	cli_putc('"');
	for (p = (const unsigned char *)s; *p != '\0'; p += n) {
		n = utf8_len(p);
		if (n == 0) {
			cli_out("\\udc%02x", *p);
			n = 1;
		} else if (*p == '"' || *p == '\\')
			cli_out("\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			cli_out("\\u%04x", *p);
		else
			cli_write(p, (size_t)n);
	}
	cli_putc('"');
}

int
cli_exit(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		cli_write_error(errno);
	if (fclose(stdout) != 0)
		cli_write_error(errno);
	if (write_errno == EPIPE)
		return CLI_EXIT_PIPE;
	if (write_errno != 0) {
		fprintf(stderr, "%s: write error: %s\n", cli_prog,
		    strerror(write_errno));
		return CLI_EXIT_ERROR;
	}
	/* An interrupt outranks the answers so far, not a signal's status. */
	if (cli_interrupted() && status < 128)
		return CLI_EXIT_INTR;
	return status;
}

/* ---- numbers -------------------------------------------------------- */

int
cli_parse_uint(const char *arg, uint64_t min, uint64_t max, uint64_t *v)
{
	unsigned long long	 x;
	char			*end;

	/* strtoull() takes spaces and a sign: refuse them first. */
	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	x = strtoull(arg, &end, 10);
	if (*end != '\0' || errno == ERANGE || x < min || x > max)
		return -1;
	*v = x;
	return 0;
}

int
cli_parse_size(const char *arg, size_t *v)
{
	unsigned long long	 x;
	char			*end;
	int			 shift = 0;

	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	x = strtoull(arg, &end, 10);
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	case 'T': case 't': shift = 40; end++; break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end != '\0' || x == 0 || errno == ERANGE ||
	    x > (SIZE_MAX >> shift))
		return -1;
	*v = (size_t)x << shift;
	return 0;
}

int
cli_parse_seconds(const char *arg, double *v)
{
	char	*end;
	double	 x;

	if ((arg[0] < '0' || arg[0] > '9') && arg[0] != '.')
		return -1;
	errno = 0;
	x = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno == ERANGE || !(x > 0) ||
	    x > 1e6)
		return -1;
	*v = x;
	return 0;
}

uint64_t
cli_number(const char *name, const char *arg, uint64_t min, uint64_t max)
{
	uint64_t	 v;

	if (cli_parse_uint(arg, min, max, &v) == 0)
		return v;
	/* Digits only, beyond the limit: say so, and give the limit. */
	if (arg[0] != '\0' && strspn(arg, "0123456789") == strlen(arg) &&
	    strspn(arg, "0") != strlen(arg) &&
	    (cli_parse_uint(arg, 0, UINT64_MAX, &v) != 0 || v > max))
		cli_usage_error("%s: '%s' is too large (at most %llu)", name,
		    arg, (unsigned long long)max);
	if (min == 1 && max == UINT64_MAX)
		cli_usage_error("%s: '%s' is not a positive number", name, arg);
	cli_usage_error("%s: '%s' is not a number from %llu to %llu", name,
	    arg, (unsigned long long)min, (unsigned long long)max);
}

/*
 * The option that asked for the cache, for cli_refused(): set while the
 * options are read, before any thread starts (the pipeline's workers
 * make requests side by side and must only read it).
 */
static const char	*cache_option = "--memo";

static void
cache_asked(const struct cli_search *o)
{
	cache_option = o->components == DLX_COMP_ALWAYS && !o->memo ?
	    "--components" : "--memo";
}

int
cli_search_option(struct cli_search *o, int ch, const char *arg)
{
	switch (ch) {
	case 't':
		o->threads = (unsigned)cli_number("--threads", arg, 1, 4096);
		return 1;
	case CLI_OPT_NO_MEMO:
	case CLI_OPT_MEMO:
		o->memo = ch == CLI_OPT_MEMO;
		o->no_memo = ch == CLI_OPT_NO_MEMO;
		cache_asked(o);
		return 1;
	case CLI_OPT_MEMORY:
		if (cli_parse_size(arg, &o->memory) != 0)
			cli_usage_error("--memory: '%s' is not a size", arg);
		return 1;
	case CLI_OPT_COMPONENTS:
		if (arg == NULL || strcmp(arg, "always") == 0)
			o->components = DLX_COMP_ALWAYS;
		else if (strcmp(arg, "auto") == 0)
			o->components = DLX_COMP_AUTO;
		else if (strcmp(arg, "never") == 0)
			o->components = DLX_COMP_NEVER;
		else
			cli_usage_error("--components: '%s' is not auto, "
			    "always or never", arg);
		cache_asked(o);
		return 1;
	case CLI_OPT_NO_COMPONENTS:
		o->components = DLX_COMP_NEVER;
		cache_asked(o);
		return 1;
	}
	return 0;
}


void
cli_request(const struct cli_search *o, struct dlx_request *rq)
{
	rq->memo = o->no_memo ? DLX_MEMO_NEVER : o->memo ? DLX_MEMO_ALWAYS :
	    DLX_MEMO_AUTO;
	rq->memory = o->memory;
	rq->threads = o->threads;
	rq->components = (enum dlx_comp_mode)o->components;
}

void
cli_components(int diag, const char *prefix, const struct dlx_memo_stats *ms)
{
	char	 line[3][160];
	int	 k;

	if (ms->splits_tried == 0)
		return;
	snprintf(line[0], sizeof line[0], "components: %llu nodes looked at, "
	    "%llu split into %llu components",
	    (unsigned long long)ms->splits_tried,
	    (unsigned long long)ms->splits,
	    (unsigned long long)ms->components);
	snprintf(line[1], sizeof line[1], "component hits by primary items: "
	    "1-4 %llu, 5-16 %llu, 17-64 %llu, 65+ %llu",
	    (unsigned long long)ms->comp_hits[0],
	    (unsigned long long)ms->comp_hits[1],
	    (unsigned long long)ms->comp_hits[2],
	    (unsigned long long)ms->comp_hits[3]);
	snprintf(line[2], sizeof line[2], "component products saved: %llu "
	    "nodes (estimate)", (unsigned long long)ms->comp_saved);
	for (k = 0; k < 3; k++)
		if (diag)
			cli_diag("%s%s", prefix, line[k]);
		else
			fprintf(stderr, "%s%s\n", prefix, line[k]);
}

void
cli_refused(const char *name, unsigned refused, int bounds,
    const char *visit)
{
	static const struct {
		unsigned	 need;
		const char	*text;
	} names[] = {
		{ DLX_NEED_BOUNDS,	"item bounds" },
		{ DLX_NEED_COLORS,	"colors" },
		{ DLX_NEED_CACHE,	NULL },		/* cache_option */
		{ DLX_NEED_KNUTH,	"--knuth" },
		{ DLX_NEED_VISIT,	NULL },		/* visit */
		{ DLX_NEED_SPLIT,	"--part" },
		{ DLX_NEED_PATH,	"--checkpoint" },
		{ DLX_NEED_THREADS,	"--threads" },
	};
	char		 buf[256];
	size_t		 i, n = 0;

	if (bounds)
		refused |= DLX_NEED_BOUNDS;
	/* A checkpoint is a position: it says more than --part. */
	if (refused & DLX_NEED_PATH)
		refused &= ~(unsigned)DLX_NEED_SPLIT;
	buf[0] = '\0';
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (refused & names[i].need)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
			    n > 0 ? " with " : "", names[i].text != NULL ?
			    names[i].text : names[i].need == DLX_NEED_CACHE ?
			    cache_option : visit);
	cli_diag("%s: not supported: %s", name, buf);
}

void
cli_ran(const char *prefix, const struct dlx_result *res)
{
	fprintf(stderr, "%sengine: %s\n", prefix,
	    dlx_engine_name(res->engine));
	fprintf(stderr, "%sthreads: %u\n", prefix, res->threads);
	fprintf(stderr, "%sdrivers: %s%s%s%s\n", prefix,
	    res->drivers == 0 ? "none" : "",
	    res->drivers & DLX_DRIVE_THREADS ? "threads" : "",
	    res->drivers & DLX_DRIVE_POSITION ?
	    (res->drivers & DLX_DRIVE_THREADS ? ", position" : "position") :
	    "",
	    res->drivers & DLX_DRIVE_CHECKPOINT ? ", checkpoint" : "");
}

/* ---- time and progress ---------------------------------------------- */

double
cli_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
cli_progress_start(struct cli_progress *p, int on, double every)
{
	p->on = on;
	p->tty = isatty(STDERR_FILENO);
	p->shown = 0;
	p->every = every;
	p->start = p->last = cli_now();
}

int
cli_progress_due(struct cli_progress *p)
{
	double	 t;

	if (!p->on)
		return 0;
	t = cli_now();
	if (t - p->last < p->every)
		return 0;
	p->last = t;
	return 1;
}

void
cli_progress_line(struct cli_progress *p, const char *fmt, ...)
{
	va_list	 ap;

	fflush(stdout);
	fprintf(stderr, "%s%s: ", p->tty ? "\r" : "", cli_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(p->tty ? "\033[K" : "\n", stderr);
	p->shown = p->tty;
}

void
cli_progress_end(struct cli_progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = 0;
}

double
cli_progress_elapsed(const struct cli_progress *p)
{
	return cli_now() - p->start;
}

void
cli_progress_search(struct cli_progress *p, const char *where,
    uint64_t solutions, uint64_t nodes, uint64_t updates, double explored)
{
	char	 pct[48] = "";

	if (explored >= 0)
		snprintf(pct, sizeof pct, ", %.3g%% of the search tree",
		    100 * explored);
	cli_progress_line(p, "%s%s%llu solutions so far%s, %llu nodes, "
	    "%llu updates, %.0f s", where != NULL ? where : "",
	    where != NULL ? ": " : "", (unsigned long long)solutions, pct,
	    (unsigned long long)nodes, (unsigned long long)updates,
	    cli_progress_elapsed(p));
}

void
cli_interrupt_note(const char *where, const char *count,
    const char *checkpoint, int signo)
{
	const char	*by = "";

	switch (signo) {
	case SIGTERM:	by = " by SIGTERM"; break;
	case SIGHUP:	by = " by SIGHUP"; break;
	}
	cli_diag("%s%sinterrupted%s%s%s%s%s%s", where != NULL ? where : "",
	    where != NULL ? ": " : "", by, count != NULL ? ": " : "",
	    count != NULL ? count : "", count == NULL ? "" :
	    strcmp(count, "1") == 0 ? " solution so far (partial)" :
	    " solutions so far (partial)",
	    checkpoint != NULL ? "; resume with --resume=" : "",
	    checkpoint != NULL ? checkpoint : "");
}
