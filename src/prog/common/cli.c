/*
 * cli.c: the programs' shared layer (see cli.h for the policies).
 *
 * State is a handful of file-scope variables: a program has one standard
 * output, one name and one stop signal.  The output state is touched only
 * by the thread that writes (the library calls visit and progress
 * callbacks one at a time, under one lock), and the signal only by the
 * handler and the pollers.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "prog/common/cli.h"

const char			*cli_prog = "dlx";
/* The signal that stopped the run (SIGINT, SIGTERM or SIGHUP), or 0: set
 * by the handler, read by every thread: an atomic (lock-free, so safe in
 * a handler), which a volatile sig_atomic_t is not between threads. */
static int			 interrupted;
/* The first failed write's errno, or 0.  Only the thread writing to the
 * real stdout sets it, but threads answering puzzles read it (through
 * cli_stopped()) to stop early: atomic loads and stores. */
static int			 write_errno;
/* --time-limit: the deadline on cli_now()'s clock (0: none), set while
 * the options are read, and whether it has passed (atomic: any thread
 * may see it first). */
static double			 time_deadline;
static int			 time_passed;

/* A capture: the text, and where each run of it goes. */
struct cli_capture {
	char		*buf;
	size_t		 len, cap;
	struct seg {
		int	 kind;		/* SEG_* */
		size_t	 end;		/* the run ends at buf[end] */
		unsigned sol;		/* SEG_END: its solutions */
	}		*segs;
	size_t		 nsegs, capsegs;
	int		 failed;	/* out of memory: some text is lost */
};

/* What a run of a capture is: text for stdout or stderr, or (empty) the
 * start or the end of a record. */
enum { SEG_OUT, SEG_ERR, SEG_BEGIN, SEG_END };

/* This thread's capture, or NULL. */
static __thread struct cli_capture	*capture;

/*
 * Standard output is written here with write(2), not through stdio, so
 * that it is cut only between records.  A record is a line, or the lines
 * between cli_record_begin() and cli_record_end() (a solution printed on
 * several lines).  Text waits in buf until whole records would pass
 * OUT_CHUNK (PIPE_BUF): each write then holds whole records and at most
 * PIPE_BUF bytes, which a pipe takes all at once or not at all, never
 * half a record, however a signal falls.  A record longer than that is
 * written in pieces as it comes (begun is set while it is unfinished).
 *
 * Before each write, poll() waits until the reader has made room, in
 * slices of OUT_SLICE_MS looking at the stop signal in between: the
 * signal may go to another thread than the one writing, whose write would
 * not be interrupted, so no write is left to block.  Once a signal (or
 * --time-limit) has stopped the run, the waits end OUT_GRACE seconds
 * after the first: what
 * the reader has not taken by then is dropped, from a record boundary on,
 * and so is every later write (cut), so that a reader that never reads
 * again cannot keep the program from ending.
 */
#ifndef PIPE_BUF
#define PIPE_BUF	512		/* POSIX's least, where it varies */
#endif
#define OUT_CHUNK	PIPE_BUF	/* bytes of whole records a write */
#define OUT_SLICE_MS	100		/* poll() between two looks */
#define OUT_GRACE	0.5		/* seconds of waiting after stop */

static struct {
	char		*buf;
	size_t		 len, cap;
	size_t		 whole;	/* buf[0..whole): whole records */
	int		 depth;	/* records begun and not ended */
	int		 each;	/* write each record as it ends */
	int		 file;	/* stdout is a file: no poll() */
	int		 begun;	/* part of the open record is out */
	int		 cut;	/* output dropped after a stop
				   (atomic: threads answering puzzles
				   stop on it) */
	int		 noted;	/* the stop was told on stderr
				   (atomic: any thread) */
	uint64_t	 sol_whole; /* solutions in buf[0..whole) */
	uint64_t	 sol_out; /* solutions written out */
	double		 deadline; /* after a stop: the end of waits */
} out;

