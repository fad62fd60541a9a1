/*
 * cli.h: what the programs dlx and dlx-sudoku share, so that they behave
 * alike: the program's name, diagnostics and usage errors, one set of exit
 * statuses, one policy for write errors and closed pipes, the parsing of
 * numbers and sizes, the JSON string writer, the clock, the signals and
 * the throttle of progress lines.
 *
 * The policies, stated once (both man pages repeat them):
 *
 * - Exit statuses: CLI_EXIT_OK, CLI_EXIT_NONE (no solution, or with
 *   --unique not unique), CLI_EXIT_ERROR (usage, input, read or write
 *   error), 128 + the signal that stopped the run (130 for SIGINT, 143
 *   for SIGTERM, 129 for SIGHUP), and
 *   CLI_EXIT_PIPE (141, as a program killed by SIGPIPE) when standard
 *   output is a pipe whose reader went away.
 * - Writes to standard output go through cli_out() and its siblings,
 *   which write(2) whole records (lines, or what cli_record_begin() and
 *   cli_record_end() enclose), never half of one, waiting in poll() for a
 *   slow reader.  The first failure is remembered and every later write
 *   is skipped; the search callbacks see cli_stopped() and end the
 *   search.  At the end cli_exit() turns the failure into the status: a
 *   closed pipe (EPIPE) quietly, any other error with one message.
 * - SIGINT, SIGTERM and SIGHUP stop the run alike, in every mode: the
 *   first sets a flag that the search, the readers and the writers poll
 *   (reads are not restarted, so a program waiting for input stops too),
 *   and the status is 128 + the signal; a second signal kills at once.
 *   After the signal, output waits for the reader half a second at most:
 *   what it has not taken by then is dropped from a record boundary on,
 *   and cli_solutions_out() counts only the solutions written out, so
 *   the partial count is that of the solutions printed.  SIGPIPE is
 *   ignored: a closed pipe shows up as EPIPE from a write.
 *
 * This is program code: it prints and exits, which the library never does.
 */
#ifndef CLI_H
#define CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

#define CLI_EXIT_OK	0	/* answered (dlx: a solution was found) */
#define CLI_EXIT_NONE	1	/* no solution; with --unique, not unique */
#define CLI_EXIT_ERROR	2	/* usage, input, read or write error */
#define CLI_EXIT_BUDGET	3	/* --max-nodes, --max-updates or
				   --time-limit ran out: partial */
#define CLI_EXIT_INTR	130	/* interrupted: 128 + SIGINT */
#define CLI_EXIT_PIPE	141	/* stdout closed: 128 + SIGPIPE */

/* Updates between the search's progress calls: a few milliseconds of
 * search, so that Ctrl-C is honoured at once while the calls cost
 * nothing measurable. */
#define CLI_PROGRESS_UPDATES	((uint64_t)1 << 20)

#if defined(__GNUC__)
#define CLI_PRINTFLIKE(f, a)	__attribute__((__format__(__printf__, f, a)))
#define CLI_NORETURN		__attribute__((__noreturn__))
#else
#define CLI_PRINTFLIKE(f, a)
#define CLI_NORETURN
#endif

/* The program's name for messages: argv[0]'s last component, without
 * libtool's "lt-" prefix, or fallback if argv[0] is empty. */
extern const char	*cli_prog;

/* Set cli_prog from argv0, install the signal handlers. */
void	cli_init(const char *argv0, const char *fallback);

/* "PROG: message" on stderr, after flushing stdout. */
void	cli_diag(const char *fmt, ...) CLI_PRINTFLIKE(1, 2);
void	cli_vdiag(const char *fmt, va_list ap);

/* "PROG: message" and "Try 'PROG --help' ...", then exit 2. */
void	cli_usage_error(const char *fmt, ...) CLI_PRINTFLIKE(1, 2)
	    CLI_NORETURN;

/* After getopt_long() reported an unknown option or a missing argument
 * (with opterr set, it has printed its line): the hint, then exit 2. */
void	cli_bad_option(void) CLI_NORETURN;

/* --version: "PROG (PACKAGE) VERSION", then cli_exit_help(). */
void	cli_version(void) CLI_NORETURN;

/* Flush the text of --help or --version and exit 0 (or as cli_exit() says
 * after a write error). */
void	cli_exit_help(void) CLI_NORETURN;

/* ---- output: every write checked ------------------------------------ */

void	cli_out(const char *fmt, ...) CLI_PRINTFLIKE(1, 2);
void	cli_putc(int ch);
void	cli_puts(const char *s);
void	cli_write(const void *p, size_t n);

/*
 * A record of several lines (a solution printed on several lines, a
 * grid): what is written between the two calls is written out whole or
 * not at all, never cut at a line in between.  solutions: how many
 * solutions the record holds (1 for a solution printed), counted by
 * cli_solutions_out() once it is out.  Outside them each line is a
 * record of its own.
 */
void	cli_record_begin(void);
void	cli_record_end(unsigned solutions);

/* Write out what is buffered, the unfinished record's beginning too
 * (before a message on stderr, and at the end). */