static void
on_signal(int sig)
{
	int	 none = 0;

	/* The first signal names the stop; the next one, whichever of the
	 * three, kills (SA_RESETHAND resets only the one that came). */
	__atomic_compare_exchange_n(&interrupted, &none, sig, 0,
	    __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
}

void
cli_init(const char *argv0, const char *fallback)
{
	struct sigaction	 sa;
	struct stat		 st;
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
	 * SIGINT, SIGTERM (a scheduler's notice) and SIGHUP stop the run
	 * alike, in every mode: the search ends, what was printed is whole
	 * and counted, and the status is 128 + the signal.  No SA_RESTART: a
	 * read waiting for input fails with EINTR, so the first signal stops
	 * a program reading a terminal or a slow pipe as well as one
	 * searching (writes wait in poll() and look at the flag, see
	 * above).  SA_RESETHAND: the second one kills.
	 */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* A closed pipe shows up as EPIPE from a write, handled there. */
	signal(SIGPIPE, SIG_IGN);
	/* A terminal shows each line as it ends, as stdio's line buffering
	 * did. */
	out.each = isatty(STDOUT_FILENO);
	/* A file or a disk takes every write without a reader to wait
	 * for: no poll() before each (the writes of stdio, no more). */
	out.file = fstat(STDOUT_FILENO, &st) == 0 && (S_ISREG(st.st_mode) ||
	    S_ISBLK(st.st_mode));
	/* What a program leaving by exit() (an error) has buffered goes
	 * out as stdio's would. */
	atexit(cli_flush);
}

static void	cap_vprintf(struct cli_capture *, int, const char *, va_list);
static void	cap_append(struct cli_capture *, int, const void *, size_t);
static void	cap_mark(struct cli_capture *, int, unsigned);

void
cli_vdiag(const char *fmt, va_list ap)
{
	if (capture != NULL) {
		cap_append(capture, SEG_ERR, cli_prog, strlen(cli_prog));
		cap_append(capture, SEG_ERR, ": ", 2);
		cap_vprintf(capture, SEG_ERR, fmt, ap);
		cap_append(capture, SEG_ERR, "\n", 1);
		return;
	}
	cli_flush();
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

int
cli_time_up(void)
{
	if (time_deadline == 0)
		return 0;
	if (__atomic_load_n(&time_passed, __ATOMIC_RELAXED))
		return 1;
	if (cli_now() < time_deadline)
		return 0;
	__atomic_store_n(&time_passed, 1, __ATOMIC_RELAXED);
	return 1;
}

int
cli_time_noticed(void)
{
	return __atomic_load_n(&time_passed, __ATOMIC_RELAXED);
}

int
cli_stopped(void)
{
	return cli_interrupted() || cli_write_failed() || cli_time_up();
}

int
cli_intr_status(void)
{
	int	 sig = cli_interrupted();

	return sig != 0 ? 128 + sig : CLI_EXIT_INTR;
}

/*
 * Wait until standard output takes a write: 0, or -1 once a stop's
 * OUT_GRACE has passed.  An error (a closed pipe, a bad descriptor) is
 * left for the write to tell.
 */
static int
out_wait(void)
{
	struct pollfd	 pfd;
	double		 now;
	int		 ms, n;

	for (;;) {
		ms = OUT_SLICE_MS;
		/* A time limit passed stops the run as a signal does: a
		 * reader that does not read must not hold it past it. */
		if (cli_interrupted() || cli_time_up()) {
			now = cli_now();
			if (out.deadline == 0)
				out.deadline = now + OUT_GRACE;
			if (now >= out.deadline)
				return -1;
			if ((out.deadline - now) * 1000 < ms)
				ms = (int)((out.deadline - now) * 1000) + 1;
		}
		pfd.fd = STDOUT_FILENO;
		pfd.events = POLLOUT;
		pfd.revents = 0;
		n = poll(&pfd, 1, ms);
		/* Ready, or an error the write will report; a timeout or a
		 * signal looks again. */
		if (n > 0 || (n < 0 && errno != EINTR))
			return 0;
	}
}

/* Write p[0..n) in pieces of at most OUT_CHUNK bytes, each once the
 * reader has room; returns the bytes written (all, unless the wait ended
 * or a write failed: then noted for cli_exit()). */
static size_t
out_send(const char *p, size_t n)
{
	size_t	 done = 0, k;
	ssize_t	 w;

	while (done < n && !cli_write_failed()) {
		if (!out.file && out_wait() != 0)
			break;
		k = n - done < OUT_CHUNK ? n - done : OUT_CHUNK;
		if ((w = write(STDOUT_FILENO, p + done, k)) < 0) {
			/* A stdout left non-blocking by another program
			 * gives EAGAIN: wait in poll() as for a full pipe. */
			if (errno != EINTR && errno != EAGAIN)
				cli_write_error(errno);
			continue;
		}
		done += (size_t)w;
	}
	return done;
}

/* Drop the buffer and everything written after it: the stop's wait is
 * over. */
static void
out_drop(void)
{
	__atomic_store_n(&out.cut, 1, __ATOMIC_RELAXED);
	out.len = out.whole = 0;
	out.sol_whole = 0;
	out.begun = 0;
}

/*
 * Write out buf[0..n), n being out.whole (whole records) or out.len
 * (everything, the open record's beginning too), and keep the rest.
 * Solutions count as written once every whole record is out.
 */
static void
out_flush(size_t n)
{
	size_t	 done;

	if (n == 0 || cli_output_cut() || cli_write_failed())
		return;
	done = out_send(out.buf, n);
	if (done >= out.whole) {
		out.sol_out += out.sol_whole;
		out.sol_whole = 0;
	}
	if (done < n) {
		if (!cli_write_failed())
			out_drop();
		return;
	}
	if (n > out.whole)
		out.begun = 1;
	memmove(out.buf, out.buf + n, out.len - n);
	out.len -= n;
	out.whole = n > out.whole ? 0 : out.whole - n;
}

/*
 * The open record ends at out.len, holding `solutions` solutions.  The
 * whole records before it go out first if with it they would pass
 * OUT_CHUNK, so that a write never holds more than OUT_CHUNK bytes of
 * whole records unless one record alone is longer.
 */
static void
out_end(unsigned solutions)
{
	if (out.whole > 0 && out.len > OUT_CHUNK)
		out_flush(out.whole);
	out.whole = out.len;
	out.sol_whole += solutions;
	/* A record begun is finished at once; on a terminal, or when asked
	 * (cli_write_each()), every record goes as it ends. */
	if (out.each || out.begun || out.whole > OUT_CHUNK) {
		out_flush(out.whole);
		out.begun = 0;
	}
}

/* Append p[0..n) to the open record; 0, or -1 if out of memory (then
 * noted as a write error). */
static int
out_append(const char *p, size_t n)
{
	size_t	 cap;
	char	*q;

	if (out.len + n > out.cap) {
		for (cap = out.cap != 0 ? out.cap : 2 * OUT_CHUNK;
		    cap < out.len + n; cap *= 2)
			continue;
		if ((q = realloc(out.buf, cap)) == NULL) {
			cli_write_error(ENOMEM);
			return -1;
		}
		out.buf = q;
		out.cap = cap;
	}
	memcpy(out.buf + out.len, p, n);
	out.len += n;
	return 0;
}

/* Text for standard output: outside cli_record_begin() and
 * cli_record_end(), each line is a record. */
static void
out_put(const char *p, size_t n)
{
	const char	*nl;
	size_t		 k;

	while (n > 0 && !cli_output_cut() && !cli_write_failed()) {
		nl = out.depth == 0 ? memchr(p, '\n', n) : NULL;
		k = nl != NULL ? (size_t)(nl - p) + 1 : n;
		if (out_append(p, k) != 0)
			return;
		p += k;
		n -= k;
		if (nl != NULL)
			out_end(0);
		else if (out.len - out.whole > OUT_CHUNK)
			/* A record too long for one write: out as it
			 * comes. */
			out_flush(out.len);
	}
}

void
cli_flush(void)
{
	out_flush(out.len);
}

void
cli_record_begin(void)
{
	if (capture != NULL)
		cap_mark(capture, SEG_BEGIN, 0);
	else
		out.depth++;
}

void
cli_record_end(unsigned solutions)
{
	if (capture != NULL)
		cap_mark(capture, SEG_END, solutions);
	else if (out.depth > 0 && --out.depth == 0)
		out_end(solutions);
}

void
cli_write_each(int on)
{
	out.each = on || isatty(STDOUT_FILENO);
}

uint64_t
cli_solutions_out(void)
{
	return out.sol_out;
}

int
cli_output_cut(void)
{
	return __atomic_load_n(&out.cut, __ATOMIC_RELAXED);
}

void
cli_out(const char *fmt, ...)
{
	va_list	 ap;
	char	 small[256], *p;
	int	 n;

	va_start(ap, fmt);
	if (capture != NULL) {
		cap_vprintf(capture, SEG_OUT, fmt, ap);
		va_end(ap);
		return;
	}
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		cli_write_error(errno);
		return;
	}
	if ((size_t)n < sizeof small) {
		out_put(small, (size_t)n);
		return;
	}
	if ((p = malloc((size_t)n + 1)) == NULL) {
		cli_write_error(ENOMEM);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	out_put(p, (size_t)n);
	free(p);
}

void
cli_putc(int ch)
{
	char	 c = (char)ch;

	cli_write(&c, 1);
}

void
cli_puts(const char *s)
{
	cli_write(s, strlen(s));
}

void
cli_write(const void *p, size_t n)
{
	if (capture != NULL)
		cap_append(capture, SEG_OUT, p, n);
	else
		out_put(p, n);
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

/* A new run of the given kind, ending where the text ends now. */
static int
cap_seg(struct cli_capture *c, int kind, unsigned sol)
{
	struct seg	*p;
	size_t		 cap;

	if (c->nsegs == c->capsegs) {
		cap = c->capsegs != 0 ? 2 * c->capsegs : 16;
		if ((p = realloc(c->segs, cap * sizeof *p)) == NULL) {
			c->failed = 1;
			return -1;
		}
		c->segs = p;
		c->capsegs = cap;
	}
	c->segs[c->nsegs].kind = kind;
	c->segs[c->nsegs].end = c->len;
	c->segs[c->nsegs].sol = sol;
	c->nsegs++;
	return 0;
}

/* Start a run for stream kind (SEG_OUT or SEG_ERR) unless the last run
 * is one. */
static int
cap_stream(struct cli_capture *c, int kind)
{
	if (c->nsegs > 0 && c->segs[c->nsegs - 1].kind == kind)
		return 0;
	return cap_seg(c, kind, 0);
}

static void
cap_mark(struct cli_capture *c, int kind, unsigned sol)
{
	(void)cap_seg(c, kind, sol);
}

static void
cap_append(struct cli_capture *c, int kind, const void *p, size_t n)
{
	if (n == 0 || cap_stream(c, kind) != 0 || cap_reserve(c, n) != 0)
		return;
	memcpy(c->buf + c->len, p, n);
	c->len += n;
	c->segs[c->nsegs - 1].end = c->len;
}

static void
cap_vprintf(struct cli_capture *c, int kind, const char *fmt, va_list ap)
{
	va_list	 aq;
	int	 n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0 || cap_stream(c, kind) != 0 ||
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

	/* Replayed as the calls came: the records keep their bounds. */
	for (k = 0; k < c->nsegs; k++) {
		switch (c->segs[k].kind) {
		case SEG_ERR:
			cli_flush();
			fwrite(c->buf + start, 1, c->segs[k].end - start,
			    stderr);
			break;
		case SEG_OUT:
			cli_write(c->buf + start, c->segs[k].end - start);
			break;
		case SEG_BEGIN:
			cli_record_begin();
			break;
		case SEG_END:
			cli_record_end(c->segs[k].sol);
			break;
		}
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
	int	 sig;

	/* Ours first, then what --help and --version wrote through stdio
	 * (only one of the two holds anything). */
	cli_flush();
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
	if ((sig = cli_interrupted()) == 0)
		return status;
	/* Output dropped at the very end, after the program's own report
	 * (the reader took nothing for OUT_GRACE after the signal): say
	 * that it stopped, with no count. */
	if (cli_output_cut() && !__atomic_load_n(&out.noted, __ATOMIC_RELAXED))
		cli_interrupt_note(NULL, NULL, NULL, sig);
	/* An interrupt outranks the answers so far, not a signal's status. */
	return status < 128 || status == CLI_EXIT_INTR ? 128 + sig : status;
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
	case CLI_OPT_MAX_NODES:
		o->max_nodes = cli_number("--max-nodes", arg, 1, UINT64_MAX);
		return 1;
	case CLI_OPT_MAX_UPDATES:
		o->max_updates = cli_number("--max-updates", arg, 1,
		    UINT64_MAX);
		return 1;
	case CLI_OPT_TIME_LIMIT:
		if (cli_parse_seconds(arg, &o->time_limit) != 0)
			cli_usage_error("--time-limit: '%s' is not a number "
			    "of seconds", arg);
		/* The whole run's clock, from now: reading the input is
		 * part of what a batch system's limit counts. */
		time_deadline = cli_now() + o->time_limit;
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
	rq->max_nodes = o->max_nodes;
	rq->max_updates = o->max_updates;
}

const char *
cli_budget_spent(const struct cli_search *o, int rc)
{
	if (rc == DLX_STOPPED && o->time_limit > 0 && cli_time_up() &&
	    !cli_interrupted() && !cli_write_failed())
		return "--time-limit";
	if (rc != DLX_INCOMPLETE)
		return NULL;
	if (o->max_nodes != 0 && o->max_updates != 0)
		return "--max-nodes or --max-updates";
	return o->max_nodes != 0 ? "--max-nodes" : "--max-updates";
}

const char *
cli_budget_key(const char *option)
{
	if (strcmp(option, "--time-limit") == 0)
		return "time";
	if (strcmp(option, "--max-nodes") == 0)
		return "nodes";
	if (strcmp(option, "--max-updates") == 0)
		return "updates";
	return "nodes or updates";
}

void
cli_budget_note(const char *where, const char *option, const char *count,
    const char *checkpoint)
{
	cli_diag("%s%sstopped by %s%s%s%s%s%s", where != NULL ? where : "",
	    where != NULL ? ": " : "", option, count != NULL ? ": " : "",
	    count != NULL ? count : "", count == NULL ? "" :
	    strcmp(count, "1") == 0 ? " solution so far (partial)" :
	    " solutions so far (partial)",
	    checkpoint != NULL ? "; resume with --resume=" : "",
	    checkpoint != NULL ? checkpoint : "");
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

	cli_flush();
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

	/* Atomic: threads answering puzzles side by side write it too (in
	 * their captures, which all go out). */
	__atomic_store_n(&out.noted, 1, __ATOMIC_RELAXED);
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