void	cli_flush(void);

/* Write each record as soon as it ends (on: a search that saves
 * checkpoints, whose position must never be ahead of the output); off:
 * gather records into writes of up to PIPE_BUF bytes, as a pipe or a
 * file wants (a terminal is always written a record at a time). */
void	cli_write_each(int on);

/* The solutions of the records written out so far (cli_record_end()'s
 * counts): after a stop and a cli_flush(), the solutions printed. */
uint64_t cli_solutions_out(void);

/* Whether output was dropped after a stop signal (the reader took none
 * of it for half a second): from then on nothing more is written. */
int	cli_output_cut(void);

/* s as a JSON string literal, valid UTF-8 whatever s holds: a byte that
 * does not begin a valid UTF-8 sequence is written as the escape \udcXX
 * (XX its value), as Python's "surrogateescape" does, so that a file
 * name can be turned back into its bytes. */
void	cli_json_str(const char *s);

/* Note that a write to stdout failed with errno err (the first one
 * counts). */
void	cli_write_error(int err);

/* Whether a write has failed. */
int	cli_write_failed(void);

/* Whether the run should stop: interrupted, output failed, or the
 * --time-limit passed. */
int	cli_stopped(void);

/* Whether --time-limit has passed (its clock starts when the option is
 * read, so it bounds the whole run); 0 without one. */
int	cli_time_up(void);

/* Whether cli_time_up() has found the time limit passed (the clock not
 * read again): a run that ended before anything looked did not stop. */
int	cli_time_noticed(void);

/* The signal that stopped the run (SIGINT, SIGTERM or SIGHUP), or 0. */
int	cli_interrupted(void);

/* The exit status of a run stopped by that signal: 128 + it (130 if
 * none came). */
int	cli_intr_status(void);

/*
 * Flush and close stdout, then the exit status: status itself, or after a
 * write error CLI_EXIT_PIPE (a closed pipe, quietly) or CLI_EXIT_ERROR
 * (any other error, with a message); a stop signal overrides any status
 * below 128 (and CLI_EXIT_INTR) with 128 + the signal.  Output dropped
 * after the program's last message about the stop gets one more, without
 * a count: "PROG: interrupted[ by SIGTERM]".
 */
int	cli_exit(int status);

/*
 * Capture: while a thread has a capture begun, its cli_out() and
 * cli_diag() (and their siblings, cli_record_begin() and
 * cli_record_end() too) append to the capture instead of writing,
 * keeping the order of standard output and standard error; a
 * later cli_capture_emit() writes it all out in that order.  This lets
 * threads answer puzzles side by side while the output comes out as one
 * thread would write it.
 */
struct cli_capture;

/* A new empty capture, or NULL if out of memory. */
struct cli_capture *cli_capture_new(void);

/* Send this thread's output to c (NULL: back to the real streams). */
void	cli_capture_begin(struct cli_capture *c);

/* Write what c holds to stdout and stderr, in order, and empty it.
 * Returns -1 if c ran out of memory while capturing (what it has is
 * written). */
int	cli_capture_emit(struct cli_capture *c);

void	cli_capture_free(struct cli_capture *c);

/* ---- numbers and the options both programs take -------------------- */

/* A number for the option called name, from min to max; else a usage
 * error ("is not a positive number" when the range is 1 and up). */
uint64_t cli_number(const char *name, const char *arg, uint64_t min,
	    uint64_t max);

/* The search options of both programs: threads and the subproblem cache.
 * Their getopt values, and the entries for a struct option table. */
enum {
	CLI_OPT_NO_MEMO = 0x200,
	CLI_OPT_MEMO,
	CLI_OPT_MEMORY,
	CLI_OPT_COMPONENTS,
	CLI_OPT_NO_COMPONENTS,
	CLI_OPT_MAX_NODES,
	CLI_OPT_MAX_UPDATES,
	CLI_OPT_TIME_LIMIT
};
#define CLI_SEARCH_LONGOPTS \
	{ "threads",	required_argument,	NULL, 't' }, \
	{ "no-memo",	no_argument,		NULL, CLI_OPT_NO_MEMO }, \
	{ "memo",	no_argument,		NULL, CLI_OPT_MEMO }, \
	{ "memory",	required_argument,	NULL, CLI_OPT_MEMORY }, \
	{ "components",	optional_argument,	NULL, CLI_OPT_COMPONENTS }, \
	{ "no-components", no_argument,		NULL, CLI_OPT_NO_COMPONENTS }, \
	{ "max-nodes",	required_argument,	NULL, CLI_OPT_MAX_NODES }, \
	{ "max-updates", required_argument,	NULL, CLI_OPT_MAX_UPDATES }, \
	{ "time-limit",	required_argument,	NULL, CLI_OPT_TIME_LIMIT }

struct cli_search {
	unsigned	 threads;	/* -t N; 0: every CPU */
	int		 memo;		/* --memo: the cache from the start */
	int		 no_memo;	/* --no-memo: plain search */
	size_t		 memory;	/* --memory; 0: the library's
					   DLX_MEMORY_DEFAULT */
	int		 components;	/* --components=WHEN: DLX_COMP_* */
	uint64_t	 max_nodes;	/* --max-nodes; 0: none */
	uint64_t	 max_updates;	/* --max-updates; 0: none */
	double		 time_limit;	/* --time-limit seconds; 0: none */
};

/* Fill in rq's cache, memory, threads and budgets from o (the rest of
 * the request is the program's).  The time limit is not the request's:
 * cli_search_option() set the deadline that cli_time_up() reads, and the
 * programs' progress and visit callbacks stop on cli_stopped(). */
void	cli_request(const struct cli_search *o, struct dlx_request *rq);

/*
 * Say why dlx_run() refused a request (res->refused, the needs no engine
 * serves; bounds: the matrix has item bounds): "PROG: NAME: not
 * supported: item bounds with --checkpoint", naming the options.  visit
 * names the option that asks for solutions one at a time (-p, -a...).
 */
void	cli_refused(const char *name, unsigned refused, int bounds,
	    const char *visit);

/* The --stats lines of what ran: "engine: sparse", "threads: 2",
 * "drivers: position, checkpoint" (each line with prefix before it). */
void	cli_ran(const char *prefix, const struct dlx_result *res);

/* The --stats lines of component counting (none if no node was looked
 * at), each with prefix before it: through cli_diag() when diag, else
 * to stderr as they are. */
void	cli_components(int diag, const char *prefix,
	    const struct dlx_memo_stats *ms);

/* Take option ch if it is one of the search options above: 1, or a usage
 * error for a bad value; 0 if ch is another option. */
int	cli_search_option(struct cli_search *, int ch, const char *arg);


/* A decimal number from min to max into *v; -1 if arg is not one (signs,
 * spaces and suffixes included). */
int	cli_parse_uint(const char *arg, uint64_t min, uint64_t max,
	    uint64_t *v);

/* A size: a number with an optional suffix K, M, G or T (powers of 1024)
 * and an optional B; -1 if arg is not one, or 0, or too big. */
int	cli_parse_size(const char *arg, size_t *v);

/* Seconds, a decimal number in (0, 1e6]; -1 if arg is not one. */
int	cli_parse_seconds(const char *arg, double *v);

/* ---- time and progress ---------------------------------------------- */

/* Seconds on the monotonic clock. */
double	cli_now(void);

/*
 * Progress lines on stderr, at most one every `every` seconds: on a
 * terminal one line rewritten in place, elsewhere one line each.
 */
struct cli_progress {
	int	 on;		/* lines wanted */
	int	 tty;		/* stderr is a terminal */
	int	 shown;		/* a rewritable line is on the screen */
	double	 every;		/* seconds between lines */
	double	 start, last;	/* times */
};

/* Start: lines if on, every `every` seconds. */
void	cli_progress_start(struct cli_progress *p, int on, double every);

/* Whether a line is due now (then the caller calls cli_progress_line()). */
int	cli_progress_due(struct cli_progress *p);

/* Print "PROG: " and the line. */
void	cli_progress_line(struct cli_progress *p, const char *fmt, ...)
	    CLI_PRINTFLIKE(2, 3);

/* Clear the rewritable line, if one is showing. */
void	cli_progress_end(struct cli_progress *p);

/* Seconds since cli_progress_start(). */
double	cli_progress_elapsed(const struct cli_progress *p);

/*
 * The progress line of a search, the one format of both programs:
 * "PROG: [WHERE: ]S solutions so far, P% of the search tree, N nodes,
 * U updates, T s", P from Knuth's estimate `explored` (0 to 1; negative
 * where the search cannot tell, and the figure is left out).  where may
 * be NULL.
 */
void	cli_progress_search(struct cli_progress *p, const char *where,
	    uint64_t solutions, uint64_t nodes, uint64_t updates,
	    double explored);

/*
 * The message of a stopped search, the one form of both programs, on
 * stderr: "PROG: [WHERE: ]interrupted[ by SIGTERM]: COUNT solutions so
 * far (partial)[; resume with --resume=CHECKPOINT]".  signo is the
 * signal that stopped it (0 or SIGINT: an interrupt); count may be NULL
 * where no count is known, checkpoint NULL without one.
 */
void	cli_interrupt_note(const char *where, const char *count,
	    const char *checkpoint, int signo);

/*
 * Whether a search ended by a budget of the search options: rc
 * DLX_INCOMPLETE (--max-nodes, --max-updates), or DLX_STOPPED with the
 * time limit passed.  Returns the option's name, or NULL.
 */
const char *cli_budget_spent(const struct cli_search *o, int rc);

/*
 * The message of a search a budget stopped, the companion of
 * cli_interrupt_note(): "PROG: [WHERE: ]stopped by OPTION: COUNT
 * solutions so far (partial)[; resume with --resume=CHECKPOINT]".
 */
/* The name of the budget option in JSON records: "nodes", "updates",
 * "nodes or updates", "time". */
const char *cli_budget_key(const char *option);

void	cli_budget_note(const char *where, const char *option,
	    const char *count, const char *checkpoint);

#endif /* CLI_H */
